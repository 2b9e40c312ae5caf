//! The `[pieces]` section: each piece type's letter, synonyms, movement (Betza, by region),
//! confinement, initial points, notation letter, and promotion (a second pass, once every
//! type's name is known).

use super::board::find_region;
use super::regional::{RegionalKey, compile_regional};
use super::values::{letter_of, noted, parse_betza, piece_letter_of};
use crate::chess::rules::{DropRule, Movement, PieceType, Points, PromotionRule};
use crate::chess::schema::{ChessFile, DropSection, PieceList, PieceSection, PromotionSection};
use crate::chess::tables::MAX_KINDS;
use crate::diagnostics::{LocatedError, did_you_mean};
use crate::rules::Loader;
use crate::rules::Val;
use std::collections::BTreeMap;

/// The piece types. A piece with a problem is recorded and left out (so that the others are
/// still checked).
pub(super) fn compile_pieces(
    loader: &Loader,
    file: &ChessFile,
    all: Points,
    regions: &[(String, [Points; 2])],
    sides: &[String; 2],
) -> Option<Vec<PieceType>> {
    let root = file.schema.as_ref().map_or(0, |s| s.file);
    let Some(pieces_val) = file.pieces.as_ref() else {
        loader.report(loader.missing(
            root,
            "[pieces]",
            "declare each piece type as `[pieces.<name>]`",
        ));
        return None;
    };
    // A child may remove a type its parent declares.
    let declared: Vec<(&String, &Val<PieceSection>)> = pieces_val
        .value
        .iter()
        .filter(|(_, p)| !p.value.removed.as_ref().is_some_and(|r| r.value))
        .collect();
    if declared.is_empty() || declared.len() > MAX_KINDS {
        loader.report(loader.at(
            pieces_val,
            format!("{} piece types", declared.len()),
            Some(format!("a variant has 1 to {MAX_KINDS} piece types")),
        ));
        return None;
    }
    let mut pieces = Vec::new();
    let mut taken: BTreeMap<String, String> = BTreeMap::new();
    let mut notation_taken: BTreeMap<char, (String, Option<&Val<String>>)> = BTreeMap::new();
    let mut all_ok = true;
    for &(name, piece) in &declared {
        match compile_piece(
            loader,
            name,
            piece,
            all,
            regions,
            &mut taken,
            &mut notation_taken,
        ) {
            Some(p) => pieces.push(p),
            None => all_ok = false,
        }
    }
    if !all_ok {
        return None;
    }
    // Promotion names other types: read once every type is known.
    let names: Vec<&str> = declared.iter().map(|(n, _)| n.as_str()).collect();
    for (i, &(name, piece)) in declared.iter().enumerate() {
        if let Some(pr) = &piece.value.promotion {
            pieces[i].promotion = compile_promotion(loader, name, pr, &names, regions, sides);
            all_ok &= pieces[i].promotion.is_some();
        }
        if let Some(d) = &piece.value.drop {
            match compile_drop(loader, d, regions, all) {
                Some(rule) => pieces[i].drop = rule,
                None => all_ok = false,
            }
        }
        let p = &piece.value;
        for (list, hops) in [(&p.may_not_hop_over, true), (&p.may_not_capture, false)] {
            let Some(l) = list else { continue };
            match pieces_named(loader, &names, &l.value) {
                Some(kinds) if hops => pieces[i].may_not_hop_over = kinds,
                Some(kinds) => pieces[i].may_not_capture = kinds,
                None => all_ok = false,
            }
        }
        if let Some(c) = &piece.value.captured_as {
            match piece_named(loader, &names, c) {
                Ok(k) => pieces[i].captured_as = Some(k),
                Err(e) => {
                    loader.report(e);
                    all_ok = false;
                }
            }
        }
    }
    all_ok &= check_spared(loader, &declared, &pieces);
    all_ok.then_some(pieces)
}

/// `may_not_hop_over` and `may_not_capture`: an error for a royal type spared (a royal piece
/// attacked by a piece is attacked, whatever it may capture), a warning for a list that
/// changes nothing (hops over what a piece without hops, or none may capture).
fn check_spared(
    loader: &Loader,
    declared: &[(&String, &Val<PieceSection>)],
    pieces: &[PieceType],
) -> bool {
    let mut ok = true;
    for (&(name, section), piece) in declared.iter().zip(pieces) {
        if let Some(l) = &section.value.may_not_capture {
            for (v, &k) in l.value.iter().zip(&piece.may_not_capture) {
                if pieces[k as usize].royal {
                    loader.report(loader.at(
                        v,
                        format!(
                            "the {} is royal: every piece that attacks it may take it",
                            v.value
                        ),
                        Some("list only types that are not royal".into()),
                    ));
                    ok = false;
                }
            }
        }
        let hops = piece.compiled.all().any(|c| c.hop || c.grasshopper);
        if let Some(l) = &section.value.may_not_hop_over
            && !hops
        {
            loader.warn(loader.at(
                l,
                format!("the {name} never hops: `may_not_hop_over` changes nothing"),
                Some("hops are written `p` or `g` in Betza (`pR`); or remove the key".into()),
            ));
        }
    }
    ok
}

/// One piece type (its promotion aside).
fn compile_piece<'a>(
    loader: &Loader,
    name: &str,
    piece: &'a Val<PieceSection>,
    all: Points,
    regions: &[(String, [Points; 2])],
    taken: &mut BTreeMap<String, String>,
    notation_taken: &mut BTreeMap<char, (String, Option<&'a Val<String>>)>,
) -> Option<PieceType> {
    let p = &piece.value;
    let letter_val = noted(
        loader,
        p.letter.as_ref().ok_or_else(|| {
            loader.at(
                piece,
                format!("piece `{name}` has no `letter`"),
                Some("give its FEN letter, e.g. `letter = \"n\"`".into()),
            )
        }),
    );
    // `+p`: a promoted piece written with `+` before its letter (shogi's tokin).
    let plus = letter_val.is_some_and(|v| v.value.starts_with('+'));
    let letter = letter_val.and_then(|v| noted(loader, piece_letter_of(loader, v)));
    let mut synonyms = Vec::new();
    for s in p.synonyms.iter().flat_map(|s| s.value.iter()) {
        if let Some(c) = noted(loader, letter_of(loader, s)) {
            synonyms.push((c, s));
        }
    }
    let letters = letter
        .map(|c| (c, plus))
        .zip(letter_val)
        .into_iter()
        .chain(synonyms.iter().map(|(c, v)| ((*c, false), *v)));
    for ((c, plus), at) in letters {
        let written = if plus { format!("+{c}") } else { c.to_string() };
        if let Some(other) = taken.insert(written.clone(), name.to_string()) {
            loader.report(loader.at(
                at,
                format!("letter `{written}` is also the {other}'s"),
                Some("each letter names one piece type".into()),
            ));
        }
    }
    let movement = noted(
        loader,
        p.movement.as_ref().ok_or_else(|| {
            loader.at(
                piece,
                format!("piece `{name}` has no `movement`"),
                Some("say how it moves in Betza notation, e.g. `movement = \"nN\"`".into()),
            )
        }),
    );
    let base = movement.and_then(|m| noted(loader, parse_betza(loader, m)));
    let confined = match &p.confined_to {
        Some(r) => noted(loader, find_region(loader, regions, r)),
        None => Some([all; 2]),
    };
    let (regional, movement_in) =
        compile_regional(loader, name, p, regions, confined, RegionalKey::In);
    let (within, movement_within) =
        compile_regional(loader, name, p, regions, confined, RegionalKey::Within);
    let has_initial = base.iter().flatten().any(|c| c.initial)
        || regional.iter().any(|(_, m)| m.iter().any(|c| c.initial));
    // `initial = ""`: none (a child's way of undoing its parent's).
    let initial_region = p.initial.as_ref().filter(|r| !r.value.is_empty());
    let initial = match (initial_region, has_initial) {
        (Some(r), true) => noted(loader, find_region(loader, regions, r)),
        (Some(r), false) => {
            loader.warn(loader.at(
                r,
                format!("the {name} has no initial move (`i` in Betza): `initial` changes nothing"),
                Some("mark its initial moves with `i`, e.g. `ifmnD`, or remove `initial`".into()),
            ));
            Some([0; 2])
        }
        (None, true) => {
            let msg = format!("the {name} has initial moves (`i`) but no `initial` region");
            let help = Some("say where they start: `initial = \"second-rank\"`".to_string());
            loader.report(match movement {
                Some(m) => loader.at(m, msg, help),
                None => loader.at(piece, msg, help),
            });
            None
        }
        (None, false) => Some([0; 2]),
    };
    let notation = compile_notation(loader, name, p, letter, letter_val, notation_taken)?;
    let (Some(letter), Some(movement), Some(base), Some(confined), Some(initial)) =
        (letter, movement, base, confined, initial)
    else {
        return None;
    };
    Some(PieceType {
        name: name.to_string(),
        letter,
        plus,
        synonyms: synonyms.iter().map(|(c, _)| *c).collect(),
        royal: p.royal.as_ref().is_some_and(|r| r.value),
        movement: movement.value.clone(),
        confined_to: p.confined_to.as_ref().map(|r| r.value.clone()),
        movement_in,
        movement_within,
        notation,
        initial: initial_region.map(|r| r.value.clone()),
        compiled: Movement {
            base,
            regional,
            within,
            confined,
            initial,
        },
        may_not_hop_over: Vec::new(),
        may_not_capture: Vec::new(),
        promotion: None,
        drop: DropRule {
            region: None,
            points: [all; 2],
            one_per_file: false,
            may_checkmate: true,
            may_check: true,
        },
        captured_as: None,
    })
}

/// The piece's letter in move notation (`Some(None)`: it has none), checked to be one
/// capital that no other type uses.
fn compile_notation<'a>(
    loader: &Loader,
    name: &str,
    p: &'a PieceSection,
    letter: Option<char>,
    letter_val: Option<&'a Val<String>>,
    taken: &mut BTreeMap<char, (String, Option<&'a Val<String>>)>,
) -> Option<Option<char>> {
    let plus = p.letter.as_ref().is_some_and(|l| l.value.starts_with('+'));
    let notation = match &p.notation {
        // A promoted piece written `+p` has no letter of its own unless given one.
        None if plus => return Some(None),
        None => Some(letter.map(|l| l.to_ascii_uppercase())),
        Some(v) if v.value.is_empty() => Some(None),
        Some(v) => {
            let mut cs = v.value.chars();
            match (cs.next(), cs.next()) {
                (Some(c), None) if c.is_ascii_uppercase() => Some(Some(c)),
                _ => {
                    loader.report(loader.at(
                        v,
                        format!("`{}` is not one capital letter", v.value),
                        Some(
                            "a piece's notation letter is one capital, e.g. \"H\", or \"\" for \
                             none (a pawn in SAN)"
                                .into(),
                        ),
                    ));
                    None
                }
            }
        }
    }?;
    // A move names the piece by this letter: two types with one letter, or two without
    // (` `: the key of none), could not be told apart.
    {
        let c = notation.unwrap_or(' ');
        let at = p.notation.as_ref().or(letter_val);
        if let Some((other, other_at)) = taken.insert(c, (name.to_string(), at)) {
            // Point at the one written nearer the top file (the user's, over a parent's).
            let place = match (at, other_at) {
                (Some(a), Some(b)) if b.file < a.file => Some((b, name)),
                (Some(a), _) => Some((a, other.as_str())),
                (None, b) => b.map(|b| (b, name)),
            };
            if let Some((here, there)) = place {
                let message = if c == ' ' {
                    format!("no notation letter, as the {there} has none")
                } else {
                    format!("notation letter `{c}` is also the {there}'s")
                };
                loader.report(
                    loader.at(
                        here,
                        message,
                        Some(
                            "each piece type needs its own letter in move notation (one type at \
                         most, the pawn in SAN, may have none): set `notation` to another capital"
                                .into(),
                        ),
                    ),
                );
            }
        }
    }
    Some(notation)
}

/// A piece type named in the rules, by index; an error with a did-you-mean otherwise.
pub(super) fn piece_named(
    loader: &Loader,
    names: &[&str],
    v: &Val<String>,
) -> Result<u8, LocatedError> {
    names
        .iter()
        .position(|n| *n == v.value)
        .map(|i| i as u8)
        .ok_or_else(|| {
            let hint = did_you_mean(&v.value, names.iter().copied())
                .map(|m| format!("did you mean `{m}`? "))
                .unwrap_or_default();
            loader.at(
                v,
                format!("`{}` is not a piece of this variant", v.value),
                Some(format!("{hint}pieces: {}", names.join(", "))),
            )
        })
}

/// Piece types named in a list.
pub(super) fn pieces_named(
    loader: &Loader,
    names: &[&str],
    list: &[Val<String>],
) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    let mut ok = true;
    for v in list {
        match piece_named(loader, names, v) {
            Ok(k) if !out.contains(&k) => out.push(k),
            Ok(_) => {
                loader.report(loader.at(v, format!("`{}` is listed twice", v.value), None));
                ok = false;
            }
            Err(e) => {
                loader.report(e);
                ok = false;
            }
        }
    }
    ok.then_some(out)
}

/// Where a piece may be dropped.
fn compile_drop(
    loader: &Loader,
    d: &Val<DropSection>,
    regions: &[(String, [Points; 2])],
    all: Points,
) -> Option<DropRule> {
    let points = match &d.value.region {
        Some(r) => noted(loader, find_region(loader, regions, r))?,
        None => [all; 2],
    };
    Some(DropRule {
        region: d.value.region.as_ref().map(|r| r.value.clone()),
        points,
        one_per_file: d.value.one_per_file.as_ref().is_some_and(|v| v.value),
        may_checkmate: d.value.may_checkmate.as_ref().is_none_or(|v| v.value),
        may_check: d.value.may_check.as_ref().is_none_or(|v| v.value),
    })
}

fn compile_promotion(
    loader: &Loader,
    name: &str,
    pr: &Val<PromotionSection>,
    names: &[&str],
    regions: &[(String, [Points; 2])],
    sides: &[String; 2],
) -> Option<PromotionRule> {
    let zone = noted(loader, find_region(loader, regions, &pr.value.region))?;
    let compulsory = pr.value.compulsory.as_ref().is_none_or(|c| c.value);
    let lists: [Option<Vec<u8>>; 2] = match &pr.value.to.value {
        PieceList::Both(list) => {
            let l = pieces_named(loader, names, list);
            [l.clone(), l]
        }
        PieceList::BySide(map) => {
            for (side, list) in map {
                if !sides.contains(side) {
                    loader.report(loader.at(
                        list,
                        format!("`{side}` is not a side of this variant"),
                        Some(format!("give the lists for {} and {}", sides[0], sides[1])),
                    ));
                }
            }
            let mut lists = [None, None];
            for (i, side) in sides.iter().enumerate() {
                match map.get(side) {
                    Some(list) => lists[i] = pieces_named(loader, names, &list.value),
                    None => loader.report(loader.at(
                        &pr.value.to,
                        format!("no promotion list for {side}"),
                        Some(format!("add `{side} = [\"queen\"]` or similar")),
                    )),
                }
            }
            lists
        }
    };
    let [Some(white), Some(black)] = lists else {
        return None;
    };
    if compulsory && (white.is_empty() || black.is_empty()) {
        loader.report(loader.at(
            &pr.value.to,
            format!("the {name} must promote but has nothing to become"),
            Some("list the piece types it may become, e.g. `to = [\"queen\"]`".into()),
        ));
        return None;
    }
    let compulsory_in = match &pr.value.compulsory_in {
        Some(r) => {
            let points = noted(loader, find_region(loader, regions, r))?;
            if compulsory {
                loader.warn(loader.at(
                    r,
                    format!("the {name} always promotes: `compulsory_in` changes nothing"),
                    Some("set `compulsory = false` to make promotion a choice elsewhere".into()),
                ));
            }
            Some((r.value.clone(), points))
        }
        None => None,
    };
    Some(PromotionRule {
        region: pr.value.region.value.clone(),
        zone,
        to: [white, black],
        compulsory,
        compulsory_in,
        on_leaving: pr.value.on_leaving.as_ref().is_some_and(|v| v.value),
        reverts_when_captured: pr
            .value
            .reverts_when_captured
            .as_ref()
            .is_some_and(|v| v.value),
    })
}

/// The keys of drops: a warning for each that changes nothing without `drops = true`, and
/// an error for a promoted type that would revert to two types.
pub(super) fn check_drops(loader: &Loader, file: &ChessFile, pieces: &[PieceType], drops: bool) {
    let declared = file.pieces.iter().flat_map(|p| p.value.iter());
    let mut reverts_to: Vec<Option<(usize, &Val<bool>)>> = vec![None; pieces.len()];
    for (name, section) in declared {
        let p = &section.value;
        let Some(kind) = pieces.iter().position(|t| &t.name == name) else {
            continue;
        };
        let warn = |file: usize, span: std::ops::Range<usize>, key: &str| {
            loader.warn(loader.error(
                file,
                span,
                format!("`{key}` changes nothing: these rules have no drops"),
                Some("add `drops = true` to `[rules]`, or remove it".into()),
            ));
        };
        if !drops {
            if let Some(d) = &p.drop {
                warn(d.file, d.span.clone(), "drop");
            }
            if let Some(c) = &p.captured_as {
                warn(c.file, c.span.clone(), "captured_as");
            }
        }
        let Some(pr) = &p.promotion else { continue };
        let Some(r) = &pr.value.reverts_when_captured else {
            continue;
        };
        if !r.value {
            continue;
        }
        if !drops {
            warn(r.file, r.span.clone(), "reverts_when_captured");
            continue;
        }
        let Some(rule) = &pieces[kind].promotion else {
            continue;
        };
        for &to in rule.to[0].iter().chain(&rule.to[1]) {
            match reverts_to[to as usize] {
                Some((other, at)) if other != kind => {
                    // Reported where the file nearest the reader says it (a file that
                    // extends another is read first).
                    let (here, mine, there, written) = if r.file <= at.file {
                        (r, name.as_str(), pieces[other].name.as_str(), at)
                    } else {
                        (at, pieces[other].name.as_str(), name.as_str(), r)
                    };
                    loader.report(loader.at(
                        here,
                        format!(
                            "a {} could revert to a {mine} or a {there}",
                            pieces[to as usize].name
                        ),
                        Some(format!(
                            "only one of the types that promote to a type may revert when \
                             captured; the {there}'s `reverts_when_captured` is in {}",
                            loader.source(written.file).name
                        )),
                    ));
                }
                _ => reverts_to[to as usize] = Some((kind, r)),
            }
        }
    }
}
