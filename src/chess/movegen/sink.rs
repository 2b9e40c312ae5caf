//! Where generated moves go: a counter, a list, or a filter in front of either.

use super::moves::Move;
use super::specials::Promotion;
use crate::chess::bitboard::Set;

/// Where moves go: whole sets of legal targets, or one legal move at a time.
pub trait Sink<B: Set> {
    /// Every point of `targets` is a legal plain move from `from`.
    fn add(&mut self, from: u32, targets: B);
    /// Every point of `targets` is a legal move from `from` that promotes as `promotion` says
    /// for the side to move, `side`.
    fn add_promotions(&mut self, from: u32, targets: B, promotion: &Promotion<B>, side: usize);
    /// One legal move (each promotion choice its own).
    fn add_move(&mut self, mv: Move);
    /// Every point `to` of `targets` is a legal plain move from `to - offset`.
    fn add_by_offset(&mut self, targets: B, offset: i32);
    /// Likewise, each promoting as `promotion` says for `side`.
    fn add_promotions_by_offset(
        &mut self,
        targets: B,
        offset: i32,
        promotion: &Promotion<B>,
        side: usize,
    );
    /// Every point of `targets` is a legal drop of a piece of `kind`.
    fn add_drops(&mut self, kind: usize, targets: B);
}

/// Counts moves.
#[derive(Default)]
pub struct Counter(pub u64);

impl<B: Set> Sink<B> for Counter {
    #[inline(always)]
    fn add(&mut self, _from: u32, targets: B) {
        self.0 += targets.count() as u64;
    }
    #[inline(always)]
    fn add_promotions(&mut self, _from: u32, targets: B, p: &Promotion<B>, side: usize) {
        self.0 += p.count(targets, side);
    }
    #[inline(always)]
    fn add_move(&mut self, _mv: Move) {
        self.0 += 1;
    }
    #[inline(always)]
    fn add_by_offset(&mut self, targets: B, _offset: i32) {
        self.0 += targets.count() as u64;
    }
    #[inline(always)]
    fn add_promotions_by_offset(
        &mut self,
        targets: B,
        _offset: i32,
        p: &Promotion<B>,
        side: usize,
    ) {
        self.0 += p.count(targets, side);
    }
    #[inline(always)]
    fn add_drops(&mut self, _kind: usize, targets: B) {
        self.0 += targets.count() as u64;
    }
}

impl<B: Set> Sink<B> for Vec<Move> {
    #[inline(always)]
    fn add(&mut self, from: u32, targets: B) {
        for to in targets.squares() {
            self.push(Move::normal(from, to));
        }
    }
    #[inline(always)]
    fn add_promotions(&mut self, from: u32, targets: B, p: &Promotion<B>, side: usize) {
        for to in targets.squares() {
            self.extend(p.moves(from, to, side));
        }
    }
    #[inline(always)]
    fn add_move(&mut self, mv: Move) {
        self.push(mv);
    }
    #[inline(always)]
    fn add_by_offset(&mut self, targets: B, offset: i32) {
        for to in targets.squares() {
            self.push(Move::normal((to as i32 - offset) as u32, to));
        }
    }
    #[inline(always)]
    fn add_promotions_by_offset(&mut self, targets: B, offset: i32, p: &Promotion<B>, side: usize) {
        for to in targets.squares() {
            self.add_promotions((to as i32 - offset) as u32, B::one(to), p, side);
        }
    }
    #[inline(always)]
    fn add_drops(&mut self, kind: usize, targets: B) {
        for to in targets.squares() {
            self.push(Move::Drop {
                kind: kind as u8,
                to: to as u8,
            });
        }
    }
}

/// A sink that passes on, one by one, the moves `keep` accepts.
pub(crate) struct Filter<'a, S, F> {
    /// Where the kept moves go.
    pub inner: &'a mut S,
    /// Which moves to keep.
    pub keep: F,
    /// How many were kept.
    pub kept: u32,
}

impl<S, F: FnMut(Move) -> bool> Filter<'_, S, F> {
    #[inline]
    fn offer<B: Set>(&mut self, mv: Move)
    where
        S: Sink<B>,
    {
        if (self.keep)(mv) {
            self.kept += 1;
            self.inner.add_move(mv);
        }
    }
}

impl<B: Set, S: Sink<B>, F: FnMut(Move) -> bool> Sink<B> for Filter<'_, S, F> {
    fn add(&mut self, from: u32, targets: B) {
        for to in targets.squares() {
            self.offer(Move::normal(from, to));
        }
    }
    fn add_promotions(&mut self, from: u32, targets: B, p: &Promotion<B>, side: usize) {
        for to in targets.squares() {
            for mv in p.moves(from, to, side) {
                self.offer(mv);
            }
        }
    }
    fn add_move(&mut self, mv: Move) {
        self.offer(mv);
    }
    fn add_by_offset(&mut self, targets: B, offset: i32) {
        for to in targets.squares() {
            self.offer(Move::normal((to as i32 - offset) as u32, to));
        }
    }
    fn add_promotions_by_offset(&mut self, targets: B, offset: i32, p: &Promotion<B>, side: usize) {
        for to in targets.squares() {
            self.add_promotions((to as i32 - offset) as u32, B::one(to), p, side);
        }
    }
    fn add_drops(&mut self, kind: usize, targets: B) {
        for to in targets.squares() {
            self.offer(Move::Drop {
                kind: kind as u8,
                to: to as u8,
            });
        }
    }
}
