//! The `[rules]` and `[notation]` sections: how games end (checkmate, stalemate, perpetual
//! check, repetition, insufficient material, counting, the n-move rule, the bare king), en
//! passant, castling, and the notations moves are written in.

use super::board::find_region;
use super::explosion::compile_explosion;
use super::extinction::compile_extinction;
use super::pieces::{piece_named, pieces_named};
use super::values::noted;
use crate::chess::rules::{
    CastlingRule, Counting, EnPassantRule, ExplosionRule, ExtinctionRule, FlagRule, GameRules,
    MoveRule, PieceType, Points,
};
use crate::chess::schema::{
    CastlingFiles, ChessFile, Counted, CountingSection, Facing, FlagWins, ForceMatch,
    GameRulesSection, GivingCheck, LimitRule,
};
use crate::diagnostics::{LocatedError, did_you_mean};
use crate::rules::Loader;
use crate::rules::Val;

/// The notations a variant may write its moves in.
pub const NOTATION_NAMES: &[&str] = &["uci", "san", "coordinates", "ucci", "usi", "wxf"];

/// The piece types (sorted) that the letters of `v` name.
pub(super) fn letter_kinds(
    loader: &Loader,
    pieces: &[PieceType],
    v: &Val<String>,
) -> Result<Vec<u8>, LocatedError> {
    let mut kinds = Vec::new();
    for c in v.value.chars() {
        let k = crate::chess::rules::kind_of_letter(pieces, c, false).ok_or_else(|| {
            let all: Vec<String> = pieces.iter().map(|p| p.letter.to_string()).collect();
            loader.at(
                v,
                format!("`{c}` is not a piece letter of this variant"),
                Some(format!("piece letters: {}", all.join(" "))),
            )
        })?;
        kinds.push(k as u8);
    }
    kinds.sort();
    Ok(kinds)
}

/// Letters in a list, as a set of types.
fn letter_set(loader: &Loader, pieces: &[PieceType], list: Option<&Val<Vec<Val<String>>>>) -> u32 {
    let mut set = 0u32;
    for v in list.iter().flat_map(|l| l.value.iter()) {
        for k in noted(loader, letter_kinds(loader, pieces, v)).unwrap_or_default() {
            set |= 1 << k;
        }
    }
    set
}

fn compile_counting(loader: &Loader, c: &Val<CountingSection>, pieces: &[PieceType]) -> Counting {
    let c = &c.value;
    let ignore = letter_set(loader, pieces, c.ignore.as_ref());
    let only_without = letter_set(loader, pieces, c.only_without.as_ref());
    let mut limits = Vec::new();
    for (force, moves) in &c.limits.value {
        let named = Val {
            value: force.clone(),
            file: moves.file,
            span: moves.span.clone(),
        };
        if let Some(force) = noted(loader, letter_kinds(loader, pieces, &named)) {
            limits.push((force, moves.value));
        }
    }
    Counting {
        ignore,
        limits,
        force: c.force.as_ref().map_or(ForceMatch::Exact, |f| f.value),
        otherwise: c.otherwise.as_ref().map(|o| o.value),
        counted: c.counted.as_ref().map_or(Counted::Attacker, |v| v.value),
        start_at_pieces: c.start_at_pieces.as_ref().is_some_and(|v| v.value),
        only_without,
        board: c.board.as_ref().map(|b| b.value.moves.value),
    }
}

/// The game rules.
pub(super) fn compile_game(
    loader: &Loader,
    file: &ChessFile,
    pieces: &[PieceType],
    regions: &[(String, [Points; 2])],
) -> Option<GameRules> {
    // The game rules name pieces by letter: after a problem with the pieces themselves, a
    // letter that no longer names one would only repeat it.
    let letters_sound = !loader.has_problems();
    let checkmate = crate::rules::need!(
        loader,
        file,
        rules.checkmate,
        "`checkmate = \"loss\"` (the result for the side checkmated)"
    );
    let stalemate = crate::rules::need!(
        loader,
        file,
        rules.stalemate,
        "`stalemate = \"loss\"`, \"draw\", \"win\" or \"fewer-pieces-win\" (for the side with no move)"
    );
    let section = file.rules.as_ref().map(|r| &r.value);
    let limit_rule = |r: Option<&Val<LimitRule>>| {
        r.map(|r| {
            if r.value.limit.value == 0 {
                loader.report(loader.at(
                    &r.value.limit,
                    "a limit of 0 would end the game at once",
                    Some("the limit is how many times it may happen before the rule acts: 1 or more, e.g. `limit = 3`".into()),
                ));
            }
            (r.value.limit.value, r.value.result.value)
        })
    };
    let mut insufficient = Vec::new();
    let pairs = section
        .and_then(|s| s.insufficient_material.as_ref())
        .filter(|_| letters_sound);
    for pair in pairs.iter().flat_map(|l| l.value.iter()) {
        if pair.value.len() != 2 {
            loader.report(loader.at(
                pair,
                format!("{} materials where a pair is needed", pair.value.len()),
                Some("each entry is a pair: one side's pieces and the other's, e.g. [\"k\", \"kbb\"]".into()),
            ));
            continue;
        }
        let a = noted(loader, letter_kinds(loader, pieces, &pair.value[0]));
        let b = noted(loader, letter_kinds(loader, pieces, &pair.value[1]));
        if let (Some(a), Some(b)) = (a, b) {
            insufficient.push([a, b]);
        }
    }
    let one_colour = if letters_sound {
        letter_set(
            loader,
            pieces,
            section.and_then(|s| s.insufficient_on_one_colour.as_ref()),
        )
    } else {
        0
    };
    let counting = section
        .and_then(|s| s.counting.as_ref())
        .filter(|_| letters_sound)
        .map(|c| compile_counting(loader, c, pieces));
    let names: Vec<&str> = pieces.iter().map(|p| p.name.as_str()).collect();
    let move_rule = section.and_then(|s| s.move_rule.as_ref()).and_then(|m| {
        if m.value.moves.value == 0 {
            loader.report(loader.at(
                &m.value.moves,
                "a move rule of 0 moves would end the game at once",
                Some("the number of moves by each side, e.g. `moves = 50`".into()),
            ));
        }
        let reset_by = match &m.value.reset_by {
            Some(list) => pieces_named(loader, &names, &list.value)?,
            None => Vec::new(),
        };
        Some(MoveRule {
            moves: m.value.moves.value,
            reset_by,
        })
    });
    let bare_king = section.and_then(|s| s.bare_king.as_ref()).map(|b| {
        (
            b.value.result.value,
            b.value.draw_if_bared_back.as_ref().is_some_and(|v| v.value),
        )
    });
    let ends = compile_ends(loader, section, pieces, regions);
    check_passing(loader, section, pieces);
    let draw_odds = compile_draw_odds(loader, file, section)?;
    let (drops, captures_to_hand) = compile_hands(loader, section);
    let (checkmate, stalemate, ends) = (checkmate?, stalemate?, ends?);
    Some(GameRules {
        facing_royals: section
            .and_then(|s| s.facing_royals.as_ref())
            .is_some_and(|f| f.value == Facing::Illegal),
        facing_must_break: section
            .and_then(|s| s.facing_royals.as_ref())
            .is_some_and(|f| f.value == Facing::MustBreak),
        passing: section
            .and_then(|s| s.passing.as_ref())
            .is_some_and(|p| p.value),
        two_passes: section.and_then(|s| s.two_passes.as_ref()).map(|r| r.value),
        checkmate: checkmate.value,
        stalemate: stalemate.value,
        draw_odds,
        perpetual_check: limit_rule(section.and_then(|s| s.perpetual_check.as_ref())),
        repetition: limit_rule(section.and_then(|s| s.repetition.as_ref())),
        insufficient_material: insufficient,
        insufficient_on_one_colour: one_colour,
        counting,
        move_rule,
        bare_king,
        compulsory_capture: ends.compulsory_capture,
        giving_check_illegal: ends.giving_check_illegal,
        royal_stays_in_check: ends.royal_stays_in_check,
        flag: ends.flag,
        extinction: ends.extinction,
        explosion: ends.explosion,
        checks_to_win: ends.checks_to_win,
        drops,
        captures_to_hand,
    })
}

/// `draw_odds`: the side it names (0 or 1); `Err` once an unknown name is reported.
fn compile_draw_odds(
    loader: &Loader,
    file: &ChessFile,
    section: Option<&GameRulesSection>,
) -> Option<Option<usize>> {
    let Some(odds) = section.and_then(|s| s.draw_odds.as_ref()) else {
        return Some(None);
    };
    let sides = file.sides.as_ref().map(|s| &s.value);
    let names: Vec<&str> = [
        sides.and_then(|s| s.first.as_ref()),
        sides.and_then(|s| s.second.as_ref()),
    ]
    .iter()
    .map(|n| n.map_or("", |n| n.value.as_str()))
    .collect();
    match names.iter().position(|n| *n == odds.value) {
        Some(side) => Some(Some(side)),
        None => {
            loader.report(loader.at(
                odds,
                format!("`{}` is not a side of this variant", odds.value),
                Some(format!(
                    "one of the sides' names: \"{}\" or \"{}\"",
                    names[0], names[1]
                )),
            ));
            None
        }
    }
}

/// Warnings for keys of check and passing that change nothing: `royal_may_flee_check` and
/// `passing` without a royal type (a pass is written as the royal piece's point),
/// `two_passes` without `passing`.
fn check_passing(loader: &Loader, section: Option<&GameRulesSection>, pieces: &[PieceType]) {
    let Some(s) = section else { return };
    if let Some(f) = s.royal_may_flee_check.as_ref().filter(|f| !f.value)
        && !pieces.iter().any(|t| t.royal)
    {
        loader.warn(loader.at(
            f,
            "`royal_may_flee_check` changes nothing: no piece type is royal",
            Some("make a type royal, or remove it".into()),
        ));
    }
    let passing = s.passing.as_ref().filter(|p| p.value);
    if let Some(p) = passing
        && !pieces.iter().any(|t| t.royal)
    {
        loader.warn(loader.at(
            p,
            "no piece type is royal: nobody can pass",
            Some("a pass is written as the royal piece's point twice; make a type royal".into()),
        ));
    }
    if let Some(t) = &s.two_passes
        && passing.is_none()
    {
        loader.warn(loader.at(
            t,
            "`two_passes` changes nothing: these rules have no passing",
            Some("add `passing = true` to `[rules]`, or remove it".into()),
        ));
    }
}

/// `drops` and `captures_to_hand`, the second warned of where there are no drops.
fn compile_hands(loader: &Loader, section: Option<&GameRulesSection>) -> (bool, bool) {
    let drops = section
        .and_then(|s| s.drops.as_ref())
        .is_some_and(|d| d.value);
    let feed = section.and_then(|s| s.captures_to_hand.as_ref());
    if let Some(f) = feed
        && !drops
    {
        loader.warn(loader.at(
            f,
            "`captures_to_hand` changes nothing: these rules have no drops",
            Some("add `drops = true` to `[rules]`, or remove it".into()),
        ));
    }
    (drops, feed.is_none_or(|f| f.value))
}

/// The rules that end a game otherwise than by checkmate or forbid moves the pieces could
/// make, as [`compile_ends`] reads them.
struct Ends {
    compulsory_capture: bool,
    giving_check_illegal: bool,
    royal_stays_in_check: bool,
    flag: Option<FlagRule>,
    extinction: Option<ExtinctionRule>,
    explosion: Option<ExplosionRule>,
    checks_to_win: Option<u32>,
}

/// Compulsory capture, giving check, the flag, extinction, explosion and n-check.
fn compile_ends(
    loader: &Loader,
    section: Option<&GameRulesSection>,
    pieces: &[PieceType],
    regions: &[(String, [Points; 2])],
) -> Option<Ends> {
    let names: Vec<&str> = pieces.iter().map(|p| p.name.as_str()).collect();
    let mut ok = true;
    let flag = match section.and_then(|s| s.flag.as_ref()) {
        None => None,
        Some(f) => {
            let f = &f.value;
            let kinds = pieces_named(loader, &names, &f.pieces.value);
            let points = noted(loader, find_region(loader, regions, &f.region));
            if f.pieces.value.is_empty() {
                loader.report(loader.at(
                    &f.pieces,
                    "a flag needs the pieces whose arrival wins",
                    Some("name them, e.g. `pieces = [\"king\"]`".into()),
                ));
                ok = false;
            }
            let second_may_answer = f.second_may_answer.as_ref().is_some_and(|v| v.value);
            let wins = f.wins.as_ref().map_or(FlagWins::OnArrival, |w| w.value);
            if let Some(w) = f.wins.as_ref().filter(|w| w.value != FlagWins::OnArrival)
                && second_may_answer
            {
                loader.report(loader.at(
                    w,
                    "`second_may_answer` gives the second side its answer to an arrival that wins at once; this `wins` does not win at once",
                    Some("keep one of the two: `wins = \"on-arrival\"` with `second_may_answer`, or this `wins` alone".into()),
                ));
                ok = false;
            }
            match (kinds, points) {
                (Some(kinds), Some(points)) => Some(FlagRule {
                    kinds: kinds.iter().fold(0, |acc, &k| acc | 1 << k),
                    region: f.region.value.clone(),
                    points,
                    second_may_answer,
                    wins,
                }),
                _ => {
                    ok = false;
                    None
                }
            }
        }
    };
    let extinction = match section.and_then(|s| s.extinction.as_ref()) {
        None => None,
        Some(x) => {
            let rule = compile_extinction(loader, &names, x);
            ok &= rule.is_ok();
            rule.ok()
        }
    };
    let explosion = match section.and_then(|s| s.explosion.as_ref().map(|x| (s, x))) {
        None => None,
        Some((s, x)) => {
            let rule = compile_explosion(loader, s, x, pieces);
            ok &= rule.is_ok();
            rule.ok()
        }
    };
    let checks_to_win = match section.and_then(|s| s.checks_to_win.as_ref()) {
        Some(n) if n.value == 0 || n.value > 99 => {
            loader.report(loader.at(
                n,
                format!("{} checks to win is out of range", n.value),
                Some("a number of checks from 1 to 99, e.g. `checks_to_win = 3`".into()),
            ));
            ok = false;
            None
        }
        n => n.map(|n| n.value),
    };
    ok.then(|| Ends {
        compulsory_capture: section
            .and_then(|s| s.capture.as_ref())
            .and_then(|c| c.value.compulsory.as_ref())
            .is_some_and(|v| v.value),
        royal_stays_in_check: section
            .and_then(|s| s.royal_may_flee_check.as_ref())
            .is_some_and(|f| !f.value),
        giving_check_illegal: section
            .and_then(|s| s.giving_check.as_ref())
            .is_some_and(|g| g.value == GivingCheck::Illegal),
        flag,
        extinction,
        explosion,
        checks_to_win,
    })
}

/// En passant: the types named, with a warning for a type that could never do its part.
pub(super) fn compile_en_passant(
    loader: &Loader,
    file: &ChessFile,
    pieces: &[PieceType],
    regions: &[(String, [Points; 2])],
    all: Points,
) -> Option<Option<EnPassantRule>> {
    let Some(ep) = file
        .rules
        .as_ref()
        .and_then(|r| r.value.en_passant.as_ref())
    else {
        return Some(None);
    };
    // Empty lists: no en passant (a child's way of undoing its parent's).
    if ep.value.taken.value.is_empty() && ep.value.takers.value.is_empty() {
        return Some(None);
    }
    let names: Vec<&str> = pieces.iter().map(|p| p.name.as_str()).collect();
    let taken = pieces_named(loader, &names, &ep.value.taken.value)?;
    let takers = pieces_named(loader, &names, &ep.value.takers.value)?;
    for (&k, v) in taken.iter().zip(&ep.value.taken.value) {
        let passes = pieces[k as usize]
            .compiled
            .base
            .iter()
            .any(|c| c.initial && c.lame);
        if !passes {
            loader.warn(loader.at(
                v,
                format!(
                    "the {} has no initial straight move that passes a square (`ifmnD`): it is never taken en passant",
                    v.value
                ),
                Some("give it an initial move such as `ifmnD`, or remove it from `taken`".into()),
            ));
        }
    }
    let onto = match &ep.value.onto {
        None => [all; 2],
        Some(r) => find_region(loader, regions, r)
            .map_err(|e| loader.report(e))
            .ok()?,
    };
    Some(Some(EnPassantRule {
        taken,
        takers,
        onto,
    }))
}

/// A file letter on this board.
fn file_of(loader: &Loader, files: u32, v: &Val<String>) -> Option<u32> {
    let mut cs = v.value.chars();
    match (cs.next(), cs.next()) {
        (Some(c), None) if c.is_ascii_lowercase() && (c as u32 - 'a' as u32) < files => {
            Some(c as u32 - 'a' as u32)
        }
        _ => {
            let last = (b'a' + files as u8 - 1) as char;
            loader.report(loader.at(
                v,
                format!("`{}` is not a file of this board", v.value),
                Some(format!("a file letter from a to {last}")),
            ));
            None
        }
    }
}

/// Castling: the types named, the rank and the files on the board.
pub(super) fn compile_castling(
    loader: &Loader,
    file: &ChessFile,
    pieces: &[PieceType],
    (files, ranks): (u32, u32),
) -> Option<Option<CastlingRule>> {
    let Some(c) = file.rules.as_ref().and_then(|r| r.value.castling.as_ref()) else {
        return Some(None);
    };
    let at = c;
    let c = &c.value;
    let names: Vec<&str> = pieces.iter().map(|p| p.name.as_str()).collect();
    let required = |what: &str, example: &str| {
        loader.report(loader.at(
            at,
            format!("castling needs `{what}`"),
            Some(format!("add `{what} = {example}`")),
        ));
    };
    // No partners: no castling (a child's way of undoing its parent's).
    if c.partners.as_ref().is_some_and(|p| p.value.is_empty()) {
        return Some(None);
    }
    let (Some(king_v), Some(partners_v), Some(kf), Some(pf)) =
        (&c.king, &c.partners, &c.king_files, &c.partner_files)
    else {
        for (missing, what, example) in [
            (c.king.is_none(), "king", "\"king\""),
            (c.partners.is_none(), "partners", "[\"rook\"]"),
            (
                c.king_files.is_none(),
                "king_files",
                "{ short = \"g\", long = \"c\" }",
            ),
            (
                c.partner_files.is_none(),
                "partner_files",
                "{ short = \"f\", long = \"d\" }",
            ),
        ] {
            if missing {
                required(what, example);
            }
        }
        return None;
    };
    let king = noted(loader, piece_named(loader, &names, king_v));
    let partners = pieces_named(loader, &names, &partners_v.value);
    let rank = c.rank.as_ref().map_or(1, |r| r.value);
    if rank == 0 || rank > ranks {
        loader.report(
            loader.at(
                c.rank
                    .as_ref()
                    .expect("only a written rank is out of range"),
                format!("no rank {rank} on {ranks} ranks"),
                Some(format!(
                    "a rank from 1 to {ranks}, counted from each side's own end"
                )),
            ),
        );
        return None;
    }
    let file_pair = |v: &Val<CastlingFiles>, name: &str| -> [Option<u32>; 2] {
        let side = |f: &Option<Val<String>>, wing: &str| match f {
            Some(f) => file_of(loader, files, f),
            None => {
                loader.report(loader.at(
                    v,
                    format!("`{name}` gives no file for {wing} castling"),
                    Some(format!("add `{wing} = \"g\"` or similar")),
                ));
                None
            }
        };
        [side(&v.value.short, "short"), side(&v.value.long, "long")]
    };
    let king_to = file_pair(kf, "king_files");
    let partner_to = file_pair(pf, "partner_files");
    let ([Some(ks), Some(kl)], [Some(ps), Some(pl)], Some(king), Some(partners)) =
        (king_to, partner_to, king, partners)
    else {
        return None;
    };
    for (k, p) in [(ks, ps), (kl, pl)] {
        if k == p {
            loader.report(loader.at(
                pf,
                "the royal piece and its partner would end on one square",
                Some("give them different files".into()),
            ));
            return None;
        }
    }
    Some(Some(CastlingRule {
        king,
        partners,
        rank,
        king_to: [ks, kl],
        partner_to: [ps, pl],
        any_start_files: c.any_start_files.as_ref().is_some_and(|v| v.value),
    }))
}

/// The notations of moves, the default first.
pub(super) fn compile_notations(loader: &Loader, file: &ChessFile) -> Option<Vec<String>> {
    let Some(list) = file.notation.as_ref().and_then(|n| n.value.moves.as_ref()) else {
        return Some(vec!["uci".into(), "san".into()]);
    };
    let mut out = Vec::new();
    for v in &list.value {
        if !NOTATION_NAMES.contains(&v.value.as_str()) {
            let hint = did_you_mean(&v.value, NOTATION_NAMES.iter().copied())
                .map(|m| format!("did you mean `{m}`? "))
                .unwrap_or_default();
            loader.report(loader.at(
                v,
                format!("`{}` is not a notation of moves", v.value),
                Some(format!("{hint}notations: {}", NOTATION_NAMES.join(", "))),
            ));
            return None;
        }
        if !out.contains(&v.value) {
            out.push(v.value.clone());
        }
    }
    if out.is_empty() {
        loader.report(loader.at(
            list,
            "no notation of moves",
            Some(format!("one or more of: {}", NOTATION_NAMES.join(", "))),
        ));
        return None;
    }
    Some(out)
}
