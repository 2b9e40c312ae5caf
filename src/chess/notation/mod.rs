//! Moves of the chess family in the notations players and programs use, as each variant's
//! `[notation] moves` lists them: UCI coordinates (`e2e4`, `e7e8q`; castling as the royal
//! piece's move, `e1g1`, or with any start files as the royal piece taking its partner,
//! `e1h1`; `coordinates` is the same text under the name Xiangqi players know it by), SAN
//! (`Nbd7`, `exd6`, `O-O-O`, `e8=Q+`, [`san`]), UCCI (`h2e2`, ranks from 0) and WXF (`C2.5`,
//! [`wxf`]). Reading accepts every notation the variant lists; a text that two of them read
//! as two different legal moves is ambiguous, and may then say its notation before a colon
//! (`ucci:h2e2`, `coordinates:h3e3`, `wxf:C2.5`).

pub mod san;
pub mod wxf;

use super::Chess;
use super::bitboard::Set;
use super::movegen::Move;
use super::position::Position;
use super::rules::kind_of_letter;
use crate::diagnostics::{LocatedError, SourceFile};

impl<B: Set> Chess<B> {
    /// A point's name with ranks from `first_rank` (1, or UCCI's 0).
    fn point_name(&self, p: u32, first_rank: u32) -> String {
        let (f, r) = self.engine.board.coordinates(p);
        format!("{}{}", (b'a' + f as u8) as char, r + first_rank)
    }

    /// A point in USI's coordinates: files numbered from the right (the first side's), ranks
    /// lettered from the top (`7g`).
    fn usi_point(&self, p: u32) -> String {
        let b = &self.engine.board;
        let (f, r) = b.coordinates(p);
        format!(
            "{}{}",
            b.files() - f,
            (b'a' + (b.ranks() - 1 - r) as u8) as char
        )
    }

    /// A move in USI, shogi's notation: `7g7f`, a promotion `8h2b+`, a drop `P*5e`.
    pub fn usi(&self, mv: Move) -> String {
        match mv {
            Move::Drop { kind, to } => format!(
                "{}*{}",
                self.rules.pieces[kind as usize].letter.to_ascii_uppercase(),
                self.usi_point(to as u32)
            ),
            _ => {
                let to = match mv {
                    Move::Castle { king, partner } => {
                        self.castle_targets(king as u32, partner as u32).0
                    }
                    _ => mv.to(),
                };
                let tail = if mv.promotion().is_some() { "+" } else { "" };
                format!("{}{}{tail}", self.usi_point(mv.from()), self.usi_point(to))
            }
        }
    }

    /// A promotion's letter in coordinates: the type's letter, or `+` for a type written with
    /// `+` (shogi's promoted pieces: `b2g7+`).
    fn promotion_letter(&self, kind: usize) -> char {
        let p = &self.rules.pieces[kind];
        if p.plus { '+' } else { p.letter }
    }

    /// A move in coordinates (`h3e3`, `e7e8q`, a drop `P@e4`), or UCCI's (`h2e2`) when
    /// `first_rank` is 0.
    pub fn coordinates(&self, mv: Move, first_rank: u32) -> String {
        let name = |p: u32| self.point_name(p, first_rank);
        match mv {
            Move::Normal {
                from,
                to,
                promotion,
            } => {
                let mut s = format!("{}{}", name(from as u32), name(to as u32));
                if let Some(k) = promotion {
                    s.push(self.promotion_letter(k as usize));
                }
                s
            }
            Move::Drop { kind, to } => format!(
                "{}@{}",
                self.rules.pieces[kind as usize].letter.to_ascii_uppercase(),
                name(to as u32)
            ),
            Move::EnPassant { from, to } => format!("{}{}", name(from as u32), name(to as u32)),
            // As Fairy-Stockfish writes a pass: the royal piece's point twice.
            Move::Pass { royal } => format!("{}{}", name(royal as u32), name(royal as u32)),
            Move::Castle { king, partner } => {
                let c = self.engine.castling.as_ref().expect("castling rules");
                let to = if c.any_start_files {
                    partner as u32
                } else {
                    self.castle_targets(king as u32, partner as u32).0
                };
                format!("{}{}", name(king as u32), name(to))
            }
        }
    }

    /// Where a castling move puts the royal piece and the partner.
    pub fn castle_targets(&self, king: u32, partner: u32) -> (u32, u32) {
        let c = self.engine.castling.as_ref().expect("castling rules");
        let side = usize::from(!self.engine.board.rank_set(c.rank[0]).holds(king));
        self.engine.castling_targets(c, side, king, partner)
    }

    /// Whether castling with this partner is the short one (toward the last file).
    pub fn castles_short(&self, king: u32, partner: u32) -> bool {
        let b = &self.engine.board;
        b.coordinates(partner).0 > b.coordinates(king).0
    }

    /// The legal moves written in `notation` (the default for any name the variant does not
    /// list).
    pub fn moves_in_notation(&self, pos: &Position<B>, notation: &str) -> Vec<(Move, String)> {
        let legal = self.legal(pos);
        let notation = if self.notation_names.contains(&notation) {
            notation
        } else {
            self.notation_names[0]
        };
        if notation == "san" {
            let texts = self.san_all(pos, &legal);
            return legal.into_iter().zip(texts).collect();
        }
        legal
            .into_iter()
            .map(|mv| {
                let text = match notation {
                    "ucci" => self.coordinates(mv, 0),
                    "usi" => self.usi(mv),
                    "wxf" => self.wxf(pos, mv),
                    _ => self.coordinates(mv, 1),
                };
                (mv, text)
            })
            .collect()
    }

    /// The legal moves (as [`Chess::legal`] orders them) that `text` names in any notation
    /// the variant lists. An error when `text` is a move in none.
    pub fn matching(&self, pos: &Position<B>, text: &str) -> Result<Vec<usize>, LocatedError> {
        let legal = self.legal(pos);
        let t = text.trim();
        // `ucci:c2d2`: a text read in the one notation it names.
        let (only, t) = match t.split_once(':') {
            Some((name, rest)) if self.notation_names.contains(&name) => (Some(name), rest),
            _ => (None, t),
        };
        let reads = |notation: &str| {
            self.notation_names.contains(&notation) && only.is_none_or(|n| n == notation)
        };
        let mut found = Vec::new();
        let mut readable = false;
        let add = |i: usize, found: &mut Vec<usize>| {
            if !found.contains(&i) {
                found.push(i);
            }
        };
        let coordinate_notations = [("uci", 1), ("coordinates", 1), ("ucci", 0)];
        for (_, first_rank) in coordinate_notations.iter().filter(|(n, _)| reads(n)) {
            if let Some(indices) = self.read_coordinates(&legal, t, *first_rank) {
                readable = true;
                for i in indices {
                    add(i, &mut found);
                }
            }
        }
        if reads("usi")
            && let Some(indices) = self.read_usi(&legal, t)
        {
            readable = true;
            for i in indices {
                add(i, &mut found);
            }
        }
        if reads("wxf")
            && t.len() >= 4
            && t.is_ascii()
            && !t.starts_with(|c: char| c.is_ascii_lowercase())
        {
            readable |= wxf::looks_like_wxf(t);
            for (i, m) in legal.iter().enumerate() {
                if self.wxf_matches(pos, *m, t) {
                    add(i, &mut found);
                }
            }
        }
        if reads("san")
            && let Some(indices) = self.read_san(pos, &legal, t)
        {
            readable = true;
            for i in indices {
                add(i, &mut found);
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
                Some(self.notation_help()),
            ));
        }
        Ok(found)
    }

    /// What the variant's notations look like, for an error's help.
    fn notation_help(&self) -> String {
        // (how it looks, a text naming its notation)
        let example = |n: &str| match n {
            "uci" => (
                "UCI coordinates (`e2e4`, `e7e8q`, castling as the king's move)",
                "`uci:e2e4`",
            ),
            "san" => ("SAN (`Nf3`, `exd5`, `O-O`, `e8=Q`)", "`san:Nf3`"),
            "coordinates" => ("coordinates (`h3e3`, ranks from 1)", "`coordinates:h3e3`"),
            "ucci" => ("UCCI (`h2e2`, ranks from 0)", "`ucci:h2e2`"),
            "usi" => ("USI (`7g7f`, `8h2b+`, a drop `P*5e`)", "`usi:7g7f`"),
            _ => ("WXF (`C2.5`)", "`wxf:C2.5`"),
        };
        let (looks, named): (Vec<&str>, Vec<&str>) =
            self.notation_names.iter().map(|n| example(n)).unzip();
        let looks = match looks.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => looks.join(""),
        };
        if named.len() < 2 {
            return format!("write moves in {looks}");
        }
        format!(
            "write moves in {looks}; a text several of them read may name its notation: {}",
            named.join(", ")
        )
    }

    /// The legal moves that a coordinates text (`e2e4`, `e7e8q`, `a10a9`) names, or `None`
    /// when the text is not one.
    fn read_coordinates(&self, legal: &[Move], t: &str, first_rank: u32) -> Option<Vec<usize>> {
        let board = &self.engine.board;
        if let Some((letter, point)) = t.split_once('@') {
            let kind = self.kind_of_drop_letter(letter)?;
            let to = board.parse_point(point, first_rank).ok()?;
            return Some(drops_matching(legal, kind, to));
        }
        let (a, b, promo) = split_points(t)?;
        let from = board.parse_point(a, first_rank).ok()?;
        let to = board.parse_point(b, first_rank).ok()?;
        let promotion = match promo {
            None => None,
            Some('+') => {
                // Any promotion to a type written with `+`.
                return Some(
                    legal
                        .iter()
                        .enumerate()
                        .filter(|(_, m)| {
                            m.from() == from
                                && m.to() == to
                                && m.promotion().is_some_and(|k| self.rules.pieces[k].plus)
                        })
                        .map(|(i, _)| i)
                        .collect(),
                );
            }
            Some(c) => Some(kind_of_letter(&self.rules.pieces, c, false)? as u8),
        };
        let any_start = self
            .engine
            .castling
            .as_ref()
            .is_some_and(|c| c.any_start_files);
        Some(
            legal
                .iter()
                .enumerate()
                .filter(|(_, m)| match **m {
                    Move::Normal {
                        from: f,
                        to: t2,
                        promotion: p,
                    } => f as u32 == from && t2 as u32 == to && p == promotion,
                    Move::EnPassant { from: f, to: t2 } => {
                        f as u32 == from && t2 as u32 == to && promotion.is_none()
                    }
                    Move::Drop { .. } => false,
                    Move::Pass { royal } => {
                        promotion.is_none() && royal as u32 == from && from == to
                    }
                    Move::Castle { king, partner } => {
                        promotion.is_none()
                            && king as u32 == from
                            && if any_start {
                                partner as u32 == to
                            } else {
                                // The king's move; the king taking its own rook is read too.
                                self.castle_targets(king as u32, partner as u32).0 == to
                                    || partner as u32 == to
                            }
                    }
                })
                .map(|(i, _)| i)
                .collect(),
        )
    }
}

impl<B: Set> Chess<B> {
    /// The type a drop's letter names (`P` in `P@e4`, either case), if it is one.
    fn kind_of_drop_letter(&self, letter: &str) -> Option<u8> {
        if letter.is_empty() {
            // `@e4`: the one type SAN writes without a letter (the pawn), as some PGN do.
            let mut bare = (0..self.rules.pieces.len()).filter(|&k| {
                self.rules.pieces[k].notation.is_none() && !self.rules.pieces[k].royal
            });
            return match (bare.next(), bare.next()) {
                (Some(k), None) => Some(k as u8),
                _ => None,
            };
        }
        let mut cs = letter.chars();
        let (Some(c), None) = (cs.next(), cs.next()) else {
            return None;
        };
        kind_of_letter(&self.rules.pieces, c.to_ascii_lowercase(), false).map(|k| k as u8)
    }

    /// A USI point (`7g`).
    fn parse_usi_point(&self, t: &str) -> Option<u32> {
        let b = &self.engine.board;
        let rank = t.chars().last()?;
        let file: u32 = t[..t.len() - rank.len_utf8()].parse().ok()?;
        let r = (rank as u32).checked_sub('a' as u32)?;
        if file == 0 || file > b.files() || r >= b.ranks() {
            return None;
        }
        Some(b.point(b.files() - file, b.ranks() - 1 - r))
    }

    /// The legal moves a USI text (`7g7f`, `8h2b+`, `P*5e`) names, or `None` when it is not
    /// one.
    fn read_usi(&self, legal: &[Move], t: &str) -> Option<Vec<usize>> {
        if !t.is_ascii() {
            return None;
        }
        if let Some((letter, point)) = t.split_once('*') {
            let kind = self.kind_of_drop_letter(letter)?;
            let to = self.parse_usi_point(point)?;
            return Some(drops_matching(legal, kind, to));
        }
        let (body, promotes) = match t.strip_suffix('+') {
            Some(b) => (b, true),
            None => (t, false),
        };
        let split = body.find(|c: char| c.is_ascii_lowercase())? + 1;
        let from = self.parse_usi_point(&body[..split])?;
        let to = self.parse_usi_point(&body[split..])?;
        Some(
            legal
                .iter()
                .enumerate()
                .filter(|(_, m)| {
                    !matches!(m, Move::Drop { .. })
                        && m.from() == from
                        && m.to() == to
                        && m.promotion().is_some() == promotes
                })
                .map(|(i, _)| i)
                .collect(),
        )
    }
}

/// The drops of `kind` on `to` among `legal` (one at most).
fn drops_matching(legal: &[Move], kind: u8, to: u32) -> Vec<usize> {
    legal
        .iter()
        .enumerate()
        .filter(|(_, m)| **m == Move::Drop { kind, to: to as u8 })
        .map(|(i, _)| i)
        .collect()
}

/// `h3e3`, `a10a9` or `e7e8q` split into its two points and the promotion letter.
fn split_points(t: &str) -> Option<(&str, &str, Option<char>)> {
    if !t.is_ascii() || !t.starts_with(|c: char| c.is_ascii_lowercase()) {
        return None;
    }
    let second = t[1..].find(|c: char| c.is_ascii_lowercase())? + 1;
    let (a, rest) = t.split_at(second);
    let digits = rest[1..].chars().take_while(|c| c.is_ascii_digit()).count();
    let (b, tail) = rest.split_at(1 + digits);
    let point = |s: &str| s.len() >= 2 && s[1..].chars().all(|c| c.is_ascii_digit());
    let promo = match tail.len() {
        0 => None,
        1 => Some(tail.chars().next()?.to_ascii_lowercase())
            .filter(|c| c.is_ascii_lowercase() || *c == '+'),
        _ => return None,
    };
    if tail.len() == 1 && promo.is_none() {
        return None;
    }
    (point(a) && point(b)).then_some((a, b, promo))
}
