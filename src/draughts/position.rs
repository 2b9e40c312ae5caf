//! Positions and PDN 3.0 FEN.

use super::geometry::Geometry;
use super::schema::Colour;
use crate::bits::Bits;
use crate::diagnostics::{LocatedError, SourceFile};
use std::fmt::Write as _;
use std::ops::Range;

/// A draughts position: where the men and kings of each side stand, and whose turn it is.
/// `B` is the bitboard: 64 bits, or 128 for boards that need more (12x12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position<B = u64> {
    /// White's pieces (men and kings), as a bitboard of the board's geometry.
    pub white: B,
    /// Black's pieces.
    pub black: B,
    /// The kings of both sides.
    pub kings: B,
    /// The side to move.
    pub side: Colour,
    /// Plies since the last move that resets the draw counter (FEN `:H`).
    pub quiet_plies: u32,
    /// The move number (FEN `:F`), starting at 1.
    pub move_number: u32,
}

impl<B: Bits> Position<B> {
    /// An empty board with `side` to move.
    pub fn empty(side: Colour) -> Self {
        Position {
            white: B::ZERO,
            black: B::ZERO,
            kings: B::ZERO,
            side,
            quiet_plies: 0,
            move_number: 1,
        }
    }

    /// The pieces of one side.
    #[inline(always)]
    pub fn pieces(&self, colour: Colour) -> B {
        match colour {
            Colour::White => self.white,
            Colour::Black => self.black,
        }
    }

    /// What the transposition table stores to tell positions apart (the side aside).
    #[inline(always)]
    pub fn table_key(&self) -> [B; 3] {
        [self.white, self.black, self.kings]
    }

    /// The same position in a bitboard of another width (squares past it dropped).
    pub fn widen<C: Bits>(&self) -> Position<C> {
        Position {
            white: C::from_u128(self.white.to_u128()),
            black: C::from_u128(self.black.to_u128()),
            kings: C::from_u128(self.kings.to_u128()),
            side: self.side,
            quiet_plies: self.quiet_plies,
            move_number: self.move_number,
        }
    }

    /// The side to move as the table stores it: 0 white, 1 black.
    #[inline(always)]
    pub fn side_index(&self) -> u8 {
        (self.side == Colour::Black) as u8
    }

    /// All occupied squares.
    #[inline(always)]
    pub fn occupied(&self) -> B {
        self.white | self.black
    }

    /// Parses a PDN FEN (`W:W31-50:B1-20`, `B:WK4,19-21:B1`, with optional `:H<plies>:F<n>`).
    ///
    /// Squares may be numbers or algebraic names. Errors give the column in the FEN.
    pub fn from_fen(geo: &Geometry, fen: &str) -> Result<Position<B>, LocatedError> {
        Self::from_fen_limited(geo, fen, u32::MAX)
    }

    /// [`Position::from_fen`] for a game in which a side never has more than `most_pieces`
    /// pieces (those it starts with). (A man on the row where it would be crowned is read:
    /// positions no game reaches are still positions to count, and reference tables use
    /// some.)
    pub fn from_fen_limited(
        geo: &Geometry,
        fen: &str,
        most_pieces: u32,
    ) -> Result<Position<B>, LocatedError> {
        let source = SourceFile {
            name: "FEN".into(),
            text: fen.into(),
        };
        let err = |span: Range<usize>, msg: String, help: Option<String>| {
            LocatedError::new(&source, span, msg, help)
        };
        // Accept a PDN tag `[FEN "..."]`, quotes, and a trailing full stop.
        let mut start = 0;
        let mut end = fen.len();
        let trimmed_start = fen.len() - fen.trim_start().len();
        start += trimmed_start;
        end -= fen.len() - fen.trim_end().len();
        if end <= start {
            return Err(err(0..fen.len(), "empty FEN".into(), Some(FEN_HELP.into())));
        }
        if fen[start..end].starts_with("[FEN") && fen[start..end].ends_with(']') {
            start += 4;
            end -= 1;
        }
        let body_trim = |s: &mut usize, e: &mut usize| {
            while *s < *e && matches!(fen.as_bytes()[*s], b' ' | b'"') {
                *s += 1;
            }
            while *e > *s && matches!(fen.as_bytes()[*e - 1], b' ' | b'"' | b'.') {
                *e -= 1;
            }
        };
        body_trim(&mut start, &mut end);

        let mut pos = Position::empty(Colour::White);
        let mut fields = Vec::new();
        let mut field_start = start;
        for (i, c) in fen[start..end].char_indices() {
            if c == ':' {
                fields.push(field_start..start + i);
                field_start = start + i + 1;
            }
        }
        fields.push(field_start..end);

        let side_span = fields[0].clone();
        pos.side = match fen[side_span.clone()].trim() {
            "W" | "w" => Colour::White,
            "B" | "b" => Colour::Black,
            other => {
                return Err(err(
                    side_span,
                    format!("`{other}` is not a side to move"),
                    Some("the FEN starts with `W` or `B`, the side to move".into()),
                ));
            }
        };
        let mut seen = [false, false];
        for span in &fields[1..] {
            let text = &fen[span.clone()];
            let lead = text.len() - text.trim_start().len();
            let body = text.trim();
            let at = span.start + lead;
            let Some(tag) = body.chars().next() else {
                return Err(err(
                    span.clone(),
                    "empty field".into(),
                    Some(FEN_HELP.into()),
                ));
            };
            match tag {
                'W' | 'B' => {
                    let colour = if tag == 'W' {
                        Colour::White
                    } else {
                        Colour::Black
                    };
                    if std::mem::replace(&mut seen[colour as usize], true) {
                        return Err(err(
                            at..at + 1,
                            format!("the {colour:?} pieces are given twice"),
                            None,
                        ));
                    }
                    let mut count = 0u32;
                    let mut off = at + 1;
                    for item in body[1..].split(',') {
                        let item_span = off..off + item.len();
                        off += item.len() + 1;
                        let trimmed = item.trim();
                        if trimmed.is_empty() {
                            if body.len() > 1 {
                                return Err(err(
                                    item_span,
                                    "empty square list item".into(),
                                    Some(FEN_HELP.into()),
                                ));
                            }
                            continue;
                        }
                        let (king, squares) = match trimmed.strip_prefix('K') {
                            Some(rest) => (true, rest),
                            None => (false, trimmed),
                        };
                        let bits = parse_squares(geo, squares)
                            .map_err(|m| err(item_span.clone(), m, Some(square_help(geo))))?;
                        for bit in bits {
                            let mask = B::bit(bit);
                            if pos.occupied() & mask != B::ZERO {
                                return Err(err(
                                    item_span.clone(),
                                    format!("square {} is given twice", geo.number(bit)),
                                    None,
                                ));
                            }
                            match colour {
                                Colour::White => pos.white |= mask,
                                Colour::Black => pos.black |= mask,
                            }
                            if king {
                                pos.kings |= mask;
                            }
                            count += 1;
                            if count > most_pieces {
                                return Err(err(
                                    item_span.clone(),
                                    format!("{} has more than {most_pieces} pieces", colour.name()),
                                    Some(format!(
                                        "a side starts with {most_pieces} pieces in this game and never gains any"
                                    )),
                                ));
                            }
                        }
                    }
                }
                'H' | 'F' => {
                    let value: u32 = body[1..].trim().parse().map_err(|_| {
                        err(
                            span.clone(),
                            format!("`{body}` is not a counter like `{tag}12`"),
                            Some(
                                "`:H<plies>` counts plies since the last capture or promotion; \
                                 `:F<n>` is the move number"
                                    .into(),
                            ),
                        )
                    })?;
                    if tag == 'H' {
                        pos.quiet_plies = value;
                    } else {
                        if value == 0 {
                            return Err(err(
                                span.clone(),
                                "the move number starts at 1".into(),
                                None,
                            ));
                        }
                        pos.move_number = value;
                    }
                }
                other => {
                    return Err(err(
                        at..at + other.len_utf8(),
                        format!("unknown FEN field `{other}`"),
                        Some(FEN_HELP.into()),
                    ));
                }
            }
        }
        Ok(pos)
    }

    /// Writes the position as a PDN FEN, white's block first, runs of three or more men as
    /// ranges, and `:H`/`:F` only when they differ from 0 and 1.
    pub fn to_fen(&self, geo: &Geometry) -> String {
        let mut out = String::new();
        out.push(match self.side {
            Colour::White => 'W',
            Colour::Black => 'B',
        });
        for (tag, pieces) in [('W', self.white), ('B', self.black)] {
            out.push(':');
            out.push(tag);
            let mut items: Vec<String> = Vec::new();
            let numbers: Vec<(u32, bool)> = geo
                .bits()
                .filter(|&b| pieces.has(b))
                .map(|b| (geo.number(b), self.kings.has(b)))
                .collect();
            let mut i = 0;
            while i < numbers.len() {
                let (n, king) = numbers[i];
                if king {
                    items.push(format!("K{n}"));
                    i += 1;
                    continue;
                }
                let mut j = i;
                while j + 1 < numbers.len()
                    && !numbers[j + 1].1
                    && numbers[j + 1].0 == n + (j + 1 - i) as u32
                {
                    j += 1;
                }
                if j - i >= 2 {
                    items.push(format!("{}-{}", n, numbers[j].0));
                    i = j + 1;
                } else {
                    items.push(n.to_string());
                    i += 1;
                }
            }
            out.push_str(&items.join(","));
        }
        if self.quiet_plies != 0 {
            let _ = write!(out, ":H{}", self.quiet_plies);
        }
        if self.move_number != 1 {
            let _ = write!(out, ":F{}", self.move_number);
        }
        out
    }
}

const FEN_HELP: &str = "a PDN FEN looks like `W:W31-50:B1-20`: the side to move, then each \
side's squares (`K` before a king, ranges like `1-20`), optionally `:H<plies>:F<move>`";

fn square_help(geo: &Geometry) -> String {
    format!(
        "squares are numbered 1-{} on this board, or named algebraically (`c3`)",
        geo.square_count()
    )
}

/// Parses a square (`12`, `c3`) or a numeric range (`1-20`) into bits.
fn parse_squares(geo: &Geometry, text: &str) -> Result<Vec<u32>, String> {
    if let Some((a, b)) = text.split_once('-') {
        let a = parse_number(geo, a.trim())?;
        let b = parse_number(geo, b.trim())?;
        if a > b {
            return Err(format!("the range {a}-{b} runs backward"));
        }
        return Ok((a..=b)
            .map(|n| geo.bit_of_number(n).expect("checked"))
            .collect());
    }
    parse_square(geo, text).map(|b| vec![b])
}

fn parse_number(geo: &Geometry, text: &str) -> Result<u32, String> {
    if text.is_empty() {
        return Err("a square number is missing".into());
    }
    let n: u32 = text.parse().map_err(|_| {
        if text.bytes().all(|b| b.is_ascii_digit()) {
            // A number too large to hold; a long one is not echoed whole.
            let shown = if text.len() > 24 {
                format!("number of {} digits", text.len())
            } else {
                text.to_string()
            };
            format!(
                "square {shown} is not on this board (1-{})",
                geo.square_count()
            )
        } else {
            format!("`{text}` is not a square number")
        }
    })?;
    geo.bit_of_number(n)
        .map(|_| n)
        .ok_or_else(|| format!("square {n} is not on this board (1-{})", geo.square_count()))
}

/// Parses one square, by number or algebraic name, into its bit.
pub fn parse_square(geo: &Geometry, text: &str) -> Result<u32, String> {
    if text.chars().next().is_some_and(|c| c.is_ascii_digit()) {
        let n = parse_number(geo, text)?;
        Ok(geo.bit_of_number(n).expect("checked"))
    } else {
        geo.bit_of_algebraic(text)
    }
}
