//! Legal move generation for the chess family, from the compiled tables alone: no piece or
//! rule is named here. Each node first works out whether the side to move is in check, which
//! of its pieces shield its royal piece (from a rider, a hopper's second screen, a lame leap's
//! blocked way, the other royal on the file), and which empty points would complete a
//! hopper's line of attack if a piece stood there. A move that touches none of these, by a
//! piece that is not royal, with the side not in check, is legal as it is; every other move
//! is played on the bitboards and its royal piece tested for attack.

use super::board::{Bitboard, Board, ascending, bit, highest, lowest, opposite};
use super::position::{EMPTY, MAX_KINDS, Position};
use super::tables::{HOPS, LAME, RIDES, Tables};

/// A move: from a point to a point (what it captures is on the board).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The point the piece leaves.
    pub from: u8,
    /// The point it goes to.
    pub to: u8,
}

/// The line directions north and south: where royal pieces may face each other.
const FILE_DIRECTIONS: u8 = 1 << 0 | 1 << 4;

/// The rules compiled for the generator.
#[derive(Clone, Debug)]
pub struct Engine {
    /// The board.
    pub board: Board,
    /// The piece tables.
    pub tables: Tables,
    /// Number of piece types.
    pub kinds: usize,
    /// The royal piece types, by bit.
    pub royal: u8,
    /// Royal pieces may not face each other on an open file.
    pub facing: bool,
    /// Per attacking side: the directions, seen from the target, in which a line attack
    /// (ride, hop, facing royal) may come.
    scan: [u8; 2],
    /// Per side: the piece types (bits) that may attack along a line (ride, hop, face).
    line_kinds: [u8; 2],
    /// Zobrist keys: `[side][kind][point]`, and the key of the second side to move.
    zobrist: Vec<u64>,
    zobrist_second: u64,
}

/// The first occupied point of `bb` seen from the start of a ray in direction `dir`.
#[inline(always)]
fn first(bb: Bitboard, dir: usize) -> u32 {
    if ascending(dir) {
        lowest(bb)
    } else {
        highest(bb)
    }
}

/// Where moves go: whole sets of legal targets, or one legal move at a time.
pub trait Sink {
    /// Every point of `targets` is a legal move from `from`.
    fn add(&mut self, from: u32, targets: Bitboard);
    /// One legal move.
    fn add_one(&mut self, from: u32, to: u32);
}

/// Counts moves.
#[derive(Default)]
pub struct Counter(pub u64);

impl Sink for Counter {
    #[inline(always)]
    fn add(&mut self, _from: u32, targets: Bitboard) {
        self.0 += targets.count_ones() as u64;
    }
    #[inline(always)]
    fn add_one(&mut self, _from: u32, _to: u32) {
        self.0 += 1;
    }
}

impl Sink for Vec<Move> {
    #[inline(always)]
    fn add(&mut self, from: u32, targets: Bitboard) {
        for to in Board::iter(targets) {
            self.push(Move {
                from: from as u8,
                to: to as u8,
            });
        }
    }
    #[inline(always)]
    fn add_one(&mut self, from: u32, to: u32) {
        self.push(Move {
            from: from as u8,
            to: to as u8,
        });
    }
}

/// What the side to move must mind at one node.
struct Safety {
    royal: Option<u32>,
    in_check: bool,
    /// Own pieces whose leaving may expose the royal piece.
    blockers: Bitboard,
    /// Empty points where a piece would give a hopper its screen against the royal piece.
    danger: Bitboard,
}

const fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Engine {
    /// Compiles the generator from the board and tables.
    pub fn new(board: Board, tables: Tables, kinds: usize, royal: u8, facing: bool) -> Engine {
        let mut scan = [0u8; 2];
        for (side, s) in scan.iter_mut().enumerate() {
            let lines = tables.ride_directions[side] | tables.hop_directions[side];
            for d in 0..8 {
                if lines & 1 << opposite(d) != 0 {
                    *s |= 1 << d;
                }
            }
            if facing {
                *s |= FILE_DIRECTIONS;
            }
        }
        let mut line_kinds = [0u8; 2];
        for (side, lk) in line_kinds.iter_mut().enumerate() {
            for k in 0..kinds {
                let lines = (0..board.points()).any(|p| {
                    let pm = tables.at(side, k, p);
                    pm.ride_captures | pm.hop_captures != 0
                });
                if lines || (facing && royal & 1 << k != 0) {
                    *lk |= 1 << k;
                }
            }
        }
        let zobrist = (0..2 * MAX_KINDS * 128)
            .map(|i| splitmix64(0xC4E5_5000 + i as u64))
            .collect();
        Engine {
            board,
            tables,
            kinds,
            royal,
            facing,
            scan,
            line_kinds,
            zobrist,
            zobrist_second: splitmix64(0x005E_C04D),
        }
    }

    /// The pieces of `side` that may attack along a line.
    #[inline(always)]
    fn line_pieces(&self, pos: &Position, side: usize) -> Bitboard {
        let mut all = 0;
        let mut k = self.line_kinds[side];
        while k != 0 {
            all |= pos.kinds[k.trailing_zeros() as usize];
            k &= k - 1;
        }
        all & pos.sides[side]
    }

    /// The royal piece of `side`, if it has one.
    #[inline(always)]
    pub fn royal_point(&self, pos: &Position, side: usize) -> Option<u32> {
        let mut royals = 0;
        let mut r = self.royal;
        while r != 0 {
            let k = r.trailing_zeros() as usize;
            r &= r - 1;
            royals |= pos.kinds[k];
        }
        let mine = royals & pos.sides[side];
        (mine != 0).then(|| lowest(mine))
    }

    /// Where the piece of `kind` of `side` on `p` may go: (moves to be masked with the empty
    /// points, captures to be masked with the enemy).
    /// `SHAPE` says what the piece type may have besides leaps ([`LAME`], [`RIDES`],
    /// [`HOPS`]), so that each shape runs its own code.
    #[inline(always)]
    fn reach<const SHAPE: u8>(
        &self,
        side: usize,
        kind: usize,
        p: u32,
        occupied: Bitboard,
    ) -> (Bitboard, Bitboard) {
        let t = &self.tables;
        let pm = t.at(side, kind, p);
        let mut moves = pm.leap_moves;
        let mut captures = pm.leap_captures;
        if SHAPE & LAME != 0 && pm.shape & LAME != 0 {
            for l in t.lame_of(pm) {
                if occupied & l.path == 0 {
                    moves |= l.moves;
                    captures |= l.captures;
                }
            }
        }
        if SHAPE & RIDES != 0 && pm.shape & RIDES != 0 {
            let mut rides = pm.ride_moves | pm.ride_captures;
            while rides != 0 {
                let d = rides.trailing_zeros() as usize;
                rides &= rides - 1;
                let ray = self.board.ray(p, d);
                let blockers = ray & occupied;
                let seen = if blockers == 0 {
                    ray
                } else {
                    ray & !self.board.ray(first(blockers, d), d)
                };
                if pm.ride_moves & 1 << d != 0 {
                    moves |= seen & pm.ride_move_to;
                }
                if pm.ride_captures & 1 << d != 0 {
                    captures |= seen & pm.ride_capture_to;
                }
            }
        }
        if SHAPE & HOPS != 0 && pm.shape & HOPS != 0 {
            let mut hops = pm.hop_moves | pm.hop_captures;
            while hops != 0 {
                let d = hops.trailing_zeros() as usize;
                hops &= hops - 1;
                let blockers = self.board.ray(p, d) & occupied;
                if blockers == 0 {
                    continue;
                }
                let beyond = self.board.ray(first(blockers, d), d);
                let more = beyond & occupied;
                if pm.hop_moves & 1 << d != 0 {
                    let open = if more == 0 {
                        beyond
                    } else {
                        beyond & !self.board.ray(first(more, d), d)
                    };
                    moves |= open & pm.hop_move_to;
                }
                if pm.hop_captures & 1 << d != 0 && more != 0 {
                    captures |= bit(first(more, d)) & pm.hop_capture_to;
                }
            }
        }
        (moves, captures)
    }

    /// Whether the piece of `side` on `p` (of `kind`) captures on `target`, `d` being the
    /// direction from `target` to `p`, by riding.
    #[inline(always)]
    fn rides_to(&self, side: usize, kind: usize, p: u32, d: usize, target: u32) -> bool {
        let pm = self.tables.at(side, kind, p);
        pm.ride_captures & 1 << opposite(d) != 0 && pm.ride_capture_to & bit(target) != 0
    }

    /// Likewise by hopping.
    #[inline(always)]
    fn hops_to(&self, side: usize, kind: usize, p: u32, d: usize, target: u32) -> bool {
        let pm = self.tables.at(side, kind, p);
        pm.hop_captures & 1 << opposite(d) != 0 && pm.hop_capture_to & bit(target) != 0
    }

    /// Whether `target` is attacked by `attacker` when the board is `occupied` and the
    /// attacker's pieces on `removed` are gone (the mailbox is read only for its pieces).
    #[inline]
    fn attacked(
        &self,
        pos: &Position,
        target: u32,
        attacker: usize,
        occupied: Bitboard,
        removed: Bitboard,
    ) -> bool {
        let enemy = pos.sides[attacker] & !removed;
        let leapers_near = self.tables.leap_reach[attacker][target as usize & 127] & enemy != 0;
        for &k in self.tables.leapers[attacker]
            .iter()
            .filter(|_| leapers_near)
        {
            let k = k as usize;
            let theirs = pos.kinds[k] & enemy;
            let r = self.tables.reverse(attacker, k, target);
            if r.any & theirs == 0 {
                continue;
            }
            if r.free & theirs != 0 {
                return true;
            }
            for &(path, from) in self.tables.reverse_lame_of(r) {
                if from & theirs != 0 && path & occupied == 0 {
                    return true;
                }
            }
        }
        let liners = self.line_pieces(pos, attacker) & enemy;
        let mut dirs = self.scan[attacker];
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let ray = self.board.ray(target, d);
            let blockers = ray & occupied;
            if ray & liners == 0 || blockers == 0 {
                continue;
            }
            let p1 = first(blockers, d);
            if enemy & bit(p1) != 0 {
                let k1 = pos.board[p1 as usize] as usize;
                if self.rides_to(attacker, k1, p1, d, target)
                    || (self.facing && FILE_DIRECTIONS & 1 << d != 0 && self.royal & 1 << k1 != 0)
                {
                    return true;
                }
            }
            let rest = self.board.ray(p1, d) & occupied;
            if rest != 0 {
                let p2 = first(rest, d);
                if enemy & bit(p2) != 0
                    && self.hops_to(attacker, pos.board[p2 as usize] as usize, p2, d, target)
                {
                    return true;
                }
            }
        }
        false
    }

    /// Whether the side to move's royal piece is attacked (or faces the other).
    pub fn in_check(&self, pos: &Position) -> bool {
        let us = pos.side as usize;
        match self.royal_point(pos, us) {
            Some(r) => self.attacked(pos, r, 1 - us, pos.occupied(), 0),
            None => false,
        }
    }

    /// Whether the side NOT to move's royal piece is attacked: a position that cannot arise.
    pub fn opponent_in_check(&self, pos: &Position) -> bool {
        let them = 1 - pos.side as usize;
        match self.royal_point(pos, them) {
            Some(r) => self.attacked(pos, r, pos.side as usize, pos.occupied(), 0),
            None => false,
        }
    }

    /// Whether moving from `from` to `to` leaves the mover's royal piece safe.
    #[inline]
    fn legal_after(&self, pos: &Position, royal: Option<u32>, from: u32, to: u32) -> bool {
        let Some(r) = royal else {
            return true;
        };
        let us = pos.side as usize;
        let occupied = (pos.occupied() & !bit(from)) | bit(to);
        let r = if r == from { to } else { r };
        !self.attacked(pos, r, 1 - us, occupied, bit(to))
    }

    /// What the side to move must mind (see the module's documentation).
    #[inline]
    fn safety(&self, pos: &Position) -> Safety {
        let us = pos.side as usize;
        let them = 1 - us;
        let Some(r) = self.royal_point(pos, us) else {
            return Safety {
                royal: None,
                in_check: false,
                blockers: 0,
                danger: 0,
            };
        };
        let occupied = pos.occupied();
        let own = pos.sides[us];
        let enemy = pos.sides[them];
        let mut s = Safety {
            royal: Some(r),
            in_check: false,
            blockers: 0,
            danger: 0,
        };
        let leapers_near = self.tables.leap_reach[them][r as usize & 127] & enemy != 0;
        for &k in self.tables.leapers[them].iter().filter(|_| leapers_near) {
            let k = k as usize;
            let theirs = pos.kinds[k] & enemy;
            let rev = self.tables.reverse(them, k, r);
            if rev.any & theirs == 0 {
                continue;
            }
            if rev.free & theirs != 0 {
                s.in_check = true;
            }
            for &(path, from) in self.tables.reverse_lame_of(rev) {
                if from & theirs == 0 {
                    continue;
                }
                let on = path & occupied;
                if on == 0 {
                    s.in_check = true;
                } else if on.count_ones() == 1 {
                    s.blockers |= on & own;
                }
            }
        }
        let liners = self.line_pieces(pos, them);
        let mut dirs = self.scan[them];
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let ray = self.board.ray(r, d);
            let b1 = ray & occupied;
            if ray & liners == 0 || b1 == 0 {
                continue;
            }
            let p1 = first(b1, d);
            let line_attacker = |p: u32| {
                enemy & bit(p) != 0 && {
                    let k = pos.board[p as usize] as usize;
                    self.rides_to(them, k, p, d, r)
                        || (self.facing
                            && FILE_DIRECTIONS & 1 << d != 0
                            && self.royal & 1 << k != 0)
                }
            };
            let hopper = |p: u32| {
                enemy & bit(p) != 0 && self.hops_to(them, pos.board[p as usize] as usize, p, d, r)
            };
            if line_attacker(p1) {
                s.in_check = true;
            }
            if hopper(p1) {
                s.danger |= self.board.between(r, p1);
            }
            let b2 = self.board.ray(p1, d) & occupied;
            if b2 == 0 {
                continue;
            }
            let p2 = first(b2, d);
            if hopper(p2) {
                s.in_check = true;
            }
            if line_attacker(p2) {
                s.blockers |= bit(p1) & own;
            }
            let b3 = self.board.ray(p2, d) & occupied;
            if b3 != 0 && hopper(first(b3, d)) {
                s.blockers |= (bit(p1) | bit(p2)) & own;
            }
        }
        s
    }

    /// Every legal move of the side to move, into `sink`.
    #[inline]
    pub fn generate<S: Sink>(&self, pos: &Position, sink: &mut S) {
        let us = pos.side as usize;
        let safety = self.safety(pos);
        for kind in 0..self.kinds {
            let pieces = pos.kinds[kind] & pos.sides[us];
            if pieces == 0 {
                continue;
            }
            let (p, s) = (pos, &safety);
            match self.tables.shapes[us][kind] {
                0 => self.generate_kind::<S, 0>(p, s, kind, pieces, sink),
                LAME => self.generate_kind::<S, LAME>(p, s, kind, pieces, sink),
                RIDES => self.generate_kind::<S, RIDES>(p, s, kind, pieces, sink),
                HOPS => self.generate_kind::<S, HOPS>(p, s, kind, pieces, sink),
                x if x == RIDES | HOPS => {
                    self.generate_kind::<S, { RIDES | HOPS }>(p, s, kind, pieces, sink)
                }
                _ => self.generate_kind::<S, { LAME | RIDES | HOPS }>(p, s, kind, pieces, sink),
            }
        }
    }

    /// The legal moves of the `pieces` of one type, whose shape is `SHAPE`.
    #[inline(always)]
    fn generate_kind<S: Sink, const SHAPE: u8>(
        &self,
        pos: &Position,
        safety: &Safety,
        kind: usize,
        mut pieces: Bitboard,
        sink: &mut S,
    ) {
        let us = pos.side as usize;
        let occupied = pos.occupied();
        let empty = self.board.all() & !occupied;
        let enemy = pos.sides[1 - us];
        let careful_kind = safety.in_check || self.royal & 1 << kind != 0;
        while pieces != 0 {
            let p = lowest(pieces);
            pieces &= pieces - 1;
            let (moves, captures) = self.reach::<SHAPE>(us, kind, p, occupied);
            let targets = (moves & empty) | (captures & enemy);
            if targets == 0 {
                continue;
            }
            let (free, test) = if careful_kind || safety.blockers & bit(p) != 0 {
                (0, targets)
            } else {
                (targets & !safety.danger, targets & safety.danger)
            };
            if free != 0 {
                sink.add(p, free);
            }
            for to in Board::iter(test) {
                if self.legal_after(pos, safety.royal, p, to) {
                    sink.add_one(p, to);
                }
            }
        }
    }

    /// The number of legal moves.
    #[inline]
    pub fn count(&self, pos: &Position) -> u64 {
        let mut c = Counter(0);
        self.generate(pos, &mut c);
        c.0
    }

    /// The position after `mv` (counters untouched: the perft path).
    #[inline(always)]
    pub fn make(&self, pos: &Position, mv: Move) -> Position {
        let mut next = *pos;
        let (from, to) = (mv.from as u32, mv.to as u32);
        let us = pos.side as usize;
        let kind = pos.board[from as usize];
        let captured = pos.board[to as usize];
        next.sides[us] ^= bit(from) | bit(to);
        next.kinds[kind as usize] ^= bit(from) | bit(to);
        if captured != EMPTY {
            next.sides[1 - us] ^= bit(to);
            next.kinds[captured as usize] ^= bit(to);
        }
        next.board[to as usize] = kind;
        next.board[from as usize] = EMPTY;
        next.side ^= 1;
        next
    }

    #[inline(always)]
    fn key(&self, side: usize, kind: u8, point: u32) -> u64 {
        self.zobrist[(side * MAX_KINDS + kind as usize) * 128 + point as usize]
    }

    /// The Zobrist hash of a position, from scratch.
    pub fn zobrist(&self, pos: &Position) -> u64 {
        let mut h = if pos.side == 1 {
            self.zobrist_second
        } else {
            0
        };
        for side in 0..2 {
            for p in Board::iter(pos.sides[side]) {
                h ^= self.key(side, pos.board[p as usize], p);
            }
        }
        h
    }

    /// The Zobrist hash after `mv`, from `hash`, the hash of `pos`.
    #[inline(always)]
    pub fn zobrist_after(&self, pos: &Position, hash: u64, mv: Move) -> u64 {
        let us = pos.side as usize;
        let (from, to) = (mv.from as u32, mv.to as u32);
        let kind = pos.board[from as usize];
        let captured = pos.board[to as usize];
        let mut h = hash ^ self.zobrist_second ^ self.key(us, kind, from) ^ self.key(us, kind, to);
        if captured != EMPTY {
            h ^= self.key(1 - us, captured, to);
        }
        h
    }
}
