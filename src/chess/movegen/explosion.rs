//! Captures that explode (atomic chess): the capturing piece, the captured one and every piece
//! a king's step from the point of capture leave the board, but the types the rule spares (a
//! blast beside them) and those immune to it (any blast, their own capture's too).
//!
//! Without royal types (Fairy-Stockfish's `nocheckatomic`, Atomar) a move is legal as the
//! pieces make it, and the blast is only played ([`Engine::explode`]). With royal types, check
//! reads the blast: a capture of a royal piece counts as an attack only if it would not blow up
//! the capturer's own royal piece, so a royal piece never attacks (its capture would take it
//! off too, unless immune) and royal pieces a king's step apart attack nothing of each other's
//! there. A move is then legal when the mover's royal pieces stand after it, and either the
//! enemy's royal pieces have all gone (the game is won at once) or none of the mover's is
//! attacked so; castling also needs the royal piece not attacked so on its point and on every
//! point it passes on the way, these seen with the royal piece off the board. Captures, moves of
//! royal pieces and of the pieces that shield them, and every move in check are played to be
//! tested; the other quiet moves leave the royal piece as it was and are legal as they are.

use super::attack::Safety;
use super::engine::Engine;
use super::moves::Move;
use super::sink::{Counter, Filter, Sink};
use super::specials::{Ends, Explosion};
use crate::chess::bitboard::Set;
use crate::chess::position::Position;

impl<B: Set> Engine<B> {
    /// The blast of a capture on `at`, the capturing piece standing there: it and the pieces
    /// around it leave the board, but those spared or immune; castling rights go with the
    /// partners blown up.
    #[inline(never)]
    pub(crate) fn explode(&self, pos: &mut Position<B>, x: &Explosion<B>, at: u32) {
        let standing =
            self.of_kinds(pos, 0, x.spares | x.immune) | self.of_kinds(pos, 1, x.spares | x.immune);
        let mut gone = x.around[at as usize] & pos.occupied() & !standing;
        if x.immune >> (pos.kind_at(at) as u32 & 31) & 1 == 0 {
            gone |= B::one(at);
        }
        for p in gone.squares() {
            pos.remove(p);
        }
        pos.castling &= !gone;
    }

    /// Whether `target` is attacked by `attacker` when the board is `occupied`, the blast
    /// seen: only by a capture that leaves the attacker's royal pieces standing.
    pub fn blast_attacked(
        &self,
        pos: &Position<B>,
        x: &Explosion<B>,
        target: u32,
        attacker: usize,
        occupied: B,
    ) -> bool {
        let beside = self.of_kinds(pos, attacker, self.royal & !(x.spares | x.immune));
        if !(x.around[target as usize] & beside).is_empty() {
            return false;
        }
        let capturers_blown = self.of_kinds(pos, attacker, self.royal & !x.immune);
        self.attacked(pos, target, attacker, occupied, capturers_blown)
    }

    /// Whether a royal piece of `side` is attacked, the blast seen.
    pub(crate) fn royal_blast_attacked(
        &self,
        pos: &Position<B>,
        x: &Explosion<B>,
        side: usize,
    ) -> bool {
        self.of_kinds(pos, side, self.royal)
            .squares()
            .any(|r| self.blast_attacked(pos, x, r, 1 - side, pos.occupied()))
    }

    /// Whether `mv` is legal under the blast's reading of check (see the module).
    fn survives_blast(&self, pos: &Position<B>, x: &Explosion<B>, mv: Move) -> bool {
        let us = pos.side as usize & 1;
        let them = 1 - us;
        let after = self.make(pos, mv);
        if self.of_kinds(&after, us, self.royal).is_empty() {
            // Its own royal piece blown up (or it had none to begin with).
            return self.of_kinds(pos, us, self.royal).is_empty();
        }
        if self.of_kinds(&after, them, self.royal).is_empty()
            && !self.of_kinds(pos, them, self.royal).is_empty()
        {
            return true;
        }
        if let Move::Castle { king, partner } = mv
            && let Some(c) = &self.castling
        {
            // The royal piece's point and those it passes on the way, each seen with the royal
            // piece off the board (a line through it reaches the points beyond); where it lands
            // is seen after the move, below.
            let b = &self.board;
            let (king, partner) = (king as u32, partner as u32);
            let path = c.path(us, b.file(king), b.file(partner));
            let occupied = pos.occupied() & !B::one(king);
            if ((path.passed & !B::one(path.king_to)) | B::one(king))
                .squares()
                .any(|p| self.blast_attacked(pos, x, p, them, occupied))
            {
                return false;
            }
        }
        !self.royal_blast_attacked(&after, x, us)
    }

    /// The legal moves of rules whose captures explode and some type is royal (each played and
    /// tested), the captures alone where capture is compulsory and there is one, none giving
    /// check where no move may.
    #[inline(never)]
    pub(crate) fn generate_explosive<S: Sink<B>>(
        &self,
        pos: &Position<B>,
        ends: &Ends<B>,
        sink: &mut S,
    ) {
        let Some(x) = &self.explosion else {
            return;
        };
        let none = Safety::none();
        let no_check = ends.giving_check_illegal;
        // What chess's general way minds: a quiet move by a piece that is not royal, not in
        // check as chess sees it (a check the blast cancels is tested below), that shields
        // nothing and completes no hopper's line, leaves the royal piece as safe as it was, and
        // needs no test; every other move is played.
        let mind = self.safety::<false>(pos);
        let occupied = pos.occupied();
        let legal = |mv: Move| {
            let untouched = match mv {
                Move::Normal { from, to, .. } => {
                    let (from, to) = (from as u32, to as u32);
                    !mind.in_check
                        && !occupied.holds(to)
                        && self.royal >> (pos.kind_at(from) as u32 & 31) & 1 == 0
                        && !mind.blockers.holds(from)
                        && !mind.danger.holds(to)
                }
                _ => false,
            };
            (untouched || self.survives_blast(pos, x, mv))
                && !(no_check && self.gives_check(pos, mv))
        };
        let capture = |mv: Move| self.is_capture(pos, mv) && legal(mv);
        if ends.compulsory_capture {
            let mut counter = Counter(0);
            let mut captures = Filter {
                inner: &mut counter,
                keep: capture,
                kept: 0,
            };
            self.generate_moves::<_, false>(pos, &none, &mut captures);
            if captures.kept > 0 {
                let mut captures = Filter {
                    inner: sink,
                    keep: capture,
                    kept: 0,
                };
                return self.generate_moves::<_, false>(pos, &none, &mut captures);
            }
        }
        let mut moves = Filter {
            inner: sink,
            keep: legal,
            kept: 0,
        };
        self.generate_moves::<_, false>(pos, &none, &mut moves);
    }
}
