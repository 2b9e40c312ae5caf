//! Plain single-thread perft (no frontier split, no hash) from the start or a FEN, for
//! profiling the kernels: `cargo run --release --example plain_perft -- american 11` (any
//! shipped variant or rules file, any family; a FEN as third argument).
use rulebench::{Count, Game, Variant, with_game};

fn main() {
    let mut args = std::env::args().skip(1);
    let variant = args.next().unwrap_or_else(|| "american".into());
    let depth = args.next().unwrap_or_else(|| "9".into());
    let fen = args.next();
    let loaded = match rulebench::load::<Variant>(&variant) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let depth: u32 = match depth.parse() {
        Ok(d) if d <= 64 => d,
        _ => {
            eprintln!("depth must be a whole number from 0 to 64, got {depth:?}");
            std::process::exit(2);
        }
    };
    with_game!(&loaded, game => {
        let pos = match &fen {
            None => game.start(),
            Some(f) => game.parse_fen(f).unwrap_or_else(|e| {
                eprintln!("{e}");
                std::process::exit(2);
            }),
        };
        let t = std::time::Instant::now();
        let n = game.perft(&pos, depth, Count::Unique);
        let s = t.elapsed().as_secs_f64();
        println!(
            "{variant} perft {depth} = {n} in {s:.3} s = {:.1} Mnps",
            n as f64 / s / 1e6
        );
    })
}
