//! FEN of the chess family, in Fairy-Stockfish's convention: ranks from the top (the second
//! side's back rank) down, files a.. left to right, the first side's pieces in capitals,
//! digits for runs of empty points (a promoted piece may carry FSF's `~`, kept where it
//! reverts when captured; `+P` is a type written with `+`), in the games with drops the hands
//! (`hands`), then `w` (first side to move) or `b`, the castling rights (`KQkq`, X-FEN's
//! and Shredder-FEN's file letters `HAha`, or `-`), the en-passant point (`e3` or `-`), the
//! plies the move rule counts and the move number:
//! `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1`. Fairy-Stockfish's own forms
//! are read too: the castling and en-passant fields left out where a game has neither
//! (`...[-] w 0 1`), and an en-passant field listing several points (`c5d6`).
//!
//! The en-passant field is read whether the source writes it after every double step or only
//! when a capture is possible, and kept only when a piece of the side to move could take so
//! (as a move makes it); it is written only when such a capture is legal.

mod hands;
mod placement;

use super::bitboard::Set;
use super::geometry::{Geometry, NO_POINT};
use super::movegen::{Castling, EnPassant};
use super::position::Position;
use super::rules::Rules;
use super::tables::{Kinds, Tables};
use crate::diagnostics::{LocatedError, SourceFile};

/// What reading a FEN needs of the rules.
pub struct FenRules<'a, B: Set> {
    /// The board.
    pub board: &'a Geometry<B>,
    /// The piece tables (for the en-passant field).
    pub tables: &'a Tables<B>,
    /// Per piece type: the letters read for it, lower case, the one written first.
    pub letters: &'a [Vec<char>],
    /// Castling, if the rules have it.
    pub castling: Option<&'a Castling<B>>,
    /// En passant, if the rules have it.
    pub en_passant: Option<EnPassant>,
    /// Per taking side: the points an en-passant capture may land on.
    pub en_passant_onto: [B; 2],
    /// The rules, for the names of the sides and pieces in messages.
    pub rules: &'a Rules,
}

/// The fields of a FEN text, as byte ranges.
fn fields(text: &str) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
    {
        match (start, c.is_whitespace()) {
            (None, false) => start = Some(i),
            (Some(s), true) => {
                out.push(s..i);
                start = None;
            }
            _ => {}
        }
    }
    out
}

impl<B: Set> FenRules<'_, B> {
    /// Reads a FEN (the position is not yet checked for legality: see
    /// [`super::Chess::parse_fen`]).
    pub fn parse(&self, fen: &str) -> Result<Position<B>, LocatedError> {
        let source = SourceFile {
            name: "FEN".into(),
            text: fen.into(),
        };
        let err = |span: std::ops::Range<usize>, msg: String, help: &str| {
            LocatedError::new(&source, span, msg, Some(help.to_string()))
        };
        let shape_help = self.shape_help();
        let text = fen.trim_end();
        let lead = text.len() - text.trim_start().len();
        let mut fields = fields(text);
        // The checks field, wherever it stands after the side to move (Fairy-Stockfish writes
        // `3+3` after the en-passant point, lichess `+0+0` last).
        let checks = (2..fields.len())
            .find(|&i| fen[fields[i].clone()].contains('+'))
            .map(|i| fields.remove(i));
        let Some(placement) = fields.first().cloned() else {
            return Err(err(lead..text.len(), "empty FEN".into(), &shape_help));
        };
        if let Some(pos) = self.parse_sfen(fen, &fields, &err)? {
            return Ok(pos);
        }
        let mut pos = Position::empty();
        self.read_placement(&fen[placement.clone()], placement.start, &mut pos, &err)?;
        if let Some(span) = checks {
            self.read_checks(&fen[span.clone()], span, &mut pos, &err)?;
        }
        let side_help = "the side to move is `w` (the first side) or `b` (the second)";
        if let Some(span) = fields.get(1) {
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
        // Fairy-Stockfish leaves the castling and en-passant fields out in games that have
        // neither (`...[-] w 0 1`, its shogi): a field of digits after the side to move is
        // the first counter. Neither field can be read as digits, so this never guesses.
        let digits = |i: usize| {
            fields
                .get(i)
                .is_some_and(|s| fen[s.clone()].bytes().all(|b| b.is_ascii_digit()))
        };
        let mut counters = 2;
        if fields.len() > 2 && !digits(2) {
            let span = fields[2].clone();
            self.read_castling(&fen[span.clone()], span.start, &mut pos, &err)?;
            counters = 3;
            if fields.len() > 3 && !digits(3) {
                let span = fields[3].clone();
                self.read_en_passant(&fen[span.clone()], span, &mut pos, &err)?;
                counters = 4;
            }
        }
        for (i, span) in fields.iter().enumerate().skip(counters) {
            let value = &fen[span.clone()];
            if i > counters + 1 {
                return Err(err(
                    span.clone(),
                    "a field after the move number".into(),
                    "a FEN has at most six fields",
                ));
            }
            let n: u32 = value.parse().map_err(|_| {
                err(
                    span.clone(),
                    format!("`{value}` is not a count"),
                    "the last two fields are the plies the move rule counts and the move number",
                )
            })?;
            if i == counters {
                pos.quiet_plies = n;
            } else if n == 0 {
                return Err(err(
                    span.clone(),
                    "the move number starts at 1".into(),
                    "the move number is 1 or more",
                ));
            } else {
                pos.move_number = n;
            }
        }
        Ok(pos)
    }

    /// The partner that a `K` or `Q` (`short`) names for `side`: the outermost partner on that
    /// side of the royal piece on the castling rank (in fixed mode, the start one).
    pub fn outermost_partner(
        &self,
        c: &Castling<B>,
        pos: &Position<B>,
        side: usize,
        short: bool,
    ) -> Option<u32> {
        let board = self.board;
        let king = (pos.pieces(side, c.king as usize) & c.rank_points[side])
            .squares()
            .next()?;
        let (kf, _) = board.coordinates(king);
        let partners = partners_of(c, pos, side) & c.rank_points[side];
        let on_side = partners.squares().filter(|&p| {
            let f = board.coordinates(p).0;
            if short { f > kf } else { f < kf }
        });
        if short { on_side.max() } else { on_side.min() }
    }

    fn read_castling(
        &self,
        field: &str,
        at: usize,
        pos: &mut Position<B>,
        err: &dyn Fn(std::ops::Range<usize>, String, &str) -> LocatedError,
    ) -> Result<(), LocatedError> {
        if field == "-" {
            return Ok(());
        }
        let Some(c) = self.castling else {
            return Err(err(
                at..at + field.len(),
                format!("`{field}`: this variant has no castling"),
                "write `-` for the castling field",
            ));
        };
        let board = self.board;
        let help = "castling rights: `K`/`Q` (and `k`/`q`) for the short and long side, a \
                    partner's file letter (`HAha`, X-FEN and Shredder-FEN), or `-`";
        for (i, ch) in field.char_indices() {
            let span = at + i..at + i + ch.len_utf8();
            let side = if ch.is_ascii_uppercase() { 0 } else { 1 };
            let lower = ch.to_ascii_lowercase();
            let name = &self.side_word(side);
            let point = match lower {
                'k' | 'q' => {
                    let short = lower == 'k';
                    let found = self.outermost_partner(c, pos, side, short);
                    let fixed = !c.any_start_files;
                    let (king_start, partner_start) =
                        (c.start[side].0, c.start[side].1[usize::from(!short)]);
                    match found {
                        Some(p)
                            if !fixed
                                || (p == partner_start
                                    && pos.pieces(side, c.king as usize).holds(king_start)) =>
                        {
                            p
                        }
                        _ => {
                            let wing = if short { "short" } else { "long" };
                            let (king, partner) = self.castling_names();
                            let message = if fixed {
                                format!(
                                    "`{ch}`: {name} may not castle on the {wing} side: its {king} is not on {} or no {partner} stands on {}",
                                    board.name(king_start),
                                    board.name(partner_start)
                                )
                            } else {
                                format!(
                                    "`{ch}`: {name} has no {king} with a {partner} beyond it on the {wing} side of its castling rank"
                                )
                            };
                            return Err(err(
                                span,
                                message,
                                "castling rights only where the royal piece and its partner stand on their squares",
                            ));
                        }
                    }
                }
                f if f.is_ascii_lowercase() && (f as u32 - 'a' as u32) < board.files() => {
                    let file = f as u32 - 'a' as u32;
                    let p = board.point(file, c.rank[side]);
                    let king = (pos.pieces(side, c.king as usize) & c.rank_points[side])
                        .squares()
                        .next();
                    let is_partner = partners_of(c, pos, side).holds(p);
                    let ok = is_partner
                        && king.is_some_and(|k| {
                            c.any_start_files
                                || (k == c.start[side].0 && c.start[side].1.contains(&p))
                        });
                    if !ok {
                        return Err(err(
                            span,
                            format!(
                                "`{ch}`: no {name} {} that may castle stands on {}",
                                self.castling_names().1,
                                board.name(p)
                            ),
                            "castling rights only where the royal piece and its partner stand on their squares",
                        ));
                    }
                    p
                }
                _ => return Err(err(span, format!("`{ch}` is not a castling right"), help)),
            };
            if pos.castling.holds(point) {
                return Err(err(
                    span,
                    format!("castling right `{ch}` given twice"),
                    help,
                ));
            }
            pos.castling |= B::one(point);
        }
        Ok(())
    }

    fn side_word(&self, side: usize) -> String {
        self.rules.sides[side].clone()
    }

    /// The names of the piece that castles and of its partners (`rook`, `rook or bishop`).
    fn castling_names(&self) -> (String, String) {
        let Some(c) = &self.rules.castling else {
            return ("royal piece".into(), "partner".into());
        };
        let name = |k: u8| self.rules.pieces[k as usize].name.clone();
        let partners: Vec<String> = c.partners.iter().map(|&k| name(k)).collect();
        (name(c.king), partners.join(" or "))
    }

    /// The checks field: the checks each side still has to give (`3+3`, Fairy-Stockfish's
    /// form) or, with a leading `+`, those each has given (`+0+0`, lichess's).
    fn read_checks(
        &self,
        field: &str,
        span: std::ops::Range<usize>,
        pos: &mut Position<B>,
        err: &dyn Fn(std::ops::Range<usize>, String, &str) -> LocatedError,
    ) -> Result<(), LocatedError> {
        let help = "the checks field is the checks each side still has to give (`3+3`) or, \
                    after a `+`, those each has given (`+0+0`)";
        let Some(n) = self.rules.game.checks_to_win else {
            return Err(err(
                span,
                format!("`{field}`: this variant counts no checks"),
                "leave the checks field out",
            ));
        };
        let (given, text) = match field.strip_prefix('+') {
            Some(rest) => (true, rest),
            None => (false, field),
        };
        let counts: Option<Vec<u32>> = text.split('+').map(|c| c.parse().ok()).collect();
        let Some([first, second]) = counts.as_deref().and_then(|c| <[u32; 2]>::try_from(c).ok())
        else {
            return Err(err(span, format!("`{field}` is not a checks field"), help));
        };
        for c in [first, second] {
            if c > n {
                return Err(err(
                    span,
                    format!("{c} checks in `{field}`: in this variant {n} checks win"),
                    help,
                ));
            }
        }
        pos.checks = if given {
            [first as u8, second as u8]
        } else {
            [(n - first) as u8, (n - second) as u8]
        };
        Ok(())
    }

    fn read_en_passant(
        &self,
        field: &str,
        span: std::ops::Range<usize>,
        pos: &mut Position<B>,
        err: &dyn Fn(std::ops::Range<usize>, String, &str) -> LocatedError,
    ) -> Result<(), LocatedError> {
        if field == "-" {
            return Ok(());
        }
        let Some(ep) = self.en_passant else {
            return Err(err(
                span,
                format!("`{field}`: this variant has no en passant"),
                "write `-` for the en-passant field",
            ));
        };
        // One point (`e3`), or Fairy-Stockfish's list of points (`c5d6`: the point a pawn
        // passed over and the one it stands on; `h3h4`). The empty points are the ones passed
        // over; an occupied one names the piece that passed.
        let help = "the en-passant field is a point (`e3`), Fairy-Stockfish's list of points \
                    (`c5d6`: where the pawn stands and what it passed over) or `-`";
        let mut passed = Vec::new();
        let mut movers = B::ZERO;
        for (at, text) in point_texts(field) {
            let span = span.start + at..span.start + at + text.len();
            let point = self
                .board
                .parse_point(text, 1)
                .map_err(|m| err(span.clone(), m, help))?;
            if Engineless::empty(pos, point) {
                passed.push(point);
            } else if field.len() == text.len() {
                return Err(err(
                    span,
                    format!("the en-passant point {text} is not empty"),
                    "the en-passant point is the one the last move passed over",
                ));
            } else {
                movers |= B::one(point);
            }
        }
        if passed.is_empty() {
            return Err(err(
                span,
                format!("`{field}` names no empty point"),
                "the en-passant field names the point the last move passed over",
            ));
        }
        // The piece that passed: one of the side not to move, of a type that may be taken so,
        // standing where a passing move over the passed points ends, from an empty point.
        let found = self.passer(pos, ep, &passed, movers);
        let Some((victim, path)) = found else {
            return Err(err(
                span,
                format!("no piece of the side that moved last can have passed over {field}"),
                "the en-passant point is the one a pawn's double step has just passed over",
            ));
        };
        let path = path & self.en_passant_onto[pos.side as usize & 1];
        if !path.is_empty() && Engineless::could_take(self.tables, ep, pos, path) {
            pos.ep = path;
            pos.ep_victim = victim as u8;
        }
        Ok(())
    }

    /// The piece that passed over every point of `passed` (one of `movers` when there are
    /// any), with the points its move passed: a piece of the side not to move, of a type
    /// that may be taken so, standing where a passing move ends, from an empty point.
    fn passer(
        &self,
        pos: &Position<B>,
        ep: EnPassant,
        passed: &[u32],
        movers: B,
    ) -> Option<(u32, B)> {
        let them = 1 - pos.side as usize;
        for kind in (0..self.letters.len()).filter(|k| ep.taken >> k & 1 != 0) {
            for victim in pos.pieces(them, kind).squares() {
                if !movers.is_empty() && !movers.holds(victim) {
                    continue;
                }
                for origin in 0..self.board.points() {
                    if !Engineless::empty(pos, origin) {
                        continue;
                    }
                    let pm = self.tables.at(them, kind, origin);
                    for leap in self.tables.lame_of(pm) {
                        if leap.passes
                            && leap.moves.holds(victim)
                            && passed.iter().all(|&p| leap.path.holds(p))
                        {
                            return Some((victim, leap.path));
                        }
                    }
                }
            }
        }
        None
    }

    /// Writes the position as a FEN; `ep` says whether its en-passant points are written.
    pub fn write(&self, pos: &Position<B>, write_ep: bool) -> String {
        let board = self.board;
        let mut out = String::new();
        for row in 0..board.ranks() {
            let rank = board.ranks() - 1 - row;
            let mut empty = 0;
            for file in 0..board.files() {
                let p = board.point(file, rank);
                let kind = pos.kind_at(p);
                if board.holes().holds(p) {
                    // A hole, as Fairy-Stockfish writes a wall square.
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push('*');
                    continue;
                }
                if kind == NO_POINT {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                let c = self.letters[kind as usize][0];
                if self.rules.pieces[kind as usize].plus {
                    out.push('+');
                }
                out.push(if pos.sides[0].holds(p) {
                    c.to_ascii_uppercase()
                } else {
                    c
                });
                if pos.promoted.holds(p) {
                    out.push('~');
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if row + 1 < board.ranks() {
                out.push('/');
            }
        }
        if self.rules.game.drops {
            out.push('[');
            for side in 0..2 {
                out.push_str(&self.hand_text(pos, side).unwrap_or_default());
            }
            out.push(']');
        }
        out.push_str(if pos.side == 0 { " w " } else { " b " });
        out.push_str(&self.castling_field(pos));
        out.push(' ');
        if write_ep && !pos.ep.is_empty() {
            let point = pos.ep.lowest();
            out.push_str(&board.name(point));
            // Where another piece could have passed the same point (two Berolina pawns either
            // side of it), Fairy-Stockfish's form names the one that did: `d6c5`.
            let victim = u32::from(pos.ep_victim);
            let first = self
                .en_passant
                .and_then(|ep| self.passer(pos, ep, &[point], B::ZERO));
            if first.is_some_and(|(v, _)| v != victim) {
                out.push_str(&board.name(victim));
            }
        } else {
            out.push('-');
        }
        if let Some(n) = self.rules.game.checks_to_win {
            let left = |side: usize| n.saturating_sub(u32::from(pos.checks[side]));
            out.push_str(&format!(" {}+{}", left(0), left(1)));
        }
        out.push_str(&format!(" {} {}", pos.quiet_plies, pos.move_number));
        out
    }

    /// The castling field: `K`/`Q` for the outermost partners, a file letter for another (as
    /// X-FEN writes it), `-` for none.
    pub fn castling_field(&self, pos: &Position<B>) -> String {
        let Some(c) = self.castling else {
            return "-".into();
        };
        let mut out = String::new();
        for side in 0..2 {
            let rights = pos.castling & pos.sides[side];
            let mut letters: Vec<(u32, char)> = Vec::new();
            for p in rights.squares() {
                let f = self.board.coordinates(p).0;
                let short = self.outermost_partner(c, pos, side, true) == Some(p);
                let long = self.outermost_partner(c, pos, side, false) == Some(p);
                let letter = if short {
                    'k'
                } else if long {
                    'q'
                } else {
                    (b'a' + f as u8) as char
                };
                let order = match letter {
                    'k' => 0,
                    'q' => 1,
                    _ => 2 + f,
                };
                letters.push((order, letter));
            }
            letters.sort();
            for (_, l) in letters {
                out.push(if side == 0 { l.to_ascii_uppercase() } else { l });
            }
        }
        if out.is_empty() { "-".into() } else { out }
    }
}

/// The points of an en-passant field, each with its offset: `c5d6` is `c5` and `d6`. A text
/// that is not a run of points comes back whole, for the point reader's error.
fn point_texts(field: &str) -> Vec<(usize, &str)> {
    let bytes = field.as_bytes();
    if !bytes.iter().all(u8::is_ascii_alphanumeric) {
        return vec![(0, field)];
    }
    let mut out = Vec::new();
    let mut from = 0;
    for i in 1..=bytes.len() {
        if i == bytes.len() || (bytes[i].is_ascii_lowercase() && bytes[i - 1].is_ascii_digit()) {
            out.push((from, &field[from..i]));
            from = i;
        }
    }
    out
}

/// The partners of `side` on the board.
fn partners_of<B: Set>(c: &Castling<B>, pos: &Position<B>, side: usize) -> B {
    let mut set = B::ZERO;
    let mut k: Kinds = c.partners;
    while k != 0 {
        set |= pos.pieces(side, k.trailing_zeros() as usize);
        k &= k - 1;
    }
    set
}

/// Helpers that need the tables but not the generator.
struct Engineless;

impl Engineless {
    fn empty<B: Set>(pos: &Position<B>, p: u32) -> bool {
        pos.kind_at(p) == NO_POINT
    }

    /// Whether a piece of the side to move could take en passant on a point of `path` by a
    /// capture leap (legality aside).
    fn could_take<B: Set>(t: &Tables<B>, ep: EnPassant, pos: &Position<B>, path: B) -> bool {
        could_take_en_passant(t, ep, pos, pos.side as usize, path)
    }
}

/// Whether a piece of `side` could take en passant on a point of `path` by a capture leap
/// never blocked (legality aside).
#[inline]
pub fn could_take_en_passant<B: Set>(
    t: &Tables<B>,
    ep: EnPassant,
    pos: &Position<B>,
    side: usize,
    path: B,
) -> bool {
    let mut k = ep.takers;
    while k != 0 {
        let kind = k.trailing_zeros() as usize;
        k &= k - 1;
        let theirs = pos.pieces(side, kind);
        if theirs.is_empty() {
            continue;
        }
        for target in path.squares() {
            if !(t.reverse(side, kind, target).free & theirs).is_empty() {
                return true;
            }
        }
    }
    false
}
