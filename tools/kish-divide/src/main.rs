// A divide by the kish crate (an independent Turkish draughts engine) from a PDN FEN in
// rulebench's Turkish numbering (1 = a8 ... 64 = h1, or algebraic squares): prints `MOVE: N`
// lines and `total N`. A position with no move counts 0 at the last depth (rulebench's convention,
// not kish's own perft). With KISH_UNIQUE set, kish's actions are merged by from-square,
// to-square and captured set (its lists keep one action per empty square a king touches between
// two pieces it takes on one line).
use kish::{Board, Square, Team};
fn uniq(b: &Board) -> Vec<kish::Action> {
    let mut acts = b.actions();
    if std::env::var("KISH_UNIQUE").is_ok() {
        let mut seen = std::collections::HashSet::new();
        acts.retain(|a| {
            let d = a.to_detailed(b.turn, &b.state);
            let p = d.path();
            seen.insert((p[0], p[p.len() - 1], a.captured_pieces(b.turn)))
        });
    }
    acts
}
fn perft(b: &Board, d: u32) -> u64 {
    let acts = uniq(b);
    if d == 1 { return acts.len() as u64; }
    acts.iter().map(|a| { let mut n = b.apply(a); n.swap_turn_(); perft(&n, d - 1) }).sum()
}
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let fen = &args[1];
    let depth: u32 = args[2].parse().unwrap();
    let mut parts = fen.split(':');
    let turn = if parts.next().unwrap().trim() == "W" { Team::White } else { Team::Black };
    let (mut w, mut bl, mut k) = (vec![], vec![], vec![]);
    for p in parts {
        let (col, rest) = p.split_at(1);
        for item in rest.split(',').filter(|s| !s.is_empty()) {
            let (king, item) = if let Some(r) = item.strip_prefix('K') { (true, r) } else { (false, item) };
            let nums: Vec<u32> = if let Some((a, b)) = item.split_once('-') {
                (a.parse().unwrap()..=b.parse().unwrap()).collect()
            } else if item.chars().next().unwrap().is_ascii_alphabetic() {
                let f = item.as_bytes()[0] - b'a';
                let r: u32 = item[1..].parse().unwrap();
                vec![(8 - r) * 8 + f as u32 + 1]
            } else { vec![item.parse().unwrap()] };
            for n in nums {
                let row = (n - 1) / 8; let file = (n - 1) % 8; let rank = 8 - row;
                let sq = Square::try_from_u8(((rank - 1) * 8 + file) as u8).unwrap();
                if col == "W" { w.push(sq) } else { bl.push(sq) }
                if king { k.push(sq) }
            }
        }
    }
    let b = Board::from_squares(turn, &w, &bl, &k);
    let mut total = 0;
    for a in uniq(&b) {
        let det = a.to_detailed(b.turn, &b.state);
        let mut n = b.apply(&a); n.swap_turn_();
        let c = if depth == 1 { 1 } else { perft(&n, depth - 1) };
        total += c;
        println!("{}: {}", det.to_notation().trim_end_matches("=K"), c);
    }
    println!("total {}", total);
}
