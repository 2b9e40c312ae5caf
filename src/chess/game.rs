//! The chess family behind the [`Game`] trait that the perft driver, the fixtures, the tools
//! and the command line are written against.

use super::bitboard::Set;
use super::movegen::Move;
use super::position::Position;
use super::{Chess, perft};
use crate::count::Count;
use crate::diagnostics::LocatedError;
use crate::game::Game;
use crate::outcome::Outcome;
use crate::rules::Family;
use crate::stats::{Column, LeafMove};
use crate::transposition::{TranspositionSlot, TranspositionTable};

impl<B: Set> Game for Chess<B> {
    type Position = Position<B>;
    type Move = Move;
    type Key = perft::Key;
    type Packed = Position<B>;

    fn family(&self) -> Family {
        Family::Chess
    }

    fn id(&self) -> &str {
        &self.rules.id
    }

    fn name(&self) -> &str {
        &self.rules.name
    }

    fn aliases(&self) -> &[String] {
        &self.rules.aliases
    }

    fn castles_from_any_start_files(&self) -> bool {
        self.rules
            .castling
            .as_ref()
            .is_some_and(|c| c.any_start_files)
    }

    fn start(&self) -> Position<B> {
        self.start
    }

    fn parse_fen(&self, fen: &str) -> Result<Position<B>, LocatedError> {
        Chess::parse_fen(self, fen)
    }

    fn fen(&self, pos: &Position<B>) -> String {
        self.write_fen(pos)
    }

    fn legal_moves(&self, pos: &Position<B>) -> Vec<Move> {
        self.legal(pos)
    }

    fn moves_with_notation(&self, pos: &Position<B>) -> Vec<(Move, String)> {
        self.moves_in_notation(pos, self.notation_names[0])
    }

    fn notations(&self) -> &[&'static str] {
        &self.notation_names
    }

    fn moves_in(&self, pos: &Position<B>, notation: &str) -> Vec<(Move, String)> {
        self.moves_in_notation(pos, notation)
    }

    fn matching_moves(&self, pos: &Position<B>, text: &str) -> Result<Vec<usize>, LocatedError> {
        self.matching(pos, text)
    }

    fn play(&self, pos: &Position<B>, mv: &Move) -> Position<B> {
        Chess::play(self, pos, mv)
    }

    fn pack(&self, pos: &Position<B>) -> Position<B> {
        pos.without_counters()
    }

    fn unpack(&self, packed: &Position<B>) -> Position<B> {
        *packed
    }

    fn perft_child(&self, pos: &Position<B>, mv: &Move) -> Position<B> {
        self.engine.make(pos, *mv)
    }

    fn move_key(&self, mv: &Move) -> String {
        self.coordinates(*mv, 1)
    }

    fn table_slot(
        &self,
        pos: &Position<B>,
        _count: Count,
    ) -> Option<TranspositionSlot<perft::Key>> {
        // The family's search stores one count whatever the convention (a move is one path).
        Some(TranspositionSlot {
            key: pos.table_key()?,
            side: pos.side,
            hash: self.engine.zobrist(pos),
            paths: false,
        })
    }

    fn perft_in(
        &self,
        pos: &Position<B>,
        depth: u32,
        _count: Count,
        table: Option<&TranspositionTable<perft::Key>>,
    ) -> u128 {
        let mut lists = perft::buffers(depth);
        let e = &self.engine;
        let table = table.map(|t| (t, e.zobrist(pos)));
        perft::perft(e, pos, depth, &mut lists, table)
    }

    fn stat_columns(&self) -> Vec<Column> {
        let r = &self.rules;
        let royal = r.pieces.iter().any(|p| p.royal);
        let promotes = r.pieces.iter().any(|p| p.promotion.is_some());
        [
            (Column::Nodes, true),
            (Column::Captures, true),
            (Column::EnPassant, r.en_passant.is_some()),
            (Column::Castles, r.castling.is_some()),
            (Column::Promotions, promotes),
            (Column::Checks, royal),
            (Column::Mates, royal),
        ]
        .into_iter()
        .filter_map(|(c, has)| has.then_some(c))
        .collect()
    }

    fn leaf_move(&self, pos: &Position<B>, mv: &Move) -> LeafMove {
        let e = &self.engine;
        let them = pos.sides[1 - (pos.side as usize & 1)];
        let capture = match *mv {
            Move::Normal { to, .. } => them.has(to as u32),
            Move::EnPassant { .. } => true,
            Move::Castle { .. } | Move::Drop { .. } => false,
        };
        let child = e.make(pos, *mv);
        let check = e.in_check(&child);
        LeafMove {
            capture,
            en_passant: matches!(mv, Move::EnPassant { .. }),
            castle: matches!(mv, Move::Castle { .. }),
            promotion: mv.promotion().is_some(),
            check,
            mate: check && e.count(&child) == 0,
            taken: capture as u32,
        }
    }

    fn outcome(&self, history: &[Position<B>]) -> Outcome {
        self.game_outcome(history)
    }

    fn side_names(&self) -> [&str; 2] {
        [&self.rules.sides[0], &self.rules.sides[1]]
    }

    fn side_to_move(&self, pos: &Position<B>) -> usize {
        pos.side as usize
    }
}
