//! Properties of the chess family over random legal playouts of xiangqi and minixiangqi
//! (proptest; 24 cases per property by default, `PROPTEST_CASES=N` for more).

use proptest::prelude::*;
use rulebench::chess::Position;
use rulebench::{Chess, Count, Game};
use std::sync::OnceLock;

fn games() -> &'static Vec<Chess> {
    static GAMES: OnceLock<Vec<Chess>> = OnceLock::new();
    GAMES.get_or_init(|| {
        ["xiangqi", "minixiangqi"]
            .iter()
            .map(|id| Chess::load(id).unwrap())
            .collect()
    })
}

/// A position reached by `plies` random legal moves (fewer if the game ends).
fn playout(game: &Chess, seed: u64, plies: u32) -> Position {
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
        pos = game.play(&pos, &moves[(state % moves.len() as u64) as usize]);
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

fn arb_position() -> impl Strategy<Value = (usize, Position)> {
    (0..games().len(), any::<u64>(), 0u32..120)
        .prop_map(|(g, seed, plies)| (g, playout(&games()[g], seed, plies)))
}

/// The board of a FEN as rows of characters, the top rank first (`.` for empty points).
fn grid(fen: &str) -> Vec<Vec<char>> {
    fen.split_whitespace()
        .next()
        .unwrap()
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
    let rest: Vec<&str> = parts.collect();
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
    let rest: Vec<&str> = parts.collect();
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

/// A plain attack test written from RULES.md §2, independent of the generator: whether the
/// general of the side written in `upper` case (or lower) is attacked on the board `g` (rows
/// from the top), or faces the other general on an open file. River: between rows
/// `ranks / 2 - 1` and `ranks / 2` (Xiangqi); Minixiangqi soldiers move sideways anywhere.
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

proptest! {
    #![proptest_config(config())]

    #[test]
    fn perft_is_the_sum_of_divide((g, pos) in arb_position()) {
        let game = &games()[g];
        for depth in 1..=3 {
            let total: u128 = game.divide(&pos, depth, Count::Unique).iter().map(|x| x.1).sum();
            prop_assert_eq!(total, game.perft(&pos, depth, Count::Unique));
        }
    }

    #[test]
    fn the_mirror_image_has_the_same_perft((g, pos) in arb_position()) {
        let game = &games()[g];
        let mirror = game.parse_fen(&mirrored(&game.fen(&pos))).unwrap();
        for depth in 1..=3 {
            prop_assert_eq!(game.perft(&pos, depth, Count::Unique), game.perft(&mirror, depth, Count::Unique));
        }
    }

    #[test]
    fn colours_swapped_and_board_turned_has_the_same_perft((g, pos) in arb_position()) {
        let game = &games()[g];
        let other = game.parse_fen(&turned(&game.fen(&pos))).unwrap();
        for depth in 1..=3 {
            prop_assert_eq!(game.perft(&pos, depth, Count::Unique), game.perft(&other, depth, Count::Unique));
        }
    }

    #[test]
    fn fen_round_trip((g, pos) in arb_position()) {
        let game = &games()[g];
        let fen = game.fen(&pos);
        let back = game.parse_fen(&fen).unwrap();
        prop_assert_eq!(back, pos);
        prop_assert_eq!(game.fen(&back), fen);
    }

    #[test]
    fn no_legal_move_leaves_the_general_attacked((g, pos) in arb_position()) {
        let game = &games()[g];
        let mini = game.id() == "minixiangqi";
        let mover_upper = game.fen(&pos).split_whitespace().nth(1) == Some("w");
        for (mv, text) in game.moves_with_notation(&pos) {
            let after = game.fen(&game.play(&pos, &mv));
            prop_assert!(
                !general_in_danger(&grid(&after), mover_upper, mini),
                "{} {} leaves the general attacked: {}", game.fen(&pos), text, after
            );
        }
    }

    #[test]
    fn counts_and_moves_agree((g, pos) in arb_position()) {
        let game = &games()[g];
        // The bulk count at the last ply equals the listed moves.
        prop_assert_eq!(game.perft(&pos, 1, Count::Unique), game.legal_moves(&pos).len() as u128);
        // Perft 2 by playing every move equals the search's.
        let by_hand: u128 = game.legal_moves(&pos).iter().map(|m| game.legal_moves(&game.play(&pos, m)).len() as u128).sum();
        prop_assert_eq!(game.perft(&pos, 2, Count::Unique), by_hand);
    }
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
