//! A chess-family variant's rules in plain sentences, written from the compiled [`Rules`]: the
//! board, the regions, each piece's movement read back from its parsed Betza components, and
//! how games end.

use super::betza::{Component, parse};
use super::geometry::Grid;
use super::rules::{Points, Rules};
use super::schema::{Cells, Counted, ForceMatch, ResultName};

/// The rules in sentences, one paragraph per entry.
pub fn explain(rules: &Rules, start_fen: &str) -> Vec<String> {
    let r = rules;
    let b = Grid {
        files: r.files,
        ranks: r.ranks,
    };
    let cell = match r.cells {
        Cells::Points => "point",
        Cells::Squares => "square",
    };
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
        b.files * b.ranks
    );
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
            points_text(&b, sets[0], cell),
            r.sides[1],
            points_text(&b, sets[1], cell)
        ));
    }
    for p in &r.pieces {
        let plus = if p.plus { "+" } else { "" };
        let letters: String = std::iter::once(p.letter)
            .chain(p.synonyms.iter().copied())
            .map(|c| format!("{plus}{}/{plus}{}", c.to_ascii_uppercase(), c))
            .collect::<Vec<_>>()
            .join(", ");
        let mut s = match p.notation {
            Some(n) => format!("The {} (letters {letters}; {n} in move notation): ", p.name),
            None => format!(
                "The {} (letters {letters}; no letter in move notation): ",
                p.name
            ),
        };
        if p.royal {
            s.push_str("royal, it may not be left attacked. ");
        }
        s.push_str(&capital(&movement_text(&p.movement, cell)));
        s.push('.');
        for (region, m) in &p.movement_in {
            s.push_str(&format!(
                " On the {cell}s of its {region}, instead: {}.",
                movement_text(m, cell)
            ));
        }
        if let Some(region) = &p.confined_to {
            s.push_str(&format!(" It never leaves its {region}."));
        }
        if let Some(region) = &p.initial {
            s.push_str(&format!(
                " Its initial moves start only from its {region} ({}).",
                points_text(&b, r.region(region, 0).unwrap_or(0), cell)
            ));
        }
        if let Some(pr) = &p.promotion {
            let names = |side: usize| -> String {
                or_list(
                    &pr.to[side]
                        .iter()
                        .map(|&k| r.pieces[k as usize].name.clone())
                        .collect::<Vec<_>>(),
                )
            };
            let to = if pr.to[0] == pr.to[1] {
                names(0)
            } else {
                format!(
                    "{} for {}, {} for {}",
                    names(0),
                    r.sides[0],
                    names(1),
                    r.sides[1]
                )
            };
            s.push_str(&format!(
                " A move that ends in its {} ({} for {}) {} it into a {to}{}.",
                pr.region,
                points_text(&b, pr.zone[0], cell),
                r.sides[0],
                if pr.compulsory { "turns" } else { "may turn" },
                if pr.to[0].len() > 1 || pr.to[1].len() > 1 {
                    ", each choice its own move"
                } else {
                    ""
                }
            ));
            s.push_str(&super::explain_drops::promotion_extras(r, p, pr, &b, cell));
        }
        s.push_str(&super::explain_drops::piece_drops(r, p, &b, cell));
        out.push(s);
    }
    if let Some(ep) = &r.en_passant {
        let names = |kinds: &[u8]| -> String {
            or_list(
                &kinds
                    .iter()
                    .map(|&k| r.pieces[k as usize].name.clone())
                    .collect::<Vec<_>>(),
            )
        };
        let mut text = format!(
            "En passant: right after a {} passes over {cell}s with its initial move, an enemy {} that could capture on a {cell} it passed may do so on the very next move, landing there and taking the piece where it stands.",
            names(&ep.taken),
            names(&ep.takers)
        );
        let all: Points = if r.points() == 128 {
            !0
        } else {
            (1 << r.points()) - 1
        };
        if ep.onto != [all; 2] {
            text.push_str(&format!(
                " Such a capture lands only on {} for {}, on {} for {}.",
                points_text(&b, ep.onto[0], cell),
                r.sides[0],
                points_text(&b, ep.onto[1], cell),
                r.sides[1]
            ));
        }
        out.push(text);
    }
    if let Some(c) = &r.castling {
        let file = |f: u32| (b'a' + f as u8) as char;
        let partners = or_list(
            &c.partners
                .iter()
                .map(|&k| r.pieces[k as usize].name.clone())
                .collect::<Vec<_>>(),
        );
        let mut text = format!(
            "Castling: the {king} and a {partners} that have not moved, on each side's rank {rank} (the FEN's castling rights), with every {cell} between each of them and where it goes empty: the {king} goes to the {ks}-file and the {partners} to the {ps}-file (short, toward the last file, `O-O`), or to the {kl}- and {pl}-files (long, `O-O-O`); the {king} may not be in check, pass over an attacked {cell} or land on one.",
            king = r.pieces[c.king as usize].name,
            rank = c.rank,
            ks = file(c.king_to[0]),
            ps = file(c.partner_to[0]),
            kl = file(c.king_to[1]),
            pl = file(c.partner_to[1]),
        );
        if !r.pieces[c.king as usize].royal {
            let guard =
                format!(" may not be in check, pass over an attacked {cell} or land on one.");
            text = text.replace(
                &guard,
                " is not royal here, so nothing it passes or lands on need be safe from attack.",
            );
        }
        if c.any_start_files {
            text.push_str(
                " They may start on any files of the rank; castling is written as the king taking its own partner (`e1h1`).",
            );
        }
        out.push(text);
    }
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
    out.extend(super::explain_drops::drops_rule(r, cell));
    if g.compulsory_capture {
        out.push("A player who can capture must, choosing freely among the captures.".into());
    }
    if g.giving_check_illegal {
        out.push(
            "No move may give check: a move that would attack the enemy's royal piece is illegal."
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
    if r.royal_kinds() == 0 {
        out.push(format!(
            "A side that has no legal move {}.",
            result(g.stalemate)
        ));
    } else {
        out.push(format!(
            "A side that is checkmated {}; a side that has no legal move but is not in check {}.",
            result(g.checkmate),
            result(g.stalemate)
        ));
    }
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
            points_text(&b, f.points[0], cell)
        } else {
            format!(
                "{} for {}, {} for {}",
                points_text(&b, f.points[0], cell),
                r.sides[0],
                points_text(&b, f.points[1], cell),
                r.sides[1]
            )
        };
        out.push(format!(
            "A {} that reaches the {} ({region}) wins at once{}.",
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
        out.push(if x.named {
            format!(
                "A side left with no {} {}.",
                kind_names(x.kinds),
                result(x.result)
            )
        } else {
            format!("A side left with no pieces {}.", result(x.result))
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

/// `a`, `a or b`, `a, b or c`.
fn or_list(items: &[String]) -> String {
    match items {
        [] => "nothing".into(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

fn ordinal(n: u32) -> String {
    match n {
        1 => "first".into(),
        2 => "second".into(),
        3 => "third".into(),
        n => format!("{n}th"),
    }
}

fn number(n: i32) -> String {
    match n {
        1 => "one".into(),
        2 => "two".into(),
        3 => "three".into(),
        n => n.to_string(),
    }
}

fn result(r: ResultName) -> &'static str {
    match r {
        ResultName::Loss => "loses",
        ResultName::Draw => "draws",
        ResultName::Win => "wins",
    }
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// A set of points as rectangles where it is one, otherwise as a list.
pub(super) fn points_text(b: &Grid, set: Points, cell: &str) -> String {
    let points: Vec<u32> = (0..128).filter(|p| set >> p & 1 != 0).collect();
    if points.is_empty() {
        return format!("no {cell}s");
    }
    let coords: Vec<(u32, u32)> = points.iter().map(|&p| b.coordinates(p)).collect();
    let (f0, f1) = (
        coords.iter().map(|c| c.0).min().unwrap_or(0),
        coords.iter().map(|c| c.0).max().unwrap_or(0),
    );
    let (r0, r1) = (
        coords.iter().map(|c| c.1).min().unwrap_or(0),
        coords.iter().map(|c| c.1).max().unwrap_or(0),
    );
    if ((f1 - f0 + 1) * (r1 - r0 + 1)) as usize == points.len() && points.len() > 1 {
        format!(
            "the {} {cell}s {}-{}",
            points.len(),
            b.name(b.point(f0, r0)),
            b.name(b.point(f1, r1))
        )
    } else {
        let names: Vec<String> = points.iter().map(|&p| b.name(p)).collect();
        names.join(", ")
    }
}

/// A Betza movement in words, one clause per component.
fn movement_text(betza: &str, cell: &str) -> String {
    match parse(betza) {
        Ok(parts) => {
            let clauses: Vec<String> = parts.iter().map(|c| component_text(c, cell)).collect();
            format!("{} (Betza `{betza}`)", clauses.join("; "))
        }
        Err(_) => format!("Betza `{betza}`"),
    }
}

fn component_text(c: &Component, cell: &str) -> String {
    let mode = match (c.moves, c.capture) {
        (true, true) => "moves or captures",
        (true, false) => "moves (without capturing)",
        _ => "captures",
    };
    let (df, dr) = c.directions.first().copied().unwrap_or((0, 1));
    let (lo, hi) = (df.abs().min(dr.abs()), df.abs().max(dr.abs()));
    let line = match (lo, hi) {
        (0, _) => "orthogonally",
        (a, b) if a == b => "diagonally",
        _ => "",
    };
    let plural = |n: i32| {
        if n == 1 {
            cell.to_string()
        } else {
            format!("{cell}s")
        }
    };
    let reach = if c.rider && !line.is_empty() && hi > 1 {
        format!(
            "by leaps of {hi} {cell}s {line}, repeated along the line while the {cell}s it lands on are empty"
        )
    } else if c.rider && line.is_empty() {
        let leap = if (lo, hi) == (1, 2) {
            "knight's leaps".to_string()
        } else {
            format!("({lo},{hi}) leaps")
        };
        format!("by {leap} repeated along one line while the {cell}s it lands on are empty")
    } else if c.rider {
        match c.range {
            0 => format!("any number of {cell}s {line}"),
            n => format!("up to {n} steps of {} {line}", hi.max(1)),
        }
    } else if (lo, hi) == (1, 2) {
        format!("by a knight's leap (one {cell} orthogonally, then one diagonally outward)")
    } else if line.is_empty() {
        format!("by a ({lo},{hi}) leap")
    } else {
        format!("{} {} {line}", number(hi), plural(hi))
    };
    let mut s = format!("{mode} {reach}");
    let total = images(lo, hi);
    if c.directions.len() < total {
        s.push_str(&format!(", {} only", directions_text(&c.directions)));
    }
    if c.hop {
        s.push_str(", by jumping over exactly one piece of either side (the screen) on its way");
    }
    if c.grasshopper {
        s.push_str(&format!(
            ", by jumping over the first piece on its line (of either side) to the {cell} just \
             beyond it"
        ));
    }
    if c.initial {
        s.push_str(", as an initial move");
    }
    if c.lame {
        s.push_str(&match (lo, hi, c.rider) {
            (1, 2, false) => {
                format!(", blocked by a piece on the {cell} next to it along the longer side")
            }
            _ => format!(", blocked by a piece on any {cell} it passes"),
        });
    }
    s
}

/// The number of distinct directions of a (lo, hi) leap.
fn images(lo: i32, hi: i32) -> usize {
    if lo == 0 || lo == hi { 4 } else { 8 }
}

fn directions_text(dirs: &[(i32, i32)]) -> String {
    let mut words = Vec::new();
    if dirs.iter().any(|d| d.1 > 0) {
        words.push("forward");
    }
    if dirs.iter().any(|d| d.1 == 0) {
        words.push("sideways");
    }
    if dirs.iter().any(|d| d.1 < 0) {
        words.push("backward");
    }
    words.join(" or ")
}
