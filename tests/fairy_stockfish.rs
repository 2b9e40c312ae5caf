//! Differential test against Debian's `fairy-stockfish` (an independent engine that builds
//! Xiangqi in C++): on random playout positions of xiangqi and minixiangqi, the legal move
//! lists must be equal. Fairy-Stockfish lists the legal moves of a position with `go perft 1`
//! over UCI.
//!
//! `.ci/run` installs the package. Where the binary is missing the test says so and passes,
//! unless `RULEBENCH_REQUIRE_FAIRY_STOCKFISH=1` (set by `.ci/run`), which makes it fail.
//! `RULEBENCH_FAIRY_STOCKFISH=PATH` points at another binary.

use rulebench::{Chess, Game};
use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// Positions compared per variant.
const POSITIONS: usize = 1000;

struct Engine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Engine {
    fn start(path: &str, variant: &str) -> Option<Engine> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let input = child.stdin.take()?;
        let output = BufReader::new(child.stdout.take()?);
        let mut e = Engine {
            child,
            input,
            output,
        };
        e.send(&format!(
            "uci\nsetoption name UCI_Variant value {variant}\nisready"
        ));
        e.read_until("readyok");
        Some(e)
    }

    fn send(&mut self, text: &str) {
        writeln!(self.input, "{text}").unwrap();
        self.input.flush().unwrap();
    }

    fn read_until(&mut self, end: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            assert!(
                self.output.read_line(&mut line).unwrap() > 0,
                "fairy-stockfish stopped"
            );
            let line = line.trim().to_string();
            if line.starts_with(end) {
                return lines;
            }
            lines.push(line);
        }
    }

    /// The legal moves of a position, by `go perft 1`.
    fn moves(&mut self, fen: &str) -> BTreeSet<String> {
        self.send(&format!("position fen {fen}\ngo perft 1"));
        self.read_until("Nodes searched")
            .into_iter()
            .filter_map(|l| l.split_once(':').map(|(m, _)| m.trim().to_string()))
            .filter(|m| !m.is_empty() && !m.contains(' '))
            .collect()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.child.wait();
    }
}

/// A small deterministic generator (xorshift), so that failures reproduce.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Random playout positions: games of random length from the start, every position kept.
fn positions(game: &Chess, count: usize, seed: u64) -> Vec<rulebench::chess::Position> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = game.start();
        let plies = 20 + rng.below(120);
        for _ in 0..plies {
            let moves = game.legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            pos = game.perft_child(&pos, &moves[rng.below(moves.len())]);
            if rng.below(4) == 0 {
                out.push(pos);
            }
        }
        out.push(pos);
    }
    out.truncate(count);
    out
}

fn binary() -> Option<String> {
    let path =
        std::env::var("RULEBENCH_FAIRY_STOCKFISH").unwrap_or("/usr/games/fairy-stockfish".into());
    if std::path::Path::new(&path).is_file() {
        return Some(path);
    }
    let required = std::env::var("RULEBENCH_REQUIRE_FAIRY_STOCKFISH").is_ok_and(|v| v == "1");
    assert!(
        !required,
        "fairy-stockfish is required (RULEBENCH_REQUIRE_FAIRY_STOCKFISH=1) but {path} is missing"
    );
    eprintln!(
        "SKIPPED: {path} not found; install Debian's fairy-stockfish (or set \
         RULEBENCH_FAIRY_STOCKFISH) to compare move lists"
    );
    None
}

fn compare(variant: &str, seed: u64) {
    let Some(path) = binary() else {
        return;
    };
    let game = Chess::load(variant).unwrap();
    let mut engine = Engine::start(&path, variant).expect("fairy-stockfish starts");
    let mut checks = 0;
    let mut in_check = 0;
    for pos in positions(&game, POSITIONS, seed) {
        let fen = game.fen(&pos);
        let ours: BTreeSet<String> = game
            .moves_with_notation(&pos)
            .into_iter()
            .map(|(_, t)| t)
            .collect();
        let theirs = engine.moves(&fen);
        assert_eq!(
            ours,
            theirs,
            "{variant} {fen}: only ours {:?}, only fairy-stockfish's {:?}",
            ours.difference(&theirs).collect::<Vec<_>>(),
            theirs.difference(&ours).collect::<Vec<_>>()
        );
        checks += 1;
        in_check += game.rules().engine.in_check(&pos) as usize;
    }
    assert_eq!(checks, POSITIONS);
    // The sample must reach the positions that matter: some with the side to move in check.
    assert!(
        in_check > 10,
        "{variant}: only {in_check} positions in check"
    );
}

#[test]
fn xiangqi_move_lists_equal_fairy_stockfish() {
    compare("xiangqi", 0x5EED_0001);
}

#[test]
fn minixiangqi_move_lists_equal_fairy_stockfish() {
    compare("minixiangqi", 0x5EED_0002);
}
