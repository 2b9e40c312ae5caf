//! How long a perft will take, guessed before it runs: the tree is counted one ply deeper at a
//! time, on one thread, until a count takes a measurable time; the branching factor of the
//! last plies carries the count to the depth asked for, and the speed measured there gives
//! the time.

use crate::game::{Count, Game};
use std::time::{Duration, Instant};

/// What a perft is expected to cost.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The deepest depth counted while measuring.
    pub measured_depth: u32,
    /// The count at that depth.
    pub measured_nodes: u128,
    /// Leaves per ply at the measured depths (the geometric mean of the last two plies, so
    /// that the odd and even plies of a game even out).
    pub branching: f64,
    /// The expected count at the depth asked for.
    pub nodes: f64,
    /// The expected time on `threads` threads, in seconds.
    pub seconds: f64,
}

/// How long a single measuring count may take before the measuring stops.
const MEASURE: Duration = Duration::from_millis(150);

/// Guesses the cost of perft `depth` from `pos` on `threads` threads. Exact (the count itself,
/// and the time it took) when the measuring reaches `depth`, which it does for any perft of
/// well under a second.
pub fn estimate<G: Game>(
    game: &G,
    pos: &G::Position,
    depth: u32,
    count: Count,
    threads: usize,
) -> Estimate {
    let mut counts: Vec<u128> = vec![1];
    let mut last = Duration::ZERO;
    let mut d = 0;
    while d < depth && last < MEASURE {
        d += 1;
        let started = Instant::now();
        counts.push(game.perft_in(pos, d, count, None));
        last = started.elapsed();
        if counts[d as usize] == 0 {
            break;
        }
    }
    let measured = counts[d as usize];
    let seconds_measured = last.as_secs_f64().max(1e-6);
    if d == depth || measured == 0 {
        return Estimate {
            measured_depth: d,
            measured_nodes: measured,
            branching: 0.0,
            nodes: measured as f64,
            seconds: seconds_measured,
        };
    }
    // The ratio of the last two plies, averaged over both where there are two.
    let back = d.min(2);
    let ratio = measured as f64 / counts[(d - back) as usize].max(1) as f64;
    let branching = ratio.powf(1.0 / back as f64).max(1.0);
    let nodes = measured as f64 * branching.powi((depth - d) as i32);
    // The measured speed of one thread; threads are counted as full cores.
    let speed = measured as f64 / seconds_measured * threads.max(1) as f64;
    Estimate {
        measured_depth: d,
        measured_nodes: measured,
        branching,
        nodes,
        seconds: nodes / speed,
    }
}

/// A duration in words, to two figures: "45 s", "12 min", "3.5 h", "2.1 days", "4.0e6 years".
pub fn human_duration(seconds: f64) -> String {
    const MINUTE: f64 = 60.0;
    const HOUR: f64 = 3600.0;
    const DAY: f64 = 86_400.0;
    const YEAR: f64 = 365.25 * DAY;
    match seconds {
        s if !s.is_finite() => "longer than the universe has existed".into(),
        s if s < MINUTE => format!("{s:.0} s"),
        s if s < HOUR => format!("{:.0} min", s / MINUTE),
        s if s < DAY => format!("{:.1} h", s / HOUR),
        s if s < YEAR => format!("{:.1} days", s / DAY),
        s if s < 1e4 * YEAR => format!("{:.0} years", s / YEAR),
        s => format!("{:.1e} years", s / YEAR),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Draughts;

    #[test]
    fn shallow_perft_is_measured_exactly() {
        let game = Draughts::load("american").unwrap();
        let e = estimate(&game, &game.start(), 4, Count::Unique, 1);
        // American checkers perft 4 = 1,469 (tests/reference/perft/american.toml).
        assert_eq!((e.measured_depth, e.measured_nodes), (4, 1_469));
        assert_eq!(e.nodes, 1_469.0);
    }

    #[test]
    fn deep_perft_is_extrapolated_upwards() {
        let game = Draughts::load("american").unwrap();
        let e = estimate(&game, &game.start(), 40, Count::Unique, 2);
        assert!(e.measured_depth < 40);
        assert!(e.branching > 1.5, "branching {}", e.branching);
        // Perft 23 is already 7,437,536,860,666,213 paths (OEIS A133046, in
        // tests/reference/perft/american.toml): 40 plies are more.
        assert!(e.nodes > 7.4e15, "nodes {}", e.nodes);
        assert!(e.seconds > 1e6, "seconds {}", e.seconds);
    }

    #[test]
    fn durations_read_in_words() {
        assert_eq!(human_duration(42.0), "42 s");
        assert_eq!(human_duration(600.0), "10 min");
        assert_eq!(human_duration(5400.0), "1.5 h");
        assert_eq!(human_duration(3.0 * 86_400.0), "3.0 days");
        assert_eq!(
            human_duration(f64::INFINITY),
            "longer than the universe has existed"
        );
    }
}
