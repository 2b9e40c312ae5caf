//! The fuzz targets of `rulebench::fuzzing` without a fuzzer (see docs/fuzzing.md): every
//! input of the committed corpus (`fuzz/corpus/<target>/`) and every kept crash
//! (`tests/fuzz-regressions/<target>/`) replayed, then a short seeded mutation loop per
//! target. `write_seeds` (ignored) writes the seed inputs into the corpus; `oracle_sample`
//! (run only with `RULEBENCH_ORACLE_FUZZ=N`) compares perft on N built positions with the
//! independent `tools/oracle.py`.

use rulebench::fuzzing;
use rulebench::{Game, Variant, with_game};
use std::path::{Path, PathBuf};

type Target = fn(&[u8]);

const TARGETS: &[(&str, Target)] = &[
    ("rules_bytes", fuzzing::rules_bytes),
    ("rules_mutation", fuzzing::rules_mutation),
    ("fen", fuzzing::fen),
    ("move_text", fuzzing::move_text),
    ("moves_replay", fuzzing::moves_replay),
    ("fixture_file", fuzzing::fixture_file),
    ("positions", fuzzing::positions),
];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The files of the corpus and the regressions of one target, sorted.
fn inputs(target: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for dir in [
        root().join("fuzz/corpus").join(target),
        root().join("tests/fuzz-regressions").join(target),
    ] {
        if let Ok(entries) = std::fs::read_dir(&dir) {
            out.extend(entries.filter_map(Result::ok).map(|e| e.path()));
        }
    }
    out.retain(|p| p.is_file());
    out.sort();
    out
}

/// Runs one input; on a panic, keeps the input where it can be found and fails.
fn run(target: &str, f: Target, input: &[u8], what: &str) {
    if std::panic::catch_unwind(|| f(input)).is_err() {
        let dir = std::env::temp_dir().join("rulebench-fuzz-smoke-failures");
        let _ = std::fs::create_dir_all(&dir);
        let path = dir.join(format!("{target}-{}", input.len()));
        let _ = std::fs::write(&path, input);
        panic!(
            "target {target} panicked on {what}; the input is kept in {} (replay it with \
             `cargo fuzz run {target} {}`)",
            path.display(),
            path.display()
        );
    }
}

fn target(name: &str) -> Target {
    TARGETS
        .iter()
        .find(|(n, _)| *n == name)
        .expect("a known target")
        .1
}

/// A tiny deterministic generator (xorshift64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Mutates `input` a few times: bytes flipped, set, inserted, removed, a run duplicated.
fn mutate(rng: &mut Rng, input: &mut Vec<u8>) {
    for _ in 0..1 + rng.below(4) {
        let n = input.len();
        match rng.below(6) {
            0 if n > 0 => {
                let i = rng.below(n);
                input[i] ^= 1 << rng.below(8);
            }
            1 if n > 0 => {
                let i = rng.below(n);
                input[i] = rng.next() as u8;
            }
            2 => {
                let i = rng.below(n + 1);
                input.insert(i, rng.next() as u8);
            }
            3 if n > 0 => {
                let i = rng.below(n);
                input.remove(i);
            }
            4 if n > 1 => {
                let a = rng.below(n);
                let b = (a + 1 + rng.below(16)).min(n);
                let run: Vec<u8> = input[a..b].to_vec();
                let at = rng.below(n + 1);
                input.splice(at..at, run);
            }
            _ => {
                let i = rng.below(n + 1);
                input.insert(i, b"0123456789:,-xKWBwb \n=\"[]"[rng.below(25)]);
            }
        }
    }
    input.truncate(4096);
}

/// Replays the corpus and regressions of `name`, then `rounds` seeded mutations of them.
fn smoke(name: &str, rounds: usize) {
    let f = target(name);
    let files = inputs(name);
    let mut seeds: Vec<Vec<u8>> = Vec::new();
    for path in &files {
        let data = std::fs::read(path).expect("readable corpus file");
        run(name, f, &data, &path.display().to_string());
        seeds.push(data);
    }
    if seeds.is_empty() {
        seeds.push(Vec::new());
    }
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ name.len() as u64);
    for round in 0..rounds {
        let mut input = seeds[rng.below(seeds.len())].clone();
        mutate(&mut rng, &mut input);
        run(name, f, &input, &format!("mutation {round}"));
    }
}

#[test]
fn rules_bytes() {
    smoke("rules_bytes", 1500);
}

#[test]
fn rules_mutation() {
    smoke("rules_mutation", 1500);
}

#[test]
fn fen() {
    smoke("fen", 4000);
}

#[test]
fn move_text() {
    smoke("move_text", 3000);
}

#[test]
fn moves_replay() {
    smoke("moves_replay", 2000);
}

#[test]
fn fixture_file() {
    smoke("fixture_file", 2000);
}

#[test]
fn positions() {
    smoke("positions", 3000);
}

/// The index of a variant in `fuzzing::variants()`, as the targets' first byte.
fn index_of(id: &str) -> Option<u8> {
    fuzzing::variants()
        .iter()
        .position(|(v, _)| v == id)
        .map(|i| i as u8)
}

/// Every (rules, FEN) pair in the fixtures and the reference data.
fn known_fens() -> Vec<(String, String)> {
    let mut out = Vec::new();
    let files = rulebench::fixtures::fixture_files(&root().join("fixtures")).unwrap_or_default();
    for file in files {
        if let Ok(f) = rulebench::fixtures::read_file(&file) {
            out.extend(f.case.into_iter().map(|c| (c.rules, c.fen)));
        }
    }
    for name in ["midgame", "oracle-perft", "xiangqi-midgame"] {
        let path = root().join(format!("tests/reference/{name}.toml"));
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let Ok(value) = text.parse::<toml::Table>() else {
            continue;
        };
        for case in value
            .get("case")
            .and_then(|c| c.as_array())
            .into_iter()
            .flatten()
        {
            if let (Some(v), Some(f)) = (
                case.get("variant").and_then(|v| v.as_str()),
                case.get("fen").and_then(|v| v.as_str()),
            ) {
                out.push((v.to_string(), f.to_string()));
            }
        }
    }
    out
}

/// Writes the seed inputs of every target into `fuzz/corpus/<target>/seed-*` (run once when
/// the corpus is made: `cargo test --release --test it fuzz_smoke::write_seeds -- --ignored`).
#[test]
#[ignore]
fn write_seeds() {
    let corpus = root().join("fuzz/corpus");
    let write = |target: &str, n: usize, data: &[u8]| {
        let dir = corpus.join(target);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(format!("seed-{n:04}")), data).unwrap();
    };
    // Rules files: the shipped ones and the broken ones of tests/broken-rules.
    let mut n = 0;
    let mut rules_files: Vec<PathBuf> = Vec::new();
    for dir in ["rules", "rules/house", "tests/broken-rules"] {
        for e in std::fs::read_dir(root().join(dir)).unwrap().flatten() {
            if e.path().extension().is_some_and(|x| x == "toml") {
                rules_files.push(e.path());
            }
        }
    }
    rules_files.sort();
    for path in &rules_files {
        write("rules_bytes", n, &std::fs::read(path).unwrap());
        n += 1;
    }
    // Mutations: each shipped file unchanged, then with one edit of each kind.
    let mut n = 0;
    for file in 0..20u8 {
        write("rules_mutation", n, &[file, 0]);
        n += 1;
        for op in 0..12u8 {
            write("rules_mutation", n, &[file, file, op, 7, 0, 3, 1]);
            n += 1;
        }
    }
    // FENs of the fixtures and the references, under their own variant.
    let mut n = 0;
    for (rules, fen) in known_fens() {
        if let Some(i) = index_of(&rules) {
            let mut data = vec![i];
            data.extend_from_slice(fen.as_bytes());
            write("fen", n, &data);
            n += 1;
        }
    }
    // Move texts: every variant's first moves in every notation, after 0 to 3 plies.
    let mut n = 0;
    for (i, (_, variant)) in fuzzing::variants().iter().enumerate() {
        with_game!(variant, game => {
            for plies in 0..4u8 {
                let mut pos = game.start();
                for _ in 0..plies {
                    let moves = game.legal_moves(&pos);
                    if moves.is_empty() {
                        break;
                    }
                    pos = Game::play(game, &pos, &moves[0]);
                }
                for notation in game.notations() {
                    if let Some((_, text)) = game.moves_in(&pos, notation).first() {
                        let mut data = vec![i as u8, plies];
                        data.extend(std::iter::repeat_n(0, plies as usize));
                        data.push(0);
                        data.extend_from_slice(text.as_bytes());
                        write("move_text", n, &data);
                        n += 1;
                    }
                }
            }
            // A game of legal moves, as choices and as text.
            let mut data = vec![i as u8, 0x81];
            data.extend((0..40u8).map(|k| k.wrapping_mul(37)));
            write("moves_replay", i, &data);
            let mut pos = game.start();
            let mut text = String::new();
            for k in 0..12usize {
                let notated = game.moves_with_notation(&pos);
                if notated.is_empty() {
                    break;
                }
                let (mv, t) = &notated[k * 7 % notated.len()];
                text.push_str(t);
                text.push(' ');
                pos = Game::play(game, &pos, mv);
            }
            let mut data = vec![i as u8, 1];
            data.extend_from_slice(text.as_bytes());
            write("moves_replay", 100 + i, &data);
        });
    }
    // Fixture files: as they are, and each as the base of mutations.
    let files = rulebench::fixtures::fixture_files(&root().join("fixtures")).unwrap();
    for (k, path) in files.iter().enumerate() {
        let mut data = vec![0];
        data.extend(std::fs::read(path).unwrap());
        write("fixture_file", k, &data);
        write("fixture_file", 100 + k, &[1, k as u8, 3, 5, 1]);
    }
    // Positions: a few square sets per variant.
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let plain = fuzzing::variants()
        .iter()
        .filter(|(id, _)| !id.contains('+'))
        .count();
    let mut n = 0;
    for v in 0..plain {
        for side in 0..2u8 {
            for _ in 0..3 {
                let mut data = vec![v as u8, side];
                data.extend((0..40).map(|_| rng.next() as u8));
                write("positions", n, &data);
                n += 1;
            }
        }
    }
}

/// Perft of built draughts positions against `tools/oracle.py`, an independent
/// implementation: `RULEBENCH_ORACLE_FUZZ=N` compares N positions at depth 3 (a tree too big
/// for the oracle is compared at depth 2), both counting conventions; without the variable
/// the test does nothing.
#[test]
fn oracle_sample() {
    let Some(wanted) = std::env::var("RULEBENCH_ORACLE_FUZZ")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
    else {
        eprintln!(
            "SKIPPED: set RULEBENCH_ORACLE_FUZZ=N to compare N positions with tools/oracle.py"
        );
        return;
    };
    let oracle = root().join("tools/oracle.py");
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    let (mut compared, mut nodes, mut per_variant) = (0, 0u128, std::collections::BTreeMap::new());
    let mut failures = Vec::new();
    let started = std::time::Instant::now();
    while compared < wanted {
        let mut data: Vec<u8> = (0..48).map(|_| rng.next() as u8).collect();
        // About one square in four holds a piece: thin the square sets out at random.
        for b in data.iter_mut().skip(2) {
            if rng.below(3) == 0 {
                *b &= 0x77;
            }
        }
        let Some((index, fen)) = fuzzing::build_position(&data) else {
            continue;
        };
        let (id, variant) = &fuzzing::variants()[index];
        if matches!(variant, Variant::Chess(_) | Variant::WideChess(_)) {
            continue;
        }
        let (unique, paths, depth) = with_game!(variant, game => {
            let pos = game.parse_fen(&fen).expect("a built FEN reads");
            let depth = if game.perft(&pos, 2, rulebench::Count::Paths) > 3_000 { 2 } else { 3 };
            (
                game.perft(&pos, depth, rulebench::Count::Unique),
                game.perft(&pos, depth, rulebench::Count::Paths),
                depth,
            )
        });
        let out = std::process::Command::new("python3")
            .arg(&oracle)
            .args(["perft", id, &fen, &depth.to_string(), "--count", "both"])
            .output()
            .expect("python3 runs");
        let text = String::from_utf8_lossy(&out.stdout).trim().to_string();
        let want = format!("unique={unique} paths={paths}");
        if text != want {
            failures.push(format!(
                "{id} {fen} depth {depth}: rulebench {want}, oracle {text} {}",
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        compared += 1;
        nodes += unique;
        *per_variant.entry(id.clone()).or_insert(0) += 1;
    }
    eprintln!(
        "oracle sample: {compared} positions ({per_variant:?}), {nodes} unique leaves, {} \
         disagreements, {:.0} s",
        failures.len(),
        started.elapsed().as_secs_f64()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// What the fuzzer found as overflow panics under debug assertions, which a release build
/// (these tests) would wrap round instead: each must be a located error.
#[test]
fn numbers_too_large_to_hold_are_errors() {
    // A run of empty points of 16 digits in a Xiangqi FEN (wrapped round, it was 3098250807).
    let game = rulebench::load::<rulebench::Chess>("xiangqi").unwrap();
    let e = game
        .parse_fen("R3k4/1R8888888888888887/9/9/9/9/9/9/9/9 b - - 0 1")
        .unwrap_err();
    assert!(e.message.contains("more than 9 points"), "{e}");
    // A board of 2^30 columns of all squares: the square count, 2^32, wrapped round to 0
    // and let the board through (a layout loop of billions of squares).
    let text = std::fs::read_to_string(root().join("rules/turkish.toml")).unwrap();
    for (columns, rows) in [("1073741824", "4"), ("4294967295", "4294967295")] {
        let text = text
            .replace("columns = 8", &format!("columns = {columns}"))
            .replace("rows = 8", &format!("rows = {rows}"));
        let e = rulebench::load::<rulebench::draughts::Rules>(rulebench::rules::RulesSource::text(
            "big.toml", &text,
        ))
        .unwrap_err();
        assert!(e.to_string().contains(columns), "{e}");
        // The message's own product did the same (a panic in debug builds, `has 0
        // squares` in release; found by `rules_mutation`).
        let squares = columns.parse::<u64>().unwrap() * rows.parse::<u64>().unwrap();
        assert!(
            e.to_string().contains(&format!("has {squares} squares")),
            "{e}"
        );
    }
    let text = std::fs::read_to_string(root().join("rules/russian.toml")).unwrap();
    let wide = text.replace("columns = 8", "columns = 4294967294");
    let e = rulebench::load::<rulebench::draughts::Rules>(rulebench::rules::RulesSource::text(
        "big.toml", &wide,
    ))
    .unwrap_err();
    assert!(e.to_string().contains("4294967294"), "{e}");
    // A chess-family board of 16 files and 2^28 ranks: files x ranks wrapped round to 0
    // and passed the 128-point check (found by `rules_mutation`).
    let xiangqi = std::fs::read_to_string(root().join("rules/xiangqi.toml")).unwrap();
    let tall = xiangqi
        .replace("files = 9", "files = 16")
        .replace("ranks = 10", "ranks = 268435456");
    assert_ne!(
        tall, xiangqi,
        "the board keys are where the test expects them"
    );
    let e = rulebench::load::<rulebench::chess::Rules>(rulebench::rules::RulesSource::text(
        "tall.toml",
        &tall,
    ))
    .unwrap_err();
    assert!(e.to_string().contains("16x268435456"), "{e}");
    // 2^31 rows of men: twice that wrapped round to 0 rows and passed the check.
    let many = text.replace("rows_of_men = 3", "rows_of_men = 2147483648");
    let e = rulebench::load::<rulebench::draughts::Rules>(rulebench::rules::RulesSource::text(
        "many.toml",
        &many,
    ))
    .unwrap_err();
    assert!(e.message.contains("do not fit"), "{e}");
}

/// A capture whose text, read leniently, also names an ordinary move with the same ends (a
/// flying king without compulsory capture): its own canonical text names it alone.
#[test]
fn a_capture_and_an_ordinary_move_with_the_same_ends_are_told_apart() {
    let game = rulebench::load::<Variant>("turkish+no-compulsory-capture").unwrap();
    with_game!(&game, game => {
        let pos = game.parse_fen("W:WK2,39,42-45,47-56:B10-17,20-23,27,31:H1:F6").unwrap();
        let capture = game.parse_move(&pos, "b8xh8").unwrap();
        let quiet = game.parse_move(&pos, "b8-h8").unwrap();
        assert_ne!(capture, quiet);
    });
}

/// The bytes of a `rules_mutation` input that sets one line of one shipped file to one value
/// of the vocabulary (edit 3), the indices written as the fuzzer's byte reader reads them (a
/// byte below 256 choices, two bytes little-endian above).
fn setting(file: usize, line: usize, lines: usize, value: usize, values: usize) -> Vec<u8> {
    let mut out = vec![file as u8, 0, 3];
    for (i, n) in [(line, lines), (value, values)] {
        if n <= 256 {
            out.push(i as u8);
        } else {
            out.extend_from_slice(&(i as u16).to_le_bytes());
        }
    }
    out
}

/// The mutations reach a precedence naming all five criteria (the union of the shipped
/// lists): on Frisian, which has the values `most-value` reads, it must load and play (the
/// kernel once held four criteria and panicked on five).
#[test]
fn a_mutation_lists_every_precedence_criterion() {
    let files = fuzzing::mutation_files();
    let file = files
        .iter()
        .position(|(path, _)| path.ends_with("/frisian.toml"))
        .expect("frisian is shipped");
    let text = files[file].1;
    let lines = text.lines().count();
    let line = text
        .lines()
        .position(|l| l.starts_with("precedence"))
        .expect("frisian states its precedence");
    let values = fuzzing::mutation_values();
    let value = values
        .iter()
        .position(|v| {
            v.starts_with('[')
                && [
                    "most-pieces",
                    "most-kings",
                    "most-value",
                    "made-by-king",
                    "king-taken-earliest",
                ]
                .iter()
                .all(|c| v.contains(&format!("\"{c}\"")))
        })
        .expect("the vocabulary lists all five criteria at once");
    assert!(file < 256, "the first byte chooses the file");
    let input = setting(file, line, lines, value, values.len());
    let mutated = fuzzing::mutated_rules(&input);
    assert!(
        mutated.contains(&format!("precedence = {}", values[value])),
        "{mutated}"
    );
    fuzzing::rules_mutation(&input);
}
