//! Differential tests of the chess family against engines other people wrote: on random
//! playout positions of every shipped variant, the legal move lists must be equal.
//!
//! - Debian's `fairy-stockfish` (11.1; UCI `position fen`, `go perft 1`, `UCI_Variant`,
//!   `UCI_Chess960`) for every shipped variant it knows: 1,000 positions each.
//! - PyPI's `pyffish` (Fairy-Stockfish's Python binding, a newer build) for the variants the
//!   Debian build lacks (`nightrider`, `grasshopper`), and for `chigorin`, whose promotion lists
//!   differ by side in docs/games/chess.md#chigorin-chess and in current Fairy-Stockfish but
//!   not in 11.1.
//! - PyPI's `chess` (python-chess, an independent implementation) for chess and Chess960:
//!   2,000 positions each, the playouts steered toward pawn moves so that en passant, castling
//!   rights and promotions occur (the sample is checked to contain each).
//! - The games that end differently (king of the hill, racing kings, three-check, horde,
//!   antichess, giveaway): 1,000 positions each against pyffish, against Debian's
//!   fairy-stockfish (but racing kings: 11.1 still gives a reply after any arrival on the eighth
//!   rank, and miscounts Fairy-Stockfish's own published racing-kings perft), and against
//!   python-chess's `chess.variant` (but giveaway, which it does not have); games played to
//!   their end are among the positions (a game already won has no moves in all three).
//!
//! `.ci/run` installs `fairy-stockfish` and a venv with `chess` and `pyffish`, and then requires
//! the comparisons (`RULEBENCH_REQUIRE_FAIRY_STOCKFISH=1`, `RULEBENCH_PYTHON=<venv python>`,
//! `RULEBENCH_REQUIRE_PYTHON_ENGINES=1`). Without them each test prints `SKIPPED` and passes.

use rulebench::chess::bitboard::Set;
use rulebench::chess::{Chess, Move, Position};
use rulebench::{Game, Variant};
use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// A small deterministic generator (xorshift), so that failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// An engine that answers one position at a time.
trait Oracle {
    fn moves(&mut self, fen: &str) -> BTreeSet<String>;
}

/// A UCI engine process.
struct Uci {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Uci {
    fn start(path: &str, options: &[(&str, &str)]) -> Option<Uci> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let input = child.stdin.take()?;
        let output = BufReader::new(child.stdout.take()?);
        let mut e = Uci {
            child,
            input,
            output,
        };
        e.send("uci");
        for (name, value) in options {
            e.send(&format!("setoption name {name} value {value}"));
        }
        e.send("isready");
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
                "the engine stopped"
            );
            let line = line.trim().to_string();
            if line.starts_with(end) {
                return lines;
            }
            lines.push(line);
        }
    }
}

impl Oracle for Uci {
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

/// Fairy-Stockfish generates a pawn drop that checkmates at once (and scores it as a loss for
/// the side that drops); shogi's rules forbid it (docs/games/chess.md#shogi). This oracle asks
/// the engine, for each pawn drop it lists, whether the other side then has no legal move while
/// in check (`d`'s `Checkers:` line), and leaves those out.
struct WithoutPawnDropMate(Uci);

impl Oracle for WithoutPawnDropMate {
    fn moves(&mut self, fen: &str) -> BTreeSet<String> {
        let all = self.0.moves(fen);
        all.into_iter()
            .filter(|m| {
                if !m.starts_with("P@") {
                    return true;
                }
                let e = &mut self.0;
                e.send(&format!("position fen {fen} moves {m}\ngo perft 1"));
                let answers = e.read_until("Nodes searched");
                let replies = answers.iter().filter(|l| l.contains(':')).count();
                if replies > 0 {
                    return true;
                }
                e.send("d\nisready");
                let shown = e.read_until("readyok");
                let in_check = shown.iter().any(|l| {
                    l.strip_prefix("Checkers:")
                        .is_some_and(|rest| !rest.trim().is_empty())
                });
                !in_check
            })
            .collect()
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.child.wait();
    }
}

/// `tools/legal_moves.py` over python-chess or pyffish.
struct Python {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    variant: String,
    chess960: bool,
}

impl Oracle for Python {
    fn moves(&mut self, fen: &str) -> BTreeSet<String> {
        let flag = if self.chess960 { 1 } else { 0 };
        writeln!(self.input, "{}\t{flag}\t{fen}", self.variant).unwrap();
        self.input.flush().unwrap();
        let mut line = String::new();
        assert!(
            self.output.read_line(&mut line).unwrap() > 0,
            "python stopped"
        );
        line.split_whitespace().map(str::to_string).collect()
    }
}

impl Drop for Python {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn required(var: &str) -> bool {
    std::env::var(var).is_ok_and(|v| v == "1")
}

fn fairy_stockfish() -> Option<String> {
    let path =
        std::env::var("RULEBENCH_FAIRY_STOCKFISH").unwrap_or("/usr/games/fairy-stockfish".into());
    if std::path::Path::new(&path).is_file() {
        return Some(path);
    }
    assert!(
        !required("RULEBENCH_REQUIRE_FAIRY_STOCKFISH"),
        "fairy-stockfish is required (RULEBENCH_REQUIRE_FAIRY_STOCKFISH=1) but {path} is missing"
    );
    eprintln!(
        "SKIPPED: {path} not found; install Debian's fairy-stockfish (or set \
         RULEBENCH_FAIRY_STOCKFISH) to compare move lists"
    );
    None
}

/// `tools/legal_moves.py` with `engine` (`chess` or `pyffish`), if its Python module is there.
/// The Python the comparisons run: `RULEBENCH_PYTHON`, else `python3`.
fn python_path() -> String {
    std::env::var("RULEBENCH_PYTHON").unwrap_or("python3".into())
}

fn python(engine: &str, variant: &str, chess960: bool) -> Option<Python> {
    let python = python_path();
    let module = if engine == "chess" {
        "chess"
    } else {
        "pyffish"
    };
    let found = Command::new(&python)
        .args(["-c", &format!("import {module}")])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !found {
        assert!(
            !required("RULEBENCH_REQUIRE_PYTHON_ENGINES"),
            "PyPI's {module} is required (RULEBENCH_REQUIRE_PYTHON_ENGINES=1) but `{python} -c 'import {module}'` fails"
        );
        eprintln!(
            "SKIPPED: {python} has no `{module}`; `pip install chess pyffish` (or set \
             RULEBENCH_PYTHON to a Python that has them) to compare move lists"
        );
        return None;
    }
    let script = format!("{}/tools/legal_moves.py", env!("CARGO_MANIFEST_DIR"));
    let mut child = Command::new(&python)
        .args([script.as_str(), engine])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .ok()?;
    let input = child.stdin.take()?;
    let output = BufReader::new(child.stdout.take()?);
    Some(Python {
        child,
        input,
        output,
        variant: variant.into(),
        chess960,
    })
}

/// A Chess960 start position (bishops on squares of opposite colours, the king between the
/// rooks), Black mirroring White, chosen by `n` (0..960).
fn chess960_start(mut n: usize) -> String {
    let mut rank = [' '; 8];
    let light = [1, 3, 5, 7][n % 4];
    n /= 4;
    let dark = [0, 2, 4, 6][n % 4];
    n /= 4;
    rank[light] = 'b';
    rank[dark] = 'b';
    let free = |rank: &[char; 8]| -> Vec<usize> { (0..8).filter(|&i| rank[i] == ' ').collect() };
    let q = free(&rank)[n % 6];
    n /= 6;
    rank[q] = 'q';
    let pairs = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let (a, b) = pairs[n % 10];
    let f = free(&rank);
    rank[f[a]] = 'n';
    rank[f[b]] = 'n';
    let f = free(&rank);
    rank[f[0]] = 'r';
    rank[f[1]] = 'k';
    rank[f[2]] = 'r';
    let black: String = rank.iter().collect();
    let white = black.to_uppercase();
    format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1")
}

/// What the sample of positions held.
#[derive(Default, Debug)]
struct Seen {
    drops: usize,
    in_check: usize,
    en_passant: usize,
    castling: usize,
    promotions: usize,
    /// Positions with no legal move (games ended, by any rule).
    ended: usize,
    /// Positions where the royal pieces face each other on an open file (Janggi's bikjang).
    facing: usize,
}

/// Asserts that our moves at `fen` are `theirs` (`who`: whose they are), naming the difference.
fn same_moves(id: &str, fen: &str, ours: &BTreeSet<String>, theirs: &BTreeSet<String>, who: &str) {
    assert_eq!(
        ours,
        theirs,
        "{id} {fen}: only ours {:?}, only {who} {:?}",
        ours.difference(theirs).collect::<Vec<_>>(),
        theirs.difference(ours).collect::<Vec<_>>()
    );
}

/// Random playout positions: games of random length from the start (from random Chess960
/// starts when `chess960`), every few positions kept; with `steer`, pawn moves are preferred so
/// that en passant and promotions come up; in the games that end otherwise than by checkmate,
/// moves that end the game too.
fn positions<B: Set>(
    game: &Chess<B>,
    count: usize,
    seed: u64,
    chess960: bool,
    steer: bool,
) -> Vec<Position<B>> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = if chess960 {
            game.parse_fen(&chess960_start(rng.below(960))).unwrap()
        } else {
            game.start()
        };
        let plies = 10 + rng.below(140);
        for _ in 0..plies {
            let moves = game.legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            let pawnish: Vec<&Move> = moves
                .iter()
                .filter(|m| {
                    m.promotion().is_some()
                        || matches!(m, Move::EnPassant { .. })
                        || game.rules().pieces[m.mover(&pos) as usize]
                            .promotion
                            .is_some()
                })
                .collect();
            // Where the rules end games otherwise than by checkmate, a move that ends the game
            // is played half the time there is one, so that ended games come up (a king
            // reaching its region by a random walk is rare).
            let finishing = if game.engine().ends.is_some() && rng.below(2) == 0 {
                moves
                    .iter()
                    .copied()
                    .find(|m| game.legal_moves(&game.play(&pos, m)).is_empty())
            } else {
                None
            };
            // And where a piece reaching a region wins, it walks toward it a third of the time.
            let toward = game.engine().ends.and_then(|e| e.flag).and_then(|flag| {
                let b = &game.engine().board;
                let side = pos.side as usize;
                let distance = |p: u32| {
                    let (f, r) = b.coordinates(p);
                    flag.region[side]
                        .squares()
                        .map(|q| {
                            let (g, s) = b.coordinates(q);
                            f.abs_diff(g).max(r.abs_diff(s))
                        })
                        .min()
                        .unwrap_or(0)
                };
                let closer: Vec<&Move> = moves
                    .iter()
                    .filter(|m| {
                        flag.kinds >> m.mover(&pos) & 1 != 0
                            && distance(m.to()) < distance(m.from())
                    })
                    .collect();
                (!closer.is_empty() && rng.below(3) == 0).then(|| *closer[rng.below(closer.len())])
            });
            let mv = if let Some(mv) = finishing.or(toward) {
                mv
            } else if steer && !pawnish.is_empty() && rng.below(3) == 0 {
                *pawnish[rng.below(pawnish.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            pos = game.play(&pos, &mv);
            // Every position where en passant is possible is kept: they are rare.
            if rng.below(3) == 0 || !pos.ep.is_empty() {
                out.push(as_a_fen_says(pos));
            }
        }
        out.push(as_a_fen_says(pos));
    }
    out.truncate(count);
    out
}

/// The position as its FEN states it: a FEN does not say whether passes were just played
/// (Janggi), so the other engine, given the FEN, knows of none.
fn as_a_fen_says<B: Set>(mut pos: Position<B>) -> Position<B> {
    pos.passes = 0;
    pos
}

/// Compares our legal moves with `oracle`'s on `count` positions.
fn compare<B: Set>(
    game: &Chess<B>,
    oracle: &mut dyn Oracle,
    count: usize,
    seed: u64,
    chess960: bool,
    steer: bool,
) -> Seen {
    let mut seen = Seen::default();
    for pos in positions(game, count, seed, chess960, steer) {
        let fen = game.fen(&pos);
        let legal = game.legal_moves(&pos);
        let ours: BTreeSet<String> = legal.iter().map(|m| game.coordinates(*m, 1)).collect();
        assert_eq!(ours.len(), legal.len(), "{fen}: two moves with one text");
        same_moves(
            game.id(),
            &fen,
            &ours,
            &oracle.moves(&fen),
            "the other engine's",
        );
        seen.in_check += game.engine().in_check(&pos) as usize;
        seen.en_passant += legal.iter().any(|m| matches!(m, Move::EnPassant { .. })) as usize;
        seen.castling += !pos.castling.is_empty() as usize;
        seen.promotions += legal.iter().any(|m| m.promotion().is_some()) as usize;
        seen.ended += legal.is_empty() as usize;
        seen.facing += game.engine().royals_face(&pos) as usize;
        seen.drops += legal.iter().any(|m| m.dropped().is_some()) as usize;
    }
    seen
}

/// Runs `f` with the shipped variant `id`, whatever its width.
fn with_chess<R>(
    id: &str,
    f: impl FnOnce(&dyn Fn(&mut dyn Oracle, usize, u64, bool, bool) -> Seen) -> R,
) -> R {
    match rulebench::load::<Variant>(id).unwrap() {
        Variant::Chess(g) => f(&|o, n, s, c, st| compare(&*g, o, n, s, c, st)),
        Variant::WideChess(g) => f(&|o, n, s, c, st| compare(&*g, o, n, s, c, st)),
        _ => panic!("{id} is not of the chess family"),
    }
}

/// Every shipped variant that Debian's fairy-stockfish knows, under its own name.
const FAIRY_STOCKFISH_VARIANTS: &[&str] = &[
    "xiangqi",
    "minixiangqi",
    "chess",
    "makruk",
    "asean",
    "ai-wok",
    "shatranj",
    "courier",
    "capablanca",
    "gothic",
    "embassy",
    "janus",
    "modern",
    "chancellor",
    "losalamos",
    "amazon",
    "almost",
    "knightmate",
    "hoppelpoppel",
    "newzealand",
];

#[test]
fn move_lists_equal_fairy_stockfish() {
    let Some(path) = fairy_stockfish() else {
        return;
    };
    for (i, &variant) in FAIRY_STOCKFISH_VARIANTS.iter().enumerate() {
        let mut engine = Uci::start(&path, &[("UCI_Variant", variant)]).expect("it starts");
        let seen = with_chess(variant, |run| {
            run(&mut engine, 1000, 0x5EED_0001 + i as u64, false, false)
        });
        // The sample must reach the positions that matter: some with the side to move in check.
        assert!(
            seen.in_check > 10,
            "{variant}: only {} positions in check",
            seen.in_check
        );
    }
}

#[test]
fn chess960_move_lists_equal_fairy_stockfish() {
    let Some(path) = fairy_stockfish() else {
        return;
    };
    let mut engine = Uci::start(&path, &[("UCI_Variant", "chess"), ("UCI_Chess960", "true")])
        .expect("it starts");
    let seen = with_chess("chess960", |run| run(&mut engine, 1000, 0x960, true, false));
    assert!(seen.castling > 100, "{seen:?}");
}

#[test]
fn move_lists_equal_pyffish() {
    for (i, variant) in ["nightrider", "grasshopper", "chigorin"].iter().enumerate() {
        let Some(mut engine) = python("pyffish", variant, false) else {
            return;
        };
        let seen = with_chess(variant, |run| {
            run(&mut engine, 1000, 0xF1F1 + i as u64, false, true)
        });
        assert!(seen.in_check > 10, "{variant}: {seen:?}");
        assert!(seen.promotions > 5, "{variant}: {seen:?}");
    }
}

/// The files written from Fairy-Stockfish's current definitions, against pyffish 0.0.90 (which
/// has them all; Debian's fairy-stockfish 11.1 lacks half of them): 300 positions each.
const PYFFISH_VARIANTS: &[&str] = &[
    "5check",
    "berolina",
    "capahouse",
    "centaur",
    "chaturanga",
    "chessgi",
    "codrus",
    "gardner",
    "georgian",
    "kinglet",
    "legan",
    "loop",
    "losers",
    "misere",
    "nocastle",
    "paradigm",
    "pawnback",
    "pawnsideways",
    "perfect",
    "raazuvaa",
    "sortofalmost",
    "torpedo",
    "tencubed",
    "wolf",
    "shako",
    "euroshogi",
    "judkins",
    "gorogoro",
    "yarishogi",
    "checkshogi",
    "okisakishogi",
    "manchu",
    "clobber",
    "clobber10",
    "breakthrough",
    "fox-and-hounds",
    "armageddon",
    "makpong",
    "bughouse",
    "supply",
    "gustav3",
    "omicron",
    "troitzky",
];

/// What the sample of a newer variant must hold: some positions in check or ended.
fn enough_checks_or_ends(variant: &str, seen: &Seen) {
    assert!(seen.in_check + seen.ended >= 3, "{variant}: {seen:?}");
}

#[test]
fn move_lists_of_the_newer_variants_equal_pyffish() {
    let variants = PYFFISH_VARIANTS.iter().copied();
    against_python("pyffish", variants, 300, 0xF2F2, enough_checks_or_ends);
}

/// Janggi by its four rule sets: a pass is always there (no game ends in a random walk), so
/// the sample must hold checks and facing generals (bikjang) instead.
#[test]
fn janggi_move_lists_equal_pyffish() {
    let variants = [
        "janggi",
        "janggitraditional",
        "janggimodern",
        "janggicasual",
    ];
    against_python(
        "pyffish",
        variants.into_iter(),
        300,
        0x1A66,
        |variant, seen| {
            assert!(
                seen.in_check >= 1 && seen.facing >= 1,
                "{variant}: {seen:?}"
            );
        },
    );
}

#[test]
fn chess_move_lists_equal_python_chess() {
    for (variant, chess960) in [("chess", false), ("chess960", true)] {
        let Some(mut engine) = python("chess", variant, chess960) else {
            return;
        };
        let seen = with_chess(variant, |run| {
            run(&mut engine, 2000, 0xC4E55, chess960, true)
        });
        // Chosen to include en passant, castling rights and promotions.
        assert!(seen.en_passant >= 10, "{variant}: {seen:?}");
        assert!(seen.castling >= 200, "{variant}: {seen:?}");
        assert!(seen.promotions >= 20, "{variant}: {seen:?}");
        assert!(seen.in_check >= 50, "{variant}: {seen:?}");
    }
}

/// The games that end otherwise than by checkmate, with whether Debian's fairy-stockfish and
/// python-chess play them as Fairy-Stockfish's published counts do.
const ENDING_VARIANTS: &[(&str, bool, bool)] = &[
    ("kingofthehill", true, true),
    ("racingkings", false, true),
    ("3check", true, true),
    ("horde", true, true),
    ("antichess", true, true),
    ("giveaway", true, false),
    ("extinction", true, false),
    ("threekings", true, false),
    ("suicide", true, false),
    ("atomic", false, true),
    ("nocheckatomic", false, false),
    ("atomar", false, false),
    ("dobutsu", false, false),
    ("jesonmor", true, false),
];

/// What the sample of `variant` must hold for the comparison to mean something.
fn enough_of_each(variant: &str, seen: &Seen) {
    assert!(
        seen.ended >= 5,
        "{variant}: only {} ended games: {seen:?}",
        seen.ended
    );
    match variant {
        "kingofthehill" | "3check" | "horde" => {
            assert!(seen.in_check > 10, "{variant}: {seen:?}");
            assert!(seen.promotions > 5, "{variant}: {seen:?}");
        }
        "antichess" | "giveaway" | "suicide" | "extinction" | "threekings" => {
            assert!(seen.promotions >= 3, "{variant}: {seen:?}")
        }
        _ => {}
    }
    if variant == "atomic" {
        // Games end within a few captures: few promotions, but checks and blasts by en
        // passant.
        assert!(seen.in_check > 10, "{variant}: {seen:?}");
        assert!(seen.en_passant > 5, "{variant}: {seen:?}");
    }
    if variant == "horde" {
        assert!(seen.en_passant > 5, "{variant}: {seen:?}");
    }
}

#[test]
fn ending_variants_equal_fairy_stockfish() {
    let Some(path) = fairy_stockfish() else {
        return;
    };
    for (i, &(variant, debian_build, _)) in ENDING_VARIANTS.iter().enumerate() {
        if !debian_build {
            continue;
        }
        let mut engine = Uci::start(&path, &[("UCI_Variant", variant)]).expect("it starts");
        let seen = with_chess(variant, |run| {
            run(&mut engine, 1000, 0xE4D5_0001 + i as u64, false, true)
        });
        enough_of_each(variant, &seen);
    }
}

/// Each of `variants` (steered playouts from the start, `count` positions, the first seed
/// `seed`) against `tools/legal_moves.py` over PyPI's `module`, the sample then checked by
/// `enough`; skipped (or failed, where required) when the module is missing.
fn against_python<'a>(
    module: &str,
    variants: impl Iterator<Item = &'a str>,
    count: usize,
    seed: u64,
    enough: fn(&str, &Seen),
) {
    for (i, variant) in variants.enumerate() {
        let Some(mut engine) = python(module, variant, false) else {
            return;
        };
        let seen = with_chess(variant, |run| {
            run(&mut engine, count, seed + i as u64, false, true)
        });
        enough(variant, &seen);
    }
}

#[test]
fn ending_variants_equal_pyffish() {
    let variants = ENDING_VARIANTS.iter().map(|v| v.0);
    against_python("pyffish", variants, 1000, 0xE4D5_1001, enough_of_each);
}

#[test]
fn ending_variants_equal_python_chess() {
    let variants = ENDING_VARIANTS.iter().filter(|v| v.2).map(|v| v.0);
    against_python("chess", variants, 1000, 0xE4D5_2001, enough_of_each);
}

/// The games with drops: (id, Debian's fairy-stockfish plays it, python-chess plays it, a
/// pawn drop may not checkmate).
const DROP_VARIANTS: &[(&str, bool, bool, bool)] = &[
    ("crazyhouse", true, true, false),
    ("minishogi", true, false, true),
    ("shogi", true, false, true),
    ("pocketknight", true, false, false),
    ("dragon", false, false, false),
];

/// What the sample of a drop variant must hold for the comparison to mean something.
fn enough_drops(variant: &str, seen: &Seen) {
    // Where the hands hold only the start's one piece a side, fewer positions offer a drop.
    let least = if matches!(variant, "pocketknight" | "dragon") {
        20
    } else {
        100
    };
    assert!(seen.drops > least, "{variant}: {seen:?}");
    assert!(seen.in_check > 3, "{variant}: {seen:?}");
    assert!(seen.promotions > 5, "{variant}: {seen:?}");
}

#[test]
fn drop_variants_equal_fairy_stockfish() {
    let Some(path) = fairy_stockfish() else {
        return;
    };
    for (i, &(variant, debian_build, _, no_pawn_drop_mate)) in DROP_VARIANTS.iter().enumerate() {
        if !debian_build {
            continue;
        }
        let mut engine = Uci::start(&path, &[("UCI_Variant", variant)]).expect("it starts");
        let seed = 0xD209_0001 + i as u64;
        let seen = if no_pawn_drop_mate {
            let mut engine = WithoutPawnDropMate(engine);
            with_chess(variant, |run| run(&mut engine, 600, seed, false, true))
        } else {
            with_chess(variant, |run| run(&mut engine, 600, seed, false, true))
        };
        enough_drops(variant, &seen);
    }
}

#[test]
fn drop_variants_equal_pyffish() {
    let variants = DROP_VARIANTS.iter().map(|v| v.0);
    against_python("pyffish", variants, 600, 0xD209_1001, enough_drops);
}

#[test]
fn drop_variants_equal_python_chess() {
    let variants = DROP_VARIANTS.iter().filter(|v| v.2).map(|v| v.0);
    against_python("chess", variants, 600, 0xD209_2001, enough_drops);
}

/// Reads `count` positions as pyffish writes them (`tools/legal_moves.py playouts`: random
/// games from pyffish's start, FENs by `pyffish.get_fen`) and compares our legal moves there
/// with pyffish's.
fn read_pyffish_fens<B: Set>(game: &Chess<B>, python: &str, count: usize, seed: u64) -> usize {
    let script = format!("{}/tools/legal_moves.py", env!("CARGO_MANIFEST_DIR"));
    let out = Command::new(python)
        .args([
            script.as_str(),
            "playouts",
            game.id(),
            &count.to_string(),
            &seed.to_string(),
        ])
        .output()
        .expect("the playouts run");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let mut read = 0;
    for line in text.lines() {
        let (fen, theirs) = line.split_once('\t').expect("FEN<TAB>MOVES");
        let pos = game
            .parse_fen(fen)
            .unwrap_or_else(|e| panic!("{}: pyffish's FEN {fen} refused: {e}", game.id()));
        let ours: BTreeSet<String> = game
            .legal_moves(&pos)
            .iter()
            .map(|m| game.coordinates(*m, 1))
            .collect();
        let theirs: BTreeSet<String> = theirs.split_whitespace().map(String::from).collect();
        same_moves(game.id(), fen, &ours, &theirs, "pyffish's");
        read += 1;
    }
    read
}

/// Every shipped file that pyffish plays under the same id reads every FEN as pyffish writes
/// it (its shogi's FEN without castling and en-passant fields, its en-passant lists such as
/// Berolina's `c5d6`, hands as `[-]`), and finds pyffish's moves there: 40 positions each.
#[test]
fn pyffish_fens_are_read() {
    let Some(_probe) = python("pyffish", "chess", false) else {
        return;
    };
    let python = python_path();
    let listed = Command::new(&python)
        .args(["-c", "import pyffish; print(' '.join(pyffish.variants()))"])
        .output()
        .expect("pyffish lists its variants");
    let known: BTreeSet<String> = String::from_utf8(listed.stdout)
        .unwrap()
        .split_whitespace()
        .map(String::from)
        .collect();
    let mut compared = 0;
    for (i, id) in rulebench::rules::shipped_of(rulebench::rules::Family::Chess)
        .iter()
        .enumerate()
        .filter(|(_, id)| known.contains(*id))
    {
        let n = match rulebench::load::<Variant>(id).unwrap() {
            Variant::Chess(g) => read_pyffish_fens(&*g, &python, 40, 0xFE7 + i as u64),
            Variant::WideChess(g) => read_pyffish_fens(&*g, &python, 40, 0xFE7 + i as u64),
            _ => unreachable!("{id} is of the chess family"),
        };
        assert_eq!(n, 40, "{id}");
        compared += 1;
    }
    assert!(
        compared >= 50,
        "only {compared} shipped files are pyffish's"
    );
}
