//! The `[board]` section: columns, rows, the playable corner and which squares are played,
//! compiled into the board's [`Geometry`].

use crate::diagnostics::LocatedError;
use crate::draughts::geometry::{Geometry, PlayableCorner};
use crate::draughts::schema::{BoardSquares, Colour, CornerName, DraughtsFile};
use crate::rules::{Loader, Val, need};

/// The keys of `[board]`, each `None` where it is missing (and the problem recorded).
pub(super) struct BoardKeys<'a> {
    columns: Option<&'a Val<u32>>,
    pub(super) rows: Option<&'a Val<u32>>,
    /// `Some(None)` on a board of all squares without the key (it changes nothing there).
    corner: Option<Option<&'a Val<CornerName>>>,
    all_squares: bool,
}

impl<'a> BoardKeys<'a> {
    /// Reads the keys, recording what is missing and warning about a corner that changes
    /// nothing.
    pub(super) fn read(loader: &Loader, file: &'a DraughtsFile) -> BoardKeys<'a> {
        let columns = need!(
            loader,
            file,
            board.columns,
            "the number of columns, e.g. `columns = 8`"
        );
        let rows = need!(
            loader,
            file,
            board.rows,
            "the number of rows, e.g. `rows = 8`"
        );
        let board_squares = file.board.as_ref().and_then(|b| b.value.squares.as_ref());
        let all_squares = board_squares.is_some_and(|s| s.value == BoardSquares::All);
        let corner = if all_squares {
            let corner = file
                .board
                .as_ref()
                .and_then(|b| b.value.playable_corner.as_ref());
            if let Some(c) = corner {
                loader.warn(loader.at(
                    c,
                    "`playable_corner` changes nothing on a board of all squares",
                    Some("every square is played: remove the key".into()),
                ));
            }
            Some(corner)
        } else {
            need!(
                loader,
                file,
                board.playable_corner,
                "`playable_corner = \"lower-left\"` (a1 is dark) or \"lower-right\""
            )
            .map(Some)
        };
        BoardKeys {
            columns,
            rows,
            corner,
            all_squares,
        }
    }

    /// The board's geometry; stops (with the first problem recorded) when a key it needs is
    /// missing, or the side to move first (`first`, of `[setup]`, which the start position
    /// rests on with it) is.
    pub(super) fn geometry(
        &self,
        loader: &Loader,
        first: Option<&Val<Colour>>,
    ) -> Result<Geometry, LocatedError> {
        let (Some(columns), Some(rows), Some(corner), Some(_)) =
            (self.columns, self.rows, self.corner, first)
        else {
            return Err(loader.stopped());
        };
        let all_squares = self.all_squares;
        Geometry::new(
            columns.value,
            rows.value,
            match corner.map(|c| c.value) {
                Some(CornerName::LowerRight) => PlayableCorner::LowerRight,
                _ => PlayableCorner::LowerLeft,
            },
            if all_squares {
                BoardSquares::All
            } else {
                BoardSquares::Dark
            },
        )
        .map_err(|e| {
            let at = if columns.value % 2 != 0 || columns.value < 4 {
                columns
            } else {
                rows
            };
            loader.report(loader.at(
                at,
                e.to_string(),
                Some(if all_squares {
                    "a board of all squares has at most 128: 8x8, 10x10 or 8x16 fit, 12x12 does not"
                        .into()
                } else {
                    "an even number of columns, at least 4 rows, and ceil(rows / 2) * (columns + 1) \
                     at most 128 (at most 64 runs on 64-bit bitboards): up to 14x14 and 18x12 fit; \
                     16x16 does not"
                        .into()
                }),
            ));
            loader.stopped()
        })
    }
}
