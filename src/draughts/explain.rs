//! A draughts variant's rules in plain sentences, written from the compiled [`Rules`] (never
//! from the file's comments), so that what `explain` says is what the engine plays.

use super::geometry::PlayableCorner;
use super::rules::{Lines, Rules};
use super::schema::*;

/// The rules in sentences, one paragraph per entry.
pub fn explain(rules: &Rules, start_fen: &str) -> Vec<String> {
    let mut out = board(rules, start_fen);
    out.extend(pieces(rules));
    out.extend(capture(rules));
    out.extend(taking_and_crowning(rules));
    out.extend(draw(rules));
    out.extend(notation(rules));
    out
}

/// The variant and its source, the board, the men at the start.
fn board(r: &Rules, start_fen: &str) -> Vec<String> {
    let mut out = Vec::new();
    let g = &r.geometry;
    out.push(format!(
        "{} ({}). Source: {}.",
        r.name,
        r.id,
        r.source.trim_end_matches('.')
    ));
    out.push(if g.all_squares() {
        format!(
            "The board has {} columns and {} rows; all {} squares are played on.",
            g.columns(),
            g.rows(),
            g.square_count()
        )
    } else {
        format!(
            "The board has {} columns and {} rows; the {} squares of one colour are played on, {}.",
            g.columns(),
            g.rows(),
            g.square_count(),
            match g.corner() {
                PlayableCorner::LowerLeft => "with a1 (White's lower-left corner) among them",
                PlayableCorner::LowerRight =>
                    "with White's lower-right corner among them (a1 is not)",
            }
        )
    });
    let men = |set: u128| (set & !r.start.kings).count_ones();
    out.push(format!(
        "At the start White has {} men and Black {} (FEN {start_fen}); {} moves first.",
        men(r.start.white),
        men(r.start.black),
        colour_name(r.start.side)
    ));
    out
}

/// How men and kings move and capture, and the limit on a king's ordinary moves.
fn pieces(r: &Rules) -> Vec<String> {
    let mut out = Vec::new();
    let diagonal_only = |l: Lines| l == Lines::DIAGONAL;
    if [
        r.man_move_lines,
        r.man_capture_lines,
        r.king_move_lines,
        r.king_capture_lines,
    ]
    .into_iter()
    .all(diagonal_only)
    {
        out.push(format!(
            "A man moves one square diagonally forward to an empty square. It captures by jumping \
             diagonally over an adjacent opposing piece to the empty square just beyond, {}{}; a \
             capture goes on jumping while it can, and ends only when no further jump is possible.",
            match r.men_capture_backward {
                true => "forward or backward",
                false => "forward only",
            },
            match r.men_capture_kings {
                true => "",
                false => ", and it may not capture a king",
            }
        ));
        out.push(match r.king_range {
            KingRange::Short => "A king moves and captures like a man, one square diagonally, \
                                 but backward as well as forward."
                .to_string(),
            KingRange::Flying => format!(
                "A king is flying: it moves any number of empty squares along a diagonal, and \
                 captures a piece at any distance along a diagonal with only empty squares \
                 between, landing {}.",
                landing(r)
            ),
        });
    } else {
        out.push(lines_sentences(r));
    }
    if let Some(n) = r.king_quiet_moves_in_a_row {
        out.push(format!(
            "While its side still has men, a king may not make more than {n} ordinary moves in \
             a row (captures do not count); this needs the game's moves, so perft, which starts \
             from a position, does not apply it."
        ));
    }
    out
}

/// Whether capturing is compulsory, and the precedence among captures.
fn capture(r: &Rules) -> Vec<String> {
    let mut out = Vec::new();
    out.push(match (r.compulsory_capture, r.precedence.is_empty()) {
        (true, true) => {
            "Capturing is compulsory; among the captures, the player chooses freely.".to_string()
        }
        (false, true) => "Capturing is not compulsory: a player who can capture may make a quiet \
                          move instead, and chooses freely among the captures."
            .to_string(),
        (compulsory, false) => {
            let value_words = format!(
                "the captures of the highest value, a man counting {} and a king {}",
                r.values.man, r.values.king
            );
            let criteria: Vec<&str> = r
                .precedence
                .iter()
                .map(|c| match c {
                    Criterion::MostPieces => {
                        "the captures that take the most pieces (kings and men count the same)"
                    }
                    Criterion::MostKings => "those that take the most kings",
                    Criterion::MostValue => value_words.as_str(),
                    Criterion::MadeByKing => "those made by a king, when a king can capture",
                    Criterion::KingTakenEarliest => {
                        "those that take a king earliest (the jumps compared in order)"
                    }
                })
                .collect();
            format!(
                "{} Among the captures, only {} may be played{}.",
                match compulsory {
                    true => "Capturing is compulsory.",
                    false =>
                        "Capturing is not compulsory, but a player who captures must \
                              follow the precedence.",
                },
                criteria[0],
                criteria[1..]
                    .iter()
                    .map(|c| format!("; among them, only {c}"))
                    .collect::<String>()
            )
        }
    });
    out
}

/// When taken pieces leave the board, turning back, crowning, and the loss of a side that cannot move.
fn taking_and_crowning(r: &Rules) -> Vec<String> {
    let mut out = Vec::new();
    out.push(match r.removal {
        Removal::EndOfMove => "The pieces taken stay on the board until the capture ends: a \
                              piece may not be jumped twice, and the capturing piece may not \
                              pass over a taken piece again."
            .to_string(),
        Removal::Immediate => "Each piece taken leaves the board as it is jumped, so its square \
                               is free at once for the rest of the capture."
            .to_string(),
    });
    if !r.may_reverse {
        out.push(
            "A capturing piece may not turn straight back (180 degrees) between two jumps."
                .to_string(),
        );
    }
    out.push(format!(
        "A man that ends its move on the far row becomes a king. {}",
        match r.promotion_during_capture {
            PromotionDuringCapture::EndsMove =>
                "A man that reaches the far row during a capture is crowned, and its move ends \
                 there even if it could jump on.",
            PromotionDuringCapture::ContinueAsKing =>
                "A man that reaches the far row during a capture is crowned at once and, if it \
                 can, goes on capturing as a king.",
            PromotionDuringCapture::OnlyAtEnd =>
                "A man that passes over the far row during a capture goes on capturing as a man, \
                 and is crowned only if the capture ends there.",
        }
    ));
    out.push("A player who cannot move (no pieces, or all blocked) loses.".to_string());
    out
}

/// The quiet-move draw rule.
fn draw(r: &Rules) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(d) = r.draw {
        let mut resets = Vec::new();
        if d.reset_by_capture {
            resets.push("a capture");
        }
        if d.reset_by_promotion {
            resets.push("a promotion");
        }
        if d.reset_by_man_move {
            resets.push("a move of a man");
        }
        out.push(format!(
            "The game is drawn after {} moves by each side{}.",
            d.quiet_moves,
            match resets.len() {
                0 => String::new(),
                n => format!(
                    " without {}",
                    match n {
                        1 => resets[0].to_string(),
                        _ => format!("{} or {}", resets[..n - 1].join(", "), resets[n - 1]),
                    }
                ),
            }
        ));
    }
    out
}

/// How moves are written.
fn notation(r: &Rules) -> Vec<String> {
    let mut out = Vec::new();
    let n = &r.notation;
    out.push(format!(
        "Moves are written with {} squares, `{}` between the squares of a move and `{}` between \
         those of a capture{}.",
        match n.squares {
            SquareNotation::Numeric => "numbered",
            SquareNotation::Algebraic => "algebraic",
        },
        n.move_separator,
        n.capture_separator,
        match n.pdn_game_type {
            Some(t) => format!("; PDN GameType {t}"),
            None => String::new(),
        }
    ));
    out
}

fn landing(r: &Rules) -> &'static str {
    match r.king_landing {
        KingLanding::AnySquareBeyond => "on any empty square beyond it",
        KingLanding::DirectlyBehind => "on the square directly behind it, and nowhere else",
        KingLanding::DirectlyBehindLastKing => {
            "on any empty square beyond it; but when the last piece its capture takes is a \
             king, it must stop on the square directly behind that king"
        }
    }
}

/// "along the diagonals", "along rows and columns", "along diagonals, rows and columns".
fn along(l: Lines, one: bool) -> &'static str {
    match (l.diagonal, l.orthogonal, one) {
        (true, false, true) => "diagonally",
        (false, true, true) => "along a row or column",
        (true, true, true) => "diagonally or along a row or column",
        (true, false, false) => "along a diagonal",
        (false, true, false) => "along a row or column",
        _ => "along a diagonal, row or column",
    }
}

/// The men's and kings' moves and captures when some go along rows and columns.
fn lines_sentences(r: &Rules) -> String {
    let g = &r.geometry;
    let step = if g.all_squares() {
        ""
    } else {
        " Along a row or column the next square of the board's colour is two squares away: the \
         square between is not played on."
    };
    let man_way = |l: Lines, backward: bool| match (l.orthogonal, backward) {
        (true, true) => "in any direction",
        (true, false) => "forward or sideways",
        (false, true) => "forward or backward",
        (false, false) => "forward",
    };
    let king = match r.king_range {
        KingRange::Short => format!(
            "A king moves one square {} in any direction, and captures {} like a man, backward \
             as well.",
            along(r.king_move_lines, true),
            along(r.king_capture_lines, true)
        ),
        KingRange::Flying => format!(
            "A king is flying: it moves any number of empty squares {}, and captures a piece at \
             any distance {} with only empty squares between, landing {}.",
            along(r.king_move_lines, false),
            along(r.king_capture_lines, false),
            landing(r)
        ),
    };
    format!(
        "A man moves one square {} {} to an empty square. It captures by jumping {} over \
         the next opposing piece to the empty square just beyond, {}{}; a capture goes on \
         jumping while it can, and ends only when no further jump is possible. {king}{step}",
        along(r.man_move_lines, true),
        man_way(r.man_move_lines, false),
        along(r.man_capture_lines, true),
        man_way(r.man_capture_lines, r.men_capture_backward),
        match r.men_capture_kings {
            true => "",
            false => ", and it may not capture a king",
        }
    )
}

fn colour_name(c: Colour) -> &'static str {
    match c {
        Colour::White => "White",
        Colour::Black => "Black",
    }
}
