//! The board, the sides and the regions, in sentences.

use super::words::{capital, points_text};
use crate::chess::geometry::Grid;
use crate::chess::rules::Rules;

/// The variant and its source, the board, the sides and the start, each region.
pub(super) fn paragraphs(r: &Rules, b: &Grid, cell: &str, start_fen: &str) -> Vec<String> {
    let mut out = vec![format!(
        "{} ({}). Source: {}.",
        r.name,
        r.id,
        r.source.trim_end_matches('.')
    )];
    let mut board = format!(
        "The board has {} files (a-{}) and {} ranks (1-{}); the pieces stand on its {} {cell}s",
        b.files,
        (b'a' + b.files as u8 - 1) as char,
        b.ranks,
        b.ranks,
        b.files * b.ranks - r.holes.count_ones()
    );
    if r.holes != 0 {
        board.push_str(&format!(
            "; the {} {cell}s {} are holes, not part of the board: no piece stands on one, no \
             line passes one, and a FEN writes each as `*`",
            r.holes.count_ones(),
            points_text(b, r.holes, cell)
        ));
    }
    if let Some(river) = r.river_after_rank {
        board.push_str(&format!(
            ", with a river drawn between ranks {river} and {}",
            river + 1
        ));
    }
    board.push('.');
    out.push(board);
    out.push(format!(
        "{first} (capital letters in a FEN) starts at the bottom and moves first; {second} \
         (small letters) starts at the top. Start: {start_fen}.",
        first = capital(&r.sides[0]),
        second = capital(&r.sides[1])
    ));
    // A region emptied on purpose (a parent's that this variant has no use for) says nothing.
    for (name, sets) in r.regions.iter().filter(|(_, sets)| *sets != [0, 0]) {
        out.push(format!(
            "The {name}: for {} {}; for {} {}.",
            r.sides[0],
            points_text(b, sets[0], cell),
            r.sides[1],
            points_text(b, sets[1], cell)
        ));
    }
    out
}
