//! The transposition table of the statistics search, shared between threads: an entry holds a
//! position's whole statistics at a remaining depth, so that a position reached again (by
//! another move order, or on another thread) is looked at once.
//!
//! Each entry stores the position itself (the family's packed form, which tells positions
//! apart exactly, the side to move included) with the remaining depth and the counting
//! convention, so that two positions with the same hash never exchange statistics: the hash
//! only chooses the bucket. An entry sits behind a lock of its own that is only ever tried: a
//! thread that finds it taken treats the entry as absent (or skips its store) instead of
//! waiting.

use crate::stats::Stats;
use crate::transposition::bucket_of;
use std::hash::{Hash, Hasher};
use std::sync::Mutex;

/// One position's statistics at a remaining depth under a counting convention.
struct Entry<P> {
    key: P,
    depth: u32,
    paths: bool,
    stats: Stats,
}

/// A slot: empty, or an entry.
type Slot<P> = Mutex<Option<Entry<P>>>;

/// A transposition table for the statistics: buckets of two entries (one kept for the
/// deepest subtree seen, one always replaced), keyed by the packed position.
pub struct StatsCache<P> {
    slots: Vec<Slot<P>>,
    bucket_mask: u64,
}

impl<P: Eq + Hash> StatsCache<P> {
    /// A table of at most `megabytes` MiB (rounded down to a power of two of buckets); at least
    /// one bucket. `None` when the memory cannot be had.
    pub fn new(megabytes: usize) -> Option<StatsCache<P>> {
        let bytes = megabytes.saturating_mul(1 << 20);
        let bucket = 2 * std::mem::size_of::<Slot<P>>();
        let buckets = (bytes / bucket).max(1);
        let buckets = 1usize << (usize::BITS - 1 - buckets.leading_zeros());
        let mut slots = Vec::new();
        slots.try_reserve_exact(2 * buckets).ok()?;
        slots.resize_with(2 * buckets, || Mutex::new(None));
        Some(StatsCache {
            slots,
            bucket_mask: buckets as u64 - 1,
        })
    }

    /// The hash that chooses a position's bucket.
    pub fn hash(key: &P) -> u64 {
        let mut h = std::hash::DefaultHasher::new();
        key.hash(&mut h);
        h.finish()
    }

    /// Entry `i` of the bucket of a position hashed to `hash` at `depth` (each depth its own
    /// bucket, as in the node count's table).
    fn slot(&self, hash: u64, depth: u32, i: usize) -> &Slot<P> {
        &self.slots[(bucket_of(hash, depth) & self.bucket_mask) as usize * 2 + i]
    }

    /// The stored statistics of `key` (hashed to `hash`) at `depth` under the convention
    /// (`paths`), if present.
    pub fn probe(&self, key: &P, hash: u64, depth: u32, paths: bool) -> Option<Stats> {
        (0..2).find_map(|i| {
            let slot = self.slot(hash, depth, i).try_lock().ok()?;
            let e = slot.as_ref()?;
            (e.depth == depth && e.paths == paths && e.key == *key).then_some(e.stats)
        })
    }

    /// Stores the statistics of `key` at `depth` under the convention (`paths`).
    pub fn store(&self, key: P, hash: u64, depth: u32, paths: bool, stats: Stats) {
        // Slot 0 keeps the deepest subtree seen; everything else goes to slot 1.
        let deeper = match self.slot(hash, depth, 0).try_lock() {
            Ok(first) => first.as_ref().is_some_and(|e| e.depth > depth),
            Err(_) => true,
        };
        if let Ok(mut slot) = self.slot(hash, depth, usize::from(deeper)).try_lock() {
            *slot = Some(Entry {
                key,
                depth,
                paths,
                stats,
            });
        }
    }
}
