//! What identifies a sharded perft job, the JSON result of one shard, and the exact merge of
//! the shards' results.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What every shard of one job shares: the rules (by the hash of their resolved text), the
/// root, the depth, where the tree is cut, into how many shards, and the count convention.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Job {
    /// The rules as asked for (a shipped id or a path): for people; the hash decides.
    pub rules: String,
    /// SHA-256 of the resolved rules text.
    pub rules_sha256: String,
    /// The root position.
    pub fen: String,
    /// Plies from the root to the leaves.
    pub depth: u32,
    /// Plies from the root to the frontier the shards share out.
    pub split_depth: u32,
    /// How many shards.
    pub shards: usize,
    /// `unique` or `paths`.
    pub count: String,
}

impl Job {
    /// The first field (name, this job's value, the other's) in which `other` is another
    /// job; `None` when they are one job (the rules' name as given does not count: the hash
    /// decides).
    pub fn difference(&self, other: &Job) -> Option<(&'static str, String, String)> {
        let fields = [
            (
                "rules_sha256",
                self.rules_sha256.clone(),
                other.rules_sha256.clone(),
            ),
            ("fen", self.fen.clone(), other.fen.clone()),
            ("depth", self.depth.to_string(), other.depth.to_string()),
            (
                "split_depth",
                self.split_depth.to_string(),
                other.split_depth.to_string(),
            ),
            ("shards", self.shards.to_string(), other.shards.to_string()),
            ("count", self.count.clone(), other.count.clone()),
        ];
        fields.into_iter().find(|(_, a, b)| a != b)
    }
}

/// What one shard prints: the job, which shard, and its count.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShardResult {
    /// The job.
    #[serde(flatten)]
    pub job: Job,
    /// This shard (0-based).
    pub shard: usize,
    /// Leaves below this shard's frontier positions, each times its multiplicity (decimal
    /// text: counts may pass what a JSON number holds exactly).
    pub nodes: String,
    /// Frontier positions this shard searched.
    pub subtrees: usize,
    /// Frontier positions of the whole job.
    pub frontier: usize,
    /// Wall time of this shard.
    pub seconds: f64,
    /// Threads used (no effect on the count).
    pub threads: usize,
    /// Version of rulebench.
    pub version: String,
}

/// Why results do not merge.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum MergeError {
    /// Nothing to merge.
    #[error("no shard results were given")]
    Empty,
    /// A line that is not a shard result.
    #[error("{source_name}:{line}: not a shard result: {why}")]
    Unreadable {
        /// File name (or `stdin`).
        source_name: String,
        /// 1-based line.
        line: usize,
        /// The parser's words.
        why: String,
    },
    /// Results of different jobs.
    #[error(
        "the results belong to different jobs: {field} is {first} in {first_source} but {other} in {other_source}"
    )]
    Mixed {
        /// The field that differs.
        field: &'static str,
        /// Its value in the first result.
        first: String,
        /// Where the first result came from.
        first_source: String,
        /// Its value in the other.
        other: String,
        /// Where the other came from.
        other_source: String,
    },
    /// A shard index outside the job.
    #[error("{source_name}: shard {shard} of a job of {shards} shards (shards are 0 to {last})", last = shards.saturating_sub(1))]
    OutOfRange {
        /// Where it came from.
        source_name: String,
        /// The index.
        shard: usize,
        /// Shards in the job.
        shards: usize,
    },
    /// The same shard twice with different counts.
    #[error(
        "shard {shard} has two different counts: {first} ({first_source}) and {other} ({other_source})"
    )]
    Conflict {
        /// The shard.
        shard: usize,
        /// One count.
        first: String,
        /// Where from.
        first_source: String,
        /// The other.
        other: String,
        /// Where from.
        other_source: String,
    },
    /// Shards with no result.
    #[error("{} of {shards} shards missing: {}", missing.len(), list(missing))]
    Missing {
        /// Their indices.
        missing: Vec<usize>,
        /// Shards in the job.
        shards: usize,
        /// Shards given twice (with the same count), if any.
        duplicated: Vec<usize>,
    },
    /// The total does not fit.
    #[error("the total passes 2^128")]
    Overflow,
    /// A count that is not a number.
    #[error("{source_name}: shard {shard}: `{nodes}` is not a count")]
    BadCount {
        /// Where from.
        source_name: String,
        /// The shard.
        shard: usize,
        /// The text.
        nodes: String,
    },
}

/// Indices as `1, 4, 7`.
pub fn list(indices: &[usize]) -> String {
    indices
        .iter()
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The merged job.
#[derive(Clone, Debug, PartialEq)]
pub struct Merged {
    /// The job.
    pub job: Job,
    /// The total count.
    pub nodes: u128,
    /// The sum of the shards' wall times.
    pub seconds: f64,
    /// Shards given more than once (with the same count): harmless, reported.
    pub duplicated: Vec<usize>,
}

/// Reads shard results: one JSON object a line (blank lines skipped), from `(name, text)`
/// sources.
pub fn read_results(
    sources: &[(String, String)],
) -> Result<Vec<(String, ShardResult)>, MergeError> {
    let mut out = Vec::new();
    for (name, text) in sources {
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let result: ShardResult =
                serde_json::from_str(line).map_err(|e| MergeError::Unreadable {
                    source_name: name.clone(),
                    line: i + 1,
                    why: e.to_string(),
                })?;
            out.push((format!("{name}:{}", i + 1), result));
        }
    }
    Ok(out)
}

/// Merges shard results exactly: one job, every shard present, a shard given twice only
/// with the same count.
pub fn merge(results: &[(String, ShardResult)]) -> Result<Merged, MergeError> {
    let (first_source, first) = results.first().ok_or(MergeError::Empty)?;
    let job = &first.job;
    let mut counts: BTreeMap<usize, (u128, &str, &str)> = BTreeMap::new();
    let mut duplicated = Vec::new();
    let mut seconds = 0.0;
    for (source, r) in results {
        if let Some((field, a, b)) = job.difference(&r.job) {
            return Err(MergeError::Mixed {
                field,
                first: a,
                first_source: first_source.clone(),
                other: b,
                other_source: source.clone(),
            });
        }
        if r.shard >= job.shards {
            return Err(MergeError::OutOfRange {
                source_name: source.clone(),
                shard: r.shard,
                shards: job.shards,
            });
        }
        let nodes: u128 = r.nodes.parse().map_err(|_| MergeError::BadCount {
            source_name: source.clone(),
            shard: r.shard,
            nodes: r.nodes.clone(),
        })?;
        match counts.get(&r.shard) {
            Some((n, _, from)) if *n != nodes => {
                return Err(MergeError::Conflict {
                    shard: r.shard,
                    first: n.to_string(),
                    first_source: from.to_string(),
                    other: r.nodes.clone(),
                    other_source: source.clone(),
                });
            }
            Some(_) => {
                if !duplicated.contains(&r.shard) {
                    duplicated.push(r.shard);
                }
            }
            None => {
                seconds += r.seconds;
                counts.insert(r.shard, (nodes, &r.nodes, source));
            }
        }
    }
    duplicated.sort_unstable();
    let missing: Vec<usize> = (0..job.shards)
        .filter(|i| !counts.contains_key(i))
        .collect();
    if !missing.is_empty() {
        return Err(MergeError::Missing {
            missing,
            shards: job.shards,
            duplicated,
        });
    }
    let nodes = counts
        .values()
        .try_fold(0u128, |sum, (n, _, _)| sum.checked_add(*n))
        .ok_or(MergeError::Overflow)?;
    Ok(Merged {
        job: job.clone(),
        nodes,
        seconds,
        duplicated,
    })
}
