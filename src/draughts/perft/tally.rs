//! Where the lean capture searches of the last ply put the sequences they find: counted or
//! listed.

use super::leaf_count::LeafCount;
use crate::bits::Bits;
use crate::draughts::movegen::lists::{MoveList, Sink};
use crate::draughts::movegen::moves::Move;

/// Where the lean searches ([`FlyingLeafCount`], and `ShortLeafCount` for men and short
/// kings) put the sequences they find: counted ([`LeafCount`], at the last ply) or listed
/// ([`MoveList`], at the parent of the leaves), with the precedence and the duplicate check
/// of [`Sink::capture`].
pub(in crate::draughts) trait LeanTally<B: Bits>: Sink<B> {
    /// Takes the sequences that make `mv` with `to` on each of `ends`, each of fewer than three
    /// jumps (so none repeats another) and scoring `score`.
    fn short_ends(&mut self, mv: Move<B>, ends: B, score: u128);
}

impl<B: Bits> LeanTally<B> for LeafCount<'_, B> {
    #[inline(always)]
    fn short_ends(&mut self, _mv: Move<B>, ends: B, score: u128) {
        self.add(ends.count() as u64, score);
    }
}

impl<B: Bits> LeanTally<B> for MoveList<B> {
    #[inline(always)]
    fn short_ends(&mut self, mv: Move<B>, ends: B, score: u128) {
        let mut rest = ends;
        while rest != B::ZERO {
            let to = rest.lowest() as u8;
            rest = rest.without_lowest();
            self.capture(Move { to, ..mv }, score, 1);
        }
    }
}
