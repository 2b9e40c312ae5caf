//! Random positions for the draughts property tests: reached by play, or built from random
//! square sets; and the proptest configuration they share.

use proptest::prelude::ProptestConfig;
use rulebench::draughts::Width;
use rulebench::draughts::{Colour, Position};
use rulebench::{Draughts, Game};

/// `default_cases` cases a property, unless `PROPTEST_CASES` in the environment says otherwise.
pub fn config(default_cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases: std::env::var("PROPTEST_CASES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default_cases),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// A position reached by `plies` random legal moves (fewer if the game ends).
pub fn playout<B: Width>(game: &Draughts<B>, seed: u64, plies: u32) -> Position<B> {
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
pub fn built<B: Width>(
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
