//! Properties of the chess family over random legal playouts (proptest; 24 cases per property
//! by default, `PROPTEST_CASES=N` for more): Xiangqi and Minixiangqi, and chess, Chess960,
//! Capablanca, Makruk, Shatranj and grasshopper chess, on both set widths (64-bit boards and
//! 128-bit ones): perft = sum of divide, the mirror image and the colour-flipped position count
//! the same, the FEN round trip (castling and en passant included), bulk counts equal listed
//! moves, a move made in place equals the copied one and unmaking it restores the position, and
//! no legal move leaves the mover's royal piece attacked (by attack tests written in
//! this file from docs/games/xiangqi.md#the-pieces and docs/games/chess.md#chess, apart from the
//! generator).

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use rulebench::chess::Position;
use rulebench::chess::bitboard::Set;
use rulebench::chess::movegen::Move;
use rulebench::{Chess, Count, Game, PerftOptions};
use std::sync::OnceLock;

/// The variants on 64-bit sets.
fn games64() -> &'static Vec<Chess<u64>> {
    static GAMES: OnceLock<Vec<Chess<u64>>> = OnceLock::new();
    GAMES.get_or_init(|| {
        [
            "minixiangqi",
            "chess",
            "chess960",
            "makruk",
            "shatranj",
            "kingofthehill",
            "racingkings",
            "3check",
            "horde",
            "antichess",
            "giveaway",
            "crazyhouse",
            "minishogi",
        ]
        .iter()
        .map(|id| rulebench::load::<Chess<_>>(*id).unwrap())
        .collect()
    })
}

/// The variants on 128-bit sets (chess again, to compare the widths).
fn games128() -> &'static Vec<Chess<u128>> {
    static GAMES: OnceLock<Vec<Chess<u128>>> = OnceLock::new();
    GAMES.get_or_init(|| {
        ["xiangqi", "capablanca", "grasshopper", "chess", "shogi"]
            .iter()
            .map(|id| rulebench::load::<Chess>(*id).unwrap())
            .collect()
    })
}

/// A position reached by `plies` random legal moves (fewer if the game ends); pawn moves are
/// preferred one time in three, so that promotions and en passant come up.
fn playout<B: Set>(game: &Chess<B>, seed: u64, plies: u32) -> Position<B> {
    let mut state = seed | 1;
    let mut pos = game.start();
    for _ in 0..plies {
        let moves = game.legal_moves(&pos);
        if moves.is_empty() {
            break;
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let pawnish: Vec<_> = moves
            .iter()
            .filter(|m| {
                game.rules().pieces[m.mover(&pos) as usize]
                    .promotion
                    .is_some()
            })
            .collect();
        let mv = if !pawnish.is_empty() && state.is_multiple_of(3) {
            *pawnish[(state / 3 % pawnish.len() as u64) as usize]
        } else {
            moves[(state % moves.len() as u64) as usize]
        };
        pos = game.play(&pos, &mv);
    }
    pos
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: std::env::var("PROPTEST_CASES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(24),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// The board of a FEN as rows of characters, the top rank first (`.` for empty points).
fn grid(fen: &str) -> Vec<Vec<char>> {
    // The hands (`[QRbp]`) are not on the board; `~` marks a promoted piece.
    let placement = fen.split_whitespace().next().unwrap();
    let board = placement.split('[').next().unwrap().replace('~', "");
    board
        .split('/')
        .map(|row| {
            let mut out = Vec::new();
            let mut digits = String::new();
            for c in row.chars() {
                if c.is_ascii_digit() {
                    digits.push(c);
                    continue;
                }
                if !digits.is_empty() {
                    out.extend(std::iter::repeat_n('.', digits.parse().unwrap()));
                    digits.clear();
                }
                out.push(c);
            }
            if !digits.is_empty() {
                out.extend(std::iter::repeat_n('.', digits.parse().unwrap()));
            }
            out
        })
        .collect()
}

/// The FEN with the board turned left to right.
fn mirrored(fen: &str) -> String {
    let mut parts = fen.split_whitespace();
    let board: Vec<String> = grid(parts.next().unwrap())
        .into_iter()
        .map(|row| compress(row.into_iter().rev().collect()))
        .collect();
    // The checks each side still has to give (three-check) change hands too.
    let rest: Vec<String> = parts
        .map(|f| match f.split_once('+') {
            Some((a, b)) if !a.is_empty() => format!("{b}+{a}"),
            _ => f.to_string(),
        })
        .collect();
    format!("{} {}", board.join("/"), rest.join(" "))
}

/// The FEN with the board turned round and the colours swapped (the other side to move).
fn turned(fen: &str) -> String {
    let mut parts = fen.split_whitespace();
    let board: Vec<String> = grid(parts.next().unwrap())
        .into_iter()
        .rev()
        .map(|row| {
            compress(
                row.into_iter()
                    .rev()
                    .map(|c| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    })
                    .collect(),
            )
        })
        .collect();
    let side = if parts.next() == Some("w") { "b" } else { "w" };
    // The checks each side still has to give (three-check) change hands too.
    let rest: Vec<String> = parts
        .map(|f| match f.split_once('+') {
            Some((a, b)) if !a.is_empty() => format!("{b}+{a}"),
            _ => f.to_string(),
        })
        .collect();
    format!("{} {side} {}", board.join("/"), rest.join(" "))
}

fn compress(row: Vec<char>) -> String {
    let mut out = String::new();
    let mut empty = 0;
    for c in row {
        if c == '.' {
            empty += 1;
        } else {
            if empty > 0 {
                out.push_str(&empty.to_string());
                empty = 0;
            }
            out.push(c);
        }
    }
    if empty > 0 {
        out.push_str(&empty.to_string());
    }
    out
}

/// A plain attack test written from docs/games/xiangqi.md#the-pieces, independent of the
/// generator: whether the general of the side written in `upper` case (or lower) is attacked on
/// the board `g` (rows from the top), or faces the other general on an open file. River: between
/// rows `ranks / 2 - 1` and `ranks / 2` (Xiangqi); Minixiangqi soldiers move sideways anywhere.
fn general_in_danger(g: &[Vec<char>], upper: bool, soldiers_sideways_anywhere: bool) -> bool {
    let ranks = g.len() as i32;
    let files = g[0].len() as i32;
    let at = |r: i32, f: i32| -> Option<char> {
        (r >= 0 && f >= 0 && r < ranks && f < files).then(|| g[r as usize][f as usize])
    };
    let own = |c: char| c != '.' && c.is_ascii_uppercase() == upper;
    let enemy = |c: char, kind: char| c != '.' && !own(c) && c.to_ascii_lowercase() == kind;
    let mut general = None;
    for r in 0..ranks {
        for f in 0..files {
            if at(r, f) == Some(if upper { 'K' } else { 'k' }) {
                general = Some((r, f));
            }
        }
    }
    let (gr, gf) = general.expect("a general");
    // Lines: chariot (first piece), cannon (second piece), the other general (first, on the file).
    for (dr, df) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
        let mut seen = 0;
        let (mut r, mut f) = (gr + dr, gf + df);
        while let Some(c) = at(r, f) {
            if c != '.' {
                seen += 1;
                if seen == 1 && (enemy(c, 'r') || (df == 0 && enemy(c, 'k'))) {
                    return true;
                }
                if seen == 2 {
                    if enemy(c, 'c') {
                        return true;
                    }
                    break;
                }
            }
            r += dr;
            f += df;
        }
    }
    // Horses: a horse two ranks and one file away (or one and two), its leg next to it empty.
    for (dr, df) in [
        (2, 1),
        (2, -1),
        (-2, 1),
        (-2, -1),
        (1, 2),
        (1, -2),
        (-1, 2),
        (-1, -2),
    ] {
        let (hr, hf) = (gr + dr, gf + df);
        if at(hr, hf).is_some_and(|c| enemy(c, 'n')) {
            // The leg: one step from the horse along its longer side, toward the general.
            let (lr, lf) = if dr.abs() == 2 {
                (hr - dr.signum(), hf)
            } else {
                (hr, hf - df.signum())
            };
            if at(lr, lf) == Some('.') {
                return true;
            }
        }
    }
    // Soldiers: an enemy soldier moves toward this general's side (rows grow downward here).
    let toward: i32 = if upper { 1 } else { -1 }; // the enemy of the upper side moves down
    if at(gr - toward, gf).is_some_and(|c| enemy(c, 'p')) {
        return true;
    }
    for df in [1, -1] {
        if let Some(c) = at(gr, gf + df)
            && enemy(c, 'p')
        {
            // Sideways only across the river (anywhere in minixiangqi).
            let across = if upper {
                gr >= ranks / 2
            } else {
                gr < ranks / 2
            };
            if soldiers_sideways_anywhere || across {
                return true;
            }
        }
    }
    false
}

/// The FEN with the ranks flipped and the colours swapped (files kept, the other side to
/// move, castling letters and the en-passant rank swapped too): chess's colour symmetry.
fn flipped(fen: &str) -> String {
    let mut parts = fen.split_whitespace();
    // The ranks in the other order, each with its colours swapped (the marks of promoted
    // pieces, `+P` and `Q~`, go with their letters); the hands change owners too.
    let placement = parts.next().unwrap();
    let (board, hand) = match placement.split_once('[') {
        Some((b, h)) => (
            b,
            format!("[{}", h.chars().map(swap_case).collect::<String>()),
        ),
        None => (placement, String::new()),
    };
    let ranks = board.split('/').count();
    let rows: Vec<String> = board
        .split('/')
        .rev()
        .map(|row| row.chars().map(swap_case).collect())
        .collect();
    let side = if parts.next() == Some("w") { "b" } else { "w" };
    let castling: String = parts.next().unwrap_or("-").chars().map(swap_case).collect();
    let ep = match parts.next().unwrap_or("-") {
        "-" => "-".to_string(),
        sq => {
            let rank: usize = sq[1..].parse().unwrap();
            format!("{}{}", &sq[..1], ranks + 1 - rank)
        }
    };
    // The checks each side still has to give (three-check) change hands too.
    let rest: Vec<String> = parts
        .map(|f| match f.split_once('+') {
            Some((a, b)) if !a.is_empty() => format!("{b}+{a}"),
            _ => f.to_string(),
        })
        .collect();
    format!(
        "{}{hand} {side} {castling} {ep} {}",
        rows.join("/"),
        rest.join(" ")
    )
}

fn swap_case(c: char) -> char {
    if c.is_ascii_uppercase() {
        c.to_ascii_lowercase()
    } else {
        c.to_ascii_uppercase()
    }
}

/// A plain attack test written from docs/games/chess.md#chess (and
/// docs/games/chess.md#capablanca-chess for Capablanca's compound pieces), independent of the
/// generator: whether the king of the side written in `upper` case (or lower) is attacked on the
/// board `g` (rows from the top).
fn king_attacked(g: &[Vec<char>], upper: bool) -> bool {
    let ranks = g.len() as i32;
    let files = g[0].len() as i32;
    let at = |r: i32, f: i32| -> Option<char> {
        (r >= 0 && f >= 0 && r < ranks && f < files).then(|| g[r as usize][f as usize])
    };
    let own = |c: char| c != '.' && c.is_ascii_uppercase() == upper;
    let enemy =
        |c: char, kinds: &str| c != '.' && !own(c) && kinds.contains(c.to_ascii_lowercase());
    let (kr, kf) = (0..ranks)
        .flat_map(|r| (0..files).map(move |f| (r, f)))
        .find(|&(r, f)| at(r, f) == Some(if upper { 'K' } else { 'k' }))
        .expect("a king");
    // Riders: rook lines (rook, queen, chancellor), bishop lines (bishop, queen, archbishop).
    for (dr, df, kinds) in [
        (1, 0, "rqc"),
        (-1, 0, "rqc"),
        (0, 1, "rqc"),
        (0, -1, "rqc"),
        (1, 1, "bqa"),
        (1, -1, "bqa"),
        (-1, 1, "bqa"),
        (-1, -1, "bqa"),
    ] {
        let (mut r, mut f) = (kr + dr, kf + df);
        while let Some(c) = at(r, f) {
            if c != '.' {
                if enemy(c, kinds) {
                    return true;
                }
                break;
            }
            r += dr;
            f += df;
        }
    }
    // Knight leaps (knight, archbishop, chancellor) and king steps.
    for (dr, df) in [
        (2, 1),
        (2, -1),
        (-2, 1),
        (-2, -1),
        (1, 2),
        (1, -2),
        (-1, 2),
        (-1, -2),
    ] {
        if at(kr + dr, kf + df).is_some_and(|c| enemy(c, "nac")) {
            return true;
        }
    }
    for dr in -1..=1 {
        for df in -1..=1 {
            if (dr, df) != (0, 0) && at(kr + dr, kf + df).is_some_and(|c| enemy(c, "k")) {
                return true;
            }
        }
    }
    // Pawns capture diagonally forward: an enemy of the upper side moves down (rows grow).
    let from = if upper { kr - 1 } else { kr + 1 };
    [1, -1]
        .iter()
        .any(|df| at(from, kf + df).is_some_and(|c| enemy(c, "p")))
}

/// Whether the mover's royal piece is attacked after a move, by the attack test of its game.
fn royal_attacked<B: Set>(game: &Chess<B>, after_fen: &str, mover_upper: bool) -> bool {
    let g = grid(after_fen);
    match game.id() {
        "xiangqi" => general_in_danger(&g, mover_upper, false),
        "minixiangqi" => general_in_danger(&g, mover_upper, true),
        _ => king_attacked(&g, mover_upper),
    }
}

fn divide_sums<B: Set>(game: &Chess<B>, pos: &Position<B>) -> Result<(), TestCaseError> {
    for depth in 1..=3 {
        let total: u128 =
            rulebench::perft::divide(game, pos, depth, Count::Unique, &PerftOptions::one_thread())
                .iter()
                .map(|x| x.1)
                .sum();
        prop_assert_eq!(total, game.perft(pos, depth, Count::Unique));
    }
    Ok(())
}

fn symmetric<B: Set>(game: &Chess<B>, pos: &Position<B>) -> Result<(), TestCaseError> {
    let fen = game.fen(pos);
    let other = if game.rules().sides[0] == "red" {
        // Xiangqi's board is symmetric left to right: turning it round is the colour swap.
        game.parse_fen(&turned(&fen)).unwrap()
    } else {
        game.parse_fen(&flipped(&fen)).unwrap()
    };
    for depth in 1..=3 {
        prop_assert_eq!(
            game.perft(pos, depth, Count::Unique),
            game.perft(&other, depth, Count::Unique),
            "{}",
            fen
        );
    }
    if game.rules().sides[0] == "red" {
        let mirror = game.parse_fen(&mirrored(&fen)).unwrap();
        for depth in 1..=3 {
            prop_assert_eq!(
                game.perft(pos, depth, Count::Unique),
                game.perft(&mirror, depth, Count::Unique)
            );
        }
    }
    Ok(())
}

fn round_trip<B: Set>(game: &Chess<B>, pos: &Position<B>) -> Result<(), TestCaseError> {
    let fen = game.fen(pos);
    let back = game.parse_fen(&fen).unwrap();
    // A double step leaves its en-passant point wherever a pawn stands to take there; the FEN
    // writes it only where that capture is legal (a pinned pawn's is not), so where none is
    // the point reads back as none: the same moves, no en-passant capture among them.
    let mut expected = *pos;
    if fen.split_whitespace().nth(3) == Some("-") {
        let no_point = Position::<B>::empty();
        expected.ep = no_point.ep;
        expected.ep_victim = no_point.ep_victim;
        prop_assert!(
            !game
                .legal_moves(pos)
                .iter()
                .any(|m| matches!(m, Move::EnPassant { .. })),
            "{} drops a legal en-passant capture",
            fen
        );
    }
    prop_assert_eq!(back, expected, "{}", fen);
    prop_assert_eq!(game.fen(&back), fen);
    Ok(())
}

fn royal_safe<B: Set>(game: &Chess<B>, pos: &Position<B>) -> Result<(), TestCaseError> {
    let mover_upper = game.fen(pos).split_whitespace().nth(1) == Some("w");
    for (mv, text) in game.moves_with_notation(pos) {
        let after = game.fen(&game.play(pos, &mv));
        prop_assert!(
            !royal_attacked(game, &after, mover_upper),
            "{} {} leaves the royal piece attacked: {}",
            game.fen(pos),
            text,
            after
        );
    }
    Ok(())
}

fn counts_agree<B: Set>(game: &Chess<B>, pos: &Position<B>) -> Result<(), TestCaseError> {
    // The bulk count at the last ply equals the listed moves.
    prop_assert_eq!(
        game.perft(pos, 1, Count::Unique),
        game.legal_moves(pos).len() as u128
    );
    // Perft 2 by playing every move equals the search's.
    let by_hand: u128 = game
        .legal_moves(pos)
        .iter()
        .map(|m| game.legal_moves(&game.play(pos, m)).len() as u128)
        .sum();
    prop_assert_eq!(game.perft(pos, 2, Count::Unique), by_hand);
    Ok(())
}

fn in_place_agrees<B: Set>(game: &Chess<B>, pos: &Position<B>) -> Result<(), TestCaseError> {
    // The last ply but one plays each plain move on one copy and takes it back.
    let engine = game.engine();
    for mv in game.legal(pos) {
        if let Move::Normal {
            from,
            to,
            promotion,
        } = mv
        {
            let mut p = *pos;
            let undo = engine.make_in_place(&mut p, from as u32, to as u32, promotion);
            prop_assert_eq!(p, engine.make(pos, mv), "{:?}", mv);
            engine.unmake(&mut p, from as u32, to as u32, undo);
            prop_assert_eq!(p, *pos, "{:?}", mv);
        }
    }
    Ok(())
}

/// Where captured pieces go to a hand: every move keeps the pieces on the board and in the
/// hands as many (a capture moves one to a hand, a drop one from it), and a drop takes one
/// piece of its type from the mover's hand and puts it on an empty point.
fn material_kept<B: Set>(game: &Chess<B>, pos: &Position<B>) -> Result<(), TestCaseError> {
    let count = |p: &Position<B>| {
        p.occupied().count() + p.hands.iter().flatten().map(|&n| u32::from(n)).sum::<u32>()
    };
    let us = pos.side as usize;
    for mv in game.legal(pos) {
        let next = game.play(pos, &mv);
        prop_assert_eq!(count(&next), count(pos), "{} {:?}", game.fen(pos), mv);
        if let Move::Drop { kind, to } = mv {
            prop_assert!(pos.kind_at(to as u32) == rulebench::chess::position::EMPTY);
            prop_assert_eq!(
                next.hands[us][kind as usize] + 1,
                pos.hands[us][kind as usize]
            );
            prop_assert_eq!(next.kind_at(to as u32), kind);
        }
    }
    Ok(())
}

fn pos64() -> impl Strategy<Value = (usize, Position<u64>)> {
    (0..games64().len(), any::<u64>(), 0u32..140)
        .prop_map(|(g, seed, plies)| (g, playout(&games64()[g], seed, plies)))
}

fn pos128() -> impl Strategy<Value = (usize, Position<u128>)> {
    (0..games128().len(), any::<u64>(), 0u32..140)
        .prop_map(|(g, seed, plies)| (g, playout(&games128()[g], seed, plies)))
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn perft_is_the_sum_of_divide_64((g, pos) in pos64()) { divide_sums(&games64()[g], &pos)?; }
    #[test]
    fn perft_is_the_sum_of_divide_128((g, pos) in pos128()) { divide_sums(&games128()[g], &pos)?; }
    #[test]
    fn the_colour_swapped_position_has_the_same_perft_64((g, pos) in pos64().prop_filter("rules the same for both colours", |(g, _)| !["racingkings", "horde"].contains(&games64()[*g].id()))) { symmetric(&games64()[g], &pos)?; }
    #[test]
    fn the_colour_swapped_position_has_the_same_perft_128((g, pos) in pos128()) { symmetric(&games128()[g], &pos)?; }
    #[test]
    fn fen_round_trip_64((g, pos) in pos64()) { round_trip(&games64()[g], &pos)?; }
    #[test]
    fn fen_round_trip_128((g, pos) in pos128()) { round_trip(&games128()[g], &pos)?; }
    #[test]
    fn no_legal_move_leaves_the_royal_piece_attacked_64((g, pos) in pos64().prop_filter("chess pieces or xiangqi, a royal king on each side", |(g, _)| !["makruk", "shatranj", "horde", "antichess", "giveaway", "minishogi"].contains(&games64()[*g].id()))) {
        royal_safe(&games64()[g], &pos)?;
    }
    #[test]
    fn no_legal_move_leaves_the_royal_piece_attacked_128((g, pos) in pos128().prop_filter("chess pieces or xiangqi", |(g, _)| !["grasshopper", "shogi"].contains(&games128()[*g].id()))) {
        royal_safe(&games128()[g], &pos)?;
    }
    #[test]
    fn drops_and_captures_keep_the_material_64((g, pos) in pos64().prop_filter("drops", |(g, _)| games64()[*g].engine().drops.is_some())) { material_kept(&games64()[g], &pos)?; }
    #[test]
    fn drops_and_captures_keep_the_material_128((g, pos) in pos128().prop_filter("drops", |(g, _)| games128()[*g].engine().drops.is_some())) { material_kept(&games128()[g], &pos)?; }
    #[test]
    fn counts_and_moves_agree_64((g, pos) in pos64()) { counts_agree(&games64()[g], &pos)?; }
    #[test]
    fn counts_and_moves_agree_128((g, pos) in pos128()) { counts_agree(&games128()[g], &pos)?; }
    #[test]
    fn make_in_place_then_unmake_restores_64((g, pos) in pos64()) { in_place_agrees(&games64()[g], &pos)?; }
    #[test]
    fn make_in_place_then_unmake_restores_128((g, pos) in pos128()) { in_place_agrees(&games128()[g], &pos)?; }

    /// The two widths play chess alike.
    #[test]
    fn both_widths_count_chess_alike(seed in any::<u64>(), plies in 0u32..140) {
        let narrow = &games64()[1];
        let wide = games128().iter().find(|g| g.id() == "chess").unwrap();
        let pos = playout(narrow, seed, plies);
        let other = wide.parse_fen(&narrow.fen(&pos)).unwrap();
        for depth in 1..=3 {
            prop_assert_eq!(narrow.perft(&pos, depth, Count::Unique), wide.perft(&other, depth, Count::Unique));
        }
    }
}

/// The round trip where a double step's en-passant point has a pawn beside it that may not
/// take (pinned to its king along the file): the point is kept by the reader, not written,
/// and the round trip holds with it dropped (a case the random playouts met once in some
/// thousands: King of the Hill, after e2-e4, the d4 pawn pinned by the queen on d1).
#[test]
fn a_pinned_pawn_s_en_passant_point_is_not_written() {
    let game = games64()
        .iter()
        .find(|g| g.id() == "kingofthehill")
        .unwrap();
    let pos = game
        .parse_fen("rn1q2nr/5p1p/p2kPP2/P1p3B1/pP1pP1bR/8/2P2K2/1R1Q2N1 b - e3 0 24")
        .unwrap();
    assert_ne!(
        pos.ep, 0,
        "the reader keeps the point: a pawn stands to take there"
    );
    let fen = game.fen(&pos);
    assert_eq!(
        fen,
        "rn1q2nr/5p1p/p2kPP2/P1p3B1/pP1pP1bR/8/2P2K2/1R1Q2N1 b - - 0 24"
    );
    round_trip(game, &pos).unwrap();
}

/// The plain attack test itself sees the attacks it is meant to see (so the property above
/// could fail).
#[test]
fn the_plain_attack_test_sees_checks() {
    let red_in_danger = |fen: &str| general_in_danger(&grid(fen), true, false);
    // A chariot on the general's file.
    assert!(red_in_danger("4k4/9/9/9/9/9/9/9/4r4/4K4 w"));
    assert!(!red_in_danger("5k3/9/9/9/9/9/9/4P4/4r4/3K5 w"));
    // A cannon with one screen, not with none or two.
    assert!(red_in_danger("3k5/9/9/9/4c4/9/9/4P4/9/4K4 w"));
    assert!(!red_in_danger("3k5/9/9/9/4c4/9/9/9/9/4K4 w"));
    assert!(!red_in_danger("3k5/9/9/9/4c4/4p4/9/4P4/9/4K4 w"));
    // A horse with its leg free, then blocked.
    assert!(red_in_danger("3k5/9/9/9/9/9/9/3n5/9/4K4 w"));
    assert!(!red_in_danger("3k5/9/9/9/9/9/9/3n5/3P5/4K4 w"));
    // The generals facing on an open file.
    assert!(red_in_danger("4k4/9/9/9/9/9/9/9/9/4K4 w"));
    // A black soldier in front; beside only across the river (red's side for black).
    assert!(red_in_danger("3k5/9/9/9/9/9/9/9/4p4/4K4 w"));
    assert!(red_in_danger("3k5/9/9/9/9/9/9/9/9/3pK4 w"));
    assert!(!red_in_danger("3k5/9/9/9/9/9/9/9/9/4K4 w"));
}

/// The chess attack test sees what it is meant to see.
#[test]
fn the_chess_attack_test_sees_checks() {
    let white_attacked = |fen: &str| king_attacked(&grid(fen), true);
    assert!(white_attacked("4k3/8/8/8/8/8/8/r3K3"));
    assert!(!white_attacked("4k3/8/8/8/8/8/8/r2PK3"));
    assert!(white_attacked("4k3/8/8/8/8/8/3p4/4K3"));
    assert!(!white_attacked("4k3/8/8/8/8/8/4p3/4K3"));
    assert!(white_attacked("4k3/8/8/8/8/3n4/8/4K3"));
    assert!(white_attacked("4k3/8/8/8/1b6/8/8/4K3"));
    assert!(white_attacked("4k3/8/8/8/8/8/8/2c1K3") && white_attacked("4k3/8/8/8/8/5a2/8/4K3"));
    assert!(!white_attacked("4k3/8/8/8/8/8/8/4K3"));
}

/// Games with the rule that no move may give check, each beside its twin without the rule:
/// the rule's moves are found without playing them ([`rulebench::chess::movegen`]'s check
/// points), and must be exactly the twin's moves that give no check when played.
fn no_check_pairs() -> &'static Vec<(Chess<u64>, Chess<u64>)> {
    static PAIRS: OnceLock<Vec<(Chess<u64>, Chess<u64>)>> = OnceLock::new();
    PAIRS.get_or_init(|| {
        [
            ("racingkings", "tests/data/racingkings-checks-allowed.toml"),
            ("tests/data/chess-no-check.toml", "chess"),
            ("tests/data/nightrider-no-check.toml", "nightrider"),
        ]
        .iter()
        .map(|(with, without)| {
            (
                rulebench::load::<Chess<_>>(*with).unwrap(),
                rulebench::load::<Chess<_>>(*without).unwrap(),
            )
        })
        .collect()
    })
}

fn no_check_kept<B: Set>(
    with: &Chess<B>,
    without: &Chess<B>,
    pos: &Position<B>,
) -> Result<(), TestCaseError> {
    // Racing Kings' flag: once a king stands on the eighth rank the twins' answers differ by
    // the rule itself (which reply may arrive), not by the way checks are found.
    let fen = with.fen(pos);
    if fen
        .split('/')
        .next()
        .is_some_and(|rank| rank.contains(['k', 'K']))
    {
        return Ok(());
    }
    let mut kept = with.legal_moves(pos);
    let mut expected: Vec<Move> = without
        .legal_moves(pos)
        .into_iter()
        .filter(|m| !without.gives_check(pos, *m))
        .collect();
    kept.sort();
    expected.sort();
    prop_assert_eq!(&kept, &expected, "{}", fen);
    prop_assert_eq!(with.perft(pos, 1, Count::Unique), expected.len() as u128);
    Ok(())
}

proptest! {
    #![proptest_config(config())]
    #[test]
    fn no_move_giving_check_is_kept_and_no_other_is_lost(
        (g, seed, plies) in (0..no_check_pairs().len(), any::<u64>(), 0u32..120)
    ) {
        let (with, without) = &no_check_pairs()[g];
        let pos = playout(with, seed, plies);
        no_check_kept(with, without, &pos)?;
        // Positions of the twin's play too: pieces standing where the rule keeps them from.
        let pos = playout(without, seed, plies);
        if !without.engine().in_check(&pos) && !without.engine().opponent_in_check(&pos) {
            no_check_kept(with, without, &pos)?;
        }
    }
}
