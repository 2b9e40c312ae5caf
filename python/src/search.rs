//! Searches run with the GIL released and stopped by Ctrl-C: the search runs on a thread of
//! its own while the caller's thread waits without the GIL, waking every few milliseconds to
//! let Python run its signal handlers; on KeyboardInterrupt the search is told to stop
//! (it skips the subtrees not yet begun) and the exception is raised.

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use rulebench::PerftOptions;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The most threads a search is given.
const MAX_THREADS: usize = 1024;

/// Runs `search` with options of `threads` threads and a `hash_mb` MiB table, the GIL
/// released; its result, or the exception Python raised meanwhile (KeyboardInterrupt).
pub fn interruptible<T: Send>(
    py: Python<'_>,
    threads: usize,
    hash_mb: usize,
    search: impl FnOnce(&PerftOptions<'_>) -> T + Send,
) -> PyResult<T> {
    if threads == 0 || threads > MAX_THREADS {
        return Err(PyValueError::new_err(format!(
            "threads must be between 1 and {MAX_THREADS}, not {threads}"
        )));
    }
    if hash_mb > rulebench::uci::MAX_HASH_MB {
        return Err(PyValueError::new_err(format!(
            "hash_mb must be at most {}, not {hash_mb}",
            rulebench::uci::MAX_HASH_MB
        )));
    }
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let stop = &stop;
        let worker = scope.spawn(move || {
            let options = PerftOptions {
                threads,
                hash_mb,
                progress: None,
                stop: Some(stop),
            };
            search(&options)
        });
        loop {
            let finished = py.detach(|| {
                for _ in 0..20 {
                    if worker.is_finished() {
                        return true;
                    }
                    std::thread::sleep(Duration::from_millis(5));
                }
                false
            });
            if finished {
                break;
            }
            if let Err(interrupt) = py.check_signals() {
                stop.store(true, Ordering::Relaxed);
                // The search stops within one subtree; its partial count is thrown away.
                let _ = py.detach(|| worker.join());
                return Err(interrupt);
            }
        }
        worker
            .join()
            .map_err(|_| PyRuntimeError::new_err("the search stopped on an internal error"))
    })
}
