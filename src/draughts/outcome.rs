//! How a draughts game ends: the side to move loses with no piece or no legal move; the
//! quiet-move rule draws; a side whose only moves the limit on a king's ordinary moves in a
//! row refuses has none. Perft never looks at this.

use super::build::Width;
use super::game::Draughts;
use super::movegen::Move;
use super::position::Position;
use crate::outcome::Outcome;

impl<B: Width> Draughts<B> {
    /// How the game stands: the side to move loses with no piece or no legal move; the
    /// quiet-move rule draws. (Perft never looks at this.)
    pub fn outcome(&self, pos: &Position<B>) -> Outcome {
        let side = pos.side;
        if pos.pieces(side.opponent()).is_empty() {
            return Outcome::Win {
                winner: side.name().into(),
                reason: format!("{} has no pieces left", side.opponent().name()),
            };
        }
        if pos.pieces(side).is_empty() {
            return Outcome::Win {
                winner: side.opponent().name().into(),
                reason: format!("{} has no pieces left", side.name()),
            };
        }
        if B::legal_moves(&self.kernel, pos).is_empty() {
            return Outcome::Win {
                winner: side.opponent().name().into(),
                reason: format!("{} has no legal move", side.name()),
            };
        }
        if let Some(d) = self.rules.draw
            && u64::from(pos.quiet_plies) >= 2 * u64::from(d.quiet_moves)
        {
            return Outcome::Draw {
                reason: format!(
                    "{} moves by each side without a capture or promotion",
                    d.quiet_moves
                ),
            };
        }
        Outcome::Ongoing
    }

    /// How the game stands after `history` (the positions of the game, the current one
    /// last): [`Draughts::outcome`], and a loss for a side whose only moves the limit on a
    /// king's ordinary moves in a row refuses.
    pub fn outcome_of_game(&self, history: &[Position<B>]) -> Outcome {
        let Some(pos) = history.last() else {
            return Outcome::Ongoing;
        };
        let outcome = Draughts::outcome(self, pos);
        if outcome == Outcome::Ongoing
            && self.rules.king_quiet_moves_in_a_row.is_some()
            && self
                .legal_moves(pos)
                .iter()
                .all(|mv| self.refused_by_king_limit(history, mv).is_some())
        {
            return Outcome::Win {
                winner: pos.side.opponent().name().into(),
                reason: format!(
                    "{} has no legal move (its only moves are refused by the limit on a king's \
                     ordinary moves in a row)",
                    pos.side.name()
                ),
            };
        }
        outcome
    }

    /// Why the limit on a king's ordinary moves in a row refuses `mv` after `history` (the
    /// positions of the game, the current one last); `None` when it does not.
    pub fn refused_by_king_limit(&self, history: &[Position<B>], mv: &Move<B>) -> Option<String> {
        let limit = self.rules.king_quiet_moves_in_a_row?;
        let pos = history.last()?;
        let own = pos.pieces(pos.side);
        if mv.is_capture() || !pos.kings.has(mv.from as u32) || (own & !pos.kings).is_empty() {
            return None;
        }
        // Walk back over this side's moves: each must be an ordinary move of this king, the
        // one before ending where the next began.
        let mut at = mv.from as u32;
        let mut run = 0;
        let mut i = history.len() - 1;
        while i >= 2 && run < limit {
            let (before, after) = (&history[i - 2], &history[i - 1]);
            let (b, a) = (before.pieces(pos.side), after.pieces(pos.side));
            let (left, arrived) = (b & !a, a & !b);
            let quiet = before.pieces(pos.side.opponent()) == after.pieces(pos.side.opponent());
            if !quiet
                || left.count() != 1
                || arrived != B::bit(at)
                || (before.kings & left).is_empty()
            {
                break;
            }
            at = left.lowest();
            run += 1;
            i -= 2;
        }
        (run >= limit).then(|| {
            format!(
                "the king on {} has made {limit} ordinary moves in a row and its side still has \
                 men",
                self.square_text(mv.from as u32)
            )
        })
    }
}
