//! The last ply of perft: moves counted without being listed. One-jump captures are counted
//! by bitboards, by kind (a man or a king taking a man or a king), each kind scored once by
//! the precedence; only the pieces whose capture may go on, and flying kings, are searched:
//! by lean searches: men and short kings in `short_leaf`, whatever the precedence (the order kings are
//! taken in carried along as an argument), and flying kings and men crowned into them in
//! `flying_leaf` when the precedence is blind to that order; by the general search otherwise.

use super::flying::flying_singles;
use super::flying_leaf::FlyingLeafCount;
use super::leaf_count::LeafCount;
use super::short_leaf::short_captures;
use crate::bits::Bits;
use crate::count::Count;
use crate::draughts::geometry::Direction;
use crate::draughts::geometry::Direction::{
    Down, DownLeft, DownRight, Left, Right, Up, UpLeft, UpRight,
};
use crate::draughts::movegen::capture::captures;
use crate::draughts::movegen::kernel::{Kernel, Shape, single_kind};
use crate::draughts::movegen::lists::MoveList;
use crate::draughts::movegen::quiet::count_quiet;
use crate::draughts::position::Position;
use crate::draughts::schema::Colour;

/// The landing squares of one-jump captures by [`Direction`] (those along rows and columns
/// empty unless the shape captures along them).
pub(in crate::draughts) type Landings<B> = [B; 8];

/// Any of the landing squares of `landings`.
#[inline(always)]
pub(in crate::draughts) fn any_of<B: Bits, P: Shape>(landings: &Landings<B>) -> B {
    let diagonal = landings[0] | landings[1] | landings[2] | landings[3];
    if P::ORTHOGONAL {
        diagonal | landings[4] | landings[5] | landings[6] | landings[7]
    } else {
        diagonal
    }
}

/// One-jump captures counted by bitboards, by kind (indexed by [`single_kind`]).
pub(in crate::draughts) type Singles = [u64; 4];

/// How many of the one-jump captures `singles` the precedence keeps, and their score (0
/// when there is none).
#[inline(always)]
fn best_singles<B: Bits>(k: &Kernel<B>, singles: &Singles) -> (u64, u128) {
    // Most often men take men only: one kind, nothing to weigh.
    if singles[1] | singles[2] | singles[3] == 0 {
        let best = if singles[0] == 0 {
            0
        } else {
            k.single_scores[0]
        };
        return (singles[0], best);
    }
    // Else the kinds present pick, from a table, those kept and their score: no branch.
    let present = (0..4).fold(0, |present, kind| {
        present | ((singles[kind] != 0) as usize) << kind
    });
    let (keep, best) = k.single_best[present];
    let n = (0..4).fold(0, |n, kind| {
        n + (singles[kind] & 0u64.wrapping_sub(u64::from(keep >> kind & 1)))
    });
    (n, best)
}

/// The number of moves at the last ply, `WHITE` to move: captures counted by bitboards where
/// none can go on (else searched, with duplicates and precedence), ordinary moves by popcount.
#[inline(always)]
pub(in crate::draughts) fn leaf_count<B: Bits, P: Shape, const KINDS: bool, const WHITE: bool>(
    k: &Kernel<B>,
    count: Count,
    white: B,
    black: B,
    kings: B,
    list: &mut MoveList<B>,
) -> u64 {
    let mut n = leaf_captures::<B, P, KINDS, WHITE>(k, white, black, kings)
        .count::<P, WHITE>(k, count, white, black, kings, list);
    if !k.compulsory || n == 0 {
        n += count_quiet::<B, P, WHITE>(k, white, black, kings);
    }
    n
}

/// The captures at the last ply that the precedence keeps: those of `pieces`, searched, and
/// the one-jump captures of the other pieces, `single` of them kept, scoring `single_best`,
/// counted by bitboards (kept out of line: the rarer case; the counts by kind are resolved
/// before the call, as an array passed out of line cost 3-4 % of the speed of English).
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn searched_leaf_captures<B: Bits, P: Shape, const WHITE: bool>(
    k: &Kernel<B>,
    count: Count,
    white: B,
    black: B,
    kings: B,
    single: u64,
    single_best: u128,
    pieces: B,
    list: &mut MoveList<B>,
) -> u64 {
    list.clear();
    // Sequences scoring below the one-jump captures kept are dropped as they are found.
    let mut tally = LeafCount {
        long: &mut list.moves,
        unique: 0,
        paths: 0,
        best: single_best,
    };
    let (own, enemy) = if WHITE {
        (white, black)
    } else {
        (black, white)
    };
    let side = if WHITE { Colour::White } else { Colour::Black };
    let pos = Position {
        white,
        black,
        kings,
        ..Position::empty(side)
    };
    // The lean searches serve every precedence for men and short kings, and those blind to
    // the order kings are taken in for flying kings (and men crowned into them).
    let lean = !k.king_order || !P::FLYING;
    let flying_kings = if P::FLYING { own & kings } else { B::ZERO };
    let (lean_pieces, general) = if lean {
        (pieces & !flying_kings, pieces & flying_kings)
    } else {
        (B::ZERO, pieces)
    };
    if lean_pieces != B::ZERO {
        short_captures::<B, P, _, WHITE>(k, own, enemy, kings, lean_pieces, &mut tally);
    }
    if general != B::ZERO && lean {
        // Flying kings, by the lean search too.
        let mut rest = general;
        while rest != B::ZERO {
            let from = rest.lowest();
            rest = rest.without_lowest();
            FlyingLeafCount::<B, P, _>::new(
                k,
                (own | enemy) & !(B::bit(from)),
                enemy,
                enemy & kings,
                from as u8,
                false,
                &mut tally,
            )
            .start(from);
        }
    } else if general != B::ZERO {
        captures::<B, P, LeafCount<B>, WHITE>(k, &pos, general, &mut tally);
    }
    let n = match count {
        Count::Paths => tally.paths,
        Count::Unique => tally.unique,
    };
    if tally.best == single_best {
        n + single
    } else {
        n
    }
}

/// [`leaf_count`] kept out of line, for a search that starts one ply from the leaves.
#[inline(never)]
pub(in crate::draughts) fn leaf_count_outlined<B: Bits, P: Shape, const KINDS: bool>(
    k: &Kernel<B>,
    count: Count,
    pos: &Position<B>,
    list: &mut MoveList<B>,
) -> u64 {
    if pos.side == Colour::White {
        leaf_count::<B, P, KINDS, true>(k, count, pos.white, pos.black, pos.kings, list)
    } else {
        leaf_count::<B, P, KINDS, false>(k, count, pos.white, pos.black, pos.kings, list)
    }
}

/// What the bitboards say about the captures at the last ply.
pub(in crate::draughts) enum LeafCaptures<B = u64> {
    /// Exactly this many captures (those the precedence keeps), each one jump and one path.
    Counted(u64),
    /// The captures of `pieces` must be searched; the other pieces have the one-jump
    /// captures `single` that the precedence keeps (if no sequence scores more), each one
    /// path, scoring `single_score`.
    Search {
        /// One-jump captures of the pieces not searched, of the kinds the precedence keeps.
        single: u64,
        /// Their score (0 when there is none).
        single_score: u128,
        /// The pieces whose captures are searched.
        pieces: B,
    },
}

impl<B: Bits> LeafCaptures<B> {
    /// The number of captures, `WHITE` to move in the position `white`, `black`, `kings`
    /// these were found in: counted, or searched from the pieces named.
    #[inline(always)]
    pub(in crate::draughts) fn count<P: Shape, const WHITE: bool>(
        self,
        k: &Kernel<B>,
        count: Count,
        white: B,
        black: B,
        kings: B,
        list: &mut MoveList<B>,
    ) -> u64 {
        match self {
            LeafCaptures::Counted(n) => n,
            LeafCaptures::Search {
                single,
                single_score,
                pieces,
            } => searched_leaf_captures::<B, P, WHITE>(
                k,
                count,
                white,
                black,
                kings,
                single,
                single_score,
                pieces,
                list,
            ),
        }
    }
}

/// Counts the one-jump captures of a position by bitboards, and finds the pieces with a
/// capture that may go on (they must be searched, as must flying kings).
///
/// After a man or short king jumps from S over V to L in direction d, only S and V have
/// changed, and a next jump from L in any direction but back over V neither passes nor lands
/// on either: so whether it can go on is read off the board as it was.
#[inline(always)]
pub(in crate::draughts) fn leaf_captures<
    B: Bits,
    P: Shape,
    const KINDS: bool,
    const WHITE: bool,
>(
    k: &Kernel<B>,
    white: B,
    black: B,
    all_kings: B,
) -> LeafCaptures<B> {
    leaf_captures_telling::<B, P, KINDS, WHITE>(k, white, black, all_kings, |_, _, _| {})
}

/// [`leaf_captures`], telling `flying_single(from, victim, ends)` each flying king's
/// one-jump captures counted (as [`flying_singles`] does), for a caller that lists them.
#[inline(always)]
pub(in crate::draughts) fn leaf_captures_telling<
    B: Bits,
    P: Shape,
    const KINDS: bool,
    const WHITE: bool,
>(
    k: &Kernel<B>,
    white: B,
    black: B,
    all_kings: B,
    flying_single: impl FnMut(u32, B, B),
) -> LeafCaptures<B> {
    let (own, enemy) = if WHITE {
        (white, black)
    } else {
        (black, white)
    };
    let empty = k.squares::<P>() & !(own | enemy);
    let men = own & !all_kings;
    let kings = own & all_kings;
    let man_targets = k.man_targets(enemy, all_kings);
    // Flying kings first: their one-jump captures counted off the rays, by kind; the kings
    // whose capture may go on are searched. Where any capture by a king outranks every
    // man's, once one can capture the men's captures are not looked for at all.
    let (mut single, mut flying_searched) = ([0u64; 4], B::ZERO);
    let mut singles_any = false;
    if P::FLYING && kings != B::ZERO {
        (single, flying_searched) =
            flying_leaf_singles::<B, P, KINDS>(k, own, enemy, all_kings, kings, flying_single);
        singles_any = single[0] | single[1] | single[2] | single[3] != 0;
        if KINDS && k.kings_outrank_men && (flying_searched != B::ZERO || singles_any) {
            let (n, score) = best_singles(k, &single);
            if flying_searched == B::ZERO {
                return LeafCaptures::Counted(n);
            }
            return LeafCaptures::Search {
                single: n,
                single_score: score,
                pieces: flying_searched,
            };
        }
    }
    let jumps =
        |from: B, e: Direction, targets: B| k.step::<P>(k.step::<P>(from, e) & targets, e) & empty;
    let man_dir = |e: Direction| P::MEN_BACKWARD || e.is_down() != WHITE;
    // Landing squares of one-jump captures, by direction: men, then short kings.
    let mut men_landing = [B::ZERO; 8];
    let mut king_landing = [B::ZERO; 8];
    each_capture_direction!(P, d => {
        if man_dir(d) {
            men_landing[d as usize] = jumps(men, d, man_targets);
        }
    });
    let mut any = any_of::<B, P>(&men_landing);
    let short_kings = !P::FLYING && kings != B::ZERO;
    if short_kings {
        each_capture_direction!(P, d => {
            king_landing[d as usize] = jumps(kings, d, enemy);
        });
        any |= any_of::<B, P>(&king_landing);
    }
    any |= flying_searched;
    if any == B::ZERO && !singles_any {
        return LeafCaptures::Counted(0);
    }
    leaf_captures_from::<B, P, KINDS, WHITE>(
        k,
        empty,
        enemy,
        enemy & all_kings,
        man_targets,
        kings,
        men_landing,
        king_landing,
        single,
        flying_searched,
    )
}

/// The one-jump captures of the flying `kings` counted by kind (all in kind 0 when the
/// precedence cannot tell them apart), each also told to `tell`, and the kings whose capture
/// may go on.
#[inline(always)]
pub(in crate::draughts) fn flying_leaf_singles<B: Bits, P: Shape, const KINDS: bool>(
    k: &Kernel<B>,
    own: B,
    enemy: B,
    all_kings: B,
    kings: B,
    mut tell: impl FnMut(u32, B, B),
) -> (Singles, B) {
    let mut single = [0u64; 4];
    let enemy_kings = enemy & all_kings;
    let searched = flying_singles::<B, P>(k, own, enemy, enemy_kings, kings, |from, v, ends| {
        tell(from, v, ends);
        let kind = if KINDS {
            single_kind(true, v & enemy_kings != B::ZERO)
        } else {
            0
        };
        single[kind] += ends.count() as u64;
    });
    (single, searched)
}

/// [`leaf_captures`] once the landing squares of one-jump captures are known, by direction
/// (`men_landing` of men, `king_landing` of short kings), and some capture may exist (`kings`
/// are the side's kings): `single` holds the flying kings' one-jump captures already counted
/// (all in kind 0 when the precedence cannot tell them apart), `flying_searched` the flying
/// kings to search.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(in crate::draughts) fn leaf_captures_from<
    B: Bits,
    P: Shape,
    const KINDS: bool,
    const WHITE: bool,
>(
    k: &Kernel<B>,
    empty: B,
    enemy: B,
    enemy_kings: B,
    man_targets: B,
    kings: B,
    men_landing: Landings<B>,
    king_landing: Landings<B>,
    single: Singles,
    flying_searched: B,
) -> LeafCaptures<B> {
    let two_steps = |bb: B, e: Direction| k.step::<P>(k.step::<P>(bb, e), e);
    let man_dir = |e: Direction| P::MEN_BACKWARD || e.is_down() != WHITE;
    let short_kings = !P::FLYING && kings != B::ZERO;
    // Pieces with a capture that may go on: a landing square from which a jump is possible,
    // traced back to where the piece started. The jump back never shows: on the board as it
    // is, the square it would land on still holds the piece.
    let mut man_from_any = B::ZERO;
    each_capture_direction!(P, e => {
        if man_dir(e) {
            let back = e.opposite();
            man_from_any |= k.step::<P>(man_targets & k.step::<P>(empty, back), back);
        }
    });
    // A man crowned mid-capture that goes on as a king is searched.
    man_from_any |= k.crowned_goes_on[!WHITE as usize];
    let mut goes_on = B::ZERO;
    each_capture_direction!(P, d => {
        goes_on |= two_steps(men_landing[d as usize] & man_from_any, d.opposite());
    });
    // Where any capture by a king outranks every man's, the men's need no search once a short
    // king has one (their one-jump captures are counted below and outranked there; flying
    // kings with a capture never reach here: `leaf_captures` counts only theirs).
    if KINDS
        && k.kings_outrank_men
        && short_kings
        && goes_on != B::ZERO
        && any_of::<B, P>(&king_landing) != B::ZERO
    {
        goes_on = B::ZERO;
    }
    if short_kings {
        let mut king_from_any = B::ZERO;
        each_capture_direction!(P, e => {
            let back = e.opposite();
            king_from_any |= k.step::<P>(enemy & k.step::<P>(empty, back), back);
        });
        each_capture_direction!(P, d => {
            goes_on |= two_steps(king_landing[d as usize] & king_from_any, d.opposite());
        });
    }
    let searched = goes_on | flying_searched;
    if !KINDS {
        // The precedence cannot tell one-jump captures apart: one count for all.
        let mut n = single[0];
        if searched == B::ZERO {
            each_capture_direction!(P, d => {
                n += (men_landing[d as usize] | king_landing[d as usize]).count() as u64;
            });
            return LeafCaptures::Counted(n);
        }
        each_capture_direction!(P, d => {
            let skip = two_steps(goes_on, d);
            n += ((men_landing[d as usize] | king_landing[d as usize]) & !skip).count() as u64;
        });
        return LeafCaptures::Search {
            single: n,
            single_score: if n == 0 { 0 } else { k.single_scores[0] },
            pieces: searched,
        };
    }
    singles_by_kind::<B, P>(
        k,
        enemy_kings,
        men_landing,
        king_landing,
        single,
        goes_on,
        searched,
    )
}

/// The end of [`leaf_captures_from`] when the precedence tells one-jump captures apart: those
/// of the pieces not searched counted by kind. Inlined: out of line, it and
/// [`flying_leaf_singles`] cost 6-20 % more instructions on every variant (callgrind).
#[inline(always)]
fn singles_by_kind<B: Bits, P: Shape>(
    k: &Kernel<B>,
    enemy_kings: B,
    men_landing: Landings<B>,
    king_landing: Landings<B>,
    mut single: Singles,
    goes_on: B,
    searched: B,
) -> LeafCaptures<B> {
    let two_steps = |bb: B, e: Direction| k.step::<P>(k.step::<P>(bb, e), e);
    // The square behind a king taken in direction d is one step past it.
    each_capture_direction!(P, d => {
        let skip = two_steps(goes_on, d);
        let men = men_landing[d as usize] & !skip;
        let kings = king_landing[d as usize] & !skip;
        if enemy_kings == B::ZERO {
            single[single_kind(false, false)] += men.count() as u64;
            single[single_kind(true, false)] += kings.count() as u64;
        } else {
            let behind_king = k.step::<P>(enemy_kings, d);
            single[single_kind(false, false)] += (men & !behind_king).count() as u64;
            single[single_kind(false, true)] += (men & behind_king).count() as u64;
            single[single_kind(true, false)] += (kings & !behind_king).count() as u64;
            single[single_kind(true, true)] += (kings & behind_king).count() as u64;
        }
    });
    let (n, score) = best_singles(k, &single);
    if searched == B::ZERO {
        return LeafCaptures::Counted(n);
    }
    LeafCaptures::Search {
        single: n,
        single_score: score,
        pieces: searched,
    }
}

/// The captures at the last ply, `WHITE` to move with men and short `kings` (or none),
/// given the landing squares of their one-jump captures (some), by direction.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(in crate::draughts) fn opponent_captures_from<
    B: Bits,
    P: Shape,
    const KINDS: bool,
    const WHITE: bool,
>(
    k: &Kernel<B>,
    count: Count,
    white: B,
    black: B,
    all_kings: B,
    empty: B,
    enemy: B,
    man_targets: B,
    kings: B,
    men_landing: Landings<B>,
    king_landing: Landings<B>,
    leaf: &mut MoveList<B>,
) -> u64 {
    let enemy_kings = enemy & all_kings;
    leaf_captures_from::<B, P, KINDS, WHITE>(
        k,
        empty,
        enemy,
        enemy_kings,
        man_targets,
        kings,
        men_landing,
        king_landing,
        [0; 4],
        B::ZERO,
    )
    .count::<P, WHITE>(k, count, white, black, all_kings, leaf)
}
