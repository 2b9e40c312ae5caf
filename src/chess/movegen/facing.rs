//! Passing, and royal pieces that may come to face each other but must not stay so (Janggi's
//! bikjang): when they face on an open file, the side to move must break the facing (put a
//! piece between them, or step aside) or pass, and may pass even in check. Rules without
//! these never come here.

use super::attack::Safety;
use super::engine::Engine;
use super::moves::Move;
use super::sink::{Filter, Sink};
use crate::chess::bitboard::Set;
use crate::chess::position::Position;

impl<B: Set> Engine<B> {
    /// Whether the two sides' royal pieces stand on one file with nothing between them.
    #[inline]
    pub fn royals_face(&self, pos: &Position<B>) -> bool {
        let (Some(a), Some(b)) = (self.royal_point(pos, 0), self.royal_point(pos, 1)) else {
            return false;
        };
        let board = &self.board;
        board.file(a) == board.file(b) && (board.between(a, b) & pos.occupied()).is_empty()
    }

    /// The legal moves under `two_passes_end` or `must_break_facing`: none once the game has
    /// ended by passing; when the royal pieces face each other, those that break the facing,
    /// and the pass.
    #[inline(never)]
    pub(crate) fn generate_passing_rules<S: Sink<B>, const PLAIN: bool>(
        &self,
        pos: &Position<B>,
        sink: &mut S,
    ) {
        if self.two_passes_end && pos.passes >= 2 {
            return;
        }
        if !(self.must_break_facing && self.royals_face(pos)) {
            return self.generate_unfaced::<S, PLAIN>(pos, sink);
        }
        if pos.passes > 0 {
            // The facing accepted by a pass: the game has ended.
            return;
        }
        let mut breaking = Filter {
            inner: sink,
            keep: |mv: Move| {
                matches!(mv, Move::Pass { .. }) || !self.royals_face(&self.make(pos, mv))
            },
            kept: 0,
        };
        self.generate_unfaced::<_, PLAIN>(pos, &mut breaking);
    }

    /// The pass, where the rules allow it: not in check, unless the royal pieces face each
    /// other under `must_break_facing`.
    #[inline]
    pub(crate) fn generate_pass<S: Sink<B>>(
        &self,
        pos: &Position<B>,
        safety: &Safety<B>,
        sink: &mut S,
    ) {
        let Some(royal) = safety.royal else {
            return;
        };
        if !safety.in_check || (self.must_break_facing && self.royals_face(pos)) {
            sink.add_move(Move::Pass { royal: royal as u8 });
        }
    }
}
