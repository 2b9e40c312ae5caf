//! What a chess-family game shows people: the rules in sentences, the board, a move's path,
//! a move described for scripts.

use super::Chess;
use super::bitboard::Set;
use super::movegen::Move;
use super::position::Position;
use super::schema::Cells;
use crate::game::Game;
use crate::present::Present;

impl<B: Set> Present for Chess<B> {
    fn move_json(&self, pos: &Position<B>, mv: &Move, text: &str) -> serde_json::Value {
        let b = &self.engine.board;
        let from = mv.from();
        let kind = mv.mover(pos) as usize;
        let captured = self.captured_at(pos, *mv);
        let (to, castling) = match *mv {
            Move::Castle { king, partner } => (
                self.castle_targets(king as u32, partner as u32).0,
                Some(if self.castles_short(king as u32, partner as u32) {
                    "short"
                } else {
                    "long"
                }),
            ),
            _ => (mv.to(), None),
        };
        let mut json = serde_json::json!({
            "notation": text,
            "from": (mv.dropped().is_none()).then(|| b.name(from)),
            "drop": mv.dropped().is_some(),
            "to": b.name(to),
            "piece": self.rules.pieces[kind].name,
            "captured": captured.map(|(_, p)| b.name(p)),
            "captured_piece": captured.map(|(k, _)| self.rules.pieces[k].name.clone()),
            "promotion": mv.promotion().map(|k| self.rules.pieces[k].name.clone()),
            "castling": castling,
            "en_passant": matches!(mv, Move::EnPassant { .. }),
            "gives_check": self.gives_check(pos, *mv),
        });
        let map = json.as_object_mut().expect("an object");
        for n in &self.notation_names {
            let text = match *n {
                "ucci" => self.coordinates(*mv, 0),
                "usi" => self.usi(*mv),
                "wxf" => self.wxf(pos, *mv),
                "san" => self.san(pos, *mv, &self.legal(pos)),
                _ => self.coordinates(*mv, 1),
            };
            map.insert(n.to_string(), serde_json::Value::String(text));
        }
        json
    }

    fn explain(&self) -> Vec<String> {
        super::explain::explain(&self.rules, &self.fen(&self.start))
    }

    fn describe(&self) -> Vec<String> {
        let r = &self.rules;
        let mut lines = vec![format!(
            "board {}x{} {}, sides {} and {}",
            r.files,
            r.ranks,
            match r.cells {
                Cells::Points => "points",
                Cells::Squares => "squares",
            },
            r.sides[0],
            r.sides[1]
        )];
        for p in &r.pieces {
            let plus = if p.plus { "+" } else { "" };
            let mut line = format!("{} `{plus}{}`: {}", p.name, p.letter, p.movement);
            if p.royal {
                line.push_str(", royal");
            }
            if let Some(region) = &p.confined_to {
                line.push_str(&format!(", confined to the {region}"));
            }
            for (region, m) in &p.movement_in {
                line.push_str(&format!(", {m} in the {region}"));
            }
            for (region, m) in &p.movement_within {
                line.push_str(&format!(", also {m} within the {region}"));
            }
            let names = |kinds: &[u8]| -> Vec<&str> {
                kinds
                    .iter()
                    .map(|&k| r.pieces[k as usize].name.as_str())
                    .collect()
            };
            if !p.may_not_hop_over.is_empty() {
                line.push_str(&format!(
                    ", never hops over {}",
                    names(&p.may_not_hop_over).join("/")
                ));
            }
            if !p.may_not_capture.is_empty() {
                line.push_str(&format!(
                    ", never captures {}",
                    names(&p.may_not_capture).join("/")
                ));
            }
            if let Some(region) = &p.initial {
                line.push_str(&format!(", initial moves from the {region}"));
            }
            if let Some(pr) = &p.promotion {
                let names = |side: usize| -> Vec<&str> {
                    pr.to[side]
                        .iter()
                        .map(|&k| r.pieces[k as usize].name.as_str())
                        .collect()
                };
                line.push_str(&format!(
                    ", promotes in the {} to {}",
                    pr.region,
                    names(0).join("/")
                ));
                if pr.to[0] != pr.to[1] {
                    line.push_str(&format!(" ({} {})", r.sides[1], names(1).join("/")));
                }
            }
            lines.push(line);
        }
        lines.push(format!("start {}", self.fen(&self.start)));
        lines.push(format!(
            "{} legal moves at the start",
            self.engine.count(&self.start)
        ));
        lines
    }

    fn view(&self, pos: &Position<B>, names: bool) -> crate::view::BoardView {
        use crate::view::{BoardView, Cells as ViewCells, Crossed, PieceMark};
        let r = &self.rules;
        let b = &self.engine.board;
        let mut pieces = Vec::new();
        let mut labels = Vec::new();
        for p in 0..b.points() {
            let (f, rank) = b.coordinates(p);
            if let Some(side) = pos.side_at(p) {
                let piece = &r.pieces[pos.kind_at(p) as usize];
                let letter = if side == 0 {
                    piece.letter.to_ascii_uppercase()
                } else {
                    piece.letter
                };
                pieces.push(PieceMark {
                    at: (f, rank),
                    side,
                    label: format!("{}{letter}", if piece.plus { "+" } else { "" }),
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
                Cells::Points => ViewCells::Points,
                Cells::Squares => ViewCells::Squares {
                    dark: (0..b.ranks())
                        .map(|rank| {
                            (0..b.files())
                                .map(|f| b.dark().holds(b.point(f, rank)))
                                .collect()
                        })
                        .collect(),
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
            holes: b.holes().squares().map(|p| b.coordinates(p)).collect(),
            file_names: (0..b.files())
                .map(|f| ((b'a' + f as u8) as char).to_string())
                .collect(),
            rank_names: (1..=b.ranks()).map(|x| x.to_string()).collect(),
            side_names: r.sides.clone(),
            side_to_move: pos.side as usize,
            hands: self.engine.drops.as_ref().map(|_| {
                [0, 1].map(|side| self.hand_text(pos, side).unwrap_or_else(|| "-".into()))
            }),
        }
    }

    fn move_path(&self, _pos: &Position<B>, mv: &Move) -> Vec<(u32, u32)> {
        let b = &self.engine.board;
        let to = match *mv {
            Move::Castle { king, partner } => self.castle_targets(king as u32, partner as u32).0,
            _ => mv.to(),
        };
        vec![b.coordinates(mv.from()), b.coordinates(to)]
    }

    fn diagram(&self, pos: &Position<B>) -> String {
        let b = &self.engine.board;
        let mut out = String::new();
        for row in 0..b.ranks() {
            let rank = b.ranks() - 1 - row;
            out.push_str(&format!("{:>3} ", rank + 1));
            for file in 0..b.files() {
                let p = b.point(file, rank);
                let kind = pos.kind_at(p);
                let c = if kind == super::position::EMPTY {
                    '.'
                } else if pos.sides[0].holds(p) {
                    self.rules.pieces[kind as usize].letter.to_ascii_uppercase()
                } else {
                    self.rules.pieces[kind as usize].letter
                };
                let plus = kind != super::position::EMPTY && self.rules.pieces[kind as usize].plus;
                out.push(if plus { '+' } else { ' ' });
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
        if self.engine.drops.is_some() {
            for side in 0..2 {
                out.push_str(&format!(
                    "    in hand, {}: {}\n",
                    self.rules.sides[side],
                    self.hand_text(pos, side).unwrap_or_else(|| "-".into())
                ));
            }
        }
        out
    }
}
