//! The transposition table that perft's threads share: the driver's own nodes above the
//! subtrees it hands a family go through it too, and a position met again at many depths
//! (kings going to and fro) keeps an entry at each. Expected counts: American checkers'
//! published paths (OEIS A133046, tests/reference/perft/american.toml) and, for king endgames
//! no source publishes, the independent oracle with memoisation (`tools/oracle.py perft
//! VARIANT FEN DEPTH --memo`, written from the rules text without reading `src/`).

use crate::common::options;
use rulebench::perft::stats::perft_stats;
use rulebench::perft::{Table, frontier, perft, perft_with_table};
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
    let game = Draughts::load("american").expect("a shipped variant");
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

/// Russian kings alone: (FEN, depth, count, the oracle's count).
const KING_ENDGAMES: [(&str, u32, Count, u128); 2] = [
    ("W:WK1:BK32", 20, Count::Unique, 252_399_688_795_479_741),
    ("W:WK1,K2:BK32", 16, Count::Paths, 2_277_818_191_349_618),
];

#[test]
fn kings_going_to_and_fro_keep_an_entry_at_every_depth() {
    // Perft 20 of two kings has 2.5e17 leaves among fewer than 2,000 positions. With every
    // depth of a position in one bucket they evicted one another: perft 15 took 12 s, and
    // each ply 7 times more. The kernel's own recursion, and the driver's stoppable search
    // on two threads as the command line runs it.
    for (fen, depth, count, want) in KING_ENDGAMES {
        let got = within_a_minute(fen, move || {
            let game = Draughts::load("russian").expect("a shipped variant");
            let pos = game.parse_fen(fen).expect("a valid FEN");
            let table = Table::new(16).expect("16 MiB");
            let alone = game.perft_in(&pos, depth, count, Some(&table));
            let flag = AtomicBool::new(false);
            let driven = perft(&game, &pos, depth, count, &options(2, 16, Some(&flag)));
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
        let game = Draughts::load("russian").expect("a shipped variant");
        let pos = game.parse_fen("W:WK1:BK32").expect("a valid FEN");
        perft_stats(&game, &pos, 14, Count::Unique, &options(2, 16, None)).nodes
    });
    assert_eq!(nodes, 1_487_837_936_701);
}
