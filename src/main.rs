//! The `rulebench` command line: perft, divide, moves, outcome and rules checking.

use clap::{Parser, Subcommand, ValueEnum};
use miette::{IntoDiagnostic, Result};
use rulebench::{Count, Draughts, Game, Outcome, PerftOptions, Position};
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

/// Board-game rules as data: perft, divide and legal moves for draughts variants.
#[derive(Parser)]
#[command(name = "rulebench", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum)]
enum CountArg {
    /// Same from, to and captured set = one move.
    Unique,
    /// Every distinct jump sequence.
    Paths,
}

impl From<CountArg> for Count {
    fn from(c: CountArg) -> Count {
        match c {
            CountArg::Unique => Count::Unique,
            CountArg::Paths => Count::Paths,
        }
    }
}

#[derive(Subcommand)]
enum Command {
    /// Counts the leaf nodes of the move tree.
    Perft {
        #[command(flatten)]
        tree: TreeArgs,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Perft of each legal move: `MOVE: N` lines, a blank line, `Nodes searched: N`.
    Divide {
        #[command(flatten)]
        tree: TreeArgs,
    },
    /// Lists the legal moves, one per line.
    Moves {
        /// A shipped variant id, a path to a .toml file, either followed by `+house-rule`.
        rules: String,
        /// The position (default: the start position).
        #[arg(long)]
        fen: Option<String>,
        /// Print a JSON list of moves.
        #[arg(long)]
        json: bool,
    },
    /// Says how the game stands: win, loss, draw or ongoing, with the reason.
    Outcome {
        /// A shipped variant id, a path to a .toml file, either followed by `+house-rule`.
        rules: String,
        /// The position (default: the start position).
        #[arg(long)]
        fen: Option<String>,
    },
    /// Checks a rules file (by building its start position) and prints what it compiles to.
    Check {
        /// A shipped variant id, a path to a .toml file, either followed by `+house-rule`.
        rules: String,
    },
    /// Runs rule-edge fixtures: every case below the paths (default `fixtures/`).
    Fixtures {
        /// Files or directories of fixture files.
        paths: Vec<std::path::PathBuf>,
    },
    /// Lists the shipped variants and house rules.
    List,
}

/// What perft and divide search: rules, position, depth, counting, threads and hash.
#[derive(clap::Args)]
struct TreeArgs {
    /// A shipped variant id, a path to a .toml file, either followed by `+house-rule`.
    rules: String,
    /// Plies to search.
    #[arg(long, short)]
    depth: u32,
    /// Start from this PDN FEN instead of the start position.
    #[arg(long)]
    fen: Option<String>,
    /// What counts as one move.
    #[arg(long, value_enum, default_value = "unique")]
    count: CountArg,
    #[command(flatten)]
    search: SearchArgs,
}

/// Threads and hash of a search.
#[derive(clap::Args)]
struct SearchArgs {
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Transposition table size in MiB (0: none). Entries store the whole position, so a
    /// hash collision never changes a count.
    #[arg(long, default_value_t = 0)]
    hash: usize,
}

impl SearchArgs {
    fn threads(&self) -> Result<usize> {
        match self.threads {
            Some(0) => Err(miette::miette!("--threads must be at least 1")),
            Some(n) if n > 1024 => Err(miette::miette!("--threads {n} is more than 1024")),
            Some(n) => Ok(n),
            None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
        }
    }

    fn hash_mb(&self) -> Result<usize> {
        let total = memory_mb();
        if self.hash > total / 2 {
            return Err(miette::miette!(
                help = format!("this machine has about {total} MiB; use at most half"),
                "--hash {} MiB is more than half of the memory",
                self.hash
            ));
        }
        Ok(self.hash)
    }
}

/// Physical memory in MiB (from /proc/meminfo; a generous guess elsewhere).
fn memory_mb() -> usize {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|t| {
            t.lines()
                .find(|l| l.starts_with("MemTotal:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<usize>().ok())
        })
        .map_or(1 << 20, |kb| kb / 1024)
}

/// A progress bar on stderr, shown only when stderr is a terminal and the search has run for
/// about a second.
struct Progress {
    bar: indicatif::ProgressBar,
    started: Instant,
    shown: std::sync::atomic::AtomicBool,
    terminal: bool,
}

impl Progress {
    fn new() -> Progress {
        use std::io::IsTerminal;
        let bar = indicatif::ProgressBar::hidden();
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{spinner} perft [{elapsed_precise}] {wide_bar} {pos}/{len} subtrees (eta {eta})",
            )
            .expect("a valid template"),
        );
        Progress {
            bar,
            started: Instant::now(),
            shown: false.into(),
            terminal: std::io::stderr().is_terminal(),
        }
    }

    fn update(&self, done: u64, total: u64) {
        use std::sync::atomic::Ordering;
        self.bar.set_length(total);
        self.bar.set_position(done);
        if self.terminal
            && self.started.elapsed().as_secs_f64() > 1.0
            && !self.shown.swap(true, Ordering::Relaxed)
        {
            self.bar
                .set_draw_target(indicatif::ProgressDrawTarget::stderr());
            self.bar
                .enable_steady_tick(std::time::Duration::from_millis(200));
        }
    }

    fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

fn load(rules: &str, fen: Option<&str>) -> Result<(Draughts, Position)> {
    let game = Draughts::load(rules)?;
    let pos = match fen {
        Some(f) => game.parse_fen(f)?,
        None => game.start(),
    };
    Ok((game, pos))
}

fn check_depth(depth: u32) -> Result<()> {
    // The board holds at most 64 squares; nothing deeper than this finishes anyway.
    if depth > 64 {
        return Err(miette::miette!(
            help = "perft depths beyond about 20 take days; 64 is the hard limit",
            "depth {depth} is too deep"
        ));
    }
    Ok(())
}

fn run(cli: Cli) -> Result<()> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match cli.command {
        Command::Perft {
            tree:
                TreeArgs {
                    rules,
                    depth,
                    fen,
                    count,
                    search,
                },
            json,
        } => {
            check_depth(depth)?;
            let (game, pos) = load(&rules, fen.as_deref())?;
            let (threads, hash_mb) = (search.threads()?, search.hash_mb()?);
            let progress = Progress::new();
            let update = |done, total| progress.update(done, total);
            let options = PerftOptions {
                threads,
                hash_mb,
                progress: Some(&update),
            };
            let started = Instant::now();
            let nodes = game.perft_with(&pos, depth, count.into(), &options);
            let seconds = started.elapsed().as_secs_f64();
            progress.finish();
            let count_name = match count {
                CountArg::Unique => "unique",
                CountArg::Paths => "paths",
            };
            if json {
                let value = serde_json::json!({
                    "variant": game.id(),
                    "fen": game.fen(&pos),
                    "depth": depth,
                    "count": count_name,
                    "nodes": nodes.to_string().parse::<serde_json::Number>().into_diagnostic()?,
                    "seconds": seconds,
                    "threads": threads,
                    "hash_mb": hash_mb,
                    "nodes_per_second": (nodes as f64 / seconds.max(1e-9)).round(),
                });
                writeln!(out, "{value}").into_diagnostic()?;
            } else {
                writeln!(out, "{nodes}").into_diagnostic()?;
                eprintln!(
                    "perft {depth} ({count_name}) of {}: {nodes} nodes in {seconds:.3} s ({:.1} Mnps, {threads} thread{}, hash {hash_mb} MiB)",
                    game.id(),
                    nodes as f64 / seconds.max(1e-9) / 1e6,
                    if threads == 1 { "" } else { "s" }
                );
            }
        }
        Command::Divide {
            tree:
                TreeArgs {
                    rules,
                    depth,
                    fen,
                    count,
                    search,
                },
        } => {
            check_depth(depth)?;
            if depth == 0 {
                return Err(miette::miette!("divide needs a depth of at least 1"));
            }
            let (game, pos) = load(&rules, fen.as_deref())?;
            let options = PerftOptions {
                threads: search.threads()?,
                hash_mb: search.hash_mb()?,
                progress: None,
            };
            let started = Instant::now();
            let lines = game.divide_with(&pos, depth, count.into(), &options);
            let mut total: u128 = 0;
            for (mv, n) in &lines {
                writeln!(out, "{mv}: {n}").into_diagnostic()?;
                total += n;
            }
            writeln!(out, "\nNodes searched: {total}").into_diagnostic()?;
            eprintln!("{:.3} s", started.elapsed().as_secs_f64());
        }
        Command::Moves { rules, fen, json } => {
            let (game, pos) = load(&rules, fen.as_deref())?;
            let mut moves = game.notated_moves(&pos);
            moves.sort_by(|a, b| rulebench::game::natural_cmp(&a.1, &b.1));
            if json {
                let geo = &game.rules().geometry;
                let list: Vec<_> = moves
                    .iter()
                    .map(|(d, text)| {
                        let m = d.mv;
                        let captured: Vec<u32> = geo
                            .bits()
                            .filter(|b| m.captured & (1 << b) != 0)
                            .map(|b| geo.number(b))
                            .collect();
                        let mut path = vec![geo.number(m.from as u32)];
                        path.extend(d.paths[0].iter().map(|&b| geo.number(b)));
                        serde_json::json!({
                            "notation": text,
                            "from": geo.number(m.from as u32),
                            "to": geo.number(m.to as u32),
                            "path": path,
                            "captured": captured,
                            "promotes": m.promotes,
                            "paths": m.paths,
                        })
                    })
                    .collect();
                writeln!(out, "{}", serde_json::Value::Array(list)).into_diagnostic()?;
            } else {
                for (_, text) in &moves {
                    writeln!(out, "{text}").into_diagnostic()?;
                }
            }
        }
        Command::Outcome { rules, fen } => {
            let (game, pos) = load(&rules, fen.as_deref())?;
            let text = match game.outcome(&pos) {
                Outcome::Ongoing => "ongoing".to_string(),
                Outcome::Win { winner, reason } => {
                    format!("{} wins: {reason}", format!("{winner:?}").to_lowercase())
                }
                Outcome::Draw { reason } => format!("draw: {reason}"),
            };
            writeln!(out, "{text}").into_diagnostic()?;
        }
        Command::Check { rules } => {
            let game = Draughts::load(&rules)?;
            let r = game.rules();
            writeln!(out, "ok: {} ({})", r.id, r.name).into_diagnostic()?;
            writeln!(
                out,
                "  board {}x{}, start {}",
                r.geometry.columns(),
                r.geometry.rows(),
                game.fen(&r.start)
            )
            .into_diagnostic()?;
            writeln!(
                out,
                "  {} legal moves at the start",
                game.legal_moves(&r.start).len()
            )
            .into_diagnostic()?;
        }
        Command::Fixtures { paths } => {
            let paths = if paths.is_empty() {
                vec![std::path::PathBuf::from("fixtures")]
            } else {
                paths
            };
            let mut runner = rulebench::fixtures::Runner::new();
            let (mut passed, mut failed) = (0, 0);
            for path in &paths {
                for result in runner.run_path(path) {
                    if result.passed() {
                        passed += 1;
                    } else {
                        failed += 1;
                        writeln!(out, "FAIL {} ({})", result.id, result.file.display())
                            .into_diagnostic()?;
                        for f in &result.failures {
                            writeln!(out, "  {f}").into_diagnostic()?;
                        }
                    }
                }
            }
            writeln!(out, "{passed} passed, {failed} failed").into_diagnostic()?;
            if failed > 0 {
                return Err(miette::miette!("{failed} fixture(s) failed"));
            }
        }
        Command::List => {
            for id in rulebench::Rules::shipped() {
                let game = Draughts::load(&id)?;
                writeln!(out, "{id}\t{}", game.rules().name).into_diagnostic()?;
            }
            for id in rulebench::Rules::shipped_house_rules() {
                writeln!(out, "+{id}\thouse rule").into_diagnostic()?;
            }
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(report) => {
            eprintln!("{report:?}");
            ExitCode::FAILURE
        }
    }
}
