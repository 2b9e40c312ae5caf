//! Perft speed from the start position, reported as leaf nodes per second (criterion's
//! "elements/s"). Every benchmark asserts its node count against the published table
//! (tests/reference/perft/), so it can never time wrong code.
//!
//! Run: `cargo bench --bench perft`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rulebench::{Count, Draughts, Game};
use std::time::Duration;

/// (variant, depth, expected unique count from tests/reference/perft/<variant>.toml)
const CASES: &[(&str, u32, u128)] = &[
    // american.toml unique[10]: dctl board_08x08.cpp, damforum t=2822, shashki.com t-627
    ("american", 11, 85_242_128),
    // international.toml unique[8]: dctl board_10x10.cpp, damforum t=2308, BikDam
    ("international", 9, 41_022_423),
];

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft-start");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    group.warm_up_time(Duration::from_secs(2));
    for &(variant, depth, expected) in CASES {
        let game = Draughts::load(variant).unwrap();
        let start = game.start();
        assert_eq!(
            game.perft(&start, depth, Count::Unique),
            expected,
            "{variant} perft({depth})"
        );
        group.throughput(Throughput::Elements(expected as u64));
        group.bench_function(format!("{variant}-{depth}"), |b| {
            b.iter(|| {
                let n = game.perft(&start, depth, Count::Unique);
                assert_eq!(n, expected);
                n
            })
        });
    }
    group.finish();
}

criterion_group!(benches, perft);
criterion_main!(benches);
