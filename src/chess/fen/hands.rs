//! The hands of the games with drops in a FEN (`[QRbp]`, `[2Pb]`, `[-]`) and shogi's SFEN
//! (`<board> b - 1`), read and written.

use super::FenRules;
use crate::chess::bitboard::Set;
use crate::chess::position::Position;
use crate::chess::rules::kind_of_letter;
use crate::diagnostics::LocatedError;

impl<B: Set> FenRules<'_, B> {
    /// Reads shogi's SFEN (`<board> b - 1`: `b` for the first side to move, the hand, the
    /// ply number), where the rules write moves in USI; `None` when the text is not one.
    pub(super) fn parse_sfen(
        &self,
        fen: &str,
        fields: &[std::ops::Range<usize>],
        err: &dyn Fn(std::ops::Range<usize>, String, &str) -> LocatedError,
    ) -> Result<Option<Position<B>>, LocatedError> {
        let usi = self.rules.notations.iter().any(|n| n == "usi");
        let text = |i: usize| &fen[fields[i].clone()];
        let hand_like = |t: &str| t == "-" || t.chars().all(|c| c.is_ascii_alphanumeric());
        if !usi
            || fields.len() != 4
            || fen[fields[0].clone()].contains('[')
            || !matches!(text(1), "b" | "w")
            || !hand_like(text(2))
            || text(3).parse::<u32>().is_err()
        {
            return Ok(None);
        }
        let mut pos = Position::empty();
        self.read_placement(text(0), fields[0].start, &mut pos, err)?;
        self.read_hand(text(2), fields[2].start, &mut pos, err)?;
        pos.side = u8::from(text(1) == "w");
        let plies: u32 = text(3).parse().unwrap_or(1).max(1);
        pos.move_number = plies.div_ceil(2);
        Ok(Some(pos))
    }

    /// The position in SFEN: the board, `b` when the first side is to move (`w` otherwise),
    /// the hands with counts (`2Pb`, `-` for none), the ply number.
    pub fn write_sfen(&self, pos: &Position<B>) -> String {
        let fen = self.write(pos, false);
        let board = fen.split(['[', ' ']).next().unwrap_or("");
        let mut hand = String::new();
        for side in 0..2 {
            for (kind, &n) in pos.hands[side].iter().enumerate().take(self.letters.len()) {
                if n > 1 {
                    hand.push_str(&n.to_string());
                }
                if n > 0 {
                    let c = self.letters[kind][0];
                    hand.push(if side == 0 { c.to_ascii_uppercase() } else { c });
                }
            }
        }
        if hand.is_empty() {
            hand.push('-');
        }
        let ply = 2 * pos.move_number.saturating_sub(1) + u32::from(pos.side) + 1;
        format!(
            "{board} {} {hand} {ply}",
            if pos.side == 0 { 'b' } else { 'w' }
        )
    }

    /// Reads a hand (`QRbp`, `2Pb` as SFEN counts, `-` or nothing for none).
    pub(super) fn read_hand(
        &self,
        text: &str,
        at: usize,
        pos: &mut Position<B>,
        err: &dyn Fn(std::ops::Range<usize>, String, &str) -> LocatedError,
    ) -> Result<(), LocatedError> {
        let help = "a hand lists the pieces in hand by letter, capitals for the first side \
                    (`[QRbp]`, `[2Pb]`), or `-` for none";
        if text.is_empty() || text == "-" {
            return Ok(());
        }
        if !self.rules.game.drops {
            return Err(err(
                at..at + text.len(),
                "pieces in hand, but these rules have no drops".into(),
                "a hand belongs to rules with `drops = true`: leave it empty (`[]`) or out",
            ));
        }
        let mut count: u32 = 0;
        for (i, c) in text.char_indices() {
            let here = at + i;
            if let Some(d) = c.to_digit(10) {
                count = count.saturating_mul(10).saturating_add(d);
                continue;
            }
            let lower = c.to_ascii_lowercase();
            let kind = kind_of_letter(&self.rules.pieces, lower, false)
                .filter(|&k| !self.rules.pieces[k].royal);
            let Some(kind) = kind else {
                return Err(err(
                    here..here + c.len_utf8(),
                    format!("`{c}` is not a piece that may be in hand"),
                    help,
                ));
            };
            let n = count.max(1);
            count = 0;
            let side = usize::from(!c.is_ascii_uppercase());
            let slot = &mut pos.hands[side][kind];
            let total = u32::from(*slot) + n;
            if total > 64 {
                return Err(err(
                    here..here + 1,
                    format!("{total} pieces of one type in hand"),
                    "a hand holds at most 64 pieces of a type",
                ));
            }
            *slot = total as u8;
        }
        if count > 0 {
            return Err(err(
                at + text.len() - 1..at + text.len(),
                "a count with no piece after it".into(),
                help,
            ));
        }
        Ok(())
    }

    /// The pieces in `side`'s hand as FEN letters (`QRPP`, capitals for the first side),
    /// `None` when it is empty.
    pub fn hand_text(&self, pos: &Position<B>, side: usize) -> Option<String> {
        let mut out = String::new();
        for (kind, &n) in pos.hands[side & 1]
            .iter()
            .enumerate()
            .take(self.letters.len())
        {
            let c = self.letters[kind][0];
            let c = if side == 0 { c.to_ascii_uppercase() } else { c };
            out.extend(std::iter::repeat_n(c, n as usize));
        }
        (!out.is_empty()).then_some(out)
    }
}
