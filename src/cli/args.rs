//! The arguments of the verbs.

use crate::count::Count;
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

/// A family of games, as the command line names it.
#[derive(Clone, Copy, ValueEnum)]
pub(super) enum FamilyArg {
    /// Draughts and checkers.
    Draughts,
    /// Chess, Xiangqi, Shogi and their relatives.
    Chess,
}

impl From<FamilyArg> for crate::rules::Family {
    fn from(f: FamilyArg) -> crate::rules::Family {
        match f {
            FamilyArg::Draughts => crate::rules::Family::Draughts,
            FamilyArg::Chess => crate::rules::Family::Chess,
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
        /// Count the statistics published tables carry besides nodes, over the moves of the
        /// last ply: captures, ep, castles, promotions, checks, mates (chess family, the
        /// columns its rules give a meaning to); captures, promotions and the longest capture
        /// (draughts). A slower search than nodes alone; with --hash, a table whose entries
        /// hold whole statistics.
        #[arg(long)]
        stats: bool,
        #[command(flatten)]
        split: SplitArgs,
    },
    /// Adds up the JSON results of the shards of one `perft --shards` job (files, or stdin
    /// when none or `-` is given): refuses results of other jobs, names missing and
    /// duplicated shards.
    Merge {
        /// Files of shard results (one JSON object a line); `-` or none for stdin.
        results: Vec<std::path::PathBuf>,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Perft of each legal move: `MOVE: N` lines, a blank line, `Nodes searched: N`.
    Divide {
        #[command(flatten)]
        tree: TreeArgs,
    },
    /// The perftree debugger's script contract: `DEPTH "FEN" ["MOVES"]` gives `MOVE N` lines
    /// (perft DEPTH of each legal move after MOVES), a blank line and the total.
    Perftree {
        /// Plies to search.
        depth: String,
        /// The position (the variant's FEN format).
        #[arg(allow_hyphen_values = true)]
        fen: String,
        /// Moves played from it, separated by spaces (any notation the family reads).
        #[arg(allow_hyphen_values = true)]
        moves: Option<String>,
        /// A shipped variant id, a path to a .toml file, either followed by `+house-rule`.
        #[arg(long, default_value = crate::uci::DEFAULT_VARIANT)]
        rules: String,
        #[command(flatten)]
        search: SearchArgs,
    },
    /// A UCI engine on stdin and stdout for the tools that compare engines' move trees:
    /// `uci`, `setoption name UCI_Variant|RulesFile|Threads|Hash value V`, `position startpos|fen
    /// FEN [moves ...]`, `go perft N`, `d`, `quit`.
    Uci {
        /// The variant to start with (`setoption` changes it).
        #[arg(long, default_value = crate::uci::DEFAULT_VARIANT)]
        rules: String,
    },
    /// Lists the legal moves, one per line.
    Moves {
        #[command(flatten)]
        position: PositionArgs,
        /// Print a JSON list of moves.
        #[arg(long)]
        json: bool,
        /// The notation to write moves in: one the variant's file lists (draughts: pdn; chess
        /// family: as its `[notation] moves` says, e.g. uci and san, or coordinates, ucci, wxf).
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
    /// Compares our divide with another engine's and goes down into the first subtree that
    /// disagrees, to a position whose move lists differ. Exit status 1 when they disagree.
    Crosscheck {
        /// A shipped variant id, a path to a .toml file, either followed by `+house-rule`.
        rules: String,
        /// A command that prints `MOVE: N` lines and/or a total; `{fen}` and `{depth}` are
        /// replaced (the FEN quoted for the shell).
        #[arg(long, conflicts_with = "uci")]
        engine: Option<String>,
        /// A UCI engine (`position fen`, `go perft`), e.g. /usr/games/fairy-stockfish.
        #[arg(long)]
        uci: Option<String>,
        /// A UCI option, as NAME=VALUE (e.g. UCI_Variant=xiangqi); repeatable.
        #[arg(long)]
        uci_option: Vec<String>,
        /// From this position instead of the start.
        #[arg(long, allow_hyphen_values = true)]
        fen: Option<String>,
        /// The depth compared at the root.
        #[arg(long, short, default_value_t = 4)]
        depth: u32,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        search: SearchArgs,
    },
    /// The rule-change regression tool: two rule sets' perft to the first depth where they
    /// differ, the shallowest positions whose legal moves differ, and the rule keys that
    /// differ.
    Diff {
        /// The first rule set (id, path, `+house-rule`).
        a: String,
        /// The second.
        b: String,
        /// From this position instead of the first rule set's start.
        #[arg(long, allow_hyphen_values = true)]
        fen: Option<String>,
        /// Compare perft to at most this depth, and the move sets of every position down to
        /// one ply above it.
        #[arg(long, short, default_value_t = 10)]
        depth: u32,
        /// Count perft only to this depth (the move sets are still compared down to
        /// `--depth`): for a change that shows only deep in the tree.
        #[arg(long)]
        count_depth: Option<u32>,
        /// Show at most this many differing positions.
        #[arg(long, default_value_t = 3)]
        shown: usize,
        /// Give up when one ply holds more distinct positions than this (memory: about 80
        /// bytes each for draughts, 100 for chess; the last ply about 40).
        #[arg(long, default_value_t = 20_000_000)]
        max_positions: usize,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        search: SearchArgs,
    },
    /// Perft tables for publishing: variants side by side, with the convention, the position,
    /// the rules' source and a hash of the resolved rules in the header.
    Table {
        /// Shipped variant ids or paths to .toml files, either followed by `+house-rule`.
        #[arg(required = true)]
        rules: Vec<String>,
        /// Every depth from 1 to D.
        #[arg(
            long,
            short,
            required_unless_present = "max_nodes",
            conflicts_with = "max_nodes"
        )]
        depth: Option<u32>,
        /// Every depth whose count stays at most N nodes.
        #[arg(long)]
        max_nodes: Option<u128>,
        /// Which counts: unique, paths, or both side by side.
        #[arg(long, value_enum, default_value = "unique")]
        count: CountsArg,
        /// Count from this position instead of each variant's start.
        #[arg(long, allow_hyphen_values = true)]
        fen: Option<String>,
        /// Markdown, CSV or JSON.
        #[arg(long, value_enum, default_value = "md")]
        format: FormatArg,
        /// Statistics to show for each convention instead of the nodes alone, separated by
        /// commas: nodes, captures, ep, castles, promotions, checks, mates (chess family),
        /// longest-capture (draughts); counted over the moves of the last ply (slower than
        /// nodes alone).
        #[arg(long)]
        columns: Option<String>,
        /// Compare with a reference table (the format of `tests/reference/perft/`) and mark
        /// each depth; exit status 1 if one disagrees.
        #[arg(long)]
        check: Option<std::path::PathBuf>,
        #[command(flatten)]
        search: SearchArgs,
    },
    /// The JSON Schema (draft-07) of a family's rules files, for editors: a file that starts
    /// with `#:schema ../schemas/draughts.json` gets completion, each key's documentation and
    /// its misspellings flagged (Even Better TOML, tombi). Prints one family's schema, or with
    /// `--out DIR` writes `DIR/FAMILY.json` for the family named or every family.
    Schema {
        /// The family whose files the schema describes.
        #[arg(long, value_enum)]
        family: Option<FamilyArg>,
        /// A directory to write `FAMILY.json` into (created if need be) instead of printing.
        #[arg(long)]
        out: Option<std::path::PathBuf>,
    },
    /// The rules in plain sentences, written from the compiled rules.
    Explain {
        /// A shipped variant id, a path to a .toml file, either followed by `+house-rule`.
        rules: String,
        /// Wrap the text at this many columns (0: one line per paragraph).
        #[arg(long, default_value_t = 88)]
        width: usize,
    },
    /// Writes a static HTML page (no server, no external assets): every fixture drawn with its
    /// expected moves as arrows and its pass/fail state, perft tables and diffs.
    Report {
        /// Fixture files or folders (default: `fixtures`).
        paths: Vec<std::path::PathBuf>,
        /// The folder to write `index.html` into (created if needed).
        #[arg(long)]
        out: std::path::PathBuf,
        /// Add a perft table of these rules (repeat for columns side by side).
        #[arg(long = "table", value_name = "RULES")]
        tables: Vec<String>,
        /// The tables go to every depth whose count stays at most this many leaves.
        #[arg(long, default_value_t = 1_000_000)]
        table_max_nodes: u128,
        /// Add the diff of two rule sets, written `A,B` (repeat for more).
        #[arg(long = "diff", value_name = "A,B")]
        diffs: Vec<String>,
        /// How deep each diff looks.
        #[arg(long, default_value_t = 8)]
        diff_depth: u32,
        /// The page title.
        #[arg(long, default_value = "rulebench report")]
        title: String,
    },
    /// Prints a shell completion script: `rulebench completions bash > ~/.local/share/bash-completion/completions/rulebench`.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Writes the man pages (`rulebench.1` and one per verb) into a folder:
    /// `rulebench man ~/.local/share/man/man1`.
    Man {
        /// The folder (created if needed).
        dir: std::path::PathBuf,
    },
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
    #[arg(long, allow_hyphen_values = true)]
    pub fen: Option<String>,
    /// Moves played from the position first, separated by spaces, in any notation the
    /// variant reads (each checked for legality).
    #[arg(long, allow_hyphen_values = true)]
    pub moves: Option<String>,
}

/// Which counts a table shows.
#[derive(Clone, Copy, ValueEnum)]
pub(super) enum CountsArg {
    /// Same from, to and captured set = one move.
    Unique,
    /// Every distinct jump sequence.
    Paths,
    /// Both, side by side.
    Both,
}

/// The format of a table.
#[derive(Clone, Copy, ValueEnum)]
pub(super) enum FormatArg {
    /// A Markdown table with the header as a list.
    Md,
    /// CSV with the header as `#` lines.
    Csv,
    /// One JSON object.
    Json,
}

/// Threads and hash of a search.
#[derive(clap::Args)]
pub(super) struct SearchArgs {
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Transposition table size in MiB (0: none). Entries store the whole position, so a
    /// hash collision never changes a count.
    #[arg(long, default_value_t = 0)]
    pub hash: usize,
}

impl SearchArgs {
    /// The number of threads, checked.
    pub fn threads(&self) -> Result<usize> {
        threads(self.threads)
    }

    /// The table size, checked.
    pub fn hash_mb(&self) -> Result<usize> {
        hash_mb(self.hash)
    }
}

fn threads(given: Option<usize>) -> Result<usize> {
    match given {
        Some(0) => Err(miette::miette!("--threads must be at least 1")),
        Some(n) if n > 1024 => Err(miette::miette!("--threads {n} is more than 1024")),
        Some(n) => Ok(n),
        None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
    }
}

fn hash_mb(given: usize) -> Result<usize> {
    let total = memory_mb();
    if given > total / 2 {
        return Err(miette::miette!(
            help = format!("this machine has about {total} MiB; use at most half"),
            "--hash {given} MiB is more than half of the memory"
        ));
    }
    // Asked of the system once here (the mapping is lazy, so this costs nothing), so that a
    // table the system refuses (an address-space limit, `ulimit -v`) is an error, not a
    // search that quietly runs without one.
    if given > 0 && crate::transposition::TranspositionTable::<[u64; 1]>::new(given).is_none() {
        return Err(miette::miette!(
            help = "use a smaller --hash (or 0 for none), or raise the limit (`ulimit -v`)",
            "the system refused {given} MiB for the hash table"
        ));
    }
    Ok(given)
}

/// A perft cut into shards, a frontier listed or counted, a checkpoint.
#[derive(clap::Args, Default)]
pub(super) struct SplitArgs {
    /// Cut the tree this many plies below the root: the distinct positions there (with
    /// their multiplicities) are what shards share out and what a checkpoint records.
    #[arg(long, value_name = "K")]
    pub split_depth: Option<u32>,
    /// Into how many shards the frontier is dealt (needs --split-depth).
    #[arg(long, value_name = "N")]
    pub shards: Option<usize>,
    /// Which shard to count, 0 to N-1 (needs --shards).
    #[arg(long, value_name = "I")]
    pub shard: Option<usize>,
    /// Print the frontier (of the shard, if one is given) as `FEN multiplicity` lines
    /// instead of counting.
    #[arg(long, requires = "split_depth")]
    pub list: bool,
    /// Count a list of `FEN multiplicity` lines (as --list prints) --depth plies deep.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["fen", "split_depth", "list", "shards", "shard"])]
    pub fen_list: Option<std::path::PathBuf>,
    /// Record finished subtrees in FILE as the count goes; a run started again with the
    /// same FILE and the same job resumes where it stopped.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<std::path::PathBuf>,
}

impl SplitArgs {
    /// Whether anything here was asked for (otherwise perft runs as it always did).
    pub fn any(&self) -> bool {
        self.split_depth.is_some()
            || self.shards.is_some()
            || self.shard.is_some()
            || self.list
            || self.fen_list.is_some()
            || self.checkpoint.is_some()
    }
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
    #[arg(long, allow_hyphen_values = true)]
    pub fen: Option<String>,
    /// What counts as one move.
    #[arg(long, value_enum, default_value = "unique")]
    pub count: CountArg,
    #[command(flatten)]
    pub search: SearchArgs,
    /// Run even when the search is expected to take more than a minute (asked for only when
    /// stdin is a terminal; the estimate is printed on stderr either way).
    #[arg(long, short)]
    pub yes: bool,
}

impl TreeArgs {
    /// The number of threads, checked.
    pub fn threads(&self) -> Result<usize> {
        self.search.threads()
    }

    /// The table size, checked against the machine's memory.
    pub fn hash_mb(&self) -> Result<usize> {
        self.search.hash_mb()
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

/// The memory this process may use, in MiB: the machine's (from /proc/meminfo; a generous
/// guess elsewhere), or the container's limit (cgroup v2 `memory.max`, or v1) when lower.
fn memory_mb() -> usize {
    let machine = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|t| {
            t.lines()
                .find(|l| l.starts_with("MemTotal:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<usize>().ok())
        })
        .map_or(1 << 20, |kb| kb / 1024);
    let container = [
        "/sys/fs/cgroup/memory.max",
        "/sys/fs/cgroup/memory/memory.limit_in_bytes",
    ]
    .iter()
    .filter_map(|f| std::fs::read_to_string(f).ok())
    .filter_map(|t| t.trim().parse::<u64>().ok())
    .map(|bytes| (bytes >> 20) as usize)
    .min();
    container.map_or(machine, |c| c.min(machine))
}
