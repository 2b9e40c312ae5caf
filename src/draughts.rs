//! The draughts family: a [`Rules`] file compiled into a playable, countable game.

use crate::diagnostics::{LocatedError, SourceFile};
use crate::game::{Count, Game, PerftOptions};
use crate::movegen::{self, DetailedMove, Kernel, Move};
use crate::position::{Position, parse_square};
use crate::rules::{Colour, Rules, SquareNotation};
use crate::table::Table;

/// A draughts variant ready to play: the rules and their compiled kernel.
///
/// ```
/// use rulebench::{Draughts, Game, Count, Rules};
/// let game = Draughts::new(Rules::load("american").unwrap());
/// assert_eq!(game.perft(&game.start(), 3, Count::Unique), 302);
/// ```
#[derive(Clone, Debug)]
pub struct Draughts {
    rules: Rules,
    kernel: Kernel,
}

/// How a game stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Play goes on.
    Ongoing,
    /// One side has won.
    Win {
        /// The winner.
        winner: Colour,
        /// Why, in words.
        reason: String,
    },
    /// Drawn.
    Draw {
        /// Why, in words.
        reason: String,
    },
}

impl Draughts {
    /// Compiles the rules.
    pub fn new(rules: Rules) -> Draughts {
        let kernel = Kernel::new(&rules);
        Draughts { rules, kernel }
    }

    /// The same game run by the generator that reads the board layout from the kernel, as
    /// boards of sizes not compiled in do (for tests: the shipped variants all have a size that
    /// is compiled in).
    #[doc(hidden)]
    pub fn with_layout_read_at_run_time(mut self) -> Draughts {
        self.kernel.read_layout_at_run_time();
        self
    }

    /// Loads rules by spec (see [`Rules::load`]) and compiles them.
    pub fn load(spec: &str) -> Result<Draughts, LocatedError> {
        Rules::load(spec).map(Draughts::new)
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The legal moves (unique; `paths` counts the jump orders of each).
    pub fn legal_moves(&self, pos: &Position) -> Vec<Move> {
        movegen::legal_moves(&self.kernel, pos).as_slice().to_vec()
    }

    /// The legal moves with every jump sequence that makes each.
    pub fn detailed_moves(&self, pos: &Position) -> Vec<DetailedMove> {
        movegen::detailed_moves(&self.kernel, pos)
    }

    /// The position after `mv`, with the draw counter and move number brought up to date.
    pub fn play(&self, pos: &Position, mv: &Move) -> Position {
        let mut next = movegen::play_fast(pos, mv);
        let man = pos.kings & (1u64 << mv.from) == 0;
        let reset = self.rules.draw.is_some_and(|d| {
            (d.reset_by_capture && mv.is_capture())
                || (d.reset_by_promotion && mv.promotes)
                || (d.reset_by_man_move && man)
        });
        next.quiet_plies = if reset {
            0
        } else {
            pos.quiet_plies.saturating_add(1)
        };
        if pos.side != self.rules.start.side {
            next.move_number = pos.move_number.saturating_add(1);
        }
        next
    }

    /// How the game stands: the side to move loses with no piece or no legal move; the
    /// quiet-move rule draws. (Perft never looks at this.)
    pub fn outcome(&self, pos: &Position) -> Outcome {
        let side = pos.side;
        let name = |c: Colour| match c {
            Colour::White => "white",
            Colour::Black => "black",
        };
        if pos.pieces(side.opponent()) == 0 {
            return Outcome::Win {
                winner: side,
                reason: format!("{} has no pieces left", name(side.opponent())),
            };
        }
        if pos.pieces(side) == 0 {
            return Outcome::Win {
                winner: side.opponent(),
                reason: format!("{} has no pieces left", name(side)),
            };
        }
        if movegen::legal_moves(&self.kernel, pos).is_empty() {
            return Outcome::Win {
                winner: side.opponent(),
                reason: format!("{} has no legal move", name(side)),
            };
        }
        if let Some(d) = self.rules.draw
            && pos.quiet_plies >= 2 * d.quiet_moves
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

    /// Perft with the given options and an existing transposition table (so that several
    /// searches, such as the moves of a divide, share one).
    pub fn perft_in(
        &self,
        pos: &Position,
        depth: u32,
        count: Count,
        options: &PerftOptions<'_>,
        table: Option<&Table>,
    ) -> u128 {
        let no_progress = |_: u64, _: u64| {};
        let progress = options.progress.unwrap_or(&no_progress);
        movegen::perft_parallel(
            &self.kernel,
            pos,
            depth,
            count,
            options.threads,
            table,
            progress,
        )
    }

    /// Divide with the given options: perft of each legal move, sorted by move text, sharing
    /// one transposition table.
    pub fn divide_with(
        &self,
        pos: &Position,
        depth: u32,
        count: Count,
        options: &PerftOptions<'_>,
    ) -> Vec<(String, u128)> {
        let table = (options.hash_mb > 0)
            .then(|| Table::new(options.hash_mb))
            .flatten();
        crate::game::divide_by(self, pos, depth, count, |child, d| {
            self.perft_in(child, d, count, options, table.as_ref())
        })
    }

    /// The Zobrist hash of a position (pieces and side to move).
    pub fn zobrist(&self, pos: &Position) -> u64 {
        self.kernel.zobrist(pos)
    }

    /// The Zobrist hash after `mv`, updated incrementally from `hash` (the hash of `pos`), as
    /// the hashed perft does.
    pub fn zobrist_after(&self, pos: &Position, hash: u64, mv: &Move) -> u64 {
        self.kernel.zobrist_after(pos, hash, mv)
    }

    /// A square as the variant writes it (`28`, `c3`).
    pub fn square_text(&self, bit: u32) -> String {
        match self.rules.notation.squares {
            SquareNotation::Numeric => self.rules.geometry.number(bit).to_string(),
            SquareNotation::Algebraic => self.rules.geometry.algebraic(bit),
        }
    }

    /// The canonical text of each legal move: `32-28`, `28x19`, and the full path
    /// `28x19x10` only when two captures share their first and last squares.
    pub fn notated_moves(&self, pos: &Position) -> Vec<(DetailedMove, String)> {
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
                    let ambiguous = moves.iter().any(|o| {
                        o.mv.is_capture() && o.mv.from == m.from && o.mv.to == m.to && o.mv != m
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
    pub fn parse_move(&self, pos: &Position, text: &str) -> Result<Move, LocatedError> {
        let source = SourceFile {
            name: "move".into(),
            text: text.into(),
        };
        let whole = 0..text.len();
        let (notated, candidates) = self.matching_moves(pos, text)?;
        match candidates.len() {
            1 => Ok(notated[candidates[0]].0.mv),
            0 => {
                let legal: Vec<&str> = notated.iter().map(|(_, t)| t.as_str()).collect();
                Err(LocatedError::new(
                    &source,
                    whole,
                    format!("`{text}` is not a legal move here"),
                    Some(format!("legal moves: {}", legal.join(" "))),
                ))
            }
            _ => {
                let options: Vec<&str> =
                    candidates.iter().map(|&i| notated[i].1.as_str()).collect();
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
        pos: &Position,
        text: &str,
    ) -> Result<(Vec<(DetailedMove, String)>, Vec<usize>), LocatedError> {
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
            .collect();
        Ok((notated, candidates))
    }
}

impl Game for Draughts {
    type Position = Position;
    type Move = Move;

    fn id(&self) -> &str {
        &self.rules.id
    }

    fn start(&self) -> Position {
        self.rules.start
    }

    fn parse_fen(&self, fen: &str) -> Result<Position, LocatedError> {
        Position::from_fen(&self.rules.geometry, fen)
    }

    fn fen(&self, pos: &Position) -> String {
        pos.to_fen(&self.rules.geometry)
    }

    fn moves_with_notation(&self, pos: &Position) -> Vec<(Move, String)> {
        self.notated_moves(pos)
            .into_iter()
            .map(|(d, t)| (d.mv, t))
            .collect()
    }

    fn play(&self, pos: &Position, mv: &Move) -> Position {
        Draughts::play(self, pos, mv)
    }

    fn paths(&self, mv: &Move) -> u64 {
        mv.paths as u64
    }

    fn perft(&self, pos: &Position, depth: u32, count: Count) -> u128 {
        movegen::perft_dispatch(&self.kernel, pos, depth, count, None)
    }

    fn perft_with(
        &self,
        pos: &Position,
        depth: u32,
        count: Count,
        options: &PerftOptions<'_>,
    ) -> u128 {
        // Without the memory for a table, the search runs without one.
        let table = (options.hash_mb > 0)
            .then(|| Table::new(options.hash_mb))
            .flatten();
        self.perft_in(pos, depth, count, options, table.as_ref())
    }
}
