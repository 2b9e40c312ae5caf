//! A chess-family variant's rules in plain sentences, written from the compiled [`Rules`]: the
//! board, the regions, each piece's movement read back from its parsed Betza components, and
//! how games end.

mod board;
mod draws;
mod drops;
mod ends;
mod pieces;
mod special;
mod words;

use crate::chess::geometry::Grid;
use crate::chess::rules::Rules;
use crate::chess::schema::Cells;

/// The rules in sentences, one paragraph per entry.
pub fn explain(rules: &Rules, start_fen: &str) -> Vec<String> {
    let b = Grid {
        files: rules.files,
        ranks: rules.ranks,
    };
    let cell = match rules.cells {
        Cells::Points => "point",
        Cells::Squares => "square",
    };
    let mut out = board::paragraphs(rules, &b, cell, start_fen);
    out.extend(pieces::paragraphs(rules, &b, cell));
    out.extend(special::en_passant(rules, &b, cell));
    out.extend(special::castling(rules, cell));
    out.extend(ends::paragraphs(rules, &b, cell));
    out.extend(draws::paragraphs(rules, cell));
    out
}
