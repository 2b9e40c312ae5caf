//! The generator compiled from the rules' data at the width the board needs: the board with
//! the line vectors the riders follow, the piece tables, promotion zones, en passant,
//! castling (its start squares read from the start position) and the bare-king rule.

use super::bitboard::Set;
use super::board::Board;
use super::fen::FenRules;
use super::movegen::ends::{Ends, Flag};
use super::movegen::{BareKing, Castling, EnPassant, Engine, Promotion, Specials};
use super::rules::Rules;
use super::tables::{PieceMovement, Tables, extra_vectors};

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
        }),
        extinction: g.extinction.as_ref().map(|x| x.kinds),
        checks_to_win: g.checks_to_win.map(|n| n as u8),
        giving_check_illegal: g.giving_check_illegal,
        compulsory_capture: g.compulsory_capture,
    };
    let any = ends.flag.is_some()
        || ends.extinction.is_some()
        || ends.checks_to_win.is_some()
        || ends.giving_check_illegal
        || ends.compulsory_capture;
    any.then_some(ends)
}

impl<B: Set> Engine<B> {
    /// Compiles the generator of `rules`. `None` when the board does not fit the width or
    /// the start position's board cannot be read (see [`super::Chess::build`]).
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
                confined: set(p.compiled.confined),
                initial: set(p.compiled.initial),
            })
            .collect();
        let board = Board::<B>::new(rules.files, rules.ranks, &extra_vectors(&movements))?;
        let tables = Tables::new(&board, &movements);
        let promotion = rules
            .pieces
            .iter()
            .map(|p| {
                p.promotion.as_ref().map(|pr| Promotion {
                    zone: set(pr.zone),
                    to: pr.to.clone(),
                    compulsory: pr.compulsory,
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
            promotion,
            en_passant,
            castling,
            bare_king: rules.game.bare_king.map(|(_, reply)| BareKing { reply }),
            ep_onto: match &rules.en_passant {
                Some(ep) => set(ep.onto),
                None => [board.all(); 2],
            },
            ends: ends(rules),
        };
        Some(Engine::new(board, tables, rules.pieces.len(), specials))
    }
}
