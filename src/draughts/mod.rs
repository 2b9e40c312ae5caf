//! The draughts family: a rules file compiled into a playable, countable game.
//!
//! - [`schema`] and [`rules`]: what a draughts rules file says, checked and compiled;
//!   [`movement`]: the keys of how pieces go (lines, reversal, values, the king's limit);
//! - [`geometry`]: the board's squares in a bitboard and the lines through them; [`bits`]: the
//!   bitboard width (64 bits, or 128 for boards that need more);
//! - [`position`]: positions and PDN FEN; [`notation`]: PDN moves;
//! - [`movegen`]: the generators and their perft: the shift-based kernel for diagonal variants
//!   on either width, the line tables for everything else ([`movegen::Width`] chooses).

pub use crate::bits;
pub mod explain;
pub mod geometry;
pub mod movegen;
pub mod movement;
pub mod notation;
pub mod position;
pub mod rules;
pub mod schema;

use crate::diagnostics::LocatedError;
use crate::game::{Count, Game, Outcome};
use crate::perft::stats::{Column, LeafMove};
use crate::perft::{Table, TableSlot};
use crate::rules::Family;
use movegen::{DetailedMove, Move, Width};
pub use position::Position;
pub use rules::Rules;
pub use schema::Colour;

/// A draughts variant ready to play: the rules and their compiled generators, on bitboards of
/// `B` (64 bits, the default, or 128 for boards that need more: see [`crate::Variant`], which
/// chooses).
///
/// ```
/// use rulebench::{Draughts, Game, Count, Rules};
/// let game = Draughts::new(Rules::load("american").unwrap());
/// assert_eq!(game.perft(&game.start(), 3, Count::Unique), 302);
/// ```
#[derive(Clone, Debug)]
pub struct Draughts<B: Width = u64> {
    rules: Rules,
    kernel: B::Engine,
}

impl Draughts {
    /// Compiles the rules for 64-bit bitboards (the board must fit them: see
    /// [`Draughts::build`] for other widths).
    pub fn new(rules: Rules) -> Draughts {
        Draughts::build(rules)
    }

    /// Loads rules by spec (see [`Rules::load`]) and compiles them for 64-bit bitboards; an
    /// error when the board needs more (a 12x12 board: see [`Draughts::load_as`] and
    /// [`crate::Variant`], which chooses).
    pub fn load(spec: &str) -> Result<Draughts, LocatedError> {
        Draughts::load_as(spec)
    }
}

impl<B: Width> Draughts<B> {
    /// Compiles the rules for bitboards of `B` (which must hold the board).
    pub fn build(rules: Rules) -> Draughts<B> {
        let kernel = B::engine(&rules);
        Draughts { rules, kernel }
    }

    /// Whether the line-table generator plays this game (rules the shift-based kernel does not
    /// cover: lines along rows and columns, a board of all squares, captures weighed by
    /// value, no turning back over a freed square).
    pub fn follows_line_tables(&self) -> bool {
        B::follows_line_tables(&self.kernel)
    }

    /// Loads rules by spec (see [`Rules::load`]) and compiles them for bitboards of `B`; an
    /// error when the board needs a wider one (a 12x12 board needs `Draughts<u128>`).
    pub fn load_as(spec: &str) -> Result<Draughts<B>, LocatedError> {
        let rules = Rules::load(spec)?;
        if !rules.geometry.fits::<B>() {
            let source = crate::diagnostics::SourceFile {
                name: "rules".into(),
                text: spec.into(),
            };
            return Err(LocatedError::new(
                &source,
                0..spec.len(),
                format!(
                    "`{spec}` needs a bitboard of {} bits, wider than this game's {}",
                    rules.geometry.bits_needed(),
                    B::BITS
                ),
                Some(
                    "load it with rulebench::Variant::load, which chooses the width, or with \
                     Draughts::<u128>::load_as"
                        .into(),
                ),
            ));
        }
        Ok(Draughts::build(rules))
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
        let mut next = movegen::play_fast(pos, mv);
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

    /// How the game stands: the side to move loses with no piece or no legal move; the
    /// quiet-move rule draws. (Perft never looks at this.)
    pub fn outcome(&self, pos: &Position<B>) -> Outcome {
        let side = pos.side;
        let name = colour_name;
        if pos.pieces(side.opponent()).is_empty() {
            return Outcome::Win {
                winner: name(side).into(),
                reason: format!("{} has no pieces left", name(side.opponent())),
            };
        }
        if pos.pieces(side).is_empty() {
            return Outcome::Win {
                winner: name(side.opponent()).into(),
                reason: format!("{} has no pieces left", name(side)),
            };
        }
        if B::legal_moves(&self.kernel, pos).is_empty() {
            return Outcome::Win {
                winner: name(side.opponent()).into(),
                reason: format!("{} has no legal move", name(side)),
            };
        }
        if let Some(d) = self.rules.draw
            && u64::from(pos.quiet_plies) >= 2 * u64::from(d.quiet_moves)
        {
            return Outcome::Draw {
                reason: format!(
                    "{} moves by each side without a capture or promotion",
                    d.quiet_moves
                ),
            };
        }
        Outcome::Ongoing
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
        movegen::play_fast(pos, mv)
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

    fn table_slot(&self, pos: &Position<B>, count: Count) -> Option<TableSlot<B::Key>> {
        Some(TableSlot {
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
        table: Option<&Table<B::Key>>,
    ) -> u128 {
        B::perft(&self.kernel, pos, depth, count, table)
    }

    fn outcome(&self, history: &[Position<B>]) -> Outcome {
        let Some(pos) = history.last() else {
            return Outcome::Ongoing;
        };
        let outcome = Draughts::outcome(self, pos);
        if outcome == Outcome::Ongoing
            && self.rules.king_quiet_moves_in_a_row.is_some()
            && self
                .legal_moves(pos)
                .iter()
                .all(|mv| self.refused_in_game(history, mv).is_some())
        {
            return Outcome::Win {
                winner: colour_name(pos.side.opponent()).into(),
                reason: format!(
                    "{} has no legal move (its only moves are refused by the limit on a king's \
                     ordinary moves in a row)",
                    colour_name(pos.side)
                ),
            };
        }
        outcome
    }

    fn refused_in_game(&self, history: &[Position<B>], mv: &Move<B>) -> Option<String> {
        let limit = self.rules.king_quiet_moves_in_a_row?;
        let pos = history.last()?;
        let own = pos.pieces(pos.side);
        if mv.is_capture() || !pos.kings.has(mv.from as u32) || (own & !pos.kings).is_empty() {
            return None;
        }
        // Walk back over this side's moves: each must be an ordinary move of this king, the
        // one before ending where the next began.
        let mut at = mv.from as u32;
        let mut run = 0;
        let mut i = history.len() - 1;
        while i >= 2 && run < limit {
            let (before, after) = (&history[i - 2], &history[i - 1]);
            let (b, a) = (before.pieces(pos.side), after.pieces(pos.side));
            let (left, arrived) = (b & !a, a & !b);
            let quiet = before.pieces(pos.side.opponent()) == after.pieces(pos.side.opponent());
            if !quiet
                || left.count() != 1
                || arrived != B::bit(at)
                || (before.kings & left).is_empty()
            {
                break;
            }
            at = left.lowest();
            run += 1;
            i -= 2;
        }
        (run >= limit).then(|| {
            format!(
                "the king on {} has made {limit} ordinary moves in a row and its side still has \
                 men",
                self.square_text(mv.from as u32)
            )
        })
    }

    fn side_names(&self) -> [&str; 2] {
        [colour_name(Colour::White), colour_name(Colour::Black)]
    }

    fn side_to_move(&self, pos: &Position<B>) -> usize {
        pos.side_index() as usize
    }

    fn move_json(&self, pos: &Position<B>, mv: &Move<B>, text: &str) -> serde_json::Value {
        let geo = &self.rules.geometry;
        let detailed = self.detailed_moves(pos);
        let paths = detailed
            .iter()
            .find(|d| d.mv == *mv)
            .map_or_else(Vec::new, |d| d.paths[0].clone());
        let captured: Vec<u32> = geo
            .bits()
            .filter(|&b| mv.captured.has(b))
            .map(|b| geo.number(b))
            .collect();
        let mut path = vec![geo.number(mv.from as u32)];
        path.extend(paths.iter().map(|&b| geo.number(b)));
        serde_json::json!({
            "notation": text,
            "from": geo.number(mv.from as u32),
            "to": geo.number(mv.to as u32),
            "path": path,
            "captured": captured,
            "promotes": mv.promotes,
            "paths": mv.paths,
        })
    }

    fn explain(&self) -> Vec<String> {
        explain::explain(&self.rules, &self.fen(&self.start()))
    }

    fn describe(&self) -> Vec<String> {
        let r = &self.rules;
        vec![
            format!(
                "board {}x{}, start {}",
                r.geometry.columns(),
                r.geometry.rows(),
                self.fen(&self.start())
            ),
            format!(
                "{} legal moves at the start",
                Draughts::legal_moves(self, &self.start()).len()
            ),
        ]
    }

    fn view(&self, pos: &Position<B>, names: bool) -> crate::view::BoardView {
        use crate::view::{BoardView, Cells, PieceMark};
        let geo = &self.rules.geometry;
        let (files, ranks) = (geo.columns(), geo.rows());
        let mut dark = vec![vec![false; files as usize]; ranks as usize];
        let mut pieces = Vec::new();
        let mut labels = Vec::new();
        for b in geo.bits() {
            let (f, r) = self.file_rank(b);
            dark[r as usize][f as usize] = true;
            for (side, set) in [pos.white, pos.black].into_iter().enumerate() {
                if set.has(b) {
                    pieces.push(PieceMark {
                        at: (f, r),
                        side,
                        label: String::new(),
                        crowned: pos.kings.has(b),
                    });
                }
            }
            if names {
                labels.push((f, r, self.square_text(b)));
            }
        }
        BoardView {
            files,
            ranks,
            cells: Cells::Squares { dark },
            pieces,
            labels,
            river_after_rank: None,
            crossed: Vec::new(),
            file_names: (0..files)
                .map(|f| ((b'a' + f as u8) as char).to_string())
                .collect(),
            rank_names: (1..=ranks).map(|r| r.to_string()).collect(),
            side_names: ["white".into(), "black".into()],
            side_to_move: pos.side_index() as usize,
            hands: None,
        }
    }

    fn move_path(&self, pos: &Position<B>, mv: &Move<B>) -> Vec<(u32, u32)> {
        let mut path = vec![self.file_rank(mv.from as u32)];
        match self.detailed_moves(pos).into_iter().find(|d| d.mv == *mv) {
            Some(d) => path.extend(d.paths[0].iter().map(|&b| self.file_rank(b))),
            None => path.push(self.file_rank(mv.to as u32)),
        }
        path
    }

    fn diagram(&self, pos: &Position<B>) -> String {
        let geo = &self.rules.geometry;
        let mut out = String::new();
        for row in 0..geo.rows() {
            out.push_str(&format!("{:>3} ", geo.rows() - row));
            for column in 0..geo.columns() {
                let cell = geo
                    .bits()
                    .find(|&b| geo.coordinates(b) == (row, column))
                    .map_or(' ', |b| {
                        let king = pos.kings.has(b);
                        match (pos.white.has(b), pos.black.has(b)) {
                            (true, _) if king => 'W',
                            (true, _) => 'w',
                            (_, true) if king => 'B',
                            (_, true) => 'b',
                            _ => '.',
                        }
                    });
                out.push(' ');
                out.push(cell);
            }
            out.push('\n');
        }
        out.push_str("    ");
        for column in 0..geo.columns() {
            out.push(' ');
            out.push((b'a' + column as u8) as char);
        }
        out.push('\n');
        out
    }
}

impl<B: Width> Draughts<B> {
    /// (file, rank) of a square's bit, rank 0 at the bottom.
    fn file_rank(&self, bit: u32) -> (u32, u32) {
        let geo = &self.rules.geometry;
        let (row, column) = geo.coordinates(bit);
        (column, geo.rows() - 1 - row)
    }
}

/// A side as players name it.
fn colour_name(c: Colour) -> &'static str {
    match c {
        Colour::White => "white",
        Colour::Black => "black",
    }
}
