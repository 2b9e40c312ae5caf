//! The board in the terminal.

use crate::view::BoardView;

/// The board as text, the top rank first (to be written by the rendering work).
pub fn render(view: &BoardView, unicode: bool) -> String {
    let _ = (view, unicode);
    String::new()
}
