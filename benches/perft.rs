//! Perft speed, one thread, no hash, bulk counting at the last ply: from the start of every
//! shipped draughts variant and from one mid-game position of English, Russian, Italian,
//! International, Czech and Spanish draughts; Xiangqi from the start and from the two
//! Fairy-Stockfish test positions, Minixiangqi from the start; chess from the start (perft 6)
//! and from Kiwipete (perft 5); every other shipped chess-family file from its start. Peers in
//! the same run: Debian's `stockfish` counting the two chess positions, and Debian's
//! `fairy-stockfish` counting Xiangqi perft 4 and every chess-family start it knows (a process
//! per run, start-up included; skipped, saying so, when the binary is missing). Criterion
//! reports leaf nodes per second as `elements/s`. Every benchmark first asserts its node count
//! against a number from an independent source — the published tables in
//! `tests/reference/perft/` for the starts and the Xiangqi and chess positions,
//! `tests/reference/midgame.toml` (computed by the independent Python oracle in `tools/`) for
//! the draughts mid-games and `tests/reference/midgame-deep.toml` (dctl's counts) for the same
//! positions deeper, and where a table stops short of the depth timed, the peer's own
//! count in the same run — so it can never time wrong code.
//!
//! Run: `cargo bench --bench perft` (`-- xiangqi` for the Xiangqi ones only, `-- peer` for the
//! peers, `-- capablanca` for one variant and its peer).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rulebench::{Count, Draughts, Game, Variant, with_game};
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
    ("frisian", 9),
    ("turkish", 7),
    ("canadian", 8),
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

/// (variant, case id, depth) of the chess family, counted from its table in
/// `tests/reference/perft/`.
const CHESS: &[(&str, &str, u32)] = &[
    ("xiangqi", "start", 5),
    ("xiangqi", "start", 4),
    ("xiangqi", "fairy-stockfish-2", 4),
    ("xiangqi", "fairy-stockfish-3", 4),
    ("minixiangqi", "start", 5),
    ("chess", "start", 6),
    ("chess", "kiwipete", 5),
    ("chess960", "start", 6),
];

/// (variant, depth) of the chess family's other starts, with fairy-stockfish as the peer:
/// depths whose counts are 3-30 million, so that the peer's run takes a second or two
/// (nightrider and grasshopper: the deepest published by pyffish, 0.4 and 0.6 million).
const CHESS_STARTS: &[(&str, u32)] = &[
    ("makruk", 5),
    ("asean", 5),
    ("ai-wok", 5),
    ("shatranj", 6),
    ("courier", 5),
    ("capablanca", 5),
    ("gothic", 5),
    ("embassy", 5),
    ("janus", 5),
    ("modern", 5),
    ("chancellor", 5),
    ("losalamos", 6),
    ("amazon", 5),
    ("almost", 5),
    ("chigorin", 5),
    ("knightmate", 5),
    ("nightrider", 4),
    ("grasshopper", 4),
    ("hoppelpoppel", 5),
    ("newzealand", 5),
    ("kingofthehill", 5),
    ("racingkings", 5),
    ("3check", 5),
    ("horde", 6),
    ("antichess", 5),
    ("giveaway", 5),
    ("crazyhouse", 5),
    ("minishogi", 5),
    ("shogi", 4),
    ("janggi", 5),
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
        let loaded = rulebench::load::<Variant>(variant).unwrap();
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
    // The mid-games at the oracle's depths, then deeper at dctl's (the depths of its speed
    // table, so that the ratios compare).
    let midgames: Midgames = read("midgame.toml");
    let deep: Midgames = read("midgame-deep.toml");
    for m in midgames.case.iter().chain(&deep.case) {
        let game = rulebench::load::<Draughts>(&m.variant).unwrap();
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
    // Each file at the set width it loads with (64 bits up to 64 squares, 128 above).
    for &(variant, id, depth) in CHESS {
        let loaded = rulebench::load::<Variant>(variant).unwrap();
        let cases: Cases = read(&format!("perft/{variant}.toml"));
        let case = cases.case.iter().find(|c| c.id == id).expect(id);
        let expected = case.perft[depth as usize - 1] as u128;
        with_game!(&loaded, game => bench_one(
            &mut group,
            format!("{variant}-{id}-{depth}"),
            game,
            &game.parse_fen(&case.fen).unwrap(),
            depth,
            expected,
        ));
    }
    let fsf = Peer::find("/usr/games/fairy-stockfish");
    if let Some(fsf) = &fsf {
        fsf.bench(
            &mut group,
            "xiangqi-start-4",
            "xiangqi",
            "startpos",
            4,
            3_290_240,
        );
    }
    if let Some(stockfish) = Peer::find("/usr/games/stockfish") {
        let cases: Cases = read("perft/chess.toml");
        for (id, depth) in [("start", 6), ("kiwipete", 5)] {
            let case = cases.case.iter().find(|c| c.id == id).expect(id);
            let expected = case.perft[depth as usize - 1];
            let label = format!("chess-{id}-{depth}");
            stockfish.bench(&mut group, &label, "chess", &case.fen, depth, expected);
        }
    }
    for &(variant, depth) in CHESS_STARTS {
        let loaded = rulebench::load::<Variant>(variant).unwrap();
        let cases: Cases = read(&format!("perft/{variant}.toml"));
        let case = cases.case.iter().find(|c| c.id == "start").expect(variant);
        let peer = fsf
            .as_ref()
            .filter(|p| p.variants.iter().any(|v| v == variant));
        let expected = match (case.perft.get(depth as usize - 1), peer) {
            (Some(&n), _) => n,
            (None, Some(p)) => p.perft(variant, &case.fen, depth),
            (None, None) => {
                eprintln!(
                    "SKIPPED: {variant}-start-{depth}: no published count at that depth and no peer to count it"
                );
                continue;
            }
        };
        with_game!(&loaded, game => bench_one(
            &mut group,
            format!("{variant}-start-{depth}"),
            game,
            &game.parse_fen(&case.fen).unwrap(),
            depth,
            expected as u128,
        ));
        if let Some(p) = peer {
            let label = format!("{variant}-start-{depth}");
            p.bench(&mut group, &label, variant, &case.fen, depth, expected);
        }
    }
    group.finish();
}

/// A UCI engine counting perft as a peer: one process per run, start-up included (a few
/// milliseconds against a second or two).
struct Peer {
    path: &'static str,
    /// Its `UCI_Variant` values (none for an engine of chess alone).
    variants: Vec<String>,
}

impl Peer {
    /// The engine at `path`, or none (saying SKIPPED) when it is not installed.
    fn find(path: &'static str) -> Option<Peer> {
        if !std::path::Path::new(path).is_file() {
            eprintln!("SKIPPED: {path} not found (apt-get install it to time it as a peer)");
            return None;
        }
        let mut peer = Peer {
            path,
            variants: Vec::new(),
        };
        let hello = peer.talk("uci\nquit\n");
        if let Some(line) = hello
            .lines()
            .find(|l| l.starts_with("option name UCI_Variant "))
        {
            let words: Vec<&str> = line.split_whitespace().collect();
            peer.variants = words
                .windows(2)
                .filter(|w| w[0] == "var")
                .map(|w| w[1].to_string())
                .collect();
        }
        Some(peer)
    }

    fn name(&self) -> &str {
        self.path.rsplit('/').next().unwrap_or(self.path)
    }

    /// Sends `script` to a fresh process and returns what it printed.
    fn talk(&self, script: &str) -> String {
        use std::io::Write;
        use std::process::{Command, Stdio};
        let mut child = Command::new(self.path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the peer starts");
        let mut input = child.stdin.take().unwrap();
        input.write_all(script.as_bytes()).unwrap();
        drop(input);
        let out = child.wait_with_output().unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Its perft of `fen` (or `startpos`) at `depth` in `variant`.
    fn perft(&self, variant: &str, fen: &str, depth: u32) -> u64 {
        let set = if self.variants.is_empty() {
            String::new()
        } else {
            format!("setoption name UCI_Variant value {variant}\n")
        };
        let position = if fen == "startpos" {
            "startpos".to_string()
        } else {
            format!("fen {fen}")
        };
        let text = self.talk(&format!(
            "uci\n{set}isready\nposition {position}\ngo perft {depth}\nquit\n"
        ));
        text.lines()
            .find_map(|l| l.strip_prefix("Nodes searched: "))
            .and_then(|n| n.trim().parse().ok())
            .unwrap_or_else(|| panic!("{}: no node count in {text}", self.path))
    }

    /// Times its perft, first checked against `expected`, as `peer-NAME-LABEL` (the label of
    /// our benchmark of the same count).
    fn bench(
        &self,
        c: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
        label: &str,
        variant: &str,
        fen: &str,
        depth: u32,
        expected: u64,
    ) {
        let count = || self.perft(variant, fen, depth);
        assert_eq!(count(), expected, "{} {variant} perft {depth}", self.path);
        c.throughput(Throughput::Elements(expected));
        c.bench_function(format!("peer-{}-{label}", self.name()), |b| {
            b.iter(|| {
                let n = count();
                assert_eq!(n, expected);
                n
            })
        });
    }
}

criterion_group!(benches, perft);
criterion_main!(benches);
