//! The transposition table that perft's threads share: the driver's own nodes above the
//! subtrees it hands a family go through it too, and a position met again at many depths
//! (kings going to and fro) keeps an entry at each. Expected counts: American checkers'
//! published paths (OEIS A133046, tests/reference/perft/american.toml) and, for king endgames
//! no source publishes, the independent oracle with memoisation (`tools/oracle.py perft
//! VARIANT FEN DEPTH --memo`, written from the rules text without reading `src/`).

use crate::common::options;
use rulebench::perft::stats::perft_stats;
use rulebench::perft::{frontier, perft, perft_with_table};
use rulebench::transposition::TranspositionTable as Table;
use rulebench::{Count, Draughts, Game};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Runs `f` on a thread of its own and gives its answer, failing the test when it has none
/// within a minute (a search whose table does not collapse the tree would run for days).
fn within_a_minute<T: Send + 'static>(what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(Duration::from_secs(60))
        .unwrap_or_else(|_| panic!("{what}: no answer within a minute"))
}

#[test]
fn a_stoppable_search_keeps_its_own_nodes_in_the_table() {
    // American checkers by jump sequences, perft 15 from the start: 36,263,167,175. The
    // driver splits the tree into subtrees over 8 plies deep here; a stoppable search hands
    // the kernel only the last 8 plies whole, and the nodes above them must go through the
    // table too (or a deep search counts every one of them, however few the positions among
    // them): each subtree is then found there at its whole depth.
    let game = rulebench::load::<Draughts>("american").expect("a shipped variant");
    let start = game.start();
    let table = Table::new(64).expect("64 MiB");
    let flag = AtomicBool::new(false);
    let got = perft_with_table(
        &game,
        &start,
        15,
        Count::Paths,
        &options(2, 64, Some(&flag)),
        Some(&table),
    );
    assert_eq!(got, 36_263_167_175);
    let (subtrees, remaining) = frontier(&game, &start, 15, Count::Paths, 2);
    assert!(remaining > 8, "subtrees {remaining} plies deep");
    let stored = subtrees
        .iter()
        .filter(|(p, _)| {
            let slot = game.table_slot(p, Count::Paths).expect("a draughts key");
            table.probe_slot(&slot, remaining).is_some()
        })
        .count();
    assert!(
        stored * 10 >= subtrees.len() * 9,
        "{stored} of {} subtrees in the table",
        subtrees.len()
    );
}

/// Russian kings alone: (FEN, depth, count, the oracle's count). From perft 31 or so the
/// subtrees' counts pass 2^64: the table keeps them too (a count under 2^116), or the search
/// above them would be counted in full (perft 32 took 8 s, each ply 7 times more).
const KING_ENDGAMES: [(&str, u32, Count, u128); 4] = [
    ("W:WK1:BK32", 20, Count::Unique, 252_399_688_795_479_741),
    ("W:WK1,K2:BK32", 16, Count::Paths, 2_277_818_191_349_618),
    (
        "W:WK1:BK32",
        44,
        Count::Unique,
        209_551_899_245_106_777_605_907_567_023_256_911_669,
    ),
    (
        "W:WK1,K2:BK32",
        30,
        Count::Paths,
        53_496_921_347_145_803_896_652_686_125,
    ),
];

#[test]
fn kings_going_to_and_fro_keep_an_entry_at_every_depth() {
    // Perft 20 of two kings has 2.5e17 leaves among fewer than 2,000 positions. With every
    // depth of a position in one bucket they evicted one another: perft 15 took 12 s, and
    // each ply 7 times more. The kernel's own recursion, and the driver's stoppable search
    // on two threads as the command line runs it.
    for (fen, depth, count, want) in KING_ENDGAMES {
        let got = within_a_minute(fen, move || {
            let game = rulebench::load::<Draughts>("russian").expect("a shipped variant");
            let pos = game.parse_fen(fen).expect("a valid FEN");
            // Three kings over 30 plies make about 800,000 entries: 64 MiB hold them.
            let table = Table::new(64).expect("64 MiB");
            let alone = game.perft_in(&pos, depth, count, Some(&table));
            let flag = AtomicBool::new(false);
            let driven = perft(&game, &pos, depth, count, &options(2, 64, Some(&flag)));
            (alone, driven)
        });
        assert_eq!(got, (want, want), "russian {fen} perft {depth} {count:?}");
    }
}

#[test]
fn the_statistics_table_keeps_an_entry_at_every_depth() {
    // The statistics search's own table, the same way: two kings, perft 14, 1,487,837,936,701
    // leaves (the oracle's count).
    let nodes = within_a_minute("statistics", || {
        let game = rulebench::load::<Draughts>("russian").expect("a shipped variant");
        let pos = game.parse_fen("W:WK1:BK32").expect("a valid FEN");
        perft_stats(&game, &pos, 14, Count::Unique, &options(2, 16, None)).nodes
    });
    assert_eq!(nodes, 1_487_837_936_701);
}

#[test]
fn an_entry_keeps_counts_past_64_bits() {
    let table = Table::<[u64; 2]>::new(1).expect("1 MiB");
    let big = (1u128 << 100) + 7;
    table.store(&[1, 2], 0, 99, 30, false, big);
    assert_eq!(table.probe(&[1, 2], 0, 99, 30, false), Some(big));
    // The same position at another depth, side or count is another entry.
    assert_eq!(table.probe(&[1, 2], 1, 99, 30, false), None);
    assert_eq!(table.probe(&[1, 2], 0, 99, 31, false), None);
    assert_eq!(table.probe(&[1, 2], 0, 99, 30, true), None);
    // From 2^116 a count is not kept (the entry has no room for it).
    table.store(&[3, 4], 0, 7, 30, false, 1 << 116);
    assert_eq!(table.probe(&[3, 4], 0, 7, 30, false), None);
    table.store(&[3, 4], 0, 7, 30, false, (1 << 116) - 1);
    assert_eq!(table.probe(&[3, 4], 0, 7, 30, false), Some((1 << 116) - 1));
}

#[test]
fn a_count_past_128_bits_is_reported_not_wrapped() {
    // Two kings, perft 46: 11,602,750,420,871,544,725,101,185,444,535,780,950,147 leaves by
    // the oracle (tools/oracle.py perft russian W:WK1:BK32 46 --memo), past 2^128 - 1. The
    // sums stop at the limit instead of wrapping, and the command line says so.
    let got = within_a_minute("perft 46", || {
        let game = rulebench::load::<Draughts>("russian").expect("a shipped variant");
        let pos = game.parse_fen("W:WK1:BK32").expect("a valid FEN");
        perft(&game, &pos, 46, Count::Unique, &options(2, 16, None))
    });
    assert_eq!(got, rulebench::COUNT_LIMIT);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_rulebench"))
        .args(["perft", "russian", "--fen", "W:WK1:BK32", "--depth", "46"])
        .args(["--hash", "16", "--yes"])
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(out.stdout.is_empty(), "no count printed");
    assert!(
        stderr.contains("340282366920938463463374607431768211455") && stderr.contains("or more"),
        "{stderr}"
    );
}

#[test]
fn a_table_ends_before_a_count_past_128_bits_and_says_so() {
    // The same two kings: perft 44 is 209,551,899,245,106,777,605,907,567,023,256,911,669 by
    // the oracle (tools/oracle.py perft russian W:WK1:BK32 44 --memo) and perft 45
    // 1,559,316,335,818,757,333,515,562,018,953,382,302,792, past 2^128 - 1 (the same, 45).
    let out = within_a_minute("table to 47", || {
        std::process::Command::new(env!("CARGO_BIN_EXE_rulebench"))
            .args(["table", "russian", "--fen", "W:WK1:BK32", "--depth", "47"])
            .args(["--hash", "16", "--format", "md"])
            .output()
            .expect("the binary runs")
    });
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("| 44 | 209551899245106777605907567023256911669 |"),
        "{stdout}"
    );
    assert!(stdout.contains("ends before depth 45"), "{stdout}");
    assert!(!stdout.contains("| 45 |"), "{stdout}");
    let json = std::process::Command::new(env!("CARGO_BIN_EXE_rulebench"))
        .args(["table", "russian", "--fen", "W:WK1:BK32", "--depth", "47"])
        .args(["--hash", "16", "--format", "json"])
        .output()
        .expect("the binary runs");
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    assert_eq!(json["variants"][0]["ends_at_limit"], 45, "{json}");
}

#[test]
fn a_diff_stops_where_both_counts_reach_the_limit() {
    // The same rules twice from the two kings: every count equal, and from perft 45 (past
    // 2^128 - 1 by the oracle, above) no longer comparable: the diff stops counting there and says
    // "or more".
    let report = within_a_minute("diff to 47", || {
        rulebench::diff::diff(
            "russian",
            "russian",
            Some("W:WK1:BK32"),
            rulebench::diff::DiffLimits {
                depth: 47,
                count_depth: 47,
                shown: 3,
                max_positions: 100_000,
            },
            &options(2, 16, None),
        )
        .expect("the diff runs")
    });
    let last = report.perft.last().expect("counts");
    assert_eq!(*last, (45, rulebench::COUNT_LIMIT, rulebench::COUNT_LIMIT));
    assert_eq!(report.first_differing_depth, None);
    assert!(report.text().contains("or more"), "{}", report.text());
}

#[test]
fn sums_and_texts_of_counts_stop_at_the_limit() {
    use rulebench::{COUNT_LIMIT, count_sum, count_text};
    assert_eq!(count_sum([1, 2, 3]), 6);
    assert_eq!(count_sum([COUNT_LIMIT - 1, 2, 5]), COUNT_LIMIT);
    assert_eq!(count_text(42), "42");
    assert_eq!(
        count_text(COUNT_LIMIT),
        "340282366920938463463374607431768211455 or more"
    );
}
