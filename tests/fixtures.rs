//! Runs every rule-edge fixture in `fixtures/` (positions with their exact legal moves, worked
//! out by hand from the rules of docs/games/), and checks that the runner itself can fail.

use rulebench::fixtures::{Case, Runner};
use std::path::Path;

#[test]
fn every_fixture_passes() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let results = Runner::new().run_path(&dir);
    let failed: Vec<String> = results
        .iter()
        .filter(|r| !r.passed())
        .map(|r| {
            format!(
                "{} ({}):\n  {}",
                r.id,
                r.file.display(),
                r.failures.join("\n  ")
            )
        })
        .collect();
    assert!(
        failed.is_empty(),
        "{} fixtures failed:\n{}",
        failed.len(),
        failed.join("\n")
    );
    assert!(results.len() >= 60, "only {} fixtures", results.len());
}

fn case(moves: &[&str]) -> Case {
    Case {
        id: "probe".into(),
        rules: "american".into(),
        // White f2 (27) must take e3 (23), landing on d4 (18).
        fen: "W:W27:B23".into(),
        description: "runner self-test".into(),
        rule: "docs/games/draughts.md#captures: compulsory capture".into(),
        moves: Some(moves.iter().map(|s| s.to_string()).collect()),
        ..Case::default()
    }
}

#[test]
fn the_runner_reports_missing_and_extra_moves() {
    let mut runner = Runner::new();
    let ok = runner.run_case(Path::new("probe.toml"), &case(&["27x18"]));
    assert!(ok.passed(), "{:?}", ok.failures);
    let bad = runner.run_case(Path::new("probe.toml"), &case(&["27-24"]));
    assert_eq!(bad.failures, ["moves missing: 27-24", "moves extra: 27x18"]);
    let mut wrong = case(&["27x18"]);
    wrong.perft_unique = Some(vec![2]);
    wrong.outcome = Some("draw".into());
    let r = runner.run_case(Path::new("probe.toml"), &wrong);
    assert_eq!(r.failures.len(), 2, "{:?}", r.failures);
    assert!(r.failures[0].contains("expected 2, got 1"));
    assert!(r.failures[1].contains("expected draw, got ongoing"));
    let mut empty = case(&[]);
    empty.moves = None;
    let r = runner.run_case(Path::new("probe.toml"), &empty);
    assert!(r.failures[0].contains("nothing to check"));
}

/// The chess family through the same runner: at least 30 Xiangqi cases, and a wrong move list,
/// outcome or reason is reported.
#[test]
fn the_runner_checks_chess_fixtures() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/xiangqi");
    let results = Runner::new().run_path(&dir);
    assert!(
        results.len() >= 30,
        "only {} Xiangqi fixtures",
        results.len()
    );
    assert!(results.iter().all(|r| r.passed()));
    let mut runner = Runner::new();
    // Red general e1 alone against black d10: it may step to d1, f1, e2; d1 faces d10.
    let mut case = Case {
        id: "probe".into(),
        rules: "xiangqi".into(),
        fen: "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1".into(),
        description: "runner self-test".into(),
        rule: "docs/games/xiangqi.md#check-and-the-facing-generals".into(),
        moves: Some(vec!["e1f1".into(), "e1e2".into()]),
        outcome: Some("draw".into()),
        reason: Some("insufficient material".into()),
        ..Case::default()
    };
    let ok = runner.run_case(Path::new("probe.toml"), &case);
    assert!(ok.passed(), "{:?}", ok.failures);
    case.moves = Some(vec!["e1d1".into(), "e1e2".into()]);
    case.reason = Some("stalemate".into());
    case.outcome = Some("white-wins".into());
    let bad = runner.run_case(Path::new("probe.toml"), &case);
    assert_eq!(bad.failures.len(), 4, "{:?}", bad.failures);
    assert_eq!(bad.failures[0], "moves missing: e1d1");
    assert_eq!(bad.failures[1], "moves extra: e1f1");
    assert!(bad.failures[2].contains("not one of ongoing, draw, red-wins, black-wins"));
    assert!(bad.failures[3].contains("expected `stalemate`"));
}
