//! The generator compiled from the rules' data at the width the board needs: the board with
//! the line vectors the riders follow, the piece tables, promotion zones, en passant,
//! castling (its start squares read from the start position) and the bare-king rule.

use super::bitboard::Set;
use super::fen::FenRules;
use super::geometry::Geometry;
use super::movegen::engine::Engine;
use super::movegen::specials::{
    BareKing, Castling, Drops, EnPassant, Ends, Explosion, Extinction, Flag, Promotion, Specials,
};
use super::rules::Rules;
use super::tables::{MAX_KINDS, PieceMovement, Tables, extra_vectors};

/// Each type's letters as the FEN reads them, the written one first.
pub fn fen_letters(rules: &Rules) -> Vec<Vec<char>> {
    rules
        .pieces
        .iter()
        .map(|p| {
            std::iter::once(p.letter)
                .chain(p.synonyms.iter().copied())
                .collect()
        })
        .collect()
}

fn set<B: Set>(points: [u128; 2]) -> [B; 2] {
    [B::from_u128(points[0]), B::from_u128(points[1])]
}

fn bits(kinds: &[u8]) -> u32 {
    kinds.iter().fold(0, |acc, &k| acc | 1 << k)
}

/// The rules of [`super::movegen::ends`], if the variant has any.
fn ends<B: Set>(rules: &Rules) -> Option<Ends<B>> {
    let g = &rules.game;
    let ends = Ends {
        flag: g.flag.as_ref().map(|f| Flag {
            kinds: f.kinds,
            region: set(f.points),
            second_may_answer: f.second_may_answer,
            wins: f.wins,
        }),
        extinction: g.extinction.as_ref().map(|x| Extinction {
            kinds: x.kinds,
            each_type: x.each_type,
            fewer_than: x.fewer_than,
        }),
        checks_to_win: g.checks_to_win.map(|n| n as u8),
        giving_check_illegal: g.giving_check_illegal,
        royal_stays_in_check: g.royal_stays_in_check,
        compulsory_capture: g.compulsory_capture,
        blast_checks: g.explosion.is_some() && rules.royal_kinds() != 0,
    };
    let any = ends.flag.is_some()
        || ends.extinction.is_some()
        || ends.checks_to_win.is_some()
        || ends.giving_check_illegal
        || ends.royal_stays_in_check
        || ends.compulsory_capture
        || ends.blast_checks;
    any.then_some(ends)
}

/// The explosion rule, if the variant has it: the blast reaches a king's step around the point
/// of capture.
fn explosion<B: Set>(rules: &Rules, board: &Geometry<B>) -> Option<Explosion<B>> {
    let x = rules.game.explosion?;
    let around = (0..board.points())
        .map(|p| {
            let mut ring = B::ZERO;
            for df in -1..=1 {
                for dr in -1..=1 {
                    if let Some(q) = board.offset(p, df, dr).filter(|&q| q != p) {
                        ring |= B::one(q);
                    }
                }
            }
            ring
        })
        .collect();
    Some(Explosion {
        spares: x.spares,
        immune: x.immune,
        around,
    })
}

/// Drops, if the variant has them.
fn drops<B: Set>(rules: &Rules) -> Option<Drops<B>> {
    if !rules.game.drops {
        return None;
    }
    let mut d = Drops {
        to_hand: [0; MAX_KINDS],
        reverts_to: [0; MAX_KINDS],
        reverting: 0,
        region: [[B::ZERO; MAX_KINDS]; 2],
        one_per_file: 0,
        no_mate: 0,
        no_check: 0,
        captures_to_hand: rules.game.captures_to_hand,
    };
    for (k, p) in rules.pieces.iter().enumerate() {
        d.to_hand[k] = p.captured_as.unwrap_or(k as u8);
        d.reverts_to[k] = d.to_hand[k];
        // Never where the piece may not stand.
        let region = set::<B>(p.drop.points);
        let confined = set::<B>(p.compiled.confined);
        d.region[0][k] = region[0] & confined[0];
        d.region[1][k] = region[1] & confined[1];
        if !p.drop.may_check {
            d.no_check |= 1 << k;
        }
        if p.drop.one_per_file {
            d.one_per_file |= 1 << k;
        }
        if !p.drop.may_checkmate {
            d.no_mate |= 1 << k;
        }
    }
    for (k, p) in rules.pieces.iter().enumerate() {
        if let Some(pr) = p.promotion.as_ref().filter(|pr| pr.reverts_when_captured) {
            d.reverting |= 1 << k;
            for &to in pr.to[0].iter().chain(&pr.to[1]) {
                d.reverts_to[to as usize % MAX_KINDS] = d.to_hand[k];
            }
        }
    }
    Some(d)
}

impl<B: Set> Engine<B> {
    /// Compiles the generator of `rules`. `None` when the board does not fit the width or
    /// the start position's board cannot be read (see [`super::Chess::with_rules`]).
    pub fn from_rules(rules: &Rules) -> Option<Engine<B>> {
        let movements: Vec<PieceMovement<B>> = rules
            .pieces
            .iter()
            .map(|p| PieceMovement {
                base: p.compiled.base.clone(),
                regional: p
                    .compiled
                    .regional
                    .iter()
                    .map(|(r, m)| (set(*r), m.clone()))
                    .collect(),
                within: p
                    .compiled
                    .within
                    .iter()
                    .map(|(r, m)| (set(*r), m.clone()))
                    .collect(),
                confined: set(p.compiled.confined),
                initial: set(p.compiled.initial),
                refused_screens: p.may_not_hop_over.iter().fold(0, |a, &k| a | 1 << k),
                spared: p.may_not_capture.iter().fold(0, |a, &k| a | 1 << k),
            })
            .collect();
        let board = Geometry::<B>::with_holes(
            rules.files,
            rules.ranks,
            &extra_vectors(&movements),
            rules.holes,
        )?;
        let tables = Tables::new(&board, &movements);
        let promotion = rules
            .pieces
            .iter()
            .map(|p| {
                p.promotion.as_ref().map(|pr| Promotion {
                    zone: set(pr.zone),
                    to: pr.to.clone(),
                    compulsory: pr.compulsory,
                    must: pr
                        .compulsory_in
                        .as_ref()
                        .map_or([B::ZERO; 2], |(_, r)| set(*r)),
                    on_leaving: pr.on_leaving,
                })
            })
            .collect();
        let en_passant = rules.en_passant.as_ref().map(|ep| EnPassant {
            taken: bits(&ep.taken),
            takers: bits(&ep.takers),
        });
        let castling = match &rules.castling {
            None => None,
            Some(c) => {
                let rank = [c.rank - 1, rules.ranks - c.rank];
                let rank_points = [board.rank_set(rank[0]), board.rank_set(rank[1])];
                let mut castling = Castling {
                    king: c.king,
                    partners: bits(&c.partners),
                    rank,
                    rank_points,
                    king_to: c.king_to,
                    partner_to: c.partner_to,
                    any_start_files: c.any_start_files,
                    start: [(u32::MAX, [u32::MAX; 2]); 2],
                    paths: Vec::new(),
                    files: 0,
                };
                castling.compile_paths(&board);
                // The start squares: the royal piece and the outermost partners on the rank,
                // as the start position has them.
                let letters = fen_letters(rules);
                let reader = FenRules {
                    board: &board,
                    tables: &tables,
                    letters: &letters,
                    castling: None,
                    en_passant: None,
                    en_passant_onto: [B::ZERO; 2],
                    rules,
                };
                let placement = rules.start_fen.split_whitespace().next().unwrap_or("");
                let start = reader.parse(placement).ok()?;
                for (side, &rank) in rank_points.iter().enumerate() {
                    let king = (start.pieces(side, c.king as usize) & rank)
                        .squares()
                        .next();
                    let short = reader.outermost_partner(&castling, &start, side, true);
                    let long = reader.outermost_partner(&castling, &start, side, false);
                    castling.start[side] = (
                        king.unwrap_or(u32::MAX),
                        [short.unwrap_or(u32::MAX), long.unwrap_or(u32::MAX)],
                    );
                }
                Some(castling)
            }
        };
        let specials = Specials {
            royal: rules.royal_kinds(),
            facing: rules.game.facing_royals,
            must_break_facing: rules.game.facing_must_break,
            passing: rules.game.passing,
            two_passes_end: rules.game.passing && rules.game.two_passes.is_some(),
            promotion,
            en_passant,
            castling,
            bare_king: rules.game.bare_king.map(|(_, reply)| BareKing { reply }),
            ep_onto: match &rules.en_passant {
                Some(ep) => set(ep.onto),
                None => [board.all(); 2],
            },
            ends: ends(rules),
            drops: drops(rules),
            explosion: explosion(rules, &board),
        };
        Some(Engine::new(board, tables, rules.pieces.len(), specials))
    }
}
