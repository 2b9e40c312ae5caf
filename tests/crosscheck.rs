//! `rulebench crosscheck`: against a small engine that is wrong on purpose in one deep
//! position (`tests/support/fake_engine.rs`), and against Debian's fairy-stockfish on Xiangqi
//! and the chess-family files it knows, and against Debian's Stockfish on chess and Chess960
//! (each gated on its binary, like `tests/chess_differential.rs`).

use crate::common;
use std::path::PathBuf;
use std::process::Command;

/// The fake engine, an example next to this test's binary: built by a whole `cargo test`, and
/// built here (same profile) when only this test target was (`cargo test --test it`).
fn fake_engine() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let dir = exe.parent().unwrap().parent().unwrap();
    let engine = dir.join("examples").join("fake_engine");
    if !engine.is_file() {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let mut build = Command::new(cargo);
        build
            .args(["build", "--example", "fake_engine"])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .env("CARGO_TARGET_DIR", dir.parent().unwrap());
        if dir.file_name().is_some_and(|name| name == "release") {
            build.arg("--release");
        }
        let status = build.status().unwrap();
        assert!(
            status.success(),
            "cargo build --example fake_engine: {status}"
        );
    }
    engine
}

fn rulebench(args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_rulebench"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code(), text)
}

#[test]
fn finds_the_position_where_the_fake_engine_is_wrong() {
    let engine = fake_engine();
    assert!(engine.is_file(), "{} was not built", engine.display());
    let command = format!("{} american {{fen}} {{depth}}", engine.display());
    let (code, out) = rulebench(&[
        "crosscheck",
        "american",
        "--engine",
        &command,
        "--depth",
        "5",
    ]);
    assert_eq!(code, Some(1), "{out}");
    // Down the tree to the position after 9-14 22-17 11-16, where one move is missing.
    assert!(
        out.contains("the move lists differ after 9-14 22-17 11-16"),
        "{out}"
    );
    assert!(out.contains("only the other program: -"), "{out}");
    let missing = out
        .lines()
        .find_map(|l| l.trim_start().strip_prefix("only rulebench: "))
        .expect("our extra move");
    assert_eq!(missing.split_whitespace().count(), 1, "{out}");
    // From a position where the engine is right, the two agree.
    let (code, out) = rulebench(&[
        "crosscheck",
        "american",
        "--engine",
        &command,
        "--depth",
        "3",
        "--fen",
        "B:W21-32:B1-8,10-12,14",
    ]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("agree"), "{out}");
    // JSON for scripts.
    let (_, out) = rulebench(&[
        "crosscheck",
        "american",
        "--engine",
        &command,
        "--depth",
        "4",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(v["agree"], false);
    assert_eq!(v["position"]["path"].as_array().unwrap().len(), 3);
}

fn fairy_stockfish() -> Option<String> {
    let path = "/usr/games/fairy-stockfish";
    if std::path::Path::new(path).is_file() {
        return Some(path.into());
    }
    assert!(
        std::env::var("RULEBENCH_REQUIRE_FAIRY_STOCKFISH").as_deref() != Ok("1"),
        "fairy-stockfish is required but {path} is missing"
    );
    eprintln!("SKIPPED: {path} not found (apt-get install fairy-stockfish)");
    None
}

#[test]
fn agrees_with_fairy_stockfish_on_xiangqi() {
    let Some(path) = fairy_stockfish() else {
        return;
    };
    let cases = [
        ("xiangqi", None, "4"),
        (
            "xiangqi",
            Some("1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1"),
            "4",
        ),
        (
            "xiangqi",
            Some("4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1"),
            "4",
        ),
        ("minixiangqi", None, "4"),
    ];
    for (variant, fen, depth) in cases {
        let option = format!("UCI_Variant={variant}");
        let mut args = vec![
            "crosscheck",
            variant,
            "--uci",
            &path,
            "--uci-option",
            &option,
            "--depth",
            depth,
        ];
        if let Some(f) = fen {
            args.extend(["--fen", f]);
        }
        let (code, out) = rulebench(&args);
        assert_eq!(code, Some(0), "{variant} {fen:?}: {out}");
        assert!(out.contains("agree"), "{out}");
    }
}

/// Without `--uci-option`, the engine's `UCI_Variant` is set from the rules' id when the engine
/// knows it, and refused with the names it knows when it does not.
#[test]
fn sets_the_uci_variant_from_the_rules() {
    let Some(path) = fairy_stockfish() else {
        return;
    };
    let (code, out) = rulebench(&["crosscheck", "minixiangqi", "--uci", &path, "--depth", "3"]);
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.contains("set the engine's UCI_Variant to minixiangqi"),
        "{out}"
    );
    let (code, out) = rulebench(&["crosscheck", "russian", "--uci", &path, "--depth", "2"]);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("none of them called `russian`"), "{out}");
}

/// Chess against Debian's Stockfish with no option given: from the start and from Kiwipete;
/// Chess960 from one of Stockfish's own 960 rows (tests/perft.sh), with `UCI_Chess960` set
/// because the rules castle from any start files.
#[test]
fn agrees_with_stockfish_out_of_the_box() {
    let Some(path) = common::stockfish() else {
        return;
    };
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    for (variant, fen, depth) in [
        ("chess", None, "4"),
        ("chess", Some(kiwipete), "3"),
        (
            "chess960",
            Some("1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9"),
            "3",
        ),
    ] {
        let mut args = vec!["crosscheck", variant, "--uci", &path, "--depth", depth];
        if let Some(f) = fen {
            args.extend(["--fen", f]);
        }
        let (code, out) = rulebench(&args);
        assert_eq!(code, Some(0), "{variant} {fen:?}: {out}");
        assert!(out.contains("agree"), "{out}");
        if variant == "chess960" {
            assert!(
                out.contains("set the engine's UCI_Chess960 to true"),
                "{out}"
            );
        }
    }
}

/// The chess-family files fairy-stockfish knows by their id need no option either.
#[test]
fn agrees_with_fairy_stockfish_on_chess_variants() {
    let Some(path) = fairy_stockfish() else {
        return;
    };
    for variant in ["makruk", "shatranj", "capablanca", "janus", "knightmate"] {
        let (code, out) = rulebench(&["crosscheck", variant, "--uci", &path, "--depth", "3"]);
        assert_eq!(code, Some(0), "{variant}: {out}");
        assert!(
            out.contains(&format!("set the engine's UCI_Variant to {variant}")),
            "{out}"
        );
    }
    // fairy-stockfish knows Chess960 by one of the file's aliases, and is told it castles so.
    let (code, out) = rulebench(&[
        "crosscheck",
        "chess960",
        "--uci",
        &path,
        "--fen",
        "1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9",
        "--depth",
        "3",
    ]);
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.contains("set the engine's UCI_Variant to fischerandom")
            && out.contains("set the engine's UCI_Chess960 to true"),
        "{out}"
    );
    // A name it does not know is refused with the names it knows.
    let (code, out) = rulebench(&[
        "crosscheck",
        "tests/data/russian-12x8.toml",
        "--uci",
        &path,
        "--depth",
        "1",
    ]);
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("say which with --uci-option UCI_Variant=NAME"),
        "{out}"
    );
    // Or the user says which.
    let (code, out) = rulebench(&[
        "crosscheck",
        "chess960",
        "--uci",
        &path,
        "--uci-option",
        "UCI_Variant=chess",
        "--fen",
        "1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9",
        "--depth",
        "3",
    ]);
    assert_eq!(code, Some(0), "{out}");
}
