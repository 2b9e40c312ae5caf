//! The perft transposition table, shared between threads.
//!
//! Each entry stores the whole position (both sides' pieces, the kings, the side to move) with
//! the remaining depth, the counting convention and the count, so that two positions with the
//! same hash can never exchange counts: the hash only chooses the bucket. An entry is read and
//! written under a lock bit in its first word; a thread that finds the bit set treats the
//! entry as absent instead of waiting, so a torn entry is never read.

use crate::position::Position;
use crate::rules::Colour;
use std::sync::atomic::{AtomicU64, Ordering};

const LOCK: u64 = 1 << 63;
const VALID: u64 = 1 << 62;
const WORDS: usize = 5;

/// A transposition table for perft: buckets of two entries (one kept for the deepest
/// count, one always replaced), 40 bytes an entry.
pub struct Table {
    words: Words,
    bucket_mask: u64,
}

/// The table's memory: zeroed words, from an anonymous mapping with transparent huge pages
/// where the system has them (a table of gigabytes otherwise spends seconds in page faults).
struct Words {
    ptr: std::ptr::NonNull<AtomicU64>,
    len: usize,
}

// The words are atomics: sharing them between threads is what they are for.
unsafe impl Send for Words {}
unsafe impl Sync for Words {}

impl Words {
    fn zeroed(len: usize) -> Option<Words> {
        let bytes = len.checked_mul(8)?;
        // SAFETY: an anonymous private mapping of `bytes` bytes, checked for failure; the
        // kernel hands out zeroed pages, and all-zero bits are valid `AtomicU64`s.
        unsafe {
            let p = libc::mmap(
                std::ptr::null_mut(),
                bytes,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            );
            if p == libc::MAP_FAILED {
                return None;
            }
            #[cfg(target_os = "linux")]
            libc::madvise(p, bytes, libc::MADV_HUGEPAGE);
            Some(Words {
                ptr: std::ptr::NonNull::new(p.cast())?,
                len,
            })
        }
    }
}

impl std::ops::Deref for Words {
    type Target = [AtomicU64];
    fn deref(&self) -> &[AtomicU64] {
        // SAFETY: `ptr` maps `len` initialised words for the life of `self`.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl Drop for Words {
    fn drop(&mut self) {
        // SAFETY: unmaps exactly the mapping made in `zeroed`.
        unsafe {
            libc::munmap(self.ptr.as_ptr().cast(), self.len * 8);
        }
    }
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Table({} entries)", self.entries())
    }
}

fn meta(depth: u32, side: Colour, paths: bool) -> u64 {
    VALID | (depth as u64 & 0xFF) | ((side == Colour::Black) as u64) << 8 | (paths as u64) << 9
}

impl Table {
    /// A table of at most `megabytes` MiB (rounded down to a power of two of buckets); at
    /// least one bucket. `None` when the memory cannot be had.
    pub fn new(megabytes: usize) -> Option<Table> {
        let bytes = megabytes.saturating_mul(1 << 20);
        let buckets = (bytes / (2 * WORDS * 8)).max(1);
        let buckets = 1usize << (usize::BITS - 1 - buckets.leading_zeros());
        Some(Table {
            words: Words::zeroed(buckets * 2 * WORDS)?,
            bucket_mask: buckets as u64 - 1,
        })
    }

    /// Number of entries.
    pub fn entries(&self) -> usize {
        self.words.len() / WORDS
    }

    fn entry(&self, hash: u64, i: usize) -> &[AtomicU64] {
        let start = ((hash & self.bucket_mask) as usize * 2 + i) * WORDS;
        &self.words[start..start + WORDS]
    }

    /// The stored count of `pos` at `depth`, if present.
    #[inline]
    pub fn probe(&self, pos: &Position, hash: u64, depth: u32, paths: bool) -> Option<u64> {
        let want = meta(depth, pos.side, paths);
        for i in 0..2 {
            let e = self.entry(hash, i);
            let m = e[0].load(Ordering::Acquire);
            if m != want {
                continue; // empty, locked, or another depth, side or count
            }
            if e[0]
                .compare_exchange(m, m | LOCK, Ordering::Acquire, Ordering::Relaxed)
                .is_err()
            {
                continue;
            }
            let (w, b, k, n) = (
                e[1].load(Ordering::Relaxed),
                e[2].load(Ordering::Relaxed),
                e[3].load(Ordering::Relaxed),
                e[4].load(Ordering::Relaxed),
            );
            e[0].store(m, Ordering::Release);
            if w == pos.white && b == pos.black && k == pos.kings {
                return Some(n);
            }
        }
        None
    }

    /// Stores the count of `pos` at `depth` (counts beyond `u64` are not stored).
    #[inline]
    pub fn store(&self, pos: &Position, hash: u64, depth: u32, paths: bool, count: u128) {
        let Ok(count) = u64::try_from(count) else {
            return;
        };
        // Slot 0 keeps the deepest count seen; everything else goes to slot 1.
        let first = &self.entry(hash, 0)[0];
        let m0 = first.load(Ordering::Relaxed);
        let slot = if m0 & VALID == 0 || (m0 & 0xFF) as u32 <= depth {
            0
        } else {
            1
        };
        let e = self.entry(hash, slot);
        let m = e[0].load(Ordering::Relaxed);
        if m & LOCK != 0
            || e[0]
                .compare_exchange(m, m | LOCK, Ordering::Acquire, Ordering::Relaxed)
                .is_err()
        {
            return; // another thread is at it: skip this store
        }
        e[1].store(pos.white, Ordering::Relaxed);
        e[2].store(pos.black, Ordering::Relaxed);
        e[3].store(pos.kings, Ordering::Relaxed);
        e[4].store(count, Ordering::Relaxed);
        e[0].store(meta(depth, pos.side, paths), Ordering::Release);
    }
}
