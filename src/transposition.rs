//! The perft transposition table, shared between threads.
//!
//! Each entry stores the whole position (its family's exact key, such as both sides' pieces and
//! the kings, and the side to move) with the remaining depth, the counting convention and the
//! count, so that two positions with the same hash can never exchange counts: the hash only
//! chooses the bucket. An entry is read and
//! written under a lock bit in its first word; a thread that finds the bit set treats the
//! entry as absent instead of waiting, so a torn entry is never read.

use std::marker::PhantomData;
use std::sync::atomic::{AtomicU64, Ordering};

const LOCK: u64 = 1 << 63;
const VALID: u64 = 1 << 62;

/// What tells two positions apart exactly (the side to move aside): a few 64-bit words.
pub trait TranspositionKey: Copy + Send + Sync {
    /// The number of words.
    const WORDS: usize;
    /// Word `i`.
    fn word(&self, i: usize) -> u64;
}

impl<const N: usize> TranspositionKey for [u64; N] {
    const WORDS: usize = N;
    #[inline(always)]
    fn word(&self, i: usize) -> u64 {
        self[i]
    }
}

/// Where a position goes in a [`TranspositionTable`]: its exact key, the side to move (0 or 1), the hash
/// that chooses its bucket, and whether the counts are of jump sequences (the two counting
/// conventions are kept apart). What the family's own search reads and writes for it, so that
/// the driver's searches above the family's and the family's share entries.
#[derive(Clone, Copy, Debug)]
pub struct TranspositionSlot<K> {
    /// The position's exact key.
    pub key: K,
    /// The side to move, 0 or 1.
    pub side: u8,
    /// The hash that chooses the bucket.
    pub hash: u64,
    /// The counts are of jump sequences ([`crate::count::Count::Paths`]).
    pub paths: bool,
}

/// A transposition table for perft: buckets of two entries (one kept for the deepest
/// count, one always replaced); an entry is a header word, the key's words and the count.
pub struct TranspositionTable<K: TranspositionKey> {
    words: Words,
    bucket_mask: u64,
    _key: PhantomData<K>,
}

/// The table's memory: zeroed words, from an anonymous mapping with transparent huge pages
/// where the system has them (a table of gigabytes otherwise spends seconds in page faults),
/// from the allocator elsewhere (WebAssembly).
struct Words {
    ptr: std::ptr::NonNull<AtomicU64>,
    len: usize,
}

// The words are atomics: sharing them between threads is what they are for.
unsafe impl Send for Words {}
unsafe impl Sync for Words {}

impl Words {
    /// `len` zeroed words, or `None` when the memory cannot be had.
    #[cfg(unix)]
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

    /// `len` zeroed words from the allocator (no mmap here), or `None` when the memory cannot
    /// be had.
    #[cfg(not(unix))]
    fn zeroed(len: usize) -> Option<Words> {
        let layout = std::alloc::Layout::array::<AtomicU64>(len.max(1)).ok()?;
        // SAFETY: a non-zero-sized layout; all-zero bits are valid `AtomicU64`s.
        let p = unsafe { std::alloc::alloc_zeroed(layout) };
        Some(Words {
            ptr: std::ptr::NonNull::new(p.cast())?,
            len,
        })
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
        #[cfg(unix)]
        unsafe {
            libc::munmap(self.ptr.as_ptr().cast(), self.len * 8);
        }
        // SAFETY: frees exactly the allocation made in `zeroed`, with its layout.
        #[cfg(not(unix))]
        unsafe {
            let layout = std::alloc::Layout::array::<AtomicU64>(self.len.max(1))
                .expect("the layout it was allocated with");
            std::alloc::dealloc(self.ptr.as_ptr().cast(), layout);
        }
    }
}

impl<K: TranspositionKey> std::fmt::Debug for TranspositionTable<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TranspositionTable({} entries)", self.entries())
    }
}

/// The bucket (before masking) of a position hashed to `hash` at the remaining `depth`: the
/// depth mixed in by an odd multiplier (the golden ratio's), so that a position's entries at
/// different depths fall in different buckets.
pub(crate) fn bucket_of(hash: u64, depth: u32) -> u64 {
    hash ^ (depth as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The header bits that say what an entry holds (the rest hold the count's high bits).
const META: u64 = LOCK | VALID | 0x3FF;

/// Where the header keeps the bits of a count above its 64 low ones (in the count word).
const HIGH_SHIFT: u32 = 10;

/// The largest count an entry holds: 64 bits in the count word, 52 more in the header.
const MAX_STORED: u128 = (1 << (64 + 62 - HIGH_SHIFT)) - 1;

fn meta(depth: u32, side: u8, paths: bool) -> u64 {
    VALID | (depth as u64 & 0xFF) | (side as u64 & 1) << 8 | (paths as u64) << 9
}

impl<K: TranspositionKey> TranspositionTable<K> {
    /// Words an entry: header, key, count.
    const ENTRY: usize = K::WORDS + 2;

    /// A table of at most `megabytes` MiB (rounded down to a power of two of buckets); at
    /// least one bucket. `None` when the memory cannot be had.
    pub fn new(megabytes: usize) -> Option<TranspositionTable<K>> {
        let bytes = megabytes.saturating_mul(1 << 20);
        let buckets = (bytes / (2 * Self::ENTRY * 8)).max(1);
        let buckets = 1usize << (usize::BITS - 1 - buckets.leading_zeros());
        Some(TranspositionTable {
            words: Words::zeroed(buckets * 2 * Self::ENTRY)?,
            bucket_mask: buckets as u64 - 1,
            _key: PhantomData,
        })
    }

    /// Empties the table (every word written: its pages are then in memory, so that a search
    /// timed after it does not also time the page faults).
    pub fn clear(&self) {
        for w in self.words.iter() {
            w.store(0, Ordering::Relaxed);
        }
    }

    /// Number of entries.
    pub fn entries(&self) -> usize {
        self.words.len() / Self::ENTRY
    }

    /// Number of entries holding a count (the whole table read).
    pub fn filled(&self) -> usize {
        self.words
            .chunks(Self::ENTRY)
            .filter(|e| e[0].load(Ordering::Relaxed) & VALID != 0)
            .count()
    }

    /// Entry `i` of the bucket of a position hashed to `hash` at `depth`: each depth has its
    /// own bucket, so that a position met at many depths (kings going to and fro) does not
    /// make its own entries evict one another.
    fn entry(&self, hash: u64, depth: u32, i: usize) -> &[AtomicU64] {
        let bucket = bucket_of(hash, depth) & self.bucket_mask;
        let start = (bucket as usize * 2 + i) * Self::ENTRY;
        &self.words[start..start + Self::ENTRY]
    }

    /// The stored count of the position `key` with `side` (0 or 1) to move at `depth`, if
    /// present.
    #[inline]
    pub fn probe(&self, key: &K, side: u8, hash: u64, depth: u32, paths: bool) -> Option<u128> {
        let want = meta(depth, side, paths);
        for i in 0..2 {
            let e = self.entry(hash, depth, i);
            let m = e[0].load(Ordering::Acquire);
            if m & META != want {
                continue; // empty, locked, or another depth, side or count
            }
            if e[0]
                .compare_exchange(m, m | LOCK, Ordering::Acquire, Ordering::Relaxed)
                .is_err()
            {
                continue;
            }
            let same = (0..K::WORDS).all(|w| e[1 + w].load(Ordering::Relaxed) == key.word(w));
            let low = e[K::WORDS + 1].load(Ordering::Relaxed);
            e[0].store(m, Ordering::Release);
            if same {
                let high = (m & !META) >> HIGH_SHIFT;
                return Some((high as u128) << 64 | low as u128);
            }
        }
        None
    }

    /// The stored count of the position in `slot` at `depth`, if present.
    #[inline]
    pub fn probe_slot(&self, slot: &TranspositionSlot<K>, depth: u32) -> Option<u128> {
        self.probe(&slot.key, slot.side, slot.hash, depth, slot.paths)
    }

    /// Stores the count of the position in `slot` at `depth` (counts of 2^116 or more are not
    /// stored).
    #[inline]
    pub fn store_slot(&self, slot: &TranspositionSlot<K>, depth: u32, count: u128) {
        self.store(&slot.key, slot.side, slot.hash, depth, slot.paths, count);
    }

    /// Stores the count of the position `key` with `side` to move at `depth` (counts of 2^116
    /// or more are not stored: the header holds the bits above the count word's 64).
    #[inline]
    pub fn store(&self, key: &K, side: u8, hash: u64, depth: u32, paths: bool, count: u128) {
        if count > MAX_STORED {
            return;
        }
        let high = ((count >> 64) as u64) << HIGH_SHIFT;
        // Slot 0 keeps the deepest count seen; everything else goes to slot 1.
        let first = &self.entry(hash, depth, 0)[0];
        let m0 = first.load(Ordering::Relaxed);
        let slot = if m0 & VALID == 0 || (m0 & 0xFF) as u32 <= depth {
            0
        } else {
            1
        };
        let e = self.entry(hash, depth, slot);
        let m = e[0].load(Ordering::Relaxed);
        if m & LOCK != 0
            || e[0]
                .compare_exchange(m, m | LOCK, Ordering::Acquire, Ordering::Relaxed)
                .is_err()
        {
            return; // another thread is at it: skip this store
        }
        for w in 0..K::WORDS {
            e[1 + w].store(key.word(w), Ordering::Relaxed);
        }
        e[K::WORDS + 1].store(count as u64, Ordering::Relaxed);
        e[0].store(meta(depth, side, paths) | high, Ordering::Release);
    }
}
