//! En passant and castling, in sentences.

use super::words::{or_list, points_text};
use crate::chess::geometry::Grid;
use crate::chess::rules::{Points, Rules};

/// En passant, where the rules have it.
pub(super) fn en_passant(r: &Rules, b: &Grid, cell: &str) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(ep) = &r.en_passant {
        let names = |kinds: &[u8]| -> String {
            or_list(
                &kinds
                    .iter()
                    .map(|&k| r.pieces[k as usize].name.clone())
                    .collect::<Vec<_>>(),
            )
        };
        let mut text = format!(
            "En passant: right after a {} passes over {cell}s with its initial move, an enemy {} that could capture on a {cell} it passed may do so on the very next move, landing there and taking the piece where it stands.",
            names(&ep.taken),
            names(&ep.takers)
        );
        let all: Points = if r.points() == 128 {
            !0
        } else {
            (1 << r.points()) - 1
        };
        if ep.onto != [all; 2] {
            text.push_str(&format!(
                " Such a capture lands only on {} for {}, on {} for {}.",
                points_text(b, ep.onto[0], cell),
                r.sides[0],
                points_text(b, ep.onto[1], cell),
                r.sides[1]
            ));
        }
        out.push(text);
    }
    out
}

/// Castling, where the rules have it.
pub(super) fn castling(r: &Rules, cell: &str) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(c) = &r.castling {
        let file = |f: u32| (b'a' + f as u8) as char;
        let partners = or_list(
            &c.partners
                .iter()
                .map(|&k| r.pieces[k as usize].name.clone())
                .collect::<Vec<_>>(),
        );
        let mut text = format!(
            "Castling: the {king} and a {partners} that have not moved, on each side's rank {rank} (the FEN's castling rights), with every {cell} between each of them and where it goes empty: the {king} goes to the {ks}-file and the {partners} to the {ps}-file (short, toward the last file, `O-O`), or to the {kl}- and {pl}-files (long, `O-O-O`); the {king} may not be in check, pass over an attacked {cell} or land on one.",
            king = r.pieces[c.king as usize].name,
            rank = c.rank,
            ks = file(c.king_to[0]),
            ps = file(c.partner_to[0]),
            kl = file(c.king_to[1]),
            pl = file(c.partner_to[1]),
        );
        if !r.pieces[c.king as usize].royal {
            let guard =
                format!(" may not be in check, pass over an attacked {cell} or land on one.");
            text = text.replace(
                &guard,
                " is not royal here, so nothing it passes or lands on need be safe from attack.",
            );
        }
        if c.any_start_files {
            text.push_str(
                " They may start on any files of the rank; castling is written as the king taking its own partner (`e1h1`).",
            );
        }
        out.push(text);
    }
    out
}
