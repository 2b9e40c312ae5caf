//! Board geometry: the playable squares of a draughts board laid out in a bitboard of 64 bits,
//! or of 128 where the board needs more (12x12).
//!
//! Two layouts. A board of dark squares uses the padded layout below, whose diagonal steps are
//! shifts (what the fast generator needs). A board of all squares (Turkish) numbers its squares
//! row by row, one bit each. Either way the geometry also gives, for each square, the next
//! square along each of the eight [`Step`]s (diagonals, rows and columns), for the generator
//! that follows lines through tables.
//!
//! The dark squares are numbered internally in a padded layout: every pair of rows holds
//! `columns` squares followed by one unused "ghost" bit. With that padding each diagonal step is
//! a constant shift (`columns / 2` or `columns / 2 + 1` bits), and a step off the board lands on
//! a ghost bit or outside the board mask. An 8x8 board uses 35 bits, a 10x10 board 54, a
//! 12x12 board 78.
//!
//! Rows are counted from the top of the diagram (row 0 holds black's back rank, the side that
//! holds the low square numbers); white plays "up", toward row 0.

use super::schema::BoardSquares;
use crate::bits::Bits;

/// A direction along a line of the padded dark-square layout, as seen in the diagram (white
/// at the bottom): the four diagonals, then the rows and columns (a step along a row or a
/// column goes to the next dark square, two squares away). Left and right are the layout's
/// internal columns, mirrored on boards whose other corner is playable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Toward row 0 and the left edge (white's forward-left).
    UpLeft = 0,
    /// Toward row 0 and the right edge.
    UpRight = 1,
    /// Toward the last row and the left edge (black's forward-left, seen from white).
    DownLeft = 2,
    /// Toward the last row and the right edge.
    DownRight = 3,
    /// Along the column toward row 0.
    Up = 4,
    /// Along the column toward the last row.
    Down = 5,
    /// Along the row toward the left edge.
    Left = 6,
    /// Along the row toward the right edge.
    Right = 7,
}

impl Direction {
    /// The two directions across this one of the same kind of line (diagonal, or row and
    /// column).
    #[inline(always)]
    pub const fn across(self) -> [Direction; 2] {
        use Direction::*;
        match self {
            UpLeft | DownRight => [UpRight, DownLeft],
            UpRight | DownLeft => [UpLeft, DownRight],
            Up | Down => [Left, Right],
            Left | Right => [Up, Down],
        }
    }

    /// The four diagonal directions.
    pub const ALL: [Direction; 4] = [
        Direction::UpLeft,
        Direction::UpRight,
        Direction::DownLeft,
        Direction::DownRight,
    ];

    /// The four directions along rows and columns.
    pub const ORTHOGONAL: [Direction; 4] = [
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
    ];

    /// All eight, the diagonals first.
    pub const EIGHT: [Direction; 8] = [
        Direction::UpLeft,
        Direction::UpRight,
        Direction::DownLeft,
        Direction::DownRight,
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
    ];

    /// The opposite direction.
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::UpLeft => Direction::DownRight,
            Direction::UpRight => Direction::DownLeft,
            Direction::DownLeft => Direction::UpRight,
            Direction::DownRight => Direction::UpLeft,
            Direction::Up => Direction::Down,
            Direction::Down => Direction::Up,
            Direction::Left => Direction::Right,
            Direction::Right => Direction::Left,
        }
    }

    /// Whether a step in this direction goes toward the last row (black's forward).
    pub const fn is_down(self) -> bool {
        matches!(
            self,
            Direction::DownLeft | Direction::DownRight | Direction::Down
        )
    }

    /// Whether a step in this direction increases the bit index.
    pub const fn increases(self) -> bool {
        matches!(
            self,
            Direction::DownLeft | Direction::DownRight | Direction::Down | Direction::Right
        )
    }

    /// Along a diagonal (not a row or a column).
    pub const fn is_diagonal(self) -> bool {
        (self as u8) < 4
    }

    /// The change of (row, internal column) of one step.
    const fn delta(self) -> (i32, i32) {
        match self {
            Direction::UpLeft => (-1, -1),
            Direction::UpRight => (-1, 1),
            Direction::DownLeft => (1, -1),
            Direction::DownRight => (1, 1),
            Direction::Up => (-2, 0),
            Direction::Down => (2, 0),
            Direction::Left => (0, -2),
            Direction::Right => (0, 2),
        }
    }
}

/// One of the eight ways along a line from a square, as seen in the diagram (white at the
/// bottom). The first four are the diagonals in the order of [`Direction`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Diagonally toward the top-left.
    UpLeft = 0,
    /// Diagonally toward the top-right.
    UpRight = 1,
    /// Diagonally toward the bottom-left.
    DownLeft = 2,
    /// Diagonally toward the bottom-right.
    DownRight = 3,
    /// Along the column toward the top (white's forward).
    Up = 4,
    /// Along the column toward the bottom.
    Down = 5,
    /// Along the row toward the left.
    Left = 6,
    /// Along the row toward the right.
    Right = 7,
}

impl Step {
    /// All eight, diagonals first.
    pub const ALL: [Step; 8] = [
        Step::UpLeft,
        Step::UpRight,
        Step::DownLeft,
        Step::DownRight,
        Step::Up,
        Step::Down,
        Step::Left,
        Step::Right,
    ];

    /// The opposite way.
    pub const fn opposite(self) -> Step {
        match self {
            Step::UpLeft => Step::DownRight,
            Step::UpRight => Step::DownLeft,
            Step::DownLeft => Step::UpRight,
            Step::DownRight => Step::UpLeft,
            Step::Up => Step::Down,
            Step::Down => Step::Up,
            Step::Left => Step::Right,
            Step::Right => Step::Left,
        }
    }

    /// Along a diagonal (not a row or column).
    pub const fn is_diagonal(self) -> bool {
        (self as u8) < 4
    }

    /// Toward the top of the diagram (white's forward), toward the bottom, or neither.
    pub const fn vertical(self) -> i32 {
        match self {
            Step::UpLeft | Step::UpRight | Step::Up => -1,
            Step::DownLeft | Step::DownRight | Step::Down => 1,
            Step::Left | Step::Right => 0,
        }
    }

    /// The change of (row, real column) of one step on a board whose squares are `squares`.
    const fn delta(self, all: bool) -> (i32, i32) {
        let o = if all { 1 } else { 2 };
        match self {
            Step::UpLeft => (-1, -1),
            Step::UpRight => (-1, 1),
            Step::DownLeft => (1, -1),
            Step::DownRight => (1, 1),
            Step::Up => (-o, 0),
            Step::Down => (o, 0),
            Step::Left => (0, -o),
            Step::Right => (0, o),
        }
    }
}

/// No square: the edge of the board in a [`Geometry::next`] table.
pub const NO_SQUARE: u8 = u8::MAX;

/// Which corner square of the bottom row (white's left-hand corner) is playable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayableCorner {
    /// a1 is a dark, playable square (English, Russian, International, ...).
    LowerLeft,
    /// a1 is light; the lower-right corner is playable (Italian, Spanish).
    LowerRight,
}

/// Why a board cannot be laid out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GeometryError {
    /// The number of columns must be even so that every row has the same number of squares.
    #[error("a board needs an even number of columns, at least 4 (got {0})")]
    OddColumns(u32),
    /// Too few rows.
    #[error("a board needs at least 4 rows (got {0})")]
    TooFewRows(u32),
    /// A board of all squares has more than 128.
    #[error("a {columns}x{rows} board of all squares has {} squares, more than the 128 of the engine's widest layout", *columns as u64 * *rows as u64)]
    TooManySquares {
        /// Columns asked for.
        columns: u32,
        /// Rows asked for.
        rows: u32,
    },
    /// The padded layout does not fit into 128 bits.
    #[error(
        "a {columns}x{rows} board does not fit the engine's widest layout, 128 bits \
         (needs ceil(rows / 2) * (columns + 1) = {bits} bits)"
    )]
    TooLarge {
        /// Columns asked for.
        columns: u32,
        /// Rows asked for.
        rows: u32,
        /// Bits the layout would need.
        bits: u32,
    },
}

/// The geometry of one board: its squares, their numbers and the precomputed rays.
#[derive(Clone, Debug)]
pub struct Geometry {
    columns: u32,
    rows: u32,
    corner: PlayableCorner,
    all: bool,
    half: u32,
    mirrored: bool,
    squares: u128,
    /// One past the highest bit used.
    bits: u32,
    row_masks: Vec<u128>,
    number_to_bit: Vec<u8>,
    bit_to_number: [u8; 128],
    bit_to_coord: [(u8, u8); 128],
    /// The rays of the padded layout (the shift-based kernel) in every [`Direction`], every
    /// width.
    rays: Box<[[u128; 8]; 128]>,
    next: Box<[[u8; 8]; 128]>,
}

impl Geometry {
    /// Lays out a board of `columns` x `rows` squares with the given playable corner (a board
    /// of all squares has no unplayable corner).
    pub fn new(
        columns: u32,
        rows: u32,
        corner: PlayableCorner,
        squares: BoardSquares,
    ) -> Result<Self, GeometryError> {
        let all = squares == BoardSquares::All;
        if columns < 4 || (!all && !columns.is_multiple_of(2)) {
            return Err(GeometryError::OddColumns(columns));
        }
        if rows < 4 {
            return Err(GeometryError::TooFewRows(rows));
        }
        // In 64 bits: the sizes come from a rules file and may be anything up to `u32::MAX`
        // (a product that wrapped round would let a board of billions of squares through).
        if all && u64::from(columns) * u64::from(rows) > 128 {
            return Err(GeometryError::TooManySquares { columns, rows });
        }
        let bits = u64::from(rows.div_ceil(2)) * (u64::from(columns) + 1);
        if !all && bits > 128 {
            return Err(GeometryError::TooLarge {
                columns,
                rows,
                bits: u32::try_from(bits).unwrap_or(u32::MAX),
            });
        }
        let half = columns / 2;
        // Internally a square (row, icol) is playable when row + icol is odd. The real column
        // is mirrored when that parity would make the wrong corner playable.
        let a1_playable_unmirrored = (rows - 1) % 2 == 1;
        let mirrored = !all && a1_playable_unmirrored != (corner == PlayableCorner::LowerLeft);
        let mut geo = Geometry {
            columns,
            rows,
            corner,
            all,
            half,
            mirrored,
            squares: 0,
            bits: 0,
            row_masks: vec![0; rows as usize],
            number_to_bit: Vec::new(),
            bit_to_number: [0; 128],
            bit_to_coord: [(u8::MAX, u8::MAX); 128],
            rays: Box::new([[0; 8]; 128]),
            next: Box::new([[NO_SQUARE; 8]; 128]),
        };
        for row in 0..rows {
            for col in 0..columns {
                if let Some(bit) = geo.bit_at(row as i32, col as i32) {
                    geo.squares |= 1 << bit;
                    geo.bits = geo.bits.max(bit + 1);
                    geo.row_masks[row as usize] |= 1 << bit;
                    geo.number_to_bit.push(bit as u8);
                    geo.bit_to_number[bit as usize] = geo.number_to_bit.len() as u8;
                    geo.bit_to_coord[bit as usize] = (row as u8, col as u8);
                }
            }
        }
        let squares: Vec<u32> = geo.bits().collect();
        for bit in squares {
            let (row, col) = geo.bit_to_coord[bit as usize];
            let icol = geo.internal_column(col as i32);
            for dir in Direction::EIGHT {
                if all {
                    break; // the shift-based kernel's rays: padded layouts only
                }
                let (dr, dc) = dir.delta();
                let (mut r, mut c) = (row as i32 + dr, icol + dc);
                let mut ray = 0u128;
                while r >= 0 && r < rows as i32 && c >= 0 && c < columns as i32 {
                    let real = geo.internal_column(c);
                    let b = geo
                        .bit_at(r, real)
                        .expect("squares a diagonal step or two squares apart are playable");
                    ray |= 1 << b;
                    r += dr;
                    c += dc;
                }
                geo.rays[bit as usize][dir as usize] = ray;
            }
            for step in Step::ALL {
                let (dr, dc) = step.delta(all);
                if let Some(b) = geo.bit_at(row as i32 + dr, col as i32 + dc) {
                    geo.next[bit as usize][step as usize] = b as u8;
                }
            }
        }
        Ok(geo)
    }

    fn internal_column(&self, col: i32) -> i32 {
        if self.mirrored {
            self.columns as i32 - 1 - col
        } else {
            col
        }
    }

    /// The bit of the square at (row from the top, real column from the left), if playable.
    fn bit_at(&self, row: i32, col: i32) -> Option<u32> {
        if row < 0 || col < 0 || row >= self.rows as i32 || col >= self.columns as i32 {
            return None;
        }
        if self.all {
            return Some(row as u32 * self.columns + col as u32);
        }
        let icol = self.internal_column(col);
        if (row + icol) % 2 == 0 {
            return None;
        }
        let row = row as u32;
        Some(row * self.half + icol as u32 / 2 + row / 2)
    }

    /// Number of columns.
    pub fn columns(&self) -> u32 {
        self.columns
    }

    /// Number of rows.
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// Whether every square is played (not only the dark ones).
    pub fn all_squares(&self) -> bool {
        self.all
    }

    /// Whether the board uses the padded layout of dark squares, where every diagonal step is
    /// a shift.
    pub fn is_padded(&self) -> bool {
        !self.all
    }

    /// The next playable square from `bit` along `step`, or [`NO_SQUARE`] at the edge.
    #[inline(always)]
    pub fn next(&self, bit: u32, step: Step) -> u8 {
        self.next[bit as usize][step as usize]
    }

    /// The next square along each [`Step`] from every square bit ([`NO_SQUARE`] at the edge).
    pub fn next_table(&self) -> &[[u8; 8]; 128] {
        &self.next
    }

    /// Which bottom corner is playable.
    pub fn corner(&self) -> PlayableCorner {
        self.corner
    }

    /// The shift of one step in `dir`: `(amount, toward higher bits)`.
    pub fn shift_amount(&self, dir: Direction) -> u32 {
        match dir {
            Direction::UpLeft | Direction::DownRight => self.half + 1,
            Direction::UpRight | Direction::DownLeft => self.half,
            Direction::Up | Direction::Down => 2 * self.half + 1,
            Direction::Left | Direction::Right => 1,
        }
    }

    /// Moves every square of `bb` one step in `dir`, dropping those that leave the board
    /// (a padded layout of 64 bits: a check of the rays in the tests).
    pub fn step(&self, bb: u64, dir: Direction) -> u64 {
        let s = self.shift_amount(dir);
        // The squares with a next square in `dir` (along a row, the last square's next bit
        // is the first square of the row below).
        let from = self
            .bits()
            .filter(|&b| self.rays[b as usize][dir as usize] != 0)
            .fold(0u64, |m, b| m | 1 << b);
        let bb = bb & from;
        let moved = if dir.increases() { bb << s } else { bb >> s };
        moved & self.squares::<u64>()
    }

    /// The mask of all playable squares.
    pub fn squares<B: Bits>(&self) -> B {
        B::from_u128(self.squares)
    }

    /// One past the highest bit a square uses: the width a bitboard of this board needs.
    pub fn bits_needed(&self) -> u32 {
        self.bits
    }

    /// Whether a bitboard of `B` holds every square of this board.
    pub fn fits<B: Bits>(&self) -> bool {
        self.bits <= B::BITS
    }

    /// Number of playable squares.
    pub fn square_count(&self) -> u32 {
        self.number_to_bit.len() as u32
    }

    /// Iterates over the bits of the playable squares, in square-number order.
    pub fn bits(&self) -> impl Iterator<Item = u32> + '_ {
        self.number_to_bit.iter().map(|&b| b as u32)
    }

    /// The playable squares of one row (0 = top row of the diagram).
    pub fn row_mask<B: Bits>(&self, row: u32) -> B {
        B::from_u128(self.row_masks[row as usize])
    }

    /// The squares strictly beyond `bit` in direction `dir`, up to the edge.
    #[inline(always)]
    pub fn ray<B: Bits>(&self, bit: u32, dir: Direction) -> B {
        B::from_u128(self.rays[bit as usize][dir as usize])
    }

    /// The PDN square number (1-based) of a bit.
    pub fn number(&self, bit: u32) -> u32 {
        self.bit_to_number[bit as usize] as u32
    }

    /// The bit of a PDN square number, if it exists on this board.
    pub fn bit_of_number(&self, number: u32) -> Option<u32> {
        if number == 0 {
            return None;
        }
        self.number_to_bit
            .get(number as usize - 1)
            .map(|&b| b as u32)
    }

    /// The (row from the top, column from the left) of a bit.
    pub fn coordinates(&self, bit: u32) -> (u32, u32) {
        let (r, c) = self.bit_to_coord[bit as usize];
        (r as u32, c as u32)
    }

    /// The algebraic name of a square (`a1` is white's lower-left corner).
    pub fn algebraic(&self, bit: u32) -> String {
        let (row, col) = self.coordinates(bit);
        let file = (b'a' + col as u8) as char;
        format!("{}{}", file, self.rows - row)
    }

    /// Parses an algebraic square name; `Err` says why it is not a playable square.
    pub fn bit_of_algebraic(&self, name: &str) -> Result<u32, String> {
        let mut chars = name.chars();
        let file = chars
            .next()
            .ok_or_else(|| "empty square name".to_string())?;
        let rank: u32 = chars
            .as_str()
            .parse()
            .map_err(|_| format!("`{name}` is not a square name like `c3`"))?;
        if !file.is_ascii_lowercase() {
            return Err(format!("`{name}` is not a square name like `c3`"));
        }
        let col = file as u32 - 'a' as u32;
        if col >= self.columns || rank == 0 || rank > self.rows {
            return Err(format!(
                "`{name}` is off the {}x{} board",
                self.columns, self.rows
            ));
        }
        self.bit_at((self.rows - rank) as i32, col as i32)
            .ok_or_else(|| format!("`{name}` is a light square, not playable on this board"))
    }
}
