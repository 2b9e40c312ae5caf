//! A draughts variant ready to play ([`Draughts`]): the compiled rules and the generator
//! built for them, and the family's [`Game`] impl (rules, positions, counting).

use super::build::Width;
use super::movegen::moves::play_fast;
use super::movegen::{DetailedMove, Move};
use super::position::Position;
use super::rules::Rules;
use super::schema::Colour;
use crate::count::Count;
use crate::diagnostics::{LocatedError, SourceFile};
use crate::game::Game;
use crate::outcome::Outcome;
use crate::rules::{Family, Loader};
use crate::stats::{Column, LeafMove};
use crate::transposition::{TranspositionSlot, TranspositionTable};

/// What a start position with no legal move is told.
const NO_MOVE: &str = "the start position gives the first mover no legal move";

/// A draughts variant ready to play: the rules and their compiled generators, on bitboards of
/// `B` (64 bits, the default, or 128 for boards that need more: a
/// [`crate::variant::Variant`] chooses).
///
/// ```
/// use rulebench::{Count, Draughts, Game};
/// let game: Draughts = rulebench::load("american").unwrap();
/// assert_eq!(game.perft(&game.start(), 3, Count::Unique), 302);
/// ```
#[derive(Clone, Debug)]
pub struct Draughts<B: Width = u64> {
    pub(super) rules: Rules,
    pub(super) kernel: B::Engine,
}

impl<B: Width> Draughts<B> {
    /// Builds the game from compiled rules: an error when the board needs bitboards wider than
    /// `B`, or the start position gives the first mover no legal move (located in the start
    /// position's FEN alone).
    pub fn with_rules(rules: Rules) -> Result<Draughts<B>, LocatedError> {
        let id = SourceFile {
            name: "rules".into(),
            text: rules.id.as_str().into(),
        };
        let too_wide = Draughts::<B>::too_wide(&rules);
        if let Some((message, help)) = too_wide {
            return Err(LocatedError::new(
                &id,
                0..rules.id.len(),
                message,
                Some(help),
            ));
        }
        let game = Draughts::build(rules);
        if game.stuck_at_start() {
            let fen = game.fen(&game.start());
            let source = SourceFile {
                name: "FEN".into(),
                text: fen.as_str().into(),
            };
            return Err(LocatedError::new(&source, 0..fen.len(), NO_MOVE, None));
        }
        Ok(game)
    }

    /// [`Draughts::with_rules`] for rules compiled by `loader`: a problem is reported in it,
    /// at the start position in the rules file (or where the rules were asked for).
    pub(crate) fn checked(loader: &Loader, rules: Rules) -> Result<Draughts<B>, LocatedError> {
        if let Some((message, help)) = Draughts::<B>::too_wide(&rules) {
            let (file, span) = loader.asked();
            loader.report(loader.error(file, span, message, Some(help)));
            return Err(loader.stopped());
        }
        let (file, span) = rules.start_at.clone();
        let game = Draughts::build(rules);
        if game.stuck_at_start() {
            loader.report(loader.error(file, span, NO_MOVE, None));
            return Err(loader.stopped());
        }
        Ok(game)
    }

    /// Compiles the generator of `rules` for bitboards of `B` (which must hold the board).
    fn build(rules: Rules) -> Draughts<B> {
        let kernel = B::engine(&rules);
        Draughts { rules, kernel }
    }

    /// What to say when the board of `rules` needs bitboards wider than `B`.
    fn too_wide(rules: &Rules) -> Option<(String, String)> {
        (!rules.geometry.fits::<B>()).then(|| {
            (
                format!(
                    "`{}` needs a bitboard of {} bits, wider than this game's {}",
                    rules.id,
                    rules.geometry.bits_needed(),
                    B::BITS
                ),
                "load it as a rulebench::Variant, which chooses the width, or as a \
                 Draughts<u128>"
                    .into(),
            )
        })
    }

    /// Whether the start position gives the first mover no legal move.
    fn stuck_at_start(&self) -> bool {
        B::legal_moves(&self.kernel, &self.start()).is_empty()
    }

    /// Whether the line-table generator plays this game (rules the shift-based kernel does not
    /// cover: lines along rows and columns, a board of all squares, captures weighed by
    /// value, no turning back over a freed square).
    pub fn follows_line_tables(&self) -> bool {
        B::follows_line_tables(&self.kernel)
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The legal moves (unique; `paths` counts the jump orders of each).
    pub fn legal_moves(&self, pos: &Position<B>) -> Vec<Move<B>> {
        B::legal_moves(&self.kernel, pos).as_slice().to_vec()
    }

    /// The legal moves with every jump sequence that makes each.
    pub fn detailed_moves(&self, pos: &Position<B>) -> Vec<DetailedMove<B>> {
        B::detailed_moves(&self.kernel, pos)
    }
}

impl<B: Width> Draughts<B> {
    /// The same game run by the generator that reads the board layout from the kernel, as
    /// boards of sizes not compiled in do (for tests: the shipped variants all have a size that
    /// is compiled in).
    #[doc(hidden)]
    pub fn with_layout_read_at_run_time(mut self) -> Draughts<B> {
        B::layout_read_at_run_time(&mut self.kernel);
        self
    }

    /// The same game played by the line-table generator, which follows lines square by
    /// square through tables instead of shifting bitboards (a second generator that tests
    /// compare with the first; variants with lines along rows and columns always use it).
    #[doc(hidden)]
    pub fn with_line_tables(mut self) -> Draughts<B> {
        B::line_tables(&mut self.kernel, &self.rules);
        self
    }

    /// The same game played by the line tables searching every piece square by square and
    /// listing the last ply, without moving whole sets of squares by shifts (for tests: the
    /// reference that the shifts are compared with).
    #[doc(hidden)]
    pub fn square_by_square(mut self) -> Draughts<B> {
        B::square_by_square(&mut self.kernel, &self.rules);
        self
    }

    /// The position after `mv`, with the draw counter and move number brought up to date.
    pub fn play(&self, pos: &Position<B>, mv: &Move<B>) -> Position<B> {
        let mut next = play_fast(pos, mv);
        let man = !pos.kings.has(mv.from as u32);
        let reset = self.rules.draw.is_some_and(|d| {
            (d.reset_by_capture && mv.is_capture())
                || (d.reset_by_promotion && mv.promotes)
                || (d.reset_by_man_move && man)
        });
        next.quiet_plies = if reset {
            0
        } else {
            pos.quiet_plies.saturating_add(1)
        };
        if pos.side != self.rules.start.side {
            next.move_number = pos.move_number.saturating_add(1);
        }
        next
    }

    /// The Zobrist hash of a position (pieces and side to move).
    pub fn zobrist(&self, pos: &Position<B>) -> u64 {
        B::zobrist(&self.kernel, pos)
    }

    /// The Zobrist hash after `mv`, updated incrementally from `hash` (the hash of `pos`), as
    /// the hashed perft does.
    pub fn zobrist_after(&self, pos: &Position<B>, hash: u64, mv: &Move<B>) -> u64 {
        B::zobrist_after(&self.kernel, pos, hash, mv)
    }
}

/// How many ways `white` and `black` pieces (each: how many, of which at most how many men)
/// or fewer can stand on `squares` squares: the sum, over every number of pieces up to those,
/// of the squares chosen for each side times the ways to say which are men.
fn placements(squares: u32, white: (u32, u32), black: (u32, u32)) -> f64 {
    let choose = |n: u32, k: u32| -> f64 {
        if k > n {
            return 0.0;
        }
        (0..k).fold(1.0, |c, i| c * f64::from(n - i) / f64::from(i + 1))
    };
    // The ways to say which of `pieces` are men, at most `men` of them.
    let kinds = |pieces: u32, men: u32| {
        (0..=pieces.min(men))
            .map(|j| choose(pieces, j))
            .sum::<f64>()
    };
    let mut total = 0.0;
    for w in 0..=white.0 {
        for b in 0..=black.0 {
            total += choose(squares, w)
                * choose(squares.saturating_sub(w), b)
                * kinds(w, white.1)
                * kinds(b, black.1);
        }
    }
    total
}

impl<B: Width> Game for Draughts<B> {
    type Position = Position<B>;
    type Move = Move<B>;
    type Key = B::Key;
    type Packed = ([B; 3], u8);

    fn family(&self) -> Family {
        Family::Draughts
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

    fn start(&self) -> Position<B> {
        self.rules.start.widen()
    }

    fn parse_fen(&self, fen: &str) -> Result<Position<B>, LocatedError> {
        let start = &self.rules.start;
        let most = start.white.count_ones().max(start.black.count_ones());
        Position::<B>::from_fen_limited(&self.rules.geometry, fen, most)
    }

    fn fen(&self, pos: &Position<B>) -> String {
        pos.to_fen(&self.rules.geometry)
    }

    fn legal_moves(&self, pos: &Position<B>) -> Vec<Move<B>> {
        Draughts::legal_moves(self, pos)
    }

    fn moves_with_notation(&self, pos: &Position<B>) -> Vec<(Move<B>, String)> {
        self.notated_moves(pos)
            .into_iter()
            .map(|(d, t)| (d.mv, t))
            .collect()
    }

    fn notations(&self) -> &'static [&'static str] {
        &["pdn"]
    }

    fn matching_moves(&self, pos: &Position<B>, text: &str) -> Result<Vec<usize>, LocatedError> {
        Draughts::matching_moves(self, pos, text).map(|(_, found)| found)
    }

    fn parse_move(&self, pos: &Position<B>, text: &str) -> Result<Move<B>, LocatedError> {
        Draughts::parse_move(self, pos, text)
    }

    fn play(&self, pos: &Position<B>, mv: &Move<B>) -> Position<B> {
        Draughts::play(self, pos, mv)
    }

    fn perft_child(&self, pos: &Position<B>, mv: &Move<B>) -> Position<B> {
        play_fast(pos, mv)
    }

    fn pack(&self, pos: &Position<B>) -> ([B; 3], u8) {
        (pos.table_key(), pos.side_index())
    }

    fn unpack(&self, packed: &([B; 3], u8)) -> Position<B> {
        let ([white, black, kings], side) = *packed;
        let mut pos = Position::<B>::empty(if side == 0 {
            Colour::White
        } else {
            Colour::Black
        });
        pos.white = white;
        pos.black = black;
        pos.kings = kings;
        pos
    }

    fn move_key(&self, mv: &Move<B>) -> String {
        format!("{}-{}-{:x}-{}", mv.from, mv.to, mv.captured, mv.promotes)
    }

    fn stat_columns(&self) -> Vec<Column> {
        vec![
            Column::Nodes,
            Column::Captures,
            Column::Promotions,
            Column::LongestCapture,
        ]
    }

    fn leaf_move(&self, _pos: &Position<B>, mv: &Move<B>) -> LeafMove {
        LeafMove {
            capture: mv.is_capture(),
            promotion: mv.promotes,
            taken: mv.captured.count(),
            ..LeafMove::default()
        }
    }

    fn paths(&self, mv: &Move<B>) -> u64 {
        mv.paths as u64
    }

    fn positions_bound(&self, pos: &Position<B>) -> Option<f64> {
        // Pieces are only taken, and men only ever crowned: at most the pieces each side has
        // now, of which at most its men now are men.
        let side = |own: B| (own.count(), (own & !pos.kings).count());
        Some(placements(
            self.rules.geometry.square_count(),
            side(pos.white),
            side(pos.black),
        ))
    }

    fn table_slot(&self, pos: &Position<B>, count: Count) -> Option<TranspositionSlot<B::Key>> {
        Some(TranspositionSlot {
            key: B::key(pos),
            side: pos.side_index(),
            hash: B::zobrist(&self.kernel, pos),
            paths: count == Count::Paths,
        })
    }

    fn perft_in(
        &self,
        pos: &Position<B>,
        depth: u32,
        count: Count,
        table: Option<&TranspositionTable<B::Key>>,
    ) -> u128 {
        B::perft(&self.kernel, pos, depth, count, table)
    }

    fn outcome(&self, history: &[Position<B>]) -> Outcome {
        self.outcome_of_game(history)
    }
    fn refused_in_game(&self, history: &[Position<B>], mv: &Move<B>) -> Option<String> {
        self.refused_by_king_limit(history, mv)
    }
    fn side_names(&self) -> [&str; 2] {
        [Colour::White.name(), Colour::Black.name()]
    }

    fn side_to_move(&self, pos: &Position<B>) -> usize {
        pos.side_index() as usize
    }
}
