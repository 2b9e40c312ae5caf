//! Properties over random legal playouts from each shipped variant's start (proptest).
//! The default is 24 cases per property; set `PROPTEST_CASES` for more (see docs/testing.md).

use proptest::prelude::*;
use rulebench::draughts::schema::Criterion;
use rulebench::draughts::{Colour, DetailedMove, Position, Rules};
use rulebench::{Count, Draughts, Game, PerftOptions};
use std::collections::HashMap;
use std::sync::OnceLock;

use crate::common;
use common::playout::{built, config, playout};

fn games() -> &'static Vec<Draughts> {
    static GAMES: OnceLock<Vec<Draughts>> = OnceLock::new();
    GAMES.get_or_init(|| {
        let mut ids = rulebench::rules::shipped_of(rulebench::rules::Family::Draughts);
        ids.push("russian+no-compulsory-capture".into());
        ids.push("italian+no-compulsory-capture".into());
        // Boards wider than 64 bits (Canadian) are played by the line tables in 128 bits;
        // `wide_bitboards_change_no_count` covers them.
        ids.iter()
            .filter_map(|id| rulebench::load::<Draughts>(id).ok())
            .collect()
    })
}

/// The same games played by the line-table generator (the variants that need it already are).
fn games_by_line_tables() -> &'static Vec<Draughts> {
    static GAMES: OnceLock<Vec<Draughts>> = OnceLock::new();
    GAMES.get_or_init(|| {
        games()
            .iter()
            .map(|g| g.clone().with_line_tables())
            .collect()
    })
}

/// The same rules with free choice among captures: every capture sequence is legal.
fn without_precedence(game: &Draughts) -> Draughts {
    let mut rules = game.rules().clone();
    rules.precedence.clear();
    Draughts::with_rules(rules).unwrap()
}

/// Perft by listing every move at every ply and playing it: none of the counting shortcuts
/// of the perft kernel (bulk counts at the last ply, the specialised parent of the leaves).
fn perft_by_listing(game: &Draughts, pos: &Position, depth: u32, count: Count) -> u128 {
    if depth == 0 {
        return 1;
    }
    game.legal_moves(pos)
        .iter()
        .map(|mv| {
            let weight = match count {
                Count::Unique => 1,
                Count::Paths => mv.paths as u128,
            };
            weight * perft_by_listing(game, &game.play(pos, mv), depth - 1, count)
        })
        .sum()
}

/// Perft with bulk counting equals perft by listing, both conventions, at depths 1 to
/// `max_depth`, going deeper only while the tree has at most `listable` paths.
fn bulk_counts_equal_listing(
    game: &Draughts,
    pos: &Position,
    max_depth: u32,
    listable: u128,
) -> Result<(), TestCaseError> {
    for depth in 1..=max_depth {
        for count in [Count::Unique, Count::Paths] {
            prop_assert_eq!(
                game.perft(pos, depth, count),
                perft_by_listing(game, pos, depth, count),
                "{} {} perft({}) {:?}",
                game.id(),
                game.fen(pos),
                depth,
                count
            );
        }
        if game.perft(pos, depth, Count::Paths) > listable {
            break;
        }
    }
    Ok(())
}

fn arb_position() -> impl Strategy<Value = (usize, Position)> {
    (0..games().len(), any::<u64>(), 0u32..90)
        .prop_map(|(g, seed, plies)| (g, playout(&games()[g], seed, plies)))
}

/// A position built from random square sets rather than reached by play: kings of both sides
/// everywhere, men on any row but their crowning row, either side to move. Such positions
/// are where the precedence's criteria (kings taken, captures by kings, the order of kings)
/// and flying kings at the last ply are exercised, which play from the start rarely reaches.
fn arb_built_position() -> impl Strategy<Value = (usize, Position)> {
    (
        0..games().len(),
        any::<u64>(),
        2u64..9,
        1u64..5,
        any::<bool>(),
    )
        .prop_map(|(g, seed, crowd, kingly, white_to_move)| {
            (g, built(&games()[g], seed, crowd, kingly, white_to_move))
        })
}

/// The games where any capture by a king outranks every man's (the precedence's first
/// criterion is made-by-king): the shipped ones, and such a first criterion put before
/// others on flying-king rules of each line kind and removal (files written here).
fn games_where_kings_capture_first() -> &'static Vec<Draughts> {
    static GAMES: OnceLock<Vec<Draughts>> = OnceLock::new();
    GAMES.get_or_init(|| {
        let mut list: Vec<Draughts> = games()
            .iter()
            .filter(|g| g.rules().precedence.first() == Some(&Criterion::MadeByKing))
            .cloned()
            .collect();
        for (base, precedence) in [
            ("russian", r#"["made-by-king", "most-pieces"]"#),
            ("international", r#"["made-by-king", "most-kings"]"#),
            ("frisian", r#"["made-by-king", "most-value"]"#),
            ("turkish", r#"["made-by-king", "most-pieces"]"#),
        ] {
            let text = format!(
                "schema = 1\nfamily = \"draughts\"\nextends = \"{base}\"\n\n[variant]\n\
                 id = \"{base}-kings-first\"\nname = \"{base}, kings' captures first\"\n\
                 source = \"rules/{base}.toml, with the first criterion of rules/czech.toml \
                 (a capture by a king first) before its own\"\n\n\
                 [capture]\nprecedence = {precedence}\n"
            );
            let rules = rulebench::load::<Rules>(rulebench::rules::RulesSource::text(
                &format!("{base}-kings-first.toml"),
                &text,
            ))
            .unwrap_or_else(|e| panic!("{base}: {e}"));
            list.push(Draughts::with_rules(rules).unwrap());
        }
        list
    })
}

/// The pieces taken, in jump order, along one path (landing squares) starting at `from`.
fn taken_in_order(game: &Draughts, pos: &Position, from: u32, path: &[u32]) -> Vec<u32> {
    let geo = &game.rules().geometry;
    let at: HashMap<(i32, i32), u32> = geo
        .bits()
        .map(|b| {
            let (r, c) = geo.coordinates(b);
            ((r as i32, c as i32), b)
        })
        .collect();
    // A piece taken is off the line for the jumps after it: where pieces go at once (Turkish)
    // a flying king may cross its square again; where they stay, no path crosses it twice.
    let mut enemy = pos.pieces(pos.side.opponent());
    let mut out = Vec::new();
    let mut here = from;
    for &next in path {
        let (r0, c0) = geo.coordinates(here);
        let (r1, c1) = geo.coordinates(next);
        let (dr, dc) = (
            (r1 as i32 - r0 as i32).signum(),
            (c1 as i32 - c0 as i32).signum(),
        );
        let (mut r, mut c) = (r0 as i32 + dr, c0 as i32 + dc);
        let mut found = None;
        while (r, c) != (r1 as i32, c1 as i32) {
            // Along a row or column of a board of dark squares, every other square is light.
            let Some(&b) = at.get(&(r, c)) else {
                r += dr;
                c += dc;
                continue;
            };
            if enemy & (1 << b) != 0 {
                assert!(found.is_none(), "two pieces between {here} and {next}");
                found = Some(b);
            }
            r += dr;
            c += dc;
        }
        let taken = found.expect("every jump takes a piece");
        enemy &= !(1 << taken);
        out.push(taken);
        here = next;
    }
    out
}

/// The precedence key of one jump sequence, criteria in the variant's order.
fn key(game: &Draughts, pos: &Position, d: &DetailedMove, path: &[u32]) -> Vec<i64> {
    let order = taken_in_order(game, pos, d.mv.from as u32, path);
    let kings: Vec<bool> = order.iter().map(|&b| pos.kings & (1 << b) != 0).collect();
    let mut k = Vec::new();
    for c in &game.rules().precedence {
        match c {
            Criterion::MostPieces => k.push(order.len() as i64),
            Criterion::MostKings => k.push(kings.iter().filter(|&&x| x).count() as i64),
            Criterion::MostValue => {
                let v = game.rules().values;
                let n = kings.iter().filter(|&&x| x).count() as i64;
                k.push((order.len() as i64 - n) * v.man as i64 + n * v.king as i64)
            }
            Criterion::MadeByKing => k.push((pos.kings & (1 << d.mv.from) != 0) as i64),
            Criterion::KingTakenEarliest => {
                // Lexicographic on the jump positions of kings: earlier is better. As a key to
                // maximise: 1 where a king is taken, position by position.
                for i in 0..order.len().max(24) {
                    k.push(kings.get(i).copied().unwrap_or(false) as i64);
                }
            }
        }
    }
    k
}

proptest! {
    #![proptest_config(config(24))]

    #[test]
    fn perft_is_the_sum_of_divide_and_unique_is_at_most_paths((g, pos) in arb_position()) {
        let game = &games()[g];
        for depth in 1..=3 {
            let unique = game.perft(&pos, depth, Count::Unique);
            let paths = game.perft(&pos, depth, Count::Paths);
            prop_assert!(unique <= paths);
            let du: u128 = rulebench::perft::divide(game, &pos, depth, Count::Unique, &PerftOptions::one_thread()).iter().map(|x| x.1).sum();
            let dp: u128 = rulebench::perft::divide(game, &pos, depth, Count::Paths, &PerftOptions::one_thread()).iter().map(|x| x.1).sum();
            prop_assert_eq!(unique, du, "{} {}", game.id(), game.fen(&pos));
            prop_assert_eq!(paths, dp, "{} {}", game.id(), game.fen(&pos));
        }
    }

    #[test]
    fn bulk_counting_agrees_with_listing_every_move((g, pos) in arb_position()) {
        bulk_counts_equal_listing(&games()[g], &pos, 4, u128::MAX)?;
    }

    #[test]
    fn bulk_counting_agrees_with_listing_on_built_positions((g, pos) in arb_built_position()) {
        // Depth 3 where the tree is small enough to list (boards full of flying kings branch
        // widely).
        bulk_counts_equal_listing(&games()[g], &pos, 3, 3000)?;
    }

    #[test]
    fn bulk_counting_agrees_with_listing_where_kings_captures_come_first(
        (g, seed, crowd, kingly, white) in (
            0..games_where_kings_capture_first().len(),
            any::<u64>(),
            3u64..9,
            1u64..4,
            any::<bool>(),
        )
    ) {
        // Few kings among men, either side to move: the opponent's kings at the parent of the
        // leaves, whose captures are counted once there where they are the moves.
        let game = &games_where_kings_capture_first()[g];
        let pos = built(game, seed, crowd, kingly, white);
        bulk_counts_equal_listing(game, &pos, 3, 20000)?;
    }

    #[test]
    fn the_two_generators_agree((g, pos) in arb_position()) {
        let game = &games()[g];
        let other = &games_by_line_tables()[g];
        let mut a = game.legal_moves(&pos);
        let mut b = other.legal_moves(&pos);
        let order = |m: &rulebench::draughts::Move| (m.from, m.to, m.captured, m.promotes, m.paths);
        a.sort_by_key(order);
        b.sort_by_key(order);
        prop_assert_eq!(a, b, "{} {}", game.id(), game.fen(&pos));
        for depth in 1..=3 {
            for count in [Count::Unique, Count::Paths] {
                prop_assert_eq!(
                    game.perft(&pos, depth, count),
                    other.perft(&pos, depth, count),
                    "{} {} perft({}) {:?}", game.id(), game.fen(&pos), depth, count
                );
            }
        }
    }

    #[test]
    fn wide_bitboards_change_no_count((g, pos) in arb_position()) {
        // The same rules on 128-bit bitboards (what a 12x12 board is played on) count the
        // same as on 64-bit ones.
        let game = &games()[g];
        let wide = Draughts::<u128>::with_rules(game.rules().clone()).unwrap();
        let wide_pos: Position<u128> = pos.widen();
        prop_assert_eq!(wide.fen(&wide_pos), game.fen(&pos));
        for depth in 1..=3 {
            for count in [Count::Unique, Count::Paths] {
                prop_assert_eq!(
                    game.perft(&pos, depth, count),
                    wide.perft(&wide_pos, depth, count),
                    "{} {} perft({}) {:?}", game.id(), game.fen(&pos), depth, count
                );
            }
        }
    }

    #[test]
    fn with_compulsory_capture_a_capture_excludes_quiet_moves((g, pos) in arb_position()) {
        let game = &games()[g];
        let moves = game.legal_moves(&pos);
        let captures = moves.iter().filter(|m| m.is_capture()).count();
        if game.rules().compulsory_capture && captures > 0 {
            prop_assert_eq!(captures, moves.len(), "{} {}", game.id(), game.fen(&pos));
        }
    }

    #[test]
    fn no_legal_capture_is_beaten_by_another((g, pos) in arb_position()) {
        let game = &games()[g];
        // Every capture sequence under free choice, and its precedence key.
        let free = without_precedence(game);
        let all: Vec<(DetailedMove, Vec<i64>)> = free
            .detailed_moves(&pos)
            .into_iter()
            .filter(|d| d.mv.is_capture())
            .flat_map(|d| {
                d.paths.iter().map(|p| (d.clone(), key(game, &pos, &d, p))).collect::<Vec<_>>()
            })
            .collect();
        let best = all.iter().map(|(_, k)| k.clone()).max();
        let legal: Vec<DetailedMove> =
            game.detailed_moves(&pos).into_iter().filter(|d| d.mv.is_capture()).collect();
        for d in &legal {
            for p in &d.paths {
                prop_assert_eq!(Some(key(game, &pos, d, p)), best.clone(), "{} {}", game.id(), game.fen(&pos));
            }
        }
        // And every best sequence is legal.
        let best_count = all.iter().filter(|(_, k)| Some(k) == best.as_ref()).count();
        let legal_paths: usize = legal.iter().map(|d| d.paths.len()).sum();
        prop_assert_eq!(best_count, legal_paths, "{} {}", game.id(), game.fen(&pos));
    }

    #[test]
    fn the_board_turned_round_with_colours_swapped_has_the_same_perft((g, pos) in arb_position()) {
        let game = &games()[g];
        let geo = &game.rules().geometry;
        let (rows, cols) = (geo.rows(), geo.columns());
        let by_coord: HashMap<(u32, u32), u32> = geo.bits().map(|b| (geo.coordinates(b), b)).collect();
        let turn = |bb: u64| -> u64 {
            geo.bits()
                .filter(|b| bb & (1 << b) != 0)
                .map(|b| {
                    let (r, c) = geo.coordinates(b);
                    1u64 << by_coord[&(rows - 1 - r, cols - 1 - c)]
                })
                .fold(0, |a, b| a | b)
        };
        let turned = Position {
            white: turn(pos.black),
            black: turn(pos.white),
            kings: turn(pos.kings),
            side: pos.side.opponent(),
            ..pos
        };
        for depth in 1..=3 {
            prop_assert_eq!(
                game.perft(&pos, depth, Count::Paths),
                game.perft(&turned, depth, Count::Paths),
                "{} {} vs {}", game.id(), game.fen(&pos), game.fen(&turned)
            );
        }
    }

    #[test]
    fn threads_and_hash_do_not_change_counts((g, pos) in arb_position()) {
        let game = &games()[g];
        for count in [Count::Unique, Count::Paths] {
            let plain = game.perft(&pos, 5, count);
            for (threads, hash_mb) in [(1, 1), (2, 1), (4, 0), (4, 2)] {
                let options = PerftOptions { threads, hash_mb, progress: None, stop: None };
                prop_assert_eq!(
                    rulebench::perft::perft(game, &pos, 5, count, &options), plain,
                    "{} {} {:?} {} threads {} MiB", game.id(), game.fen(&pos), count, threads, hash_mb
                );
            }
        }
    }

    #[test]
    fn the_hash_is_updated_incrementally_as_computed_from_scratch((g, pos) in arb_position()) {
        let game = &games()[g];
        let hash = game.zobrist(&pos);
        for mv in game.legal_moves(&pos) {
            let child = game.play(&pos, &mv);
            prop_assert_eq!(game.zobrist_after(&pos, hash, &mv), game.zobrist(&child));
            prop_assert_ne!(game.zobrist(&child), hash);
        }
        // The side to move is part of the hash.
        let other = Position { side: pos.side.opponent(), ..pos };
        prop_assert_ne!(game.zobrist(&other), hash);
    }

    #[test]
    fn fen_round_trips_and_copy_make_leaves_the_parent((g, pos) in arb_position()) {
        let game = &games()[g];
        let fen = game.fen(&pos);
        prop_assert_eq!(game.parse_fen(&fen).unwrap(), pos);
        let before = pos;
        for mv in game.legal_moves(&pos) {
            let child = game.play(&pos, &mv);
            prop_assert_eq!(pos, before);
            prop_assert_eq!(child.side, pos.side.opponent());
            let mover = if pos.side == Colour::White { child.white } else { child.black };
            prop_assert!(mover & (1 << mv.to) != 0);
            prop_assert_eq!(child.pieces(pos.side.opponent()), pos.pieces(pos.side.opponent()) & !mv.captured);
            prop_assert_eq!(game.parse_fen(&game.fen(&child)).unwrap(), child);
        }
    }
}
