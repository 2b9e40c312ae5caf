//! How play is restricted and how games are won: the royal pieces, drops, compulsory
//! capture, checks, checkmate and stalemate, flags, extinction, n checks, the bare king.

use super::words::{or_list, ordinal, points_text, result, stalemate_result};
use crate::chess::geometry::Grid;
use crate::chess::rules::Rules;
use crate::chess::schema::FlagWins;

/// The rules of check, capture and winning.
pub(super) fn paragraphs(r: &Rules, b: &Grid, cell: &str) -> Vec<String> {
    let mut out = Vec::new();
    let g = &r.game;
    if r.royal_kinds() == 0 {
        out.push(
            "No piece is royal: there is no check, and every piece may be taken; a capture \
             takes the piece on the arrival point off the board."
                .replace("point", cell),
        );
    } else {
        out.push(
            "A move that leaves the mover's royal piece attacked is illegal; a capture takes \
             the piece on the arrival point off the board."
                .replace("point", cell),
        );
    }
    out.extend(blast(r, cell));
    out.extend(super::drops::drops_rule(r, cell));
    if g.compulsory_capture {
        out.push("A player who can capture must, choosing freely among the captures.".into());
    }
    if g.giving_check_illegal {
        out.push(
            "No move may give check: a move that would attack the enemy's royal piece is illegal."
                .into(),
        );
    }
    if g.royal_stays_in_check {
        out.push(
            "A royal piece in check may not step away: its only move is to capture the piece \
             giving the check, when a single piece gives it; other pieces answer a check by \
             capturing or blocking."
                .into(),
        );
    }
    if g.facing_royals {
        out.push(
            "The royal pieces may not face each other on a file with nothing between them: a \
             move that leaves them so is illegal."
                .to_string(),
        );
    }
    // The end passing brings: the result for the side to move after the last pass.
    let passed_end = match g.two_passes {
        Some(r) => format!("the side then to move {}", result(r)),
        None => "it is drawn".to_string(),
    };
    if g.facing_must_break {
        out.push(format!(
            "The royal pieces may come to face each other on a file with nothing between them; \
             the side then to move must part them (put a piece between or step aside) or pass, \
             and may pass even in check. A pass that leaves them facing ends the game: \
             {passed_end}."
        ));
    }
    if g.passing {
        out.push(
            "A player may pass instead of moving, except when in check; a pass is written as \
             the royal piece's point twice."
                .to_string(),
        );
    }
    if g.passing && g.two_passes.is_some() {
        out.push(format!("Two passes in turn end the game: {passed_end}."));
    }
    if r.royal_kinds() == 0 {
        out.push(format!(
            "A side that has no legal move {}.",
            stalemate_result(g.stalemate)
        ));
    } else {
        out.push(format!(
            "A side that is checkmated {}; a side that has no legal move but is not in check {}.",
            result(g.checkmate),
            stalemate_result(g.stalemate)
        ));
    }
    if let Some(side) = g.draw_odds {
        out.push(format!(
            "Every draw (stalemate, repetition, the move rule, insufficient material) counts as a win for {}: the other side must win.",
            r.sides[side]
        ));
    }
    out.extend(decided(r, b, cell));
    out
}

/// The explosion rule: what a blast takes off, and how check reads it.
fn blast(r: &Rules, cell: &str) -> Vec<String> {
    let Some(x) = r.game.explosion else {
        return Vec::new();
    };
    let names = |kinds: u32| -> String {
        or_list(
            &(0..r.pieces.len())
                .filter(|k| kinds >> k & 1 != 0)
                .map(|k| format!("{}s", r.pieces[k].name))
                .collect::<Vec<_>>(),
        )
    };
    let mut text = "Every capture explodes: the capturing piece, the captured one and every piece \
                    a king's step from the arrival point (of either side) leave the board"
        .replace("point", cell);
    if x.spares != 0 {
        text += &format!(
            ", but {} standing around it (one that captures, or is captured, still goes)",
            names(x.spares)
        );
    }
    text += ".";
    if x.immune != 0 {
        text += &format!(
            " No blast takes off {}, not even their own capture's: such a piece stays where it captured.",
            names(x.immune)
        );
    }
    let mut out = vec![text];
    if r.royal_kinds() != 0 {
        out.push(
            "Check reads the blast: a move that blows up the mover's own royal piece is \
             illegal; a piece attacks the enemy's royal piece only if its capture would leave \
             its own royal piece standing, so a royal piece never attacks and royal pieces side \
             by side do not check each other; a move that blows up the enemy's royal piece wins \
             at once, even from check."
                .into(),
        );
    }
    out
}

/// The rules that decide a game at once: the flag, extinction, the n-th check, the bare king.
fn decided(r: &Rules, b: &Grid, cell: &str) -> Vec<String> {
    let mut out = Vec::new();
    let g = &r.game;
    let kind_names = |kinds: u32| -> String {
        or_list(
            &(0..r.pieces.len())
                .filter(|k| kinds >> k & 1 != 0)
                .map(|k| r.pieces[k].name.clone())
                .collect::<Vec<_>>(),
        )
    };
    if let Some(f) = &g.flag {
        let region = if f.points[0] == f.points[1] {
            points_text(b, f.points[0], cell)
        } else {
            format!(
                "{} for {}, {} for {}",
                points_text(b, f.points[0], cell),
                r.sides[0],
                points_text(b, f.points[1], cell),
                r.sides[1]
            )
        };
        let when = match f.wins {
            FlagWins::OnArrival => "wins at once",
            FlagWins::IfNotCapturable => {
                "wins at once if the other side cannot capture it there, and otherwise as soon as it no longer can"
            }
            FlagWins::IfStillThere => {
                "wins if it still stands there when its side is next to move (the other side has one move to take it)"
            }
        };
        out.push(format!(
            "A {} that reaches the {} ({region}) {when}{}.",
            kind_names(f.kinds),
            f.region,
            if f.second_may_answer {
                format!(
                    "; but when {}'s gets there first and {} can get there too with its next move, it has that move, and reaching it draws",
                    r.sides[0], r.sides[1]
                )
            } else {
                String::new()
            }
        ));
    }
    if let Some(x) = &g.extinction {
        let pieces = if x.named {
            kind_names(x.kinds)
        } else {
            "pieces".into()
        };
        out.push(match (x.each_type, x.fewer_than) {
            (true, 1) => format!(
                "A side left with none of any one type ({pieces}) {}.",
                result(x.result)
            ),
            (true, n) => format!(
                "A side left with fewer than {n} pieces of any one type ({pieces}) {}.",
                result(x.result)
            ),
            (false, 1) => format!("A side left with no {pieces} {}.", result(x.result)),
            (false, n) if x.named => format!(
                "A side left with fewer than {n} pieces of type {pieces} {}.",
                result(x.result)
            ),
            (false, n) => format!(
                "A side left with fewer than {n} pieces {}.",
                result(x.result)
            ),
        });
    }
    if let Some(n) = g.checks_to_win {
        out.push(format!(
            "The side that gives check for the {} time wins (the FEN carries the checks each side still has to give, `{n}+{n}` at the start).",
            ordinal(n)
        ));
    }
    if let Some((res, reply)) = g.bare_king {
        out.push(format!(
            "A side left with only its royal piece {}{}.",
            result(res),
            if reply {
                ", unless with its next move it leaves the other with only its royal piece too (then the game is drawn)"
            } else {
                ""
            }
        ));
    }
    out
}
