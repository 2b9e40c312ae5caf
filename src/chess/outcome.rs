//! How a game of the chess family stands, from its history: checkmate and stalemate, the
//! bare-king rule, perpetual check, the n-move rule, repetition, insufficient material and
//! the counting rule, each as the rules file sets it. Perft looks only at the bare-king rule
//! (a game it has already decided has no moves, as in Fairy-Stockfish's counts).
//!
//! Decisions where the rules leave room (docs/cli.md, "How a chess-family game ends"): an identical check is the same
//! position (pieces, side to move, rights) produced by a move that gives check, counted over
//! the moves played; a repetition counts every position of the game, the first included; the
//! counting rule starts at the first position in which one side has only its royal piece (and
//! none of the `only_without` pieces is on the board), with the limit set by the other side's
//! force at that moment (the ignored types aside), and counts the counted side's moves from
//! there, from the number of pieces on the board where the rules say so.

use super::Chess;
use super::bitboard::Set;
use super::movegen::specials::{Flag, FlagWins};
use super::position::Position;
use super::rules::Counting;
use super::schema::{Counted, ForceMatch, ResultName, StalemateName};
use crate::outcome::Outcome;

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

impl<B: Set> Chess<B> {
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
    fn material(&self, pos: &Position<B>, side: usize) -> Vec<u8> {
        let mut m: Vec<u8> = (0..self.rules.pieces.len())
            .flat_map(|k| std::iter::repeat_n(k as u8, pos.pieces(side, k).count() as usize))
            .collect();
        m.sort();
        m
    }

    /// Whether `side` has only royal pieces left.
    fn bare(&self, pos: &Position<B>, side: usize) -> bool {
        let royal = self.rules.royal_kinds();
        (0..self.rules.pieces.len())
            .filter(|k| royal >> k & 1 == 0)
            .all(|k| pos.pieces(side, k).is_empty())
    }

    /// Whether none of the types `kinds` stands on the board.
    fn none_of(&self, pos: &Position<B>, kinds: u32) -> bool {
        (0..self.rules.pieces.len())
            .filter(|k| kinds >> k & 1 != 0)
            .all(|k| pos.kinds[k].is_empty())
    }

    /// The result by a flag reached, a side's pieces gone or the n-th check given, if the
    /// game is decided so.
    fn ended_outcome(&self, pos: &Position<B>) -> Option<Outcome> {
        let names = &self.rules.sides;
        let game = &self.rules.game;
        let engine = &self.engine;
        let ends = engine.ends.as_ref()?;
        if let (Some(flag), Some(rule)) = (&ends.flag, &game.flag)
            && flag.wins != FlagWins::OnArrival
            && let Some(outcome) = self.flag_held_outcome(pos, flag, &rule.region)
        {
            return Some(outcome);
        }
        if let (Some(flag), Some(rule)) = (&ends.flag, &game.flag)
            && flag.wins == FlagWins::OnArrival
        {
            let arrived = |side: usize| {
                (0..self.rules.pieces.len())
                    .find(|&k| {
                        flag.kinds >> k & 1 != 0
                            && !(pos.pieces(side, k) & flag.region[side]).is_empty()
                    })
                    .map(|k| &self.rules.pieces[k].name)
            };
            match (arrived(0), arrived(1)) {
                (Some(_), Some(_)) => {
                    return Some(Outcome::Draw {
                        reason: format!("flag: both sides reached the {}", rule.region),
                    });
                }
                (_, Some(piece)) => {
                    return Some(self.result(
                        1,
                        ResultName::Win,
                        format!("flag: {}'s {piece} reached the {}", names[1], rule.region),
                    ));
                }
                (Some(piece), None) if !engine.may_answer(pos, ends, flag) => {
                    return Some(self.result(
                        0,
                        ResultName::Win,
                        format!("flag: {}'s {piece} reached the {}", names[0], rule.region),
                    ));
                }
                _ => {}
            }
        }
        if let (Some(x), Some(rule)) = (ends.extinction, &game.extinction) {
            // The side that has just moved first: where one move leaves both sides extinct (a
            // blast that takes both kings), that side's extinction is the one that counts.
            let mover = 1 - (pos.side as usize & 1);
            for side in [mover, 1 - mover] {
                let name = &names[side];
                if let Some(kinds) = engine.extinct(pos, side, &x) {
                    let pieces = if rule.named || x.each_type {
                        let list: Vec<&str> = (0..self.rules.pieces.len())
                            .filter(|k| kinds >> k & 1 != 0)
                            .map(|k| self.rules.pieces[k].name.as_str())
                            .collect();
                        list.join(" or ")
                    } else {
                        "pieces".into()
                    };
                    let what = match x.fewer_than {
                        1 => format!("no {pieces} left"),
                        n if rule.named || x.each_type => {
                            format!("fewer than {n} pieces of type {pieces}")
                        }
                        n => format!("fewer than {n} pieces"),
                    };
                    return Some(self.result(
                        side,
                        rule.result,
                        format!("extinction: {name} has {what}"),
                    ));
                }
            }
        }
        if let Some(n) = ends.checks_to_win {
            for (side, name) in names.iter().enumerate() {
                if pos.checks[side] >= n {
                    return Some(self.result(
                        side,
                        ResultName::Win,
                        format!("{n}-check: {name} gave check {n} times"),
                    ));
                }
            }
        }
        None
    }

    /// The end by passing: both players passed in turn, or a pass left the royal pieces
    /// facing under `must_break_facing` (with the result of `two_passes`, a draw if none).
    /// The result by a flag under `wins = "if-not-capturable"` or `"if-still-there"`.
    fn flag_held_outcome(
        &self,
        pos: &Position<B>,
        flag: &Flag<B>,
        region: &str,
    ) -> Option<Outcome> {
        let names = &self.rules.sides;
        let side = pos.side as usize & 1;
        let piece = |p: u32| &self.rules.pieces[pos.kind_at(p) as usize].name;
        if flag.wins == FlagWins::IfNotCapturable {
            let (winner, p) = [1 - side, side]
                .into_iter()
                .find_map(|s| Some((s, self.engine.arrived_uncapturable(pos, flag, s)?)))?;
            return Some(self.result(
                winner,
                ResultName::Win,
                format!(
                    "flag: {}'s {} stands on the {region}, where {} cannot capture it",
                    names[winner],
                    piece(p),
                    names[1 - winner]
                ),
            ));
        }
        let there = flag.there(pos, side);
        if there.is_empty() {
            return None;
        }
        let p = there.lowest();
        if side == 0 && flag.reached(pos, 1) {
            return Some(Outcome::Draw {
                reason: format!(
                    "flag: {}'s {} has held the {region} for a move, and {} reached it too",
                    names[0],
                    piece(p),
                    names[1]
                ),
            });
        }
        Some(self.result(
            side,
            ResultName::Win,
            format!(
                "flag: {}'s {} has held the {region} for a move",
                names[side],
                piece(p)
            ),
        ))
    }

    fn passed_outcome(&self, pos: &Position<B>) -> Option<Outcome> {
        let (game, engine) = (&self.rules.game, &self.engine);
        let result = game.two_passes.unwrap_or(ResultName::Draw);
        let side = pos.side as usize;
        if engine.two_passes_end && pos.passes >= 2 {
            return Some(self.result(side, result, "both players passed in turn".into()));
        }
        if engine.must_break_facing && pos.passes > 0 && engine.royals_face(pos) {
            let reason = "the royal pieces face each other and the facing was met by a pass";
            return Some(self.result(side, result, reason.into()));
        }
        None
    }

    /// The outcome of a stalemate of `side`.
    fn stalemated(&self, pos: &Position<B>, side: usize) -> Outcome {
        let names = &self.rules.sides;
        let reason = format!("stalemate: {} has no legal move", names[side]);
        let result = match self.rules.game.stalemate {
            StalemateName::Loss => ResultName::Loss,
            StalemateName::Draw => ResultName::Draw,
            StalemateName::Win => ResultName::Win,
            StalemateName::FewerPiecesWin => {
                let (ours, theirs) = (pos.sides[side].count(), pos.sides[1 - side].count());
                let pieces = |n: u32| format!("{n} piece{}", if n == 1 { "" } else { "s" });
                let reason = format!(
                    "{reason}; it has {}, {} has {}",
                    pieces(ours),
                    names[1 - side],
                    pieces(theirs)
                );
                let result = match ours.cmp(&theirs) {
                    std::cmp::Ordering::Less => ResultName::Win,
                    std::cmp::Ordering::Equal => ResultName::Draw,
                    std::cmp::Ordering::Greater => ResultName::Loss,
                };
                return self.result(side, result, reason);
            }
        };
        self.result(side, result, reason)
    }

    /// How the game stands after `history` (its positions in order, the current one last):
    /// [`Chess::rules_outcome`], a draw made a win for the side with draw odds.
    pub fn game_outcome(&self, history: &[Position<B>]) -> Outcome {
        let outcome = self.rules_outcome(history);
        match (outcome, self.rules.game.draw_odds) {
            (Outcome::Draw { reason }, Some(side)) => Outcome::Win {
                winner: self.rules.sides[side].clone(),
                reason: format!(
                    "{reason}; a draw counts as {}'s win",
                    self.rules.sides[side]
                ),
            },
            (outcome, _) => outcome,
        }
    }

    /// How the game stands after `history` by the rules that end it, draw odds aside.
    fn rules_outcome(&self, history: &[Position<B>]) -> Outcome {
        let Some(pos) = history.last() else {
            return Outcome::Ongoing;
        };
        let names = &self.rules.sides;
        let game = &self.rules.game;
        let engine = &self.engine;
        let side = pos.side as usize;
        let mover = 1 - side;
        if let Some((result, _)) = game.bare_king {
            let reason = |bare: usize| format!("bare king: {} has only its king left", names[bare]);
            match engine.bare_king_over(pos) {
                Some(true) => return self.result(mover, result, reason(mover)),
                Some(false) => return self.result(side, result, reason(side)),
                None if self.bare(pos, 0) && self.bare(pos, 1) => {
                    return Outcome::Draw {
                        reason: "bare king: both sides have only their kings left".into(),
                    };
                }
                None => {}
            }
        }
        if let Some(decided) = self.ended_outcome(pos) {
            return decided;
        }
        if let Some(decided) = self.passed_outcome(pos) {
            return decided;
        }
        let in_check = engine.in_check(pos);
        if engine.count(pos) == 0 {
            return if in_check {
                self.result(
                    side,
                    game.checkmate,
                    format!("checkmate: {} is in check with no legal move", names[side]),
                )
            } else {
                self.stalemated(pos, side)
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
        if let Some(rule) = &game.move_rule
            && pos.quiet_plies >= 2 * rule.moves
        {
            return Outcome::Draw {
                reason: format!(
                    "{}-move rule: {} moves by each side without a capture or a move that resets the count",
                    rule.moves, rule.moves
                ),
            };
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
        if self.insufficient(pos) {
            return Outcome::Draw {
                reason: "insufficient material: neither side can win".into(),
            };
        }
        if let Some(counting) = &game.counting
            && let Some(reason) = self.counted_out(history, counting)
        {
            return Outcome::Draw { reason };
        }
        Outcome::Ongoing
    }

    /// Whether the material left can win for neither side.
    fn insufficient(&self, pos: &Position<B>) -> bool {
        let game = &self.rules.game;
        if pos.in_hand() != 0 {
            // A piece in hand can still be dropped: the board alone does not decide.
            return false;
        }
        let material = [self.material(pos, 0), self.material(pos, 1)];
        if game.insufficient_material.iter().any(|[a, b]| {
            (*a == material[0] && *b == material[1]) || (*a == material[1] && *b == material[0])
        }) {
            return true;
        }
        let one_colour = game.insufficient_on_one_colour;
        if one_colour == 0 {
            return false;
        }
        let royal = self.rules.royal_kinds();
        let mut rest = B::ZERO;
        for k in 0..self.rules.pieces.len() {
            if royal >> k & 1 != 0 {
                continue;
            }
            if one_colour >> k & 1 == 0 && !pos.kinds[k].is_empty() {
                return false;
            }
            rest |= pos.kinds[k];
        }
        let dark = self.engine.board.dark();
        (rest & dark).is_empty() || (rest & !dark).is_empty()
    }

    /// Why the counting rule has drawn the game, if it has.
    fn counted_out(&self, history: &[Position<B>], c: &Counting) -> Option<String> {
        let names = &self.rules.sides;
        let royal = self.rules.royal_kinds();
        let applies = |p: &Position<B>| self.none_of(p, c.only_without);
        let moves_of = |start: usize, side: usize| {
            history[start + 1..]
                .iter()
                .zip(&history[start..])
                .filter(|(_, before)| before.side as usize == side)
                .count() as u32
        };
        // Pieces' honour: one side has only its royal piece.
        if let Some(start) = history
            .iter()
            .position(|p| applies(p) && (self.bare(p, 0) || self.bare(p, 1)))
        {
            let at = &history[start];
            let defender = if self.bare(at, 0) { 0 } else { 1 };
            let attacker = 1 - defender;
            let force: Vec<u8> = self
                .material(at, attacker)
                .into_iter()
                .filter(|&k| (c.ignore | royal) >> k & 1 == 0)
                .collect();
            let limit = match c.force {
                ForceMatch::Exact => c.limits.iter().find(|(f, _)| *f == force).map(|(_, m)| *m),
                ForceMatch::AtLeast => c
                    .limits
                    .iter()
                    .filter(|(f, _)| contains(&force, f))
                    .map(|(_, m)| *m)
                    .min(),
            }
            .or(c.otherwise)?;
            let counter = match c.counted {
                Counted::Attacker => attacker,
                Counted::Defender => defender,
            };
            let from = if c.start_at_pieces {
                at.occupied().count()
            } else {
                0
            };
            if from + moves_of(start, counter) >= limit {
                return Some(format!(
                    "counting rule: {} did not win within {limit} counted moves after {} was left with only its royal piece",
                    names[attacker], names[defender]
                ));
            }
            return None;
        }
        // Board's honour: the side with fewer pieces counts.
        let moves = c.board?;
        let start = history
            .iter()
            .position(|p| applies(p) && p.sides[0].count() != p.sides[1].count())?;
        let at = &history[start];
        let weaker = usize::from(at.sides[1].count() < at.sides[0].count());
        if moves_of(start, weaker) >= moves {
            let gone: Vec<&str> = (0..self.rules.pieces.len())
                .filter(|&k| c.only_without >> k & 1 != 0)
                .map(|k| self.rules.pieces[k].name.as_str())
                .collect();
            let gone = if gone.is_empty() {
                String::new()
            } else {
                format!(" with no {} left", gone.join(" or "))
            };
            return Some(format!(
                "counting rule: {} counted {moves} of its moves{gone} and no win",
                names[weaker]
            ));
        }
        None
    }
}

/// Whether the sorted material `force` holds at least the sorted `part`.
fn contains(force: &[u8], part: &[u8]) -> bool {
    let mut rest = force.to_vec();
    for k in part {
        match rest.iter().position(|x| x == k) {
            Some(i) => {
                rest.remove(i);
            }
            None => return false,
        }
    }
    true
}
