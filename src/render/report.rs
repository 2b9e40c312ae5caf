//! Building a report from fixture files: each case run by the fixture runner, drawn from its
//! FEN, with its expected moves as arrows.

use super::FixtureCard;
use crate::fixtures::{Case, Runner, fixture_files, read_file};
use crate::game::Game;
use crate::present::Present;
use crate::variant::Variant;
use crate::view::{Arrow, BoardView};
use crate::with_game;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Every fixture case below `paths` as a card, in the runner's order (files sorted, cases as
/// written). A file that cannot be read is one failed card without a board.
pub fn fixture_cards(paths: &[PathBuf]) -> Vec<FixtureCard> {
    let mut runner = Runner::new();
    let mut variants: HashMap<String, Option<Variant>> = HashMap::new();
    let mut cases: HashMap<PathBuf, (Vec<Case>, usize)> = HashMap::new();
    let mut cards = Vec::new();
    for path in paths {
        for file in fixture_files(path).unwrap_or_default() {
            if let Ok(f) = read_file(&file) {
                cases.insert(file, (f.case, 0));
            }
        }
        for result in runner.run_path(path) {
            let passed = result.passed();
            // The runner reports the cases of a file in order: take the next one.
            let case = cases.get_mut(&result.file).and_then(|(list, next)| {
                let case = list.get(*next).filter(|c| c.id == result.id).cloned();
                if case.is_some() {
                    *next += 1;
                }
                case
            });
            let file = shown(&result.file);
            let Some(case) = case else {
                cards.push(FixtureCard {
                    id: result.id,
                    file,
                    rules: String::new(),
                    fen: String::new(),
                    description: String::new(),
                    rule: String::new(),
                    board: None,
                    expected: Vec::new(),
                    moves: None,
                    checks: Vec::new(),
                    passed,
                    failures: result.failures,
                });
                continue;
            };
            let variant = variants
                .entry(case.rules.clone())
                .or_insert_with(|| crate::load::load::<Variant>(&case.rules).ok());
            let (board, expected) = match variant {
                Some(v) => with_game!(v, game => picture(game, &case)),
                None => (None, Vec::new()),
            };
            cards.push(FixtureCard {
                id: case.id.clone(),
                file,
                rules: case.rules.clone(),
                fen: case.fen.clone(),
                description: case.description.clone(),
                rule: case.rule.clone(),
                board,
                expected,
                moves: case.moves.clone(),
                checks: checks(&case),
                passed,
                failures: result.failures,
            });
        }
    }
    cards
}

/// The case's position as a view, and its expected moves as arrows (a text that names no
/// legal move is left out; one that names several gives an arrow for each).
fn picture<G: Present>(game: &G, case: &Case) -> (Option<BoardView>, Vec<Arrow>) {
    let Ok(pos) = game.parse_fen(&case.fen) else {
        return (None, Vec::new());
    };
    let view = game.view(&pos, false);
    let notated = game.moves_with_notation(&pos);
    let mut arrows = Vec::new();
    for text in case.moves.iter().flatten() {
        let found = game.matching_moves(&pos, text).unwrap_or_default();
        for &i in &found {
            let Some((mv, canonical)) = notated.get(i) else {
                continue;
            };
            arrows.push(Arrow {
                path: game.move_path(&pos, mv),
                label: if found.len() == 1 {
                    text.clone()
                } else {
                    canonical.clone()
                },
            });
        }
    }
    (Some(view), arrows)
}

/// What the case checks besides its move list, in words.
fn checks(case: &Case) -> Vec<String> {
    let list = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(", ");
    let mut out = Vec::new();
    for (name, table) in [
        ("perft", &case.perft),
        ("perft (unique)", &case.perft_unique),
        ("perft (paths)", &case.perft_paths),
    ] {
        if let Some(t) = table {
            out.push(format!("{name}, depth 1 on: {}", list(t)));
        }
    }
    if let Some(outcome) = &case.outcome {
        let after = match &case.play {
            Some(p) if !p.is_empty() => format!("after {}: ", p.join(" ")),
            _ => String::new(),
        };
        let reason = case
            .reason
            .as_ref()
            .map_or(String::new(), |r| format!(" ({r})"));
        out.push(format!("{after}{outcome}{reason}"));
    }
    out
}

/// A path as the report shows it: relative to the current folder when it lies below it.
fn shown(path: &Path) -> String {
    std::env::current_dir()
        .ok()
        .and_then(|here| path.strip_prefix(here).ok())
        .unwrap_or(path)
        .display()
        .to_string()
}

/// A perft table as a card for the page.
pub fn table_card(table: &crate::publish::PerftTable) -> super::TableCard {
    let ids: Vec<&str> = table.columns.iter().map(|c| c.id.as_str()).collect();
    super::TableCard {
        title: format!("perft: {}", ids.join(", ")),
        header: std::iter::once("depth".to_string())
            .chain(table.headings())
            .collect(),
        rows: table.rows(),
        notes: table.header_lines(),
    }
}

/// A diff as a card for the page: each differing position drawn, the moves only one rule set
/// allows as arrows of its colour.
pub fn diff_card(report: &crate::diff::DiffReport) -> super::DiffCard {
    let mut summary = Vec::new();
    for k in &report.keys {
        summary.push(format!(
            "{}: {} -> {}",
            k.key,
            k.a.as_deref().unwrap_or("(absent)"),
            k.b.as_deref().unwrap_or("(absent)")
        ));
    }
    for (d, a, b) in &report.perft {
        summary.push(format!(
            "perft {d}: {} / {}{}",
            crate::count::count_text(*a),
            crate::count::count_text(*b),
            if a != b { "  <- differ" } else { "" }
        ));
    }
    match report.ply {
        Some(p) => summary.push(format!(
            "the legal moves first differ at ply {p}, in {} positions",
            report.differing_positions
        )),
        None => summary.push("no position with different legal moves was found".into()),
    }
    summary.extend(report.note.clone());
    let arrows = |spec: &str, fen: &str, moves: &[String]| -> Option<(BoardView, Vec<Arrow>)> {
        let variant = crate::load::load::<Variant>(spec).ok()?;
        with_game!(&variant, game => {
            let pos = game.parse_fen(fen).ok()?;
            let notated = game.moves_with_notation(&pos);
            let arrows = notated
                .iter()
                .filter(|(_, text)| moves.contains(text))
                .map(|(mv, text)| Arrow {
                    path: game.move_path(&pos, mv),
                    label: text.clone(),
                })
                .collect();
            Some((game.view(&pos, false), arrows))
        })
    };
    let positions = report
        .positions
        .iter()
        .filter_map(|d| {
            let (board, only_a) = arrows(&report.a, &d.fen, &d.only_a)?;
            let only_b = arrows(&report.b, &d.fen, &d.only_b).map_or_else(Vec::new, |x| x.1);
            Some(super::DiffPosition {
                fen: d.fen.clone(),
                path: d.path.clone(),
                board,
                only_a,
                only_b,
            })
        })
        .collect();
    super::DiffCard {
        title: format!("{} vs {}", report.a, report.b),
        summary,
        positions,
    }
}
