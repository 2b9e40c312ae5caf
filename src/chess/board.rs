//! The board of the chess family: files x ranks of points (or squares) in a 128-bit bitboard,
//! point `rank * files + file` with a1 = 0 at the first side's lower-left; the eight line
//! directions with their rays; point names (`e1`, `a10`) and rectangles (`d1-f3`).

/// A set of points.
pub type Bitboard = u128;

/// The most points a board may have (the bitboard's width).
pub const MAX_POINTS: u32 = 128;

/// The eight line directions, as (file step, rank step) seen from the first side (rank up).
pub const DIRECTIONS: [(i32, i32); 8] = [
    (0, 1),   // north: toward the second side
    (1, 0),   // east
    (1, 1),   // north-east
    (-1, 1),  // north-west
    (0, -1),  // south
    (-1, 0),  // west
    (-1, -1), // south-west
    (1, -1),  // south-east
];

/// Directions 0..4 run toward higher point indices (the first blocker is the lowest bit).
#[inline(always)]
pub const fn ascending(dir: usize) -> bool {
    dir < 4
}

/// The direction opposite `dir`.
#[inline(always)]
pub const fn opposite(dir: usize) -> usize {
    dir ^ 4
}

/// The index of a line direction, if (df, dr) is a multiple of one.
pub fn direction_of(df: i32, dr: i32) -> Option<usize> {
    let (sf, sr) = (df.signum(), dr.signum());
    if (df != 0 && dr != 0 && df.abs() != dr.abs()) || (df == 0 && dr == 0) {
        return None;
    }
    DIRECTIONS.iter().position(|&d| d == (sf, sr))
}

/// Every single-point set, looked up (a 128-bit shift is a branch on most machines).
static BITS: [Bitboard; 128] = {
    let mut t = [0; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = 1u128 << i;
        i += 1;
    }
    t
};

/// A bit.
#[inline(always)]
pub fn bit(point: u32) -> Bitboard {
    BITS[point as usize & 127]
}

/// The lowest point of a non-empty set.
#[inline(always)]
pub fn lowest(bb: Bitboard) -> u32 {
    bb.trailing_zeros()
}

/// The highest point of a non-empty set.
#[inline(always)]
pub fn highest(bb: Bitboard) -> u32 {
    127 - bb.leading_zeros()
}

/// The board: its size and rays.
#[derive(Clone, Debug)]
pub struct Board {
    files: u32,
    ranks: u32,
    all: Bitboard,
    /// `rays[point][dir]`: the points from `point` (excluded) to the edge along `dir`.
    rays: Box<[[Bitboard; 8]; 128]>,
}

impl Board {
    /// A board of `files` x `ranks` points; `None` when it does not fit the bitboard.
    pub fn new(files: u32, ranks: u32) -> Option<Board> {
        if files == 0
            || ranks == 0
            || files > 26
            || u64::from(files) * u64::from(ranks) > u64::from(MAX_POINTS)
        {
            return None;
        }
        let count = files * ranks;
        let all = if count == 128 {
            !0
        } else {
            (1u128 << count) - 1
        };
        let mut board = Board {
            files,
            ranks,
            all,
            rays: Box::new([[0; 8]; 128]),
        };
        for p in 0..count {
            for (d, &(df, dr)) in DIRECTIONS.iter().enumerate() {
                let mut ray = 0;
                let mut q = board.offset(p, df, dr);
                while let Some(x) = q {
                    ray |= bit(x);
                    q = board.offset(x, df, dr);
                }
                board.rays[p as usize][d] = ray;
            }
        }
        Some(board)
    }

    /// Number of files (columns).
    pub fn files(&self) -> u32 {
        self.files
    }

    /// Number of ranks (rows).
    pub fn ranks(&self) -> u32 {
        self.ranks
    }

    /// Number of points.
    pub fn points(&self) -> u32 {
        self.files * self.ranks
    }

    /// Every point of the board.
    #[inline(always)]
    pub fn all(&self) -> Bitboard {
        self.all
    }

    /// The point at (file, rank), both 0-based.
    pub fn point(&self, file: u32, rank: u32) -> u32 {
        rank * self.files + file
    }

    /// (file, rank) of a point, both 0-based.
    pub fn coordinates(&self, point: u32) -> (u32, u32) {
        (point % self.files, point / self.files)
    }

    /// The point `df` files and `dr` ranks away, if on the board.
    pub fn offset(&self, point: u32, df: i32, dr: i32) -> Option<u32> {
        let (f, r) = self.coordinates(point);
        let (f, r) = (f as i32 + df, r as i32 + dr);
        (f >= 0 && r >= 0 && f < self.files as i32 && r < self.ranks as i32)
            .then(|| self.point(f as u32, r as u32))
    }

    /// The ray from `point` (excluded) to the edge along direction `dir`.
    #[inline(always)]
    pub fn ray(&self, point: u32, dir: usize) -> Bitboard {
        self.rays[point as usize & 127][dir & 7]
    }

    /// The points strictly between two points on one line (empty if not on one line).
    pub fn between(&self, a: u32, b: u32) -> Bitboard {
        let (fa, ra) = self.coordinates(a);
        let (fb, rb) = self.coordinates(b);
        match direction_of(fb as i32 - fa as i32, rb as i32 - ra as i32) {
            Some(d) => self.ray(a, d) & !self.ray(b, d) & !bit(b),
            None => 0,
        }
    }

    /// The name of a point: file letter and rank from 1 (`e1`, `a10`).
    pub fn name(&self, point: u32) -> String {
        let (f, r) = self.coordinates(point);
        format!("{}{}", (b'a' + f as u8) as char, r + 1)
    }

    /// Reads a point name with ranks from `first_rank` (1 for `e1`, 0 for UCCI's `e0`).
    pub fn parse_point(&self, text: &str, first_rank: u32) -> Result<u32, String> {
        let mut chars = text.chars();
        let file = chars
            .next()
            .filter(|c| c.is_ascii_lowercase())
            .ok_or_else(|| format!("`{text}` is not a point like `e1`"))?;
        let file = file as u32 - 'a' as u32;
        let rank: u32 = chars
            .as_str()
            .parse()
            .map_err(|_| format!("`{text}` is not a point like `e1`"))?;
        if file >= self.files || rank < first_rank || rank - first_rank >= self.ranks {
            let last = (b'a' + self.files as u8 - 1) as char;
            return Err(format!(
                "`{text}` is not on the board (files a-{last}, ranks {}-{})",
                first_rank,
                first_rank + self.ranks - 1
            ));
        }
        Ok(self.point(file, rank - first_rank))
    }

    /// Reads a region item: a point (`e1`) or a rectangle between two corners (`d1-f3`).
    pub fn parse_points(&self, text: &str) -> Result<Bitboard, String> {
        let text = text.trim();
        if let Some((a, b)) = text.split_once('-') {
            let a = self.parse_point(a.trim(), 1)?;
            let b = self.parse_point(b.trim(), 1)?;
            let ((fa, ra), (fb, rb)) = (self.coordinates(a), self.coordinates(b));
            let mut set = 0;
            for f in fa.min(fb)..=fa.max(fb) {
                for r in ra.min(rb)..=ra.max(rb) {
                    set |= bit(self.point(f, r));
                }
            }
            return Ok(set);
        }
        self.parse_point(text, 1).map(bit)
    }

    /// The points of a set, lowest first.
    pub fn iter(bb: Bitboard) -> impl Iterator<Item = u32> {
        let mut rest = bb;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let p = lowest(rest);
                rest &= rest - 1;
                p
            })
        })
    }
}
