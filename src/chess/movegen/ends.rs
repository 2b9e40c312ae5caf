//! The rules that end a game otherwise than by checkmate (a flag reached, a side's pieces
//! gone, the n-th check given) and those that forbid moves the pieces could otherwise make
//! (compulsory capture, no move giving check). A game already decided so has no moves, as in
//! Fairy-Stockfish's and python-chess's perft; the moves of a game going on pass through a
//! filter sink that keeps those the rules allow. Chess has none of these rules and never
//! comes here.

use super::attack::Safety;
use super::engine::Engine;
use super::moves::Move;
use super::no_check::NoCheck;
use super::sink::Sink;
use super::specials::{Ends, Flag, Promotion};
use crate::chess::bitboard::Set;
use crate::chess::position::Position;

/// A sink that passes on, one by one, the moves `keep` accepts.
struct Filter<'a, S, F> {
    inner: &'a mut S,
    keep: F,
    kept: u32,
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

impl<B: Set> Engine<B> {
    /// Whether the game is already decided by a rule of this module (perft: no moves).
    #[inline]
    pub fn ended(&self, pos: &Position<B>, ends: &Ends<B>) -> bool {
        if let Some(flag) = &ends.flag {
            let first = flag.reached(pos, 0);
            let second = flag.reached(pos, 1);
            // The second side's answer: it moves once more after the first side arrives, if
            // that move can bring it there too.
            if second || (first && !self.may_answer(pos, ends, flag)) {
                return true;
            }
        }
        if let Some(kinds) = ends.extinction
            && (0..2).any(|side| self.of_kinds(pos, side, kinds).is_empty())
        {
            return true;
        }
        if let Some(n) = ends.checks_to_win
            && (pos.checks[0] >= n || pos.checks[1] >= n)
        {
            return true;
        }
        false
    }

    /// Whether the second side, to move after the first side's piece has arrived, may still
    /// answer: the rules let it, and one of its legal moves brings a flag piece there too.
    #[inline(never)]
    pub fn may_answer(&self, pos: &Position<B>, ends: &Ends<B>, flag: &Flag<B>) -> bool {
        if !flag.second_may_answer || pos.side != 1 {
            return false;
        }
        let region = flag.region[1];
        let no_check = ends.giving_check_illegal;
        let mut counter = super::Counter(0);
        let mut arrivals = Filter {
            inner: &mut counter,
            keep: |mv: Move| {
                let (kind, lands) = match mv {
                    Move::Castle { king, partner } => (
                        pos.kind_at(king as u32),
                        self.castling.as_ref().map_or(u32::MAX, |c| {
                            self.castling_targets(c, 1, king as u32, partner as u32).0
                        }),
                    ),
                    _ => (mv.mover(pos), mv.to()),
                };
                flag.kinds >> (kind as u32 & 31) & 1 != 0
                    && lands != u32::MAX
                    && region.holds(lands)
                    && !(no_check && self.gives_check(pos, mv))
            },
            kept: 0,
        };
        if self.plain {
            let safety = self.safety::<true>(pos);
            self.generate_moves::<_, true>(pos, &safety, &mut arrivals);
        } else {
            let safety = self.safety::<false>(pos);
            self.generate_moves::<_, false>(pos, &safety, &mut arrivals);
        }
        arrivals.kept > 0
    }

    /// Whether `mv` takes an enemy piece.
    #[inline]
    pub fn is_capture(&self, pos: &Position<B>, mv: Move) -> bool {
        match mv {
            Move::Normal { to, .. } => pos.sides[1 - (pos.side as usize & 1)].holds(to as u32),
            Move::EnPassant { .. } => true,
            Move::Castle { .. } | Move::Drop { .. } => false,
        }
    }

    /// Whether `mv` attacks the enemy's royal piece.
    #[inline]
    pub fn gives_check(&self, pos: &Position<B>, mv: Move) -> bool {
        self.in_check(&self.make(pos, mv))
    }

    /// The legal moves under the rules of this module.
    #[inline(never)]
    pub(crate) fn generate_ending<S: Sink<B>, const PLAIN: bool>(
        &self,
        pos: &Position<B>,
        ends: &Ends<B>,
        sink: &mut S,
    ) {
        if self.ended(pos, ends) {
            return;
        }
        let safety = self.safety::<PLAIN>(pos);
        if PLAIN
            && ends.giving_check_illegal
            && !ends.compulsory_capture
            && let Some(checks) = self.check_squares(pos)
        {
            // The checking moves found without playing them (with compulsory capture too, a
            // capture is one only if it gives no check: those are played and tested below).
            let mut quiet = NoCheck {
                inner: sink,
                engine: self,
                pos,
                checks,
            };
            return self.generate_moves::<_, PLAIN>(pos, &safety, &mut quiet);
        }
        let no_check = ends.giving_check_illegal;
        self.generate_captures_first::<_, PLAIN>(pos, ends, &safety, no_check, sink);
    }

    /// The legal moves, only the captures if the rules make capture compulsory and there is
    /// one; with `no_check`, each move is played and those that give check are left out.
    #[inline(always)]
    fn generate_captures_first<S: Sink<B>, const PLAIN: bool>(
        &self,
        pos: &Position<B>,
        ends: &Ends<B>,
        safety: &Safety<B>,
        no_check: bool,
        sink: &mut S,
    ) {
        if ends.compulsory_capture {
            let mut captures = Filter {
                inner: &mut *sink,
                keep: |mv| self.is_capture(pos, mv) && !(no_check && self.gives_check(pos, mv)),
                kept: 0,
            };
            self.generate_moves::<_, PLAIN>(pos, safety, &mut captures);
            if captures.kept > 0 {
                return;
            }
        }
        if no_check {
            let mut quiet = Filter {
                inner: sink,
                keep: |mv| !self.gives_check(pos, mv),
                kept: 0,
            };
            self.generate_moves::<_, PLAIN>(pos, safety, &mut quiet);
        } else {
            self.generate_moves::<_, PLAIN>(pos, safety, sink);
        }
    }

    /// The moves of the pieces, en passant and castling, legal but for this module's rules.
    #[inline(always)]
    pub(crate) fn generate_moves<S: Sink<B>, const PLAIN: bool>(
        &self,
        pos: &Position<B>,
        safety: &Safety<B>,
        sink: &mut S,
    ) {
        self.generate_pieces::<S, PLAIN>(pos, safety, sink);
        if !pos.ep.is_empty() {
            self.generate_en_passant(pos, safety, sink);
        }
        if let Some(c) = &self.castling
            && !(pos.castling & pos.sides[pos.side as usize & 1]).is_empty()
            && !safety.in_check
        {
            self.generate_castling(pos, c, sink);
        }
        if let Some(d) = &self.drops {
            self.generate_drops::<S, PLAIN>(pos, safety, d, sink);
        }
    }
}
