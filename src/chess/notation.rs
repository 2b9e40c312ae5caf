//! Moves of the chess family in the notations players and programs use: coordinates
//! (Fairy-Stockfish's `h3e3`, ranks from 1), UCCI (`h2e2`, ranks from 0) and WXF (`C2.5`:
//! the piece's letter, its file counted from the mover's right, `+` forward, `-` backward or
//! `.` along the rank, then the steps or the file it goes to; two pieces of a type on one file
//! are told apart as `+` the front one and `-` the rear one: `+R+1`). Reading accepts all
//! three; a text that two of them read as two different legal moves is ambiguous, and may
//! then say its notation before a colon (`ucci:h2e2`, `coordinates:h3e3`, `wxf:C2.5`).

use super::Chess;
use super::board::bit;
use super::movegen::Move;
use super::position::Position;
use crate::diagnostics::{LocatedError, SourceFile};

/// The notations moves are written in.
pub const NOTATIONS: &[&str] = &["coordinates", "ucci", "wxf"];

impl Chess {
    /// A move in coordinates (`h3e3`), or UCCI's (`h2e2`) when `first_rank` is 0.
    pub fn coordinates(&self, mv: Move, first_rank: u32) -> String {
        let b = &self.rules.board;
        let name = |p: u32| {
            let (f, r) = b.coordinates(p);
            format!("{}{}", (b'a' + f as u8) as char, r + first_rank)
        };
        format!("{}{}", name(mv.from as u32), name(mv.to as u32))
    }

    /// The file number of a point as `side` counts files (1 on its right).
    fn wxf_file(&self, side: usize, point: u32) -> u32 {
        let (f, _) = self.rules.board.coordinates(point);
        if side == 0 {
            self.rules.board.files() - f
        } else {
            f + 1
        }
    }

    /// A move in WXF notation.
    pub fn wxf(&self, pos: &Position, mv: Move) -> String {
        let b = &self.rules.board;
        let side = pos.side as usize;
        let (from, to) = (mv.from as u32, mv.to as u32);
        let kind = pos.board[from as usize] as usize;
        let letter = self.rules.pieces[kind].notation;
        let (ff, fr) = b.coordinates(from);
        let (tf, tr) = b.coordinates(to);
        // Forward is up the board for the first side, down for the second.
        let ahead = |r: u32| if side == 0 { r as i64 } else { -(r as i64) };
        // Others of the same type and side on the same file: front (+) or rear (-).
        let same_file: Vec<u32> = super::board::Board::iter(pos.kinds[kind] & pos.sides[side])
            .filter(|&p| b.coordinates(p).0 == ff)
            .collect();
        let head = if same_file.len() >= 2 {
            let mut order = same_file.clone();
            order.sort_by_key(|&p| -ahead(b.coordinates(p).1));
            let i = order.iter().position(|&p| p == from).expect("the mover");
            let tag = if i == 0 {
                "+".to_string()
            } else if i + 1 == order.len() {
                "-".to_string()
            } else {
                (i + 1).to_string()
            };
            format!("{tag}{letter}")
        } else {
            format!("{letter}{}", self.wxf_file(side, from))
        };
        let forward = ahead(tr) > ahead(fr);
        let tail = if tf == ff {
            let steps = (tr as i64 - fr as i64).unsigned_abs();
            format!("{}{steps}", if forward { '+' } else { '-' })
        } else if tr == fr {
            format!(".{}", self.wxf_file(side, to))
        } else {
            format!(
                "{}{}",
                if forward { '+' } else { '-' },
                self.wxf_file(side, to)
            )
        };
        format!("{head}{tail}")
    }

    /// The legal moves written in `notation` (coordinates for any name it does not know).
    pub fn moves_in_notation(&self, pos: &Position, notation: &str) -> Vec<(Move, String)> {
        self.legal(pos)
            .into_iter()
            .map(|mv| {
                let text = match notation {
                    "ucci" => self.coordinates(mv, 0),
                    "wxf" => self.wxf(pos, mv),
                    _ => self.coordinates(mv, 1),
                };
                (mv, text)
            })
            .collect()
    }

    /// The legal moves (as [`Chess::legal`] orders them) that `text` names in any notation.
    /// An error when `text` is a move in none.
    pub fn matching(&self, pos: &Position, text: &str) -> Result<Vec<usize>, LocatedError> {
        let legal = self.legal(pos);
        let t = text.trim();
        // `ucci:c2d2`: a text read in the one notation it names.
        let (only, t) = match t.split_once(':') {
            Some((name, rest)) if NOTATIONS.contains(&name) => (Some(name), rest),
            _ => (None, t),
        };
        let reads = |notation: &str| only.is_none_or(|n| n == notation);
        let mut found = Vec::new();
        let mut readable = false;
        if let Some((a, b)) = split_points(t) {
            let ranks = [("coordinates", 1), ("ucci", 0)];
            for first_rank in ranks.iter().filter(|(n, _)| reads(n)).map(|(_, r)| *r) {
                let parsed = (
                    self.rules.board.parse_point(a, first_rank),
                    self.rules.board.parse_point(b, first_rank),
                );
                if let (Ok(from), Ok(to)) = parsed {
                    readable = true;
                    if let Some(i) = legal
                        .iter()
                        .position(|m| m.from as u32 == from && m.to as u32 == to)
                        && !found.contains(&i)
                    {
                        found.push(i);
                    }
                }
            }
        }
        if reads("wxf")
            && t.len() >= 4
            && t.is_ascii()
            && !t.starts_with(|c: char| c.is_ascii_lowercase())
        {
            let written: Vec<usize> = legal
                .iter()
                .enumerate()
                .filter(|(_, m)| self.wxf_matches(pos, **m, t))
                .map(|(i, _)| i)
                .collect();
            readable |= looks_like_wxf(t);
            for i in written {
                if !found.contains(&i) {
                    found.push(i);
                }
            }
        }
        if !readable {
            let source = SourceFile {
                name: "move".into(),
                text: text.into(),
            };
            return Err(LocatedError::new(
                &source,
                0..text.len(),
                format!("`{text}` is not a move"),
                Some(
                    "write moves in coordinates (`h3e3`, ranks from 1), UCCI (`h2e2`, ranks \
                     from 0) or WXF (`C2.5`); a text several of them read may name its \
                     notation: `coordinates:h3e3`, `ucci:h2e2`, `wxf:C2.5`"
                        .into(),
                ),
            ));
        }
        Ok(found)
    }

    /// Whether WXF text `t` names `mv` (either place of a front/rear marker is read).
    fn wxf_matches(&self, pos: &Position, mv: Move, t: &str) -> bool {
        let canonical = self.wxf(pos, mv);
        if t == canonical {
            return true;
        }
        // `C+.5` for `+C.5`, and `=` for `.`.
        let t = t.replace('=', ".");
        if t == canonical {
            return true;
        }
        let bytes = t.as_bytes();
        if bytes.len() >= 3 && bytes[0].is_ascii_uppercase() && matches!(bytes[1], b'+' | b'-') {
            let swapped = format!("{}{}{}", bytes[1] as char, bytes[0] as char, &t[2..]);
            return swapped == canonical;
        }
        false
    }

    /// The legal moves in generation order.
    pub fn legal(&self, pos: &Position) -> Vec<Move> {
        let mut list = Vec::with_capacity(64);
        self.rules.engine.generate(pos, &mut list);
        list
    }

    /// Whether a move gives check.
    pub fn gives_check(&self, pos: &Position, mv: Move) -> bool {
        self.rules.engine.in_check(&self.rules.engine.make(pos, mv))
    }

    /// The piece type captured by a move, if any.
    pub fn captured(&self, pos: &Position, mv: Move) -> Option<usize> {
        (pos.occupied() & bit(mv.to as u32) != 0).then(|| pos.board[mv.to as usize] as usize)
    }
}

/// `h3e3` or `a10a9` split into its two points.
fn split_points(t: &str) -> Option<(&str, &str)> {
    if !t.is_ascii() || !t.starts_with(|c: char| c.is_ascii_lowercase()) {
        return None;
    }
    let second = t[1..].find(|c: char| c.is_ascii_lowercase())? + 1;
    let (a, b) = t.split_at(second);
    let point = |s: &str| s.len() >= 2 && s[1..].chars().all(|c| c.is_ascii_digit());
    (point(a) && point(b)).then_some((a, b))
}

/// Whether text has the shape of a WXF move: a capital, a file or marker, an operator, a
/// number.
fn looks_like_wxf(t: &str) -> bool {
    let ops = |c: char| matches!(c, '+' | '-' | '.' | '=');
    let chars: Vec<char> = t.chars().collect();
    chars.iter().filter(|c| c.is_ascii_uppercase()).count() == 1
        && chars.iter().any(|c| ops(*c))
        && chars.last().is_some_and(|c| c.is_ascii_digit())
}
