//! The pieces compiled into tables, once, before any search: for each side, piece type and
//! point, where its leaps land (with the points that block a lame leap), along which line
//! vectors it rides or hops and which points it may end on; and the same seen backward (from
//! the target), to tell whether a point is attacked.

use super::betza::Component;
use super::bitboard::Set;
use super::geometry::{Geometry, direction_of};

/// The most piece types a variant may declare.
pub const MAX_KINDS: usize = 16;

/// A set of piece types (bit `k` = type `k`).
pub type Kinds = u32;

/// Leaps that a piece on a point makes only while the points of `path` are empty.
#[derive(Clone, Copy, Debug)]
pub struct LameLeap<B> {
    /// The points that must be empty (the horse's leg, the elephant's eye, the square a pawn's
    /// double step passes).
    pub path: B,
    /// Where it may move (to an empty point).
    pub moves: B,
    /// Where it may capture.
    pub captures: B,
    /// An initial straight move (`ifmnD`): the points of `path` are passed, and may be taken
    /// en passant where the rules say so.
    pub passes: bool,
}

/// Everything one piece type of one side can do from one point.
#[derive(Clone, Copy, Debug)]
pub struct PointMoves<B> {
    /// Leaps (never blocked) to empty points.
    pub leap_moves: B,
    /// Leaps (never blocked) that capture.
    pub leap_captures: B,
    /// Where rides may end without capturing (their rays, range and confinement).
    pub ride_move_to: B,
    /// Where rides may capture.
    pub ride_capture_to: B,
    /// Where hops (cannon or grasshopper) may end without capturing.
    pub hop_move_to: B,
    /// Where hops may capture.
    pub hop_capture_to: B,
    /// What it has besides never-blocked leaps: [`LAME`], [`ORTHOGONAL`], [`DIAGONAL`],
    /// [`RIDES`], [`HOPS`] (bits).
    pub shape: u8,
    /// How many lame leaps: `lame[lame_start..lame_start + lame_len]` of [`Tables::lame`].
    pub lame_len: u8,
    /// Where its lame leaps start in [`Tables::lame`].
    pub lame_start: u16,
    /// Line vectors other than the eight directions (bits) along which it rides.
    pub rides: u64,
    /// Line vectors (bits) along which it hops as a cannon (landing anywhere beyond).
    pub hops: u64,
    /// Line vectors (bits) along which it hops as a grasshopper (landing just beyond).
    pub leaps_over: u64,
}

impl<B: Set> Default for PointMoves<B> {
    fn default() -> Self {
        PointMoves {
            leap_moves: B::ZERO,
            leap_captures: B::ZERO,
            ride_move_to: B::ZERO,
            ride_capture_to: B::ZERO,
            hop_move_to: B::ZERO,
            hop_capture_to: B::ZERO,
            shape: 0,
            lame_len: 0,
            lame_start: 0,
            rides: 0,
            hops: 0,
            leaps_over: 0,
        }
    }
}

/// [`PointMoves::shape`]: it has lame leaps.
pub const LAME: u8 = 1;
/// [`PointMoves::shape`]: it rides along files or ranks.
pub const ORTHOGONAL: u8 = 2;
/// [`PointMoves::shape`]: it rides along diagonals.
pub const DIAGONAL: u8 = 4;
/// [`PointMoves::shape`]: it rides along other line vectors (a nightrider).
pub const RIDES: u8 = 8;
/// [`PointMoves::shape`]: it hops (a cannon or a grasshopper).
pub const HOPS: u8 = 16;
/// [`PointMoves::shape`]: some types may not be its screen or its capture
/// ([`Tables::refused_screens`], [`Tables::spared`]).
pub const PICKY: u8 = 32;

/// The four orthogonal directions and the four diagonal ones, as vector bits.
pub const ORTHOGONAL_VECTORS: u64 = 1 << 0 | 1 << 1 | 1 << 4 | 1 << 5;
/// The diagonal directions.
pub const DIAGONAL_VECTORS: u64 = 1 << 2 | 1 << 3 | 1 << 6 | 1 << 7;

/// Capture moves seen backward: the points from which a piece type captures a target.
#[derive(Clone, Copy, Debug)]
pub struct Reverse<B> {
    /// From these points, by a leap never blocked.
    pub free: B,
    /// From these points by a lame leap, if its way is clear.
    pub lame: B,
    /// From these points by a ride, if the line between is empty.
    pub ride: B,
    /// Lame leaps: `reverse_lame[lame_start..lame_start + lame_len]`.
    pub lame_start: u32,
    /// How many.
    pub lame_len: u32,
}

impl<B: Set> Default for Reverse<B> {
    fn default() -> Self {
        Reverse {
            free: B::ZERO,
            lame: B::ZERO,
            ride: B::ZERO,
            lame_start: 0,
            lame_len: 0,
        }
    }
}

/// One piece type's movement, as the tables are built from it.
#[derive(Clone, Debug)]
pub struct PieceMovement<B> {
    /// Its movement.
    pub base: Vec<Component>,
    /// Other movements while it stands in a region: (the region's points per side, movement).
    pub regional: Vec<([B; 2], Vec<Component>)>,
    /// Moves besides while it stands in a region, made as if the region were the board.
    pub within: Vec<([B; 2], Vec<Component>)>,
    /// Per side: the points its moves may end on.
    pub confined: [B; 2],
    /// Per side: the points its initial (`i`) moves may start from.
    pub initial: [B; 2],
    /// The types it may not hop over.
    pub refused_screens: Kinds,
    /// The types it may not capture.
    pub spared: Kinds,
}

impl<B: Set> PieceMovement<B> {
    /// The movement of a piece of `side` standing on `point`.
    pub fn at(&self, side: usize, point: u32) -> &[Component] {
        self.regional
            .iter()
            .find(|(region, _)| region[side].holds(point))
            .map_or(&self.base, |(_, m)| m)
    }

    /// Every movement it may have, wherever it stands.
    pub fn all(&self) -> impl Iterator<Item = &Component> {
        self.base.iter().chain(
            self.regional
                .iter()
                .chain(&self.within)
                .flat_map(|(_, m)| m.iter()),
        )
    }

    /// The movements made within a region, for a piece of `side` on `point`, with the
    /// region's points.
    pub fn within_at(&self, side: usize, point: u32) -> impl Iterator<Item = (B, &Component)> {
        self.within
            .iter()
            .filter(move |(region, _)| region[side].holds(point))
            .flat_map(move |(region, m)| m.iter().map(move |c| (region[side], c)))
    }
}

/// The line vectors (as (file step, rank step), the first side's view) that riders and
/// hoppers of these movements follow beyond the eight directions, both sides' included.
pub fn extra_vectors<B: Set>(kinds: &[PieceMovement<B>]) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    for piece in kinds {
        for c in piece.all().filter(|c| c.rider) {
            for &(df, dr) in &c.directions {
                let unit = direction_of(df, dr).is_some() && df.abs().max(dr.abs()) == 1;
                if !unit && !out.contains(&(df, dr)) {
                    out.push((df, dr));
                }
            }
        }
    }
    out
}

/// The compiled move tables of every piece type.
#[derive(Clone, Debug)]
pub struct Tables<B: Set> {
    /// `moves[side * MAX_KINDS + kind][point]`.
    moves: Box<[[PointMoves<B>; 128]; 2 * MAX_KINDS]>,
    /// The lame leaps the [`PointMoves`] point into.
    pub lame: Vec<LameLeap<B>>,
    reverse: Box<[[Reverse<B>; 128]; 2 * MAX_KINDS]>,
    /// (path, from points) of reversed lame leaps.
    pub reverse_lame: Vec<(B, B)>,
    /// Per side and target: every point from which some piece type of that side might capture
    /// the target by a leap (free or lame).
    pub leap_reach: Box<[[B; 128]; 2]>,
    /// Per side and piece type: what its points have besides leaps ([`LAME`], ...), together.
    pub shapes: [[u8; MAX_KINDS]; 2],
    /// Per side: the piece types that capture by a leap.
    pub leapers: [Vec<u8>; 2],
    /// Per side: the piece types that capture by a lame leap.
    pub lame_leapers: [Kinds; 2],
    /// Per side: the piece types that capture by riding.
    pub riders: [Vec<u8>; 2],
    /// Per side: the piece types that capture by riding every file and rank from every point
    /// to the edge (a rook's lines, unconfined), and likewise every diagonal.
    pub full_lines: [[Kinds; 2]; 2],
    /// Per side: the line vectors along which some piece captures by riding (seen from the
    /// rider).
    pub ride_vectors: [u64; 2],
    /// Per side: the line vectors along which some piece captures by hopping as a cannon.
    pub hop_vectors: [u64; 2],
    /// Per side: likewise as a grasshopper.
    pub grasshopper_vectors: [u64; 2],
    /// Per side: the piece types that move as pawns do everywhere (one step straight forward
    /// to an empty point, a capture one step diagonally forward, and from some points two steps
    /// forward over an empty one, nothing else), so that they can be moved all at once.
    pub pawns: [Kinds; 2],
    /// Per side and type: where those types' two-step moves start.
    pub pawn_initial: [[B; MAX_KINDS]; 2],
    /// Per type: the types it may not hop over ([`PICKY`]).
    pub refused_screens: [Kinds; MAX_KINDS],
    /// Per type: the types it may not capture ([`PICKY`]).
    pub spared: [Kinds; MAX_KINDS],
}

impl<B: Set> Tables<B> {
    /// Builds the tables of the piece types.
    pub fn new(board: &Geometry<B>, kinds: &[PieceMovement<B>]) -> Tables<B> {
        let points = board.points() as usize;
        assert!(kinds.len() <= MAX_KINDS, "at most {MAX_KINDS} piece types");
        let mut t = Tables {
            moves: vec![[PointMoves::default(); 128]; 2 * MAX_KINDS]
                .into_boxed_slice()
                .try_into()
                .expect("2 * MAX_KINDS rows"),
            lame: Vec::new(),
            reverse: vec![[Reverse::default(); 128]; 2 * MAX_KINDS]
                .into_boxed_slice()
                .try_into()
                .expect("2 * MAX_KINDS rows"),
            reverse_lame: Vec::new(),
            leap_reach: Box::new([[B::ZERO; 128]; 2]),
            shapes: [[0; MAX_KINDS]; 2],
            leapers: [Vec::new(), Vec::new()],
            lame_leapers: [0; 2],
            riders: [Vec::new(), Vec::new()],
            full_lines: [[0; 2]; 2],
            ride_vectors: [0; 2],
            hop_vectors: [0; 2],
            grasshopper_vectors: [0; 2],
            pawns: [0; 2],
            pawn_initial: [[B::ZERO; MAX_KINDS]; 2],
            refused_screens: [0; MAX_KINDS],
            spared: [0; MAX_KINDS],
        };
        for (kind, piece) in kinds.iter().enumerate() {
            t.refused_screens[kind] = piece.refused_screens;
            t.spared[kind] = piece.spared;
        }
        // Reversed lame leaps, gathered per (side, kind, target) before they are laid out.
        let mut reverse_lame: Vec<Vec<(B, B)>> = vec![Vec::new(); 2 * MAX_KINDS * 128];
        for side in 0..2 {
            for (kind, piece) in kinds.iter().enumerate() {
                let sk = side * MAX_KINDS + kind;
                let mut full = [true; 2];
                let mut rides_any = false;
                for p in 0..points as u32 {
                    let mut pm = PointMoves {
                        lame_start: t.lame.len() as u16,
                        ..PointMoves::default()
                    };
                    let mut lame: Vec<LameLeap<B>> = Vec::new();
                    let initial = piece.initial[side].holds(p);
                    let mut capture_rays = 0u64;
                    let all = board.all();
                    let within = piece.within_at(side, p);
                    for (region, c) in piece.at(side, p).iter().map(|c| (all, c)).chain(within) {
                        if c.initial && !initial {
                            continue;
                        }
                        let confined = piece.confined[side];
                        let limits = (confined, region);
                        compile_component(board, side, p, c, limits, &mut pm, &mut lame);
                        if c.rider && !c.hop && !c.grasshopper && c.capture && c.range == 0 {
                            for &d in &c.directions {
                                let (df, dr) = if side == 0 { d } else { (-d.0, -d.1) };
                                if let Some(v) = board.vector_index((df, dr)) {
                                    capture_rays |= 1 << v;
                                }
                            }
                        }
                    }
                    for (i, rays) in [ORTHOGONAL_VECTORS, DIAGONAL_VECTORS].iter().enumerate() {
                        let all_rays = rays_of(board, p, *rays);
                        if capture_rays & rays != *rays || pm.ride_capture_to & all_rays != all_rays
                        {
                            full[i] = false;
                        }
                    }
                    pm.lame_len = lame.len() as u8;
                    if piece.refused_screens | piece.spared != 0 {
                        pm.shape |= PICKY;
                    }
                    t.shapes[side][kind] |= pm.shape;
                    // Backward: every capture, from the target's point of view.
                    for target in pm.leap_captures.squares() {
                        let r = &mut t.reverse[sk][target as usize];
                        r.free |= B::one(p);
                        t.leap_reach[side][target as usize] |= B::one(p);
                    }
                    for leap in &lame {
                        for target in leap.captures.squares() {
                            reverse_lame[sk * 128 + target as usize].push((leap.path, B::one(p)));
                            t.reverse[sk][target as usize].lame |= B::one(p);
                            t.leap_reach[side][target as usize] |= B::one(p);
                        }
                    }
                    let ride_captures = rays_seen_empty(board, p, &pm);
                    for target in ride_captures.squares() {
                        t.reverse[sk][target as usize].ride |= B::one(p);
                    }
                    rides_any |= !ride_captures.is_empty();
                    let kind8 = kind as u8;
                    if !pm.leap_captures.is_empty() || lame.iter().any(|l| !l.captures.is_empty()) {
                        if !t.leapers[side].contains(&kind8) {
                            t.leapers[side].push(kind8);
                        }
                        if lame.iter().any(|l| !l.captures.is_empty()) {
                            t.lame_leapers[side] |= 1 << kind;
                        }
                    }
                    t.ride_vectors[side] |= ride_capture_vectors(&pm, board, p);
                    if !pm.hop_capture_to.is_empty() {
                        t.hop_vectors[side] |= pm.hops;
                        t.grasshopper_vectors[side] |= pm.leaps_over;
                    }
                    t.lame.extend(lame);
                    t.moves[sk][p as usize] = pm;
                }
                if rides_any && !t.riders[side].contains(&(kind as u8)) {
                    t.riders[side].push(kind as u8);
                }
                for (i, f) in full.iter().enumerate() {
                    if *f {
                        t.full_lines[side][i] |= 1 << kind;
                    }
                }
            }
        }
        for side in 0..2 {
            for kind in 0..kinds.len() {
                if let Some(initial) = t.moves_as_pawn(board, side, kind) {
                    t.pawns[side] |= 1 << kind;
                    t.pawn_initial[side][kind] = initial;
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

    /// Whether the type moves as a pawn everywhere (see [`Tables::pawns`]): then the points its
    /// two-step moves start from.
    fn moves_as_pawn(&self, board: &Geometry<B>, side: usize, kind: usize) -> Option<B> {
        let forward: i32 = if side == 0 { 1 } else { -1 };
        let mut initial = B::ZERO;
        let at = |p: u32, df: i32, dr: i32| board.offset(p, df, dr).map_or(B::ZERO, B::one);
        for p in 0..board.points() {
            let pm = self.at(side, kind, p);
            if pm.shape & !LAME != 0
                || pm.leap_moves != at(p, 0, forward)
                || pm.leap_captures != (at(p, -1, forward) | at(p, 1, forward))
            {
                return None;
            }
            match self.lame_of(pm) {
                [] => {}
                [leap]
                    if leap.passes
                        && leap.captures.is_empty()
                        && leap.path == at(p, 0, forward)
                        && leap.moves == at(p, 0, 2 * forward)
                        && !leap.moves.is_empty() =>
                {
                    initial |= B::one(p);
                }
                _ => return None,
            }
        }
        Some(initial)
    }

    /// What piece type `kind` of `side` can do from `point`.
    #[inline(always)]
    pub fn at(&self, side: usize, kind: usize, point: u32) -> &PointMoves<B> {
        &self.moves[(side & 1) * MAX_KINDS + (kind & (MAX_KINDS - 1))][point as usize & 127]
    }

    /// The lame leaps of a [`PointMoves`].
    #[inline(always)]
    pub fn lame_of(&self, pm: &PointMoves<B>) -> &[LameLeap<B>] {
        let start = pm.lame_start as usize;
        &self.lame[start..start + pm.lame_len as usize]
    }

    /// The captures of piece type `kind` of `side` that end on `target`, seen backward.
    #[inline(always)]
    pub fn reverse(&self, side: usize, kind: usize, target: u32) -> &Reverse<B> {
        &self.reverse[(side & 1) * MAX_KINDS + (kind & (MAX_KINDS - 1))][target as usize & 127]
    }

    /// Whether the full-line sets ([`Tables::full_lines`]) cover every capture the rides of
    /// `kind` make: it rides only along files, ranks and diagonals, and along each kind of line
    /// either everywhere to the edge or nowhere.
    pub fn covered_by_full_lines(&self, board: &Geometry<B>, side: usize, kind: usize) -> bool {
        let (mut orth, mut diag) = (false, false);
        for p in 0..board.points() {
            let pm = self.at(side, kind, p);
            let vectors = ride_capture_vectors(pm, board, p);
            if vectors & !(ORTHOGONAL_VECTORS | DIAGONAL_VECTORS) != 0 {
                return false;
            }
            orth |= vectors & ORTHOGONAL_VECTORS != 0;
            diag |= vectors & DIAGONAL_VECTORS != 0;
        }
        (!orth || self.full_lines[side][0] >> kind & 1 != 0)
            && (!diag || self.full_lines[side][1] >> kind & 1 != 0)
    }

    /// The reversed lame leaps of a [`Reverse`].
    #[inline(always)]
    pub fn reverse_lame_of(&self, r: &Reverse<B>) -> &[(B, B)] {
        let start = r.lame_start as usize;
        &self.reverse_lame[start..start + r.lame_len as usize]
    }
}

/// The rays of `vectors` from `p`, together.
fn rays_of<B: Set>(board: &Geometry<B>, p: u32, vectors: u64) -> B {
    (0..8)
        .filter(|d| vectors >> d & 1 != 0)
        .fold(B::ZERO, |acc, d| acc | board.ray(p, d))
}

/// Whether a piece with these moves rides along vector `v` (in any mode).
fn rides_along<B: Set>(pm: &PointMoves<B>, v: usize) -> bool {
    if v < 8 {
        let bit = if ORTHOGONAL_VECTORS >> v & 1 != 0 {
            ORTHOGONAL
        } else {
            DIAGONAL
        };
        pm.shape & bit != 0
    } else {
        pm.rides >> v & 1 != 0
    }
}

/// The vectors whose ray from `p` holds a point where the piece's rides may capture.
fn ride_capture_vectors<B: Set>(pm: &PointMoves<B>, board: &Geometry<B>, p: u32) -> u64 {
    (0..board.vectors().len())
        .filter(|&v| rides_along(pm, v) && !(board.ray(p, v) & pm.ride_capture_to).is_empty())
        .fold(0, |acc, v| acc | 1 << v)
}

/// Where a piece on `p` captures by riding on an empty board.
fn rays_seen_empty<B: Set>(board: &Geometry<B>, p: u32, pm: &PointMoves<B>) -> B {
    let vectors = ride_capture_vectors(pm, board, p);
    (0..board.vectors().len())
        .filter(|v| vectors >> v & 1 != 0)
        .fold(B::ZERO, |acc, v| {
            acc | (board.ray(p, v) & pm.ride_capture_to)
        })
}

/// Adds one Betza component of a piece of `side` on `p` to its tables: its moves end in
/// `confined`, and pass and end in `within` (the whole board, or the region of a
/// `movement_within`).
fn compile_component<B: Set>(
    board: &Geometry<B>,
    side: usize,
    p: u32,
    c: &Component,
    (confined, within): (B, B),
    pm: &mut PointMoves<B>,
    lame: &mut Vec<LameLeap<B>>,
) {
    // The second side sees the board turned round: its forward is down, its left is right.
    let orient = |(df, dr): (i32, i32)| if side == 0 { (df, dr) } else { (-df, -dr) };
    for &d in &c.directions {
        let (df, dr) = orient(d);
        if c.rider {
            let v = board
                .vector_index((df, dr))
                .expect("every ride vector is on the board");
            let mut reach = B::ZERO;
            let mut q = board.offset(p, df, dr);
            let mut steps = 0;
            while let Some(x) = q {
                if !within.holds(x) {
                    break;
                }
                steps += 1;
                if c.range != 0 && steps > c.range {
                    break;
                }
                reach |= B::one(x);
                q = board.offset(x, df, dr);
            }
            let reach = reach & confined;
            if c.hop || c.grasshopper {
                pm.shape |= HOPS;
                if c.hop {
                    pm.hops |= 1 << v;
                } else {
                    pm.leaps_over |= 1 << v;
                }
                if c.moves {
                    pm.hop_move_to |= reach;
                }
                if c.capture {
                    pm.hop_capture_to |= reach;
                }
            } else {
                if v < 8 {
                    pm.shape |= if ORTHOGONAL_VECTORS >> v & 1 != 0 {
                        ORTHOGONAL
                    } else {
                        DIAGONAL
                    };
                } else {
                    pm.shape |= RIDES;
                    pm.rides |= 1 << v;
                }
                if c.moves {
                    pm.ride_move_to |= reach;
                }
                if c.capture {
                    pm.ride_capture_to |= reach;
                }
            }
            continue;
        }
        let Some(target) = board.offset(p, df, dr) else {
            continue;
        };
        if !(confined & within).holds(target) {
            continue;
        }
        let path = c
            .path(d)
            .into_iter()
            .map(orient)
            .filter_map(|(sf, sr)| board.offset(p, sf, sr))
            .fold(B::ZERO, |acc, x| acc | B::one(x));
        if !(path & !within).is_empty() {
            continue;
        }
        if path.is_empty() {
            if c.moves {
                pm.leap_moves |= B::one(target);
            }
            if c.capture {
                pm.leap_captures |= B::one(target);
            }
            continue;
        }
        pm.shape |= LAME;
        // A straight initial move passes the points of its path (a pawn's double step).
        let passes = c.initial && (df == 0 || dr == 0 || df.abs() == dr.abs());
        let entry = match lame
            .iter()
            .position(|l| l.path == path && l.passes == passes)
        {
            Some(i) => &mut lame[i],
            None => {
                lame.push(LameLeap {
                    path,
                    moves: B::ZERO,
                    captures: B::ZERO,
                    passes,
                });
                lame.last_mut().expect("just pushed")
            }
        };
        if c.moves {
            entry.moves |= B::one(target);
        }
        if c.capture {
            entry.captures |= B::one(target);
        }
    }
}
