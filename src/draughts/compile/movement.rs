//! How pieces go: the lines they move and capture along, whether a capture may turn back, what
//! pieces are worth to the `most-value` criterion, and the limit on a king's ordinary moves in
//! a row; each key checked where it is written (the `[man]`, `[king]` and `[capture]` keys of
//! how pieces go).

use crate::draughts::rules::{Lines, PieceValues};
use crate::draughts::schema::{Criterion, DraughtsFile, Line, Removal};
use crate::rules::{Loader, Val};

/// The keys of how pieces go, checked.
pub(super) struct Movement {
    pub man_move_lines: Lines,
    pub man_capture_lines: Lines,
    pub king_move_lines: Lines,
    pub king_capture_lines: Lines,
    pub king_quiet_moves_in_a_row: Option<u32>,
    pub may_reverse: bool,
    pub values: PieceValues,
}

/// Reads and checks the keys of how pieces go; every problem is recorded in the loader.
pub(super) fn movement_keys(
    loader: &Loader,
    file: &DraughtsFile,
    removal: Option<&Val<Removal>>,
    criteria: &[Criterion],
    precedence: Option<&Val<Vec<Val<Criterion>>>>,
) -> Movement {
    let lines = |list: Option<&Val<Vec<Val<Line>>>>| -> Lines {
        let Some(list) = list else {
            return Lines::DIAGONAL;
        };
        if list.value.is_empty() {
            loader.report(loader.at(
                list,
                "a piece with no line to go along",
                Some("list \"diagonal\", \"orthogonal\" or both".into()),
            ));
        }
        let mut seen = Vec::new();
        for l in &list.value {
            if seen.contains(&l.value) {
                loader.report(loader.at(
                    l,
                    "a line listed twice",
                    Some("each of \"diagonal\" and \"orthogonal\" may appear once".into()),
                ));
            }
            seen.push(l.value);
        }
        Lines {
            diagonal: seen.contains(&Line::Diagonal),
            orthogonal: seen.contains(&Line::Orthogonal),
        }
    };
    let man_section = file.man.as_ref().map(|m| &m.value);
    let king_section = file.king.as_ref().map(|k| &k.value);
    let man_move_lines = lines(man_section.and_then(|m| m.move_lines.as_ref()));
    let man_capture_lines = lines(man_section.and_then(|m| m.capture_lines.as_ref()));
    let king_move_lines = lines(king_section.and_then(|k| k.move_lines.as_ref()));
    let king_capture_lines = lines(king_section.and_then(|k| k.capture_lines.as_ref()));
    let quiet_limit = king_section.and_then(|k| k.quiet_moves_in_a_row.as_ref());
    if let Some(q) = quiet_limit
        && q.value == 0
    {
        loader.report(loader.at(
            q,
            "a king that may never make an ordinary move while its side has men",
            Some("give at least 1, or leave the key out for no limit".into()),
        ));
    }
    let capture_section = file.capture.as_ref().map(|c| &c.value);
    let may_reverse = capture_section.and_then(|c| c.may_reverse.as_ref());
    if let (Some(rev), Some(removal)) = (may_reverse, removal)
        && !rev.value
        && removal.value == Removal::EndOfMove
    {
        loader.warn(
            loader.at(
                rev,
                "`may_reverse = false` changes nothing with `removal = \"end-of-move\"`",
                Some(
                    "the piece just taken stays on the board until the move ends and blocks the \
                 way back"
                        .into(),
                ),
            ),
        );
    }
    let man_value = capture_section.and_then(|c| c.man_value.as_ref());
    let king_value = capture_section.and_then(|c| c.king_value.as_ref());
    let by_value = criteria.contains(&Criterion::MostValue);
    for v in [man_value, king_value].into_iter().flatten() {
        if !by_value {
            loader.warn(loader.at(
                v,
                "a piece value that no criterion reads",
                Some("values are read by `\"most-value\"` in `precedence`".into()),
            ));
        } else if v.value == 0 || v.value > 1_000_000 {
            loader.report(loader.at(
                v,
                format!("a value of {}", v.value),
                Some("give a whole number from 1 to 1000000".into()),
            ));
        }
    }
    if by_value && (man_value.is_none() || king_value.is_none()) {
        let at = precedence.expect("the criterion came from it");
        loader.report(loader.at(
            at,
            "`most-value` needs what a man and a king are worth",
            Some("add `man_value` and `king_value` to [capture], e.g. 2 and 3".into()),
        ));
    }
    Movement {
        man_move_lines,
        man_capture_lines,
        king_move_lines,
        king_capture_lines,
        king_quiet_moves_in_a_row: quiet_limit.map(|q| q.value),
        may_reverse: may_reverse.is_none_or(|r| r.value),
        values: PieceValues {
            man: man_value.map_or(1, |v| v.value),
            king: king_value.map_or(1, |v| v.value),
        },
    }
}
