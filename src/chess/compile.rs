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

/// Checks the merged file and compiles it.
pub(super) fn compile(loader: &Loader, file: ChessFile, id: String) -> Result<Rules, LocatedError> {
    let root = file.schema.as_ref().map_or(0, |s| s.file);
    let missing = |what: &str, help: &str| loader.missing(root, what, help);
    let identity = loader.identity(&file, id)?;

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
    let cells = need!(
        loader,
        file,
        board.cells,
        "`cells = \"points\"` (Xiangqi) or \"squares\" (chess)"
    );
    let board = Board::new(files.value, ranks.value).ok_or_else(|| {
        loader.at(
            files,
            format!(
                "a board of {}x{} points does not fit the 128-point layout",
                files.value, ranks.value
            ),
            Some("files from 1 to 26, and files x ranks at most 128".into()),
        )
    })?;

    let board_section = file.board.as_ref().map(|b| &b.value);
    let river_after_rank = match board_section.and_then(|b| b.river_after_rank.as_ref()) {
        Some(r) if r.value == 0 || r.value >= board.ranks() => {
            return Err(loader.at(
                r,
                format!("no river after rank {} on {} ranks", r.value, board.ranks()),
                Some(format!("a rank from 1 to {}", board.ranks() - 1)),
            ));
        }
        r => r.map(|r| r.value),
    };
    let mut crossed = Vec::new();
    for item in board_section.and_then(|b| b.crossed.as_ref()).iter().flat_map(|c| c.value.iter()) {
        let rect = item
            .value
            .split_once('-')
            .and_then(|(a, b)| Some((board.parse_point(a.trim(), 1).ok()?, board.parse_point(b.trim(), 1).ok()?)))
            .ok_or_else(|| {
                loader.at(
                    item,
                    format!("`{}` is not a rectangle on the board", item.value),
                    Some("two corners like `d1-f3`".into()),
                )
            })?;
        crossed.push(rect);
    }
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
    for s in [first, second] {
        if s.value.is_empty() || !s.value.chars().all(|c| c.is_ascii_lowercase()) {
            return Err(loader.at(
                s,
                format!("`{}` is not a side's name", s.value),
                Some("a side is named by one lower-case word, e.g. \"red\"".into()),
            ));
        }
    }
    if first.value == second.value {
        return Err(loader.at(second, "both sides have the same name", None));
    }
    let sides = [first.value.clone(), second.value.clone()];

    // Regions: each names its points for each side.
    let mut regions: Vec<(String, [Bitboard; 2])> = Vec::new();
    if let Some(defs) = &file.regions {
        for (name, def) in &defs.value {
            let mut points = [0; 2];
            for (side_name, items) in &def.value {
                let Some(side) = sides.iter().position(|s| s == side_name) else {
                    return Err(loader.at(
                        items,
                        format!("`{side_name}` is not a side of this variant"),
                        Some(format!(
                            "give the region's points for {} and {}",
                            sides[0], sides[1]
                        )),
                    ));
                };
                for item in &items.value {
                    points[side] |= board.parse_points(&item.value).map_err(|m| {
                        loader.at(
                            item,
                            m,
                            Some("a point like `e1` or a rectangle like `d1-f3`".into()),
                        )
                    })?;
                }
            }
            for side_name in &sides {
                if !def.value.contains_key(side_name) {
                    return Err(loader.at(
                        def,
                        format!("region `{name}` gives no points for {side_name}"),
                        Some(format!("add `{side_name} = [\"a1-i5\"]` or similar")),
                    ));
                }
            }
            regions.push((name.clone(), points));
        }
    }
    let region_names: Vec<&str> = regions.iter().map(|(n, _)| n.as_str()).collect();
    let find_region = |v: &Val<String>| -> Result<[Bitboard; 2], LocatedError> {
        regions
            .iter()
            .find(|(n, _)| *n == v.value)
            .map(|(_, r)| *r)
            .ok_or_else(|| {
                let hint = did_you_mean(&v.value, region_names.iter().copied())
                    .map(|m| format!("did you mean `{m}`? "))
                    .unwrap_or_default();
                loader.at(
                    v,
                    format!("unknown region `{}`", v.value),
                    Some(format!("{hint}regions: {}", region_names.join(", "))),
                )
            })
    };

    // Pieces.
    let pieces_val = file
        .pieces
        .as_ref()
        .ok_or_else(|| missing("[pieces]", "declare each piece type as `[pieces.<name>]`"))?;
    if pieces_val.value.is_empty() || pieces_val.value.len() > MAX_KINDS {
        return Err(loader.at(
            pieces_val,
            format!("{} piece types", pieces_val.value.len()),
            Some(format!("a variant has 1 to {MAX_KINDS} piece types")),
        ));
    }
    let mut pieces = Vec::new();
    let mut movements = Vec::new();
    let mut taken: BTreeMap<char, String> = BTreeMap::new();
    for (name, piece) in &pieces_val.value {
        let p = &piece.value;
        let letter_val = p.letter.as_ref().ok_or_else(|| {
            loader.at(
                piece,
                format!("piece `{name}` has no `letter`"),
                Some("give its FEN letter, e.g. `letter = \"n\"`".into()),
            )
        })?;
        let letter = letter_of(loader, letter_val)?;
        let mut synonyms = Vec::new();
        for s in p.synonyms.iter().flat_map(|s| s.value.iter()) {
            synonyms.push((letter_of(loader, s)?, s));
        }
        for (c, at) in
            std::iter::once((letter, letter_val)).chain(synonyms.iter().map(|(c, v)| (*c, *v)))
        {
            if let Some(other) = taken.insert(c, name.clone()) {
                return Err(loader.at(
                    at,
                    format!("letter `{c}` is also the {other}'s"),
                    Some("each letter names one piece type".into()),
                ));
            }
        }
        let movement = p.movement.as_ref().ok_or_else(|| {
            loader.at(
                piece,
                format!("piece `{name}` has no `movement`"),
                Some("say how it moves in Betza notation, e.g. `movement = \"nN\"`".into()),
            )
        })?;
        let base = parse_betza(loader, movement)?;
        let confined = match &p.confined_to {
            Some(r) => find_region(r)?,
            None => [board.all(); 2],
        };
        let mut regional: Vec<([Bitboard; 2], Vec<Component>)> = Vec::new();
        let mut movement_in: Vec<(String, String)> = Vec::new();
        if let Some(map) = &p.movement_in {
            for (region, m) in &map.value {
                let points = find_region(&Val {
                    value: region.clone(),
                    file: m.file,
                    span: m.span.clone(),
                })?;
                let overlap = regional
                    .iter()
                    .position(|(r, _)| r[0] & points[0] != 0 || r[1] & points[1] != 0);
                if let Some(i) = overlap {
                    return Err(loader.at(
                        m,
                        format!(
                            "regions `{}` and `{region}` overlap in `movement_in`",
                            movement_in[i].0
                        ),
                        Some("a point may lie in one of a piece's movement regions only".into()),
                    ));
                }
                regional.push((points, parse_betza(loader, m)?));
                movement_in.push((region.clone(), m.value.clone()));
            }
        }
        let notation = match &p.notation {
            None => letter.to_ascii_uppercase(),
            Some(v) => {
                let mut cs = v.value.chars();
                match (cs.next(), cs.next()) {
                    (Some(c), None) if c.is_ascii_uppercase() => c,
                    _ => {
                        return Err(loader.at(
                            v,
                            format!("`{}` is not one capital letter", v.value),
                            Some("a piece's WXF letter is one capital, e.g. \"H\"".into()),
                        ));
                    }
                }
            }
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
    let letter_kind = |v: &Val<String>| -> Result<Vec<u8>, LocatedError> {
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
    };

    // Game rules.
    let facing = need!(
        loader,
        file,
        rules.facing_royals,
        "`facing_royals = \"illegal\"` (royal pieces may not face each other on an open file) or \"allowed\""
    );
    let _self_check = need!(loader, file, rules.self_check, "`self_check = \"illegal\"`");
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
    let limit_rule =
        |r: Option<&Val<LimitRule>>| r.map(|r| (r.value.limit.value, r.value.result.value));
    let mut insufficient = Vec::new();
    if let Some(list) = section.and_then(|s| s.insufficient_material.as_ref()) {
        for pair in &list.value {
            if pair.value.len() != 2 {
                return Err(loader.at(
                    pair,
                    format!("{} materials where a pair is needed", pair.value.len()),
                    Some("each entry is a pair: one side's pieces and the other's, e.g. [\"k\", \"kbb\"]".into()),
                ));
            }
            insufficient.push([letter_kind(&pair.value[0])?, letter_kind(&pair.value[1])?]);
        }
    }
    let counting = match section.and_then(|s| s.counting.as_ref()) {
        None => None,
        Some(c) => {
            let mut ignore = 0u32;
            for v in c.value.ignore.iter().flat_map(|i| i.value.iter()) {
                for k in letter_kind(v)? {
                    ignore |= 1 << k;
                }
            }
            let mut limits = Vec::new();
            for (force, moves) in &c.value.limits.value {
                let force = letter_kind(&Val {
                    value: force.clone(),
                    file: moves.file,
                    span: moves.span.clone(),
                })?;
                limits.push((force, moves.value));
            }
            Some(Counting { ignore, limits })
        }
    };
    let game = GameRules {
        facing_royals: facing.value == Facing::Illegal,
        checkmate: checkmate.value,
        stalemate: stalemate.value,
        perpetual_check: limit_rule(section.and_then(|s| s.perpetual_check.as_ref())),
        repetition: limit_rule(section.and_then(|s| s.repetition.as_ref())),
        insufficient_material: insufficient,
        counting,
    };

    let royal = pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| p.royal)
        .fold(0u8, |acc, (k, _)| acc | 1 << k);
    let tables = Tables::new(&board, &movements);
    let engine = Engine::new(
        board.clone(),
        tables,
        pieces.len(),
        royal,
        game.facing_royals,
    );

    let fen = need!(
        loader,
        file,
        setup.fen,
        "the start position, e.g. `fen = \"rnbakabnr/9/... w - - 0 1\"`"
    );
    let mut rules = Rules {
        id: identity.id,
        name: identity.name,
        source: identity.source,
        aliases: identity.aliases,
        board,
        cells: cells.value,
        river_after_rank,
        crossed,
        sides,
        regions,
        pieces,
        start: Position::empty(),
        game,
        engine,
    };
    rules.start = rules.parse_fen(&fen.value).map_err(|e| {
        let inner = fen.span.start + 1;
        let offset = e.column - 1;
        loader.error(
            fen.file,
            inner + offset..inner + offset + 1,
            format!("start position: {}", e.message),
            e.help.clone(),
        )
    })?;
    // Validate by building: the first mover must have a legal move.
    if rules.engine.count(&rules.start) == 0 {
        return Err(loader.at(
            fen,
            "the start position gives the first mover no legal move",
            None,
        ));
    }
    Ok(rules)
}
