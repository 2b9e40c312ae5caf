use rulebench::*;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let g = Draughts::load(&args[1]).unwrap_or_else(|e| { eprintln!("{e}"); std::process::exit(1) });
    let d: u32 = args[2].parse().unwrap();
    let c = if args.len() > 3 { Count::Paths } else { Count::Unique };
    for i in 1..=d { let t = std::time::Instant::now(); let n = g.perft(&g.start(), i, c); println!("{i} {n} {:.2}s", t.elapsed().as_secs_f64()); }
}
