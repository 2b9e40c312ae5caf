//! How games are drawn: the move rule, perpetual check, repetition, insufficient material and
//! counting.

use super::words::{or_list, result};
use crate::chess::rules::Rules;
use crate::chess::schema::{Counted, ForceMatch};

/// The draw rules.
pub(super) fn paragraphs(r: &Rules, cell: &str) -> Vec<String> {
    let mut out = Vec::new();
    let g = &r.game;
    if let Some(m) = &g.move_rule {
        let resets: Vec<String> = m
            .reset_by
            .iter()
            .map(|&k| r.pieces[k as usize].name.clone())
            .collect();
        out.push(format!(
            "{} moves by each side with no capture{} draw the game (the FEN's fifth field counts the plies).",
            m.moves,
            if resets.is_empty() {
                String::new()
            } else {
                format!(" and no move of a {}", or_list(&resets))
            }
        ));
    }
    if let Some((limit, res)) = g.perpetual_check {
        out.push(format!(
            "The same check may be given at most {limit} times: the side that gives it once \
             more (the same position reached by a checking move) {}.",
            result(res)
        ));
    }
    if let Some((limit, res)) = g.repetition {
        out.push(format!(
            "A position may occur at most {limit} times: when it occurs once more, the side that \
             repeated it {}.",
            result(res)
        ));
    }
    // As letters, the royal pieces first (`kb`, as the file writes it).
    let material = |kinds: &[u8]| -> String {
        let mut kinds = kinds.to_vec();
        kinds.sort_by_key(|&k| !r.pieces[k as usize].royal);
        kinds.iter().map(|&k| r.pieces[k as usize].letter).collect()
    };
    if !g.insufficient_material.is_empty() {
        let pairs: Vec<String> = g
            .insufficient_material
            .iter()
            .map(|[x, y]| format!("{} against {}", material(x), material(y)))
            .collect();
        out.push(format!(
            "The game is drawn when the material is, as piece letters, {}.",
            pairs.join("; ")
        ));
    }
    if g.insufficient_on_one_colour != 0 {
        let names: Vec<String> = (0..r.pieces.len())
            .filter(|k| g.insufficient_on_one_colour >> k & 1 == 1)
            .map(|k| format!("{}s", r.pieces[k].name))
            .collect();
        out.push(format!(
            "The game is also drawn when the sides have nothing but their royal pieces and {}, all on {cell}s of one colour.",
            names.join(" and ")
        ));
    }
    if let Some(c) = &g.counting {
        let ignored: Vec<String> = (0..r.pieces.len())
            .filter(|k| c.ignore >> k & 1 == 1)
            .map(|k| r.pieces[k].name.clone())
            .collect();
        let limits: Vec<String> = c
            .limits
            .iter()
            .map(|(force, moves)| format!("{} {moves}", material(force)))
            .collect();
        let only_without: Vec<String> = (0..r.pieces.len())
            .filter(|k| c.only_without >> k & 1 == 1)
            .map(|k| r.pieces[k].name.clone())
            .collect();
        let mut text = format!(
            "Counting{}: when one side has only its royal piece left, the other must win within \
             a number of moves set by its force (its pieces other than the royal one{}), counting \
             {}, or the game is drawn: {}{}{}.",
            if only_without.is_empty() {
                String::new()
            } else {
                format!(
                    " (only while no {} is on the board)",
                    or_list(&only_without)
                )
            },
            match ignored.len() {
                0 => String::new(),
                _ => format!(
                    ", the {}",
                    ignored
                        .iter()
                        .map(|n| format!("{n}s"))
                        .collect::<Vec<_>>()
                        .join(" and the ")
                ),
            },
            match c.counted {
                Counted::Attacker => "its own moves",
                Counted::Defender => "the bare side's moves",
            },
            match c.force {
                ForceMatch::Exact => "for exactly the force ",
                ForceMatch::AtLeast => "for at least the force (the lowest limit that applies) ",
            },
            limits.join(", "),
            match c.otherwise {
                Some(n) => format!("; any other force {n}"),
                None => "; any other force is not counted".into(),
            }
        );
        if c.start_at_pieces {
            text.push_str(" The count starts from the number of pieces on the board.");
        }
        if let Some(moves) = c.board {
            text.push_str(&format!(
                " Before that, once the counting applies, the side with fewer pieces counts \
                 {moves} of its moves; the game is drawn if they are made without a win."
            ));
        }
        out.push(text);
    }
    out
}
