//! `rulebench check`: every problem of a rules file at once, each rendered as a located
//! diagnostic with the valid values and a "did you mean"; warnings for rules that cannot change
//! a move; `--resolved` prints rules that load back the same. The catalogue of broken files is
//! `tests/broken-rules/`; the rendered output of each is an insta snapshot.

use rulebench::check;
use rulebench::diagnostics::{Warning, render};
use std::path::Path;

/// The rendered report of `spec`, as `rulebench check` prints it (without the clean files'
/// description).
fn report(spec: &str) -> (String, usize, usize) {
    let checked = check(spec);
    let mut out = String::new();
    for e in &checked.errors {
        out.push_str(&render(e));
    }
    for w in &checked.warnings {
        out.push_str(&render(&Warning(w)));
    }
    (out, checked.errors.len(), checked.warnings.len())
}

/// The broken files, by name: those named `warning*`, `chess-warnings` and the redundant
/// overlay only warn.
fn catalogue() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/broken-rules");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".toml"))
        .collect();
    names.sort();
    names
}

#[test]
fn every_broken_file_is_reported_with_its_location() {
    let names = catalogue();
    assert!(names.len() >= 30, "only {} broken files", names.len());
    for name in names {
        let (spec, warns_only) = match name.as_str() {
            // An overlay is checked on top of the variant it changes.
            "redundant-overlay.toml" => (format!("russian+tests/broken-rules/{name}"), true),
            n if n.starts_with("overlay-") => (format!("russian+tests/broken-rules/{n}"), false),
            n => (format!("tests/broken-rules/{n}"), n.contains("warning")),
        };
        let (text, errors, warnings) = report(&spec);
        if warns_only {
            assert_eq!(errors, 0, "{spec}: {text}");
            assert!(warnings > 0, "{spec}: no warning");
        } else {
            assert!(errors > 0, "{spec}: no error");
        }
        // Every diagnostic names a file, a line and a column.
        assert!(text.contains(".toml:"), "{spec}: {text}");
        insta::assert_snapshot!(format!("check-{}", name.trim_end_matches(".toml")), text);
    }
}

/// The example: a misspelt king range and a misspelt criterion in one file are both
/// reported (with the rest of that file's problems), each with a "did you mean".
#[test]
fn several_errors_are_all_reported() {
    let checked = check("tests/broken-rules/several-errors.toml");
    let found: Vec<String> = checked.errors.iter().map(|e| e.message.clone()).collect();
    assert_eq!(checked.errors.len(), 4, "{found:?}");
    assert!(found.iter().any(|m| m.contains("`flyng`")));
    assert!(found.iter().any(|m| m.contains("`most-qeens`")));
    assert!(found.iter().any(|m| m.contains("`compulsary`")));
    let helps: Vec<String> = checked
        .errors
        .iter()
        .filter_map(|e| e.help.clone())
        .collect();
    assert!(helps.iter().any(|h| h.contains("did you mean `flying`")));
    assert!(
        helps
            .iter()
            .any(|h| h.contains("did you mean `compulsory`"))
    );
    // Schema errors and the checks after them, in one chess file.
    let checked = check("tests/broken-rules/chess-several-errors.toml");
    assert_eq!(checked.errors.len(), 4, "{:?}", checked.errors);
}

/// `--resolved` gives a file that loads back to the same rules, for every shipped file and
/// a few with house rules.
#[test]
fn resolved_rules_load_back_the_same() {
    let mut specs: Vec<String> = rulebench::rules::shipped_variants();
    specs.push("russian+no-compulsory-capture".into());
    specs.push("american+no-compulsory-capture".into());
    specs.push("tests/broken-rules/warning-only-at-end.toml".into());
    let dir = std::env::temp_dir().join(format!("rulebench-resolved-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for spec in specs {
        let checked = check(&spec);
        assert!(checked.errors.is_empty(), "{spec}: {:?}", checked.errors);
        let text = checked.resolved.expect("resolved");
        assert!(
            !text.contains("extends") && !text.contains("[overlay]"),
            "{text}"
        );
        let path = dir.join("resolved.toml");
        std::fs::write(&path, &text).unwrap();
        let original = rulebench::load::<rulebench::Variant>(&spec).unwrap();
        let again = rulebench::load::<rulebench::Variant>(&path.display().to_string()).unwrap();
        match (original, again) {
            (rulebench::Variant::Draughts(a), rulebench::Variant::Draughts(b)) => {
                assert_eq!(
                    draughts_rules(a.rules()),
                    draughts_rules(b.rules()),
                    "{spec}"
                );
            }
            (rulebench::Variant::WideDraughts(a), rulebench::Variant::WideDraughts(b)) => {
                assert_eq!(
                    draughts_rules(a.rules()),
                    draughts_rules(b.rules()),
                    "{spec}"
                );
            }
            (rulebench::Variant::Chess(a), rulebench::Variant::Chess(b)) => {
                assert_eq!(chess_rules(a.rules()), chess_rules(b.rules()), "{spec}");
                assert_eq!(a.start_position(), b.start_position(), "{spec}");
            }
            (rulebench::Variant::WideChess(a), rulebench::Variant::WideChess(b)) => {
                assert_eq!(chess_rules(a.rules()), chess_rules(b.rules()), "{spec}");
                assert_eq!(a.start_position(), b.start_position(), "{spec}");
            }
            _ => panic!("{spec}: the family changed"),
        }
    }
}

/// Exit status: 0 clean, 1 errors; warnings alone 0, or 1 with `--deny-warnings`.
#[test]
fn exit_status() {
    let status = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_rulebench"))
            .arg("check")
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap()
    };
    let clean = status(&["russian", "xiangqi"]);
    assert_eq!(clean.status.code(), Some(0));
    let out = String::from_utf8_lossy(&clean.stdout);
    assert!(out.contains("2 files: 0 errors, 0 warnings"), "{out}");
    let bad = status(&[
        "russian",
        "tests/broken-rules/unknown-value.toml",
        "tests/broken-rules/chess-unknown-atom.toml",
    ]);
    assert_eq!(bad.status.code(), Some(1));
    let out = String::from_utf8_lossy(&bad.stdout);
    assert!(out.contains("3 files: 2 errors, 0 warnings"), "{out}");
    let warn = status(&["tests/broken-rules/warning-only-at-end.toml"]);
    assert_eq!(warn.status.code(), Some(0));
    let deny = status(&[
        "tests/broken-rules/warning-only-at-end.toml",
        "--deny-warnings",
    ]);
    assert_eq!(deny.status.code(), Some(1));
    let resolved = status(&["american", "--resolved"]);
    let out = String::from_utf8_lossy(&resolved.stdout);
    assert!(
        out.contains("[capture]") && out.contains("family = \"draughts\""),
        "{out}"
    );
}

/// What a chess-family file says, where it was written aside.
/// A draughts variant's rules, where the file states the start position aside (the resolved
/// file is another file).
fn draughts_rules(r: &rulebench::draughts::Rules) -> String {
    let mut r = r.clone();
    r.start_at = (0, 0..0);
    format!("{r:?}")
}

fn chess_rules(r: &rulebench::chess::Rules) -> String {
    format!(
        "{:?}",
        (
            &r.id,
            &r.name,
            &r.source,
            &r.sides,
            &r.regions,
            &r.pieces,
            &r.game,
            &r.start_fen,
            &r.notations,
            &r.en_passant,
            &r.castling
        )
    )
}
