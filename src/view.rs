//! What a board looks like, whatever the family: the grid, where pieces stand, what to draw
//! beside them. Each family describes its positions as a [`BoardView`]; the renderers in
//! [`crate::render`] (terminal, SVG, the HTML report) draw any view without knowing the game.
//!
//! Coordinates are (file, rank), both from 0, file 0 on the left and rank 0 at the bottom as
//! the first side sees the board.

/// How the cells of a board are drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cells {
    /// Squares, some of them playable (dark): `dark[rank][file]`.
    Squares {
        /// Which squares are dark (playable).
        dark: Vec<Vec<bool>>,
    },
    /// Points where lines cross (Xiangqi).
    Points,
}

/// A piece on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceMark {
    /// (file, rank).
    pub at: (u32, u32),
    /// Its side: 0 the first, 1 the second.
    pub side: usize,
    /// What to write on it: a letter as the FEN writes it (`W`, `k`, `N`), or a name.
    pub label: String,
    /// A promoted piece (a draughts king): drawn crowned.
    pub crowned: bool,
}

/// A rectangle drawn with its diagonals (the Xiangqi palace).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Crossed {
    /// Lower-left (file, rank).
    pub from: (u32, u32),
    /// Upper-right (file, rank).
    pub to: (u32, u32),
}

/// A move drawn as an arrow: from, through the points it lands on, to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrow {
    /// Every point of the way: the start, each landing, the end.
    pub path: Vec<(u32, u32)>,
    /// The move's text (`32-28`, `h3e3`).
    pub label: String,
}

/// A position as a picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    /// Number of files (columns).
    pub files: u32,
    /// Number of ranks (rows).
    pub ranks: u32,
    /// Squares or points.
    pub cells: Cells,
    /// The pieces.
    pub pieces: Vec<PieceMark>,
    /// Small labels in cells: square numbers, point names (`(file, rank, text)`).
    pub labels: Vec<(u32, u32, String)>,
    /// A river between rank `r` and rank `r + 1`, if any.
    pub river_after_rank: Option<u32>,
    /// Rectangles drawn with their diagonals.
    pub crossed: Vec<Crossed>,
    /// Cells that are not part of the board (holes), as (file, rank): drawn blocked out.
    pub holes: Vec<(u32, u32)>,
    /// File names along the bottom (`a`, `b`, ...).
    pub file_names: Vec<String>,
    /// Rank names up the side (`1`, `2`, ...).
    pub rank_names: Vec<String>,
    /// The sides' names, the first side first.
    pub side_names: [String; 2],
    /// The side to move: 0 or 1.
    pub side_to_move: usize,
    /// Where the rules have drops: each side's pieces in hand as FEN letters (`QRP`, `-` for
    /// none), the first side's first.
    pub hands: Option<[String; 2]>,
}
