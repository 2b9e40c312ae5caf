//! Perft speed, one thread, no hash, bulk counting at the last ply: from the start of every
//! shipped draughts variant and from one mid-game position of English, Russian, Italian,
//! International, Czech and Spanish draughts; Xiangqi from
//! the start and from the two Fairy-Stockfish test positions, Minixiangqi from the start; and,
//! as a peer in the same run, Debian's `fairy-stockfish` counting Xiangqi perft 4 (a process
//! per run, skipped when the binary is missing). Criterion reports leaf nodes per second as
//! `elements/s`. Every benchmark first asserts its node count against a number from an
//! independent source — the published tables in `tests/reference/perft/` for the starts and
//! the Xiangqi positions, `tests/reference/midgame.toml` (computed by the independent Python
//! oracle in `tools/`) for the draughts mid-games — so it can never time wrong code.
//!
//! Run: `cargo bench --bench perft` (`-- xiangqi` for the Xiangqi ones only).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rulebench::{Chess, Count, Draughts, Game, Variant, with_game};
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
    ("brazilian", 11),
    ("spanish", 11),
    ("italian", 11),
    ("czech", 11),
    ("international", 10),
    ("pool", 11),
    ("thai", 10),
    ("killer", 10),
    ("frisian", 8),
    ("turkish", 7),
    ("canadian", 7),
];

#[derive(Deserialize)]
struct Cases {
    case: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    id: String,
    fen: String,
    perft: Vec<u64>,
}

/// (variant, case id, depth) of the chess family.
const CHESS: &[(&str, &str, u32)] = &[
    ("xiangqi", "start", 5),
    ("xiangqi", "start", 4),
    ("xiangqi", "fairy-stockfish-2", 4),
    ("xiangqi", "fairy-stockfish-3", 4),
    ("minixiangqi", "start", 5),
];

fn bench_one<G: Game>(
    c: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: String,
    game: &G,
    pos: &G::Position,
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
        let loaded = Variant::load(variant).unwrap();
        let table: Table = read(&format!("perft/{variant}.toml"));
        let expected = table.unique[depth as usize - 1] as u128;
        with_game!(&loaded, game => bench_one(
            &mut group,
            format!("{variant}-start-{depth}"),
            game,
            &game.start(),
            depth,
            expected,
        ));
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
    for &(variant, id, depth) in CHESS {
        let game = Chess::load(variant).unwrap();
        let cases: Cases = read(&format!("perft/{variant}.toml"));
        let case = cases.case.iter().find(|c| c.id == id).expect(id);
        let pos = game.parse_fen(&case.fen).unwrap();
        let expected = case.perft[depth as usize - 1] as u128;
        bench_one(
            &mut group,
            format!("{variant}-{id}-{depth}"),
            &game,
            &pos,
            depth,
            expected,
        );
    }
    fairy_stockfish(&mut group);
    group.finish();
}

/// Debian's fairy-stockfish counting Xiangqi perft 4 from the start (one process per run:
/// start-up included, a few milliseconds against a third of a second), checked against the
/// published count.
fn fairy_stockfish(c: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let path = "/usr/games/fairy-stockfish";
    if !std::path::Path::new(path).is_file() {
        eprintln!("SKIPPED: {path} not found (apt-get install fairy-stockfish)");
        return;
    }
    let expected: u64 = 3_290_240;
    let run = || -> u64 {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("fairy-stockfish starts");
        let mut input = child.stdin.take().unwrap();
        writeln!(
            input,
            "uci\nsetoption name UCI_Variant value xiangqi\nposition startpos\ngo perft 4\nquit"
        )
        .unwrap();
        drop(input);
        let out = child.wait_with_output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        text.lines()
            .find_map(|l| l.strip_prefix("Nodes searched: "))
            .and_then(|n| n.trim().parse().ok())
            .expect("a node count")
    };
    assert_eq!(run(), expected, "fairy-stockfish xiangqi perft 4");
    c.throughput(Throughput::Elements(expected));
    c.bench_function("peer-fairy-stockfish-xiangqi-start-4", |b| {
        b.iter(|| {
            let n = run();
            assert_eq!(n, expected);
            n
        })
    });
}

criterion_group!(benches, perft);
criterion_main!(benches);
