//! A chess-family variant ready to play ([`Chess`]): the compiled rules, the generator built
//! for them and the start position checked, with what the tools ask of a position (FEN read
//! and written, moves played, checks), and the family's [`Game`] impl.

use super::bitboard::Set;
use super::build;
use super::compile::NOTATION_NAMES;
use super::fen::FenRules;
use super::movegen::{Engine, Move};
use super::perft;
use super::position::Position;
use super::rules::Rules;
use crate::count::Count;
use crate::diagnostics::{LocatedError, SourceFile};
use crate::game::Game;
use crate::outcome::Outcome;
use crate::rules::{Family, Loader};
use crate::stats::{Column, LeafMove};
use crate::transposition::{TranspositionSlot, TranspositionTable};

/// A chess-family variant ready to play, its sets of points `B` bits wide (`u64` for boards
/// of at most 64 points, `u128` for any).
#[derive(Clone, Debug)]
pub struct Chess<B: Set = u128> {
    pub(super) rules: Rules,
    pub(super) engine: Engine<B>,
    pub(super) letters: Vec<Vec<char>>,
    /// The notations of moves, the default first.
    pub(super) notation_names: Vec<&'static str>,
    pub(super) start: Position<B>,
    /// Per side: whether it has a royal piece (as in the start position: Horde's first side
    /// has none).
    pub(super) royal_sides: [bool; 2],
}

impl<B: Set> Chess<B> {
    /// Builds the game from compiled rules: an error when the board does not fit sets of `B`
    /// or the start position is not one play could reach with a legal move for the first
    /// mover (located in the start position's FEN alone).
    pub fn with_rules(rules: Rules) -> Result<Chess<B>, LocatedError> {
        Chess::from_rules(rules).map_err(|(_, e)| e)
    }

    /// Builds the game, checking the start position: it must be a position play could reach
    /// and give the first mover a legal move. Problems are reported in the loader, at the
    /// start FEN in the rules file.
    pub(crate) fn checked(loader: &Loader, rules: Rules) -> Result<Chess<B>, LocatedError> {
        let (file, span) = rules.start_at.clone();
        match Chess::from_rules(rules) {
            Ok(game) => Ok(game),
            Err((_, e)) => {
                let offset = e.column.saturating_sub(1);
                let at = (span.start + offset).min(span.end.max(span.start));
                loader.report(loader.error(
                    file,
                    at..(at + 1).min(span.end.max(at + 1)),
                    format!("start position: {}", e.message),
                    e.help.clone(),
                ));
                Err(loader.stopped())
            }
        }
    }

    fn from_rules(rules: Rules) -> Result<Chess<B>, (String, LocatedError)> {
        let fen = rules.start_fen.clone();
        let source = SourceFile {
            name: "FEN".into(),
            text: fen.as_str().into(),
        };
        let Some(engine) = Engine::<B>::from_rules(&rules) else {
            let msg = if rules.points() > B::BITS {
                format!(
                    "a board of {} points does not fit {}-bit sets",
                    rules.points(),
                    B::BITS
                )
            } else {
                "the start position's board cannot be read".into()
            };
            return Err((
                fen.clone(),
                LocatedError::new(&source, 0..fen.len(), msg, None),
            ));
        };
        let letters = build::fen_letters(&rules);
        let notation_names = rules
            .notations
            .iter()
            .filter_map(|n| NOTATION_NAMES.iter().copied().find(|m| m == n))
            .collect();
        let mut game = Chess {
            rules,
            engine,
            letters,
            notation_names,
            start: Position::empty(),
            royal_sides: [true; 2],
        };
        let royal = game.rules.royal_kinds();
        if let Ok(start) = game.fen_rules().parse(&fen) {
            for side in 0..2 {
                game.royal_sides[side] = !game.engine.of_kinds(&start, side, royal).is_empty();
            }
        }
        game.start = game.parse_fen(&fen).map_err(|e| (fen.clone(), e))?;
        if game.engine.count(&game.start) == 0 {
            return Err((
                fen.clone(),
                LocatedError::new(
                    &source,
                    0..fen.len(),
                    "the start position gives the first mover no legal move",
                    None,
                ),
            ));
        }
        Ok(game)
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The generator.
    pub fn engine(&self) -> &Engine<B> {
        &self.engine
    }

    /// The start position.
    pub fn start_position(&self) -> Position<B> {
        self.start
    }

    /// What reading and writing FEN needs.
    pub fn fen_rules(&self) -> FenRules<'_, B> {
        FenRules {
            board: &self.engine.board,
            tables: &self.engine.tables,
            letters: &self.letters,
            castling: self.engine.castling.as_ref(),
            en_passant: self.engine.en_passant,
            en_passant_onto: self.engine.ep_onto,
            rules: &self.rules,
        }
    }

    /// The position in shogi's SFEN (`lnsgkgsnl/... b - 1`).
    pub fn sfen(&self, pos: &Position<B>) -> String {
        self.fen_rules().write_sfen(pos)
    }

    /// The pieces in `side`'s hand as FEN letters, `None` when it is empty.
    pub fn hand_text(&self, pos: &Position<B>, side: usize) -> Option<String> {
        self.fen_rules().hand_text(pos, side)
    }

    /// Reads a FEN and checks that the position can arise: one royal piece a side where the
    /// variant has royal pieces, every confined piece inside its region, castling rights only
    /// where the pieces stand, the side not to move not in check.
    pub fn parse_fen(&self, fen: &str) -> Result<Position<B>, LocatedError> {
        let pos = self.fen_rules().parse(fen)?;
        if let Err(msg) = self.check_position(&pos) {
            let source = SourceFile {
                name: "FEN".into(),
                text: fen.into(),
            };
            let placement = fen.split_whitespace().next().unwrap_or("");
            let start = fen.len() - fen.trim_start().len();
            return Err(LocatedError::new(
                &source,
                start..start + placement.len(),
                msg,
                Some("the position must be one that play could reach".into()),
            ));
        }
        Ok(pos)
    }

    /// Writes a FEN (the en-passant point only when an en-passant capture is legal).
    pub fn write_fen(&self, pos: &Position<B>) -> String {
        let write_ep = !pos.ep.is_empty()
            && self
                .engine
                .legal(pos)
                .iter()
                .any(|m| matches!(m, Move::EnPassant { .. }));
        self.fen_rules().write(pos, write_ep)
    }

    /// Why a position cannot arise, if it cannot.
    pub fn check_position(&self, pos: &Position<B>) -> Result<(), String> {
        let royal = self.rules.royal_kinds();
        // Where extinction counts a royal type, a side may have lost its royal piece (blown up
        // in atomic chess): the game is over, and the position has no moves.
        let may_lose_royal = self
            .rules
            .game
            .extinction
            .as_ref()
            .is_some_and(|x| x.kinds & royal != 0);
        if royal != 0 {
            let royal_points =
                self.engine.of_kinds(pos, 0, royal) | self.engine.of_kinds(pos, 1, royal);
            for side in 0..2 {
                let n = (royal_points & pos.sides[side]).count();
                let wanted = u32::from(self.royal_sides[side]);
                if n != wanted && !(n == 0 && may_lose_royal) {
                    // In the players' words: `2 generals`, or the names of several royal
                    // kinds.
                    let names: Vec<&str> = self
                        .rules
                        .pieces
                        .iter()
                        .filter(|p| p.royal)
                        .map(|p| p.name.as_str())
                        .collect();
                    let what = match names.as_slice() {
                        [one] if n == 1 => one.to_string(),
                        [one] => format!("{one}s"),
                        _ => format!("royal pieces ({})", names.join(", ")),
                    };
                    return Err(if wanted == 1 {
                        format!(
                            "{} has {n} {what}; it must have exactly one",
                            self.rules.sides[side]
                        )
                    } else {
                        format!(
                            "{} has {n} {what}; it has none in this variant's start position",
                            self.rules.sides[side]
                        )
                    });
                }
            }
        }
        for (k, piece) in self.rules.pieces.iter().enumerate() {
            let Some(region) = &piece.confined_to else {
                continue;
            };
            for side in 0..2 {
                let inside = B::from_u128(self.rules.region(region, side).unwrap_or(0));
                if let Some(p) = (pos.pieces(side, k) & !inside).squares().next() {
                    return Err(format!(
                        "the {} {} on {} stands outside its {region}",
                        self.rules.sides[side],
                        piece.name,
                        self.engine.board.name(p)
                    ));
                }
            }
        }
        if self.rules.game.giving_check_illegal && self.engine.in_check(pos) {
            return Err(format!(
                "{} is in check, and in this variant no move may give check",
                self.rules.sides[pos.side as usize]
            ));
        }
        // Under `must_break_facing`, a side whose royal piece faces the other's may pass even
        // in check: the other then moves with that royal piece attacked.
        let passed_facing = self.engine.must_break_facing && self.engine.royals_face(pos);
        // A side to move that has lost its royal piece has lost: the other's check is moot.
        let lost_royal =
            may_lose_royal && self.engine.royal_point(pos, pos.side as usize).is_none();
        if self.engine.opponent_in_check(pos) && !passed_facing && !lost_royal {
            return Err(format!(
                "{} is in check with {} to move",
                self.rules.sides[1 - pos.side as usize],
                self.rules.sides[pos.side as usize]
            ));
        }
        Ok(())
    }

    /// The position after `mv`, counters brought up to date.
    pub fn play(&self, pos: &Position<B>, mv: &Move) -> Position<B> {
        let mut next = self.engine.make(pos, *mv);
        let mover = mv.mover(pos);
        let resets = self.captured(pos, *mv).is_some()
            || self
                .rules
                .game
                .move_rule
                .as_ref()
                .is_some_and(|r| r.reset_by.contains(&mover));
        next.quiet_plies = if resets {
            0
        } else {
            pos.quiet_plies.saturating_add(1)
        };
        if pos.side == 1 {
            next.move_number = pos.move_number.saturating_add(1);
        }
        next
    }

    /// The legal moves in generation order.
    pub fn legal(&self, pos: &Position<B>) -> Vec<Move> {
        self.engine.legal(pos)
    }

    /// Whether a move gives check.
    pub fn gives_check(&self, pos: &Position<B>, mv: Move) -> bool {
        self.engine.gives_check(pos, mv)
    }

    /// The piece type captured by a move, if any, and where it stood.
    pub fn captured(&self, pos: &Position<B>, mv: Move) -> Option<usize> {
        self.captured_at(pos, mv).map(|(k, _)| k)
    }

    /// The piece type captured by a move and its point, if any.
    pub fn captured_at(&self, pos: &Position<B>, mv: Move) -> Option<(usize, u32)> {
        match mv {
            Move::Normal { to, .. } => {
                let k = pos.kind_at(to as u32);
                (k != super::position::EMPTY).then_some((k as usize, to as u32))
            }
            Move::EnPassant { .. } => {
                let v = pos.ep_victim as u32;
                Some((pos.kind_at(v) as usize, v))
            }
            Move::Castle { .. } | Move::Drop { .. } | Move::Pass { .. } => None,
        }
    }
}

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
            Move::Castle { .. } | Move::Drop { .. } | Move::Pass { .. } => false,
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
