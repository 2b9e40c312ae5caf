//! How a game of the chess family stands, from its history: checkmate and stalemate, the
//! perpetual-check and repetition limits, insufficient material and the counting rule, each
//! as the rules file sets it. Perft never looks at any of this.
//!
//! Decisions where RULES.md §2 leaves room (see README): an identical check is the same
//! position (pieces and side to move) produced by a move that gives check, counted over the
//! moves played; a repetition counts every position of the game, the first included; the
//! counting rule starts at the first position in which one side has only its royal piece,
//! with the limit set by the other side's force at that moment (the ignored types aside), and
//! counts that side's moves from there.

use super::Chess;
use super::position::Position;
use super::schema::ResultName;
use crate::game::Outcome;

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

impl Chess {
    /// The outcome `result` (for `side`) as a game result, with `reason`.
    fn result(&self, side: usize, result: ResultName, reason: String) -> Outcome {
        let names = &self.rules.sides;
        match result {
            ResultName::Loss => Outcome::Win {
                winner: names[1 - side].clone(),
                reason,
            },
            ResultName::Win => Outcome::Win {
                winner: names[side].clone(),
                reason,
            },
            ResultName::Draw => Outcome::Draw { reason },
        }
    }

    /// The pieces of `side`, as sorted piece types.
    fn material(&self, pos: &Position, side: usize) -> Vec<u8> {
        let mut m: Vec<u8> = (0..self.rules.pieces.len())
            .flat_map(|k| {
                std::iter::repeat_n(
                    k as u8,
                    (pos.kinds[k] & pos.sides[side]).count_ones() as usize,
                )
            })
            .collect();
        m.sort();
        m
    }

    /// Whether `side` has only royal pieces left.
    fn bare(&self, pos: &Position, side: usize) -> bool {
        let royal = self.rules.engine.royal;
        (0..self.rules.pieces.len())
            .filter(|k| royal & 1 << k == 0)
            .all(|k| pos.kinds[k] & pos.sides[side] == 0)
    }

    /// How the game stands after `history` (its positions in order, the current one last).
    pub fn game_outcome(&self, history: &[Position]) -> Outcome {
        let Some(pos) = history.last() else {
            return Outcome::Ongoing;
        };
        let names = &self.rules.sides;
        let game = &self.rules.game;
        let engine = &self.rules.engine;
        let side = pos.side as usize;
        let mover = 1 - side;
        let in_check = engine.in_check(pos);
        if engine.count(pos) == 0 {
            return if in_check {
                self.result(
                    side,
                    game.checkmate,
                    format!("checkmate: {} is in check with no legal move", names[side]),
                )
            } else {
                self.result(
                    side,
                    game.stalemate,
                    format!("stalemate: {} has no legal move", names[side]),
                )
            };
        }
        if let Some((limit, result)) = game.perpetual_check
            && in_check
        {
            let times = history[1..]
                .iter()
                .filter(|p| p.same_placement(pos))
                .count();
            if times > limit as usize {
                return self.result(
                    mover,
                    result,
                    format!(
                        "perpetual check: {} gave the same check for the {} time",
                        names[mover],
                        ordinal(times)
                    ),
                );
            }
        }
        if let Some((limit, result)) = game.repetition {
            let times = history.iter().filter(|p| p.same_placement(pos)).count();
            if times > limit as usize {
                return self.result(
                    mover,
                    result,
                    format!(
                        "repetition: the same position for the {} time",
                        ordinal(times)
                    ),
                );
            }
        }
        let material = [self.material(pos, 0), self.material(pos, 1)];
        if game.insufficient_material.iter().any(|[a, b]| {
            (*a == material[0] && *b == material[1]) || (*a == material[1] && *b == material[0])
        }) {
            return Outcome::Draw {
                reason: "insufficient material: neither side can force a win".into(),
            };
        }
        if let Some(counting) = &game.counting
            && let Some(start) = history
                .iter()
                .position(|p| self.bare(p, 0) || self.bare(p, 1))
        {
            let at = &history[start];
            let defender = if self.bare(at, 0) { 0 } else { 1 };
            let attacker = 1 - defender;
            let royal = engine.royal as u32;
            let force: Vec<u8> = self
                .material(at, attacker)
                .into_iter()
                .filter(|&k| (counting.ignore | royal) & 1 << k == 0)
                .collect();
            if let Some((_, limit)) = counting.limits.iter().find(|(f, _)| *f == force) {
                let moves = history[start + 1..]
                    .iter()
                    .zip(&history[start..])
                    .filter(|(_, before)| before.side as usize == attacker)
                    .count();
                if moves >= *limit as usize {
                    return Outcome::Draw {
                        reason: format!(
                            "counting rule: {} did not win within {limit} moves after {} was left with only its royal piece",
                            names[attacker], names[defender]
                        ),
                    };
                }
            }
        }
        Outcome::Ongoing
    }
}
