//! A small engine that is wrong on purpose, for testing `rulebench crosscheck`: it counts
//! perft with rulebench's own move lists, except that in one position deep in the English
//! checkers tree (the one reached by 9-14 22-17 11-16) it forgets the last of its legal
//! moves, so every count above that position is short too.
//!
//! Usage: `fake_engine RULES FEN DEPTH` prints `MOVE: N` lines, a blank line and
//! `Nodes searched: N`, as Stockfish's divide does. Built by `cargo test` as an example.

use rulebench::draughts::Position;
use rulebench::{Draughts, Game};

/// The position where this engine is wrong (after 9-14 22-17 11-16; white to move).
const WRONG_AFTER: [&str; 3] = ["9-14", "22-17", "11-16"];

fn moves(
    game: &Draughts,
    wrong: &Position,
    pos: &Position,
) -> Vec<(rulebench::draughts::Move, String)> {
    let mut m = game.moves_with_notation(pos);
    m.sort_by(|a, b| a.1.cmp(&b.1));
    if pos == wrong {
        m.pop();
    }
    m
}

fn perft(game: &Draughts, wrong: &Position, pos: &Position, depth: u32) -> u128 {
    if depth == 0 {
        return 1;
    }
    moves(game, wrong, pos)
        .iter()
        .map(|(m, _)| perft(game, wrong, &game.perft_child(pos, m), depth - 1))
        .sum()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [rules, fen, depth] = args.as_slice() else {
        eprintln!("usage: fake_engine RULES FEN DEPTH");
        std::process::exit(2);
    };
    let game = rulebench::load::<Draughts>(rules).expect("rules");
    let mut wrong = game.start();
    for m in WRONG_AFTER {
        let mv = game.parse_move(&wrong, m).expect("a legal move");
        wrong = game.perft_child(&wrong, &mv);
    }
    let pos = game.parse_fen(fen).expect("a FEN");
    let depth: u32 = depth.parse().expect("a depth");
    let mut total = 0;
    for (m, text) in moves(&game, &wrong, &pos) {
        let n = perft(&game, &wrong, &game.perft_child(&pos, &m), depth - 1);
        println!("{text}: {n}");
        total += n;
    }
    println!("\nNodes searched: {total}");
}
