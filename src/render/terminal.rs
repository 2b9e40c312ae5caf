//! The board in the terminal: plain text, no colours, the same bytes every time (the snapshot
//! tests compare it).
//!
//! The top rank comes first, rank names on the left, file names below, then a line saying who
//! is to move. Every cell is as wide as the widest thing written in one (a piece, a square
//! number, a point name), right-aligned, and cells are one space apart, so columns line up.
//!
//! | what | Unicode | ASCII |
//! |---|---|---|
//! | draughts man, king (white) | `⛀` `⛁` | `w` `W` |
//! | draughts man, king (black) | `⛂` `⛃` | `b` `B` |
//! | dark empty square | `·` | `.` |
//! | light square | blank | blank |
//! | lettered piece (Xiangqi) | its letter | its letter |
//! | empty point | `·` | `.` |
//! | river | a line of `≈` | a line of `~` |
//! | hole (no square there) | `█` | `#` |

use crate::view::{BoardView, Cells, PieceMark};

/// The board as text, the top rank first, ending with `<side> to move`; with `unicode` false
/// only ASCII is used.
pub fn render(view: &BoardView, unicode: bool) -> String {
    let (files, ranks) = (view.files as usize, view.ranks as usize);
    // What each cell shows, row by row, rank 0 first.
    let mut grid: Vec<Vec<String>> = (0..ranks)
        .map(|r| {
            (0..files)
                .map(|f| empty_cell(view, f, r, unicode))
                .collect()
        })
        .collect();
    for &(f, r, ref text) in &view.labels {
        if let Some(cell) = cell_mut(&mut grid, f, r) {
            *cell = text.clone();
        }
    }
    for piece in &view.pieces {
        let (f, r) = piece.at;
        if let Some(cell) = cell_mut(&mut grid, f, r) {
            *cell = piece_mark(piece, unicode);
        }
    }
    let width = grid
        .iter()
        .flatten()
        .chain(&view.file_names)
        .map(|s| s.chars().count())
        .max()
        .unwrap_or(1)
        .max(1);
    let margin = view
        .rank_names
        .iter()
        .map(|s| s.chars().count())
        .max()
        .unwrap_or(0);
    let row_width = files * (width + 1) - 1;

    let mut out = String::new();
    for r in (0..ranks).rev() {
        let name = view.rank_names.get(r).map_or("", String::as_str);
        let cells: Vec<String> = grid[r].iter().map(|c| pad_left(c, width)).collect();
        let line = format!("{} {}", pad_left(name, margin), cells.join(" "));
        out.push_str(line.trim_end());
        out.push('\n');
        if r > 0 && view.river_after_rank == Some(r as u32 - 1) {
            out.push_str(&river(margin, row_width, unicode));
            out.push('\n');
        }
    }
    let names: Vec<String> = (0..files)
        .map(|f| pad_left(view.file_names.get(f).map_or("", String::as_str), width))
        .collect();
    let line = format!("{} {}", " ".repeat(margin), names.join(" "));
    out.push_str(line.trim_end());
    out.push('\n');
    let mover = view
        .side_names
        .get(view.side_to_move)
        .map_or("?", String::as_str);
    out.push_str(&format!("{mover} to move\n"));
    if let Some(hands) = &view.hands {
        for (side, hand) in hands.iter().enumerate() {
            let name = view.side_names.get(side).map_or("?", String::as_str);
            out.push_str(&format!("{name} in hand: {hand}\n"));
        }
    }
    out
}

/// The cell at (file, rank), if it is on the board.
fn cell_mut(grid: &mut [Vec<String>], f: u32, r: u32) -> Option<&mut String> {
    grid.get_mut(r as usize)?.get_mut(f as usize)
}

/// What an empty cell shows: a dot on a dark square or a point, nothing on a light square.
fn empty_cell(view: &BoardView, f: usize, r: usize, unicode: bool) -> String {
    let dot = if unicode { "·" } else { "." };
    if view.holes.contains(&(f as u32, r as u32)) {
        return if unicode { "█" } else { "#" }.into();
    }
    match &view.cells {
        Cells::Points => dot.into(),
        Cells::Squares { dark } => {
            if dark
                .get(r)
                .and_then(|row| row.get(f))
                .copied()
                .unwrap_or(false)
            {
                dot.into()
            } else {
                String::new()
            }
        }
    }
}

/// A piece: its label (a letter) when it has one, else a draughts man or king.
fn piece_mark(piece: &PieceMark, unicode: bool) -> String {
    if !piece.label.is_empty() {
        return piece.label.clone();
    }
    let mark = match (piece.side, piece.crowned, unicode) {
        (0, false, true) => "⛀",
        (0, true, true) => "⛁",
        (_, false, true) => "⛂",
        (_, true, true) => "⛃",
        (0, false, false) => "w",
        (0, true, false) => "W",
        (_, false, false) => "b",
        (_, true, false) => "B",
    };
    mark.into()
}

/// `text` right-aligned in `width` characters.
fn pad_left(text: &str, width: usize) -> String {
    let n = text.chars().count();
    format!("{}{text}", " ".repeat(width.saturating_sub(n)))
}

/// The river: a wavy line under the board's width, with its name in the middle.
fn river(margin: usize, width: usize, unicode: bool) -> String {
    let wave = if unicode { '≈' } else { '~' };
    let word = " river ";
    let line = if width >= word.len() + 2 {
        let left = (width - word.len()) / 2;
        let right = width - word.len() - left;
        format!(
            "{}{word}{}",
            wave.to_string().repeat(left),
            wave.to_string().repeat(right)
        )
    } else {
        wave.to_string().repeat(width)
    };
    format!("{} {line}", " ".repeat(margin))
}
