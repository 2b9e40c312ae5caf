//! The opponent's flying kings seen from the parent of the leaves (short kings are read, as
//! men are, from the squares next to them). An ordinary move changes two squares; a king's
//! ordinary moves and whether it can capture depend only on the squares along its lines up to
//! the first piece and the square behind that piece, so for each child where neither changed
//! square is among them, the king's part of the count is the one read once in the parent. A
//! king whose squares changed is looked at again, alone.

use crate::bits::Bits;
use crate::draughts::geometry::Direction::{
    Down, DownLeft, DownRight, Left, Right, Up, UpLeft, UpRight,
};
use crate::draughts::movegen::kernel::{Kernel, Shape, before_first};

/// How many of the opponent's kings are followed; with more, the children are counted in full.
const MAX_KINGS: usize = 8;

/// One king: where it stands, the squares its moves and captures depend on, its ordinary
/// moves, and whether it can capture.
#[derive(Clone, Copy)]
struct KingView<B> {
    at: u32,
    depends_on: B,
    quiet: u64,
    captures: bool,
}

/// The opponent's kings, read once in the parent of the leaves.
pub(in crate::draughts) struct OpponentKings<B> {
    views: [KingView<B>; MAX_KINGS],
    len: usize,
    /// Whether the kings are followed (there are not too many).
    followed: bool,
    /// Every square any of them depends on.
    depends_on: B,
    /// Their ordinary moves, all together.
    quiet: u64,
    /// Whether any of them can capture.
    captures: bool,
}

impl<B: Bits> OpponentKings<B> {
    /// No kings followed yet.
    #[inline(always)]
    pub(in crate::draughts) fn new() -> Self {
        OpponentKings {
            views: [KingView {
                at: 0,
                depends_on: B::ZERO,
                quiet: 0,
                captures: false,
            }; MAX_KINGS],
            len: 0,
            followed: true,
            depends_on: B::ZERO,
            quiet: 0,
            captures: false,
        }
    }

    /// Follows the `kings` of the opponent in the parent, `occupied` its pieces, `targets` the
    /// pieces the kings may take (the side to move's); none when there are too many. (Filled in
    /// place: a view returned, or moved into an `Option`, was copied in every parent.)
    #[inline(always)]
    pub(in crate::draughts) fn read<P: Shape>(
        &mut self,
        k: &Kernel<B>,
        kings: B,
        occupied: B,
        targets: B,
    ) {
        let mut rest = kings;
        while rest != B::ZERO {
            if self.len == MAX_KINGS {
                self.followed = false;
                return;
            }
            let at = rest.lowest();
            rest = rest.without_lowest();
            let view = view::<B, P>(k, at, occupied, targets);
            self.views[self.len] = view;
            self.len += 1;
            self.depends_on |= view.depends_on;
            self.quiet += view.quiet;
            self.captures |= view.captures;
        }
    }

    /// The kings' ordinary moves in the child where the squares `touched` changed (`occupied`
    /// and `targets` as they are there), or `None` if one of them can capture or they are not
    /// followed.
    #[inline(always)]
    pub(in crate::draughts) fn quiet_after<P: Shape>(
        &self,
        k: &Kernel<B>,
        touched: B,
        occupied: B,
        targets: B,
    ) -> Option<u64> {
        if !self.followed {
            return None;
        }
        if touched & self.depends_on == B::ZERO {
            return if self.captures {
                None
            } else {
                Some(self.quiet)
            };
        }
        let mut quiet = 0;
        for view in &self.views[..self.len] {
            let view = if touched & view.depends_on == B::ZERO {
                *view
            } else {
                self::view::<B, P>(k, view.at, occupied, targets)
            };
            if view.captures {
                return None;
            }
            quiet += view.quiet;
        }
        Some(quiet)
    }
}

/// The flying king on `at` among `occupied`, which may take `targets`.
#[inline(always)]
fn view<B: Bits, P: Shape>(k: &Kernel<B>, at: u32, occupied: B, targets: B) -> KingView<B> {
    let mut depends_on = B::ZERO;
    let mut quiet = 0u64;
    let mut captures = false;
    let empty = k.squares::<P>() & !occupied;
    // Without a branch: whether a line is open, and what stands where, is a coin toss.
    each_capture_direction!(P, d => {
        let ray = k.ray(at, d);
        let blockers = ray & occupied;
        // The squares before the first piece (all of the line when there is none), the
        // first piece, and the square behind it where the king may take it (none past the
        // edge): a move changes the mover's squares only, so behind a piece of the king's own
        // side it can open no capture.
        let open = before_first(ray, blockers, d);
        let first = k.step::<P>(open | B::bit(at), d) & blockers;
        let behind = k.step::<P>(first & targets, d);
        depends_on |= open | first | behind;
        captures |= behind & empty != B::ZERO;
        // Ordinary moves go along the diagonals only.
        if (d as usize) < 4 {
            quiet += open.count() as u64;
        }
    });
    KingView {
        at,
        depends_on,
        quiet,
        captures,
    }
}
