//! The placement field of a FEN: the ranks from the top, each from file a, with Fairy-
//! Stockfish's marks of promoted pieces (`+P`, `Q~`) and, in the games with drops, the hands.

use super::FenRules;
use crate::chess::bitboard::Set;
use crate::chess::position::Position;
use crate::chess::rules::kind_of_letter;
use crate::diagnostics::LocatedError;

impl<B: Set> FenRules<'_, B> {
    /// What the board part of a FEN looks like, for the help of its errors.
    pub(super) fn shape_help(&self) -> String {
        format!(
            "a FEN lists {} ranks from the top, separated by `/`, each with {} points: piece \
             letters (capitals for the first side) and digits for empty points; then `w` or `b`",
            self.board.ranks(),
            self.board.files()
        )
    }

    /// Reads the placement field: the ranks from the top, `+` before and `~` after a letter,
    /// the hands in brackets or as a rank more.
    pub(super) fn read_placement(
        &self,
        placement: &str,
        at: usize,
        pos: &mut Position<B>,
        err: &dyn Fn(std::ops::Range<usize>, String, &str) -> LocatedError,
    ) -> Result<(), LocatedError> {
        let board = self.board;
        let shape_help = self.shape_help();
        // The hands: `[QRbp]` after the board, or (Fairy-Stockfish) a rank more after a `/`.
        let (placement, hand) = match placement.strip_suffix(']').and_then(|p| p.rsplit_once('[')) {
            Some((board_part, hand)) => (board_part, Some((at + board_part.len() + 1, hand))),
            None => (placement, None),
        };
        let mut ranks = Vec::new();
        let mut s = at;
        for part in placement.split('/') {
            ranks.push((s, part));
            s += part.len() + 1;
        }
        let hand = match hand {
            None if self.rules.game.drops && ranks.len() == board.ranks() as usize + 1 => {
                ranks.pop()
            }
            h => h,
        };
        if let Some((hand_at, text)) = hand {
            self.read_hand(text, hand_at, pos, err)?;
        }
        if ranks.len() != board.ranks() as usize {
            return Err(err(
                at..at + placement.len(),
                format!(
                    "{} ranks where the board has {}",
                    ranks.len(),
                    board.ranks()
                ),
                &shape_help,
            ));
        }
        let marks_promoted = self.rules.game.drops
            && self.rules.pieces.iter().any(|p| {
                p.promotion
                    .as_ref()
                    .is_some_and(|pr| pr.reverts_when_captured)
            });
        for (row, &(at, text)) in ranks.iter().enumerate() {
            let rank = board.ranks() - 1 - row as u32;
            self.read_rank(rank, at, text, marks_promoted, pos, err)?;
        }
        Ok(())
    }

    /// Reads rank `rank` (its text `text`, at byte `at` of the FEN) into `pos`; with
    /// `marks_promoted`, a `~` marks the piece before it promoted.
    fn read_rank(
        &self,
        rank: u32,
        at: usize,
        text: &str,
        marks_promoted: bool,
        pos: &mut Position<B>,
        err: &dyn Fn(std::ops::Range<usize>, String, &str) -> LocatedError,
    ) -> Result<(), LocatedError> {
        let board = self.board;
        let shape_help = self.shape_help();
        let mut last_put = None;
        let mut file = 0u32;
        let mut chars = text.char_indices().peekable();
        let mut plus = false;
        while let Some((i, c)) = chars.next() {
            let here = at + i;
            if plus && !c.is_ascii_alphabetic() {
                return Err(err(
                    here - 1..here,
                    "`+` marks a promoted piece and comes before its letter".into(),
                    &shape_help,
                ));
            }
            if let Some(d) = c.to_digit(10) {
                let mut n = d;
                let mut end = here + 1;
                while let Some(&(j, c2)) = chars.peek() {
                    let Some(d2) = c2.to_digit(10) else { break };
                    // Saturating: a run longer than any board is refused below, and
                    // its digits must not wrap round to a small number.
                    n = n.saturating_mul(10).saturating_add(d2);
                    end = at + j + 1;
                    chars.next();
                }
                if n == 0 {
                    return Err(err(
                        here..end,
                        "a run of 0 empty points".into(),
                        &shape_help,
                    ));
                }
                if let Some(hole) = (file..file.saturating_add(n).min(board.files()))
                    .map(|f| board.point(f, rank))
                    .find(|&q| board.holes().holds(q))
                {
                    return Err(err(
                        here..end,
                        format!(
                            "{} is a hole of this board, written `*`, not counted among the empty points",
                            board.name(hole)
                        ),
                        &shape_help,
                    ));
                }
                file = file.saturating_add(n);
            } else if c == '*' {
                if file < board.files() && !board.holes().holds(board.point(file, rank)) {
                    return Err(err(
                        here..here + 1,
                        format!(
                            "`*` marks a hole, and {} is not one of this board's holes",
                            board.name(board.point(file, rank))
                        ),
                        &shape_help,
                    ));
                }
                file += 1;
            } else if c == '~' {
                // Fairy-Stockfish marks a promoted piece (Makruk's `m~`): kept where the
                // piece reverts when captured (crazyhouse), read and dropped otherwise.
                if i == 0 || text[..i].ends_with(|p: char| p.is_ascii_digit() || p == '~') {
                    return Err(err(
                        here..here + 1,
                        "`~` marks a promoted piece and follows its letter".into(),
                        &shape_help,
                    ));
                }
                if marks_promoted && let Some(p) = last_put {
                    pos.promoted |= B::one(p);
                }
                continue;
            } else if c == '+' && !plus {
                plus = true;
                continue;
            } else {
                let lower = c.to_ascii_lowercase();
                let Some(kind) = kind_of_letter(&self.rules.pieces, lower, plus) else {
                    return Err(self.unknown_piece(c, plus, here, err));
                };
                if file >= board.files() {
                    return Err(err(
                        here..here + 1,
                        format!("rank {} has more than {} points", rank + 1, board.files()),
                        &shape_help,
                    ));
                }
                if board.holes().holds(board.point(file, rank)) {
                    return Err(err(
                        here..here + 1,
                        format!(
                            "{} is a hole of this board: no piece stands there (write it `*`)",
                            board.name(board.point(file, rank))
                        ),
                        &shape_help,
                    ));
                }
                let side = if c.is_ascii_uppercase() { 0 } else { 1 };
                pos.put(side, kind, board.point(file, rank));
                last_put = Some(board.point(file, rank));
                plus = false;
                file += 1;
            }
            if file > board.files() {
                return Err(err(
                    here..here + 1,
                    format!("rank {} has more than {} points", rank + 1, board.files()),
                    &shape_help,
                ));
            }
        }
        if plus {
            return Err(err(
                at + text.len() - 1..at + text.len(),
                "`+` marks a promoted piece and comes before its letter".into(),
                &shape_help,
            ));
        }
        if file != board.files() {
            return Err(err(
                at..at + text.len(),
                format!(
                    "rank {} has {file} points where the board has {}",
                    rank + 1,
                    board.files()
                ),
                &shape_help,
            ));
        }
        Ok(())
    }

    /// The error for a letter (`+` before it when `plus`) at byte `here` that names no piece.
    fn unknown_piece(
        &self,
        c: char,
        plus: bool,
        here: usize,
        err: &dyn Fn(std::ops::Range<usize>, String, &str) -> LocatedError,
    ) -> LocatedError {
        let start = here - usize::from(plus);
        let c = if plus { format!("+{c}") } else { c.to_string() };
        let known: Vec<String> = self
            .letters
            .iter()
            .enumerate()
            .flat_map(|(k, l)| {
                let plus = if self.rules.pieces[k].plus { "+" } else { "" };
                l.iter().map(move |c| format!("{plus}{c}"))
            })
            .collect();
        err(
            start..here + c.len() - usize::from(plus),
            format!("`{c}` is not a piece of this variant"),
            &format!("pieces: {} (capitals for the first side)", known.join(" ")),
        )
    }
}
