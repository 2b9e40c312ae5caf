//! Rules files are checked like source code: every bad file is rejected with the file, line
//! and column of the problem and the valid choices.

use crate::common;
use rulebench::LocatedError;
use rulebench::draughts::Rules;

use common::{assert_at, dir, write};

/// Loads `text` as a rules file and returns the error, which must exist.
fn error_of(test: &str, text: &str) -> (String, LocatedError) {
    let d = dir(test);
    let path = write(&d, "variant.toml", text);
    let e = rulebench::load::<rulebench::Variant>(&path).expect_err("the file must be rejected");
    (path, e)
}

const HEAD: &str = "schema = 1\nextends = \"russian\"\n[variant]\nsource = \"a test\"\n";

#[test]
fn unknown_key_names_the_valid_keys() {
    let (path, e) = error_of(
        "unknown-key",
        &format!("{HEAD}[king]\nrnage = \"flying\"\n"),
    );
    assert_at(&e, &path, 6, 1, &["unknown key `rnage`", "range"]);
}

#[test]
fn unknown_section() {
    let (path, e) = error_of("unknown-section", &format!("{HEAD}[queen]\nrange = 1\n"));
    assert_at(&e, &path, 5, 2, &["unknown key `queen`", "king"]);
}

#[test]
fn bad_value_names_the_valid_values() {
    let (path, e) = error_of("bad-value", &format!("{HEAD}[king]\nrange = \"flyng\"\n"));
    assert_at(&e, &path, 6, 9, &["flyng", "short", "flying"]);
    let (path, e) = error_of(
        "bad-criterion",
        &format!("{HEAD}[capture]\nprecedence = [\"most-pieces\", \"most-queens\"]\n"),
    );
    assert_at(
        &e,
        &path,
        6,
        30,
        &["most-queens", "most-kings", "king-taken-earliest"],
    );
}

#[test]
fn bad_type() {
    let (path, e) = error_of("bad-type", &format!("{HEAD}[board]\ncolumns = \"eight\"\n"));
    assert_at(&e, &path, 6, 11, &["eight"]);
}

#[test]
fn extends_cycle() {
    let d = dir("cycle");
    let a = write(
        &d,
        "a.toml",
        "schema = 1\nextends = \"b.toml\"\n[variant]\nsource = \"a\"\n",
    );
    write(
        &d,
        "b.toml",
        "schema = 1\nextends = \"a.toml\"\n[variant]\nsource = \"b\"\n",
    );
    let e = rulebench::load::<Rules>(&a).unwrap_err();
    let b = d.join("b.toml").display().to_string();
    assert_at(&e, &b, 2, 12, &["cycle", "a.toml"]);
}

#[test]
fn extends_itself() {
    let d = dir("self");
    let a = write(
        &d,
        "a.toml",
        "schema = 1\n\nextends = \"a.toml\"\n[variant]\nsource = \"a\"\n",
    );
    let e = rulebench::load::<Rules>(&a).unwrap_err();
    assert_at(&e, &a, 3, 12, &["cycle"]);
}

#[test]
fn unknown_parent_lists_the_shipped_variants() {
    let (path, e) = error_of(
        "unknown-parent",
        "schema = 1\nextends = \"rusian\"\n[variant]\nsource = \"x\"\n",
    );
    assert_at(
        &e,
        &path,
        2,
        12,
        &["unknown variant `rusian`", "russian", "international"],
    );
    let (path, e) = error_of(
        "missing-parent-file",
        "schema = 1\nextends = \"nowhere/x.toml\"\n[variant]\nsource = \"x\"\n",
    );
    assert_at(&e, &path, 2, 12, &["cannot read"]);
}

#[test]
fn start_position_on_an_unplayable_square() {
    // a2 is a light square when a1 is dark.
    let (path, e) = error_of(
        "unplayable",
        &format!("{HEAD}[setup]\nfen = \"W:Wa2,c1:Bb8\"\n"),
    );
    assert_at(&e, &path, 6, 11, &["a2", "light square"]);
    let (path, e) = error_of(
        "off-board",
        &format!("{HEAD}[setup]\nfen = \"W:W21-33:B1-12\"\n"),
    );
    assert_at(&e, &path, 6, 11, &["33", "1-32"]);
}

#[test]
fn inconsistent_combinations() {
    let (path, e) = error_of("rows", &format!("{HEAD}[setup]\nrows_of_men = 5\n"));
    assert_at(&e, &path, 6, 15, &["5 rows", "1 to 4"]);
    let (path, e) = error_of(
        "twice",
        &format!(
            "{HEAD}[capture]\nprecedence = [\"most-pieces\", \"most-kings\", \"most-pieces\"]\n"
        ),
    );
    assert_at(&e, &path, 6, 44, &["twice"]);
    let (path, e) = error_of("counter", &format!("{HEAD}[draw]\nreset_by = []\n"));
    assert_at(&e, &path, 6, 12, &["nothing resets", "capture"]);
    let (path, e) = error_of("odd", &format!("{HEAD}[board]\ncolumns = 9\n"));
    assert_at(&e, &path, 6, 11, &["even number of columns"]);
    let (path, e) = error_of(
        "large",
        &format!("{HEAD}[board]\ncolumns = 16\nrows = 16\n"),
    );
    assert_at(&e, &path, 7, 8, &["16x16", "128 bits"]);
    let (path, e) = error_of("crowned", &format!("{HEAD}[setup]\nfen = \"W:W1,29:B5\"\n"));
    assert_at(&e, &path, 6, 7, &["promotion row"]);
    let (path, e) = error_of("stuck", &format!("{HEAD}[setup]\nfen = \"W:W29:B25,22\"\n"));
    assert_at(&e, &path, 6, 7, &["no legal move"]);
    let (path, e) = error_of(
        "separator",
        &format!("{HEAD}[notation]\ncapture_separator = \"7\"\n"),
    );
    assert_at(&e, &path, 6, 21, &["cannot separate"]);
}

#[test]
fn house_rule_on_the_wrong_board() {
    let e = rulebench::load::<Rules>("international+no-compulsory-capture").unwrap_err();
    assert_at(
        &e,
        "rules/house/no-compulsory-capture.toml",
        12,
        10,
        &["8x8", "10x10"],
    );
    let e = rulebench::load::<Rules>("no-compulsory-capture").unwrap_err();
    assert!(e.to_string().contains("house rule, not a variant"), "{e}");
    let e = rulebench::load::<Rules>("russian+international").unwrap_err();
    assert!(
        e.to_string().contains("is a variant, not a house rule"),
        "{e}"
    );
    let e = rulebench::load::<Rules>("russian+no-such-rule").unwrap_err();
    assert_at(
        &e,
        "<rules>",
        1,
        9,
        &["unknown house rule", "no-compulsory-capture"],
    );
}

#[test]
fn schema_version_is_required_and_checked() {
    let (path, e) = error_of(
        "no-schema",
        "extends = \"russian\"\n[variant]\nsource = \"x\"\n",
    );
    assert_at(&e, &path, 1, 1, &["missing `schema`", "schema = 1"]);
    let (path, e) = error_of("schema-2", "schema = 2\nextends = \"russian\"\n");
    assert_at(&e, &path, 1, 10, &["schema 2", "schema = 1"]);
}

#[test]
fn a_root_file_must_state_every_rule() {
    let (path, e) = error_of(
        "missing",
        "schema = 1\nfamily = \"draughts\"\n[variant]\nsource = \"x\"\n[board]\ncolumns = 8\nrows = 8\nplayable_corner = \"lower-left\"\n",
    );
    assert_at(&e, &path, 1, 1, &["missing `[setup] first_to_move`"]);
    let (path, e) = error_of(
        "no-family",
        "schema = 1\n[variant]\nsource = \"x\"\n[board]\ncolumns = 8\n",
    );
    assert_at(&e, &path, 1, 1, &["missing `family`", "draughts", "chess"]);
    let (path, e) = error_of(
        "bad-family",
        "schema = 1\nfamily = \"checkers\"\n[variant]\nsource = \"x\"\n",
    );
    assert_at(&e, &path, 2, 10, &["checkers", "draughts", "chess"]);
}

#[test]
fn a_child_states_only_the_difference() {
    let d = dir("child");
    let path = write(
        &d,
        "frisky.toml",
        "schema = 1\nextends = \"russian\"\n[variant]\nname = \"Russian with short kings\"\nsource = \"a test\"\n[king]\nrange = \"short\"\n",
    );
    let r = rulebench::load::<Rules>(&path).unwrap();
    assert_eq!(r.id, "frisky");
    assert_eq!(r.king_range, rulebench::draughts::schema::KingRange::Short);
    assert!(r.men_capture_backward, "inherited from russian");
    assert_eq!(r.aliases, Vec::<String>::new(), "identity is not inherited");
    // A house rule can be named in `extends` too.
    let path = write(
        &d,
        "free.toml",
        "schema = 1\nextends = \"czech+no-compulsory-capture\"\n[variant]\nsource = \"a test\"\n",
    );
    let r = rulebench::load::<Rules>(&path).unwrap();
    assert!(!r.compulsory_capture);
}

#[test]
fn every_shipped_file_loads_and_states_its_source() {
    for id in rulebench::rules::shipped_of(rulebench::rules::Family::Draughts) {
        let r = rulebench::load::<Rules>(&id).unwrap();
        assert!(!r.source.is_empty(), "{id}");
        assert_eq!(r.id, id);
    }
    // Aliases resolve to the same rules.
    assert_eq!(rulebench::load::<Rules>("english").unwrap().id, "american");
}

/// Every shipped file's `source`, and the README's table of variants, name something a reader
/// can look up (a rule book, a federation, an engine's test file, a URL), never this project's
/// own issue tracker.
#[test]
fn sources_name_what_a_reader_can_look_up() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut checked = 0;
    for entry in std::fs::read_dir(root.join("rules")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "toml") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for line in text
            .lines()
            .filter(|l| l.trim_start().starts_with("source"))
        {
            let lower = line.to_lowercase();
            assert!(
                !lower.contains("rulebench issue") && !lower.contains("variants issue"),
                "{}: {line}",
                path.display()
            );
        }
        checked += 1;
    }
    assert!(checked > 20, "only {checked} rules files found");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    for line in readme.lines().filter(|l| l.starts_with("| `")) {
        assert!(!line.contains("variants issue"), "README: {line}");
    }
}
