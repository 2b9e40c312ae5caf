//! `rulebench uci` and `rulebench perftree`: the protocols other tools drive engines with. A
//! scripted UCI session counts published figures in three variants of both families; bad
//! commands are told on `info string` lines and the session goes on; this project's own
//! `crosscheck`, which drives UCI engines, drives `rulebench uci` (choosing `UCI_Variant` from
//! the options it announces); the divide after moves equals Debian's Stockfish's (gated on its
//! binary); `perftree` answers the perftree script contract.
//!
//! Expected counts: Xiangqi perft 3 = 79,666 (chessprogramming.org, Chinese Chess Perft
//! Results); Russian unique perft 6 = 37,986 (dctl's initial-position test, citing shashki.com);
//! chess perft 3 = 8,902 and Kiwipete perft 2 = 2,039 (chessprogramming.org Perft Results,
//! positions 1 and 2); all in `tests/reference/perft/`.

use crate::common;
use std::io::Write;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_rulebench");
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Runs `program args` with `commands` on stdin (one a line); its stdout.
fn session(program: &str, args: &[&str], commands: &[&str]) -> String {
    let mut child = Command::new(program)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{program}: {e}"));
    let mut input = child.stdin.take().unwrap();
    for c in commands {
        writeln!(input, "{c}").unwrap();
    }
    drop(input);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{program}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// Each `go perft`'s divide lines and total, in order.
fn divides(out: &str) -> Vec<(Vec<(String, u128)>, u128)> {
    let mut found = Vec::new();
    let mut lines = Vec::new();
    for line in out.lines() {
        if let Some(total) = line.strip_prefix("Nodes searched: ") {
            found.push((std::mem::take(&mut lines), total.trim().parse().unwrap()));
        } else if let Some((mv, n)) = line.split_once(": ")
            && let Ok(n) = n.trim().parse::<u128>()
        {
            lines.push((mv.to_string(), n));
        }
    }
    found
}

#[test]
fn a_session_counts_the_published_figures() {
    let kiwipete = format!("position fen {KIWIPETE}");
    let out = session(
        BIN,
        &["uci"],
        &[
            "uci",
            "isready",
            "setoption name UCI_Variant value xiangqi",
            "position startpos",
            "go perft 3",
            "setoption name UCI_Variant value russian",
            "ucinewgame",
            "position startpos",
            "go perft 6",
            "setoption name RulesFile value rules/chess.toml",
            "setoption name Threads value 2",
            "setoption name Hash value 16",
            &kiwipete,
            "go perft 2",
            "quit",
            "go perft 9",
        ],
    );
    assert!(out.starts_with("id name rulebench"), "{out}");
    for option in [
        "var russian",
        "var xiangqi",
        "var chess",
        "RulesFile",
        "Threads",
        "Hash",
    ] {
        assert!(out.contains(option), "{option}: {out}");
    }
    assert!(out.contains("uciok\nreadyok\n"), "{out}");
    assert!(!out.contains("info string"), "{out}");
    let found = divides(&out);
    let totals: Vec<u128> = found.iter().map(|(_, t)| *t).collect();
    // Nothing after `quit` is answered.
    assert_eq!(totals, [79_666, 37_986, 2_039], "{out}");
    for (lines, total) in &found {
        assert_eq!(lines.iter().map(|(_, n)| n).sum::<u128>(), *total);
    }
    // Kiwipete has 48 moves (its perft 1).
    assert_eq!(found[2].0.len(), 48);
}

#[test]
fn bad_commands_are_told_and_the_session_goes_on() {
    let out = session(
        BIN,
        &["uci", "--rules", "xiangqi"],
        &[
            "setoption name UCI_Variant value nosuch",
            "setoption name Threads value 0",
            "setoption name Colour value red",
            "position fen 9/9/9 w",
            "position startpos moves h3e3 h3e3",
            "position sideways",
            "go perft 0",
            "go depth 5",
            "go perft many",
            "frobnicate",
            "d",
            "position startpos moves h3e3",
            "d",
            "isready",
        ],
    );
    let infos: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("info string"))
        .collect();
    assert_eq!(infos.len(), 10, "{out}");
    for (i, word) in [
        "nosuch",
        "Threads",
        "Colour",
        "3 ranks",
        "h3e3",
        "position",
        "0",
        "go perft N",
        "many",
        "frobnicate",
    ]
    .iter()
    .enumerate()
    {
        assert!(infos[i].contains(word), "{word}: {}", infos[i]);
    }
    // The variant and position stay as they were: Xiangqi's start, then after the cannon's
    // move to the centre.
    let fens: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_prefix("Fen: "))
        .collect();
    assert_eq!(
        fens,
        [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
        ],
        "{out}"
    );
    assert!(out.ends_with("readyok\n"), "{out}");
}

/// A script that starts `rulebench uci`, for tools that start an engine by its path alone.
fn engine_script(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("rulebench-uci-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("rulebench-uci");
    std::fs::write(&path, format!("#!/bin/sh\nexec '{BIN}' uci\n")).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    path
}

#[test]
fn crosscheck_drives_it_as_a_uci_engine() {
    let engine = engine_script("crosscheck");
    let engine = engine.to_str().unwrap();
    for (variant, depth) in [("russian", "5"), ("xiangqi", "3"), ("chess", "3")] {
        let out = Command::new(BIN)
            .args(["crosscheck", variant, "--uci", engine, "--depth", depth])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{variant}: {text}");
        assert!(text.contains("agree"), "{variant}: {text}");
        assert!(
            text.contains(&format!("set the engine's UCI_Variant to {variant}")),
            "{variant}: {text}"
        );
    }
}

/// The same commands to Stockfish and to rulebench give the same divide, after moves
/// (castling, en passant and a promotion race among them).
#[test]
fn the_divide_after_moves_equals_stockfish() {
    let Some(stockfish) = common::stockfish() else {
        return;
    };
    let commands = [
        "uci".to_string(),
        format!("position fen {KIWIPETE} moves e1g1 a6e2 c3e2 b4b3"),
        "go perft 3".into(),
        "position startpos moves e2e4 d7d5 e4e5 f7f5".into(),
        "go perft 3".into(),
        "position fen 8/P6k/8/8/8/8/6Kp/8 w - - 0 1 moves a7a8q".into(),
        "go perft 4".into(),
        "quit".into(),
    ];
    let commands: Vec<&str> = commands.iter().map(String::as_str).collect();
    let sort = |mut d: Vec<(Vec<(String, u128)>, u128)>| {
        for (lines, _) in &mut d {
            lines.sort();
        }
        d
    };
    let ours = sort(divides(&session(BIN, &["uci"], &commands)));
    let theirs = sort(divides(&session(&stockfish, &[], &commands)));
    assert_eq!(ours.len(), 3);
    assert_eq!(ours, theirs);
}

#[test]
fn perftree_answers_the_script_contract() {
    let run = |args: &[&str]| {
        let out = Command::new(BIN)
            .arg("perftree")
            .args(args)
            .output()
            .unwrap();
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    // `MOVE N` lines, a blank line, the total.
    let (ok, out, err) = run(&["3", START]);
    assert!(ok, "{err}");
    let (lines, total) = out.split_once("\n\n").expect("a blank line");
    assert_eq!(total.trim(), "8902");
    let counts: Vec<(&str, u128)> = lines
        .lines()
        .map(|l| {
            let (mv, n) = l.split_once(' ').expect("MOVE N");
            (mv, n.parse().unwrap())
        })
        .collect();
    assert_eq!(counts.len(), 20);
    assert_eq!(counts.iter().map(|(_, n)| n).sum::<u128>(), 8902);
    assert!(counts.iter().any(|(mv, _)| *mv == "e2e4"), "{out}");
    // Moves played first; another family by --rules.
    let (ok, out, err) = run(&[
        "--rules",
        "xiangqi",
        "2",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "",
    ]);
    assert!(ok, "{err}");
    assert!(out.ends_with("\n\n1920\n"), "{out}");
    let (ok, out, _) = run(&["2", KIWIPETE, "e1g1"]);
    assert!(ok);
    assert!(out.lines().count() > 40, "{out}");
    // Errors: a depth, a FEN, a move.
    for (args, word) in [
        (vec!["x", START], "`x`"),
        (vec!["2", "rnbqkbnr/ppp w"], "2 ranks"),
        (vec!["2", START, "e2e5"], "e2e5"),
    ] {
        let (ok, out, err) = run(&args);
        assert!(!ok && out.is_empty(), "{args:?}: {out}");
        assert!(err.contains(word), "{args:?}: {err}");
    }
}
