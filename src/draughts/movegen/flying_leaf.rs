//! Flying kings' captures at the last ply when the precedence is blind to the order kings are
//! taken in:
//! sequences counted, not built, the search state passed along as arguments. From a square it
//! lands on, a king can only go on across the line it came along (the perpendicular line, and
//! the lines of the other kind where pieces capture along diagonals, rows and columns) (or straight on, or back
//! where pieces go at once, from the first square past the piece taken), so only those lines
//! are looked at; the squares a sequence may end on are counted together while it is too short
//! to repeat another (under three jumps), one by one into the duplicate check after that.
use super::leaf::LeafCount;
use super::*;
use crate::draughts::schema::KingLanding;

/// The two directions across `d` of the same kind of line (diagonal, or row and column).
#[inline(always)]
pub(super) const fn across(d: Direction) -> [Direction; 2] {
    match d {
        UpLeft | DownRight => [UpRight, DownLeft],
        UpRight | DownLeft => [UpLeft, DownRight],
        Up | Down => [Left, Right],
        Left | Right => [Up, Down],
    }
}

/// The capture search of one flying king at the last ply (see the module's text).
pub(super) struct FlyingLeafCount<'t, 'l, B: Bits, P: Shape> {
    pub(super) k: &'t Kernel<B>,
    /// Every piece but the capturing king; pieces taken stay in it.
    pub(super) occupied: B,
    /// The enemy pieces, those taken included.
    pub(super) enemy: B,
    /// The enemy kings (a king taken may fix where the capture ends, by the landing rule).
    pub(super) enemy_kings: B,
    /// The square the capture started on.
    pub(super) from: u8,
    /// Whether the move crowns (a man crowned on the way, going on as a king).
    pub(super) promotes: bool,
    /// The tally, with the same bookkeeping (precedence, duplicates) as the general search's.
    pub(super) tally: &'t mut LeafCount<'l, B>,
    pub(super) _shape: std::marker::PhantomData<P>,
}

impl<B: Bits, P: Shape> FlyingLeafCount<'_, '_, B, P> {
    /// Every capture of the king standing on `at`, none taken yet; returns whether there was any.
    #[inline]
    pub(super) fn start(&mut self, at: u32) -> bool {
        let mut found = false;
        each_capture_direction!(P, d => {
            found |= self.along(at, d, B::ZERO, 0);
        });
        found
    }

    /// Goes on from `at`, where the king landed after taking along `came` (`first`: on the
    /// first square past the piece taken), having taken `captured`, `jumps` pieces; returns
    /// whether it could go on. (The unit of recursion: [`Self::along`] is inlined into it.)
    #[inline(never)]
    pub(super) fn after(
        &mut self,
        at: u32,
        came: Direction,
        first: bool,
        captured: B,
        jumps: u32,
    ) -> bool {
        let mut found = false;
        if P::ORTHOGONAL {
            each_across!(P, came, d => {
                found |= self.along(at, d, captured, jumps);
            });
        } else {
            let [a, b] = across(came);
            found |= self.along(at, a, captured, jumps);
            found |= self.along(at, b, captured, jumps);
        }
        if first {
            found |= self.along(at, came, captured, jumps);
            // Back over the square just freed, where pieces taken go at once.
            if P::IMMEDIATE {
                found |= self.along(at, came.opposite(), captured, jumps);
            }
        }
        found
    }

    /// The captures that start by taking the first piece along `d` from `at`; returns whether
    /// there is one.
    #[inline(always)]
    fn along(&mut self, at: u32, d: Direction, captured: B, jumps: u32) -> bool {
        let blockers = if P::IMMEDIATE {
            self.occupied & !captured
        } else {
            self.occupied
        };
        let ray = self.k.ray(at, d) & blockers;
        if ray == B::ZERO {
            return false;
        }
        let v = nearest(ray, d);
        let victim = B::bit(v);
        if victim & self.enemy & !captured == B::ZERO {
            return false;
        }
        let beyond = self.k.open_ray(v, d, blockers);
        if beyond == B::ZERO {
            return false;
        }
        let behind = nearest(beyond, d);
        let (go_on_from, ends) = match self.k.landing {
            KingLanding::AnySquareBeyond => (beyond, beyond),
            KingLanding::DirectlyBehind => (B::bit(behind), B::bit(behind)),
            KingLanding::DirectlyBehindLastKing if victim & self.enemy_kings != B::ZERO => {
                (beyond, B::bit(behind))
            }
            KingLanding::DirectlyBehindLastKing => (beyond, beyond),
        };
        let captured = captured | victim;
        let jumps = jumps + 1;
        // The order the landing squares are tried in does not change the tally.
        let mut any = false;
        let mut rest = go_on_from;
        while rest != B::ZERO {
            let l = rest.lowest();
            rest = rest.without_lowest();
            any |= self.after(l, d, l == behind, captured, jumps);
        }
        if !any {
            self.ends(ends, captured, jumps);
        }
        true
    }

    /// Counts the sequences ending on `ends`, `jumps` pieces taken (`captured`). A man
    /// crowned on the way did not start as a king (the made-by-king criterion).
    #[inline(always)]
    fn ends(&mut self, ends: B, captured: B, jumps: u32) {
        let kings = || (captured & self.enemy_kings).count();
        let score = self.k.unordered_score(jumps, kings, !self.promotes);
        if jumps < 3 {
            self.tally.add(ends.count() as u64, score);
            return;
        }
        let mut rest = ends;
        while rest != B::ZERO {
            let to = rest.lowest();
            rest = rest.without_lowest();
            let mv = Move {
                captured,
                paths: 1,
                from: self.from,
                to: to as u8,
                promotes: self.promotes,
            };
            self.tally.capture(mv, score, jumps);
        }
    }
}
