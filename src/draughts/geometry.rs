//! Board geometry: the playable squares of a draughts board laid out in a 64-bit bitboard.
//!
//! The dark squares are numbered internally in a padded layout: every pair of rows holds
//! `columns` squares followed by one unused "ghost" bit. With that padding each diagonal step is
//! a constant shift (`columns / 2` or `columns / 2 + 1` bits), and a step off the board lands on
//! a ghost bit or outside the board mask. An 8x8 board uses 35 bits, a 10x10 board 54.
//!
//! Rows are counted from the top of the diagram (row 0 holds black's back rank, the side that
//! holds the low square numbers); white plays "up", toward row 0.

/// A diagonal direction on the board, as seen in the diagram (white at the bottom).
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
}

impl Direction {
    /// The four diagonal directions.
    pub const ALL: [Direction; 4] = [
        Direction::UpLeft,
        Direction::UpRight,
        Direction::DownLeft,
        Direction::DownRight,
    ];

    /// The opposite direction.
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::UpLeft => Direction::DownRight,
            Direction::UpRight => Direction::DownLeft,
            Direction::DownLeft => Direction::UpRight,
            Direction::DownRight => Direction::UpLeft,
        }
    }

    /// Whether a step in this direction increases the bit index.
    pub const fn is_down(self) -> bool {
        matches!(self, Direction::DownLeft | Direction::DownRight)
    }

    /// The change of (row, internal column) of one step.
    const fn delta(self) -> (i32, i32) {
        match self {
            Direction::UpLeft => (-1, -1),
            Direction::UpRight => (-1, 1),
            Direction::DownLeft => (1, -1),
            Direction::DownRight => (1, 1),
        }
    }
}

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
    /// The padded layout does not fit into 64 bits.
    #[error(
        "a {columns}x{rows} board does not fit the engine's 64-bit layout \
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
    half: u32,
    mirrored: bool,
    squares: u64,
    row_masks: Vec<u64>,
    number_to_bit: Vec<u8>,
    bit_to_number: [u8; 64],
    bit_to_coord: [(u8, u8); 64],
    rays: Box<[[u64; 4]; 64]>,
}

impl Geometry {
    /// Lays out a board of `columns` x `rows` squares with the given playable corner.
    pub fn new(columns: u32, rows: u32, corner: PlayableCorner) -> Result<Self, GeometryError> {
        if columns < 4 || !columns.is_multiple_of(2) {
            return Err(GeometryError::OddColumns(columns));
        }
        if rows < 4 {
            return Err(GeometryError::TooFewRows(rows));
        }
        let bits = rows.div_ceil(2) * (columns + 1);
        if bits > 64 {
            return Err(GeometryError::TooLarge {
                columns,
                rows,
                bits,
            });
        }
        let half = columns / 2;
        // Internally a square (row, icol) is playable when row + icol is odd. The real column
        // is mirrored when that parity would make the wrong corner playable.
        let a1_playable_unmirrored = (rows - 1) % 2 == 1;
        let mirrored = a1_playable_unmirrored != (corner == PlayableCorner::LowerLeft);
        let mut geo = Geometry {
            columns,
            rows,
            corner,
            half,
            mirrored,
            squares: 0,
            row_masks: vec![0; rows as usize],
            number_to_bit: Vec::new(),
            bit_to_number: [0; 64],
            bit_to_coord: [(u8::MAX, u8::MAX); 64],
            rays: Box::new([[0; 4]; 64]),
        };
        for row in 0..rows {
            for col in 0..columns {
                if let Some(bit) = geo.bit_at(row as i32, col as i32) {
                    geo.squares |= 1 << bit;
                    geo.row_masks[row as usize] |= 1 << bit;
                    geo.number_to_bit.push(bit as u8);
                    geo.bit_to_number[bit as usize] = geo.number_to_bit.len() as u8;
                    geo.bit_to_coord[bit as usize] = (row as u8, col as u8);
                }
            }
        }
        let bits: Vec<u32> = geo.bits().collect();
        for bit in bits {
            let (row, col) = geo.bit_to_coord[bit as usize];
            let icol = geo.internal_column(col as i32);
            for dir in Direction::ALL {
                let (dr, dc) = dir.delta();
                let (mut r, mut c) = (row as i32 + dr, icol + dc);
                let mut ray = 0u64;
                while r >= 0 && r < rows as i32 && c >= 0 && c < columns as i32 {
                    let real = geo.internal_column(c);
                    let b = geo
                        .bit_at(r, real)
                        .expect("diagonal neighbours are playable");
                    ray |= 1 << b;
                    r += dr;
                    c += dc;
                }
                geo.rays[bit as usize][dir as usize] = ray;
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

    /// Which bottom corner is playable.
    pub fn corner(&self) -> PlayableCorner {
        self.corner
    }

    /// The shift of one step in `dir`: `(amount, toward higher bits)`.
    pub fn shift_amount(&self, dir: Direction) -> u32 {
        match dir {
            Direction::UpLeft | Direction::DownRight => self.half + 1,
            Direction::UpRight | Direction::DownLeft => self.half,
        }
    }

    /// Moves every square of `bb` one step in `dir`, dropping those that leave the board.
    #[inline(always)]
    pub fn step(&self, bb: u64, dir: Direction) -> u64 {
        let s = self.shift_amount(dir);
        let moved = if dir.is_down() { bb << s } else { bb >> s };
        moved & self.squares
    }

    /// The mask of all playable squares.
    pub fn squares(&self) -> u64 {
        self.squares
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
    pub fn row_mask(&self, row: u32) -> u64 {
        self.row_masks[row as usize]
    }

    /// The squares strictly beyond `bit` in direction `dir`, up to the edge.
    #[inline(always)]
    pub fn ray(&self, bit: u32, dir: Direction) -> u64 {
        self.rays[bit as usize][dir as usize]
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_match_rays() {
        for (c, r, corner) in [
            (8, 8, PlayableCorner::LowerLeft),
            (8, 8, PlayableCorner::LowerRight),
            (10, 10, PlayableCorner::LowerLeft),
            (6, 7, PlayableCorner::LowerRight),
        ] {
            let g = Geometry::new(c, r, corner).unwrap();
            assert_eq!(g.square_count(), c * r / 2);
            for bit in g.bits() {
                for dir in Direction::ALL {
                    let first = g.ray(bit, dir);
                    let step = g.step(1 << bit, dir);
                    // The single step is the ray's nearest square.
                    let nearest = if first == 0 {
                        0
                    } else if dir.is_down() {
                        1 << first.trailing_zeros()
                    } else {
                        1 << (63 - first.leading_zeros())
                    };
                    assert_eq!(step, nearest, "{c}x{r} bit {bit} {dir:?}");
                }
            }
        }
    }
}
