//! The arguments several verbs share: the position, the search's threads and hash, the tree
//! perft and divide count, perft's shards, the counting convention.

use crate::count::Count;
use clap::ValueEnum;
use miette::Result;

/// What counts as one move, as the command line names it.
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

/// `--threads`, or all cores: at least 1, at most 1024.
fn threads(given: Option<usize>) -> Result<usize> {
    match given {
        Some(0) => Err(miette::miette!("--threads must be at least 1")),
        Some(n) if n > 1024 => Err(miette::miette!("--threads {n} is more than 1024")),
        Some(n) => Ok(n),
        None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
    }
}

/// `--hash`: at most half the memory, and a table the system agrees to give.
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
