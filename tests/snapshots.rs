//! One insta snapshot per shipped rules file: its perft table from the start position. Each
//! table is first checked against the published reference (tests/reference/perft/) and only
//! then compared with the committed snapshot, so a snapshot can never record an unchecked count.
//! The house rule has no published table; its snapshot is checked against the base variants'
//! references instead (equal where no capture can arise yet, never smaller after).

use crate::common;

use rulebench::{Count, Draughts, Game, Variant, with_game};
use std::fmt::Write;

/// Depths kept in the snapshots: up to about a million nodes.
fn depth_for(squares: u32) -> u32 {
    match squares {
        0..=32 => 8,
        33..=64 => 7,
        _ => 6,
    }
}

fn table<G: Game>(game: &G, depth: u32) -> Vec<(u128, u128)> {
    (1..=depth)
        .map(|d| {
            (
                game.perft(&game.start(), d, Count::Unique),
                game.perft(&game.start(), d, Count::Paths),
            )
        })
        .collect()
}

fn render(title: &str, rows: &[(u128, u128)]) -> String {
    let mut s = format!("{title}\ndepth unique paths\n");
    for (i, (u, p)) in rows.iter().enumerate() {
        writeln!(s, "{} {u} {p}", i + 1).unwrap();
    }
    s
}

#[test]
fn shipped_variant_tables() {
    for id in rulebench::rules::shipped_of(rulebench::rules::Family::Draughts) {
        let squares = rulebench::load::<rulebench::draughts::Rules>(&id)
            .unwrap()
            .geometry
            .square_count();
        let variant = rulebench::load::<Variant>(&id).unwrap();
        let reference = common::reference(&id);
        let rows = with_game!(&variant, game => table(game, depth_for(squares)));
        for (i, (u, p)) in rows.iter().enumerate() {
            assert_eq!(
                *u,
                reference.unique[i] as u128,
                "{id} unique perft({})",
                i + 1
            );
            // Thai's source publishes the unique convention only: its paths column is checked
            // against the independent oracle in tests/perft_reference.rs (the title says so).
            if let Some(&rp) = reference.paths.get(i) {
                assert_eq!(*p, rp as u128, "{id} paths perft({})", i + 1);
            }
        }
        insta::assert_snapshot!(
            format!("perft-{id}"),
            render(
                &format!(
                    "{id} (checked against: {}{})",
                    reference.source,
                    if reference.paths.is_empty() {
                        "; paths: no published figure, checked against tools/oracle.py by perft_reference.rs"
                    } else {
                        ""
                    }
                ),
                &rows
            )
        );
    }
}

#[test]
fn house_rule_tables() {
    for house in rulebench::rules::shipped_house_rules() {
        let mut text = String::new();
        for base in rulebench::rules::shipped_of(rulebench::rules::Family::Draughts) {
            let spec = format!("{base}+{house}");
            let Ok(game) = rulebench::load::<Draughts>(&spec) else {
                continue; // the house rule does not apply to this board
            };
            let reference = common::reference(&base);
            let rows = table(&game, 6);
            for (i, (u, p)) in rows.iter().enumerate() {
                // Without a published paths figure (Thai), the paths count is compared with
                // the unique one, which it can never be below.
                let ru = reference.unique[i] as u128;
                let rp = reference.paths.get(i).map_or(ru, |&n| n as u128);
                assert!(
                    *u >= ru && *p >= rp,
                    "{spec} perft({}) below the compulsory-capture reference",
                    i + 1
                );
                if i < 2 {
                    assert_eq!(
                        (*u, *p),
                        (ru, rp),
                        "{spec}: no capture is possible in the first two plies"
                    );
                }
            }
            text.push_str(&render(&spec, &rows));
            text.push('\n');
        }
        assert!(!text.is_empty(), "{house} applies to no shipped variant");
        insta::assert_snapshot!(format!("perft-house-{house}"), text);
    }
}

/// The chess family's shipped files: perft from the start to about three million nodes,
/// checked against the published table first.
#[test]
fn shipped_chess_tables() {
    for id in rulebench::rules::shipped_of(rulebench::rules::Family::Chess) {
        let game = rulebench::load::<rulebench::Chess>(&id).unwrap();
        let reference = common::case_reference(&id);
        let start = reference
            .case
            .iter()
            .find(|c| c.id == "start")
            .expect("a start case");
        assert_eq!(
            game.fen(&game.start()),
            start.fen,
            "{id}: the start position"
        );
        let depth = start.perft.iter().rposition(|&n| n <= 4_000_000).unwrap() + 1;
        let rows: Vec<(u128, u128)> = (1..=depth as u32)
            .map(|d| {
                let n = game.perft(&game.start(), d, Count::Unique);
                assert_eq!(n, start.perft[d as usize - 1] as u128, "{id} perft({d})");
                (n, game.perft(&game.start(), d, Count::Paths))
            })
            .collect();
        insta::assert_snapshot!(
            format!("perft-{id}"),
            render(&format!("{id} (checked against: {})", start.source), &rows)
        );
    }
}
