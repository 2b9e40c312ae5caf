//! The chess family's sets of points: a 64-bit set where the board has at most 64 points
//! (chess, Makruk, Shatranj, Minixiangqi), a 128-bit one otherwise (Xiangqi, Capablanca,
//! Courier). The width is chosen once, when a variant is loaded ([`crate::variant::Variant`]); each
//! width brings its mailbox and its way of finding what a rider sees along the lines
//! ([`LineAttacks`]).

pub use crate::bits::Bits;

/// The most points a board may have (the wider set's width).
pub const MAX_POINTS: u32 = 128;

/// A set of points the chess family plays on.
pub trait Set: Bits {
    /// The piece type on each point (`u8::MAX` for none): an array as long as the set is wide.
    type Mailbox: Copy
        + Eq
        + std::hash::Hash
        + std::fmt::Debug
        + Send
        + Sync
        + AsRef<[u8]>
        + AsMut<[u8]>;
    /// What the riders along files, ranks and diagonals see, compiled for a board.
    type Lines: LineAttacks<Self>;
    /// A mailbox with every point empty.
    const EMPTY_MAILBOX: Self::Mailbox;
    /// The set of one point, fast (a lookup where a shift would branch).
    fn one(point: u32) -> Self;
    /// Whether the set holds `point` (by [`Set::one`], no variable shift of the wide set).
    #[inline(always)]
    fn holds(self, point: u32) -> bool {
        !(self & Self::one(point)).is_empty()
    }
    /// The piece type on `point` (the index is masked to the mailbox, so never out of bounds).
    fn at(mailbox: &Self::Mailbox, point: u32) -> u8;
    /// Sets the piece type on `point`.
    fn set_at(mailbox: &mut Self::Mailbox, point: u32, kind: u8);
    /// Every point moved `by` points up (down when negative); points moved past either end
    /// are dropped.
    fn shift(self, by: i32) -> Self;
    /// The two's complement, as a number (`x & x.wrapping_neg_set()` is the lowest point).
    fn wrapping_neg_set(self) -> Self;
    /// The sum, as numbers, wrapping.
    fn wrapping_add_set(self, other: Self) -> Self;
    /// One less, as a number, wrapping (every point below the lowest, and it cleared).
    fn wrapping_sub_one(self) -> Self;
    /// The first point of a non-empty set met along a line that runs toward higher points
    /// (`ascending`) or lower ones.
    #[inline(always)]
    fn first(self, ascending: bool) -> u32 {
        if ascending {
            self.lowest()
        } else {
            self.highest()
        }
    }
}

/// What riders along the eight line directions see: every point up to and including the
/// first occupied one, orthogonally (rook lines) or diagonally (bishop lines).
pub trait LineAttacks<B>: Clone + std::fmt::Debug + Send + Sync {
    /// Compiled for a board, from its rays: `rays(point, direction)` for the directions of
    /// [`super::geometry::DIRECTIONS`].
    fn new(points: u32, rays: &dyn Fn(u32, usize) -> B) -> Self;
    /// Along files and ranks from `point`, with `occupied` blocking.
    fn orthogonal(&self, point: u32, occupied: B) -> B;
    /// Along the diagonals.
    fn diagonal(&self, point: u32, occupied: B) -> B;
}

/// Line attacks from the rays alone: each of four directions finds its first blocker by a
/// bit scan. Used for 128-bit sets, and for 64-bit ones where the CPU has no PEXT.
#[derive(Clone, Debug)]
pub struct RayLines<B> {
    /// `rays[point * 8 + direction]`.
    rays: Box<[B]>,
}

impl<B: Set> RayLines<B> {
    #[inline(always)]
    fn ray(&self, point: u32, d: usize) -> B {
        self.rays[(point as usize & 127) * 8 + (d & 7)]
    }

    /// The points seen from `point` along direction `d` (0..4 ascending, 4..8 descending).
    #[inline(always)]
    fn seen(&self, point: u32, d: usize, occupied: B) -> B {
        let ray = self.ray(point, d);
        let blockers = ray & occupied;
        if blockers.is_empty() {
            ray
        } else {
            ray & !self.ray(blockers.first(d < 4), d)
        }
    }
}

impl<B: Set> LineAttacks<B> for RayLines<B> {
    fn new(points: u32, rays: &dyn Fn(u32, usize) -> B) -> Self {
        let mut all = vec![B::ZERO; 128 * 8];
        for p in 0..points {
            for d in 0..8 {
                all[p as usize * 8 + d] = rays(p, d);
            }
        }
        RayLines {
            rays: all.into_boxed_slice(),
        }
    }

    #[inline(always)]
    fn orthogonal(&self, point: u32, occupied: B) -> B {
        // Directions: 0 north, 1 east, 4 south, 5 west.
        self.seen(point, 0, occupied)
            | self.seen(point, 1, occupied)
            | self.seen(point, 4, occupied)
            | self.seen(point, 5, occupied)
    }

    #[inline(always)]
    fn diagonal(&self, point: u32, occupied: B) -> B {
        self.seen(point, 2, occupied)
            | self.seen(point, 3, occupied)
            | self.seen(point, 6, occupied)
            | self.seen(point, 7, occupied)
    }
}

/// Line attacks by obstruction difference: for each point and each of its four lines (the
/// rank, the file, the two diagonals), the part of the line above the point and the part
/// below; the first blocker above is the lowest set bit of the occupied part above, the first
/// below the highest of the part below, and the points up to each come out of one addition,
/// with no branch. Used for 128-bit sets.
#[derive(Clone, Debug)]
pub struct DiffLines<B> {
    /// `masks[point][line]`: (the line below the point, the line above it); lines 0 and 1
    /// are the rank and the file, 2 and 3 the diagonals.
    masks: Box<[[(B, B); 4]; 128]>,
    /// `from[n]`: every point from `n` upward.
    from: Box<[B; 128]>,
}

impl<B: Set> DiffLines<B> {
    #[inline(always)]
    fn line(&self, point: u32, line: usize, occupied: B) -> B {
        let (below, above) = self.masks[point as usize & 127][line & 3];
        let upper = occupied & above;
        let lower = occupied & below;
        // The lowest blocker above, doubled (0 when none: then every point above counts).
        let first_above = upper & upper.wrapping_neg_set();
        let up_to = first_above.wrapping_add_set(first_above).wrapping_sub_one();
        let down_to = self.from[(lower | B::one(0)).highest() as usize & 127];
        (above & up_to) | (below & down_to)
    }
}

impl<B: Set> LineAttacks<B> for DiffLines<B> {
    fn new(points: u32, rays: &dyn Fn(u32, usize) -> B) -> Self {
        let mut masks = vec![[(B::ZERO, B::ZERO); 4]; 128];
        for p in 0..points {
            // (descending, ascending) directions of each line: west/east, south/north,
            // south-west/north-east, south-east/north-west.
            for (line, (down, up)) in [(5, 1), (4, 0), (6, 2), (7, 3)].into_iter().enumerate() {
                masks[p as usize][line] = (rays(p, down), rays(p, up));
            }
        }
        let mut from = [B::ZERO; 128];
        let mut all = !B::ZERO;
        for f in from.iter_mut() {
            *f = all;
            all = all & !B::one(all.lowest());
        }
        DiffLines {
            masks: masks.into_boxed_slice().try_into().expect("128 points"),
            from: Box::new(from),
        }
    }

    #[inline(always)]
    fn orthogonal(&self, point: u32, occupied: B) -> B {
        self.line(point, 0, occupied) | self.line(point, 1, occupied)
    }

    #[inline(always)]
    fn diagonal(&self, point: u32, occupied: B) -> B {
        self.line(point, 2, occupied) | self.line(point, 3, occupied)
    }
}

/// Line attacks of a 64-bit board by PEXT: for each point and each of the two kinds of line,
/// the points that can block (the rays without their last point) select, by parallel bit
/// extraction of the occupied points, an entry of a table built once for the board.
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
#[derive(Clone, Debug)]
pub struct PextLines {
    /// Per point: (blocker mask, offset into `table`) for rook lines, then for bishop lines.
    masks: Box<[[(u64, u32); 2]; 64]>,
    table: Box<[u64]>,
}

#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
impl PextLines {
    #[inline(always)]
    fn lookup(&self, point: u32, kind: usize, occupied: u64) -> u64 {
        let (mask, offset) = self.masks[point as usize & 63][kind];
        // SAFETY: the target has BMI2 (this item is only compiled with it).
        let index = unsafe { core::arch::x86_64::_pext_u64(occupied, mask) };
        // The table holds 2^popcount(mask) entries from `offset` for this point: `index` is
        // below that by construction of PEXT.
        self.table[offset as usize + index as usize]
    }
}

#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
impl LineAttacks<u64> for PextLines {
    fn new(points: u32, rays: &dyn Fn(u32, usize) -> u64) -> Self {
        let mut masks = Box::new([[(0u64, 0u32); 2]; 64]);
        let mut table = Vec::new();
        for p in 0..points.min(64) {
            for (kind, dirs) in [[0usize, 1, 4, 5], [2, 3, 6, 7]].iter().enumerate() {
                // The last point of each ray never blocks anything beyond it.
                let mask = dirs.iter().fold(0u64, |acc, &d| {
                    let ray = rays(p, d);
                    let last = if ray == 0 {
                        0
                    } else if d < 4 {
                        1u64 << (63 - ray.leading_zeros())
                    } else {
                        1u64 << ray.trailing_zeros()
                    };
                    acc | (ray & !last)
                });
                masks[p as usize][kind] = (mask, table.len() as u32);
                let n = 1u64 << mask.count_ones();
                for index in 0..n {
                    // SAFETY: BMI2 is present (cfg above).
                    let occupied = unsafe { core::arch::x86_64::_pdep_u64(index, mask) };
                    let seen = dirs.iter().fold(0u64, |acc, &d| {
                        let ray = rays(p, d);
                        let blockers = ray & occupied;
                        acc | if blockers == 0 {
                            ray
                        } else {
                            let b = if d < 4 {
                                blockers.trailing_zeros()
                            } else {
                                63 - blockers.leading_zeros()
                            };
                            ray & !rays(b, d)
                        }
                    });
                    table.push(seen);
                }
            }
        }
        PextLines {
            masks,
            table: table.into_boxed_slice(),
        }
    }

    #[inline(always)]
    fn orthogonal(&self, point: u32, occupied: u64) -> u64 {
        self.lookup(point, 0, occupied)
    }

    #[inline(always)]
    fn diagonal(&self, point: u32, occupied: u64) -> u64 {
        self.lookup(point, 1, occupied)
    }
}

/// Every single-point set of 128 bits, looked up (a 128-bit shift is a branch on most machines).
static BITS: [u128; 128] = {
    let mut t = [0; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = 1u128 << i;
        i += 1;
    }
    t
};

impl Set for u64 {
    type Mailbox = [u8; 64];
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    type Lines = PextLines;
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    type Lines = RayLines<u64>;
    const EMPTY_MAILBOX: [u8; 64] = [u8::MAX; 64];
    #[inline(always)]
    fn one(point: u32) -> u64 {
        1u64 << (point & 63)
    }
    #[inline(always)]
    fn at(mailbox: &[u8; 64], point: u32) -> u8 {
        mailbox[point as usize & 63]
    }
    #[inline(always)]
    fn set_at(mailbox: &mut [u8; 64], point: u32, kind: u8) {
        mailbox[point as usize & 63] = kind;
    }
    #[inline(always)]
    fn wrapping_neg_set(self) -> u64 {
        self.wrapping_neg()
    }
    #[inline(always)]
    fn wrapping_add_set(self, other: u64) -> u64 {
        self.wrapping_add(other)
    }
    #[inline(always)]
    fn wrapping_sub_one(self) -> u64 {
        self.wrapping_sub(1)
    }
    #[inline(always)]
    fn shift(self, by: i32) -> u64 {
        if by >= 0 {
            self << (by as u32 & 63)
        } else {
            self >> (by.unsigned_abs() & 63)
        }
    }
}

impl Set for u128 {
    type Mailbox = [u8; 128];
    type Lines = DiffLines<u128>;
    const EMPTY_MAILBOX: [u8; 128] = [u8::MAX; 128];
    #[inline(always)]
    fn one(point: u32) -> u128 {
        BITS[point as usize & 127]
    }
    #[inline(always)]
    fn at(mailbox: &[u8; 128], point: u32) -> u8 {
        mailbox[point as usize & 127]
    }
    #[inline(always)]
    fn set_at(mailbox: &mut [u8; 128], point: u32, kind: u8) {
        mailbox[point as usize & 127] = kind;
    }
    #[inline(always)]
    fn wrapping_neg_set(self) -> u128 {
        self.wrapping_neg()
    }
    #[inline(always)]
    fn wrapping_add_set(self, other: u128) -> u128 {
        self.wrapping_add(other)
    }
    #[inline(always)]
    fn wrapping_sub_one(self) -> u128 {
        self.wrapping_sub(1)
    }
    #[inline(always)]
    fn shift(self, by: i32) -> u128 {
        if by >= 0 {
            self << (by as u32 & 127)
        } else {
            self >> (by.unsigned_abs() & 127)
        }
    }
}
