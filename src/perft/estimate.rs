//! How long a perft will take, guessed before it runs: the tree is counted one ply deeper at a
//! time, on one thread, until the guess is sure enough for its use; the branching factor of
//! the last plies carries the count to the depth asked for, and the speed measured there gives
//! the time.
//!
//! The measuring stops as soon as the run is surely short (the guess, with a wide margin, under
//! the duration the caller cares about), once a count takes long enough to be a measure, before
//! a count that would cost more than 2 % of the run's guessed time, and always one ply short
//! of the depth asked for (the run counts that one): a short run costs next to nothing, a long
//! one a fraction of a second.
//!
//! A run that counts the perft statistics is measured with the statistics search, slower by
//! the look it takes at every leaf move.
//!
//! A run with a transposition table is measured again: the last plies counted with a small
//! new table each, whose entries (the positions the search had to count, once per depth left)
//! grow from ply to ply by what carries the work to the depth asked for; the guess is never
//! longer than the one without a table.

use super::options::PerftOptions;
use super::stats::{perft_stats, stats_in};
use crate::count::Count;
use crate::game::Game;
use crate::transposition::TranspositionTable;
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
    /// The time per ply with the table (the ratio of the times of the last two plies counted
    /// with it), when the run has one and it was measured.
    pub time_per_ply_with_table: Option<f64>,
}

/// The largest table the measuring with a table uses, in MiB (the run's own may be
/// gigabytes: writing them all would cost more than the measure).
const MEASURING_TABLE_MB: usize = 32;

/// A count that takes this long is a measure: the measuring stops there.
const MEASURE: Duration = Duration::from_millis(50);

/// How much longer than guessed a run may be for the guess "shorter than the duration asked
/// about" to be trusted (the branching of the deeper plies may exceed the shallow ones').
const MARGIN: f64 = 8.0;

/// The largest share of the run's guessed time one more measuring count may take.
const SHARE: f64 = 0.02;

/// The fewest plies measured before a run is judged short (two plies give no branching
/// worth the name in games whose first replies are few).
const FEWEST_PLIES: u32 = 3;

/// Guesses the cost of perft `depth` from `pos` on `threads` threads, stopping as soon as the
/// run is surely shorter than `short_seconds` (0: measure until a count takes a measurable
/// time); `hash_mb` is the run's table (0: none).
pub fn estimate<G: Game>(
    game: &G,
    pos: &G::Position,
    depth: u32,
    count: Count,
    threads: usize,
    short_seconds: f64,
    hash_mb: usize,
) -> Estimate {
    Run::new(game, pos, depth, count, threads, false).estimate(short_seconds, hash_mb)
}

/// [`estimate`] for a run that counts the perft statistics ([`super::stats`]): measured with
/// the statistics search, which looks at every leaf move and is slower than the node count.
pub fn estimate_stats<G: Game>(
    game: &G,
    pos: &G::Position,
    depth: u32,
    count: Count,
    threads: usize,
    short_seconds: f64,
    hash_mb: usize,
) -> Estimate {
    Run::new(game, pos, depth, count, threads, true).estimate(short_seconds, hash_mb)
}

/// The run being guessed at.
struct Run<'a, G: Game> {
    game: &'a G,
    pos: &'a G::Position,
    depth: u32,
    count: Count,
    threads: usize,
    /// The run counts the statistics, not only the nodes.
    stats: bool,
}

impl<'a, G: Game> Run<'a, G> {
    fn new(
        game: &'a G,
        pos: &'a G::Position,
        depth: u32,
        count: Count,
        threads: usize,
        stats: bool,
    ) -> Self {
        Run {
            game,
            pos,
            depth,
            count,
            threads,
            stats,
        }
    }

    /// The guess, without a table and then (for a run with one, unless surely short) with.
    fn estimate(&self, short_seconds: f64, hash_mb: usize) -> Estimate {
        let guess = self.without_table(short_seconds);
        if hash_mb == 0 || guess.seconds <= short_seconds {
            return guess;
        }
        self.with_table(hash_mb, guess)
    }

    /// The leaves `plies` below the run's position, counted by the run's search without a
    /// table.
    fn perft(&self, plies: u32) -> u128 {
        if self.stats {
            stats_in(self.game, self.pos, plies, self.count).nodes
        } else {
            self.game.perft_in(self.pos, plies, self.count, None)
        }
    }

    /// The time the run's search takes `plies` deep with a new table of `mb` MiB (its pages
    /// touched before the clock starts), in seconds, and the entries the table holds after it
    /// (the node count's search only: the statistics keep their own table); `None` when the
    /// memory cannot be had.
    fn timed_with_table(&self, plies: u32, mb: usize) -> Option<(f64, Option<usize>)> {
        if self.stats {
            let options = PerftOptions {
                threads: 1,
                hash_mb: mb,
                progress: None,
                stop: None,
            };
            let started = Instant::now();
            perft_stats(self.game, self.pos, plies, self.count, &options);
            return Some((started.elapsed().as_secs_f64().max(1e-7), None));
        }
        let table = TranspositionTable::<G::Key>::new(mb)?;
        table.clear();
        let started = Instant::now();
        self.game
            .perft_in(self.pos, plies, self.count, Some(&table));
        let seconds = started.elapsed().as_secs_f64().max(1e-7);
        // A table filled past an eighth of its entries has lost some to others: its count
        // of entries no longer counts the positions.
        let filled = table.filled();
        Some((seconds, (filled < table.entries() / 8).then_some(filled)))
    }

    /// The guess without a table, corrected by what the table saves: the last three plies
    /// measured (and one more where that costs at most the share of the run allowed)
    /// counted again with a small new table each. With a table, the search counts each
    /// position once per depth left, so its work grows ply by ply by the positions first
    /// met at the new depth: the entries each count leaves in its table say how many, and
    /// their growth from ply to ply carries the work to the depth asked for (a tree whose
    /// positions run out, such as a few kings going to and fro, grows by a constant each
    /// ply, not by a factor). The time per ply of the last two counts serves where the
    /// entries are not known (the statistics).
    fn with_table(&self, hash_mb: usize, guess: Estimate) -> Estimate {
        let d = guess.measured_depth;
        if d < 2 {
            return guess;
        }
        let mb = hash_mb.min(MEASURING_TABLE_MB);
        let mut points = Vec::with_capacity(4);
        for plies in d.saturating_sub(2).max(1)..=d {
            let Some((seconds, filled)) = self.timed_with_table(plies, mb) else {
                return guess;
            };
            points.push((plies, seconds, filled));
        }
        // One ply deeper when it is cheap against the run: longer counts measure better.
        let now = points[points.len() - 1].1;
        if d + 1 < self.depth
            && now * guess.branching < SHARE * guess.seconds
            && let Some((seconds, filled)) = self.timed_with_table(d + 1, mb)
        {
            points.push((d + 1, seconds, filled));
            // A small table too full to count that ply's positions: the plies before it say
            // more.
            if filled.is_none() && points[points.len() - 2].2.is_some() {
                points.pop();
            }
        }
        let [.., (_, before, _), (last, now, _)] = points[..] else {
            return guess;
        };
        let plies = self.depth.saturating_sub(last);
        let time_per_ply = (now / before).max(1.0);
        let bound = self.game.positions_bound(self.pos);
        let growth = work_growth(&points, plies, guess.branching, bound);
        let factor = growth.unwrap_or_else(|| time_per_ply.powi(plies as i32));
        let seconds = now * factor / self.threads.max(1) as f64;
        Estimate {
            seconds: seconds.min(guess.seconds),
            time_per_ply_with_table: Some(if plies == 0 {
                time_per_ply
            } else {
                factor.powf(1.0 / plies as f64)
            }),
            ..guess
        }
    }

    /// The guess for the run without a table.
    fn without_table(&self, short_seconds: f64) -> Estimate {
        let (depth, threads) = (self.depth, self.threads);
        let mut counts: Vec<u128> = vec![1];
        let mut times: Vec<f64> = vec![0.0];
        let mut guess = extrapolate(&counts, &times, 0, depth, threads);
        let mut d = 0;
        while d + 1 < depth {
            d += 1;
            let started = Instant::now();
            counts.push(self.perft(d));
            let took = started.elapsed();
            times.push(took.as_secs_f64());
            guess = extrapolate(&counts, &times, d, depth, threads);
            if counts[d as usize] == 0 || took >= MEASURE {
                break;
            }
            if d >= FEWEST_PLIES.min(depth - 1) && guess.seconds * MARGIN < short_seconds {
                break;
            }
            // The next count would cost about this count's time times the branching (one
            // thread): not more than a small share of the run itself (Xiangqi's forty replies
            // a ply can make one ply the difference between 20 ms and most of a second).
            let next = took.as_secs_f64() * guess.branching.max(1.0);
            if d >= 2 && next > SHARE * guess.seconds {
                break;
            }
        }
        guess
    }
}

/// How many times the work of the last count with a table the run's takes, `plies` deeper:
/// from the entries the last three counts left (each count's new entries, the positions
/// first met at its depth, growing by the ratio of the last two increments, at most
/// `branching`, and never more than `bound`, the positions a ply can hold, when the game
/// knows it). `None` when the entries are not known.
fn work_growth(
    points: &[(u32, f64, Option<usize>)],
    plies: u32,
    branching: f64,
    bound: Option<f64>,
) -> Option<f64> {
    let [.., (_, _, Some(a)), (_, _, Some(b)), (_, _, Some(c))] = points[..] else {
        return None;
    };
    let (a, b, c) = (a as f64, b as f64, c as f64);
    if c <= 0.0 {
        return None;
    }
    let (first, second) = (b - a, c - b);
    if second <= 0.0 {
        // No new positions: the work stays what it is.
        return Some(1.0);
    }
    let ratio = if first > 0.0 { second / first } else { 1.0 };
    let ratio = ratio.min(branching.max(1.0));
    // The new entries of the plies to come: second * ratio^k at ply k, each at most the bound.
    let cap = bound.unwrap_or(f64::INFINITY);
    let mut new = second;
    let mut sum = 0.0;
    for _ in 0..plies {
        new = (new * ratio).min(cap);
        sum += new;
    }
    Some((c + sum) / c)
}

/// The guess from the counts and times measured to depth `d`.
fn extrapolate(counts: &[u128], times: &[f64], d: u32, depth: u32, threads: usize) -> Estimate {
    let measured = counts[d as usize];
    let seconds_measured = times[d as usize].max(1e-7);
    if d == 0 || measured == 0 {
        return Estimate {
            measured_depth: d,
            measured_nodes: measured,
            branching: 0.0,
            nodes: measured as f64,
            seconds: if d == depth { seconds_measured } else { 0.0 },
            time_per_ply_with_table: None,
        };
    }
    // The ratio of the last two plies, averaged over both where there are two.
    let back = d.min(2);
    let per_ply = |now: f64, then: f64| (now / then.max(1e-300)).powf(1.0 / back as f64).max(1.0);
    let branching = per_ply(measured as f64, counts[(d - back) as usize] as f64);
    let plies = (depth - d) as i32;
    let nodes = measured as f64 * branching.powi(plies);
    // The measured speed of one thread; threads are counted as full cores.
    let seconds = nodes / (measured as f64 / seconds_measured) / threads.max(1) as f64;
    Estimate {
        measured_depth: d,
        measured_nodes: measured,
        branching,
        nodes,
        seconds,
        time_per_ply_with_table: None,
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
