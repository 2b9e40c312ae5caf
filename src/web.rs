//! The playground's protocol: a request as JSON text, its answer as JSON text. What a page
//! (the browser playground, through its WebAssembly build) asks of the library, in one entry
//! point with no types to bind: the shipped files, a rules text's problems, a position with
//! its legal moves and its picture, perft and divide. Bad input (a rules text, a FEN, a move,
//! a depth, a request that is not JSON) is an answer with located `diagnostics`, never a
//! panic.
//!
//! Every request is an object with an `op`:
//!
//! - `{"op": "variants"}` → `{"variants": [{"id", "name", "family", "text"}]}`: every shipped
//!   variant with its file's text.
//! - `{"op": "check", "rules": TEXT, "name": "my.toml"}` → `{"diagnostics": [...]}`: every
//!   error and warning of the text, each `{"severity", "file", "line", "column", "message",
//!   "help"}` (lines and columns 1-based).
//! - `{"op": "position", "rules": TEXT, "fen": FEN or null, "moves": ["c3d4", ...]}` → the
//!   position after the moves: `fen`, `side`, `outcome`, `svg` (the command line's picture),
//!   `layout` (where its cells are), `moves` (each `notation`, `cells` it goes through, and the
//!   family's `details`), `played` (the moves' notations), `explain` (the rules in sentences),
//!   `id`, `name`, `family`; or `{"diagnostics": [...]}` when the rules, the FEN or a move is bad.
//! - `{"op": "perft", "rules": TEXT, "fen": FEN or null, "moves": [...], "depth": D, "count":
//!   "unique" or "paths", "divide": false}` → `{"nodes": "DIGITS"}` (and with `divide`,
//!   `"divide": [[MOVE, "DIGITS"], ...]`), counts as decimal text (they pass what a JSON
//!   number holds exactly); one thread, no table.
//!
//! ```
//! let rules = "schema = 1\nextends = \"russian\"\n[variant]\nid = \"mine\"\nname = \"Mine\"\nsource = \"docs/games/draughts.md#russian\"\n";
//! let request = serde_json::json!({"op": "perft", "rules": rules, "depth": 3});
//! let answer = rulebench::web::answer(&request.to_string());
//! let value: serde_json::Value = serde_json::from_str(&answer).unwrap();
//! assert_eq!(value["nodes"], "302"); // published Russian perft 3
//! ```

use crate::board::Board;
use crate::count::Count;
use crate::diagnostics::{LocatedError, SourceFile};
use crate::perft::PerftOptions;
use crate::variant::Variant;
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::Arc;

/// The deepest perft a request may ask for (deeper trees take longer than anyone waits in a
/// page, and a depth past the counts' range is a mistake).
pub const MAX_DEPTH: u32 = 30;

/// A request, as the page sends it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Request {
    op: String,
    #[serde(default)]
    rules: Option<String>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    fen: Option<String>,
    #[serde(default)]
    moves: Vec<String>,
    #[serde(default)]
    depth: Option<u32>,
    #[serde(default)]
    count: Option<String>,
    #[serde(default)]
    divide: bool,
}

/// The answer to one request (see the module's text), as JSON text.
pub fn answer(request: &str) -> String {
    let value = match serde_json::from_str::<Request>(request) {
        Ok(r) => answer_to(&r).unwrap_or_else(|e| diagnostics(&[e], &[])),
        Err(e) => diagnostics(&[request_error(request, &e.to_string())], &[]),
    };
    value.to_string()
}

/// The answer to a request that parsed.
fn answer_to(r: &Request) -> Result<Value, LocatedError> {
    match r.op.as_str() {
        "variants" => Ok(variants()),
        "check" => {
            let checked = crate::load::check(crate::rules::RulesSource::text(name(r), rules(r)?));
            Ok(diagnostics(&checked.errors, &checked.warnings))
        }
        "position" => position(&board(r)?),
        "perft" => perft(r),
        other => Err(request_error(
            other,
            &format!("unknown op `{other}`: valid ops are variants, check, position, perft"),
        )),
    }
}

/// Every shipped variant with its group and the text of its file.
fn variants() -> Value {
    let list: Vec<Value> = crate::rules::shipped()
        .into_iter()
        .filter(|s| !s.house_rule)
        .map(|s| {
            json!({
                "id": s.id,
                "name": s.name,
                "family": s.family.map(|f| f.name()),
                "group": s.group,
                "text": crate::rules::shipped_text(&s.id),
            })
        })
        .collect();
    json!({ "variants": list })
}

/// The file name the rules text is read as (errors point into it).
fn name(r: &Request) -> &str {
    r.name.as_deref().unwrap_or("playground.toml")
}

/// The request's rules text.
fn rules(r: &Request) -> Result<&str, LocatedError> {
    r.rules
        .as_deref()
        .ok_or_else(|| request_error(&r.op, "this request needs `rules`: the rules file's text"))
}

/// The board the request sets up: its rules, its FEN (or the start) and its moves played.
fn board(r: &Request) -> Result<Board, LocatedError> {
    let variant = Arc::new(crate::load::load::<Variant>(
        crate::rules::RulesSource::text(name(r), rules(r)?),
    )?);
    let mut board = match &r.fen {
        Some(fen) if !fen.trim().is_empty() => Board::from_fen(variant, fen.trim())?,
        _ => Board::start(variant),
    };
    for mv in &r.moves {
        board.push(mv)?;
    }
    Ok(board)
}

/// A position with everything a page shows of it.
fn position(board: &Board) -> Result<Value, LocatedError> {
    let variant = board.variant();
    let cells = board.move_cells();
    let moves: Vec<Value> = board
        .legal_moves()
        .into_iter()
        .zip(cells)
        .map(|(mv, cells)| {
            json!({
                "notation": mv.notation,
                "cells": cells,
                "details": mv.details,
            })
        })
        .collect();
    let view = board.view();
    Ok(json!({
        "id": variant.id(),
        "name": variant.name(),
        "family": variant.family().name(),
        "fen": board.fen(),
        "side": board.side_to_move(),
        "outcome": board.outcome().to_string(),
        "svg": board.svg(),
        "layout": crate::render::svg::cell_layout(&view),
        "moves": moves,
        "played": board.played().iter().map(|m| m.notation.clone()).collect::<Vec<_>>(),
        "explain": variant.explain(),
    }))
}

/// Perft (or divide) of the request's position.
fn perft(r: &Request) -> Result<Value, LocatedError> {
    let depth = r
        .depth
        .ok_or_else(|| request_error("perft", "perft needs `depth`"))?;
    if depth > MAX_DEPTH {
        return Err(request_error(
            &depth.to_string(),
            &format!("depth {depth} is past the deepest a page runs ({MAX_DEPTH})"),
        ));
    }
    let count = match r.count.as_deref() {
        None | Some("unique") => Count::Unique,
        Some("paths") => Count::Paths,
        Some(other) => {
            return Err(request_error(
                other,
                &format!("unknown count `{other}`: unique or paths"),
            ));
        }
    };
    let board = board(r)?;
    let options = PerftOptions {
        threads: 1,
        hash_mb: 0,
        progress: None,
        stop: None,
    };
    if r.divide {
        let list = board.divide(depth, count, &options);
        let total = crate::count::count_sum(list.iter().map(|(_, n)| *n));
        at_limit(total)?;
        let rows: Vec<Value> = list
            .into_iter()
            .map(|(m, n)| json!([m, n.to_string()]))
            .collect();
        return Ok(json!({ "nodes": total.to_string(), "divide": rows }));
    }
    let nodes = board.perft(depth, count, &options);
    at_limit(nodes)?;
    Ok(json!({ "nodes": nodes.to_string() }))
}

/// Refuses a count that reached [`crate::count::COUNT_LIMIT`]: it is not exact.
fn at_limit(n: u128) -> Result<(), LocatedError> {
    crate::count::exact_count(n)
        .map(|_| ())
        .map_err(|e| request_error("depth", &format!("{e}; choose a smaller depth")))
}

/// Errors and warnings as the page lists them.
fn diagnostics(errors: &[LocatedError], warnings: &[LocatedError]) -> Value {
    let one = |severity: &str, e: &LocatedError| {
        json!({
            "severity": severity,
            "file": e.file,
            "line": e.line,
            "column": e.column,
            "message": e.message,
            "help": e.help,
        })
    };
    let list: Vec<Value> = errors
        .iter()
        .map(|e| one("error", e))
        .chain(warnings.iter().map(|w| one("warning", w)))
        .collect();
    json!({ "diagnostics": list })
}

/// An error about the request itself, located in `text`.
fn request_error(text: &str, message: &str) -> LocatedError {
    let source = SourceFile {
        name: "request".into(),
        text: text.into(),
    };
    LocatedError::new(&source, 0..text.len(), message.to_string(), None)
}
