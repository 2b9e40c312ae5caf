//! Xiangqi notation: coordinates as Fairy-Stockfish writes them (`h3e3`), UCCI (`h2e2`, ranks
//! from 0), WXF (`C2.5`, files from the mover's right), FEN in and out, and the errors.

use rulebench::{Chess, Game};

fn game() -> Chess {
    rulebench::load::<Chess>("xiangqi").unwrap()
}

/// The move `text` names, written in coordinates.
fn read(g: &Chess, fen: Option<&str>, text: &str) -> String {
    let pos = fen.map_or(g.start(), |f| g.parse_fen(f).unwrap());
    let mv = g.parse_move(&pos, text).unwrap();
    g.coordinates(mv, 1)
}

#[test]
fn wxf_from_the_start() {
    let g = game();
    let pos = g.start();
    let wxf = |coords: &str| {
        let mv = g.parse_move(&pos, coords).unwrap();
        g.wxf(&pos, mv)
    };
    // The classic openings, as Xiangqi players write them.
    assert_eq!(wxf("h3e3"), "C2.5"); // central cannon
    assert_eq!(wxf("b1c3"), "H8+7"); // horse
    assert_eq!(wxf("g1e3"), "E3+5"); // elephant
    assert_eq!(wxf("f1e2"), "A4+5"); // advisor
    assert_eq!(wxf("g4g5"), "P3+1"); // soldier
    assert_eq!(wxf("a1a2"), "R9+1"); // chariot forward
    assert_eq!(wxf("e1e2"), "K5+1"); // general
    // Black counts files from its own right (a = 1) and forward is down the board.
    let black = g.play(&pos, &g.parse_move(&pos, "h3e3").unwrap());
    let bwxf = |coords: &str| {
        let mv = g.parse_move(&black, coords).unwrap();
        g.wxf(&black, mv)
    };
    assert_eq!(bwxf("h10g8"), "H8+7");
    assert_eq!(bwxf("b8e8"), "C2.5");
    assert_eq!(bwxf("a10a9"), "R1+1");
}

#[test]
fn wxf_tells_two_pieces_on_one_file_apart() {
    let g = game();
    // Red chariots on e5 and e3 (front and rear), generals on d1 and f10.
    let fen = "5k3/9/9/9/9/4R4/9/4R4/9/3K5 w - - 0 1";
    let pos = g.parse_fen(fen).unwrap();
    let wxf = |coords: &str| g.wxf(&pos, g.parse_move(&pos, coords).unwrap());
    assert_eq!(wxf("e5e6"), "+R+1");
    assert_eq!(wxf("e3a3"), "-R.9");
    // Both places of the marker are read.
    assert_eq!(read(&g, Some(fen), "+R+1"), "e5e6");
    assert_eq!(read(&g, Some(fen), "R-.9"), "e3a3");
}

#[test]
fn moves_are_read_in_every_notation() {
    let g = game();
    assert_eq!(read(&g, None, "h3e3"), "h3e3");
    assert_eq!(read(&g, None, "h2e2"), "h3e3"); // UCCI ranks from 0
    assert_eq!(read(&g, None, "C2.5"), "h3e3");
    assert_eq!(read(&g, None, "C2=5"), "h3e3");
    assert_eq!(read(&g, None, "H8+7"), "b1c3");
    // Black's ten-rank moves.
    let pos = g.start();
    let black = g.play(&pos, &g.parse_move(&pos, "h3e3").unwrap());
    let mv = g.parse_move(&black, "h10g8").unwrap();
    assert_eq!(g.coordinates(mv, 0), "h9g7");
    assert_eq!(g.parse_move(&black, "h9g7").unwrap(), mv);
}

#[test]
fn bad_and_ambiguous_moves_are_located_errors() {
    let g = game();
    let pos = g.start();
    let e = g.parse_move(&pos, "h3h9").unwrap_err();
    assert!(e.message.contains("not a legal move"), "{e}");
    assert!(e.help.as_deref().unwrap().contains("h3e3"), "{e:?}");
    let e = g.parse_move(&pos, "zz").unwrap_err();
    assert!(e.message.contains("not a move"), "{e}");
    // a4a5 (coordinates: soldier) and a4a5 read as UCCI (a5a6: no piece) - one legal reading.
    assert_eq!(read(&g, None, "a4a5"), "a4a5");
    // A text that both readings make legal is ambiguous: with chariots on a1 and a2, `a1c1`
    // is a1 to c1 in coordinates and a2 to c2 in UCCI.
    let fen = "3k5/9/9/9/9/9/9/9/R8/R3K4 w - - 0 1";
    let pos = g.parse_fen(fen).unwrap();
    let e = g.parse_move(&pos, "a1c1").unwrap_err();
    assert!(e.message.contains("ambiguous"), "{e}");
    let help = e.help.clone().unwrap();
    assert!(help.contains("a1c1") && help.contains("a2c2"), "{help}");
    // A text may say its notation before a colon, and is then read in that one only.
    assert_eq!(read(&g, Some(fen), "coordinates:a1c1"), "a1c1");
    assert_eq!(read(&g, Some(fen), "ucci:a1c1"), "a2c2");
    assert_eq!(read(&g, Some(fen), "ucci:a0c0"), "a1c1");
    let e = g.parse_move(&pos, "coordinates:a0c0").unwrap_err();
    assert!(e.message.contains("not a move"), "{e}");
    let e = g.parse_move(&pos, "wxf:a1c1").unwrap_err();
    assert!(e.message.contains("not a move"), "{e}");
    let e = g.parse_move(&pos, "pdn:a1c1").unwrap_err();
    assert!(e.message.contains("not a move"), "{e}");
}

#[test]
fn fen_in_and_out() {
    let g = game();
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    assert_eq!(g.fen(&g.start()), start);
    // Synonyms: h for the horse, e for the elephant; short FENs.
    let synonyms = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w";
    assert_eq!(g.fen(&g.parse_fen(synonyms).unwrap()), start);
    for (bad, words) in [
        ("rnbakabnr/9/1c5c1 w - - 0 1", "3 ranks"),
        (
            "rnbakabnr/10/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            "rank 9",
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x",
            "side to move",
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAQABNR w",
            "`Q` is not a piece",
        ),
        ("3k5/9/9/9/9/9/9/9/9/4A4 w", "red has 0 generals"),
        ("5k3/9/9/9/9/9/9/9/9/3K2A2 w", "outside its palace"),
        ("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 0", "starts at 1"),
    ] {
        let e = g.parse_fen(bad).unwrap_err();
        assert!(e.to_string().contains(words), "{bad}: {e}");
    }
}
