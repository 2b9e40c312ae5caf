//! WXF notation of Xiangqi (`C2.5`): the piece's letter, its file counted from the mover's
//! right, `+` forward, `-` backward or `.` along the rank, then the steps or the file it goes
//! to; two pieces of a type on one file are told apart as `+` the front one and `-` the rear
//! one (`+R+1`).

use crate::chess::Chess;
use crate::chess::bitboard::Set;
use crate::chess::movegen::Move;
use crate::chess::position::Position;

impl<B: Set> Chess<B> {
    /// The file number of a point as `side` counts files (1 on its right).
    fn wxf_file(&self, side: usize, point: u32) -> u32 {
        let (f, _) = self.engine.board.coordinates(point);
        if side == 0 {
            self.engine.board.files() - f
        } else {
            f + 1
        }
    }

    /// A move in WXF notation.
    pub fn wxf(&self, pos: &Position<B>, mv: Move) -> String {
        let b = &self.engine.board;
        let side = pos.side as usize;
        if mv.dropped().is_some() {
            return self.coordinates(mv, 1);
        }
        let (from, to) = (mv.from(), mv.to());
        let kind = pos.kind_at(from) as usize;
        let letter = self.rules.pieces[kind].notation.unwrap_or('?');
        let (ff, fr) = b.coordinates(from);
        let (tf, tr) = b.coordinates(to);
        // Forward is up the board for the first side, down for the second.
        let ahead = |r: u32| if side == 0 { r as i64 } else { -(r as i64) };
        // Others of the same type and side on the same file: front (+) or rear (-).
        let same_file: Vec<u32> = pos
            .pieces(side, kind)
            .squares()
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

    /// Whether WXF text `t` names `mv` (either place of a front/rear marker is read).
    pub(crate) fn wxf_matches(&self, pos: &Position<B>, mv: Move, t: &str) -> bool {
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
}

/// Whether text has the shape of a WXF move: a capital, a file or marker, an operator, a
/// number.
pub(crate) fn looks_like_wxf(t: &str) -> bool {
    let ops = |c: char| matches!(c, '+' | '-' | '.' | '=');
    let chars: Vec<char> = t.chars().collect();
    chars.iter().filter(|c| c.is_ascii_uppercase()).count() == 1
        && chars.iter().any(|c| ops(*c))
        && chars.last().is_some_and(|c| c.is_ascii_digit())
}
