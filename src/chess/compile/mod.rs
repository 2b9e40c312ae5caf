//! Compiling a merged chess-family rules file into plain data ([`Rules`]): every key checked
//! (Betza strings, regions, letters, promotion, castling, game rules), in one step per
//! section of the file: the board and sides here, [`pieces`], then [`game`]. The start
//! position is kept as text; a game checks it when it is built (by playing from it).

mod board;
mod explosion;
mod extinction;
mod game;
mod pieces;
mod regional;
mod values;

use crate::chess::rules::{Points, Rules};
use crate::chess::schema::ChessFile;
use crate::diagnostics::LocatedError;
use crate::rules::{Loader, need};
use board::{compile_board, compile_regions, compile_sides, warn_unused_regions};
pub use game::NOTATION_NAMES;
use pieces::check_drops;
use values::noted;

/// Checks the merged file and compiles it. Every problem that does not depend on another is
/// recorded in the loader (so `check` shows them all); the first is returned.
pub(crate) fn compile(loader: &Loader, file: ChessFile, id: String) -> Result<Rules, LocatedError> {
    let identity = noted(loader, loader.identity(&file, id));
    let cells = need!(
        loader,
        file,
        board.cells,
        "`cells = \"points\"` (Xiangqi) or \"squares\" (chess)"
    );
    let fen = need!(
        loader,
        file,
        setup.fen,
        "the start position, e.g. `fen = \"rnbakabnr/9/... w - - 0 1\"`"
    );
    let parts = compile_board(loader, &file);
    let sides = compile_sides(loader, &file);
    let regions = match (&parts, &sides) {
        (Some(p), Some(s)) => compile_regions(loader, &file, &p.grid, s),
        _ => Vec::new(),
    };
    let all: Points = parts.as_ref().map_or(0, |p| {
        let n = p.grid.files * p.grid.ranks;
        let full = if n == 128 { !0 } else { (1u128 << n) - 1 };
        full & !p.holes
    });
    let pieces = match (&parts, &sides) {
        (Some(_), Some(s)) => pieces::compile_pieces(loader, &file, all, &regions, s),
        _ => None,
    };
    let game = pieces
        .as_ref()
        .and_then(|pieces| game::compile_game(loader, &file, pieces, &regions));
    let en_passant = pieces
        .as_ref()
        .and_then(|pieces| game::compile_en_passant(loader, &file, pieces, &regions, all));
    let castling = match (&pieces, &parts) {
        (Some(pieces), Some(p)) => {
            game::compile_castling(loader, &file, pieces, (p.grid.files, p.grid.ranks))
        }
        _ => None,
    };
    let notations = game::compile_notations(loader, &file);
    let (
        Some(identity),
        Some(cells),
        Some(fen),
        Some(parts),
        Some(sides),
        Some(pieces),
        Some(game),
        Some(en_passant),
        Some(castling),
        Some(notations),
    ) = (
        identity, cells, fen, parts, sides, pieces, game, en_passant, castling, notations,
    )
    else {
        return Err(loader.stopped());
    };
    check_drops(loader, &file, &pieces, game.drops);
    if loader.has_problems() {
        return Err(loader.stopped());
    }
    let rules = Rules {
        id: identity.id,
        name: identity.name,
        source: identity.source,
        aliases: identity.aliases,
        files: parts.grid.files,
        ranks: parts.grid.ranks,
        cells: cells.value,
        river_after_rank: parts.river_after_rank,
        crossed: parts.crossed,
        holes: parts.holes,
        sides,
        regions,
        pieces,
        start_fen: fen.value.clone(),
        start_at: (fen.file, fen.span.start + 1..fen.span.end.saturating_sub(1)),
        notations,
        en_passant,
        castling,
        game,
    };
    warn_unused_regions(loader, &file, &rules);
    Ok(rules)
}
