//! Flying kings' captures at the last ply (and listed at the parent of the leaves) when the
//! precedence is blind to the order kings are taken in: sequences counted (or listed), not
//! built, the search state passed along as arguments. From a square it lands on, a king can
//! only go on across the line it came along (the perpendicular line, and the lines of the
//! other kind where pieces capture along diagonals, rows and columns) (or straight on, or back
//! where pieces go at once, from the first square past the piece taken), so only those lines
//! are looked at; the squares a sequence may end on are counted together while it is too short
//! to repeat another (under three jumps), one by one into the duplicate check after that.

use super::flying::fill;
use super::tally::LeanTally;
use crate::bits::Bits;
use crate::draughts::geometry::Direction;
use crate::draughts::geometry::Direction::{
    Down, DownLeft, DownRight, Left, Right, Up, UpLeft, UpRight,
};
use crate::draughts::movegen::kernel::{Kernel, Shape, nearest};
use crate::draughts::movegen::moves::Move;
use crate::draughts::schema::KingLanding;

/// The capture search of one flying king at the last ply, or at the parent of the leaves
/// listing its moves (see the module's text).
pub(in crate::draughts) struct FlyingLeafCount<'t, B: Bits, P: Shape, T> {
    pub(in crate::draughts) k: &'t Kernel<B>,
    /// Every piece but the capturing king; pieces taken stay in it.
    pub(in crate::draughts) occupied: B,
    /// The enemy pieces, those taken included.
    pub(in crate::draughts) enemy: B,
    /// The enemy kings (a king taken may fix where the capture ends, by the landing rule).
    pub(in crate::draughts) enemy_kings: B,
    /// The square the capture started on.
    pub(in crate::draughts) from: u8,
    /// Whether the move crowns (a man crowned on the way, going on as a king).
    pub(in crate::draughts) promotes: bool,
    /// The tally (or list), with the same bookkeeping (precedence, duplicates) as the general
    /// search's.
    pub(in crate::draughts) tally: &'t mut T,
    /// By direction: the squares from which a king looking that way sees first an enemy
    /// piece with an empty square behind it, on the board as the capture began (filled in by
    /// [`Self::new`]). Pieces taken stay on the board until the move ends, so no later
    /// capture is seen from outside these: a square outside needs no look. All squares where
    /// pieces taken go at once, or the layout is read at run time.
    pub(in crate::draughts) sees: [B; 8],
    /// By the direction a king came along: the squares from which it sees a capture across
    /// (the union of [`Self::sees`] over the directions it may go on along from there).
    pub(in crate::draughts) sees_across: [B; 8],
    pub(in crate::draughts) _shape: std::marker::PhantomData<P>,
}

impl<'t, B: Bits, P: Shape, T: LeanTally<B>> FlyingLeafCount<'t, B, P, T> {
    /// The search of a king (or a man crowned into one, `promotes`) that started on `from`,
    /// among `occupied` (every piece but it, those taken included), `enemy` (the enemy
    /// pieces, those taken included) and `enemy_kings`, counting into `tally`.
    #[inline(always)]
    pub(in crate::draughts) fn new(
        k: &'t Kernel<B>,
        occupied: B,
        enemy: B,
        enemy_kings: B,
        from: u8,
        promotes: bool,
        tally: &'t mut T,
    ) -> Self {
        let mut sees = [!B::ZERO; 8];
        let mut sees_across = [!B::ZERO; 8];
        if !P::IMMEDIATE && P::COLUMNS != 0 {
            let empty = k.squares::<P>() & !occupied;
            each_capture_direction!(P, d => {
                sees[d as usize] = sees_capture::<B, P>(k, d, empty, enemy);
            });
            each_capture_direction!(P, d => {
                let mut across = B::ZERO;
                each_across!(P, d, a => {
                    across |= sees[a as usize];
                });
                sees_across[d as usize] = across;
            });
        }
        FlyingLeafCount {
            k,
            occupied,
            enemy,
            enemy_kings,
            from,
            promotes,
            tally,
            sees,
            sees_across,
            _shape: std::marker::PhantomData,
        }
    }

    /// Every capture of the king standing on `at`, none taken yet; returns whether there was any.
    #[inline]
    pub(in crate::draughts) fn start(&mut self, at: u32) -> bool {
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
    pub(in crate::draughts) fn after(
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
            let [a, b] = came.across();
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
        if self.sees[d as usize] & B::bit(at) == B::ZERO {
            return false;
        }
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
        // The order the landing squares are tried in does not change the tally. Only those
        // from which a capture may be seen are tried: across, or straight on from the first.
        let mut any = false;
        let mut rest =
            go_on_from & (self.sees_across[d as usize] | (B::bit(behind) & self.sees[d as usize]));
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
        let mv = Move {
            captured,
            paths: 1,
            from: self.from,
            to: 0,
            promotes: self.promotes,
        };
        if jumps < 3 {
            self.tally.short_ends(mv, ends, score);
            return;
        }
        let mut rest = ends;
        while rest != B::ZERO {
            let to = rest.lowest() as u8;
            rest = rest.without_lowest();
            self.tally.capture(Move { to, ..mv }, score, jumps);
        }
    }
}

/// The empty squares from which a king looking along `d` sees first one of `enemy` with an
/// empty square behind it: the squares just before such a piece, then those before them
/// through empty squares ([`fill`] looking back).
#[inline(always)]
fn sees_capture<B: Bits, P: Shape>(k: &Kernel<B>, d: Direction, empty: B, enemy: B) -> B {
    let back = d.opposite();
    let takeable = enemy & k.step::<P>(empty, back);
    fill::<B, P>(k, k.step::<P>(takeable, back) & empty, empty, back)
}
