//! Zobrist hashing of draughts positions for the transposition table: a key per kind of piece
//! and square, one for black to move, the same in every run, for bitboards of any width.

use super::moves::Move;
use crate::bits::Bits;
use crate::draughts::position::Position;
use crate::draughts::schema::Colour;

/// The keys: [white man, white king, black man, black king] per square bit.
#[derive(Clone, Debug)]
pub(crate) struct Zobrist {
    keys: Box<[[u64; 4]; 128]>,
    black_to_move: u64,
}

impl Zobrist {
    /// The keys.
    pub(crate) fn new() -> Zobrist {
        Zobrist {
            keys: Box::new(std::array::from_fn(|bit| {
                std::array::from_fn(|kind| splitmix64(((kind as u64) << 8) | bit as u64))
            })),
            black_to_move: splitmix64(0xB1AC),
        }
    }

    /// The hash of a position (pieces and side to move), from scratch.
    pub(crate) fn hash<B: Bits>(&self, pos: &Position<B>) -> u64 {
        let mut h = if pos.side == Colour::Black {
            self.black_to_move
        } else {
            0
        };
        for (kind, set) in [
            pos.white & !pos.kings,
            pos.white & pos.kings,
            pos.black & !pos.kings,
            pos.black & pos.kings,
        ]
        .into_iter()
        .enumerate()
        {
            for bit in set.squares() {
                h ^= self.keys[bit as usize][kind];
            }
        }
        h
    }

    /// The hash after `mv`, updated from `hash`, the hash of `pos`.
    #[inline(always)]
    pub(crate) fn after<B: Bits>(&self, pos: &Position<B>, hash: u64, mv: &Move<B>) -> u64 {
        let own = if pos.side == Colour::White { 0 } else { 2 };
        let enemy = 2 - own;
        let was_king = pos.kings.has(mv.from as u32) as usize;
        let is_king = (was_king == 1 || mv.promotes) as usize;
        let mut h = hash
            ^ self.black_to_move
            ^ self.keys[mv.from as usize][own + was_king]
            ^ self.keys[mv.to as usize][own + is_king];
        for bit in mv.captured.squares() {
            h ^= self.keys[bit as usize][enemy + pos.kings.has(bit) as usize];
        }
        h
    }
}

/// A fixed, well-mixed 64-bit value per input.
const fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
