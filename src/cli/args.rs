//! The arguments of the verbs.

use crate::game::Count;
use clap::{Subcommand, ValueEnum};
use miette::Result;

#[derive(Clone, Copy, ValueEnum)]
pub(super) enum CountArg {
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
pub(super) enum Command {
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
        #[command(flatten)]
        position: PositionArgs,
        /// Print a JSON list of moves.
        #[arg(long)]
        json: bool,
        /// The notation to write moves in (draughts: pdn; chess: coordinates, ucci, wxf).
        #[arg(long)]
        notation: Option<String>,
    },
    /// Says how the game stands: win, loss, draw or ongoing, with the reason.
    Outcome {
        #[command(flatten)]
        position: PositionArgs,
    },
    /// Checks rules files: every error and warning of every file at once (each located, with
    /// the valid values and a "did you mean"); a clean file is built and described.
    Check {
        /// Shipped variant ids or paths to .toml files, either followed by `+house-rule`.
        #[arg(required = true)]
        rules: Vec<String>,
        /// Print the effective rules after `extends` and overlays, as a TOML file that loads
        /// back to the same rules.
        #[arg(long)]
        resolved: bool,
        /// Exit with status 1 on warnings too.
        #[arg(long)]
        deny_warnings: bool,
    },
    /// Runs rule-edge fixtures: every case below the paths (default `fixtures/`).
    Fixtures {
        /// Files or directories of fixture files.
        paths: Vec<std::path::PathBuf>,
    },
    /// Lists the shipped variants and house rules.
    List,
    /// Draws the board: in the terminal, or as an SVG picture.
    Show {
        #[command(flatten)]
        position: PositionArgs,
        /// Label every playable cell with its square number or point name.
        #[arg(long)]
        numbers: bool,
        /// Plain ASCII instead of Unicode.
        #[arg(long)]
        ascii: bool,
        /// Also write the board as an SVG picture to this file.
        #[arg(long)]
        svg: Option<std::path::PathBuf>,
    },
}

/// A position: rules, FEN, and moves played from it.
#[derive(clap::Args)]
pub(super) struct PositionArgs {
    /// A shipped variant id, a path to a .toml file, either followed by `+house-rule`.
    pub rules: String,
    /// The position (default: the start position).
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves played from the position first, separated by spaces (each checked for
    /// legality).
    #[arg(long)]
    pub moves: Option<String>,
}

/// What perft and divide search: rules, position, depth, counting, threads and hash.
#[derive(clap::Args)]
pub(super) struct TreeArgs {
    /// A shipped variant id, a path to a .toml file, either followed by `+house-rule`.
    pub rules: String,
    /// Plies to search.
    #[arg(long, short)]
    pub depth: u32,
    /// Start from this FEN instead of the start position.
    #[arg(long)]
    pub fen: Option<String>,
    /// What counts as one move.
    #[arg(long, value_enum, default_value = "unique")]
    pub count: CountArg,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Transposition table size in MiB (0: none). Entries store the whole position, so a
    /// hash collision never changes a count.
    #[arg(long, default_value_t = 0)]
    pub hash: usize,
}

impl TreeArgs {
    /// The number of threads, checked.
    pub fn threads(&self) -> Result<usize> {
        match self.threads {
            Some(0) => Err(miette::miette!("--threads must be at least 1")),
            Some(n) if n > 1024 => Err(miette::miette!("--threads {n} is more than 1024")),
            Some(n) => Ok(n),
            None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
        }
    }

    /// The table size, checked against the machine's memory.
    pub fn hash_mb(&self) -> Result<usize> {
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

    /// The depth, checked.
    pub fn depth(&self, least: u32) -> Result<u32> {
        // Nothing deeper than this finishes anyway.
        if self.depth > 64 {
            return Err(miette::miette!(
                help = "perft depths beyond about 20 take days; 64 is the hard limit",
                "depth {} is too deep",
                self.depth
            ));
        }
        if self.depth < least {
            return Err(miette::miette!("this needs a depth of at least {least}"));
        }
        Ok(self.depth)
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
