//! What `explain` says of drops and of promotion's finer rules: where a piece may be dropped,
//! what it goes to the hand as, where it must promote, and the hands in the FEN.

use super::words::points_text;
use crate::chess::geometry::Grid;
use crate::chess::rules::{PieceType, PromotionRule, Rules};

/// The sentences of one piece type's drops and capture (none where the rules have no drops).
pub(super) fn piece_drops(r: &Rules, p: &PieceType, b: &Grid, cell: &str) -> String {
    if !r.game.drops {
        return String::new();
    }
    let mut s = String::new();
    if let Some(k) = p.captured_as {
        s.push_str(&format!(
            " Captured, it goes to the hand as a {}.",
            r.pieces[k as usize].name
        ));
    } else if !p.royal {
        let mut limits = Vec::new();
        if let Some(region) = &p.drop.region {
            limits.push(format!(
                "only on its {region} ({} for {})",
                points_text(b, p.drop.points[0], cell),
                r.sides[0]
            ));
        }
        if p.drop.one_per_file {
            limits.push(format!("not on a file where its side has a {}", p.name));
        }
        if !p.drop.may_check {
            limits.push("not so as to give check".into());
        } else if !p.drop.may_checkmate {
            limits.push("not so as to checkmate at once".into());
        }
        s.push_str(&if limits.is_empty() {
            " From the hand it may be dropped on any empty ".to_string() + cell + "."
        } else {
            format!(" From the hand it may be dropped {}.", limits.join(", "))
        });
    }
    s
}

/// The promotion's finer rules: a move leaving the zone, where promotion is compulsory, and
/// a promoted piece's return to the hand.
pub(super) fn promotion_extras(
    r: &Rules,
    p: &PieceType,
    pr: &PromotionRule,
    b: &Grid,
    cell: &str,
) -> String {
    let mut s = String::new();
    if pr.on_leaving {
        s.push_str(&format!(
            " So may a move that starts there (into, within or out of the {}).",
            pr.region
        ));
    }
    if let Some((region, sets)) = &pr.compulsory_in {
        s.push_str(&format!(
            " On its {region} ({} for {}) it must promote.",
            points_text(b, sets[0], cell),
            r.sides[0]
        ));
    }
    if pr.reverts_when_captured && r.game.drops {
        s.push_str(&format!(
            " A piece it became goes to the capturer's hand as a {} (the FEN marks it with `~`: `Q~`).",
            p.name
        ));
    }
    s
}

/// The rule of drops itself.
pub(super) fn drops_rule(r: &Rules, cell: &str) -> Option<String> {
    r.game.drops.then(|| {
        format!(
            "{}; instead of moving, a side may drop a piece of its hand on an empty {cell}, \
             each drop its own move. The FEN carries the hands in brackets after the board \
             (`[QRbp]`, capitals {}'s; `[]` for none); a piece written with `+` before its \
             letter is a promoted one.",
            if r.game.captures_to_hand {
                "A captured piece changes sides into the capturer's hand"
            } else {
                "The hands hold only the pieces the FEN gives them: a captured piece leaves the \
                 board for good"
            },
            r.sides[0]
        )
    })
}
