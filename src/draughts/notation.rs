//! Draughts moves in PDN: written canonically (`32-28`, `28x19`, the full path `28x19x10` only
//! when two captures share their first and last squares, algebraic `c3:e5` where the variant
//! says so) and read leniently (any separator, short form or full path).

use super::Draughts;
use super::build::Width;
use super::fen::parse_square;
use super::movegen::{DetailedMove, Move};
use super::position::Position;
use super::schema::SquareNotation;
use crate::diagnostics::{LocatedError, SourceFile};
use crate::notation::natural_cmp;

impl<B: Width> Draughts<B> {
    /// A square as the variant writes it (`28`, `c3`).
    pub fn square_text(&self, bit: u32) -> String {
        match self.rules.notation.squares {
            SquareNotation::Numeric => self.rules.geometry.number(bit).to_string(),
            SquareNotation::Algebraic => self.rules.geometry.algebraic(bit),
        }
    }

    /// The canonical text of each legal move: `32-28`, `28x19`, and the full path
    /// `28x19x10` only when two captures share their first and last squares.
    pub fn notated_moves(&self, pos: &Position<B>) -> Vec<(DetailedMove<B>, String)> {
        let moves = self.detailed_moves(pos);
        let n = &self.rules.notation;
        moves
            .iter()
            .map(|d| {
                let m = d.mv;
                let text = if !m.is_capture() {
                    format!(
                        "{}{}{}",
                        self.square_text(m.from as u32),
                        n.move_separator,
                        self.square_text(m.to as u32)
                    )
                } else {
                    // Another capture with the same ends, or an ordinary move with them
                    // (without compulsory capture) that would be written the same way.
                    let same_separator = n.capture_separator == n.move_separator;
                    let ambiguous = moves.iter().any(|o| {
                        (o.mv.is_capture() || same_separator)
                            && o.mv.from == m.from
                            && o.mv.to == m.to
                            && o.mv != m
                    });
                    let mut squares = vec![self.square_text(m.from as u32)];
                    if ambiguous {
                        squares.extend(d.paths[0].iter().map(|&b| self.square_text(b)));
                    } else {
                        squares.push(self.square_text(m.to as u32));
                    }
                    squares.join(&n.capture_separator)
                };
                (d.clone(), text)
            })
            .collect()
    }

    /// Parses a move leniently (`32-28`, `28x10`, `28x19x10`, `c3:e5`, any separator) and
    /// finds it among the legal moves.
    pub fn parse_move(&self, pos: &Position<B>, text: &str) -> Result<Move<B>, LocatedError> {
        let source = SourceFile {
            name: "move".into(),
            text: text.into(),
        };
        let whole = 0..text.len();
        let (notated, candidates) = self.matching_moves(pos, text)?;
        match candidates.len() {
            1 => Ok(notated[candidates[0]].0.mv),
            0 => {
                let mut legal: Vec<&str> = notated.iter().map(|(_, t)| t.as_str()).collect();
                legal.sort_by(|a, b| natural_cmp(a, b));
                Err(LocatedError::new(
                    &source,
                    whole,
                    format!("`{text}` is not a legal move here"),
                    Some(format!("legal moves: {}", legal.join(" "))),
                ))
            }
            _ => {
                let mut options: Vec<&str> =
                    candidates.iter().map(|&i| notated[i].1.as_str()).collect();
                options.sort_by(|a, b| natural_cmp(a, b));
                Err(LocatedError::new(
                    &source,
                    whole,
                    format!("`{text}` is ambiguous"),
                    Some(format!("give the full path: {}", options.join(" or "))),
                ))
            }
        }
    }

    /// The legal moves with their notation, and the indices of those that `text` may name:
    /// same first and last squares and, if intermediate squares are given, a jump sequence
    /// landing on exactly those squares. Errors only when `text` is not a move at all.
    #[allow(clippy::type_complexity)]
    pub fn matching_moves(
        &self,
        pos: &Position<B>,
        text: &str,
    ) -> Result<(Vec<(DetailedMove<B>, String)>, Vec<usize>), LocatedError> {
        let source = SourceFile {
            name: "move".into(),
            text: text.into(),
        };
        let mut squares = Vec::new();
        let mut start = 0;
        for (i, c) in text
            .char_indices()
            .chain(std::iter::once((text.len(), '-')))
        {
            if matches!(c, '-' | 'x' | 'X' | ':' | '×') {
                let token = text[start..i].trim();
                if token.is_empty() {
                    return Err(LocatedError::new(
                        &source,
                        start..i.max(start + 1).min(text.len()),
                        "a square is missing",
                        Some("write moves like `32-28` or `28x19x10`".into()),
                    ));
                }
                let bit = parse_square(&self.rules.geometry, token).map_err(|m| {
                    LocatedError::new(
                        &source,
                        start..i,
                        m,
                        Some("squares are numbers or names like `c3`".into()),
                    )
                })?;
                squares.push(bit);
                start = i + c.len_utf8();
            }
        }
        if squares.len() < 2 {
            return Err(LocatedError::new(
                &source,
                0..text.len(),
                "a move needs at least two squares",
                Some("write moves like `32-28` or `28x19x10`".into()),
            ));
        }
        let from = squares[0];
        let to = *squares.last().expect("two squares");
        let between = &squares[1..squares.len() - 1];
        let notated = self.notated_moves(pos);
        let candidates = notated
            .iter()
            .enumerate()
            .filter(|(_, (d, _))| {
                d.mv.from as u32 == from
                    && d.mv.to as u32 == to
                    && (between.is_empty()
                        || d.paths.iter().any(|p| {
                            p.len() == between.len() + 1 && p[..between.len()] == *between
                        }))
            })
            .map(|(i, _)| i)
            .collect::<Vec<usize>>();
        // Read leniently, `b8xh8` also names the ordinary move `b8-h8` (a game without
        // compulsory capture may have both): a move's own canonical text names it alone.
        let exact: Vec<usize> = candidates
            .iter()
            .copied()
            .filter(|&i| notated[i].1 == text.trim())
            .collect();
        let candidates = if exact.len() == 1 { exact } else { candidates };
        Ok((notated, candidates))
    }
}
