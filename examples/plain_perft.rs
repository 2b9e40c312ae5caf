//! Plain single-thread perft (no frontier split, no hash), for profiling the kernel:
//! `cargo run --release --example plain_perft -- american 11`.
use rulebench::{Count, Draughts, Game};

fn main() {
    let mut args = std::env::args().skip(1);
    let variant = args.next().unwrap_or_else(|| "american".into());
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(9);
    let game = Draughts::load(&variant).expect("rules");
    let pos = game.start();
    let t = std::time::Instant::now();
    let n = game.perft(&pos, depth, Count::Unique);
    let s = t.elapsed().as_secs_f64();
    println!(
        "{variant} perft {depth} = {n} in {s:.3} s = {:.1} Mnps",
        n as f64 / s / 1e6
    );
}
