//! The last ply's captures counted without being listed: a sink that counts, keeping only the
//! sequences that can repeat a move.

use crate::bits::Bits;
use crate::draughts::movegen::lists::Sink;
use crate::draughts::movegen::moves::Move;

/// Counts captures at the last ply without listing them; only sequences of three jumps or
/// more (the only ones that can repeat a move) are kept, in `long`, to merge duplicates.
pub(in crate::draughts) struct LeafCount<'a, B: Bits = u64> {
    pub(in crate::draughts) long: &'a mut Vec<Move<B>>,
    pub(in crate::draughts) unique: u64,
    pub(in crate::draughts) paths: u64,
    pub(in crate::draughts) best: u128,
}

impl<B: Bits> LeafCount<'_, B> {
    /// Whether a capture of `score` counts: not below the best so far (a better one starts
    /// the tally again).
    #[inline(always)]
    fn admits(&mut self, score: u128) -> bool {
        if score < self.best {
            return false;
        }
        if score > self.best {
            self.long.clear();
            self.unique = 0;
            self.paths = 0;
            self.best = score;
        }
        true
    }

    /// Counts `n` captures of `score` too short to repeat another (under three jumps), each one
    /// path.
    #[inline(always)]
    pub(in crate::draughts) fn add(&mut self, n: u64, score: u128) {
        if n == 0 || !self.admits(score) {
            return;
        }
        self.paths += n;
        self.unique += n;
    }
}

impl<B: Bits> Sink<B> for LeafCount<'_, B> {
    #[inline(always)]
    fn capture(&mut self, mv: Move<B>, score: u128, jumps: u32) {
        if !self.admits(score) {
            return;
        }
        self.paths += 1;
        if jumps >= 3 {
            if self.long.iter().any(|m| m.same_as(&mv)) {
                return;
            }
            self.long.push(mv);
        }
        self.unique += 1;
    }

    fn quiet(&mut self, _mv: Move<B>) {
        unreachable!("ordinary moves are counted, not listed, at the last ply")
    }

    #[inline]
    fn has_captures(&self) -> bool {
        self.unique > 0
    }
}
