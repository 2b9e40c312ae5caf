//! The line tables' whole-set shifts (the pieces with a first jump found at once, the last
//! ply's ordinary moves counted by set sizes) change no move and no count: every shipped
//! draughts variant, Canadian's 12x12 board on 128 bits included, against the same generator
//! searching every piece square by square and listing every move of the last ply. Positions
//! are reached by random play and built from random square sets (kings of both sides
//! everywhere, so that flying kings' first captures are exercised). `PROPTEST_CASES` sets the
//! number of cases (96 by default). On boards wider than 64 bits the shift-based kernel is
//! compared with the line tables too (on 64 bits `tests/properties.rs` does it).

use proptest::prelude::*;
use rulebench::draughts::Width;
use rulebench::draughts::{Move, Position, Rules};
use rulebench::{Count, Draughts, Game};
use std::sync::OnceLock;

use crate::common;
use common::playout::{built, config, playout};

/// The shipped games on the line tables, with and without the shifts, and as they are
/// played (by the kernel where it covers the rules).
struct Pair<B: Width> {
    shifts: Draughts<B>,
    squares: Draughts<B>,
    played: Draughts<B>,
}

fn narrow() -> &'static Vec<Pair<u64>> {
    static GAMES: OnceLock<Vec<Pair<u64>>> = OnceLock::new();
    GAMES.get_or_init(|| {
        rulebench::rules::shipped_of(rulebench::rules::Family::Draughts)
            .iter()
            .filter_map(|id| rulebench::load::<Draughts>(id).ok())
            .map(|g| Pair {
                shifts: g.clone().with_line_tables(),
                squares: g.clone().square_by_square(),
                played: g,
            })
            .collect()
    })
}

fn wide() -> &'static Vec<Pair<u128>> {
    static GAMES: OnceLock<Vec<Pair<u128>>> = OnceLock::new();
    GAMES.get_or_init(|| {
        rulebench::rules::shipped_of(rulebench::rules::Family::Draughts)
            .iter()
            .filter_map(|id| rulebench::load::<Rules>(id).ok())
            .filter(|r| !r.geometry.fits::<u64>())
            .map(|r| {
                let g = Draughts::<u128>::with_rules(r).unwrap();
                Pair {
                    shifts: g.clone().with_line_tables(),
                    squares: g.clone().square_by_square(),
                    played: g,
                }
            })
            .collect()
    })
}

/// The shifts and the square-by-square search: same moves, same perft.
fn agree<B: Width>(pair: &Pair<B>, pos: &Position<B>) -> Result<(), TestCaseError> {
    games_agree(&pair.shifts, &pair.squares, pos)
}

/// Same moves, same perft to depth 3 (both counts, while the tree stays small).
fn games_agree<B: Width>(
    one: &Draughts<B>,
    other: &Draughts<B>,
    pos: &Position<B>,
) -> Result<(), TestCaseError> {
    let order = |m: &Move<B>| (m.from, m.to, m.captured, m.promotes, m.paths);
    let mut a = one.legal_moves(pos);
    let mut b = other.legal_moves(pos);
    a.sort_by_key(order);
    b.sort_by_key(order);
    let fen = one.fen(pos);
    let id = one.id();
    prop_assert_eq!(a, b, "{} {}", id, fen);
    for depth in 1..=3 {
        for count in [Count::Unique, Count::Paths] {
            prop_assert_eq!(
                one.perft(pos, depth, count),
                other.perft(pos, depth, count),
                "{} {} perft({}) {:?}",
                id,
                fen,
                depth,
                count
            );
        }
        if other.perft(pos, depth, Count::Paths) > 20_000 {
            break;
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(96))]

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

    #[test]
    fn the_kernel_agrees_with_the_line_tables_on_wide_boards(
        g in 0..8usize, seed in any::<u64>(), plies in 0u32..90, crowd in 2u64..9, kingly in 1u64..5
    ) {
        let pair = &wide()[g % wide().len()];
        games_agree(&pair.played, &pair.shifts, &playout(&pair.squares, seed, plies))?;
        let pos = built(&pair.squares, seed, crowd, kingly, plies % 2 == 0);
        games_agree(&pair.played, &pair.shifts, &pos)?;
    }
}

#[test]
fn every_shipped_variant_is_compared() {
    // Canadian is the shipped board wider than 64 bits; the rest fit.
    assert!(wide().iter().any(|p| p.shifts.id() == "canadian"));
    // Its diagonal rules are the kernel's: the comparison above is kernel against tables.
    for p in wide() {
        assert!(p.shifts.follows_line_tables() && p.squares.follows_line_tables());
        assert!(!p.played.follows_line_tables(), "{}", p.played.id());
    }
    let ids: Vec<&str> = narrow().iter().map(|p| p.shifts.id()).collect();
    assert!(
        ids.len() + wide().len()
            == rulebench::rules::shipped_of(rulebench::rules::Family::Draughts).len(),
        "{ids:?}"
    );
    assert!(narrow().iter().any(|p| p.shifts.id() == "frisian"));
    assert!(narrow().iter().any(|p| p.shifts.id() == "turkish"));
}
