//! What a game shows people: the rules in sentences, the board drawn, a move's way across it
//! and its description for scripts. A family implements [`crate::game::Game`] for its rules
//! and positions, and this trait, in its own file, for presentation.

use crate::game::Game;
use crate::view::BoardView;

/// The presentation of a family's games: what `explain`, `check`, `show`, `moves --json`,
/// the report and the playground draw and write.
pub trait Present: Game {
    /// One legal move as a JSON object for `moves --json` (at least `notation`, `from`, `to`
    /// and `captured`).
    fn move_json(&self, pos: &Self::Position, mv: &Self::Move, text: &str) -> serde_json::Value;
    /// A few lines that say what the compiled rules are, for `check`.
    fn describe(&self) -> Vec<String>;
    /// The rules in plain sentences, written from the compiled rules (one paragraph each).
    fn explain(&self) -> Vec<String>;
    /// The board drawn in text, one line per rank or row, for people.
    fn diagram(&self, pos: &Self::Position) -> String;
    /// The position as a picture for the renderers; with `names`, every playable cell
    /// labelled with its square number or point name.
    fn view(&self, pos: &Self::Position, names: bool) -> BoardView;
    /// The way a move goes on the board: (file, rank) of its start, every landing, its end.
    fn move_path(&self, pos: &Self::Position, mv: &Self::Move) -> Vec<(u32, u32)>;
}
