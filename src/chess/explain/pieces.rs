//! Each piece type in sentences: its letters, whether it is royal, its movement read back from
//! its Betza components, where it moves otherwise, promotion and drops.

use super::words::{capital, number, or_list, points_text};
use crate::chess::betza::{Component, parse};
use crate::chess::geometry::Grid;
use crate::chess::rules::Rules;

/// One paragraph per piece type.
pub(super) fn paragraphs(r: &Rules, b: &Grid, cell: &str) -> Vec<String> {
    let mut out = Vec::new();
    for p in &r.pieces {
        let plus = if p.plus { "+" } else { "" };
        let letters: String = std::iter::once(p.letter)
            .chain(p.synonyms.iter().copied())
            .map(|c| format!("{plus}{}/{plus}{}", c.to_ascii_uppercase(), c))
            .collect::<Vec<_>>()
            .join(", ");
        let mut s = match p.notation {
            Some(n) => format!("The {} (letters {letters}; {n} in move notation): ", p.name),
            None => format!(
                "The {} (letters {letters}; no letter in move notation): ",
                p.name
            ),
        };
        if p.royal {
            s.push_str("royal, it may not be left attacked. ");
        }
        s.push_str(&capital(&movement_text(&p.movement, cell)));
        s.push('.');
        for (region, m) in &p.movement_in {
            s.push_str(&format!(
                " On the {cell}s of its {region}, instead: {}.",
                movement_text(m, cell)
            ));
        }
        for (region, m) in &p.movement_within {
            s.push_str(&format!(
                " While it stands on its {region}, besides: {}, along the {region} only (every \
                 {cell} passed and the last on them).",
                movement_text(m, cell)
            ));
        }
        if let Some(region) = &p.confined_to {
            s.push_str(&format!(" It never leaves its {region}."));
        }
        s.push_str(&spared_text(r, p));
        if let Some(region) = &p.initial {
            s.push_str(&format!(
                " Its initial moves start only from its {region} ({}).",
                points_text(b, r.region(region, 0).unwrap_or(0), cell)
            ));
        }
        if let Some(pr) = &p.promotion {
            let names = |side: usize| -> String {
                or_list(
                    &pr.to[side]
                        .iter()
                        .map(|&k| r.pieces[k as usize].name.clone())
                        .collect::<Vec<_>>(),
                )
            };
            let to = if pr.to[0] == pr.to[1] {
                names(0)
            } else {
                format!(
                    "{} for {}, {} for {}",
                    names(0),
                    r.sides[0],
                    names(1),
                    r.sides[1]
                )
            };
            s.push_str(&format!(
                " A move that ends in its {} ({} for {}) {} it into a {to}{}.",
                pr.region,
                points_text(b, pr.zone[0], cell),
                r.sides[0],
                if pr.compulsory { "turns" } else { "may turn" },
                if pr.to[0].len() > 1 || pr.to[1].len() > 1 {
                    ", each choice its own move"
                } else {
                    ""
                }
            ));
            s.push_str(&super::drops::promotion_extras(r, p, pr, b, cell));
        }
        s.push_str(&super::drops::piece_drops(r, p, b, cell));
        out.push(s);
    }
    out
}

/// A Betza movement in words, one clause per component.
pub(super) fn movement_text(betza: &str, cell: &str) -> String {
    match parse(betza) {
        Ok(parts) => {
            let clauses: Vec<String> = parts.iter().map(|c| component_text(c, cell)).collect();
            format!("{} (Betza `{betza}`)", clauses.join("; "))
        }
        Err(_) => format!("Betza `{betza}`"),
    }
}

pub(super) fn component_text(c: &Component, cell: &str) -> String {
    let mode = match (c.moves, c.capture) {
        (true, true) => "moves or captures",
        (true, false) => "moves (without capturing)",
        _ => "captures",
    };
    let (df, dr) = c.directions.first().copied().unwrap_or((0, 1));
    let (lo, hi) = (df.abs().min(dr.abs()), df.abs().max(dr.abs()));
    let line = match (lo, hi) {
        (0, _) => "orthogonally",
        (a, b) if a == b => "diagonally",
        _ => "",
    };
    let plural = |n: i32| {
        if n == 1 {
            cell.to_string()
        } else {
            format!("{cell}s")
        }
    };
    let reach = if c.rider && !line.is_empty() && hi > 1 {
        format!(
            "by leaps of {hi} {cell}s {line}, repeated along the line while the {cell}s it lands on are empty"
        )
    } else if c.rider && line.is_empty() {
        let leap = if (lo, hi) == (1, 2) {
            "knight's leaps".to_string()
        } else {
            format!("({lo},{hi}) leaps")
        };
        format!("by {leap} repeated along one line while the {cell}s it lands on are empty")
    } else if c.rider {
        match c.range {
            0 => format!("any number of {cell}s {line}"),
            n => format!("up to {n} steps of {} {line}", hi.max(1)),
        }
    } else if (lo, hi) == (1, 2) {
        format!("by a knight's leap (one {cell} orthogonally, then one diagonally outward)")
    } else if line.is_empty() {
        format!("by a ({lo},{hi}) leap")
    } else {
        format!("{} {} {line}", number(hi), plural(hi))
    };
    let mut s = format!("{mode} {reach}");
    let total = images(lo, hi);
    if c.directions.len() < total {
        s.push_str(&format!(", {} only", directions_text(&c.directions)));
    }
    if c.hop {
        s.push_str(", by jumping over exactly one piece of either side (the screen) on its way");
    }
    if c.grasshopper {
        s.push_str(&format!(
            ", by jumping over the first piece on its line (of either side) to the {cell} just \
             beyond it"
        ));
    }
    if c.initial {
        s.push_str(", as an initial move");
    }
    if c.lame {
        s.push_str(&match (lo, hi, c.rider) {
            (1, 2, false) => {
                format!(", blocked by a piece on the {cell} next to it along the longer side")
            }
            _ => format!(", blocked by a piece on any {cell} it passes"),
        });
    }
    s
}

/// The number of distinct directions of a (lo, hi) leap.
pub(super) fn images(lo: i32, hi: i32) -> usize {
    if lo == 0 || lo == hi { 4 } else { 8 }
}

pub(super) fn directions_text(dirs: &[(i32, i32)]) -> String {
    let mut words = Vec::new();
    if dirs.iter().any(|d| d.1 > 0) {
        words.push("forward");
    }
    if dirs.iter().any(|d| d.1 == 0) {
        words.push("sideways");
    }
    if dirs.iter().any(|d| d.1 < 0) {
        words.push("backward");
    }
    words.join(" or ")
}

/// `may_not_hop_over` and `may_not_capture` in words.
fn spared_text(r: &Rules, p: &crate::chess::rules::PieceType) -> String {
    let names = |kinds: &[u8]| {
        or_list(
            &kinds
                .iter()
                .map(|&k| r.pieces[k as usize].name.clone())
                .collect::<Vec<_>>(),
        )
    };
    let mut s = String::new();
    if !p.may_not_hop_over.is_empty() {
        s.push_str(&format!(
            " It never hops over a {}.",
            names(&p.may_not_hop_over)
        ));
    }
    if !p.may_not_capture.is_empty() {
        s.push_str(&format!(
            " It never captures a {}.",
            names(&p.may_not_capture)
        ));
    }
    s
}
