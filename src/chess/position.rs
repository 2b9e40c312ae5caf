//! Positions of the chess family and their FEN, in Fairy-Stockfish's convention: ranks from the
//! top (the second side's back rank) down, files a.. left to right, the first side's pieces in
//! capitals, digits for runs of empty points, then `w` (first side to move) or `b`, then the
//! optional castling and en-passant fields (`- -`), the plies since the last capture and the
//! move number: `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`.

use super::board::{Bitboard, Board, MAX_POINTS, bit};
use crate::diagnostics::{LocatedError, SourceFile};

/// The most piece types a variant may declare.
pub const MAX_KINDS: usize = 8;

/// The mailbox value of an empty point.
pub const EMPTY: u8 = 0xFF;

/// A position: the pieces of each side and of each type, a mailbox of piece types, and the
/// side to move (0 the first side, 1 the second).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The pieces of each side.
    pub sides: [Bitboard; 2],
    /// The pieces of each type, both sides.
    pub kinds: [Bitboard; MAX_KINDS],
    /// The piece type on each point, or [`EMPTY`].
    pub board: [u8; MAX_POINTS as usize],
    /// The side to move: 0 or 1.
    pub side: u8,
    /// Plies since the last capture (FEN field 5).
    pub quiet_plies: u32,
    /// The move number (FEN field 6), from 1.
    pub move_number: u32,
}

impl Position {
    /// An empty board, the first side to move.
    pub fn empty() -> Position {
        Position {
            sides: [0; 2],
            kinds: [0; MAX_KINDS],
            board: [EMPTY; MAX_POINTS as usize],
            side: 0,
            quiet_plies: 0,
            move_number: 1,
        }
    }

    /// Every occupied point.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.sides[0] | self.sides[1]
    }

    /// Puts a piece of `kind` for `side` on an empty `point`.
    pub fn put(&mut self, side: usize, kind: usize, point: u32) {
        self.sides[side] |= bit(point);
        self.kinds[kind] |= bit(point);
        self.board[point as usize] = kind as u8;
    }

    /// The side (0 or 1) of the piece on `point`, if any.
    pub fn side_at(&self, point: u32) -> Option<usize> {
        (0..2).find(|&s| self.sides[s] & bit(point) != 0)
    }

    /// Whether two positions have the same pieces on the same points and the same side to
    /// move (counters aside): what repetition compares.
    pub fn same_placement(&self, other: &Position) -> bool {
        self.sides == other.sides && self.kinds == other.kinds && self.side == other.side
    }

    /// The exact key of the transposition table: the occupied points, then the side and type
    /// of each occupant in point order, four bits each (`None` past 32 pieces).
    pub fn table_key(&self) -> Option<[u64; 4]> {
        let occupied = self.occupied();
        if occupied.count_ones() > 32 {
            return None;
        }
        let mut codes: u128 = 0;
        let mut shift = 0;
        for p in Board::iter(occupied) {
            let code = (self.sides[1] >> p & 1) << 3 | self.board[p as usize] as u128;
            codes |= code << shift;
            shift += 4;
        }
        Some([
            occupied as u64,
            (occupied >> 64) as u64,
            codes as u64,
            (codes >> 64) as u64,
        ])
    }

    /// Reads a FEN. `letters[kind]` are the letters (lower case) read for each piece type.
    pub fn from_fen(
        board: &Board,
        letters: &[Vec<char>],
        fen: &str,
    ) -> Result<Position, LocatedError> {
        let source = SourceFile {
            name: "FEN".into(),
            text: fen.into(),
        };
        let err = |span: std::ops::Range<usize>, msg: String, help: &str| {
            LocatedError::new(&source, span, msg, Some(help.to_string()))
        };
        let shape_help = format!(
            "a FEN lists {} ranks from the top, separated by `/`, each with {} points: piece \
             letters (capitals for the first side) and digits for empty points; then `w` or `b`",
            board.ranks(),
            board.files()
        );
        let text = fen.trim_end();
        let lead = text.len() - text.trim_start().len();
        let mut fields = Vec::new();
        let mut start = None;
        for (i, c) in text
            .char_indices()
            .chain(std::iter::once((text.len(), ' ')))
        {
            match (start, c.is_whitespace()) {
                (None, false) => start = Some(i),
                (Some(s), true) => {
                    fields.push(s..i);
                    start = None;
                }
                _ => {}
            }
        }
        let Some(placement) = fields.first().cloned() else {
            return Err(err(lead..text.len(), "empty FEN".into(), &shape_help));
        };
        let mut pos = Position::empty();
        let ranks: Vec<(usize, &str)> = {
            let mut out = Vec::new();
            let mut s = placement.start;
            for part in fen[placement.clone()].split('/') {
                out.push((s, part));
                s += part.len() + 1;
            }
            out
        };
        if ranks.len() != board.ranks() as usize {
            return Err(err(
                placement,
                format!(
                    "{} ranks where the board has {}",
                    ranks.len(),
                    board.ranks()
                ),
                &shape_help,
            ));
        }
        for (row, (at, text)) in ranks.iter().enumerate() {
            let rank = board.ranks() - 1 - row as u32;
            let mut file = 0u32;
            let mut chars = text.char_indices().peekable();
            while let Some((i, c)) = chars.next() {
                let here = at + i;
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
                    file = file.saturating_add(n);
                } else {
                    let lower = c.to_ascii_lowercase();
                    let Some(kind) = letters.iter().position(|l| l.contains(&lower)) else {
                        let known: Vec<String> =
                            letters.iter().flatten().map(|c| c.to_string()).collect();
                        return Err(err(
                            here..here + c.len_utf8(),
                            format!("`{c}` is not a piece of this variant"),
                            &format!("pieces: {} (capitals for the first side)", known.join(" ")),
                        ));
                    };
                    if file >= board.files() {
                        return Err(err(
                            here..here + 1,
                            format!("rank {} has more than {} points", rank + 1, board.files()),
                            &shape_help,
                        ));
                    }
                    let side = if c.is_ascii_uppercase() { 0 } else { 1 };
                    pos.put(side, kind, board.point(file, rank));
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
            if file != board.files() {
                return Err(err(
                    *at..at + text.len(),
                    format!(
                        "rank {} has {file} points where the board has {}",
                        rank + 1,
                        board.files()
                    ),
                    &shape_help,
                ));
            }
        }
        let side_help = "the side to move is `w` (the first side) or `b` (the second)";
        match fields.get(1) {
            None => {}
            Some(span) => {
                pos.side = match &fen[span.clone()] {
                    "w" | "W" => 0,
                    "b" | "B" => 1,
                    other => {
                        return Err(err(
                            span.clone(),
                            format!("`{other}` is not a side to move"),
                            side_help,
                        ));
                    }
                }
            }
        }
        for (i, span) in fields.iter().enumerate().skip(2) {
            let value = &fen[span.clone()];
            match i {
                2 | 3 if value == "-" => {}
                2 | 3 => {
                    return Err(err(
                        span.clone(),
                        format!("`{value}`: this family has no castling or en passant"),
                        "write `-` for the castling and en-passant fields",
                    ));
                }
                4 | 5 => {
                    let n: u32 = value.parse().map_err(|_| {
                        err(
                            span.clone(),
                            format!("`{value}` is not a count"),
                            "the last two fields are the plies since a capture and the move number",
                        )
                    })?;
                    if i == 4 {
                        pos.quiet_plies = n;
                    } else {
                        if n == 0 {
                            return Err(err(
                                span.clone(),
                                "the move number starts at 1".into(),
                                "the move number is 1 or more",
                            ));
                        }
                        pos.move_number = n;
                    }
                }
                _ => {
                    return Err(err(
                        span.clone(),
                        "a field after the move number".into(),
                        "a FEN has at most six fields",
                    ));
                }
            }
        }
        Ok(pos)
    }

    /// Writes the position as a FEN (`letters[kind]` is each type's letter, lower case).
    pub fn to_fen(&self, board: &Board, letters: &[char]) -> String {
        let mut out = String::new();
        for row in 0..board.ranks() {
            let rank = board.ranks() - 1 - row;
            let mut empty = 0;
            for file in 0..board.files() {
                let p = board.point(file, rank);
                let kind = self.board[p as usize];
                if kind == EMPTY {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                let c = letters[kind as usize];
                out.push(if self.sides[0] & bit(p) != 0 {
                    c.to_ascii_uppercase()
                } else {
                    c
                });
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if row + 1 < board.ranks() {
                out.push('/');
            }
        }
        out.push_str(if self.side == 0 { " w" } else { " b" });
        out.push_str(&format!(" - - {} {}", self.quiet_plies, self.move_number));
        out
    }
}
