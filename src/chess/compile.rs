//! Compiling a merged chess-family rules file: every key checked (Betza strings, regions,
//! letters, game rules), the piece types built into their move tables, the start position
//! read and validated by generating its first moves.

use super::betza::{self, Component};
use super::board::{Bitboard, Board};
use super::movegen::Engine;
use super::position::{MAX_KINDS, Position};
use super::rules::{Counting, GameRules, PieceType, Rules};
use super::schema::*;
use super::tables::{PieceMovement, Tables};
use crate::diagnostics::{LocatedError, did_you_mean};
use crate::rules::{Loader, Val, need};
use std::collections::BTreeMap;

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

/// The value of a check, or `None` with its problem recorded in the loader.
fn noted<T>(loader: &Loader, r: Result<T, LocatedError>) -> Option<T> {
    r.map_err(|e| loader.report(e)).ok()
}

/// The board and its drawing hints.
struct BoardParts {
    board: Board,
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
    let Some(board) = Board::new(files.value, ranks.value) else {
        loader.report(loader.at(
            files,
            format!(
                "a board of {}x{} points does not fit the 128-point layout",
                files.value, ranks.value
            ),
            Some("files from 1 to 26, and files x ranks at most 128".into()),
        ));
        return None;
    };
    let section = file.board.as_ref().map(|b| &b.value);
    let river_after_rank = match section.and_then(|b| b.river_after_rank.as_ref()) {
        Some(r) if r.value == 0 || r.value >= board.ranks() => {
            loader.report(loader.at(
                r,
                format!("no river after rank {} on {} ranks", r.value, board.ranks()),
                Some(format!("a rank from 1 to {}", board.ranks() - 1)),
            ));
            None
        }
        r => r.map(|r| r.value),
    };
    let mut crossed = Vec::new();
    for item in section
        .and_then(|b| b.crossed.as_ref())
        .iter()
        .flat_map(|c| c.value.iter())
    {
        let corners = item.value.split_once('-').and_then(|(a, b)| {
            Some((
                board.parse_point(a.trim(), 1).ok()?,
                board.parse_point(b.trim(), 1).ok()?,
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
        board,
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
    board: &Board,
    sides: &[String; 2],
) -> Vec<(String, [Bitboard; 2])> {
    let mut regions = Vec::new();
    for (name, def) in file.regions.iter().flat_map(|d| d.value.iter()) {
        let mut points = [0; 2];
        let mut ok = true;
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
                ok = false;
                continue;
            };
            for item in &items.value {
                match board.parse_points(&item.value) {
                    Ok(set) => points[side] |= set,
                    Err(m) => {
                        loader.report(loader.at(
                            item,
                            m,
                            Some("a point like `e1` or a rectangle like `d1-f3`".into()),
                        ));
                        ok = false;
                    }
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
                ok = false;
            }
        }
        // Kept even when some of it is wrong, so that the pieces naming it are checked.
        let _ = ok;
        regions.push((name.clone(), points));
    }
    regions
}

/// A region by name, or the problem with a "did you mean".
fn find_region(
    loader: &Loader,
    regions: &[(String, [Bitboard; 2])],
    v: &Val<String>,
) -> Result<[Bitboard; 2], LocatedError> {
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

/// The piece types, each with its movement tables' input. A piece with a problem is recorded
/// and left out (so that the others are still checked).
fn compile_pieces(
    loader: &Loader,
    file: &ChessFile,
    board: &Board,
    regions: &[(String, [Bitboard; 2])],
) -> Option<(Vec<PieceType>, Vec<PieceMovement>)> {
    let root = file.schema.as_ref().map_or(0, |s| s.file);
    let Some(pieces_val) = file.pieces.as_ref() else {
        loader.report(loader.missing(
            root,
            "[pieces]",
            "declare each piece type as `[pieces.<name>]`",
        ));
        return None;
    };
    if pieces_val.value.is_empty() || pieces_val.value.len() > MAX_KINDS {
        loader.report(loader.at(
            pieces_val,
            format!("{} piece types", pieces_val.value.len()),
            Some(format!("a variant has 1 to {MAX_KINDS} piece types")),
        ));
        return None;
    }
    let mut pieces = Vec::new();
    let mut movements = Vec::new();
    let mut taken: BTreeMap<char, String> = BTreeMap::new();
    let mut wxf_taken: BTreeMap<char, (String, Option<&Val<String>>)> = BTreeMap::new();
    let mut all_ok = true;
    for (name, piece) in &pieces_val.value {
        let p = &piece.value;
        let letter_val = p.letter.as_ref().ok_or_else(|| {
            loader.at(
                piece,
                format!("piece `{name}` has no `letter`"),
                Some("give its FEN letter, e.g. `letter = \"n\"`".into()),
            )
        });
        let letter_val = noted(loader, letter_val);
        let letter = letter_val.and_then(|v| noted(loader, letter_of(loader, v)));
        let mut synonyms = Vec::new();
        for s in p.synonyms.iter().flat_map(|s| s.value.iter()) {
            if let Some(c) = noted(loader, letter_of(loader, s)) {
                synonyms.push((c, s));
            }
        }
        let letters = letter
            .zip(letter_val)
            .into_iter()
            .chain(synonyms.iter().map(|(c, v)| (*c, *v)));
        for (c, at) in letters {
            if let Some(other) = taken.insert(c, name.clone()) {
                loader.report(loader.at(
                    at,
                    format!("letter `{c}` is also the {other}'s"),
                    Some("each letter names one piece type".into()),
                ));
            }
        }
        let movement = noted(
            loader,
            p.movement.as_ref().ok_or_else(|| {
                loader.at(
                    piece,
                    format!("piece `{name}` has no `movement`"),
                    Some("say how it moves in Betza notation, e.g. `movement = \"nN\"`".into()),
                )
            }),
        );
        let base = movement.and_then(|m| noted(loader, parse_betza(loader, m)));
        let confined = match &p.confined_to {
            Some(r) => noted(loader, find_region(loader, regions, r)),
            None => Some([board.all(); 2]),
        };
        let mut regional: Vec<([Bitboard; 2], Vec<Component>)> = Vec::new();
        let mut movement_in: Vec<(String, String)> = Vec::new();
        for (region, m) in p.movement_in.iter().flat_map(|map| map.value.iter()) {
            let named = Val {
                value: region.clone(),
                file: m.file,
                span: m.span.clone(),
            };
            let Some(points) = noted(loader, find_region(loader, regions, &named)) else {
                continue;
            };
            if let Some(i) = regional
                .iter()
                .position(|(r, _)| r[0] & points[0] != 0 || r[1] & points[1] != 0)
            {
                loader.report(loader.at(
                    m,
                    format!(
                        "regions `{}` and `{region}` overlap in `movement_in`",
                        movement_in[i].0
                    ),
                    Some("a point may lie in one of a piece's movement regions only".into()),
                ));
                continue;
            }
            if let Some(c) = confined
                && (c[0] & points[0]) | (c[1] & points[1]) == 0
            {
                loader.warn(loader.at(
                    m,
                    format!("the {name} never stands in `{region}`: this movement never applies"),
                    Some(format!(
                        "the {name} is confined to `{}`, which does not meet `{region}`",
                        p.confined_to.as_ref().map_or("", |r| r.value.as_str())
                    )),
                ));
            }
            if let Some(components) = noted(loader, parse_betza(loader, m)) {
                regional.push((points, components));
                movement_in.push((region.clone(), m.value.clone()));
            }
        }
        let notation = match &p.notation {
            None => letter.map(|l| l.to_ascii_uppercase()),
            Some(v) => {
                let mut cs = v.value.chars();
                match (cs.next(), cs.next()) {
                    (Some(c), None) if c.is_ascii_uppercase() => Some(c),
                    _ => {
                        loader.report(loader.at(
                            v,
                            format!("`{}` is not one capital letter", v.value),
                            Some("a piece's WXF letter is one capital, e.g. \"H\"".into()),
                        ));
                        None
                    }
                }
            }
        };
        // A WXF move names the piece by this letter: two types with one letter could not be
        // told apart.
        if let Some(c) = notation {
            let at = p.notation.as_ref().or(letter_val);
            if let Some((other, other_at)) = wxf_taken.insert(c, (name.clone(), at)) {
                // Point at the one written nearer the top file (the user's, over a parent's).
                let place = match (at, other_at) {
                    (Some(a), Some(b)) if b.file < a.file => Some((b, name.as_str())),
                    (Some(a), _) => Some((a, other.as_str())),
                    (None, b) => b.map(|b| (b, name.as_str())),
                };
                if let Some((here, there)) = place {
                    loader.report(loader.at(
                        here,
                        format!("WXF letter `{c}` is also the {there}'s"),
                        Some(
                            "each piece type needs its own WXF letter: set `notation` to another \
                             capital"
                                .into(),
                        ),
                    ));
                }
            }
        }
        let (Some(letter), Some(movement), Some(base), Some(confined), Some(notation)) =
            (letter, movement, base, confined, notation)
        else {
            all_ok = false;
            continue;
        };
        pieces.push(PieceType {
            name: name.clone(),
            letter,
            synonyms: synonyms.iter().map(|(c, _)| *c).collect(),
            royal: p.royal.as_ref().is_some_and(|r| r.value),
            movement: movement.value.clone(),
            confined_to: p.confined_to.as_ref().map(|r| r.value.clone()),
            movement_in,
            notation,
        });
        movements.push(PieceMovement {
            base,
            regional,
            confined,
        });
    }
    all_ok.then_some((pieces, movements))
}

/// The piece types (sorted) that the letters of `v` name.
fn letter_kinds(
    loader: &Loader,
    pieces: &[PieceType],
    v: &Val<String>,
) -> Result<Vec<u8>, LocatedError> {
    let mut kinds = Vec::new();
    for c in v.value.chars() {
        let k = pieces
            .iter()
            .position(|p| p.letter == c || p.synonyms.contains(&c))
            .ok_or_else(|| {
                let all: Vec<String> = pieces.iter().map(|p| p.letter.to_string()).collect();
                loader.at(
                    v,
                    format!("`{c}` is not a piece letter of this variant"),
                    Some(format!("piece letters: {}", all.join(" "))),
                )
            })?;
        kinds.push(k as u8);
    }
    kinds.sort();
    Ok(kinds)
}

/// The game rules.
fn compile_game(loader: &Loader, file: &ChessFile, pieces: &[PieceType]) -> Option<GameRules> {
    // The game rules name pieces by letter: after a problem with the pieces themselves, a
    // letter that no longer names one would only repeat it.
    let letters_sound = !loader.has_problems();
    let facing = need!(
        loader,
        file,
        rules.facing_royals,
        "`facing_royals = \"illegal\"` (royal pieces may not face each other on an open file) or \"allowed\""
    );
    let self_check = need!(loader, file, rules.self_check, "`self_check = \"illegal\"`");
    let checkmate = need!(
        loader,
        file,
        rules.checkmate,
        "`checkmate = \"loss\"` (the result for the side checkmated)"
    );
    let stalemate = need!(
        loader,
        file,
        rules.stalemate,
        "`stalemate = \"loss\"`, \"draw\" or \"win\" (for the side with no move)"
    );
    let section = file.rules.as_ref().map(|r| &r.value);
    let limit_rule = |r: Option<&Val<LimitRule>>| {
        r.map(|r| {
            if r.value.limit.value == 0 {
                loader.report(loader.at(
                    &r.value.limit,
                    "a limit of 0 would end the game at once",
                    Some("the limit is how many times it may happen before the rule acts: 1 or more, e.g. `limit = 3`".into()),
                ));
            }
            (r.value.limit.value, r.value.result.value)
        })
    };
    let mut insufficient = Vec::new();
    let pairs = section
        .and_then(|s| s.insufficient_material.as_ref())
        .filter(|_| letters_sound);
    for pair in pairs.iter().flat_map(|l| l.value.iter()) {
        if pair.value.len() != 2 {
            loader.report(loader.at(
                pair,
                format!("{} materials where a pair is needed", pair.value.len()),
                Some("each entry is a pair: one side's pieces and the other's, e.g. [\"k\", \"kbb\"]".into()),
            ));
            continue;
        }
        let a = noted(loader, letter_kinds(loader, pieces, &pair.value[0]));
        let b = noted(loader, letter_kinds(loader, pieces, &pair.value[1]));
        if let (Some(a), Some(b)) = (a, b) {
            insufficient.push([a, b]);
        }
    }
    let counting = section
        .and_then(|s| s.counting.as_ref())
        .filter(|_| letters_sound)
        .map(|c| {
            let mut ignore = 0u32;
            for v in c.value.ignore.iter().flat_map(|i| i.value.iter()) {
                for k in noted(loader, letter_kinds(loader, pieces, v)).unwrap_or_default() {
                    ignore |= 1 << k;
                }
            }
            let mut limits = Vec::new();
            for (force, moves) in &c.value.limits.value {
                let named = Val {
                    value: force.clone(),
                    file: moves.file,
                    span: moves.span.clone(),
                };
                if let Some(force) = noted(loader, letter_kinds(loader, pieces, &named)) {
                    limits.push((force, moves.value));
                }
            }
            Counting { ignore, limits }
        });
    let (facing, _, checkmate, stalemate) = (facing?, self_check?, checkmate?, stalemate?);
    Some(GameRules {
        facing_royals: facing.value == Facing::Illegal,
        checkmate: checkmate.value,
        stalemate: stalemate.value,
        perpetual_check: limit_rule(section.and_then(|s| s.perpetual_check.as_ref())),
        repetition: limit_rule(section.and_then(|s| s.repetition.as_ref())),
        insufficient_material: insufficient,
        counting,
    })
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
        (Some(p), Some(s)) => compile_regions(loader, &file, &p.board, s),
        _ => Vec::new(),
    };
    let pieces = parts
        .as_ref()
        .and_then(|p| compile_pieces(loader, &file, &p.board, &regions));
    let game = pieces
        .as_ref()
        .and_then(|(pieces, _)| compile_game(loader, &file, pieces));
    let (
        Some(identity),
        Some(cells),
        Some(fen),
        Some(parts),
        Some(sides),
        Some((pieces, movements)),
        Some(game),
    ) = (identity, cells, fen, parts, sides, pieces, game)
    else {
        return Err(loader.stopped());
    };
    if loader.has_problems() {
        return Err(loader.stopped());
    }
    let royal = pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| p.royal)
        .fold(0u8, |acc, (k, _)| acc | 1 << k);
    let tables = Tables::new(&parts.board, &movements);
    let engine = Engine::new(
        parts.board.clone(),
        tables,
        pieces.len(),
        royal,
        game.facing_royals,
    );
    let used: Vec<&str> = pieces
        .iter()
        .flat_map(|p| {
            p.confined_to
                .iter()
                .chain(p.movement_in.iter().map(|(r, _)| r))
        })
        .map(String::as_str)
        .collect();
    for (name, def) in file.regions.iter().flat_map(|d| d.value.iter()) {
        if !used.contains(&name.as_str()) {
            loader.warn(loader.at(
                def,
                format!("region `{name}` is not used by any piece"),
                Some("name it in a piece's `confined_to` or `movement_in`, or remove it".into()),
            ));
        }
    }
    let mut rules = Rules {
        id: identity.id,
        name: identity.name,
        source: identity.source,
        aliases: identity.aliases,
        board: parts.board,
        cells: cells.value,
        river_after_rank: parts.river_after_rank,
        crossed: parts.crossed,
        sides,
        regions,
        pieces,
        start: Position::empty(),
        game,
        engine,
    };
    rules.start = match rules.parse_fen(&fen.value) {
        Ok(p) => p,
        Err(e) => {
            let inner = fen.span.start + 1;
            let offset = e.column - 1;
            loader.report(loader.error(
                fen.file,
                inner + offset..inner + offset + 1,
                format!("start position: {}", e.message),
                e.help.clone(),
            ));
            return Err(loader.stopped());
        }
    };
    // Validate by building: the first mover must have a legal move.
    if rules.engine.count(&rules.start) == 0 {
        loader.report(loader.at(
            fen,
            "the start position gives the first mover no legal move",
            None,
        ));
        return Err(loader.stopped());
    }
    Ok(rules)
}
