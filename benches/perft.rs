//! Perft speed, one thread, no hash, bulk counting at the last ply: from the start and from
//! one mid-game position of English, Russian, Italian and International draughts. Criterion
//! reports leaf nodes per second as `elements/s`. Every benchmark first asserts its node count
//! against a number from an independent source — the published tables in
//! `tests/reference/perft/` for the starts, `tests/reference/midgame.toml` (computed by the
//! independent Python oracle in `tools/`) for the mid-games — so it can never time wrong code.
//!
//! Run: `cargo bench --bench perft`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rulebench::{Count, Draughts, Game};
use serde::Deserialize;
use std::time::Duration;

#[derive(Deserialize)]
struct Table {
    unique: Vec<u64>,
}

#[derive(Deserialize)]
struct Midgames {
    case: Vec<Midgame>,
}

#[derive(Deserialize)]
struct Midgame {
    variant: String,
    fen: String,
    depth: u32,
    unique: u64,
}

fn read<T: serde::de::DeserializeOwned>(file: &str) -> T {
    let path = format!("{}/tests/reference/{file}", env!("CARGO_MANIFEST_DIR"));
    toml::from_str(&std::fs::read_to_string(&path).expect(&path)).expect(&path)
}

/// (variant, depth) from the start.
const STARTS: &[(&str, u32)] = &[
    ("american", 12),
    ("russian", 11),
    ("italian", 11),
    ("international", 10),
];

fn bench_one(
    c: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: String,
    game: &Draughts,
    pos: &rulebench::Position,
    depth: u32,
    expected: u128,
) {
    assert_eq!(game.perft(pos, depth, Count::Unique), expected, "{name}");
    c.throughput(Throughput::Elements(expected as u64));
    c.bench_function(name, |b| {
        b.iter(|| {
            let n = game.perft(pos, depth, Count::Unique);
            assert_eq!(n, expected);
            n
        })
    });
}

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    group.warm_up_time(Duration::from_secs(1));
    for &(variant, depth) in STARTS {
        let game = Draughts::load(variant).unwrap();
        let table: Table = read(&format!("perft/{variant}.toml"));
        let expected = table.unique[depth as usize - 1] as u128;
        bench_one(
            &mut group,
            format!("{variant}-start-{depth}"),
            &game,
            &game.start(),
            depth,
            expected,
        );
    }
    let midgames: Midgames = read("midgame.toml");
    for m in &midgames.case {
        let game = Draughts::load(&m.variant).unwrap();
        let pos = game.parse_fen(&m.fen).unwrap();
        let (depth, expected) = (m.depth, m.unique as u128);
        bench_one(
            &mut group,
            format!("{}-midgame-{depth}", m.variant),
            &game,
            &pos,
            depth,
            expected,
        );
    }
    group.finish();
}

criterion_group!(benches, perft);
criterion_main!(benches);
