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
use super::sink::{Filter, Sink};
use super::specials::{Ends, Extinction, Flag, FlagWins};
use crate::chess::bitboard::Set;
use crate::chess::position::Position;
use crate::chess::tables::Kinds;

impl<B: Set> Engine<B> {
    /// Whether the game is already decided by a rule of this module (perft: no moves).
    #[inline]
    pub fn ended(&self, pos: &Position<B>, ends: &Ends<B>) -> bool {
        if let Some(flag) = &ends.flag {
            let side = pos.side as usize & 1;
            match flag.wins {
                FlagWins::OnArrival => {
                    let first = flag.reached(pos, 0);
                    let second = flag.reached(pos, 1);
                    // The second side's answer: it moves once more after the first side
                    // arrives, if that move can bring it there too.
                    if second || (first && !self.may_answer(pos, ends, flag)) {
                        return true;
                    }
                }
                FlagWins::IfNotCapturable => {
                    if self.arrived_uncapturable(pos, flag, 1 - side).is_some()
                        || self.arrived_uncapturable(pos, flag, side).is_some()
                    {
                        return true;
                    }
                }
                FlagWins::IfStillThere => {
                    if flag.reached(pos, side) {
                        return true;
                    }
                }
            }
        }
        if let Some(x) = ends.extinction
            && (0..2).any(|side| self.extinct(pos, side, &x).is_some())
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

    /// Whether `side` has met extinction: `Some` of the types it has too few of (all of them,
    /// or the one type, with `each_type`), `None` if it has not.
    #[inline]
    pub fn extinct(&self, pos: &Position<B>, side: usize, x: &Extinction) -> Option<Kinds> {
        let few = |kinds: Kinds| {
            let left = self.of_kinds(pos, side, kinds);
            if x.fewer_than == 1 {
                left.is_empty()
            } else {
                left.count() < x.fewer_than
            }
        };
        if !x.each_type {
            return few(x.kinds).then_some(x.kinds);
        }
        let mut k = x.kinds;
        while k != 0 {
            let one = k & k.wrapping_neg();
            if few(one) {
                return Some(one);
            }
            k &= k - 1;
        }
        None
    }

    /// Under `wins = "if-not-capturable"`: a flag piece of `side` standing in its region
    /// that the other side could not capture there, as its point. Either side's counts at
    /// every turn (a piece attacked when it arrived wins once the attack is gone).
    #[inline(never)]
    pub fn arrived_uncapturable(
        &self,
        pos: &Position<B>,
        flag: &Flag<B>,
        side: usize,
    ) -> Option<u32> {
        flag.there(pos, side)
            .squares()
            .find(|&p| !self.attacked(pos, p, 1 - side, pos.occupied(), B::ZERO))
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

    /// Under `royal_may_flee_check = false`, in check: whether `mv` moves a piece that is not
    /// royal, or the royal piece to capture the one piece giving check.
    fn answers_check_in_place(&self, pos: &Position<B>, mv: Move) -> bool {
        let from = mv.from();
        if self.royal >> (mv.mover(pos) as u32 & 31) & 1 == 0 || matches!(mv, Move::Drop { .. }) {
            return true;
        }
        let Move::Normal { to, .. } = mv else {
            return false;
        };
        let us = pos.side as usize & 1;
        let to = to as u32;
        // The piece on `to` gives check, and no other does.
        let (enemy, occupied) = (pos.sides[1 - us], pos.occupied());
        enemy.holds(to)
            && self.attacked(pos, from, 1 - us, occupied, enemy & !B::one(to))
            && !self.attacked(pos, from, 1 - us, occupied, B::one(to))
    }

    /// Whether `mv` takes an enemy piece.
    #[inline]
    pub fn is_capture(&self, pos: &Position<B>, mv: Move) -> bool {
        match mv {
            Move::Normal { to, .. } => pos.sides[1 - (pos.side as usize & 1)].holds(to as u32),
            Move::EnPassant { .. } => true,
            Move::Castle { .. } | Move::Drop { .. } | Move::Pass { .. } => false,
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
        if ends.blast_checks {
            return self.generate_explosive(pos, ends, sink);
        }
        let safety = self.safety::<PLAIN>(pos);
        if ends.royal_stays_in_check && safety.in_check {
            return self.generate_standing::<S, PLAIN>(pos, ends, &safety, sink);
        }
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

    /// In check under `royal_may_flee_check = false`: the legal moves but the royal piece's
    /// that do not capture the one piece giving check (out of line, so that the other rules of
    /// this module keep [`Engine::generate_ending`] as small as it was).
    #[inline(never)]
    fn generate_standing<S: Sink<B>, const PLAIN: bool>(
        &self,
        pos: &Position<B>,
        ends: &Ends<B>,
        safety: &Safety<B>,
        sink: &mut S,
    ) {
        let mut standing = Filter {
            inner: sink,
            keep: |mv| self.answers_check_in_place(pos, mv),
            kept: 0,
        };
        let no_check = ends.giving_check_illegal;
        self.generate_captures_first::<_, PLAIN>(pos, ends, safety, no_check, &mut standing);
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
            self.generate_castling(pos, c, safety.royal.is_some(), sink);
        }
        if let Some(d) = &self.drops {
            self.generate_drops::<S, PLAIN>(pos, safety, d, sink);
        }
        if self.passing {
            self.generate_pass(pos, safety, sink);
        }
    }
}
