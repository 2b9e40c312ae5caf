//! A file that records the finished subtrees of a long perft as it goes, so that a run
//! killed part-way resumes where it was and reaches the same total.
//!
//! The file is JSON lines: first the job (the rules' hash, root, depth, split depth, shards,
//! shard, count convention, frontier size), then one `{"subtree":I,"nodes":"N"}` line per
//! finished subtree. A line cut short by a crash is ignored; anything else that does not
//! belong is an error, so that a checkpoint is never applied to another job.

use super::job::Job;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The first line: what the file is the checkpoint of.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// The job.
    #[serde(flatten)]
    pub job: Job,
    /// The shard counted (0 when the job is not sharded).
    pub shard: usize,
    /// Frontier positions in the whole job.
    pub frontier: usize,
}

#[derive(Serialize, Deserialize)]
struct Entry {
    subtree: usize,
    nodes: String,
}

/// How often the file is forced to the disk: a crash of the machine loses at most this much
/// of recorded work (a killed process loses none).
const SYNC_EVERY: Duration = Duration::from_secs(1);

/// An open checkpoint.
#[derive(Debug)]
pub struct Checkpoint {
    path: PathBuf,
    finished: HashMap<usize, u128>,
    file: Mutex<(std::fs::File, Instant)>,
}

/// Why a checkpoint cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum CheckpointError {
    /// The file cannot be read or written.
    #[error("checkpoint {path}: {why}")]
    Io {
        /// The file.
        path: String,
        /// What the system said.
        why: String,
    },
    /// It belongs to another job.
    #[error("checkpoint {path} belongs to another job: {field} is {theirs} there, {ours} here")]
    OtherJob {
        /// The file.
        path: String,
        /// The first field that differs.
        field: &'static str,
        /// Its value in the file.
        theirs: String,
        /// Its value in this run.
        ours: String,
    },
    /// A line that is not a checkpoint line.
    #[error("checkpoint {path}:{line}: {why}")]
    Corrupt {
        /// The file.
        path: String,
        /// 1-based line.
        line: usize,
        /// What is wrong.
        why: String,
    },
}

impl Checkpoint {
    /// Opens (or starts) the checkpoint of `header`'s job at `path`: the subtrees it has
    /// finished are kept, new ones are appended.
    pub fn open(path: &Path, header: &Header) -> Result<Checkpoint, CheckpointError> {
        let name = path.display().to_string();
        let io = |e: std::io::Error| CheckpointError::Io {
            path: name.clone(),
            why: e.to_string(),
        };
        let mut finished = HashMap::new();
        let text = match std::fs::read(path) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(io(e)),
        };
        // A last line without its newline was cut short by a crash: dropped (and rewritten
        // below so that the next line starts clean).
        let complete = match text.rfind('\n') {
            Some(end) => &text[..=end],
            None => "",
        };
        let mut lines = complete.lines().enumerate();
        let corrupt = |line: usize, why: String| CheckpointError::Corrupt {
            path: name.clone(),
            line: line + 1,
            why,
        };
        if let Some((i, first)) = lines.next() {
            let theirs: Header = serde_json::from_str(first)
                .map_err(|e| corrupt(i, format!("not a checkpoint header ({e})")))?;
            other_job(&name, &theirs, header)?;
            for (i, line) in lines {
                if line.trim().is_empty() {
                    continue;
                }
                let entry: Entry = serde_json::from_str(line)
                    .map_err(|e| corrupt(i, format!("not a finished subtree ({e})")))?;
                let nodes: u128 = entry
                    .nodes
                    .parse()
                    .map_err(|_| corrupt(i, format!("`{}` is not a count", entry.nodes)))?;
                if entry.subtree >= header.frontier {
                    return Err(corrupt(
                        i,
                        format!(
                            "subtree {} of a frontier of {}",
                            entry.subtree, header.frontier
                        ),
                    ));
                }
                if finished
                    .insert(entry.subtree, nodes)
                    .is_some_and(|n| n != nodes)
                {
                    return Err(corrupt(
                        i,
                        format!("subtree {} recorded twice with two counts", entry.subtree),
                    ));
                }
            }
        }
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .write(true)
            .truncate(false)
            .open(path)
            .map_err(io)?;
        file.set_len(complete.len() as u64).map_err(io)?;
        use std::io::Seek;
        file.seek(std::io::SeekFrom::End(0)).map_err(io)?;
        if complete.is_empty() {
            let line = serde_json::to_string(header).expect("a header serialises");
            writeln!(file, "{line}").map_err(io)?;
            file.sync_data().map_err(io)?;
        }
        Ok(Checkpoint {
            path: path.to_path_buf(),
            finished,
            file: Mutex::new((file, Instant::now())),
        })
    }

    /// The subtrees finished before this run, with their counts.
    pub fn finished(&self) -> HashMap<usize, u128> {
        self.finished.clone()
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Records a finished subtree (written at once; forced to the disk at most every
    /// second). A write that fails is reported once on stderr and does not stop the count.
    pub fn record(&self, subtree: usize, nodes: u128) {
        let line = serde_json::to_string(&Entry {
            subtree,
            nodes: nodes.to_string(),
        })
        .expect("an entry serialises");
        let mut guard = self.file.lock().unwrap_or_else(|e| e.into_inner());
        let (file, synced) = &mut *guard;
        let mut written = writeln!(file, "{line}");
        if written.is_ok() && synced.elapsed() >= SYNC_EVERY {
            written = file.sync_data();
            *synced = Instant::now();
        }
        if let Err(e) = written {
            static WARNED: std::sync::Once = std::sync::Once::new();
            WARNED.call_once(|| {
                eprintln!(
                    "warning: checkpoint {}: {e}; the count goes on, unrecorded",
                    self.path.display()
                );
            });
        }
    }
}

/// An error when the header in the file is not this run's.
fn other_job(path: &str, theirs: &Header, ours: &Header) -> Result<(), CheckpointError> {
    let pairs = [
        ("shard", theirs.shard.to_string(), ours.shard.to_string()),
        (
            "frontier",
            theirs.frontier.to_string(),
            ours.frontier.to_string(),
        ),
    ];
    let differs = theirs
        .job
        .difference(&ours.job)
        .or_else(|| pairs.into_iter().find(|(_, a, b)| a != b));
    match differs {
        Some((field, theirs, ours)) => Err(CheckpointError::OtherJob {
            path: path.into(),
            field,
            theirs,
            ours,
        }),
        None => Ok(()),
    }
}
