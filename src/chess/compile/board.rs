//! The `[board]` section: the size, the sides' names and the regions (and the warning for a
//! region no rule reads).

use crate::chess::geometry::Grid;
use crate::chess::rules::{Points, Rules};
use crate::chess::schema::ChessFile;
use crate::diagnostics::{LocatedError, did_you_mean};
use crate::rules::Val;
use crate::rules::{Loader, need};

/// The board's size and its drawing hints.
pub(super) struct BoardParts {
    pub(super) grid: Grid,
    pub(super) river_after_rank: Option<u32>,
    pub(super) crossed: Vec<(u32, u32)>,
    pub(super) holes: Points,
}

pub(super) fn compile_board(loader: &Loader, file: &ChessFile) -> Option<BoardParts> {
    let files = need!(
        loader,
        file,
        board.files,
        "the number of files (columns), e.g. `files = 9`"
    );
    let ranks = need!(
        loader,
        file,
        board.ranks,
        "the number of ranks (rows), e.g. `ranks = 10`"
    );
    let (files, ranks) = (files?, ranks?);
    let (f, r) = (files.value, ranks.value);
    if f == 0 || r == 0 || f > 26 || u64::from(f) * u64::from(r) > 128 {
        loader.report(loader.at(
            files,
            format!("a board of {f}x{r} points does not fit the 128-point layout"),
            Some("files from 1 to 26, and files x ranks at most 128".into()),
        ));
        return None;
    }
    let grid = Grid { files: f, ranks: r };
    let section = file.board.as_ref().map(|b| &b.value);
    let river_after_rank = match section.and_then(|b| b.river_after_rank.as_ref()) {
        Some(v) if v.value == 0 || v.value >= r => {
            loader.report(loader.at(
                v,
                format!("no river after rank {} on {r} ranks", v.value),
                Some(format!("a rank from 1 to {}", r - 1)),
            ));
            None
        }
        v => v.map(|v| v.value),
    };
    let mut crossed = Vec::new();
    for item in section
        .and_then(|b| b.crossed.as_ref())
        .iter()
        .flat_map(|c| c.value.iter())
    {
        let corners = item.value.split_once('-').and_then(|(a, b)| {
            Some((
                grid.parse_point(a.trim(), 1).ok()?,
                grid.parse_point(b.trim(), 1).ok()?,
            ))
        });
        match corners {
            Some(rect) => crossed.push(rect),
            None => loader.report(loader.at(
                item,
                format!("`{}` is not a rectangle on the board", item.value),
                Some("two corners like `d1-f3`".into()),
            )),
        }
    }
    let mut holes: Points = 0;
    for item in section
        .and_then(|b| b.holes.as_ref())
        .iter()
        .flat_map(|c| c.value.iter())
    {
        match grid.parse_points(&item.value) {
            Ok(points) => holes |= points,
            Err(e) => loader.report(loader.at(
                item,
                e,
                Some("a point like `a2`, or a rectangle like `a2-a7`".into()),
            )),
        }
    }
    if holes.count_ones() + 1 >= f * r {
        let at = section.and_then(|b| b.holes.as_ref());
        if let Some(at) = at {
            loader.report(loader.at(
                at,
                format!(
                    "{} holes leave fewer than two points of {}",
                    holes.count_ones(),
                    f * r
                ),
                Some("holes are the points that are not part of the board; list only those".into()),
            ));
        }
    }
    Some(BoardParts {
        grid,
        river_after_rank,
        crossed,
        holes,
    })
}

pub(super) fn compile_sides(loader: &Loader, file: &ChessFile) -> Option<[String; 2]> {
    let first = need!(
        loader,
        file,
        sides.first,
        "the first side's name, e.g. `first = \"red\"`"
    );
    let second = need!(
        loader,
        file,
        sides.second,
        "the second side's name, e.g. `second = \"black\"`"
    );
    let (first, second) = (first?, second?);
    let mut ok = true;
    for s in [first, second] {
        if s.value.is_empty() || !s.value.chars().all(|c| c.is_ascii_lowercase()) {
            loader.report(loader.at(
                s,
                format!("`{}` is not a side's name", s.value),
                Some("a side is named by one lower-case word, e.g. \"red\"".into()),
            ));
            ok = false;
        }
    }
    if first.value == second.value {
        loader.report(loader.at(second, "both sides have the same name", None));
        ok = false;
    }
    ok.then(|| [first.value.clone(), second.value.clone()])
}

/// Regions: each names its points for each side. Bad ones are recorded and left out.
pub(super) fn compile_regions(
    loader: &Loader,
    file: &ChessFile,
    grid: &Grid,
    sides: &[String; 2],
) -> Vec<(String, [Points; 2])> {
    let mut regions = Vec::new();
    for (name, def) in file.regions.iter().flat_map(|d| d.value.iter()) {
        let mut points = [0; 2];
        for (side_name, items) in &def.value {
            let Some(side) = sides.iter().position(|s| s == side_name) else {
                loader.report(loader.at(
                    items,
                    format!("`{side_name}` is not a side of this variant"),
                    Some(format!(
                        "give the region's points for {} and {}",
                        sides[0], sides[1]
                    )),
                ));
                continue;
            };
            for item in &items.value {
                match grid.parse_points(&item.value) {
                    Ok(set) => points[side] |= set,
                    Err(m) => loader.report(loader.at(
                        item,
                        m,
                        Some("a point like `e1` or a rectangle like `d1-f3`".into()),
                    )),
                }
            }
        }
        for side_name in sides {
            if !def.value.contains_key(side_name) {
                loader.report(loader.at(
                    def,
                    format!("region `{name}` gives no points for {side_name}"),
                    Some(format!("add `{side_name} = [\"a1-i5\"]` or similar")),
                ));
            }
        }
        // Kept even when some of it is wrong, so that the pieces naming it are checked.
        regions.push((name.clone(), points));
    }
    regions
}

/// A region by name, or the problem with a "did you mean".
pub(super) fn find_region(
    loader: &Loader,
    regions: &[(String, [Points; 2])],
    v: &Val<String>,
) -> Result<[Points; 2], LocatedError> {
    regions
        .iter()
        .find(|(n, _)| *n == v.value)
        .map(|(_, r)| *r)
        .ok_or_else(|| {
            let names: Vec<&str> = regions.iter().map(|(n, _)| n.as_str()).collect();
            let hint = did_you_mean(&v.value, names.iter().copied())
                .map(|m| format!("did you mean `{m}`? "))
                .unwrap_or_default();
            loader.at(
                v,
                format!("unknown region `{}`", v.value),
                Some(format!("{hint}regions: {}", names.join(", "))),
            )
        })
}

/// Warns about regions no key names (but one whose every list is empty: a child's way of
/// undoing a parent's region).
pub(super) fn warn_unused_regions(loader: &Loader, file: &ChessFile, rules: &Rules) {
    let mut used: Vec<&str> = Vec::new();
    for p in &rules.pieces {
        used.extend(p.confined_to.as_deref());
        used.extend(p.movement_in.iter().map(|(r, _)| r.as_str()));
        used.extend(p.movement_within.iter().map(|(r, _)| r.as_str()));
        used.extend(p.initial.as_deref());
        used.extend(p.promotion.as_ref().map(|pr| pr.region.as_str()));
        used.extend(
            p.promotion
                .as_ref()
                .and_then(|pr| pr.compulsory_in.as_ref())
                .map(|(r, _)| r.as_str()),
        );
        used.extend(p.drop.region.as_deref());
    }
    used.extend(rules.game.flag.as_ref().map(|f| f.region.as_str()));
    if let Some(onto) = file
        .rules
        .as_ref()
        .and_then(|r| r.value.en_passant.as_ref())
        .and_then(|ep| ep.value.onto.as_ref())
    {
        used.push(onto.value.as_str());
    }
    for (name, def) in file.regions.iter().flat_map(|d| d.value.iter()) {
        // A region emptied on purpose (a parent's that this board cannot hold) is left alone.
        let emptied = def.value.values().all(|points| points.value.is_empty());
        if !used.contains(&name.as_str()) && !emptied {
            loader.warn(
                loader.at(
                    def,
                    format!("region `{name}` is not used by any piece"),
                    Some(
                        "name it in a piece's `confined_to`, `movement_in`, `movement_within`, \
                     `initial`, `promotion` or `drop`, in the flag or en passant's `onto`, or remove it"
                            .into(),
                    ),
                ),
            );
        }
    }
}
