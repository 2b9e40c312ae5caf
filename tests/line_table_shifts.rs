//! The line tables' whole-set shifts (the pieces with a first jump found at once, the last
//! ply's ordinary moves counted by set sizes) change no move and no count: every shipped
//! draughts variant, Canadian's 12x12 board on 128 bits included, against the same generator
//! searching every piece square by square and listing every move of the last ply. Positions
//! are reached by random play and built from random square sets (kings of both sides
//! everywhere, so that flying kings' first captures are exercised). `PROPTEST_CASES` sets the
//! number of cases (96 by default).

use proptest::prelude::*;
use rulebench::draughts::movegen::Width;
use rulebench::{Colour, Count, Draughts, Game, Move, Position, Rules};
use std::sync::OnceLock;

/// The shipped games on the line tables, with and without the shifts.
struct Pair<B: Width> {
    shifts: Draughts<B>,
    squares: Draughts<B>,
}

fn narrow() -> &'static Vec<Pair<u64>> {
    static GAMES: OnceLock<Vec<Pair<u64>>> = OnceLock::new();
    GAMES.get_or_init(|| {
        Rules::shipped()
            .iter()
            .filter_map(|id| Draughts::load(id).ok())
            .map(|g| Pair {
                shifts: g.clone().with_line_tables(),
                squares: g.square_by_square(),
            })
            .collect()
    })
}

fn wide() -> &'static Vec<Pair<u128>> {
    static GAMES: OnceLock<Vec<Pair<u128>>> = OnceLock::new();
    GAMES.get_or_init(|| {
        Rules::shipped()
            .iter()
            .filter_map(|id| Rules::load(id).ok())
            .filter(|r| !r.geometry.fits::<u64>())
            .map(|r| {
                let g = Draughts::<u128>::build(r);
                Pair {
                    shifts: g.clone(),
                    squares: g.square_by_square(),
                }
            })
            .collect()
    })
}

/// A position reached by `plies` random legal moves (fewer if the game ends).
fn playout<B: Width>(game: &Draughts<B>, seed: u64, plies: u32) -> Position<B> {
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

/// A position of about `crowd` pieces in 20 squares, `kingly` in 8 of them kings; men never
/// on their crowning row.
fn built<B: Width>(
    game: &Draughts<B>,
    seed: u64,
    crowd: u64,
    kingly: u64,
    white: bool,
) -> Position<B> {
    let geo = &game.rules().geometry;
    let crowning = [geo.row_mask::<B>(0), geo.row_mask::<B>(geo.rows() - 1)];
    let mut state = seed | 1;
    let mut next = move |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let mut pos = Position::empty(if white { Colour::White } else { Colour::Black });
    for bit in geo.bits() {
        let b = <B as rulebench::bits::Bits>::bit(bit);
        if next(20) >= crowd {
            continue;
        }
        let white = next(2) == 0;
        let king = next(8) < kingly;
        if !king && crowning[!white as usize] & b != <B as rulebench::bits::Bits>::ZERO {
            continue;
        }
        if white {
            pos.white |= b
        } else {
            pos.black |= b
        }
        if king {
            pos.kings |= b
        }
    }
    pos
}

/// Same moves, same perft to depth 3 (both counts, while the tree stays small).
fn agree<B: Width>(pair: &Pair<B>, pos: &Position<B>) -> Result<(), TestCaseError> {
    let order = |m: &Move<B>| (m.from, m.to, m.captured, m.promotes, m.paths);
    let mut a = pair.shifts.legal_moves(pos);
    let mut b = pair.squares.legal_moves(pos);
    a.sort_by_key(order);
    b.sort_by_key(order);
    let fen = pair.shifts.fen(pos);
    let id = pair.shifts.id();
    prop_assert_eq!(a, b, "{} {}", id, fen);
    for depth in 1..=3 {
        for count in [Count::Unique, Count::Paths] {
            prop_assert_eq!(
                pair.shifts.perft(pos, depth, count),
                pair.squares.perft(pos, depth, count),
                "{} {} perft({}) {:?}",
                id,
                fen,
                depth,
                count
            );
        }
        if pair.squares.perft(pos, depth, Count::Paths) > 20_000 {
            break;
        }
    }
    Ok(())
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: std::env::var("PROPTEST_CASES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(96),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn shifts_change_nothing_after_random_play(g in 0..64usize, seed in any::<u64>(), plies in 0u32..90) {
        let pair = &narrow()[g % narrow().len()];
        agree(pair, &playout(&pair.squares, seed, plies))?;
    }

    #[test]
    fn shifts_change_nothing_on_built_positions(
        g in 0..64usize, seed in any::<u64>(), crowd in 2u64..9, kingly in 1u64..5, white in any::<bool>()
    ) {
        let pair = &narrow()[g % narrow().len()];
        agree(pair, &built(&pair.squares, seed, crowd, kingly, white))?;
    }

    #[test]
    fn shifts_change_nothing_on_wide_boards(
        g in 0..8usize, seed in any::<u64>(), plies in 0u32..90, crowd in 2u64..9, kingly in 1u64..5
    ) {
        let pair = &wide()[g % wide().len()];
        agree(pair, &playout(&pair.squares, seed, plies))?;
        agree(pair, &built(&pair.squares, seed, crowd, kingly, plies % 2 == 0))?;
    }
}

#[test]
fn every_shipped_variant_is_compared() {
    // Canadian is the shipped board wider than 64 bits; the rest fit.
    assert!(wide().iter().any(|p| p.shifts.id() == "canadian"));
    let ids: Vec<&str> = narrow().iter().map(|p| p.shifts.id()).collect();
    assert!(
        ids.len() + wide().len() == Rules::shipped().len(),
        "{ids:?}"
    );
    assert!(narrow().iter().any(|p| p.shifts.id() == "frisian"));
    assert!(narrow().iter().any(|p| p.shifts.id() == "turkish"));
}
