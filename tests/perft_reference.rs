//! Perft from the start position of each shipped variant against the published tables in
//! `tests/reference/perft/` (copied from the project's shared reference data; each file names
//! its source). Both counting conventions, to at least the first depth whose count passes 20
//! million; `RULEBENCH_PERFT_MAX_NODES=N` (or `all`) runs deeper, see docs/testing.md.

use crate::common;

use rulebench::draughts::Width;
use rulebench::{Count, Draughts, Game, Variant, with_game};

fn check(variant: &str, count: Count) {
    let reference = common::reference(variant);
    assert_eq!(reference.variant, variant);
    let table = match count {
        Count::Unique => &reference.unique,
        Count::Paths => &reference.paths,
    };
    let what = format!("{variant} (source: {})", reference.source);
    let checked = with_game!(&rulebench::load::<Variant>(variant).unwrap(), game => {
        common::check_table(game, &game.start(), table, count, &what)
    });
    assert!(
        checked.iter().any(|&(_, n)| n > 20_000_000),
        "{variant}: no depth past 20 million checked"
    );
}

macro_rules! reference_tests {
    ($($name:ident: $variant:literal, $count:ident;)*) => {
        $(
            #[test]
            fn $name() {
                check($variant, Count::$count);
            }
        )*
    };
}

reference_tests! {
    american_unique: "american", Unique;
    american_paths: "american", Paths;
    russian_unique: "russian", Unique;
    russian_paths: "russian", Paths;
    brazilian_unique: "brazilian", Unique;
    brazilian_paths: "brazilian", Paths;
    spanish_unique: "spanish", Unique;
    spanish_paths: "spanish", Paths;
    italian_unique: "italian", Unique;
    italian_paths: "italian", Paths;
    czech_unique: "czech", Unique;
    czech_paths: "czech", Paths;
    international_unique: "international", Unique;
    international_paths: "international", Paths;
    pool_unique: "pool", Unique;
    pool_paths: "pool", Paths;
    thai_unique: "thai", Unique;
    killer_unique: "killer", Unique;
    killer_paths: "killer", Paths;
    frisian_unique: "frisian", Unique;
    frisian_paths: "frisian", Paths;
    turkish_unique: "turkish", Unique;
    canadian_unique: "canadian", Unique;
}

/// Every shipped variant has a reference table, and every table above is for a shipped variant.
#[test]
fn every_shipped_variant_is_checked() {
    let shipped = rulebench::rules::shipped_of(rulebench::rules::Family::Draughts);
    for v in [
        "american",
        "russian",
        "brazilian",
        "spanish",
        "italian",
        "czech",
        "international",
        "pool",
        "thai",
        "killer",
        "frisian",
        "turkish",
        "canadian",
    ] {
        assert!(shipped.iter().any(|s| s == v), "{v} is not shipped");
    }
    assert_eq!(
        shipped.len(),
        13,
        "a new shipped variant needs its reference test: {shipped:?}"
    );
}

/// Threads and the transposition table change no count: the start tables again, to about a
/// million nodes, with 1, 2 and 4 threads, with and without a (deliberately small) table.
#[test]
fn threads_and_hash_match_the_reference() {
    use rulebench::PerftOptions;
    use std::sync::atomic::{AtomicU64, Ordering};
    for variant in rulebench::rules::shipped_of(rulebench::rules::Family::Draughts) {
        let reference = common::reference(&variant);
        let loaded = rulebench::load::<Variant>(&variant).unwrap();
        let depth = reference
            .unique
            .iter()
            .position(|&n| n > 1_000_000)
            .unwrap()
            + 1;
        for (threads, hash_mb) in [(1, 1), (2, 0), (2, 16), (4, 1)] {
            for (count, table) in [
                (Count::Unique, &reference.unique),
                (Count::Paths, &reference.paths),
            ] {
                // Some tables give one convention only (Thai: unique).
                let Some(&expected) = table.get(depth - 1) else {
                    continue;
                };
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
                let got = with_game!(&loaded, game => {
                    rulebench::perft::perft(game, &game.start(), depth as u32, count, &options)
                });
                assert_eq!(
                    got, expected as u128,
                    "{variant} perft({depth}) {count:?} with {threads} threads and {hash_mb} MiB (source: {})",
                    reference.source
                );
                assert!(last.load(Ordering::Relaxed) > 0, "progress was reported");
            }
        }
    }
}

/// Mid-game positions against the independent oracle (`tools/oracle.py`, a Python
/// implementation of the rules of docs/games/draughts.md written without the engine's code): the
/// numbers in `tests/reference/midgame.toml` are its output.
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
        fen: String,
        depth: u32,
        unique: u64,
    }
    let path = format!(
        "{}/tests/reference/midgame.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let m: Midgames = toml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert!(m.case.len() >= 4);
    for case in &m.case {
        let game = rulebench::load::<Draughts>(&case.variant).unwrap();
        let pos = game.parse_fen(&case.fen).unwrap();
        assert_eq!(
            game.perft(&pos, case.depth, Count::Unique),
            case.unique as u128,
            "{} {} perft({}) (source: {})",
            case.variant,
            case.fen,
            case.depth,
            m.source
        );
    }
}

/// The start tables of `variant`, both conventions (those it publishes), up to `max_nodes`,
/// played by `game` (named `how` in the failure message).
fn start_tables_match<B: Width>(game: &Draughts<B>, variant: &str, max_nodes: u64, how: &str) {
    let reference = common::reference(variant);
    for (count, table) in [
        (Count::Unique, &reference.unique),
        (Count::Paths, &reference.paths),
    ] {
        for (i, &expected) in table.iter().enumerate() {
            if expected > max_nodes {
                break;
            }
            let depth = i as u32 + 1;
            assert_eq!(
                game.perft(&game.start(), depth, count),
                expected as u128,
                "{variant} perft({depth}) {count:?}, {how} (source: {})",
                reference.source
            );
        }
    }
}

/// Boards of sizes not compiled into the generator (not 8x8, 10x10 or 12x12) run a generator
/// that reads the layout at run time; forced onto the shipped variants, it must give the same
/// published counts (to about five million nodes, both conventions), on either width.
#[test]
fn layout_read_at_run_time() {
    for variant in ["american", "russian", "italian", "international"] {
        let game = rulebench::load::<Draughts>(variant)
            .unwrap()
            .with_layout_read_at_run_time();
        assert!(!game.follows_line_tables());
        start_tables_match(&game, variant, 5_000_000, "layout read at run time");
    }
    let game = rulebench::load::<Draughts<u128>>("canadian")
        .unwrap()
        .with_layout_read_at_run_time();
    assert!(!game.follows_line_tables());
    start_tables_match(&game, "canadian", 5_000_000, "layout read at run time");
}

/// The line-table generator (the one that plays rows and columns) forced onto every shipped
/// variant the shift-based kernel plays: the same published counts, both conventions, to about
/// two million nodes. Two generators written apart agree with the sources and so with each other.
#[test]
fn line_tables_on_every_variant() {
    let how = "by the line tables";
    for variant in rulebench::rules::shipped_of(rulebench::rules::Family::Draughts) {
        if let Ok(game) = rulebench::load::<Draughts>(&variant) {
            if !game.follows_line_tables() {
                start_tables_match(&game.with_line_tables(), &variant, 2_000_000, how);
            }
        } else {
            let game = rulebench::load::<Draughts<u128>>(&variant).unwrap();
            assert!(!game.follows_line_tables(), "{variant} on 128 bits");
            start_tables_match(&game.with_line_tables(), &variant, 2_000_000, how);
        }
    }
}

/// Counts no source publishes, from the independent oracle (`tests/reference/oracle-perft.toml`):
/// Thai's, Canadian's and Turkish's paths conventions, boards that are neither square nor a usual
/// size (one of them on 128-bit bitboards), the other Turkish promotion reading, and positions
/// with kings where Frisian's and Turkish's capture rules bite.
#[test]
fn oracle_tables() {
    #[derive(serde::Deserialize)]
    struct Tables {
        table: Vec<Table>,
    }
    #[derive(serde::Deserialize)]
    struct Table {
        rules: String,
        #[serde(default)]
        fen: Option<String>,
        what: String,
        #[serde(default)]
        unique: Vec<u64>,
        #[serde(default)]
        paths: Vec<u64>,
    }
    let root = env!("CARGO_MANIFEST_DIR");
    let text =
        std::fs::read_to_string(format!("{root}/tests/reference/oracle-perft.toml")).unwrap();
    let tables: Tables = toml::from_str(&text).unwrap();
    for t in tables.table {
        let spec = if t.rules.ends_with(".toml") {
            format!("{root}/{}", t.rules)
        } else {
            t.rules.clone()
        };
        let loaded = rulebench::load::<Variant>(&spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
        for (count, list) in [(Count::Unique, &t.unique), (Count::Paths, &t.paths)] {
            for (i, &n) in list.iter().enumerate() {
                let depth = i as u32 + 1;
                let got = with_game!(&loaded, game => {
                    let pos = match &t.fen {
                        Some(fen) => game.parse_fen(fen).unwrap(),
                        None => game.start(),
                    };
                    game.perft(&pos, depth, count)
                });
                assert_eq!(
                    got,
                    n as u128,
                    "{} {} ({}) perft({depth}) {count:?}, from tools/oracle.py",
                    t.rules,
                    t.fen.as_deref().unwrap_or("start"),
                    t.what
                );
            }
        }
    }
}
