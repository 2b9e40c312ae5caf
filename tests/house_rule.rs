//! The no-compulsory-capture house rule (docs/games/draughts.md#house-rule-no-compulsory-capture):
//! a player may skip a capture, but a capture, once chosen, follows the variant's rules.

use rulebench::draughts::{Move, Position};
use rulebench::{Draughts, Game};
use std::collections::HashSet;

fn texts(g: &Draughts, pos: &Position) -> HashSet<String> {
    g.moves_with_notation(pos)
        .into_iter()
        .map(|(_, t)| t)
        .collect()
}

fn set(items: &[&str]) -> HashSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

#[test]
fn a_capture_available_still_allows_ordinary_moves() {
    // American: white f2 (27) can take e3 (23) landing on d4 (18), or step to g3 (24).
    let base = rulebench::load::<Draughts>("american").unwrap();
    let house = rulebench::load::<Draughts>("american+no-compulsory-capture").unwrap();
    let pos = base.parse_fen("W:W27:B23").unwrap();
    assert_eq!(texts(&base, &pos), set(&["27x18"]));
    assert_eq!(texts(&house, &pos), set(&["27x18", "27-24"]));
    // Russian: c3 takes d4 (landing e5) or steps to b4.
    let base = rulebench::load::<Draughts>("russian").unwrap();
    let house = rulebench::load::<Draughts>("russian+no-compulsory-capture").unwrap();
    let pos = base.parse_fen("W:Wc3:Bd4").unwrap();
    assert_eq!(texts(&base, &pos), set(&["c3:e5"]));
    assert_eq!(texts(&house, &pos), set(&["c3:e5", "c3-b4"]));
    // Italian (a1 light: c2 = 26, e2 = 27, d3 = 22, f3 = 23, f5 = 15): c2 takes d3 and f5
    // (26x19x12), e2 takes f3 and f5 (27x20x11), or e2 takes d3 alone (27x18). The maximum
    // rule still binds a chosen capture, so 27x18 stays illegal; the step 26-21 becomes legal.
    let base = rulebench::load::<Draughts>("italian").unwrap();
    let house = rulebench::load::<Draughts>("italian+no-compulsory-capture").unwrap();
    let pos = base.parse_fen("W:W26,27:B22,23,15").unwrap();
    assert_eq!(texts(&base, &pos), set(&["26x12", "27x11"]));
    assert_eq!(texts(&house, &pos), set(&["26x12", "27x11", "26-21"]));
}

/// A small deterministic generator for random playouts.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn key(m: &Move) -> (u8, u8, u64, bool) {
    (m.from, m.to, m.captured, m.promotes)
}

#[test]
fn every_compulsory_move_stays_legal_without_compulsion() {
    for id in [
        "american",
        "russian",
        "italian",
        "spanish",
        "czech",
        "brazilian",
    ] {
        let base = rulebench::load::<Draughts>(id).unwrap();
        let house = rulebench::load::<Draughts>(&format!("{id}+no-compulsory-capture")).unwrap();
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let mut positions_with_capture = 0;
        for _game in 0..40 {
            let mut pos = base.start();
            for _ply in 0..120 {
                let b = base.legal_moves(&pos);
                let h = house.legal_moves(&pos);
                let hk: HashSet<_> = h.iter().map(key).collect();
                for m in &b {
                    assert!(
                        hk.contains(&key(m)),
                        "{id}: {} lost under the house rule at {}",
                        base.fen(&pos),
                        m.from
                    );
                }
                // The captures themselves are the same set: only ordinary moves are added.
                let bc: HashSet<_> = b.iter().filter(|m| m.is_capture()).map(key).collect();
                let hc: HashSet<_> = h.iter().filter(|m| m.is_capture()).map(key).collect();
                assert_eq!(bc, hc, "{id}: {}", base.fen(&pos));
                if !bc.is_empty() {
                    positions_with_capture += 1;
                }
                if b.is_empty() {
                    break;
                }
                pos = base.play(&pos, &b[rng.below(b.len())]);
            }
        }
        assert!(
            positions_with_capture > 50,
            "{id}: the playouts met too few captures"
        );
    }
}
