//! Perft statistics (`perft --stats`, `rulebench::perft::stats`) against the published
//! tables: the Chess Programming wiki's columns for its start position, Kiwipete and positions
//! 3 and 4 (`tests/reference/chess/cpw-stats.toml`), and the captures and checks of three
//! Xiangqi positions (`tests/reference/perft/xiangqi-stats.toml`), every depth up to 5 million
//! nodes (`RULEBENCH_PERFT_MAX_NODES=N` or `all` goes deeper). Draughts has no published
//! statistics: its columns are checked against the independent oracle's
//! (`tests/reference/perft/draughts-stats.toml`, from `tools/oracle.py stats`) and on positions
//! worked out by hand from the rules, its nodes against the published tables.

use crate::common;

use rulebench::perft::PerftOptions;
use rulebench::perft::stats::{Column, perft_stats};
use rulebench::{Count, Game, Variant, with_game};
use serde::Deserialize;

/// A file of published statistics: the columns, and per position a row per depth.
#[derive(Deserialize)]
struct StatsReference {
    columns: Vec<String>,
    source: String,
    case: Vec<StatsCase>,
}

#[derive(Deserialize)]
struct StatsCase {
    /// The case's variant, where a file holds several.
    variant: Option<String>,
    name: String,
    /// A FEN, or `start`.
    fen: String,
    rows: Vec<Vec<u64>>,
}

fn reference(path: &str) -> StatsReference {
    let path = format!("{}/tests/reference/{path}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    toml::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Every row of every case of `file` up to the node limit, counted on two threads (with a
/// table of `hash_mb` MiB, or none), in the case's own variant or else `spec`.
fn check_file(spec: &str, file: &str, hash_mb: usize) -> usize {
    let options = PerftOptions {
        threads: 2,
        hash_mb,
        progress: None,
        stop: None,
    };
    let reference = reference(file);
    assert!(!reference.source.is_empty());
    let columns: Vec<Column> = reference
        .columns
        .iter()
        .map(|name| Column::named(name).unwrap_or_else(|| panic!("{file}: column {name}")))
        .collect();
    let limit = common::node_limit().max(5_000_000);
    let mut checked = 0;
    for case in &reference.case {
        let spec = case.variant.as_deref().unwrap_or(spec);
        let variant = rulebench::load::<Variant>(spec).unwrap();
        with_game!(&variant, game => {
            for column in &columns {
                assert!(game.stat_columns().contains(column), "{spec} does not count {}", column.name());
            }
            let pos = if case.fen == "start" {
                game.start()
            } else {
                game.parse_fen(&case.fen).unwrap()
            };
            for (i, row) in case.rows.iter().enumerate() {
                if row[0] > limit {
                    break;
                }
                let depth = i as u32 + 1;
                let stats = perft_stats(game, &pos, depth, Count::Unique, &options);
                for (column, &expected) in columns.iter().zip(row) {
                    assert_eq!(
                        stats.get(*column),
                        expected as u128,
                        "{spec} {}, depth {depth}, {} ({}), hash {hash_mb} MiB",
                        case.name,
                        column.name(),
                        reference.source
                    );
                }
                checked += 1;
            }
        });
    }
    checked
}

#[test]
fn chess_equals_the_wiki_columns() {
    // Start d1-5, Kiwipete d1-4, position 3 d1-5, position 4 d1-4 at the least.
    assert!(check_file("chess", "chess/cpw-stats.toml", 0) >= 18);
}

#[test]
fn chess_equals_the_wiki_columns_through_a_small_table() {
    // A table of 1 MiB, far too small for these trees: entries are replaced all the time,
    // and a position's statistics must never be taken for another's.
    assert!(check_file("chess", "chess/cpw-stats.toml", 1) >= 18);
}

#[test]
fn xiangqi_equals_the_published_captures_and_checks() {
    assert!(check_file("xiangqi", "perft/xiangqi-stats.toml", 16) >= 12);
}

#[test]
fn draughts_columns_equal_the_independent_oracle() {
    // No table publishes draughts statistics: the rows are `tools/oracle.py stats`, written
    // from the rules text without the engine's code, from four starts, six middle games and
    // two men crowned (or not) during a capture, at least depth 4 each.
    assert!(check_file("russian", "perft/draughts-stats.toml", 16) >= 48);
}

/// The statistics of `fen` in `spec` at `depth`, as (column, value) for the family's columns.
fn stats_of(spec: &str, fen: Option<&str>, depth: u32, count: Count) -> Vec<(Column, u128)> {
    let variant = rulebench::load::<Variant>(spec).unwrap();
    with_game!(&variant, game => {
        let pos = match fen {
            Some(f) => game.parse_fen(f).unwrap(),
            None => game.start(),
        };
        let options = PerftOptions {
            threads: 2,
            hash_mb: 0,
            progress: None,
            stop: None,
        };
        let stats = perft_stats(game, &pos, depth, count, &options);
        game.stat_columns().into_iter().map(|c| (c, stats.get(c))).collect()
    })
}

#[test]
fn draughts_columns_on_positions_worked_by_hand() {
    use Column::*;
    // Russian: the white man on c3 must take d4 (landing e5) and then f6 (landing g7); g7 is
    // not the far row and nothing more can be taken: one move, a capture of two pieces.
    assert_eq!(
        stats_of("russian", Some("W:Wc3:Bd4,f6"), 1, Count::Unique),
        [
            (Nodes, 1),
            (Captures, 1),
            (Promotions, 0),
            (LongestCapture, 2)
        ]
    );
    // The white man on g7 steps to f8 or h8, the far row: two moves, both crown it.
    assert_eq!(
        stats_of("russian", Some("W:Wg7:Bb8"), 1, Count::Unique),
        [
            (Nodes, 2),
            (Captures, 0),
            (Promotions, 2),
            (LongestCapture, 0)
        ]
    );
    // From the start the armies are two empty rows apart: neither side can capture in the
    // first two plies. The nodes column is the published table's (dctl, shashki.com); the
    // others are bounded by it.
    let reference = common::reference("russian");
    for depth in 1..=6u32 {
        let stats = stats_of("russian", None, depth, Count::Unique);
        assert_eq!(
            stats[0],
            (Nodes, reference.unique[depth as usize - 1] as u128)
        );
        assert!(stats[1].1 <= stats[0].1 && stats[2].1 <= stats[0].1);
        if depth <= 2 {
            assert_eq!(stats[1].1, 0, "a capture at depth {depth}");
        }
    }
    // Paths: the nodes column weights each move by its jump sequences, as the table does.
    for depth in [8u32, 9] {
        let stats = stats_of("russian", None, depth, Count::Paths);
        assert_eq!(
            stats[0],
            (Nodes, reference.paths[depth as usize - 1] as u128)
        );
    }
}

#[test]
fn threads_and_the_table_change_no_statistic() {
    let variant = rulebench::load::<Variant>("chess").unwrap();
    with_game!(&variant, game => {
        // Kiwipete: every column is non-zero at depth 3.
        let pos = game
            .parse_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap();
        let options = |threads, hash_mb| PerftOptions {
            threads,
            hash_mb,
            progress: None,
            stop: None,
        };
        let one = perft_stats(game, &pos, 3, Count::Unique, &options(1, 0));
        let two = perft_stats(game, &pos, 3, Count::Unique, &options(2, 0));
        assert_eq!(one, two);
        assert_eq!(one.nodes, game.perft(&pos, 3, Count::Unique));
        // With a table, one thread and two (on two threads the entries are shared).
        assert_eq!(perft_stats(game, &pos, 3, Count::Unique, &options(1, 4)), one);
        assert_eq!(perft_stats(game, &pos, 3, Count::Unique, &options(2, 4)), one);
    });
}

#[test]
fn a_table_of_statistics_checks_against_the_published_one() {
    use rulebench::publish::{Counts, Limit, PerftTable, column};
    let options = PerftOptions {
        threads: 2,
        hash_mb: 0,
        progress: None,
        stop: None,
    };
    let reference = reference("chess/cpw-stats.toml");
    let stats: Vec<Column> = reference
        .columns
        .iter()
        .map(|n| Column::named(n).unwrap())
        .collect();
    let kiwipete = &reference.case[1];
    assert_eq!(kiwipete.name, "kiwipete");
    let col = column(
        "chess",
        Some(&kiwipete.fen),
        Limit::Depth(3),
        Counts::Unique,
        &stats,
        &options,
        |_, _| {},
    )
    .unwrap();
    let mut table = PerftTable {
        counts: Counts::Unique,
        stats: stats.clone(),
        columns: vec![col],
    };
    let path = format!(
        "{}/tests/reference/chess/cpw-stats.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(table.check_against(&path, &text).unwrap(), 0);
    // Every cell was compared: 3 depths of 7 columns.
    let compared = table.columns[0].expected.iter().flatten().flatten().count();
    assert_eq!(compared, 21);
    // Each format shows every statistic.
    let markdown = table.markdown();
    assert!(
        markdown.contains("| depth | chess nodes | chess captures | chess ep |"),
        "{markdown}"
    );
    assert!(
        markdown.contains("| 3 | 97862 ✓ | 17102 ✓ | 45 ✓ | 3162 ✓ | 0 ✓ | 993 ✓ | 1 ✓ |"),
        "{markdown}"
    );
    let csv = table.csv();
    assert!(
        csv.contains("3,97862,97862,17102,17102,45,45,3162,3162,0,0,993,993,1,1"),
        "{csv}"
    );
    let json = table.json();
    let row = &json["variants"][0]["perft"][2];
    assert_eq!(row["mates"], 1);
    assert_eq!(row["castles_reference"], 3162);
    assert_eq!(row["checks_agrees"], true);
    // A count the reference disagrees with is marked.
    table.columns[0].counts[2][5] += 1;
    assert_eq!(table.check_against(&path, &text).unwrap(), 1);
}

#[test]
fn table_columns_on_the_command_line() {
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_rulebench"))
            .args(args)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    // The Xiangqi start position's captures and checks, as published.
    let (code, out, err) = run(&[
        "table",
        "xiangqi",
        "--depth",
        "3",
        "--columns",
        "nodes,captures,checks",
        "--format",
        "csv",
        "--check",
        "tests/reference/perft/xiangqi-stats.toml",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("depth,xiangqi nodes,xiangqi nodes reference,xiangqi captures"),
        "{out}"
    );
    assert!(out.contains("3,79666,79666,3159,3159,384,384"), "{out}");
    // A column the family does not count is refused, located in the argument.
    let (code, _, err) = run(&[
        "table",
        "xiangqi",
        "--depth",
        "1",
        "--columns",
        "nodes,longest-capture",
    ]);
    assert_eq!(code, Some(1));
    assert!(
        err.contains("xiangqi has no `longest-capture` column"),
        "{err}"
    );
    // A misspelt column is named with the valid ones.
    let (code, _, err) = run(&[
        "table",
        "chess",
        "--depth",
        "1",
        "--columns",
        "nodes,chekcs",
    ]);
    assert_eq!(code, Some(1));
    assert!(
        err.contains("unknown column `chekcs`") && err.contains("did you mean `checks`"),
        "{err}"
    );
    // Statistics with a table: the wiki's start position at depth 4, on two threads.
    let (code, out, err) = run(&[
        "perft",
        "chess",
        "--depth",
        "4",
        "--stats",
        "--hash",
        "16",
        "--threads",
        "2",
    ]);
    assert_eq!(code, Some(0), "{err}");
    for line in [
        "nodes      197281",
        "captures   1576",
        "checks     469",
        "mates      8",
    ] {
        assert!(out.contains(line), "{line}: {out}");
    }
    assert!(err.contains("hash 16 MiB"), "{err}");
    // ... and through `table --columns`, checked against the wiki's table.
    let (code, out, err) = run(&[
        "table",
        "chess",
        "--depth",
        "4",
        "--columns",
        "nodes,captures,checks,mates",
        "--hash",
        "16",
        "--format",
        "csv",
        "--check",
        "tests/reference/chess/cpw-stats.toml",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("4,197281,197281,1576,1576,469,469,8,8"),
        "{out}"
    );
    // Statistics in shards are refused rather than ignored.
    let (code, _, err) = run(&[
        "perft",
        "chess",
        "--depth",
        "4",
        "--stats",
        "--split-depth",
        "1",
        "--shards",
        "2",
        "--shard",
        "0",
    ]);
    assert_eq!(code, Some(1));
    assert!(err.contains("--stats cannot be split into shards"), "{err}");
}
