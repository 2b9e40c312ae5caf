//! The tools for the three users, run through the binary: `table` in each format, `diff` of a
//! rule change, `explain` of every shipped file, `report`, completions and man pages. Counts
//! asserted here come from `tests/reference/perft/`; the rendered outputs are snapshots,
//! reviewed once by hand.

use std::path::Path;
use std::process::Command;

/// Runs `rulebench ARGS` in `dir`: (exit code, stdout, stderr).
fn run_in(dir: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_rulebench"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the binary runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn ok(args: &[&str]) -> String {
    let (code, out, err) = run_in(Path::new(env!("CARGO_MANIFEST_DIR")), args);
    assert_eq!(code, Some(0), "rulebench {args:?} failed: {err}");
    out
}

/// A scratch folder of this test binary, emptied.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `rules/russian.toml` with one rule changed: a man crowned mid-capture ends its move.
fn russian_ends_move(dir: &Path) -> std::path::PathBuf {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/russian.toml"))
            .unwrap();
    let changed = text.replace(
        "during_capture = \"continue-as-king\"",
        "during_capture = \"ends-move\"",
    );
    assert_ne!(text, changed, "rules/russian.toml crowns mid-capture");
    let path = dir.join("russian-ends-move.toml");
    std::fs::write(&path, changed).unwrap();
    path
}

#[test]
fn table_in_each_format() {
    // Published (tests/reference/perft): russian 7, 49, 302, 1469; american 7, 49, 302, 1469;
    // xiangqi 44, 1920, 79666.
    let md = ok(&[
        "table", "russian", "american", "--depth", "4", "--format", "md",
    ]);
    assert!(md.contains("| 4 | 1469 | 1469 |"), "{md}");
    insta::assert_snapshot!("table-md", md);
    let csv = ok(&[
        "table", "russian", "american", "--depth", "4", "--format", "csv",
    ]);
    assert!(csv.lines().any(|l| l == "4,1469,1469"), "{csv}");
    insta::assert_snapshot!("table-csv", csv);
    let json = ok(&["table", "xiangqi", "--depth", "3", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let counts: Vec<u64> = v["variants"][0]["perft"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["unique"].as_u64().unwrap())
        .collect();
    assert_eq!(counts, [44, 1920, 79666], "{json}");
    insta::assert_snapshot!("table-json", json);
    // Both conventions, and a reference table checked depth by depth.
    let both = ok(&[
        "table",
        "russian",
        "--depth",
        "8",
        "--count",
        "both",
        "--check",
        "tests/reference/perft/russian.toml",
    ]);
    assert!(both.contains("929899") && both.contains("929905"), "{both}");
    insta::assert_snapshot!("table-both-checked", both);
}

#[test]
fn table_marks_a_count_that_disagrees() {
    let dir = scratch("table-wrong");
    let reference = dir.join("wrong.toml");
    std::fs::write(
        &reference,
        "variant = \"russian\"\nposition = \"start\"\nsource = \"a wrong copy\"\nunique = [7, 49, 303]\n",
    )
    .unwrap();
    let (code, out, err) = run_in(
        Path::new(env!("CARGO_MANIFEST_DIR")),
        &[
            "table",
            "russian",
            "--depth",
            "3",
            "--check",
            reference.to_str().unwrap(),
        ],
    );
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(err.contains("disagree"), "{err}");
    assert!(
        out.lines()
            .any(|l| l.starts_with("| 3 ") && l.contains("302")),
        "{out}"
    );
}

#[test]
fn diff_of_a_rule_change() {
    let dir = scratch("diff");
    russian_ends_move(&dir);
    let (code, out, err) = run_in(
        &dir,
        &["diff", "russian", "russian-ends-move.toml", "--depth", "9"],
    );
    assert_eq!(code, Some(0), "{err}");
    // Russian perft 8 is 929,899 (tests/reference/perft/russian.toml); the counts agree before.
    assert!(out.contains("929899"), "{out}");
    assert!(out.contains("promotion.during_capture: \"continue-as-king\" -> \"ends-move\""));
    // Worked by hand from docs/games/draughts.md#russian: after 1.a3-b4 b6-c5 2.e3-d4 c5:e3 3.d2:f4 f6-g5 4.c1-d2
    // the black man on g5 takes f4 and d2 and lands on c1, White's back row. Crowned and going
    // on as a flying king (Russian) it takes b2 (landing a3) and b4 (landing c5, d6 being
    // black): g5:c5. In the copy the move ends on c1: g5:c1. Every other position at ply 7
    // allows the same moves under both, so the counts part only at perft 8.
    assert!(out.contains("only russian: g5:c5"), "{out}");
    assert!(out.contains("only russian-ends-move.toml: g5:c1"), "{out}");
    assert!(
        out.contains("after a3-b4 b6-c5 e3-d4 c5:e3 d2:f4 f6-g5 c1-d2"),
        "{out}"
    );
    insta::assert_snapshot!("diff-russian-ends-move", out);
    let (_, json, _) = run_in(
        &dir,
        &[
            "diff",
            "russian",
            "russian-ends-move.toml",
            "--depth",
            "9",
            "--json",
        ],
    );
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["first_differing_depth"], 8);
    assert_eq!(v["ply"], 7);
}

#[test]
fn diff_of_identical_rules_finds_nothing() {
    let out = ok(&["diff", "xiangqi", "xiangqi", "--depth", "3"]);
    assert!(out.contains("rule keys: none differ"), "{out}");
    assert!(out.contains("79666"), "{out}");
    assert!(!out.contains("only xiangqi"), "{out}");
}

#[test]
fn diff_refuses_two_families() {
    let (code, _, err) = run_in(
        Path::new(env!("CARGO_MANIFEST_DIR")),
        &["diff", "russian", "xiangqi"],
    );
    assert_eq!(code, Some(1));
    assert!(err.contains("different families or boards"), "{err}");
}

/// Every shipped variant file, and the house rule on a variant, in plain sentences.
#[test]
fn explain_every_shipped_file() {
    let mut specs: Vec<String> = rulebench::rules::shipped_of(rulebench::rules::Family::Draughts);
    specs.extend(rulebench::rules::shipped_of(
        rulebench::rules::Family::Chess,
    ));
    assert!(specs.len() >= 9);
    for house in rulebench::rules::shipped_house_rules() {
        specs.push(format!("russian+{house}"));
    }
    for spec in &specs {
        let text = ok(&["explain", spec]);
        insta::assert_snapshot!(format!("explain-{spec}"), text);
    }
}

/// What `explain` says follows the data: one key changed changes one sentence.
#[test]
fn explain_follows_the_data() {
    let plain = ok(&["explain", "russian", "--width", "0"]);
    let house = ok(&["explain", "russian+no-compulsory-capture", "--width", "0"]);
    let changed: Vec<(&str, &str)> = plain
        .lines()
        .zip(house.lines())
        .filter(|(a, b)| a != b)
        .collect();
    // The title line names the spec; the capture sentence is the other change.
    assert_eq!(changed.len(), 2, "{changed:?}");
    assert!(
        changed[1].1.starts_with("Capturing is not compulsory"),
        "{changed:?}"
    );
    let dir = scratch("explain");
    let file = russian_ends_move(&dir);
    let ends = ok(&["explain", file.to_str().unwrap(), "--width", "0"]);
    assert!(ends.contains("its move ends there"), "{ends}");
    assert!(!plain.contains("its move ends there"));
}

#[test]
fn report_page() {
    let dir = scratch("report");
    russian_ends_move(&dir);
    let root = env!("CARGO_MANIFEST_DIR");
    let (code, out, err) = run_in(
        &dir,
        &[
            "report",
            &format!("{root}/fixtures/xiangqi"),
            &format!("{root}/fixtures/italian"),
            "--out",
            "page",
            "--table",
            "russian",
            "--table",
            "xiangqi",
            "--table-max-nodes",
            "100000",
            "--diff",
            "russian,russian-ends-move.toml",
        ],
    );
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("0 failed"), "{out}");
    let html = std::fs::read_to_string(dir.join("page/index.html")).unwrap();
    for needle in ["<svg", "929899", "g5:c5", "g5:c1", "79666"] {
        assert!(html.contains(needle), "the page lacks {needle}");
    }
    assert!(!html.contains("http://") || html.contains("xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(!html.contains("<script"), "no scripts");
}

#[test]
fn completions_and_man_pages() {
    for shell in ["bash", "zsh", "fish"] {
        let script = ok(&["completions", shell]);
        assert!(
            script.contains("crosscheck") && script.contains("explain"),
            "{shell}"
        );
    }
    let dir = scratch("man");
    ok(&["man", dir.to_str().unwrap()]);
    let page = std::fs::read_to_string(dir.join("rulebench.1")).unwrap();
    assert!(page.contains(".TH rulebench"), "{page}");
    let diff = std::fs::read_to_string(dir.join("rulebench-diff.1")).unwrap();
    assert!(diff.contains("max\\-positions"), "{diff}");
}

/// Two rule sets whose starts differ (Pool's black moves first) are compared from one FEN.
#[test]
fn diff_from_a_given_position() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (code, _, err) = run_in(root, &["diff", "russian", "pool", "--depth", "3"]);
    assert_eq!(code, Some(1));
    assert!(
        err.contains("start from different positions") && err.contains("--fen"),
        "{err}"
    );
    // Russian and Pool differ only mid-capture at the far row: their published tables agree
    // to perft 7 (tests/reference/perft/), so nothing differs to depth 5.
    let out = ok(&[
        "diff",
        "russian",
        "pool",
        "--fen",
        "W:W21-32:B1-12",
        "--depth",
        "5",
    ]);
    assert!(out.contains("promotion.during_capture: \"continue-as-king\" -> \"only-at-end\""));
    assert!(out.contains("7482"), "{out}");
    assert!(
        out.contains("no position to ply 4 where the legal moves differ"),
        "{out}"
    );
}
