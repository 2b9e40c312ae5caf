//! What a draughts game shows people: the rules in sentences, the board, a move's path.

use super::build::Width;
use super::explain;
use super::game::Draughts;
use super::movegen::Move;
use super::position::Position;
use crate::game::Game;
use crate::present::Present;

impl<B: Width> Present for Draughts<B> {
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
            holes: Vec::new(),
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
