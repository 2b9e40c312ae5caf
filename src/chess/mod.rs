//! The chess family: games whose pieces are declared in the rules file, their movement in
//! Betza notation, with regions and named game rules for what Betza cannot say. Xiangqi and
//! Minixiangqi are two such files; no piece or rule is named in this code.
//!
//! - [`schema`] and [`rules`]: what a chess-family rules file says, checked and compiled;
//! - [`betza`]: the movement notation; [`board`]: points, lines and regions;
//! - [`tables`]: the pieces compiled into per-point tables; [`movegen`]: legal moves;
//! - [`position`]: positions and FEN; [`notation`]: coordinates, UCCI and WXF;
//! - [`perft`]: the counting search; [`outcome`]: how games end.
//!
//! ```
//! use rulebench::{Chess, Count, Game};
//! let game = Chess::load("xiangqi").unwrap();
//! assert_eq!(game.perft(&game.start(), 3, Count::Unique), 79_666);
//! ```

pub mod betza;
pub mod board;
pub(crate) mod compile;
pub mod explain;
pub mod movegen;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod position;
pub mod rules;
pub mod schema;
pub mod tables;

use crate::diagnostics::LocatedError;
use crate::game::{Count, Game, Outcome};
use crate::perft::Table;
use crate::rules::Family;
pub use movegen::Move;
pub use position::Position;
pub use rules::Rules;

/// A chess-family variant ready to play.
#[derive(Clone, Debug)]
pub struct Chess {
    rules: Rules,
}

impl Chess {
    /// Compiled rules, ready to play.
    pub fn new(rules: Rules) -> Chess {
        Chess { rules }
    }

    /// Loads rules by spec (see [`Rules::load`]).
    pub fn load(spec: &str) -> Result<Chess, LocatedError> {
        Rules::load(spec).map(Chess::new)
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The position after `mv`, counters brought up to date.
    pub fn play(&self, pos: &Position, mv: &Move) -> Position {
        let mut next = self.rules.engine.make(pos, *mv);
        next.quiet_plies = if self.captured(pos, *mv).is_some() {
            0
        } else {
            pos.quiet_plies.saturating_add(1)
        };
        if pos.side == 1 {
            next.move_number = pos.move_number.saturating_add(1);
        }
        next
    }
}

impl Game for Chess {
    type Position = Position;
    type Move = Move;
    type Key = [u64; 4];
    type Packed = Position;

    fn family(&self) -> Family {
        Family::Chess
    }

    fn id(&self) -> &str {
        &self.rules.id
    }

    fn name(&self) -> &str {
        &self.rules.name
    }

    fn start(&self) -> Position {
        self.rules.start
    }

    fn parse_fen(&self, fen: &str) -> Result<Position, LocatedError> {
        self.rules.parse_fen(fen)
    }

    fn fen(&self, pos: &Position) -> String {
        pos.to_fen(&self.rules.board, &self.rules.letters())
    }

    fn legal_moves(&self, pos: &Position) -> Vec<Move> {
        self.legal(pos)
    }

    fn moves_with_notation(&self, pos: &Position) -> Vec<(Move, String)> {
        self.moves_in_notation(pos, notation::NOTATIONS[0])
    }

    fn notations(&self) -> &'static [&'static str] {
        notation::NOTATIONS
    }

    fn moves_in(&self, pos: &Position, notation: &str) -> Vec<(Move, String)> {
        self.moves_in_notation(pos, notation)
    }

    fn matching_moves(&self, pos: &Position, text: &str) -> Result<Vec<usize>, LocatedError> {
        self.matching(pos, text)
    }

    fn play(&self, pos: &Position, mv: &Move) -> Position {
        Chess::play(self, pos, mv)
    }

    fn pack(&self, pos: &Position) -> Position {
        let mut p = *pos;
        p.quiet_plies = 0;
        p.move_number = 1;
        p
    }

    fn unpack(&self, packed: &Position) -> Position {
        *packed
    }

    fn perft_child(&self, pos: &Position, mv: &Move) -> Position {
        self.rules.engine.make(pos, *mv)
    }

    fn perft_in(
        &self,
        pos: &Position,
        depth: u32,
        _count: Count,
        table: Option<&Table<[u64; 4]>>,
    ) -> u128 {
        let mut lists = perft::buffers(depth);
        let e = &self.rules.engine;
        let table = table.map(|t| (t, e.zobrist(pos)));
        perft::perft(e, pos, depth, &mut lists, table)
    }

    fn outcome(&self, history: &[Position]) -> Outcome {
        self.game_outcome(history)
    }

    fn side_names(&self) -> [&str; 2] {
        [&self.rules.sides[0], &self.rules.sides[1]]
    }

    fn side_to_move(&self, pos: &Position) -> usize {
        pos.side as usize
    }

    fn move_json(&self, pos: &Position, mv: &Move, text: &str) -> serde_json::Value {
        let b = &self.rules.board;
        let kind = pos.board[mv.from as usize] as usize;
        let captured = self.captured(pos, *mv);
        serde_json::json!({
            "notation": text,
            "from": b.name(mv.from as u32),
            "to": b.name(mv.to as u32),
            "piece": self.rules.pieces[kind].name,
            "captured": captured.map(|_| b.name(mv.to as u32)),
            "captured_piece": captured.map(|k| self.rules.pieces[k].name.clone()),
            "gives_check": self.gives_check(pos, *mv),
            "coordinates": self.coordinates(*mv, 1),
            "ucci": self.coordinates(*mv, 0),
            "wxf": self.wxf(pos, *mv),
        })
    }

    fn explain(&self) -> Vec<String> {
        explain::explain(&self.rules, &self.fen(&self.rules.start))
    }

    fn describe(&self) -> Vec<String> {
        let r = &self.rules;
        let mut lines = vec![format!(
            "board {}x{} {}, sides {} and {}",
            r.board.files(),
            r.board.ranks(),
            match r.cells {
                schema::Cells::Points => "points",
                schema::Cells::Squares => "squares",
            },
            r.sides[0],
            r.sides[1]
        )];
        for p in &r.pieces {
            let mut line = format!("{} `{}`: {}", p.name, p.letter, p.movement);
            if p.royal {
                line.push_str(", royal");
            }
            if let Some(region) = &p.confined_to {
                line.push_str(&format!(", confined to the {region}"));
            }
            for (region, m) in &p.movement_in {
                line.push_str(&format!(", {m} in the {region}"));
            }
            lines.push(line);
        }
        lines.push(format!("start {}", self.fen(&r.start)));
        lines.push(format!(
            "{} legal moves at the start",
            r.engine.count(&r.start)
        ));
        lines
    }

    fn view(&self, pos: &Position, names: bool) -> crate::view::BoardView {
        use crate::view::{BoardView, Cells, Crossed, PieceMark};
        let r = &self.rules;
        let b = &r.board;
        let mut pieces = Vec::new();
        let mut labels = Vec::new();
        for p in 0..b.points() {
            let (f, rank) = b.coordinates(p);
            if let Some(side) = pos.side_at(p) {
                let letter = r.pieces[pos.board[p as usize] as usize].letter;
                pieces.push(PieceMark {
                    at: (f, rank),
                    side,
                    label: if side == 0 {
                        letter.to_ascii_uppercase().to_string()
                    } else {
                        letter.to_string()
                    },
                    crowned: false,
                });
            }
            if names {
                labels.push((f, rank, b.name(p)));
            }
        }
        BoardView {
            files: b.files(),
            ranks: b.ranks(),
            cells: match r.cells {
                schema::Cells::Points => Cells::Points,
                schema::Cells::Squares => Cells::Squares {
                    dark: vec![vec![false; b.files() as usize]; b.ranks() as usize],
                },
            },
            pieces,
            labels,
            river_after_rank: r.river_after_rank.map(|x| x - 1),
            crossed: r
                .crossed
                .iter()
                .map(|&(p, q)| {
                    let ((f1, r1), (f2, r2)) = (b.coordinates(p), b.coordinates(q));
                    Crossed {
                        from: (f1.min(f2), r1.min(r2)),
                        to: (f1.max(f2), r1.max(r2)),
                    }
                })
                .collect(),
            file_names: (0..b.files())
                .map(|f| ((b'a' + f as u8) as char).to_string())
                .collect(),
            rank_names: (1..=b.ranks()).map(|x| x.to_string()).collect(),
            side_names: r.sides.clone(),
            side_to_move: pos.side as usize,
        }
    }

    fn move_path(&self, _pos: &Position, mv: &Move) -> Vec<(u32, u32)> {
        let b = &self.rules.board;
        vec![b.coordinates(mv.from as u32), b.coordinates(mv.to as u32)]
    }

    fn diagram(&self, pos: &Position) -> String {
        let b = &self.rules.board;
        let mut out = String::new();
        for row in 0..b.ranks() {
            let rank = b.ranks() - 1 - row;
            out.push_str(&format!("{:>3} ", rank + 1));
            for file in 0..b.files() {
                let p = b.point(file, rank);
                let kind = pos.board[p as usize];
                let c = if kind == position::EMPTY {
                    '.'
                } else if pos.sides[0] & board::bit(p) != 0 {
                    self.rules.pieces[kind as usize].letter.to_ascii_uppercase()
                } else {
                    self.rules.pieces[kind as usize].letter
                };
                out.push(' ');
                out.push(c);
            }
            out.push('\n');
        }
        out.push_str("    ");
        for file in 0..b.files() {
            out.push(' ');
            out.push((b'a' + file as u8) as char);
        }
        out.push('\n');
        out
    }
}
