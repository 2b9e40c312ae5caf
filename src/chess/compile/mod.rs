//! Compiling a merged chess-family rules file into plain data ([`Rules`]): every key checked
//! (Betza strings, regions, letters, promotion, castling, game rules), in one step per
//! section of the file: the board and sides here, [`pieces`], then [`game`]. The start
//! position is kept as text; a game checks it when it is built (by playing from it).

mod game;
mod pieces;

pub use game::NOTATION_NAMES;

use crate::chess::betza::{self, Component};
use crate::chess::geometry::Grid;
use crate::chess::rules::{PieceType, Points, Rules};
use crate::chess::schema::*;
use crate::diagnostics::{LocatedError, did_you_mean};
use crate::rules::{Loader, Val, need};

/// A Betza string located in its file, parsed; errors point at the offending letter.
fn parse_betza(loader: &Loader, v: &Val<String>) -> Result<Vec<Component>, LocatedError> {
    betza::parse(&v.value).map_err(|e| {
        let at = v.span.start + 1;
        loader.error(
            v.file,
            at + e.span.start..at + e.span.end.max(e.span.start + 1),
            e.message,
            Some(e.help),
        )
    })
}

/// One letter, lower case.
fn letter_of(loader: &Loader, v: &Val<String>) -> Result<char, LocatedError> {
    let mut chars = v.value.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_lowercase() => Ok(c),
        _ => Err(loader.at(
            v,
            format!("`{}` is not one lower-case letter", v.value),
            Some("a piece's letter is one letter a-z; the first side writes it in capitals".into()),
        )),
    }
}

/// A piece's own letter: one lower-case letter, or `+` and one (a promoted piece written as
/// shogi writes its tokin, `+p`). Returns the letter without its `+`.
fn piece_letter_of(loader: &Loader, v: &Val<String>) -> Result<char, LocatedError> {
    let bare = v.value.strip_prefix('+').unwrap_or(&v.value);
    let mut chars = bare.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_lowercase() => Ok(c),
        _ => Err(loader.at(
            v,
            format!("`{}` is not a piece's letter", v.value),
            Some(
                "a piece's letter is one letter a-z (the first side writes it in capitals), or \
                 `+` and one letter for a promoted piece written with a plus (`+p`)"
                    .into(),
            ),
        )),
    }
}

/// The value of a check, or `None` with its problem recorded in the loader.
fn noted<T>(loader: &Loader, r: Result<T, LocatedError>) -> Option<T> {
    r.map_err(|e| loader.report(e)).ok()
}

/// The board's size and its drawing hints.
struct BoardParts {
    grid: Grid,
    river_after_rank: Option<u32>,
    crossed: Vec<(u32, u32)>,
}

fn compile_board(loader: &Loader, file: &ChessFile) -> Option<BoardParts> {
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
    Some(BoardParts {
        grid,
        river_after_rank,
        crossed,
    })
}

fn compile_sides(loader: &Loader, file: &ChessFile) -> Option<[String; 2]> {
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
fn compile_regions(
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
fn find_region(
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
fn warn_unused_regions(loader: &Loader, file: &ChessFile, rules: &Rules) {
    let mut used: Vec<&str> = Vec::new();
    for p in &rules.pieces {
        used.extend(p.confined_to.as_deref());
        used.extend(p.movement_in.iter().map(|(r, _)| r.as_str()));
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
                        "name it in a piece's `confined_to`, `movement_in`, `initial`, \
                     `promotion` or `drop`, in the flag or en passant's `onto`, or remove it"
                            .into(),
                    ),
                ),
            );
        }
    }
}

/// The keys of drops: a warning for each that changes nothing without `drops = true`, and
/// an error for a promoted type that would revert to two types.
fn check_drops(loader: &Loader, file: &ChessFile, pieces: &[PieceType], drops: bool) {
    let declared = file.pieces.iter().flat_map(|p| p.value.iter());
    let mut reverts_to: Vec<Option<(usize, &Val<bool>)>> = vec![None; pieces.len()];
    for (name, section) in declared {
        let p = &section.value;
        let Some(kind) = pieces.iter().position(|t| &t.name == name) else {
            continue;
        };
        let warn = |file: usize, span: std::ops::Range<usize>, key: &str| {
            loader.warn(loader.error(
                file,
                span,
                format!("`{key}` changes nothing: these rules have no drops"),
                Some("add `drops = true` to `[rules]`, or remove it".into()),
            ));
        };
        if !drops {
            if let Some(d) = &p.drop {
                warn(d.file, d.span.clone(), "drop");
            }
            if let Some(c) = &p.captured_as {
                warn(c.file, c.span.clone(), "captured_as");
            }
        }
        let Some(pr) = &p.promotion else { continue };
        let Some(r) = &pr.value.reverts_when_captured else {
            continue;
        };
        if !r.value {
            continue;
        }
        if !drops {
            warn(r.file, r.span.clone(), "reverts_when_captured");
            continue;
        }
        let Some(rule) = &pieces[kind].promotion else {
            continue;
        };
        for &to in rule.to[0].iter().chain(&rule.to[1]) {
            match reverts_to[to as usize] {
                Some((other, at)) if other != kind => {
                    // Reported where the file nearest the reader says it (a file that
                    // extends another is read first).
                    let (here, mine, there, written) = if r.file <= at.file {
                        (r, name.as_str(), pieces[other].name.as_str(), at)
                    } else {
                        (at, pieces[other].name.as_str(), name.as_str(), r)
                    };
                    loader.report(loader.at(
                        here,
                        format!(
                            "a {} could revert to a {mine} or a {there}",
                            pieces[to as usize].name
                        ),
                        Some(format!(
                            "only one of the types that promote to a type may revert when \
                             captured; the {there}'s `reverts_when_captured` is in {}",
                            loader.source(written.file).name
                        )),
                    ));
                }
                _ => reverts_to[to as usize] = Some((kind, r)),
            }
        }
    }
}

/// Checks the merged file and compiles it. Every problem that does not depend on another is
/// recorded in the loader (so `check` shows them all); the first is returned.
pub(crate) fn compile(loader: &Loader, file: ChessFile, id: String) -> Result<Rules, LocatedError> {
    let identity = noted(loader, loader.identity(&file, id));
    let cells = need!(
        loader,
        file,
        board.cells,
        "`cells = \"points\"` (Xiangqi) or \"squares\" (chess)"
    );
    let fen = need!(
        loader,
        file,
        setup.fen,
        "the start position, e.g. `fen = \"rnbakabnr/9/... w - - 0 1\"`"
    );
    let parts = compile_board(loader, &file);
    let sides = compile_sides(loader, &file);
    let regions = match (&parts, &sides) {
        (Some(p), Some(s)) => compile_regions(loader, &file, &p.grid, s),
        _ => Vec::new(),
    };
    let all: Points = parts.as_ref().map_or(0, |p| {
        let n = p.grid.files * p.grid.ranks;
        if n == 128 { !0 } else { (1u128 << n) - 1 }
    });
    let pieces = match (&parts, &sides) {
        (Some(_), Some(s)) => pieces::compile_pieces(loader, &file, all, &regions, s),
        _ => None,
    };
    let game = pieces
        .as_ref()
        .and_then(|pieces| game::compile_game(loader, &file, pieces, &regions));
    let en_passant = pieces
        .as_ref()
        .and_then(|pieces| game::compile_en_passant(loader, &file, pieces, &regions, all));
    let castling = match (&pieces, &parts) {
        (Some(pieces), Some(p)) => {
            game::compile_castling(loader, &file, pieces, (p.grid.files, p.grid.ranks))
        }
        _ => None,
    };
    let notations = game::compile_notations(loader, &file);
    let (
        Some(identity),
        Some(cells),
        Some(fen),
        Some(parts),
        Some(sides),
        Some(pieces),
        Some(game),
        Some(en_passant),
        Some(castling),
        Some(notations),
    ) = (
        identity, cells, fen, parts, sides, pieces, game, en_passant, castling, notations,
    )
    else {
        return Err(loader.stopped());
    };
    check_drops(loader, &file, &pieces, game.drops);
    if loader.has_problems() {
        return Err(loader.stopped());
    }
    let rules = Rules {
        id: identity.id,
        name: identity.name,
        source: identity.source,
        aliases: identity.aliases,
        files: parts.grid.files,
        ranks: parts.grid.ranks,
        cells: cells.value,
        river_after_rank: parts.river_after_rank,
        crossed: parts.crossed,
        sides,
        regions,
        pieces,
        start_fen: fen.value.clone(),
        start_at: (fen.file, fen.span.start + 1..fen.span.end.saturating_sub(1)),
        notations,
        en_passant,
        castling,
        game,
    };
    warn_unused_regions(loader, &file, &rules);
    Ok(rules)
}
