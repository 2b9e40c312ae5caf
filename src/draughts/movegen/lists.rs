//! Where generated moves go: the sinks that receive complete jump sequences and ordinary
//! moves, lists with the precedence applied and duplicate jump orders merged.

use super::moves::Move;
use crate::bits::Bits;

/// Where completed capture sequences go.
pub(crate) trait Sink<B: Bits = u64> {
    /// Whether the sink wants the landing squares of each jump ([`Sink::land`]).
    const WANTS_PATH: bool = false;
    /// Records that jump number `slot` (0-based) of the sequence being searched lands on `square`.
    #[inline(always)]
    fn land(&mut self, _slot: usize, _square: u8) {}
    /// Offers one complete capture sequence of `jumps` jumps.
    fn capture(&mut self, mv: Move<B>, score: u128, jumps: u32);
    /// Offers one complete capture sequence, merged with an earlier one of the same move
    /// whatever the number of jumps (the kernel's shortcut for fewer than three jumps holds
    /// only on diagonals).
    #[inline]
    fn capture_any(&mut self, mv: Move<B>, score: u128, jumps: u32) {
        self.capture(mv, score, jumps)
    }
    /// Offers an ordinary move.
    fn quiet(&mut self, mv: Move<B>);
    /// Whether any capture has been accepted.
    fn has_captures(&self) -> bool;
}

/// A reusable list of unique moves (captures first), with duplicate jump orders merged.
#[derive(Clone, Debug, Default)]
pub struct MoveList<B = u64> {
    pub(in crate::draughts) moves: Vec<Move<B>>,
    pub(in crate::draughts) best: u128,
    pub(in crate::draughts) captures: usize,
}

impl<B: Bits> MoveList<B> {
    /// An empty list with room for `n` moves.
    pub fn with_capacity(n: usize) -> Self {
        MoveList {
            moves: Vec::with_capacity(n),
            best: 0,
            captures: 0,
        }
    }

    /// The moves.
    pub fn as_slice(&self) -> &[Move<B>] {
        &self.moves
    }

    /// Number of unique moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether there is no move.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    pub(in crate::draughts) fn clear(&mut self) {
        self.moves.clear();
        self.best = 0;
        self.captures = 0;
    }
}

impl<B: Bits> MoveList<B> {
    /// Takes a capture sequence: drops it below the best score, clears the list above it, and
    /// merges it into an equal move already listed when `merge` may find one.
    #[inline(always)]
    fn accept(&mut self, mv: Move<B>, score: u128, merge: bool) {
        if score < self.best {
            return;
        }
        if score > self.best {
            self.moves.clear();
            self.best = score;
        }
        if merge && let Some(m) = self.moves.iter_mut().find(|m| m.same_as(&mv)) {
            m.paths += 1;
            return;
        }
        self.moves.push(mv);
        self.captures = self.moves.len();
    }
}

impl<B: Bits> Sink<B> for MoveList<B> {
    #[inline]
    fn capture(&mut self, mv: Move<B>, score: u128, jumps: u32) {
        // Along diagonals, two captures of fewer than three pieces never share from, to and
        // captured set.
        self.accept(mv, score, jumps >= 3)
    }

    fn capture_any(&mut self, mv: Move<B>, score: u128, _jumps: u32) {
        self.accept(mv, score, true)
    }

    #[inline]
    fn quiet(&mut self, mv: Move<B>) {
        self.moves.push(mv);
    }

    #[inline]
    fn has_captures(&self) -> bool {
        self.captures > 0
    }
}

/// A unique move with every jump sequence (landing squares, as bits) that makes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DetailedMove<B = u64> {
    /// The move.
    pub mv: Move<B>,
    /// Each jump sequence: the squares landed on after each capture (the last is `to`).
    pub paths: Vec<Vec<u32>>,
}

pub(crate) struct DetailedList<B = u64> {
    pub(crate) moves: Vec<DetailedMove<B>>,
    pub(in crate::draughts) best: u128,
    pub(in crate::draughts) path: [u8; 128],
}

impl<B> Default for DetailedList<B> {
    fn default() -> Self {
        DetailedList {
            moves: Vec::new(),
            best: 0,
            path: [0; 128],
        }
    }
}

impl<B: Bits> Sink<B> for DetailedList<B> {
    const WANTS_PATH: bool = true;

    fn land(&mut self, slot: usize, square: u8) {
        self.path[slot] = square;
    }

    fn capture(&mut self, mv: Move<B>, score: u128, jumps: u32) {
        if score < self.best {
            return;
        }
        if score > self.best {
            self.moves.clear();
            self.best = score;
        }
        let path: Vec<u32> = self.path[..jumps as usize]
            .iter()
            .map(|&b| b as u32)
            .collect();
        if let Some(m) = self.moves.iter_mut().find(|m| m.mv.same_as(&mv)) {
            m.mv.paths += 1;
            m.paths.push(path);
            return;
        }
        self.moves.push(DetailedMove {
            mv,
            paths: vec![path],
        });
    }

    fn quiet(&mut self, mv: Move<B>) {
        self.moves.push(DetailedMove {
            mv,
            paths: vec![vec![mv.to as u32]],
        });
    }

    fn has_captures(&self) -> bool {
        self.moves.iter().any(|m| m.mv.is_capture())
    }
}
