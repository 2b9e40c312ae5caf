//! The board as an SVG picture.

use crate::view::{Arrow, BoardView};

/// A self-contained SVG document of the board with `arrows` drawn over it.
pub fn render(view: &BoardView, arrows: &[Arrow]) -> String {
    let _ = (view, arrows);
    String::new()
}
