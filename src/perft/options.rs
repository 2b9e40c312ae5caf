//! How a perft runs: threads, hash, progress, a flag to stop it.

use std::sync::atomic::{AtomicBool, Ordering};

/// How a perft runs: threads, hash, progress.
#[derive(Clone, Copy)]
pub struct PerftOptions<'a> {
    /// Worker threads (at least 1).
    pub threads: usize,
    /// Transposition table size in MiB; 0 for none.
    pub hash_mb: usize,
    /// Called with (subtrees done, subtrees in all) as the search goes.
    pub progress: Option<&'a (dyn Fn(u64, u64) + Sync)>,
    /// Set (by another thread: a Ctrl-C handler, a binding's interpreter) to stop the search
    /// early; a stopped search returns what it had counted, which is not the count, so the
    /// caller that set the flag throws the result away. With a flag, the search looks at it
    /// between subtrees of about 20 million leaves, so it stops within a fraction of a second.
    pub stop: Option<&'a AtomicBool>,
}

impl Default for PerftOptions<'_> {
    fn default() -> Self {
        PerftOptions {
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            hash_mb: 0,
            progress: None,
            stop: None,
        }
    }
}

impl std::fmt::Debug for PerftOptions<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PerftOptions")
            .field("threads", &self.threads)
            .field("hash_mb", &self.hash_mb)
            .field("stop", &self.stop)
            .finish()
    }
}

impl PerftOptions<'_> {
    /// One thread, no table, no progress, no stop flag: the plain search.
    pub fn one_thread() -> PerftOptions<'static> {
        PerftOptions {
            threads: 1,
            hash_mb: 0,
            progress: None,
            stop: None,
        }
    }

    /// Whether the search was asked to stop ([`PerftOptions::stop`]).
    pub fn stopped(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }
}
