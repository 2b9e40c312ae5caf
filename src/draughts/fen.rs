//! Draughts positions read and written as PDN 3.0 FEN (`W:W31-50:B1-20`, `B:WK4,19-21:B1`,
//! with optional `:H<plies>:F<n>`), squares by number or algebraic name; every error located
//! in the FEN.

use super::geometry::Geometry;
use super::position::Position;
use super::schema::Colour;
use crate::bits::Bits;
use crate::diagnostics::{LocatedError, SourceFile};
use std::fmt::Write as _;
use std::ops::Range;

/// A FEN being read: its text, for errors located in it.
struct Reader<'a> {
    fen: &'a str,
    source: SourceFile,
}

impl Reader<'_> {
    /// An error at `span` of the FEN.
    fn err(&self, span: Range<usize>, msg: String, help: Option<String>) -> LocatedError {
        LocatedError::new(&self.source, span, msg, help)
    }
}

impl<B: Bits> Position<B> {
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
        let r = Reader {
            fen,
            source: SourceFile {
                name: "FEN".into(),
                text: fen.into(),
            },
        };
        let fields = r.fields()?;
        let mut pos = Position::empty(Colour::White);
        let side_span = fields[0].clone();
        pos.side = match fen[side_span.clone()].trim() {
            "W" | "w" => Colour::White,
            "B" | "b" => Colour::Black,
            other => {
                return Err(r.err(
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
                return Err(r.err(span.clone(), "empty field".into(), Some(FEN_HELP.into())));
            };
            match tag {
                'W' | 'B' => {
                    let colour = if tag == 'W' {
                        Colour::White
                    } else {
                        Colour::Black
                    };
                    if std::mem::replace(&mut seen[colour as usize], true) {
                        return Err(r.err(
                            at..at + 1,
                            format!("the {colour:?} pieces are given twice"),
                            None,
                        ));
                    }
                    r.pieces(geo, &mut pos, colour, body, at, most_pieces)?;
                }
                'H' | 'F' => r.counter(&mut pos, tag, body, span.clone())?,
                other => {
                    return Err(r.err(
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

impl Reader<'_> {
    /// The spans of the FEN's fields (separated by `:`), once a PDN tag `[FEN "..."]`, quotes
    /// and a trailing full stop are taken off.
    fn fields(&self) -> Result<Vec<Range<usize>>, LocatedError> {
        let fen = self.fen;
        let mut start = 0;
        let mut end = fen.len();
        let trimmed_start = fen.len() - fen.trim_start().len();
        start += trimmed_start;
        end -= fen.len() - fen.trim_end().len();
        if end <= start {
            return Err(self.err(0..fen.len(), "empty FEN".into(), Some(FEN_HELP.into())));
        }
        if fen[start..end].starts_with("[FEN") && fen[start..end].ends_with(']') {
            start += 4;
            end -= 1;
        }
        while start < end && matches!(fen.as_bytes()[start], b' ' | b'"') {
            start += 1;
        }
        while end > start && matches!(fen.as_bytes()[end - 1], b' ' | b'"' | b'.') {
            end -= 1;
        }
        let mut fields = Vec::new();
        let mut field_start = start;
        for (i, c) in fen[start..end].char_indices() {
            if c == ':' {
                fields.push(field_start..start + i);
                field_start = start + i + 1;
            }
        }
        fields.push(field_start..end);
        Ok(fields)
    }

    /// Reads a side's field (`W31-50`, `BK4,19-21`; `body` starts at byte `at`) into `pos`:
    /// at most `most_pieces` pieces, no square twice.
    fn pieces<B: Bits>(
        &self,
        geo: &Geometry,
        pos: &mut Position<B>,
        colour: Colour,
        body: &str,
        at: usize,
        most_pieces: u32,
    ) -> Result<(), LocatedError> {
        let mut count = 0u32;
        let mut off = at + 1;
        for item in body[1..].split(',') {
            let item_span = off..off + item.len();
            off += item.len() + 1;
            let trimmed = item.trim();
            if trimmed.is_empty() {
                if body.len() > 1 {
                    return Err(self.err(
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
                .map_err(|m| self.err(item_span.clone(), m, Some(square_help(geo))))?;
            for bit in bits {
                let mask = B::bit(bit);
                if pos.occupied() & mask != B::ZERO {
                    return Err(self.err(
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
                    return Err(self.err(
                        item_span.clone(),
                        format!("{} has more than {most_pieces} pieces", colour.name()),
                        Some(format!(
                            "a side starts with {most_pieces} pieces in this game and never gains any"
                        )),
                    ));
                }
            }
        }
        Ok(())
    }

    /// Reads a counter field (`H12`: plies since the last capture or promotion; `F7`: the move
    /// number) into `pos`.
    fn counter<B: Bits>(
        &self,
        pos: &mut Position<B>,
        tag: char,
        body: &str,
        span: Range<usize>,
    ) -> Result<(), LocatedError> {
        let value: u32 = body[1..].trim().parse().map_err(|_| {
            self.err(
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
                return Err(self.err(span, "the move number starts at 1".into(), None));
            }
            pos.move_number = value;
        }
        Ok(())
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
