//! The pieces compiled into tables, once, before any search: for each side, piece type and
//! point, where its leaps land (with the points that block a lame leap), in which line
//! directions it rides or hops, and which points it may land on; and the same leaps seen
//! backward, to tell whether a point is attacked.

use super::betza::Component;
use super::board::{Bitboard, Board, bit, direction_of};
use super::position::MAX_KINDS;

/// Leaps that a piece on a point makes only while the points of `path` are empty.
#[derive(Clone, Copy, Debug, Default)]
pub struct LameLeap {
    /// The points that must be empty (the horse's leg, the elephant's eye).
    pub path: Bitboard,
    /// Where it may move (to an empty point).
    pub moves: Bitboard,
    /// Where it may capture.
    pub captures: Bitboard,
}

/// Everything one piece type of one side can do from one point.
#[derive(Clone, Copy, Debug, Default)]
pub struct PointMoves {
    /// Leaps (never blocked) to empty points.
    pub leap_moves: Bitboard,
    /// Leaps (never blocked) that capture.
    pub leap_captures: Bitboard,
    /// Where rides may end without capturing (range and confinement).
    pub ride_move_to: Bitboard,
    /// Where rides may capture.
    pub ride_capture_to: Bitboard,
    /// Where hops may end without capturing.
    pub hop_move_to: Bitboard,
    /// Where hops may capture.
    pub hop_capture_to: Bitboard,
    /// The lame leaps: `lame[lame_start..lame_start + lame_len]` of [`Tables::lame`].
    pub lame_start: u16,
    /// How many.
    pub lame_len: u8,
    /// What it has besides never-blocked leaps: [`LAME`], [`RIDES`], [`HOPS`] (bits).
    pub shape: u8,
    /// Line directions (bits) in which it rides to empty points.
    pub ride_moves: u8,
    /// Line directions in which it rides to capture.
    pub ride_captures: u8,
    /// Line directions in which it hops to empty points.
    pub hop_moves: u8,
    /// Line directions in which it hops to capture.
    pub hop_captures: u8,
}

/// [`PointMoves::shape`]: it has lame leaps.
pub const LAME: u8 = 1;
/// [`PointMoves::shape`]: it rides.
pub const RIDES: u8 = 2;
/// [`PointMoves::shape`]: it hops.
pub const HOPS: u8 = 4;

impl PointMoves {
    fn finish(&mut self) {
        let has = |yes: bool, flag: u8| if yes { flag } else { 0 };
        self.shape = has(self.lame_len != 0, LAME)
            | has((self.ride_moves | self.ride_captures) != 0, RIDES)
            | has((self.hop_moves | self.hop_captures) != 0, HOPS);
    }
}

/// Capture leaps seen backward: the points from which a piece type captures a target.
#[derive(Clone, Copy, Debug, Default)]
pub struct Reverse {
    /// From these points, by a leap never blocked.
    pub free: Bitboard,
    /// Every point from which it might capture the target (free and lame leaps).
    pub any: Bitboard,
    /// Lame leaps: `reverse_lame[start..start + len]`.
    pub lame_start: u32,
    /// How many.
    pub lame_len: u32,
}

/// Tables indexed by side and piece type (`side * 8 + kind`), then point.
type BySideKindPoint<T> = Box<[[T; 128]; 2 * MAX_KINDS]>;

/// The compiled move tables of every piece type.
#[derive(Clone, Debug)]
pub struct Tables {
    moves: BySideKindPoint<PointMoves>,
    /// The lame leaps the [`PointMoves`] point into.
    pub lame: Vec<LameLeap>,
    reverse: BySideKindPoint<Reverse>,
    /// Per side and target: every point from which some piece type of that side might capture
    /// the target by a leap.
    pub leap_reach: Box<[[Bitboard; 128]; 2]>,
    /// Per side and piece type: what its points have besides leaps ([`LAME`], ...), together.
    pub shapes: [[u8; MAX_KINDS]; 2],
    /// (path, from points) of reversed lame leaps.
    pub reverse_lame: Vec<(Bitboard, Bitboard)>,
    /// Per side: the piece types that capture by a leap (for the attack test).
    pub leapers: [Vec<u8>; 2],
    /// Per side: the line directions in which some piece captures by riding.
    pub ride_directions: [u8; 2],
    /// Per side: the line directions in which some piece captures by hopping.
    pub hop_directions: [u8; 2],
}

/// One piece type's movement, as the tables are built from it.
#[derive(Clone, Debug)]
pub struct PieceMovement {
    /// Its movement.
    pub base: Vec<Component>,
    /// Other movements while it stands in a region: (the region's points per side, movement).
    pub regional: Vec<([Bitboard; 2], Vec<Component>)>,
    /// Per side: the points its moves may end on.
    pub confined: [Bitboard; 2],
}

impl PieceMovement {
    /// The movement of a piece of `side` standing on `point`.
    pub fn at(&self, side: usize, point: u32) -> &[Component] {
        self.regional
            .iter()
            .find(|(region, _)| region[side] & bit(point) != 0)
            .map_or(&self.base, |(_, m)| m)
    }
}

impl Tables {
    /// Builds the tables of `kinds` piece types.
    pub fn new(board: &Board, kinds: &[PieceMovement]) -> Tables {
        let points = board.points() as usize;
        assert!(kinds.len() <= MAX_KINDS, "at most {MAX_KINDS} piece types");
        let mut t = Tables {
            moves: Box::new([[PointMoves::default(); 128]; 2 * MAX_KINDS]),
            lame: Vec::new(),
            reverse: Box::new([[Reverse::default(); 128]; 2 * MAX_KINDS]),
            leap_reach: Box::new([[0; 128]; 2]),
            shapes: [[0; MAX_KINDS]; 2],
            reverse_lame: Vec::new(),
            leapers: [Vec::new(), Vec::new()],
            ride_directions: [0; 2],
            hop_directions: [0; 2],
        };
        // Reversed lame leaps, gathered per (side, kind, target) before they are laid out.
        let mut reverse_lame: Vec<Vec<(Bitboard, Bitboard)>> =
            vec![Vec::new(); 2 * MAX_KINDS * 128];
        for side in 0..2 {
            for (kind, piece) in kinds.iter().enumerate() {
                for p in 0..points as u32 {
                    let mut pm = PointMoves {
                        lame_start: t.lame.len() as u16,
                        ..PointMoves::default()
                    };
                    let mut lame: Vec<LameLeap> = Vec::new();
                    for c in piece.at(side, p) {
                        compile_component(
                            board,
                            side,
                            p,
                            c,
                            piece.confined[side],
                            &mut pm,
                            &mut lame,
                        );
                    }
                    pm.lame_len = lame.len() as u8;
                    pm.finish();
                    t.shapes[side][kind] |= pm.shape;
                    // Backward: every capture leap, from the target's point of view.
                    let sk = side * MAX_KINDS + kind;
                    for target in Board::iter(pm.leap_captures) {
                        t.reverse[sk][target as usize].free |= bit(p);
                        t.reverse[sk][target as usize].any |= bit(p);
                        t.leap_reach[side][target as usize] |= bit(p);
                    }
                    for leap in &lame {
                        for target in Board::iter(leap.captures) {
                            reverse_lame[sk * 128 + target as usize].push((leap.path, bit(p)));
                            t.reverse[sk][target as usize].any |= bit(p);
                            t.leap_reach[side][target as usize] |= bit(p);
                        }
                    }
                    if pm.leap_captures != 0 || lame.iter().any(|l| l.captures != 0) {
                        let kind = kind as u8;
                        if !t.leapers[side].contains(&kind) {
                            t.leapers[side].push(kind);
                        }
                    }
                    t.ride_directions[side] |= pm.ride_captures;
                    t.hop_directions[side] |= pm.hop_captures;
                    t.lame.extend(lame);
                    t.moves[side * MAX_KINDS + kind][p as usize] = pm;
                }
            }
        }
        for (i, entries) in reverse_lame.into_iter().enumerate() {
            let r = &mut t.reverse[i / 128][i % 128];
            r.lame_start = t.reverse_lame.len() as u32;
            r.lame_len = entries.len() as u32;
            t.reverse_lame.extend(entries);
        }
        t
    }

    /// What piece type `kind` of `side` can do from `point`.
    #[inline(always)]
    pub fn at(&self, side: usize, kind: usize, point: u32) -> &PointMoves {
        &self.moves[(side * MAX_KINDS + kind) & 15][point as usize & 127]
    }

    /// The lame leaps of a [`PointMoves`].
    #[inline(always)]
    pub fn lame_of(&self, pm: &PointMoves) -> &[LameLeap] {
        let start = pm.lame_start as usize;
        &self.lame[start..start + pm.lame_len as usize]
    }

    /// The capture leaps of piece type `kind` of `side` that end on `target`, seen backward.
    #[inline(always)]
    pub fn reverse(&self, side: usize, kind: usize, target: u32) -> &Reverse {
        &self.reverse[(side * MAX_KINDS + kind) & 15][target as usize & 127]
    }

    /// The reversed lame leaps of a [`Reverse`].
    #[inline(always)]
    pub fn reverse_lame_of(&self, r: &Reverse) -> &[(Bitboard, Bitboard)] {
        let start = r.lame_start as usize;
        &self.reverse_lame[start..start + r.lame_len as usize]
    }
}

/// Adds one Betza component of a piece of `side` on `p` to its tables.
fn compile_component(
    board: &Board,
    side: usize,
    p: u32,
    c: &Component,
    confined: Bitboard,
    pm: &mut PointMoves,
    lame: &mut Vec<LameLeap>,
) {
    // The second side sees the board turned round: its forward is down, its left is right.
    let orient = |(df, dr): (i32, i32)| if side == 0 { (df, dr) } else { (-df, -dr) };
    for &d in &c.directions {
        let (df, dr) = orient(d);
        if c.rider {
            let dir = direction_of(df, dr).expect("riders follow lines");
            let mut reach = 0;
            let mut q = board.offset(p, df, dr);
            let mut steps = 0;
            while let Some(x) = q {
                steps += 1;
                if c.range != 0 && steps > c.range {
                    break;
                }
                reach |= bit(x);
                q = board.offset(x, df, dr);
            }
            let reach = reach & confined;
            let bitdir = 1u8 << dir;
            if c.hop {
                if c.moves {
                    pm.hop_moves |= bitdir;
                    pm.hop_move_to |= reach;
                }
                if c.capture {
                    pm.hop_captures |= bitdir;
                    pm.hop_capture_to |= reach;
                }
            } else {
                if c.moves {
                    pm.ride_moves |= bitdir;
                    pm.ride_move_to |= reach;
                }
                if c.capture {
                    pm.ride_captures |= bitdir;
                    pm.ride_capture_to |= reach;
                }
            }
            continue;
        }
        let Some(target) = board.offset(p, df, dr) else {
            continue;
        };
        if confined & bit(target) == 0 {
            continue;
        }
        let path = c
            .path(d)
            .into_iter()
            .map(orient)
            .filter_map(|(sf, sr)| board.offset(p, sf, sr))
            .fold(0, |acc, x| acc | bit(x));
        if path == 0 {
            if c.moves {
                pm.leap_moves |= bit(target);
            }
            if c.capture {
                pm.leap_captures |= bit(target);
            }
            continue;
        }
        let entry = match lame.iter().position(|l| l.path == path) {
            Some(i) => &mut lame[i],
            None => {
                lame.push(LameLeap {
                    path,
                    ..LameLeap::default()
                });
                lame.last_mut().expect("just pushed")
            }
        };
        if c.moves {
            entry.moves |= bit(target);
        }
        if c.capture {
            entry.captures |= bit(target);
        }
    }
}
