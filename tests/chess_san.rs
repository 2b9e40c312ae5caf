//! Chess notation: SAN as the FIDE Laws (Appendix C) write it — piece letter, disambiguation by
//! file, then rank, then both; `x` for a capture; `=Q` for a promotion; `O-O` and `O-O-O`; `+` and
//! `#` — and UCI coordinates as chess engines write them (castling as the king's move; Chess960's
//! as the king taking its rook). Each is written and read back, and the command line's
//! `moves --notation` and `--moves` use them. Every expected text below was worked out by hand
//! from the position and those conventions.

use rulebench::chess::notation::san::{Parsed, parse};
use rulebench::{Chess, Game};
use std::process::Command;

fn game(spec: &str) -> Chess {
    rulebench::load::<Chess>(spec).unwrap()
}

/// The legal moves of `fen` in `notation`, sorted.
fn written(g: &Chess, fen: &str, notation: &str) -> Vec<String> {
    let pos = g.parse_fen(fen).unwrap();
    let mut texts: Vec<String> = g
        .moves_in(&pos, notation)
        .into_iter()
        .map(|(_, t)| t)
        .collect();
    texts.sort();
    texts
}

/// The move `text` names, written in UCI coordinates.
fn as_uci(g: &Chess, fen: &str, text: &str) -> String {
    let pos = g.parse_fen(fen).unwrap();
    let mv = g
        .parse_move(&pos, text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    let all = g.moves_in(&pos, "uci");
    let i = g
        .moves_in(&pos, "uci")
        .iter()
        .position(|(m, _)| format!("{m:?}") == format!("{mv:?}"))
        .unwrap();
    all[i].1.clone()
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn chess_lists_uci_first_then_san() {
    let g = game("chess");
    assert_eq!(g.notations(), &["uci", "san"]);
}

#[test]
fn the_start_in_san_and_uci() {
    let g = game("chess");
    let san = written(&g, START, "san");
    let mut want: Vec<String> = "a3 a4 b3 b4 c3 c4 d3 d4 e3 e4 f3 f4 g3 g4 h3 h4 Na3 Nc3 Nf3 Nh3"
        .split(' ')
        .map(String::from)
        .collect();
    want.sort();
    assert_eq!(san, want);
    let uci = written(&g, START, "uci");
    assert!(uci.contains(&"e2e4".to_string()) && uci.contains(&"g1f3".to_string()));
    assert_eq!(uci.len(), 20);
}

#[test]
fn castling_both_ways() {
    let g = game("chess");
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let san = written(&g, fen, "san");
    assert!(san.contains(&"O-O".to_string()), "{san:?}");
    assert!(san.contains(&"O-O-O".to_string()), "{san:?}");
    let uci = written(&g, fen, "uci");
    assert!(uci.contains(&"e1g1".to_string()) && uci.contains(&"e1c1".to_string()));
    // Read: SAN with letter O or digit 0, the king's move, and the king taking its rook.
    for text in ["O-O", "0-0", "e1g1", "e1h1"] {
        assert_eq!(as_uci(&g, fen, text), "e1g1", "{text}");
    }
    for text in ["O-O-O", "0-0-0", "e1c1", "e1a1"] {
        assert_eq!(as_uci(&g, fen, text), "e1c1", "{text}");
    }
    // Black's castling from the mirror position.
    let black = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
    assert_eq!(as_uci(&g, black, "O-O"), "e8g8");
    assert_eq!(as_uci(&g, black, "O-O-O"), "e8c8");
}

#[test]
fn chess960_castling_is_the_king_taking_its_rook() {
    let g = game("chess960");
    // King b1, rooks a1 and h1: the long castling puts the king on c1 (a move to the right).
    let fen = "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1";
    let uci = written(&g, fen, "uci");
    assert!(uci.contains(&"b1a1".to_string()), "{uci:?}");
    assert!(uci.contains(&"b1h1".to_string()), "{uci:?}");
    let san = written(&g, fen, "san");
    assert!(san.contains(&"O-O".to_string()) && san.contains(&"O-O-O".to_string()));
    assert_eq!(as_uci(&g, fen, "O-O-O"), "b1a1");
    assert_eq!(as_uci(&g, fen, "O-O"), "b1h1");
    // The king's move to c1 is a plain king move, not castling, and reads as one.
    assert_eq!(as_uci(&g, fen, "b1c1"), "b1c1");
}

#[test]
fn promotion_check_and_mate() {
    let g = game("chess");
    // e8 promotes with check along the eighth rank (a8 king); a bishop or knight gives none.
    let fen = "k7/4P3/8/8/8/8/8/4K3 w - - 0 1";
    let san = written(&g, fen, "san");
    for want in ["e8=Q+", "e8=R+", "e8=B", "e8=N"] {
        assert!(san.contains(&want.to_string()), "{want} in {san:?}");
    }
    assert!(written(&g, fen, "uci").contains(&"e7e8q".to_string()));
    for text in ["e8=Q", "e8Q", "e8=Q+", "e7e8q"] {
        assert_eq!(as_uci(&g, fen, text), "e7e8q", "{text}");
    }
    assert_eq!(as_uci(&g, fen, "e8=N"), "e7e8n");
    // Scholar's mate.
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
    let san = written(&g, fen, "san");
    assert!(san.contains(&"Qxf7#".to_string()), "{san:?}");
    assert!(san.contains(&"Bxf7+".to_string()), "{san:?}");
    assert_eq!(as_uci(&g, fen, "Qxf7#"), "h5f7");
    assert_eq!(as_uci(&g, fen, "Qxf7"), "h5f7");
    assert_eq!(as_uci(&g, fen, "Qf7"), "h5f7");
}

#[test]
fn disambiguation_by_file_rank_and_both() {
    let g = game("chess");
    // Knights b1 and f1 both reach d2: by file.
    let san = written(&g, "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "san");
    assert!(san.contains(&"Nbd2".to_string()) && san.contains(&"Nfd2".to_string()));
    assert!(
        san.contains(&"Na3".to_string()),
        "a single knight on a3 needs no file: {san:?}"
    );
    // Rooks a1 and a5 on one file both reach a3: by rank.
    let san = written(&g, "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "san");
    assert!(san.contains(&"R1a3".to_string()) && san.contains(&"R5a3".to_string()));
    // Queens a1, a3 and c1 all reach b2: a1 shares a file with a3 and a rank with c1.
    let fen = "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1";
    let san = written(&g, fen, "san");
    // a1 needs both (file a is shared with a3, rank 1 with c1); a3 its rank; c1 its file.
    for want in ["Qa1b2", "Q3b2", "Qcb2"] {
        assert!(san.contains(&want.to_string()), "{want} in {san:?}");
    }
    assert!(!san.contains(&"Qb2".to_string()));
    for want in ["Qa1b2", "Q3b2", "Qcb2"] {
        assert_eq!(
            as_uci(&g, fen, want),
            ["a1b2", "a3b2", "c1b2"][["Qa1b2", "Q3b2", "Qcb2"]
                .iter()
                .position(|w| *w == want)
                .unwrap()]
        );
    }
    // An ambiguous text is an error that lists what it could mean, in the default notation.
    let pos = g.parse_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").unwrap();
    let err = format!("{:?}", g.parse_move(&pos, "Nd2").unwrap_err());
    assert!(err.contains("ambiguous"), "{err}");
    assert!(err.contains("b1d2") && err.contains("f1d2"), "{err}");
}

#[test]
fn en_passant_in_san() {
    let g = game("chess");
    let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
    let san = written(&g, fen, "san");
    assert!(san.contains(&"exd6".to_string()), "{san:?}");
    assert_eq!(as_uci(&g, fen, "exd6"), "e5d6");
    assert_eq!(as_uci(&g, fen, "exd6 e.p."), "e5d6");
}

#[test]
fn variant_pieces_take_the_letter_the_file_gives() {
    // Capablanca's archbishop (a) and chancellor (c): `Ac3` is the archbishop's knight leap.
    let g = game("capablanca");
    let fen = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";
    let san = written(&g, fen, "san");
    assert!(san.contains(&"Ab3".to_string()), "{san:?}");
    assert!(
        san.contains(&"Cg3".to_string()) && san.contains(&"Ci3".to_string()),
        "{san:?}"
    );
    assert_eq!(as_uci(&g, fen, "Ab3"), "c1b3");
}

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

#[test]
fn the_command_line_writes_and_reads_both() {
    let (ok, out, err) = run(&["moves", "chess", "--notation", "san"]);
    assert!(ok, "{err}");
    assert!(
        out.lines().any(|l| l == "Nf3") && out.lines().count() == 20,
        "{out}"
    );
    // `--moves` reads SAN and UCI mixed: 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6.
    let (ok, out, err) = run(&[
        "moves",
        "chess",
        "--moves",
        "e4 e7e5 Bc4 Nc6 d1h5 Nf6",
        "--notation",
        "san",
    ]);
    assert!(ok, "{err}");
    assert!(out.lines().any(|l| l == "Qxf7#"), "{out}");
    let (ok, out, err) = run(&["outcome", "chess", "--moves", "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#"]);
    assert!(ok, "{err}");
    assert!(out.to_lowercase().contains("checkmate"), "{out}");
    // JSON names the promotion, castling and en passant.
    let (ok, out, err) = run(&[
        "moves",
        "chess",
        "--fen",
        "r3k3/1P6/8/3pP3/8/8/8/R3K2R w KQq d6 0 1",
        "--json",
    ]);
    assert!(ok, "{err}");
    let moves: serde_json::Value = serde_json::from_str(&out).unwrap();
    let list = moves.as_array().expect("a list");
    let find = |uci: &str| {
        list.iter()
            .find(|m| m.to_string().contains(&format!("\"{uci}\"")))
            .unwrap_or_else(|| panic!("{uci} in {out}"))
            .clone()
    };
    let promotion = find("b7a8q");
    assert!(promotion.to_string().contains("promotion"), "{promotion}");
    let castle = find("e1g1");
    assert!(castle.to_string().contains("castling"), "{castle}");
    let ep = find("e5d6");
    assert!(ep.to_string().contains("en_passant"), "{ep}");
    // A move no notation reads is a located error with the notations' help.
    let (ok, _, err) = run(&["moves", "chess", "--moves", "e4 Zz9"]);
    assert!(!ok);
    assert!(err.contains("Zz9"), "{err}");
    let (ok, _, err) = run(&["moves", "chess", "--notation", "wxf"]);
    assert!(!ok);
    assert!(err.contains("uci") && err.contains("san"), "{err}");
}

#[test]
fn san_texts_come_apart() {
    assert_eq!(parse("O-O+"), Some(Parsed::Castle { short: true }));
    assert_eq!(parse("0-0-0"), Some(Parsed::Castle { short: false }));
    assert_eq!(
        parse("Nbd7"),
        Some(Parsed::Piece {
            letter: Some('N'),
            file: Some(1),
            rank: None,
            to: (3, 6),
            promotion: None
        })
    );
    assert_eq!(
        parse("exd8=Q#"),
        Some(Parsed::Piece {
            letter: None,
            file: Some(4),
            rank: None,
            to: (3, 7),
            promotion: Some('Q')
        })
    );
    assert_eq!(
        parse("R1a10"),
        Some(Parsed::Piece {
            letter: Some('R'),
            file: None,
            rank: Some(0),
            to: (0, 9),
            promotion: None
        })
    );
    assert_eq!(
        parse("e2e4").map(|p| matches!(
            p,
            Parsed::Piece {
                file: Some(4),
                rank: Some(1),
                ..
            }
        )),
        Some(true)
    );
    assert_eq!(parse("hello"), None);
    assert_eq!(parse(""), None);
}
