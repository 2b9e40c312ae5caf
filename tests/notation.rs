//! Square numbering, PDN FEN in and out, PDN moves in and out.

use rulebench::draughts::{Colour, Position};
use rulebench::{Draughts, Game};

fn game(id: &str) -> Draughts {
    rulebench::load::<Draughts>(id).unwrap()
}

/// The algebraic name of a PDN square number.
fn name_of(g: &Draughts, number: u32) -> String {
    let geo = &g.rules().geometry;
    geo.algebraic(geo.bit_of_number(number).unwrap())
}

#[test]
fn numbering_corners_per_variant() {
    // docs/games/draughts.md#notation: 8x8 with a playable a1 - 1 = b8, 4 = h8, 29 = a1, 32 = g1.
    for id in ["american", "russian", "brazilian", "czech"] {
        let g = game(id);
        let corners: Vec<String> = [1, 4, 29, 32].iter().map(|&n| name_of(&g, n)).collect();
        assert_eq!(corners, ["b8", "h8", "a1", "g1"], "{id}");
    }
    // Italian and Spanish: a1 is light - 1 = a8, 32 = h1.
    for id in ["italian", "spanish"] {
        let g = game(id);
        assert_eq!(name_of(&g, 1), "a8", "{id}");
        assert_eq!(name_of(&g, 32), "h1", "{id}");
        assert!(
            g.rules().geometry.bit_of_algebraic("a1").is_err(),
            "{id}: a1 is light"
        );
    }
    // 10x10: 1 = b10, 46 = a1, 50 = i1.
    let g = game("international");
    assert_eq!(name_of(&g, 1), "b10");
    assert_eq!(name_of(&g, 46), "a1");
    assert_eq!(name_of(&g, 50), "i1");
    assert_eq!(name_of(&g, 5), "j10");
}

#[test]
fn start_positions_hold_the_numbers_of_the_references() {
    // White holds the high numbers; the first mover is to move.
    let g = game("american");
    assert_eq!(g.fen(&g.start()), "B:W21-32:B1-12");
    let g = game("international");
    assert_eq!(g.fen(&g.start()), "W:W31-50:B1-20");
    let g = game("italian");
    assert_eq!(g.fen(&g.start()), "W:W21-32:B1-12");
}

#[test]
fn fen_reads_every_pdn_form() {
    let g = game("international");
    let a = g.parse_fen("W:W31-50:B1-20").unwrap();
    let b = g.parse_fen("W:B1-20:W31-50").unwrap(); // colour blocks in either order
    assert_eq!(a, b);
    assert_eq!(a, g.start());
    let c = g.parse_fen("[FEN \"W:W31-50:B1-20\"]").unwrap(); // as a PDN tag
    assert_eq!(a, c);
    let k = g.parse_fen("B:WK3,28,K30-32:BK1,2").unwrap();
    assert_eq!(k.side, Colour::Black);
    assert_eq!(k.white.count_ones(), 5);
    assert_eq!(
        (k.kings & k.white).count_ones(),
        4,
        "K before a range crowns the whole range"
    );
    assert_eq!((k.kings & k.black).count_ones(), 1);
    // An empty side, and the lidraughts counters.
    let e = g.parse_fen("W:W31:B:H12:F30").unwrap();
    assert_eq!(e.black, 0);
    assert_eq!(e.quiet_plies, 12);
    assert_eq!(e.move_number, 30);
    // Algebraic squares are accepted too.
    let r = game("russian");
    assert_eq!(
        r.parse_fen("W:Wc3,Ke1:Bd4").unwrap(),
        r.parse_fen("W:W22,K31:B18").unwrap()
    );
}

#[test]
fn fen_round_trips() {
    let cases = [
        ("american", "B:W21-32:B1-12"),
        ("american", "W:WK1,2,5,K6:B29-31:H79"),
        ("international", "W:W31-33,35,K50:BK1,7-9:H3:F40"),
        ("international", "B:W:B12"),
        ("russian", "W:WK4:BK29"),
    ];
    for (id, fen) in cases {
        let g = game(id);
        let pos = g.parse_fen(fen).unwrap();
        assert_eq!(
            g.fen(&pos),
            fen,
            "{id}: canonical FEN is printed back unchanged"
        );
        assert_eq!(g.parse_fen(&g.fen(&pos)).unwrap(), pos);
    }
    // A non-canonical FEN comes back canonical.
    let g = game("american");
    let pos = g.parse_fen("B:B1,2,3:W32,31").unwrap();
    assert_eq!(g.fen(&pos), "B:W31,32:B1-3");
}

#[test]
fn fen_errors_point_at_the_column() {
    let g = game("american");
    let cases = [
        ("W:W33:B1", 4, "not on this board"),
        ("X:W1:B2", 1, "side to move"),
        ("W:W1:W2", 6, "given twice"),
        ("W:W1,1:B2", 6, "given twice"),
        ("W:Wa2:B1", 4, "light square"),
        ("W:W1:B2:Q7", 9, "unknown FEN field"),
        ("W:W1:B2:Hx", 9, "counter"),
        ("", 1, "empty"),
    ];
    for (fen, column, words) in cases {
        let e = g.parse_fen(fen).unwrap_err();
        assert_eq!(e.column, column, "{fen}: {e}");
        assert!(e.to_string().contains(words), "{fen}: {e}");
    }
}

fn texts(g: &Draughts, pos: &Position) -> Vec<String> {
    let mut t: Vec<String> = g
        .moves_with_notation(pos)
        .into_iter()
        .map(|(_, s)| s)
        .collect();
    t.sort();
    t
}

#[test]
fn pdn_moves_print_canonically() {
    let g = game("american");
    let start = g.start();
    assert_eq!(
        texts(&g, &start),
        ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]
    );
    // A double capture prints its first and last squares only.
    let pos = g.parse_fen("W:W27:B15,23").unwrap();
    assert_eq!(texts(&g, &pos), ["27x11"]);
    // Russian: algebraic squares and `:`.
    let r = game("russian");
    let pos = r.parse_fen("W:Wc3:Bd4,f6").unwrap();
    assert_eq!(texts(&r, &pos), ["c3:g7"]);
    let pos = r.parse_fen("W:Wc3:Bh8").unwrap();
    assert_eq!(texts(&r, &pos), ["c3-b4", "c3-d4"]);
}

#[test]
fn ambiguous_capture_needs_the_full_path() {
    // American: a white man on e1 (31) may take d2 and d4 (26, 18) by c3 (22), or f2 and f4
    // (27, 19) by g3 (24); both end on e5 (15). The short form 31x15 names neither.
    let g = game("american");
    let pos = g.parse_fen("W:W31:B18,19,26,27").unwrap();
    assert_eq!(texts(&g, &pos), ["31x22x15", "31x24x15"]);
    let err = g.parse_move(&pos, "31x15").unwrap_err();
    assert!(err.to_string().contains("ambiguous"), "{err}");
    assert!(err.help.as_deref().unwrap().contains("31x22x15"));
    let left = g.parse_move(&pos, "31x22x15").unwrap();
    let geo = &g.rules().geometry;
    let taken: Vec<u32> = geo
        .bits()
        .filter(|b| left.captured & (1 << b) != 0)
        .map(|b| geo.number(b))
        .collect();
    assert_eq!(taken, [18, 26]);
}

#[test]
fn pdn_moves_parse_leniently() {
    let g = game("american");
    let start = g.start();
    let a = g.parse_move(&start, "11-15").unwrap();
    let b = g.parse_move(&start, " 11 - 15 ").unwrap();
    let c = g.parse_move(&start, "c3-d4");
    assert_eq!(a, b);
    assert!(c.is_err(), "c3-d4 is a white move; black is to move");
    let pos = g.parse_fen("W:W27:B15,23").unwrap();
    let full = g.parse_move(&pos, "27x18x11").unwrap();
    assert_eq!(g.parse_move(&pos, "27x11").unwrap(), full);
    assert_eq!(
        g.parse_move(&pos, "27-11").unwrap(),
        full,
        "any separator is read"
    );
    let r = game("russian");
    let pos = r.parse_fen("W:Wc3:Bd4,f6").unwrap();
    assert_eq!(
        r.parse_move(&pos, "c3:g7").unwrap(),
        r.parse_move(&pos, "22x8").unwrap()
    );
    // Errors say where and what would be legal.
    let e = g.parse_move(&start, "11-16x").unwrap_err();
    assert!(e.to_string().contains("missing"), "{e}");
    let e = g.parse_move(&start, "11-17").unwrap_err();
    assert!(e.help.as_deref().unwrap().contains("11-15"), "{e}");
    let e = g.parse_move(&start, "11-99").unwrap_err();
    assert!(e.to_string().contains("99"), "{e}");
}
