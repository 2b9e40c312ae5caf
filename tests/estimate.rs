//! The run estimate (`rulebench::perft::estimate`): the depths it measures, where it stops
//! measuring, the table it measures with, how far up it extrapolates, and durations in words.
//!
//! Expected counts: American checkers perft 1-3 = 7, 49, 302 and perft 23 =
//! 7,437,536,860,666,213 paths (OEIS A133046; `tests/reference/perft/american.toml`).

use rulebench::perft::{estimate, human_duration};
use rulebench::{Count, Draughts, Game};

#[test]
fn the_depth_asked_for_is_left_to_the_run() {
    let game = rulebench::load::<Draughts>("american").unwrap();
    let e = estimate(&game, &game.start(), 4, Count::Unique, 1, 0.0, 0);
    // American checkers perft 1-3 = 7, 49, 302 (tests/reference/perft/american.toml).
    assert!((1..4).contains(&e.measured_depth), "{e:?}");
    let published = [7, 49, 302][e.measured_depth as usize - 1];
    assert_eq!(e.measured_nodes, published);
    assert!(e.nodes > published as f64 && e.branching > 1.0, "{e:?}");
}

#[test]
fn a_short_run_stops_the_measuring_early() {
    let game = rulebench::load::<Draughts>("american").unwrap();
    // Perft 16 takes minutes: measured until a count is a measure. Asked only whether it
    // is shorter than a century, three plies do.
    let long = estimate(&game, &game.start(), 16, Count::Unique, 1, 0.0, 0);
    let short = estimate(&game, &game.start(), 16, Count::Unique, 1, 3e9, 0);
    assert!(long.measured_depth > 3, "{long:?}");
    assert_eq!(short.measured_depth, 3, "{short:?}");
}

#[test]
fn a_run_with_a_table_is_measured_with_one() {
    let game = rulebench::load::<Draughts>("american").unwrap();
    let plain = estimate(&game, &game.start(), 16, Count::Unique, 1, 0.0, 0);
    let hashed = estimate(&game, &game.start(), 16, Count::Unique, 1, 0.0, 64);
    assert_eq!(plain.time_per_ply_with_table, None);
    let per_ply = hashed
        .time_per_ply_with_table
        .expect("measured with the table");
    assert!(
        per_ply >= 1.0 && hashed.seconds <= plain.seconds * 1.5,
        "{hashed:?} {plain:?}"
    );
    // Asked only whether it is shorter than a century, no table is measured.
    let short = estimate(&game, &game.start(), 16, Count::Unique, 1, 3e9, 64);
    assert_eq!(short.time_per_ply_with_table, None);
}

#[test]
fn kings_going_to_and_fro_are_guessed_short_with_a_table() {
    // Two kings, perft 40: 6.8e34 leaves (tools/oracle.py perft russian W:WK1:BK32 40 --memo),
    // among fewer than 2,000 positions: with a table the search counts each of them once a
    // depth, in milliseconds (tests/table.rs runs perft 44). The positions run out after a few
    // plies, so the table's entries grow by a constant a ply, not by a factor: the guess with
    // the table is under a second where the guess without one is longer than the universe.
    let game = rulebench::load::<Draughts>("russian").unwrap();
    let pos = game.parse_fen("W:WK1:BK32").unwrap();
    let plain = estimate(&game, &pos, 40, Count::Unique, 1, 0.0, 0);
    assert!(plain.seconds > 1e15, "{plain:?}");
    let hashed = estimate(&game, &pos, 40, Count::Unique, 1, 0.0, 64);
    assert!(hashed.seconds < 1.0, "{hashed:?}");
}

#[test]
fn kings_whose_positions_run_out_late_are_guessed_short_with_a_table() {
    // Four kings: their positions run out only around ply 11, after the plies the estimate
    // measures (its table's entries still grow threefold a ply there), so the growth alone
    // carried to perft 18 guessed about an hour. No ply can hold more positions than four
    // kings (or fewer) can stand on 32 squares (`Game::positions_bound`, about 434,000),
    // which caps the guess. The run itself takes about a second with a table on these
    // machines (`perft russian --fen W:WK1,K2:BK31,K32 --depth 18 --hash 2000`).
    let game = rulebench::load::<Draughts>("russian").unwrap();
    let pos = game.parse_fen("W:WK1,K2:BK31,K32").unwrap();
    let bound = game
        .positions_bound(&pos)
        .expect("draughts knows its bound");
    // C(32,2) C(30,2) + 2 C(32,2) 30 + 2 C(32,1) 31 + ... (two kings a side or fewer).
    let exact = 496.0 * 435.0 + 2.0 * 496.0 * 30.0 + 32.0 * 31.0 + 2.0 * (496.0 + 32.0) + 1.0;
    assert!((bound - exact).abs() < 0.5, "{bound} against {exact}");
    let hashed = estimate(&game, &pos, 18, Count::Unique, 1, 0.0, 64);
    assert!(hashed.seconds < 60.0, "{hashed:?}");
}

#[test]
fn deep_perft_is_extrapolated_upwards() {
    let game = rulebench::load::<Draughts>("american").unwrap();
    let e = estimate(&game, &game.start(), 40, Count::Unique, 2, 0.0, 0);
    assert!(e.measured_depth < 40);
    assert!(e.branching > 1.5, "branching {}", e.branching);
    // Perft 23 is already 7,437,536,860,666,213 paths (OEIS A133046, in
    // tests/reference/perft/american.toml): 40 plies are more.
    assert!(e.nodes > 7.4e15, "nodes {}", e.nodes);
    assert!(e.seconds > 1e6, "seconds {}", e.seconds);
}

#[test]
fn durations_read_in_words() {
    assert_eq!(human_duration(42.0), "42 s");
    assert_eq!(human_duration(600.0), "10 min");
    assert_eq!(human_duration(5400.0), "1.5 h");
    assert_eq!(human_duration(3.0 * 86_400.0), "3.0 days");
    assert_eq!(
        human_duration(f64::INFINITY),
        "longer than the universe has existed"
    );
}
