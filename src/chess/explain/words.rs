//! Words the sentences are made of: lists, ordinals, numbers, results, sets of points.

use crate::chess::geometry::Grid;
use crate::chess::rules::Points;
use crate::chess::schema::{ResultName, StalemateName};

/// `a`, `a or b`, `a, b or c`.
pub(super) fn or_list(items: &[String]) -> String {
    match items {
        [] => "nothing".into(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

pub(super) fn ordinal(n: u32) -> String {
    match n {
        1 => "first".into(),
        2 => "second".into(),
        3 => "third".into(),
        n => format!("{n}th"),
    }
}

pub(super) fn number(n: i32) -> String {
    match n {
        1 => "one".into(),
        2 => "two".into(),
        3 => "three".into(),
        n => n.to_string(),
    }
}

pub(super) fn result(r: ResultName) -> &'static str {
    match r {
        ResultName::Loss => "loses",
        ResultName::Draw => "draws",
        ResultName::Win => "wins",
    }
}

/// What a stalemate brings the side that has no move.
pub(super) fn stalemate_result(r: StalemateName) -> &'static str {
    match r {
        StalemateName::Loss => "loses",
        StalemateName::Draw => "draws",
        StalemateName::Win => "wins",
        StalemateName::FewerPiecesWin => {
            "wins if it has fewer pieces than the other side, loses if it has more, and draws if as many"
        }
    }
}

pub(super) fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// A set of points as rectangles where it is one, otherwise as a list.
pub(super) fn points_text(b: &Grid, set: Points, cell: &str) -> String {
    let points: Vec<u32> = (0..128).filter(|p| set >> p & 1 != 0).collect();
    if points.is_empty() {
        return format!("no {cell}s");
    }
    let coords: Vec<(u32, u32)> = points.iter().map(|&p| b.coordinates(p)).collect();
    let (f0, f1) = (
        coords.iter().map(|c| c.0).min().unwrap_or(0),
        coords.iter().map(|c| c.0).max().unwrap_or(0),
    );
    let (r0, r1) = (
        coords.iter().map(|c| c.1).min().unwrap_or(0),
        coords.iter().map(|c| c.1).max().unwrap_or(0),
    );
    if ((f1 - f0 + 1) * (r1 - r0 + 1)) as usize == points.len() && points.len() > 1 {
        format!(
            "the {} {cell}s {}-{}",
            points.len(),
            b.name(b.point(f0, r0)),
            b.name(b.point(f1, r1))
        )
    } else {
        let names: Vec<String> = points.iter().map(|&p| b.name(p)).collect();
        names.join(", ")
    }
}
