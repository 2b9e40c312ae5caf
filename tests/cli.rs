//! The command line, run as a user runs it: every verb for both families, the JSON shapes,
//! located errors and exit statuses.

use std::process::Command;

/// Runs `rulebench ARGS`: (success, stdout, stderr).
fn run(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_rulebench"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn ok(args: &[&str]) -> String {
    let (success, out, err) = run(args);
    assert!(success, "rulebench {args:?} failed: {err}");
    out
}

#[test]
fn perft_both_families() {
    // Published: russian perft 6 = 37,986; xiangqi perft 3 = 79,666.
    assert_eq!(ok(&["perft", "russian", "--depth", "6"]).trim(), "37986");
    assert_eq!(
        ok(&[
            "perft",
            "xiangqi",
            "--depth",
            "3",
            "--threads",
            "2",
            "--hash",
            "4"
        ])
        .trim(),
        "79666"
    );
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["perft", "minixiangqi", "--depth", "3", "--json"])).unwrap();
    assert_eq!(json["nodes"], 6664);
    assert_eq!(json["family"], "chess");
    assert_eq!(json["count"], "unique");
    assert!(json["fen"].as_str().unwrap().starts_with("rcnkncr/"));
}

#[test]
fn divide_both_families() {
    let out = ok(&["divide", "xiangqi", "--depth", "2"]);
    assert!(out.contains("h3e3: "), "{out}");
    assert!(out.trim_end().ends_with("Nodes searched: 1920"), "{out}");
    assert_eq!(
        out.lines()
            .filter(|l| l.contains(": ") && !l.starts_with("Nodes"))
            .count(),
        44
    );
    let out = ok(&["divide", "american", "--depth", "3"]);
    assert!(out.trim_end().ends_with("Nodes searched: 302"), "{out}");
}

#[test]
fn moves_both_families_with_json() {
    let out = ok(&["moves", "xiangqi", "--notation", "wxf"]);
    assert!(out.lines().any(|l| l == "C2.5"), "{out}");
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["moves", "xiangqi", "--json"])).unwrap();
    let list = json.as_array().unwrap();
    assert_eq!(list.len(), 44);
    for m in list {
        for key in ["notation", "from", "to", "captured", "gives_check"] {
            assert!(m.get(key).is_some(), "{key} missing in {m}");
        }
    }
    // After h3e3 and h10g8, the cannon on e3 takes e7 over the e4 screen: no check (nothing
    // between e7 and the general on e10 to serve as a screen).
    let json: serde_json::Value = serde_json::from_str(&ok(&[
        "moves",
        "xiangqi",
        "--moves",
        "h3e3 h10g8",
        "--json",
    ]))
    .unwrap();
    let find = |json: &serde_json::Value, m: &str| {
        json.as_array()
            .unwrap()
            .iter()
            .find(|x| x["notation"] == m)
            .cloned()
            .expect(m)
    };
    let take = find(&json, "e3e7");
    assert_eq!(take["captured"], "e7");
    assert_eq!(take["captured_piece"], "soldier");
    assert_eq!(take["gives_check"], false);
    // A chariot to the open d-file checks the general on d10.
    let json: serde_json::Value = serde_json::from_str(&ok(&[
        "moves",
        "xiangqi",
        "--fen",
        "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1",
        "--json",
    ]))
    .unwrap();
    assert_eq!(find(&json, "a1d1")["gives_check"], true);
    assert_eq!(find(&json, "a1d1")["captured"], serde_json::Value::Null);
    let json: serde_json::Value = serde_json::from_str(&ok(&[
        "moves",
        "russian",
        "--fen",
        "W:Wc3:Bd4,f6",
        "--json",
    ]))
    .unwrap();
    assert_eq!(json[0]["notation"], "c3:g7");
}

#[test]
fn outcome_of_a_game() {
    assert_eq!(ok(&["outcome", "xiangqi"]).trim(), "ongoing");
    // Two chariots against a bare general: a1a10 mates (d9 is covered from b9, e10 faces
    // the red general).
    let mate = "3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 0 1";
    let out = ok(&["outcome", "xiangqi", "--fen", mate, "--moves", "a1a10"]);
    assert!(out.starts_with("red wins: checkmate"), "{out}");
    // With the chariot on a9 and no check, black has no move: stalemate loses.
    let stalemate = "3k5/9/9/9/9/9/9/9/R8/R3K4 w - - 0 1";
    let out = ok(&["outcome", "xiangqi", "--fen", stalemate, "--moves", "a2a9"]);
    assert!(out.starts_with("red wins: stalemate"), "{out}");
    // A move after the end is a located error.
    let (success, _, err) = run(&[
        "outcome",
        "xiangqi",
        "--fen",
        mate,
        "--moves",
        "a1a10 d10d9",
    ]);
    assert!(!success);
    assert!(err.contains("the game is over before move 2"), "{err}");
    // An illegal move: located, with the legal moves.
    let (success, _, err) = run(&["outcome", "xiangqi", "--moves", "h3e3 h10h8"]);
    assert!(!success);
    assert!(
        err.contains("--moves:1:6") && err.contains("not a legal move"),
        "{err}"
    );
    assert_eq!(
        ok(&["outcome", "american", "--fen", "W:W27:B"]).trim(),
        "white wins: black has no pieces left"
    );
}

#[test]
fn check_list_and_fixtures() {
    let out = ok(&["check", "xiangqi"]);
    assert!(out.starts_with("ok: xiangqi"), "{out}");
    assert!(out.contains("44 legal moves"), "{out}");
    let out = ok(&["check", "brazilian"]);
    assert!(out.contains("7 legal moves"), "{out}");
    let out = ok(&["list"]);
    for line in [
        "xiangqi\tchess",
        "russian\tdraughts",
        "+no-compulsory-capture",
    ] {
        assert!(out.contains(line), "{line} in {out}");
    }
    let out = ok(&["fixtures", "fixtures/xiangqi", "fixtures/common/fen.toml"]);
    assert!(out.trim_end().ends_with("0 failed"), "{out}");
}

#[test]
fn errors_are_located_and_fail() {
    let (success, _, err) = run(&["perft", "xiangqi", "--depth", "2", "--fen", "rnbakabnr/9 w"]);
    assert!(!success);
    assert!(err.contains("FEN:1:1") && err.contains("2 ranks"), "{err}");
    let (success, _, err) = run(&["perft", "xiangqui", "--depth", "2"]);
    assert!(!success);
    assert!(
        err.contains("unknown variant `xiangqui`") && err.contains("xiangqi"),
        "{err}"
    );
    let (success, _, err) = run(&["moves", "xiangqi", "--notation", "pdn"]);
    assert!(!success);
    assert!(err.contains("coordinates, ucci, wxf"), "{err}");
}

/// Every verb on every shipped file of the chess family, from its start: perft (threads, hash,
/// statistics), divide, moves, outcome, show, table and diff agree with the published first
/// two depths of `tests/reference/perft/<id>.toml`.
#[test]
fn every_verb_on_every_shipped_chess_file() {
    for id in rulebench::rules::shipped_of(rulebench::rules::Family::Chess) {
        let reference = crate::common::case_reference(&id);
        let start = reference.case.iter().find(|c| c.id == "start").unwrap();
        let (d1, d2) = (start.perft[0].to_string(), start.perft[1].to_string());
        let id = id.as_str();
        let perft = ok(&["perft", id, "--depth", "2", "--threads", "2", "--hash", "4"]);
        assert_eq!(perft.trim(), d2, "{id} perft");
        let stats: serde_json::Value =
            serde_json::from_str(&ok(&["perft", id, "--depth", "2", "--stats", "--json"])).unwrap();
        assert_eq!(
            stats["stats"]["nodes"].to_string(),
            d2,
            "{id} perft --stats"
        );
        let divide = ok(&["divide", id, "--depth", "2"]);
        assert!(
            divide
                .trim_end()
                .ends_with(&format!("Nodes searched: {d2}")),
            "{id} divide: {divide}"
        );
        let moves = ok(&["moves", id]);
        assert_eq!(moves.lines().count().to_string(), d1, "{id} moves");
        assert_eq!(ok(&["outcome", id]).trim(), "ongoing", "{id} outcome");
        assert!(!ok(&["show", id]).is_empty(), "{id} show");
        let table = ok(&["table", id, "--depth", "2"]);
        assert!(
            table.replace(',', "").contains(&format!("| 2 | {d2} |")),
            "{id} table: {table}"
        );
        let (same, diff, err) = run(&["diff", id, id, "--depth", "2"]);
        assert!(same, "{id} diff with itself: {diff}{err}");
    }
}
