//! The chess family against published counts:
//! - every shipped file from its start (`tests/reference/perft/<id>.toml`: Xiangqi's two
//!   Fairy-Stockfish positions too, chess's Kiwipete), to the first depth past 20 million nodes;
//! - chess: the perft suite's 126 positions (`tests/reference/chess/perftsuite.epd`), the Chess
//!   Programming wiki's six (`cpw.toml`) and Stockfish's 7 chess and 13 Chess960 positions
//!   (`stockfish.toml`, with the depths below the published one from `stockfish-depths.toml`),
//!   each to the deepest depth whose count is at most 3 million;
//! - every case of `variants.toml` (Fairy-Stockfish's and Cute Chess's counts) of a shipped
//!   variant, to 30 million nodes;
//!
//! `RULEBENCH_PERFT_MAX_NODES=N` (or `all`) checks every depth whose count is at most N.
//! Threads and the hash change no count.

use crate::common;

use rulebench::perft::{PerftOptions, perft};
use rulebench::{Chess, Count, Game, Variant, with_game};
use serde::Deserialize;

/// The published count `expected` of `fen` at `depth` in `spec`, through the threaded driver
/// past a million nodes (the plain search below).
fn check_one(spec: &str, fen: &str, depth: u32, expected: u64, what: &str) {
    let variant = rulebench::load::<Variant>(spec).unwrap();
    with_game!(&variant, game => {
        let pos = game.parse_fen(fen).unwrap_or_else(|e| panic!("{what}: {e}"));
        let got = if expected > 1_000_000 {
            perft(game, &pos, depth, Count::Unique, &PerftOptions::default())
        } else {
            game.perft(&pos, depth, Count::Unique)
        };
        assert_eq!(got, expected as u128, "{spec} {what} perft({depth}) of {fen}");
    })
}

/// The depths of a table (depth 1 first) that this run checks when the default stops at
/// `default_nodes`.
fn depths(table: &[u64], default_nodes: u64) -> Vec<usize> {
    let limit = common::node_limit().max(default_nodes);
    let deepest_default = table.iter().rposition(|&n| n <= default_nodes).unwrap_or(0);
    (0..table.len())
        .filter(|&i| i <= deepest_default || table[i] <= limit)
        .map(|i| i + 1)
        .collect()
}

/// Checks every case of a start reference file at the depths this run checks.
fn check(variant: &str) {
    let reference = common::case_reference(variant);
    assert_eq!(reference.variant, variant);
    assert!(!reference.case.is_empty());
    let loaded = rulebench::load::<Variant>(variant).unwrap();
    with_game!(&loaded, game => {
        for case in &reference.case {
            let pos = game.parse_fen(&case.fen).unwrap();
            assert_eq!(game.fen(&pos), case.fen, "{variant} {}: FEN round trip", case.id);
        }
    });
    for case in &reference.case {
        for depth in common::depths_to_check(&case.perft) {
            let what = format!("{} (source: {})", case.id, case.source);
            check_one(
                variant,
                &case.fen,
                depth as u32,
                case.perft[depth - 1],
                &what,
            );
        }
    }
}

#[test]
fn published_start_tables_of_every_shipped_file() {
    for id in rulebench::rules::shipped_of(rulebench::rules::Family::Chess) {
        check(&id);
    }
}

/// The classic perft suite: 126 positions, each to the deepest depth of at most 3 million
/// nodes.
#[test]
fn the_perft_suite() {
    let path = format!(
        "{}/tests/reference/chess/perftsuite.epd",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let mut positions = 0;
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap().trim();
        let table: Vec<u64> = parts
            .map(|p| p.split_whitespace().nth(1).unwrap().parse().unwrap())
            .collect();
        for depth in depths(&table, 3_000_000) {
            let what = format!("perftsuite.epd line {}", n + 1);
            check_one("chess", fen, depth as u32, table[depth - 1], &what);
        }
        positions += 1;
    }
    assert_eq!(positions, 126);
}

#[derive(Deserialize)]
struct Cpw {
    case: Vec<CpwCase>,
}

#[derive(Deserialize)]
struct CpwCase {
    name: String,
    fen: String,
    perft: std::collections::BTreeMap<String, u64>,
}

/// The Chess Programming wiki's positions (pos4-mirrored has only its depth 6).
#[test]
fn the_chess_programming_wiki_positions() {
    let path = format!(
        "{}/tests/reference/chess/cpw.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let cpw: Cpw = toml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(cpw.case.len(), 7);
    for case in &cpw.case {
        let mut table: Vec<(u32, u64)> = case
            .perft
            .iter()
            .map(|(d, n)| (d.parse().unwrap(), *n))
            .collect();
        table.sort();
        let limit = common::node_limit().max(3_000_000);
        for (depth, n) in table.into_iter().filter(|&(_, n)| n <= limit) {
            check_one("chess", &case.fen, depth, n, &case.name);
        }
    }
}

#[derive(Deserialize)]
struct StockfishDepths {
    source: String,
    case: Vec<StockfishCase>,
}

#[derive(Deserialize)]
struct StockfishCase {
    fen: String,
    chess960: bool,
    perft: Vec<u64>,
}

/// Stockfish's positions, the Chess960 ones (Shredder-FEN castling fields) by the Chess960
/// rules: the published depth from stockfish.toml, the depths below it from Debian's
/// stockfish.
#[test]
fn stockfish_positions_chess_and_chess960() {
    #[derive(Deserialize)]
    struct Published {
        case: Vec<PublishedCase>,
    }
    #[derive(Deserialize)]
    struct PublishedCase {
        fen: String,
        depth: usize,
        nodes: u64,
        chess960: bool,
    }
    let dir = format!("{}/tests/reference/chess", env!("CARGO_MANIFEST_DIR"));
    let published: Published =
        toml::from_str(&std::fs::read_to_string(format!("{dir}/stockfish.toml")).unwrap()).unwrap();
    let lower: StockfishDepths =
        toml::from_str(&std::fs::read_to_string(format!("{dir}/stockfish-depths.toml")).unwrap())
            .unwrap();
    assert_eq!(published.case.len(), lower.case.len());
    assert_eq!(published.case.iter().filter(|c| c.chess960).count(), 13);
    for (p, l) in published.case.iter().zip(&lower.case) {
        assert_eq!((&p.fen, p.chess960), (&l.fen, l.chess960));
        assert_eq!(
            (l.perft.len(), l.perft[p.depth - 1]),
            (p.depth, p.nodes),
            "{}",
            p.fen
        );
        let spec = if p.chess960 { "chess960" } else { "chess" };
        for depth in depths(&l.perft, 3_000_000) {
            let what = if depth == p.depth {
                "Stockfish tests/perft.sh".to_string()
            } else {
                lower.source.clone()
            };
            check_one(spec, &p.fen, depth as u32, l.perft[depth - 1], &what);
        }
    }
}

#[derive(Deserialize)]
struct Variants {
    case: Vec<VariantCase>,
}

#[derive(Deserialize)]
struct VariantCase {
    variant: String,
    fen: String,
    perft: std::collections::BTreeMap<String, u64>,
    sources: std::collections::BTreeMap<String, String>,
}

/// Every case of `variants.toml` whose variant this project ships (the others are the next
/// issues'), to 30 million nodes.
#[test]
fn fairy_stockfish_and_cute_chess_counts_of_every_shipped_variant() {
    let path = format!(
        "{}/tests/reference/chess/variants.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let all: Variants = toml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let shipped = rulebench::rules::shipped_of(rulebench::rules::Family::Chess);
    let mut checked = std::collections::BTreeSet::new();
    for case in all.case.iter().filter(|c| shipped.contains(&c.variant)) {
        let fen = if case.fen == "startpos" {
            let v = rulebench::load::<Variant>(&case.variant).unwrap();
            with_game!(&v, g => g.fen(&g.start()))
        } else {
            case.fen.clone()
        };
        let limit = common::node_limit().max(30_000_000);
        for (depth, n) in case.perft.iter().filter(|(_, n)| **n <= limit) {
            check_one(
                &case.variant,
                &fen,
                depth.parse().unwrap(),
                *n,
                &case.sources[depth],
            );
        }
        checked.insert(case.variant.clone());
    }
    // Every shipped variant that the file covers.
    for id in [
        "makruk",
        "asean",
        "ai-wok",
        "shatranj",
        "courier",
        "capablanca",
        "losalamos",
        "amazon",
        "almost",
        "chigorin",
        "knightmate",
        "nightrider",
        "grasshopper",
        "hoppelpoppel",
        "newzealand",
        "embassy",
        "janus",
        "modern",
        "chancellor",
        "kingofthehill",
        "racingkings",
        "3check",
        "horde",
        "antichess",
        "giveaway",
        "crazyhouse",
        "minishogi",
        "shogi",
        "torpedo",
        "berolina",
        "pawnsideways",
        "pawnback",
        "legan",
        "losers",
        "codrus",
        "kinglet",
        "loop",
        "chessgi",
        "perfect",
        "sortofalmost",
        "centaur",
        "clobber",
        "breakthrough",
        "shako",
        "manchu",
        "janggi",
        "tencubed",
        "euroshogi",
        "yarishogi",
        "wolf",
        "extinction",
        "threekings",
        "suicide",
        "makpong",
        "atomic",
        "atomar",
        "nocheckatomic",
        "dobutsu",
        "jesonmor",
        "pocketknight",
        "gustav3",
        "omicron",
        "troitzky",
    ] {
        assert!(checked.contains(id), "{id}");
    }
}

/// Fairy-Stockfish's Extinction count at a Chess960 start (counted with `UCI_Chess960`), under
/// a file that states only the difference from the shipped `extinction`: castling from any
/// start files.
#[test]
fn extinction_from_a_chess960_start() {
    let d = common::dir("extinction960");
    let path = common::write(
        &d,
        "extinction960.toml",
        "schema = 1\nextends = \"extinction\"\n\n[variant]\nsource = \"Fairy-Stockfish tests/perft.sh\"\n\n[rules.castling]\nany_start_files = true\n",
    );
    check_one(
        &path,
        "rnbqb1kr/pppppppp/8/8/8/8/PPPPPPPP/RNBQB1KR w AHah - 0 1",
        4,
        195_286,
        "Fairy-Stockfish tests/perft.sh",
    );
}

/// Atomic chess from Chess960 starts: Fairy-Stockfish's four cases (counted with
/// `UCI_Chess960`), Cute Chess's case whose `Q` names the b-file rook, and python-chess's first
/// castling case to depth 5, under a file that states only the difference from the shipped
/// `atomic`: castling from any start files.
#[test]
fn atomic_from_chess960_starts() {
    let d = common::dir("atomic960");
    let path = common::write(
        &d,
        "atomic960.toml",
        "schema = 1\nextends = \"atomic\"\n\n[variant]\nsource = \"Fairy-Stockfish tests/perft.sh\"\n\n[rules.castling]\nany_start_files = true\n",
    );
    let fsf = "Fairy-Stockfish tests/perft.sh";
    for (fen, depth, n, source) in [
        ("8/8/8/8/8/8/2k5/rR4KR w KQ - 0 1", 4, 61_401, fsf),
        ("r3k1rR/5K2/8/8/8/8/8/8 b kq - 0 1", 4, 98_729, fsf),
        ("Rr2k1rR/3K4/3p4/8/8/8/7P/8 w kq - 0 1", 4, 241_478, fsf),
        ("1R4kr/4K3/8/8/8/8/8/8 b k - 0 1", 4, 17_915, fsf),
        (
            "8/8/8/8/8/8/2k5/rR4KR w KQ - 0 1",
            5,
            1_603_055,
            "python-chess examples/perft/atomic.perft",
        ),
        (
            "8/8/8/8/8/8/3k4/rR4K1 w Q - 0 1",
            6,
            7_667_595,
            "Cute Chess tst_board.cpp",
        ),
    ] {
        check_one(&path, fen, depth, n, source);
    }
}

/// Counting paths is counting moves in a family without jump sequences.
#[test]
fn paths_equal_unique_moves() {
    let game = rulebench::load::<Chess>("xiangqi").unwrap();
    assert_eq!(game.perft(&game.start(), 3, Count::Paths), 79_666);
}

/// Threads and the transposition table change no count: 1, 2 and 4 threads, with and without
/// a (deliberately small) table, on every reference position to about four million nodes.
#[test]
fn threads_and_hash_match_the_reference() {
    use std::sync::atomic::{AtomicU64, Ordering};
    for variant in [
        "xiangqi",
        "minixiangqi",
        "chess",
        "capablanca",
        "crazyhouse",
        "minishogi",
    ] {
        let reference = common::case_reference(variant);
        let game = rulebench::load::<Chess>(variant).unwrap();
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
                    stop: None,
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
    let game = rulebench::load::<Chess>("xiangqi").unwrap();
    let reference = common::case_reference("xiangqi");
    let start = &reference.case[0];
    for depth in 3..=5 {
        let options = PerftOptions {
            threads: 1,
            hash_mb: 64,
            progress: None,
            stop: None,
        };
        assert_eq!(
            perft(&game, &game.start(), depth, Count::Unique, &options),
            start.perft[depth as usize - 1] as u128
        );
    }
}

/// The hashed search keeps castling rights and en-passant points apart: Kiwipete (castling,
/// en passant, promotions) and the wiki's position 3 (en passant along a rank with the kings),
/// on 64-bit sets, single thread and two, with a table.
#[test]
fn hashed_chess_search_keeps_rights_apart() {
    let game = rulebench::load::<Chess<u64>>("chess").unwrap();
    for (fen, table) in [
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            &[48u128, 2039, 97862, 4085603][..],
        ),
        (
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            &[14, 191, 2812, 43238, 674624, 11030083][..],
        ),
    ] {
        let pos = game.parse_fen(fen).unwrap();
        for (threads, hash_mb) in [(1, 64), (2, 16)] {
            let options = PerftOptions {
                threads,
                hash_mb,
                progress: None,
                stop: None,
            };
            for (i, &n) in table.iter().enumerate().skip(2) {
                assert_eq!(
                    perft(&game, &pos, i as u32 + 1, Count::Unique, &options),
                    n,
                    "{fen}"
                );
            }
        }
    }
}

/// The hashed search keeps the passes just played apart (Janggi: a pass met by facing generals,
/// or two passes in turn, end the game): small positions where the generals can pass and face
/// each other, single thread and two, with a table (counts by PyPI's pyffish 0.0.90, its legal
/// moves played out).
#[test]
fn hashed_janggi_search_keeps_passes_apart() {
    let game = rulebench::load::<Chess>("janggi").unwrap();
    for (fen, depth, n) in [
        ("3k5/9/9/9/9/9/9/9/4K4/9 w - - 0 1", 6, 9833u128),
        ("3ak4/9/9/9/9/9/9/9/4KA3/9 w - - 0 1", 6, 51204),
    ] {
        let pos = game.parse_fen(fen).unwrap();
        for (threads, hash_mb) in [(1, 0), (1, 16), (2, 16)] {
            let options = PerftOptions {
                threads,
                hash_mb,
                progress: None,
                stop: None,
            };
            let found = perft(&game, &pos, depth, Count::Unique, &options);
            assert_eq!(
                found, n,
                "{fen} perft({depth}), {threads} threads, {hash_mb} MiB"
            );
        }
    }
}

/// The hashed search keeps hands and promoted pieces apart: crazyhouse positions with both
/// hands and a promoted queen (`Q~`), and shogi from the start to depth 5, single thread and
/// two, with a table (counts from `variants.toml`: Cute Chess and Fairy-Stockfish).
#[test]
fn hashed_drop_search_keeps_hands_apart() {
    for (variant, fen, depth, n) in [
        (
            "crazyhouse",
            "3q1bkr/2p1pBp1/q1n3p1/1N2p3/1Pp5/P4Q~2/BBPp1PPP/R2K2NR[RPPn] b - - 0 28",
            3,
            6386u128,
        ),
        (
            "crazyhouse",
            "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1",
            3,
            58057,
        ),
        ("crazyhouse", "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1", 3, 88634),
        (
            "shogi",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w - - 0 1",
            5,
            19_861_490,
        ),
    ] {
        let game = rulebench::load::<Chess>(variant).unwrap();
        let pos = game.parse_fen(fen).unwrap();
        for (threads, hash_mb) in [(1, 64), (2, 16)] {
            let options = PerftOptions {
                threads,
                hash_mb,
                progress: None,
                stop: None,
            };
            assert_eq!(
                perft(&game, &pos, depth, Count::Unique, &options),
                n,
                "{variant} {fen} with {threads} threads and {hash_mb} MiB"
            );
        }
    }
}

/// Mid-game positions against the independent oracle (`tools/xiangqi_oracle.py`, a Python
/// implementation of the rules of docs/games/xiangqi.md#xiangqi written without the engine's
/// code), whose counts were also confirmed by fairy-stockfish: checks, double checks, pins by the
/// facing generals, cannon screens, horse legs, elephant eyes, soldiers across the river
/// (`tests/reference/xiangqi-midgame.toml`).
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
        let game = rulebench::load::<Chess>(&case.variant).unwrap();
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

/// Every shipped file of the chess family has a reference table, and the list shows them all.
#[test]
fn every_shipped_chess_variant_is_checked() {
    let shipped = rulebench::rules::shipped_of(rulebench::rules::Family::Chess);
    let expected = [
        "3check",
        "5check",
        "ai-wok",
        "almost",
        "amazon",
        "antichess",
        "armageddon",
        "asean",
        "atomar",
        "atomic",
        "berolina",
        "breakthrough",
        "bughouse",
        "capablanca",
        "capahouse",
        "caparandom",
        "centaur",
        "chancellor",
        "chaturanga",
        "checkshogi",
        "chess",
        "chess960",
        "chessgi",
        "chigorin",
        "clobber",
        "clobber10",
        "codrus",
        "courier",
        "crazyhouse",
        "dobutsu",
        "dragon",
        "embassy",
        "euroshogi",
        "extinction",
        "fox-and-hounds",
        "gardner",
        "georgian",
        "giveaway",
        "gorogoro",
        "gothic",
        "grasshopper",
        "gustav3",
        "hoppelpoppel",
        "horde",
        "janggi",
        "janggicasual",
        "janggimodern",
        "janggitraditional",
        "janus",
        "jesonmor",
        "judkins",
        "kinglet",
        "kingofthehill",
        "knightmate",
        "legan",
        "loop",
        "losalamos",
        "losers",
        "makpong",
        "makruk",
        "manchu",
        "minishogi",
        "minixiangqi",
        "misere",
        "modern",
        "newzealand",
        "nightrider",
        "nocastle",
        "nocheckatomic",
        "okisakishogi",
        "omicron",
        "paradigm",
        "pawnback",
        "pawnsideways",
        "perfect",
        "pocketknight",
        "raazuvaa",
        "racingkings",
        "shako",
        "shatranj",
        "shogi",
        "sortofalmost",
        "suicide",
        "supply",
        "tencubed",
        "threekings",
        "torpedo",
        "troitzky",
        "wolf",
        "xiangqi",
        "yarishogi",
    ];
    assert_eq!(shipped, expected);
    for id in &shipped {
        assert_eq!(common::case_reference(id).variant, *id);
    }
}

#[derive(Deserialize)]
struct Stats {
    case: Vec<StatsCase>,
}

#[derive(Deserialize)]
struct StatsCase {
    name: String,
    fen: String,
    rows: Vec<[u64; 7]>,
}

/// Of the moves at the last ply of `depth`: nodes, captures (en passant included), en passant,
/// castles, promotions, checks, mates — each move played and classified by what the library
/// says it is, apart from the search.
fn leaf_stats(
    game: &Chess,
    pos: &rulebench::chess::Position<u128>,
    depth: u32,
    out: &mut [u64; 7],
) {
    use rulebench::chess::movegen::Move;
    for mv in game.legal(pos) {
        if depth > 1 {
            leaf_stats(game, &game.play(pos, &mv), depth - 1, out);
            continue;
        }
        out[0] += 1;
        out[1] += u64::from(game.captured(pos, mv).is_some());
        out[2] += u64::from(matches!(mv, Move::EnPassant { .. }));
        out[3] += u64::from(matches!(mv, Move::Castle { .. }));
        out[4] += u64::from(matches!(
            mv,
            Move::Normal {
                promotion: Some(_),
                ..
            }
        ));
        if game.gives_check(pos, mv) {
            out[5] += 1;
            out[6] += u64::from(game.legal(&game.play(pos, &mv)).is_empty());
        }
    }
}

/// The wiki's statistics of its positions (captures, en passant, castles, promotions, checks,
/// mates at the last ply: `cpw-stats.toml`), to 2 million nodes, or the node limit.
#[test]
fn the_chess_programming_wiki_statistics() {
    let path = format!(
        "{}/tests/reference/chess/cpw-stats.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let stats: Stats = toml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let game = rulebench::load::<Chess>("chess").unwrap();
    let limit = common::node_limit().max(2_000_000);
    let mut checked = 0;
    for case in &stats.case {
        let pos = game.parse_fen(&case.fen).unwrap();
        for (i, row) in case.rows.iter().enumerate() {
            if row[0] > limit {
                break;
            }
            let mut got = [0; 7];
            leaf_stats(&game, &pos, i as u32 + 1, &mut got);
            assert_eq!(
                &got,
                row,
                "{} depth {}: [nodes, captures, ep, castles, promotions, checks, mates]",
                case.name,
                i + 1
            );
            checked += 1;
        }
    }
    assert!(checked >= 15, "only {checked} rows checked");
}
