//! A draughts rules file checked and compiled into [`Rules`], one function per section of the
//! file: [`board`] (the board), [`setup`] (the start position), [`capture`] (how men and kings
//! capture, and the capture rules), [`movement`] (the lines pieces go along, reversal, values,
//! the king's limit), [`draw`] and [`notation`]. Every problem that does not depend on another
//! is recorded in the loader (so `check` shows them all); the first is returned.

mod board;
mod capture;
mod draw;
mod movement;
mod notation;
mod setup;

use super::rules::Rules;
use super::schema::{DraughtsFile, KingLanding, ManCaptureDirections};
use crate::diagnostics::LocatedError;
use crate::rules::{Loader, need};

/// Checks the merged file and compiles it.
pub(crate) fn compile(
    loader: &Loader,
    file: DraughtsFile,
    id: String,
) -> Result<Rules, LocatedError> {
    let identity = loader.identity(&file, id);
    // Every key that must be there, in the order of the file's sections.
    let board = board::BoardKeys::read(loader, &file);
    let setup = setup::SetupKeys::read(loader, &file);
    let capture = capture::CaptureKeys::read(loader, &file);
    let promotion = need!(
        loader,
        file,
        promotion.during_capture,
        "`during_capture = \"ends-move\"`, \"continue-as-king\" or \"only-at-end\""
    );
    let draw = draw::DrawKeys::read(loader, &file);
    let notation = notation::NotationKeys::read(loader, &file);

    // Checks that stand alone: each problem recorded, all of them shown.
    let criteria = capture.criteria(loader);
    draw.check(loader);
    notation.check(loader);
    let movement = movement::movement_keys(
        loader,
        &file,
        capture.removal,
        &criteria,
        capture.precedence,
    );
    capture.warn_ineffective(loader, &file, promotion, &movement);

    // The board and the start position, which everything else rests on.
    let geometry = board.geometry(loader, setup.first)?;
    let (start, start_at) = setup.start(loader, &file, &geometry, board.rows)?;

    let (
        Ok(identity),
        Some(man_captures),
        Some(men_capture_kings),
        Some(king_range),
        Some(compulsory),
        Some(removal),
        Some(promotion),
        Some(draw),
        Some(notation),
        true,
    ) = (
        identity,
        capture.man_captures,
        capture.men_capture_kings,
        capture.king_range,
        capture.compulsory,
        capture.removal,
        promotion,
        draw.rule(),
        notation.notation(&file),
        capture.precedence.is_some(),
    )
    else {
        return Err(loader.stopped());
    };
    let landing = file.king.as_ref().and_then(|k| k.value.landing.as_ref());
    let rules = Rules {
        id: identity.id,
        name: identity.name,
        source: identity.source,
        aliases: identity.aliases,
        geometry,
        start,
        start_at,
        men_capture_backward: man_captures.value == ManCaptureDirections::ForwardAndBackward,
        men_capture_kings: men_capture_kings.value,
        king_range: king_range.value,
        king_landing: landing.map_or(KingLanding::AnySquareBeyond, |l| l.value),
        man_move_lines: movement.man_move_lines,
        man_capture_lines: movement.man_capture_lines,
        king_move_lines: movement.king_move_lines,
        king_capture_lines: movement.king_capture_lines,
        king_quiet_moves_in_a_row: movement.king_quiet_moves_in_a_row,
        may_reverse: movement.may_reverse,
        values: movement.values,
        compulsory_capture: compulsory.value,
        precedence: criteria,
        removal: removal.value,
        promotion_during_capture: promotion.value,
        draw,
        notation,
    };
    if loader.has_problems() {
        return Err(loader.stopped());
    }
    Ok(rules)
}
