//! The line tables' steps: up to eight along the lines a piece goes, one by one ([`Steps`]) or
//! as shifts of whole sets of squares ([`StepShifts`]). On the layouts the geometry
//! builds (the padded dark squares of any size, every square of the board), a step along any
//! line is the same number of bits from every square that has a next square along it, so one
//! shift of a masked set moves every piece at once. The line-table generator uses this to find
//! the pieces that have a first jump without searching each piece, and to count the last ply's
//! ordinary moves by set sizes. Whether a layout has this property is found from the
//! geometry's table of next squares when the rules are compiled; a layout without it (none the
//! geometry builds today) keeps the square-by-square search.

use crate::bits::Bits;
use crate::draughts::geometry::{NO_SQUARE, Step};
use crate::draughts::rules::Lines;

/// Up to eight steps, in a fixed order.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Steps {
    list: [Step; 8],
    len: usize,
}

impl Steps {
    /// The steps along `lines` that pass `keep`.
    pub(in crate::draughts) fn along(lines: Lines, keep: impl Fn(Step) -> bool) -> Steps {
        let mut steps = Steps {
            list: [Step::Up; 8],
            len: 0,
        };
        for s in Step::ALL {
            let on_line = if s.is_diagonal() {
                lines.diagonal
            } else {
                lines.orthogonal
            };
            if on_line && keep(s) {
                steps.list[steps.len] = s;
                steps.len += 1;
            }
        }
        steps
    }

    #[inline(always)]
    pub(in crate::draughts) fn iter(&self) -> impl Iterator<Item = Step> + '_ {
        self.list[..self.len].iter().copied()
    }
}

/// Each of the eight steps as a shift of the squares that have a next square along it.
#[derive(Clone, Debug)]
pub(in crate::draughts) struct StepShifts<B> {
    /// The squares with a next square along each step.
    from: [B; 8],
    /// Bits shifted up, then down, per step (one of the two is 0).
    left: [u32; 8],
    right: [u32; 8],
}

impl<B: Bits> StepShifts<B> {
    /// The shifts of the layout of `next` over `squares`, when every step is one shift and
    /// every line reads the same both ways (the step back undoes the step).
    pub(in crate::draughts) fn new(next: &[[u8; 8]; 128], squares: B) -> Option<StepShifts<B>> {
        let mut shifts = StepShifts {
            from: [B::ZERO; 8],
            left: [0; 8],
            right: [0; 8],
        };
        for s in Step::ALL {
            let mut delta: Option<i32> = None;
            for bit in squares.squares() {
                let n = next[bit as usize][s as usize];
                if n == NO_SQUARE {
                    continue;
                }
                let d = n as i32 - bit as i32;
                if *delta.get_or_insert(d) != d
                    || !squares.has(n as u32)
                    || next[n as usize][s.opposite() as usize] as u32 != bit
                {
                    return None;
                }
                shifts.from[s as usize] |= B::bit(bit);
            }
            let d = delta.unwrap_or(0);
            shifts.left[s as usize] = d.max(0) as u32;
            shifts.right[s as usize] = (-d).max(0) as u32;
        }
        Some(shifts)
    }

    /// Every square of `bb` moved one step along `s` (those with no next square dropped).
    #[inline(always)]
    pub(in crate::draughts) fn step(&self, bb: B, s: Step) -> B {
        let i = s as usize;
        (bb & self.from[i]).shifted(self.left[i], self.right[i])
    }

    /// The squares of `pieces` that have a first jump along one of `steps` over a piece of
    /// `targets` onto an empty square (`empty`): a man's or a short king's.
    #[inline(always)]
    pub(in crate::draughts) fn short_starters(
        &self,
        pieces: B,
        steps: &Steps,
        targets: B,
        empty: B,
    ) -> B {
        let mut starters = B::ZERO;
        for s in steps.iter() {
            let landing = self.step(self.step(pieces, s) & targets, s) & empty;
            if !landing.is_empty() {
                let back = s.opposite();
                starters |= self.step(self.step(landing, back), back);
            }
        }
        starters & pieces
    }

    /// The squares of `kings` (flying) that have a first capture along one of `steps`: past
    /// empty squares to a piece of `targets` with an empty square behind it.
    #[inline(always)]
    pub(in crate::draughts) fn flying_starters(
        &self,
        kings: B,
        steps: &Steps,
        targets: B,
        empty: B,
    ) -> B {
        let mut starters = B::ZERO;
        for s in steps.iter() {
            // Slide every king along `s` through the empty squares; note what stops it.
            let mut hit = B::ZERO;
            let mut t = self.step(kings, s);
            while !t.is_empty() {
                hit |= t & !empty;
                t = self.step(t & empty, s);
            }
            let landing = self.step(hit & targets, s) & empty;
            if landing.is_empty() {
                continue;
            }
            // And back from the landing squares over the victims to the kings that see them.
            let back = s.opposite();
            let mut t = self.step(self.step(landing, back), back);
            while !t.is_empty() {
                starters |= t & kings;
                t = self.step(t & empty, back);
            }
        }
        starters
    }

    /// The number of ordinary moves of `pieces` along `steps` onto `empty` squares, one square
    /// or (`flying`) any number of them.
    #[inline(always)]
    pub(in crate::draughts) fn count_moves(
        &self,
        pieces: B,
        steps: &Steps,
        empty: B,
        flying: bool,
    ) -> u32 {
        let mut n = 0;
        for s in steps.iter() {
            let mut t = self.step(pieces, s) & empty;
            n += t.count();
            if flying {
                while !t.is_empty() {
                    t = self.step(t, s) & empty;
                    n += t.count();
                }
            }
        }
        n
    }
}
