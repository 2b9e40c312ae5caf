//! The board of the chess family: files x ranks of points (or squares), point
//! `rank * files + file` with a1 = 0 at the first side's lower-left, in a set of the
//! variant's width ([`Set`]); the line vectors its riders follow (the eight directions, and
//! the knight's or camel's lines of a nightrider or camelrider), each with its rays; point
//! names (`e1`, `a10`), rectangles (`d1-f3`) and the colours of squares.

use super::bitboard::Set;

/// The eight line directions, as (file step, rank step) seen from the first side (rank up).
/// They are the first eight vectors of every board, in this order.
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

/// The most line vectors a board follows (8 directions, 8 knight lines, camel and zebra
/// lines, and the longer steps along the directions need 48); vector sets are 64-bit masks.
pub const MAX_VECTORS: usize = 64;

/// No point: the end of a line, an empty square field.
pub const NO_POINT: u8 = u8::MAX;

/// The board: its size, its line vectors and their rays.
#[derive(Clone, Debug)]
pub struct Geometry<B: Set> {
    files: u32,
    ranks: u32,
    all: B,
    /// The points that are not part of the board (`[board] holes`).
    holes: B,
    /// The line vectors: [`DIRECTIONS`] first.
    vectors: Vec<(i32, i32)>,
    /// The vector opposite each.
    opposite: [u8; MAX_VECTORS],
    /// Bit `v`: vector `v` runs toward higher points (its first blocker is the lowest).
    ascending: u64,
    /// `rays[point][v]`: the points from `point` (excluded) to the edge along vector `v`,
    /// one step at a time.
    rays: Box<[[B; MAX_VECTORS]; 128]>,
    /// `steps[point][v]`: the next point along `v`, or [`NO_POINT`].
    steps: Box<[[u8; MAX_VECTORS]; 128]>,
    /// `joins[a * points + b]`: the vector whose line leads from `a` to `b`, or [`NO_POINT`]
    /// (the shortest such vector when several do).
    joins: Box<[u8]>,
    /// Whether two of the vectors run along one line (a longer step along a direction): then
    /// [`Geometry::between`] is that of the shortest.
    parallel: bool,
    /// The dark squares: those whose file and rank (from 0) add up to an even number (a1).
    dark: B,
    /// Each point's file (0-based).
    file_of: [u8; 128],
    /// Every point but those of file a, and every point but those of the last file.
    not_edge_files: [B; 2],
    /// What riders along files, ranks and diagonals see.
    lines: B::Lines,
}

impl<B: Set> Geometry<B> {
    /// A board of `files` x `ranks` points with the line vectors of [`DIRECTIONS`] and
    /// `extra` (each with its opposite); `None` when it does not fit the set.
    pub fn new(files: u32, ranks: u32, extra: &[(i32, i32)]) -> Option<Geometry<B>> {
        Geometry::with_holes(files, ranks, extra, 0)
    }

    /// [`Geometry::new`] without the points of `holes` (bits by point): nothing stands on
    /// them, no step lands on them and no ray passes them.
    pub fn with_holes(
        files: u32,
        ranks: u32,
        extra: &[(i32, i32)],
        holes: u128,
    ) -> Option<Geometry<B>> {
        if files == 0
            || ranks == 0
            || files > 26
            || u64::from(files) * u64::from(ranks) > u64::from(B::BITS)
        {
            return None;
        }
        let count = files * ranks;
        let full = if count == B::BITS {
            !B::ZERO
        } else {
            B::from_u128((1u128 << count) - 1)
        };
        let holes = B::from_u128(holes) & full;
        let all = full & !holes;
        let mut vectors = DIRECTIONS.to_vec();
        for &(df, dr) in extra {
            for v in [(df, dr), (-df, -dr)] {
                if !vectors.contains(&v) && vectors.len() < 48 {
                    vectors.push(v);
                }
            }
        }
        let mut opposite = [NO_POINT; MAX_VECTORS];
        let mut ascending = 0u64;
        for (i, &(df, dr)) in vectors.iter().enumerate() {
            opposite[i] = vectors
                .iter()
                .position(|&w| w == (-df, -dr))
                .expect("each vector with its opposite") as u8;
            if dr > 0 || (dr == 0 && df > 0) {
                ascending |= 1 << i;
            }
        }
        let points = count as usize;
        let mut board = Geometry {
            files,
            ranks,
            all,
            holes,
            vectors,
            opposite,
            ascending,
            rays: Box::new([[B::ZERO; MAX_VECTORS]; 128]),
            steps: Box::new([[NO_POINT; MAX_VECTORS]; 128]),
            joins: vec![NO_POINT; points * points].into_boxed_slice(),
            parallel: false,
            dark: B::ZERO,
            file_of: [0; 128],
            not_edge_files: [B::ZERO; 2],
            lines: <B::Lines as super::bitboard::LineAttacks<B>>::new(0, &|_, _| B::ZERO),
        };
        for p in 0..count {
            if board.holes.holds(p) {
                continue;
            }
            let (f, r) = board.coordinates(p);
            board.file_of[p as usize] = f as u8;
            if (f + r) % 2 == 0 {
                board.dark |= B::one(p);
            }
            for v in 0..board.vectors.len() {
                let (df, dr) = board.vectors[v];
                let mut ray = B::ZERO;
                let mut q = board.offset(p, df, dr);
                if let Some(x) = q {
                    board.steps[p as usize][v] = x as u8;
                }
                while let Some(x) = q {
                    ray |= B::one(x);
                    {
                        let j = &mut board.joins[p as usize * points + x as usize];
                        if *j == NO_POINT {
                            *j = v as u8;
                        } else {
                            board.parallel = true;
                            let (of, or) = board.vectors[*j as usize];
                            if df.abs().max(dr.abs()) < of.abs().max(or.abs()) {
                                *j = v as u8;
                            }
                        }
                    }
                    q = board.offset(x, df, dr);
                }
                board.rays[p as usize][v] = ray;
            }
        }
        board.not_edge_files = [all & !board.file_set(0), all & !board.file_set(files - 1)];
        let rays = |p: u32, d: usize| board.ray(p, d);
        board.lines = <B::Lines as super::bitboard::LineAttacks<B>>::new(count, &rays);
        Some(board)
    }

    /// The points that are not part of the board.
    pub fn holes(&self) -> B {
        self.holes
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
    pub fn all(&self) -> B {
        self.all
    }

    /// The dark squares (a1's colour).
    #[inline(always)]
    pub fn dark(&self) -> B {
        self.dark
    }

    /// The line vectors, [`DIRECTIONS`] first.
    pub fn vectors(&self) -> &[(i32, i32)] {
        &self.vectors
    }

    /// The index of a vector, if the board follows it.
    pub fn vector_index(&self, v: (i32, i32)) -> Option<usize> {
        self.vectors.iter().position(|&w| w == v)
    }

    /// The vector opposite `v`.
    #[inline(always)]
    pub fn opposite(&self, v: usize) -> usize {
        self.opposite[v & (MAX_VECTORS - 1)] as usize
    }

    /// Whether vector `v` runs toward higher points.
    #[inline(always)]
    pub fn ascending(&self, v: usize) -> bool {
        self.ascending >> (v & 63) & 1 != 0
    }

    /// The first point of a non-empty set of points on a ray along `v`.
    #[inline(always)]
    pub fn first(&self, set: B, v: usize) -> u32 {
        set.first(self.ascending(v))
    }

    /// Whether two vectors run along one line.
    pub fn has_parallel_vectors(&self) -> bool {
        self.parallel
    }

    /// What riders along files, ranks and diagonals see.
    #[inline(always)]
    pub fn lines(&self) -> &B::Lines {
        &self.lines
    }

    /// The point at (file, rank), both 0-based.
    pub fn point(&self, file: u32, rank: u32) -> u32 {
        rank * self.files + file
    }

    /// (file, rank) of a point, both 0-based.
    pub fn coordinates(&self, point: u32) -> (u32, u32) {
        (point % self.files, point / self.files)
    }

    /// The file of a point (0-based), looked up.
    #[inline(always)]
    pub fn file(&self, point: u32) -> u32 {
        self.file_of[point as usize & 127] as u32
    }

    /// Every point but those of file a (`0`) or of the last file (`1`).
    #[inline(always)]
    pub fn not_edge_file(&self, which: usize) -> B {
        self.not_edge_files[which & 1]
    }

    /// The points of file `file` (0-based).
    pub fn file_set(&self, file: u32) -> B {
        (0..self.ranks).fold(B::ZERO, |acc, r| acc | B::one(self.point(file, r)))
    }

    /// The point `df` files and `dr` ranks away, if on the board.
    pub fn offset(&self, point: u32, df: i32, dr: i32) -> Option<u32> {
        let (f, r) = self.coordinates(point);
        let (f, r) = (f as i32 + df, r as i32 + dr);
        (f >= 0 && r >= 0 && f < self.files as i32 && r < self.ranks as i32)
            .then(|| self.point(f as u32, r as u32))
            .filter(|&q| !self.holes.holds(q))
    }

    /// The ray from `point` (excluded) to the edge along vector `v`.
    #[inline(always)]
    pub fn ray(&self, point: u32, v: usize) -> B {
        self.rays[point as usize & 127][v & (MAX_VECTORS - 1)]
    }

    /// The next point from `point` along vector `v`, or [`NO_POINT`].
    #[inline(always)]
    pub fn step(&self, point: u32, v: usize) -> u32 {
        self.steps[point as usize & 127][v & (MAX_VECTORS - 1)] as u32
    }

    /// The points strictly between `a` and `b` along the ray of `v` from `a` (`b` on it).
    #[inline(always)]
    pub fn between_along(&self, a: u32, b: u32, v: usize) -> B {
        self.ray(a, v) & !self.ray(b, v) & !B::one(b)
    }

    /// The vector whose line leads from `a` to `b`, if any.
    #[inline(always)]
    pub fn join(&self, a: u32, b: u32) -> Option<usize> {
        let n = self.points() as usize;
        let j = self.joins[(a as usize * n + b as usize) % self.joins.len().max(1)];
        (j != NO_POINT).then_some(j as usize)
    }

    /// The points strictly between two points on one line of the board's vectors (empty if
    /// none joins them).
    #[inline(always)]
    pub fn between(&self, a: u32, b: u32) -> B {
        match self.join(a, b) {
            Some(v) => self.between_along(a, b, v),
            None => B::ZERO,
        }
    }

    /// The name of a point: file letter and rank from 1 (`e1`, `a10`).
    pub fn name(&self, point: u32) -> String {
        self.grid().name(point)
    }

    /// Reads a point name with ranks from `first_rank` (1 for `e1`, 0 for UCCI's `e0`).
    pub fn parse_point(&self, text: &str, first_rank: u32) -> Result<u32, String> {
        self.grid().parse_point(text, first_rank)
    }

    /// Reads a region item: a point (`e1`) or a rectangle between two corners (`d1-f3`).
    pub fn parse_points(&self, text: &str) -> Result<B, String> {
        self.grid().parse_points(text).map(B::from_u128)
    }

    /// The board's size, for naming points.
    pub fn grid(&self) -> Grid {
        Grid {
            files: self.files,
            ranks: self.ranks,
        }
    }

    /// The points of rank `rank` (0-based).
    pub fn rank_set(&self, rank: u32) -> B {
        (0..self.files).fold(B::ZERO, |acc, f| acc | B::one(self.point(f, rank)))
    }
}

/// The index of a line direction, if (df, dr) is a multiple of one.
pub fn direction_of(df: i32, dr: i32) -> Option<usize> {
    let (sf, sr) = (df.signum(), dr.signum());
    if (df != 0 && dr != 0 && df.abs() != dr.abs()) || (df == 0 && dr == 0) {
        return None;
    }
    DIRECTIONS.iter().position(|&d| d == (sf, sr))
}

/// A board's size: what naming and reading points needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    /// Number of files.
    pub files: u32,
    /// Number of ranks.
    pub ranks: u32,
}

impl Grid {
    /// The point at (file, rank), both 0-based.
    pub fn point(&self, file: u32, rank: u32) -> u32 {
        rank * self.files + file
    }

    /// (file, rank) of a point, both 0-based.
    pub fn coordinates(&self, point: u32) -> (u32, u32) {
        (point % self.files, point / self.files)
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
        let rest = chars.as_str();
        let rank: u32 = if !rest.is_empty() && rest.len() <= 3 {
            rest.parse()
                .map_err(|_| format!("`{text}` is not a point like `e1`"))?
        } else {
            return Err(format!("`{text}` is not a point like `e1`"));
        };
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
    pub fn parse_points(&self, text: &str) -> Result<u128, String> {
        let text = text.trim();
        if let Some((a, b)) = text.split_once('-') {
            let a = self.parse_point(a.trim(), 1)?;
            let b = self.parse_point(b.trim(), 1)?;
            let ((fa, ra), (fb, rb)) = (self.coordinates(a), self.coordinates(b));
            let mut set = 0u128;
            for f in fa.min(fb)..=fa.max(fb) {
                for r in ra.min(rb)..=ra.max(rb) {
                    set |= 1u128 << self.point(f, r);
                }
            }
            return Ok(set);
        }
        self.parse_point(text, 1).map(|p| 1u128 << p)
    }
}
