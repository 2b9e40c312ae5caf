//! The `[setup]` section: who moves first, and the start position (rows of men, or a FEN).

use crate::diagnostics::LocatedError;
use crate::draughts::geometry::Geometry;
use crate::draughts::position::Position;
use crate::draughts::schema::{Colour, DraughtsFile};
use crate::rules::{Loader, Place, Val, need};

/// The keys of `[setup]`, each `None` where it is missing (and the problem recorded).
pub(super) struct SetupKeys<'a> {
    pub(super) first: Option<&'a Val<Colour>>,
    rows_of_men: Option<&'a Val<u32>>,
}

impl<'a> SetupKeys<'a> {
    /// Reads the keys, recording what is missing.
    pub(super) fn read(loader: &Loader, file: &'a DraughtsFile) -> SetupKeys<'a> {
        let first = need!(
            loader,
            file,
            setup.first_to_move,
            "`first_to_move = \"white\"` or \"black\""
        );
        let has_fen = file.setup.as_ref().is_some_and(|s| s.value.fen.is_some());
        let rows_of_men = if has_fen {
            None
        } else {
            need!(
                loader,
                file,
                setup.rows_of_men,
                "`rows_of_men = 3` (each side fills its nearest rows), or a `fen`"
            )
        };
        SetupKeys { first, rows_of_men }
    }

    /// The start position on `geometry` (of `rows` rows), the first mover to move, and where
    /// the file states it (source index and span); stops on a position that cannot be read
    /// or built. Men on their own promotion row are recorded as a problem.
    pub(super) fn start(
        &self,
        loader: &Loader,
        file: &DraughtsFile,
        geometry: &Geometry,
        rows: Option<&Val<u32>>,
    ) -> Result<(Position<u128>, Place), LocatedError> {
        let (Some(first), Some(rows)) = (self.first, rows) else {
            return Err(loader.stopped());
        };
        let setup = &file.setup.as_ref().expect("first_to_move is in it").value;
        let start = if let Some(fen) = &setup.fen {
            let inner = fen.span.start + 1;
            Position::<u128>::from_fen(geometry, &fen.value).map_err(|e| {
                let offset = e.column - 1;
                loader.error(
                    fen.file,
                    inner + offset..inner + offset + 1,
                    format!("start position: {}", e.message),
                    e.help.clone(),
                )
            })
        } else {
            let n = self.rows_of_men.ok_or_else(|| loader.stopped())?;
            if n.value == 0 || n.value > rows.value / 2 {
                Err(loader.at(
                    n,
                    format!(
                        "{} rows of men per side do not fit a board of {} rows",
                        n.value, rows.value
                    ),
                    Some(format!("use 1 to {} rows", rows.value / 2)),
                ))
            } else {
                let mut p = Position::<u128>::empty(first.value);
                for r in 0..n.value {
                    p.black |= geometry.row_mask::<u128>(r);
                    p.white |= geometry.row_mask::<u128>(rows.value - 1 - r);
                }
                Ok(p)
            }
        };
        let mut start = match start {
            Ok(p) => p,
            Err(e) => {
                loader.report(e);
                return Err(loader.stopped());
            }
        };
        start.side = first.value;
        let start_at = setup.fen.as_ref().map_or_else(
            || (first.file, first.span.clone()),
            |f| (f.file, f.span.clone()),
        );
        // Men already on their promotion row would be kings: the start would be inconsistent.
        let top: u128 = geometry.row_mask(0);
        let bottom: u128 = geometry.row_mask(rows.value - 1);
        if (start.white & !start.kings & top) | (start.black & !start.kings & bottom) != 0 {
            loader.report(loader.error(
                start_at.0,
                start_at.1.clone(),
                "the start position has men on their own promotion row",
                Some("a man on the far row is a king: mark it `K`".into()),
            ));
        }
        Ok((start, start_at))
    }
}
