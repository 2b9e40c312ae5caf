//! Standard algebraic notation (SAN): the piece's notation letter (none for a pawn), the
//! file, the rank or both of its start where another piece of its type could go to the same
//! point (file first), `x` for a capture (a pawn's capture starts with its file), the point
//! it goes to, `=Q` for a promotion, `O-O` and `O-O-O` for castling, `+` for check and `#`
//! for checkmate. Reading accepts more than is written: no `x`, more disambiguation than
//! needed, `0-0`, a missing `=`, `e.p.`, and marks such as `+`, `#`, `!`, `?`.

use crate::chess::Chess;
use crate::chess::bitboard::Set;
use crate::chess::movegen::Move;
use crate::chess::position::Position;

/// A SAN text taken apart (files and ranks counted from 0: `a` and `1` are 0).
#[derive(Debug, PartialEq, Eq)]
pub enum Parsed {
    /// Castling, short (`O-O`) or long.
    Castle {
        /// Whether it is short castling (`O-O`).
        short: bool,
    },
    /// A piece's move.
    Piece {
        /// The piece's notation letter (`None` for a pawn).
        letter: Option<char>,
        /// The file it starts from, when the text says.
        file: Option<u32>,
        /// The rank it starts from, when the text says.
        rank: Option<u32>,
        /// The point it goes to: file and rank.
        to: (u32, u32),
        /// The letter of the piece it promotes to.
        promotion: Option<char>,
    },
}

/// Takes a SAN text apart (`None` when it is not SAN); which legal move it names is found
/// against a position.
pub fn parse(text: &str) -> Option<Parsed> {
    let mut t = text.trim();
    for suffix in ["e.p.", "ep"] {
        if let Some(rest) = t.strip_suffix(suffix) {
            t = rest.trim_end();
        }
    }
    let t = t.trim_end_matches(['+', '#', '!', '?']);
    match t {
        "O-O" | "0-0" => return Some(Parsed::Castle { short: true }),
        "O-O-O" | "0-0-0" => return Some(Parsed::Castle { short: false }),
        _ => {}
    }
    if !t.is_ascii() || t.len() < 2 {
        return None;
    }
    let bytes = t.as_bytes();
    let mut end = bytes.len();
    // A promotion: `=Q`, `Q` after the point, or `=q`.
    let mut promotion = None;
    if bytes[end - 1].is_ascii_alphabetic() && !bytes[end - 1].is_ascii_digit() {
        let c = bytes[end - 1] as char;
        let after_eq = end >= 2 && bytes[end - 2] == b'=';
        if c.is_ascii_uppercase() || after_eq {
            promotion = Some(c.to_ascii_uppercase());
            end -= 1;
            if after_eq {
                end -= 1;
            }
        }
    }
    // The point it goes to: a file letter and a rank number.
    let digits = bytes[..end]
        .iter()
        .rev()
        .take_while(|b| b.is_ascii_digit())
        .count();
    if digits == 0 || digits > 2 || end < digits + 1 {
        return None;
    }
    let file_at = end - digits - 1;
    let file = bytes[file_at];
    if !file.is_ascii_lowercase() {
        return None;
    }
    let rank: u32 = t[file_at + 1..end].parse().ok()?;
    if rank == 0 {
        return None;
    }
    let to = ((file - b'a') as u32, rank - 1);
    let mut head = &t[..file_at];
    if let Some(h) = head.strip_suffix(['x', ':']) {
        head = h;
    }
    let mut letter = None;
    if let Some(c) = head.chars().next()
        && c.is_ascii_uppercase()
    {
        letter = Some(c);
        head = &head[1..];
    }
    let mut from_file = None;
    let mut from_rank = None;
    let hb = head.as_bytes();
    let mut i = 0;
    if i < hb.len() && hb[i].is_ascii_lowercase() {
        from_file = Some((hb[i] - b'a') as u32);
        i += 1;
    }
    if i < hb.len() {
        let r: u32 = head[i..].parse().ok()?;
        if r == 0 {
            return None;
        }
        from_rank = Some(r - 1);
    }
    Some(Parsed::Piece {
        letter,
        file: from_file,
        rank: from_rank,
        to,
        promotion,
    })
}

impl<B: Set> Chess<B> {
    /// The SAN of each of the `legal` moves of `pos` (in their order).
    pub fn san_all(&self, pos: &Position<B>, legal: &[Move]) -> Vec<String> {
        legal.iter().map(|&mv| self.san(pos, mv, legal)).collect()
    }

    /// The SAN of `mv`, one of the `legal` moves of `pos`.
    pub fn san(&self, pos: &Position<B>, mv: Move, legal: &[Move]) -> String {
        let mut s = self.san_without_check(pos, mv, legal);
        let after = self.engine.make(pos, mv);
        if self.engine.in_check(&after) {
            s.push(if self.engine.count(&after) == 0 {
                '#'
            } else {
                '+'
            });
        }
        s
    }

    /// The SAN of `mv` without its check mark.
    fn san_without_check(&self, pos: &Position<B>, mv: Move, legal: &[Move]) -> String {
        let b = &self.engine.board;
        if let Move::Castle { king, partner } = mv {
            return if self.castles_short(king as u32, partner as u32) {
                "O-O".into()
            } else {
                "O-O-O".into()
            };
        }
        if let Move::Drop { kind, to } = mv {
            // As python-chess and lichess write drops: the piece's letter, a pawn's `P` too,
            // then `@` and the point (`N@f3`, `P@e4`).
            let piece = &self.rules.pieces[kind as usize];
            let letter = piece.notation.unwrap_or(piece.letter.to_ascii_uppercase());
            return format!("{letter}@{}", b.name(to as u32));
        }
        let (from, to) = (mv.from(), mv.to());
        let kind = pos.kind_at(from);
        let letter = self.rules.pieces[kind as usize].notation;
        let capture = self.captured_at(pos, mv).is_some();
        let (ff, fr) = b.coordinates(from);
        // Other pieces of this type that may go to the same point.
        let rivals: Vec<u32> = legal
            .iter()
            .filter(|m| !matches!(m, Move::Castle { .. } | Move::Drop { .. }))
            .filter(|m| m.to() == to && m.from() != from && pos.kind_at(m.from()) == kind)
            .map(|m| m.from())
            .collect();
        let mut s = String::new();
        if let Some(l) = letter {
            s.push(l);
        }
        let file_char = (b'a' + ff as u8) as char;
        if letter.is_none() && capture {
            s.push(file_char);
        } else if !rivals.is_empty() {
            let same_file = rivals.iter().any(|&r| b.coordinates(r).0 == ff);
            let same_rank = rivals.iter().any(|&r| b.coordinates(r).1 == fr);
            if !same_file {
                s.push(file_char);
            } else if !same_rank {
                s.push_str(&(fr + 1).to_string());
            } else {
                s.push(file_char);
                s.push_str(&(fr + 1).to_string());
            }
        }
        if capture {
            s.push('x');
        }
        s.push_str(&b.name(to));
        if let Some(k) = mv.promotion() {
            let p = &self.rules.pieces[k];
            s.push('=');
            s.push(p.notation.unwrap_or(p.letter.to_ascii_uppercase()));
        }
        s
    }

    /// The legal moves a SAN text names (`None` when the text is not SAN).
    pub(crate) fn read_san(
        &self,
        pos: &Position<B>,
        legal: &[Move],
        text: &str,
    ) -> Option<Vec<usize>> {
        let parsed = parse(text)?;
        let b = &self.engine.board;
        let named: Vec<usize> = match parsed {
            Parsed::Castle { short } => legal
                .iter()
                .enumerate()
                .filter(|(_, m)| match m {
                    Move::Castle { king, partner } => {
                        self.castles_short(*king as u32, *partner as u32) == short
                    }
                    _ => false,
                })
                .map(|(i, _)| i)
                .collect(),
            Parsed::Piece {
                letter,
                file,
                rank,
                to,
                promotion,
            } => {
                if to.0 >= b.files() || to.1 >= b.ranks() {
                    return Some(Vec::new());
                }
                let to = b.point(to.0, to.1);
                let promotion_letter = |k: usize| {
                    let p = &self.rules.pieces[k];
                    p.notation.unwrap_or(p.letter.to_ascii_uppercase())
                };
                let fits = |m: &Move| {
                    if matches!(m, Move::Castle { .. } | Move::Drop { .. }) || m.to() != to {
                        return false;
                    }
                    let (f, r) = b.coordinates(m.from());
                    let kind = pos.kind_at(m.from()) as usize;
                    self.rules.pieces[kind].notation == letter
                        && file.is_none_or(|x| x == f)
                        && rank.is_none_or(|x| x == r)
                };
                let matching: Vec<usize> = legal
                    .iter()
                    .enumerate()
                    .filter(|(_, m)| fits(m))
                    .filter(|(_, m)| match (m.promotion(), promotion) {
                        (None, None) => true,
                        (Some(k), Some(c)) => promotion_letter(k) == c,
                        _ => false,
                    })
                    .map(|(i, _)| i)
                    .collect();
                if matching.is_empty() && promotion.is_none() {
                    // A promotion with one choice may leave its letter out.
                    let promoting: Vec<usize> = legal
                        .iter()
                        .enumerate()
                        .filter(|(_, m)| fits(m) && m.promotion().is_some())
                        .map(|(i, _)| i)
                        .collect();
                    if promoting.len() == 1 {
                        return Some(promoting);
                    }
                }
                matching
            }
        };
        Some(named)
    }
}
