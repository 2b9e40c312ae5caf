//! The chess family against published counts: Xiangqi perft from the start and from the two
//! Fairy-Stockfish test positions (`tests/reference/perft/xiangqi.toml`, sources named there),
//! Minixiangqi from the start (`minixiangqi.toml`), to the first depth past 20 million nodes
//! (`RULEBENCH_PERFT_MAX_NODES=N` or `all` goes deeper, see README); threads and the hash
//! change no count.

mod common;

use rulebench::perft::{PerftOptions, perft};
use rulebench::{Chess, Count, Game};

/// Checks every case of a reference file at the depths this run checks, through the
/// multi-threaded driver where a depth passes a million nodes (the plain search below).
fn check(variant: &str) {
    let reference = common::case_reference(variant);
    assert_eq!(reference.variant, variant);
    let game = Chess::load(variant).unwrap();
    assert!(!reference.case.is_empty());
    for case in &reference.case {
        let pos = game.parse_fen(&case.fen).unwrap();
        assert_eq!(
            game.fen(&pos),
            case.fen,
            "{variant} {}: FEN round trip",
            case.id
        );
        for depth in common::depths_to_check(&case.perft) {
            let expected = case.perft[depth - 1] as u128;
            let got = if expected > 1_000_000 {
                perft(
                    &game,
                    &pos,
                    depth as u32,
                    Count::Unique,
                    &PerftOptions::default(),
                )
            } else {
                game.perft(&pos, depth as u32, Count::Unique)
            };
            assert_eq!(
                got, expected,
                "{variant} {} perft({depth}) (source: {})",
                case.id, case.source
            );
        }
    }
}

#[test]
fn xiangqi_published_tables() {
    check("xiangqi");
}

#[test]
fn minixiangqi_published_table() {
    check("minixiangqi");
}

/// Counting paths is counting moves in a family without jump sequences.
#[test]
fn paths_equal_unique_moves() {
    let game = Chess::load("xiangqi").unwrap();
    assert_eq!(game.perft(&game.start(), 3, Count::Paths), 79_666);
}

/// Threads and the transposition table change no count: 1, 2 and 4 threads, with and without
/// a (deliberately small) table, on every reference position to about four million nodes.
#[test]
fn threads_and_hash_match_the_reference() {
    use std::sync::atomic::{AtomicU64, Ordering};
    for variant in ["xiangqi", "minixiangqi"] {
        let reference = common::case_reference(variant);
        let game = Chess::load(variant).unwrap();
        for case in &reference.case {
            let pos = game.parse_fen(&case.fen).unwrap();
            let depth = case.perft.iter().rposition(|&n| n <= 5_000_000).unwrap() + 1;
            for (threads, hash_mb) in [(1, 1), (2, 0), (2, 16), (4, 1)] {
                let last = AtomicU64::new(0);
                let report = |done: u64, total: u64| {
                    assert!(done <= total);
                    last.fetch_max(done, Ordering::Relaxed);
                };
                let options = PerftOptions {
                    threads,
                    hash_mb,
                    progress: Some(&report),
                };
                assert_eq!(
                    perft(&game, &pos, depth as u32, Count::Unique, &options),
                    case.perft[depth - 1] as u128,
                    "{variant} {} perft({depth}) with {threads} threads and {hash_mb} MiB",
                    case.id
                );
                assert!(last.load(Ordering::Relaxed) > 0, "progress was reported");
            }
        }
    }
}

/// The hashed search from a single thread: every depth of the start table to perft 5 with
/// a table of 64 MiB, so that entries are stored and found across transpositions.
#[test]
fn hashed_search_matches_the_reference() {
    let game = Chess::load("xiangqi").unwrap();
    let reference = common::case_reference("xiangqi");
    let start = &reference.case[0];
    for depth in 3..=5 {
        let options = PerftOptions {
            threads: 1,
            hash_mb: 64,
            progress: None,
        };
        assert_eq!(
            perft(&game, &game.start(), depth, Count::Unique, &options),
            start.perft[depth as usize - 1] as u128
        );
    }
}

/// Mid-game positions against the independent oracle (`tools/xiangqi_oracle.py`, a Python
/// implementation of RULES.md §2 written without the engine's code), whose counts were also
/// confirmed by fairy-stockfish: checks, double checks, pins by the facing generals, cannon
/// screens, horse legs, elephant eyes, soldiers across the river (`tests/reference/
/// xiangqi-midgame.toml`).
#[test]
fn midgame_positions_match_the_independent_oracle() {
    #[derive(serde::Deserialize)]
    struct Midgames {
        source: String,
        case: Vec<Midgame>,
    }
    #[derive(serde::Deserialize)]
    struct Midgame {
        variant: String,
        id: String,
        fen: String,
        features: String,
        perft: Vec<u64>,
    }
    let path = format!(
        "{}/tests/reference/xiangqi-midgame.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let m: Midgames = toml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert!(m.case.len() >= 10, "at least ten positions");
    let mut checked = 0;
    for case in &m.case {
        let game = Chess::load(&case.variant).unwrap();
        let pos = game.parse_fen(&case.fen).unwrap();
        assert!(!case.features.is_empty());
        for depth in common::depths_to_check(&case.perft) {
            assert_eq!(
                game.perft(&pos, depth as u32, Count::Unique),
                case.perft[depth - 1] as u128,
                "{} {} perft({depth}) (source: {})",
                case.variant,
                case.id,
                m.source
            );
            checked += 1;
        }
    }
    assert!(checked >= 50);
}

/// Every shipped file of the chess family has a reference table.
#[test]
fn every_shipped_chess_variant_is_checked() {
    let shipped = rulebench::chess::Rules::shipped();
    assert_eq!(shipped, ["minixiangqi", "xiangqi"]);
    for id in &shipped {
        assert_eq!(common::case_reference(id).variant, *id);
    }
}
