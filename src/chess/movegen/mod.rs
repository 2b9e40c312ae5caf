//! Legal move generation for the chess family, from the compiled tables alone: no piece or
//! rule is named here.
//!
//! Each node first works out what the side to move must mind ([`attack`]): whether it is in
//! check, which of its pieces shield its royal piece, and (where hoppers play) which empty
//! points would complete a hopper's line if a piece stood there. Two ways of doing it are
//! chosen once per variant, as a type parameter of the search:
//! - **plain** rules (every capture a leap never blocked, or a ride along lines that no other
//!   line of the variant runs along: chess, Makruk, Shatranj, Capablanca, the nightrider):
//!   the checkers and the pinned pieces with the line each may still move along, as a chess
//!   engine works them out; a move of a piece that is not royal is then legal when it ends on
//!   the check's line (or on the checker) and, for a pinned piece, on its pin's line;
//! - **general** rules (lame leaps, cannons, grasshoppers, royal pieces that may not face each
//!   other: Xiangqi): a move that touches none of the points to mind, by a piece that is not
//!   royal, with the side not in check, is legal as it is; every other move is played on the
//!   bitboards and its royal piece tested for attack.
//!
//! Royal moves, en passant and castling are always played and tested. The pieces' moves are
//! found per piece type with the type's shape as a type parameter ([`pieces`]); en passant,
//! castling and promotions are [`special`]; playing a move and its hash are [`make`].

pub mod attack;
pub mod drops;
pub mod ends;
pub mod make;
pub mod no_check;
pub mod pieces;
pub mod special;

use super::bitboard::Set;
use super::geometry::Geometry;
use super::position::Position;
use super::tables::{Kinds, MAX_KINDS, Tables};

/// A move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// A piece goes from a point to a point, taking what stands there; with a promotion, it
    /// becomes a piece of that type.
    Normal {
        /// The point it leaves.
        from: u8,
        /// The point it goes to.
        to: u8,
        /// The type it becomes, if it promotes.
        promotion: Option<u8>,
    },
    /// A piece takes en passant: it goes to the point an enemy piece passed over, and that
    /// piece is taken where it stands.
    EnPassant {
        /// The point it leaves.
        from: u8,
        /// The point passed over, where it lands.
        to: u8,
    },
    /// Castling, written as the royal piece taking its own partner (as UCI writes Chess960
    /// castling): where each ends comes from the rules.
    Castle {
        /// The royal piece's point.
        king: u8,
        /// The partner's point.
        partner: u8,
    },
    /// A piece of the side to move's hand is put on an empty point.
    Drop {
        /// Its type.
        kind: u8,
        /// The point.
        to: u8,
    },
}

impl Move {
    /// The point the moving piece (the royal one, in castling) leaves; for a drop, the point
    /// it lands on.
    #[inline(always)]
    pub fn from(self) -> u32 {
        match self {
            Move::Normal { from, .. } | Move::EnPassant { from, .. } => from as u32,
            Move::Castle { king, .. } => king as u32,
            Move::Drop { to, .. } => to as u32,
        }
    }

    /// The type of the piece that moves (the royal one, in castling; the dropped one).
    #[inline(always)]
    pub fn mover<B: Set>(self, pos: &Position<B>) -> u8 {
        match self {
            Move::Drop { kind, .. } => kind,
            _ => pos.kind_at(self.from()),
        }
    }

    /// The type dropped, for a drop.
    pub fn dropped(self) -> Option<usize> {
        match self {
            Move::Drop { kind, .. } => Some(kind as usize),
            _ => None,
        }
    }

    /// The point the move names as its end: the landing point, or the partner's point in
    /// castling.
    #[inline(always)]
    pub fn to(self) -> u32 {
        match self {
            Move::Normal { to, .. } | Move::EnPassant { to, .. } | Move::Drop { to, .. } => {
                to as u32
            }
            Move::Castle { partner, .. } => partner as u32,
        }
    }

    /// The type a promotion makes, if any.
    pub fn promotion(self) -> Option<usize> {
        match self {
            Move::Normal { promotion, .. } => promotion.map(usize::from),
            _ => None,
        }
    }

    /// A plain move from a point to a point.
    pub fn normal(from: u32, to: u32) -> Move {
        Move::Normal {
            from: from as u8,
            to: to as u8,
            promotion: None,
        }
    }
}

/// Promotion, compiled for one piece type.
#[derive(Clone, Debug)]
pub struct Promotion<B> {
    /// Per side: where a move of this piece promotes.
    pub zone: [B; 2],
    /// Per side: the types it may become.
    pub to: [Vec<u8>; 2],
    /// It must promote (otherwise it may stay as it is).
    pub compulsory: bool,
    /// Per side: where it must promote even when promotion is otherwise optional.
    pub must: [B; 2],
    /// A move that starts in the zone promotes too.
    pub on_leaving: bool,
}

impl<B: Set> Promotion<B> {
    /// How many moves the moves to `targets`, each promoting, make for `side`.
    #[inline(always)]
    pub fn count(&self, targets: B, side: usize) -> u64 {
        let n = targets.count() as u64 * self.to[side & 1].len() as u64;
        if self.compulsory {
            n
        } else {
            n + (targets & !self.must[side & 1]).count() as u64
        }
    }

    /// The points a move from `from` to `targets` promotes on, for `side`, with `zone` the
    /// zone's points.
    #[inline(always)]
    pub fn promoting(&self, from: u32, targets: B, zone: B) -> B {
        if self.on_leaving && zone.holds(from) {
            targets
        } else {
            targets & zone
        }
    }

    /// The moves one move from `from` to `to` in the zone makes for `side`: staying as it
    /// is (when promotion is optional there), then each type it may become.
    #[inline(always)]
    pub fn moves(&self, from: u32, to: u32, side: usize) -> impl Iterator<Item = Move> + '_ {
        let may_stay = !self.compulsory && !self.must[side & 1].holds(to);
        let stay = may_stay.then(|| Move::normal(from, to));
        stay.into_iter()
            .chain(self.to[side & 1].iter().map(move |&k| Move::Normal {
                from: from as u8,
                to: to as u8,
                promotion: Some(k),
            }))
    }
}

/// En passant, compiled.
#[derive(Clone, Copy, Debug)]
pub struct EnPassant {
    /// The types whose passing moves may be taken so.
    pub taken: Kinds,
    /// The types that may take so, with their capture leaps.
    pub takers: Kinds,
}

/// Castling, compiled.
#[derive(Clone, Debug)]
pub struct Castling<B> {
    /// The royal type that castles.
    pub king: u8,
    /// The partner types.
    pub partners: Kinds,
    /// Per side: the rank castling happens on (0-based).
    pub rank: [u32; 2],
    /// Per side: the points of that rank.
    pub rank_points: [B; 2],
    /// The files (0-based) the royal piece ends on: castling toward the last file ("short",
    /// `O-O`), then toward file a ("long", `O-O-O`).
    pub king_to: [u32; 2],
    /// The files the partner ends on, likewise.
    pub partner_to: [u32; 2],
    /// The royal piece and its partners may start on any files (Chess960); castling is then
    /// written as the royal piece taking its partner.
    pub any_start_files: bool,
    /// Per side, when not: the royal piece's start point and its partners' (short, long), from
    /// the start position.
    pub start: [(u32, [u32; 2]); 2],
    /// What castling needs, by side, royal piece's file and partner's file (see
    /// [`Castling::path`]).
    pub paths: Vec<CastlingPath<B>>,
    /// The number of files.
    pub files: u32,
}

/// One castling: the points that must be empty, those the royal piece passes (and lands on),
/// and where the two end.
#[derive(Clone, Copy, Debug, Default)]
pub struct CastlingPath<B> {
    /// Every point between either piece and where it goes, and those two points, but for the
    /// two pieces themselves.
    pub empty: B,
    /// The points the royal piece passes over and lands on.
    pub passed: B,
    /// Where the royal piece ends.
    pub king_to: u32,
    /// Where the partner ends.
    pub partner_to: u32,
}

impl<B: Set> Castling<B> {
    /// The castling of `side`'s royal piece on file `king_file` with the partner on
    /// `partner_file`.
    #[inline(always)]
    pub fn path(&self, side: usize, king_file: u32, partner_file: u32) -> &CastlingPath<B> {
        let f = self.files as usize;
        &self.paths[((side & 1) * f + king_file as usize) * f + partner_file as usize]
    }

    /// Fills [`Castling::paths`] for `board`.
    pub fn compile_paths(&mut self, board: &super::geometry::Geometry<B>) {
        let f = board.files();
        self.files = f;
        self.paths = vec![CastlingPath::default(); (2 * f * f) as usize];
        let span = |rank: u32, a: u32, b: u32| {
            (a.min(b)..=a.max(b)).fold(B::ZERO, |acc, x| acc | B::one(board.point(x, rank)))
        };
        for side in 0..2 {
            let rank = self.rank[side];
            for kf in 0..f {
                for pf in (0..f).filter(|&pf| pf != kf) {
                    let wing = usize::from(pf < kf);
                    let (kt, pt) = (self.king_to[wing], self.partner_to[wing]);
                    let (king, partner) = (board.point(kf, rank), board.point(pf, rank));
                    let movers = B::one(king) | B::one(partner);
                    self.paths[(side * f as usize + kf as usize) * f as usize + pf as usize] =
                        CastlingPath {
                            empty: (span(rank, kf, kt) | span(rank, pf, pt)) & !movers,
                            passed: span(rank, kf, kt) & !B::one(king),
                            king_to: board.point(kt, rank),
                            partner_to: board.point(pt, rank),
                        };
                }
            }
        }
    }
}

/// The bare-king rule as perft sees it: a game already won has no moves.
#[derive(Clone, Copy, Debug)]
pub struct BareKing {
    /// The bared side may reply once, to bare the other in turn.
    pub reply: bool,
}

/// Where moves go: whole sets of legal targets, or one legal move at a time.
pub trait Sink<B: Set> {
    /// Every point of `targets` is a legal plain move from `from`.
    fn add(&mut self, from: u32, targets: B);
    /// Every point of `targets` is a legal move from `from` that promotes as `promotion` says
    /// for the side to move, `side`.
    fn add_promotions(&mut self, from: u32, targets: B, promotion: &Promotion<B>, side: usize);
    /// One legal move (each promotion choice its own).
    fn add_move(&mut self, mv: Move);
    /// Every point `to` of `targets` is a legal plain move from `to - offset`.
    fn add_by_offset(&mut self, targets: B, offset: i32);
    /// Likewise, each promoting as `promotion` says for `side`.
    fn add_promotions_by_offset(
        &mut self,
        targets: B,
        offset: i32,
        promotion: &Promotion<B>,
        side: usize,
    );
    /// Every point of `targets` is a legal drop of a piece of `kind`.
    fn add_drops(&mut self, kind: usize, targets: B);
}

/// Counts moves.
#[derive(Default)]
pub struct Counter(pub u64);

impl<B: Set> Sink<B> for Counter {
    #[inline(always)]
    fn add(&mut self, _from: u32, targets: B) {
        self.0 += targets.count() as u64;
    }
    #[inline(always)]
    fn add_promotions(&mut self, _from: u32, targets: B, p: &Promotion<B>, side: usize) {
        self.0 += p.count(targets, side);
    }
    #[inline(always)]
    fn add_move(&mut self, _mv: Move) {
        self.0 += 1;
    }
    #[inline(always)]
    fn add_by_offset(&mut self, targets: B, _offset: i32) {
        self.0 += targets.count() as u64;
    }
    #[inline(always)]
    fn add_promotions_by_offset(
        &mut self,
        targets: B,
        _offset: i32,
        p: &Promotion<B>,
        side: usize,
    ) {
        self.0 += p.count(targets, side);
    }
    #[inline(always)]
    fn add_drops(&mut self, _kind: usize, targets: B) {
        self.0 += targets.count() as u64;
    }
}

impl<B: Set> Sink<B> for Vec<Move> {
    #[inline(always)]
    fn add(&mut self, from: u32, targets: B) {
        for to in targets.squares() {
            self.push(Move::normal(from, to));
        }
    }
    #[inline(always)]
    fn add_promotions(&mut self, from: u32, targets: B, p: &Promotion<B>, side: usize) {
        for to in targets.squares() {
            self.extend(p.moves(from, to, side));
        }
    }
    #[inline(always)]
    fn add_move(&mut self, mv: Move) {
        self.push(mv);
    }
    #[inline(always)]
    fn add_by_offset(&mut self, targets: B, offset: i32) {
        for to in targets.squares() {
            self.push(Move::normal((to as i32 - offset) as u32, to));
        }
    }
    #[inline(always)]
    fn add_promotions_by_offset(&mut self, targets: B, offset: i32, p: &Promotion<B>, side: usize) {
        for to in targets.squares() {
            self.add_promotions((to as i32 - offset) as u32, B::one(to), p, side);
        }
    }
    #[inline(always)]
    fn add_drops(&mut self, kind: usize, targets: B) {
        for to in targets.squares() {
            self.push(Move::Drop {
                kind: kind as u8,
                to: to as u8,
            });
        }
    }
}

/// The line directions north and south: where royal pieces may face each other.
pub(crate) const FILE_DIRECTIONS: u64 = 1 << 0 | 1 << 4;

/// The rules compiled for the generator.
#[derive(Clone, Debug)]
pub struct Engine<B: Set> {
    /// The board.
    pub board: Geometry<B>,
    /// The piece tables.
    pub tables: Tables<B>,
    /// Number of piece types.
    pub kinds: usize,
    /// The royal piece types.
    pub royal: Kinds,
    /// Royal pieces may not face each other on an open file.
    pub facing: bool,
    /// Whether the plain way of working out checks and pins is exact for these rules (see
    /// the module's documentation).
    pub plain: bool,
    /// Promotion per piece type.
    pub promotion: Vec<Option<Promotion<B>>>,
    /// The types that promote.
    pub promoting: Kinds,
    /// En passant, if the rules have it.
    pub en_passant: Option<EnPassant>,
    /// Castling, if the rules have it.
    pub castling: Option<Castling<B>>,
    /// The bare-king rule, if the rules have it.
    pub bare_king: Option<BareKing>,
    /// Per taking side: the points an en-passant capture may land on.
    pub ep_onto: [B; 2],
    /// Flags, extinction, n-check, compulsory capture, no check given, if the rules have any.
    pub ends: Option<ends::Ends<B>>,
    /// Whether a move counts the checks it gives (n-check).
    pub counts_checks: bool,
    /// Drops, if the rules have them.
    pub drops: Option<Box<drops::Drops<B>>>,
    /// The types whose promotion the pawns' fast path cannot make (on leaving the zone, or
    /// compulsory in part of it).
    pub(crate) uneven_promotion: Kinds,
    /// Per attacking side: the vectors, seen from the target, along which a line attack
    /// (ride, hop, facing royal) may come (general rules).
    scan: [u64; 2],
    /// Per side: the piece types that may attack along a line (ride, hop, face).
    line_kinds: [Kinds; 2],
    /// Per side: the riders whose captures the full-line sets do not cover (plain rules).
    partial_riders: [Vec<u8>; 2],
    /// Zobrist keys: `[side][kind][point]`.
    zobrist: Box<[u64]>,
    /// The key of the second side to move.
    zobrist_second: u64,
    /// Keys of castling rights, en-passant points and promoted pieces, per point.
    zobrist_rights: Box<[[u64; 128]; 3]>,
}

const fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// What the engine is compiled from besides the board and the piece tables.
#[derive(Clone, Debug, Default)]
pub struct Specials<B> {
    /// The royal types.
    pub royal: Kinds,
    /// Royal pieces may not face each other on an open file.
    pub facing: bool,
    /// Promotion per piece type.
    pub promotion: Vec<Option<Promotion<B>>>,
    /// En passant.
    pub en_passant: Option<EnPassant>,
    /// Castling.
    pub castling: Option<Castling<B>>,
    /// The bare-king rule.
    pub bare_king: Option<BareKing>,
    /// Per taking side: the points an en-passant capture may land on.
    pub ep_onto: [B; 2],
    /// The rules of [`ends`], if any.
    pub ends: Option<ends::Ends<B>>,
    /// Drops, if the rules have them.
    pub drops: Option<drops::Drops<B>>,
}

impl<B: Set> Engine<B> {
    /// Compiles the generator from the board, the tables and the special rules.
    pub fn new(board: Geometry<B>, tables: Tables<B>, kinds: usize, specials: Specials<B>) -> Self {
        let Specials {
            royal,
            facing,
            mut promotion,
            en_passant,
            castling,
            bare_king,
            ep_onto,
            ends,
            drops,
        } = specials;
        promotion.resize(kinds, None);
        let mut scan = [0u64; 2];
        for (side, s) in scan.iter_mut().enumerate() {
            let lines = tables.ride_vectors[side]
                | tables.hop_vectors[side]
                | tables.grasshopper_vectors[side];
            for v in 0..board.vectors().len() {
                if lines >> board.opposite(v) & 1 != 0 {
                    *s |= 1 << v;
                }
            }
            if facing {
                *s |= FILE_DIRECTIONS;
            }
        }
        let mut line_kinds = [0; 2];
        for (side, lk) in line_kinds.iter_mut().enumerate() {
            for k in 0..kinds {
                let lines = (0..board.points()).any(|p| {
                    let pm = tables.at(side, k, p);
                    !pm.ride_capture_to.is_empty() || !pm.hop_capture_to.is_empty()
                });
                if lines || (facing && royal & 1 << k != 0) {
                    *lk |= 1 << k;
                }
            }
        }
        let hops = (tables.hop_vectors[0] | tables.hop_vectors[1]) != 0
            || (tables.grasshopper_vectors[0] | tables.grasshopper_vectors[1]) != 0;
        let plain = !facing
            && !hops
            && (tables.lame_leapers[0] | tables.lame_leapers[1]) == 0
            && !board.has_parallel_vectors();
        let mut partial_riders = [Vec::new(), Vec::new()];
        for (side, partial) in partial_riders.iter_mut().enumerate() {
            for &k in &tables.riders[side] {
                if !tables.covered_by_full_lines(&board, side, k as usize) {
                    partial.push(k);
                }
            }
        }
        let zobrist = (0..2 * MAX_KINDS * 128)
            .map(|i| splitmix64(0xC4E5_5000 + i as u64))
            .collect();
        let mut zobrist_rights = Box::new([[0u64; 128]; 3]);
        for (i, row) in zobrist_rights.iter_mut().enumerate() {
            for (p, key) in row.iter_mut().enumerate() {
                *key = splitmix64(0xCA57_1E00 + (i * 128 + p) as u64);
            }
        }
        let promoting = promotion
            .iter()
            .enumerate()
            .filter(|(_, p)| p.is_some())
            .fold(0, |acc, (k, _)| acc | 1 << k);
        let uneven_promotion = promotion
            .iter()
            .enumerate()
            .filter(|(_, p)| {
                p.as_ref()
                    .is_some_and(|p| p.on_leaving || !(p.must[0] | p.must[1]).is_empty())
            })
            .fold(0, |acc, (k, _)| acc | 1 << k);
        Engine {
            board,
            tables,
            kinds,
            royal,
            facing,
            plain,
            promotion,
            promoting,
            en_passant,
            castling,
            bare_king,
            ep_onto,
            counts_checks: ends.is_some_and(|e| e.checks_to_win.is_some()),
            ends,
            drops: drops.map(Box::new),
            uneven_promotion,
            scan,
            line_kinds,
            partial_riders,
            zobrist,
            zobrist_second: splitmix64(0x005E_C04D),
            zobrist_rights,
        }
    }

    /// The royal piece of `side`, if it has one.
    #[inline(always)]
    pub fn royal_point(&self, pos: &Position<B>, side: usize) -> Option<u32> {
        let mut royals = B::ZERO;
        let mut r = self.royal;
        while r != 0 {
            let k = r.trailing_zeros() as usize;
            r &= r - 1;
            royals |= pos.kinds[k];
        }
        let mine = royals & pos.sides[side & 1];
        (!mine.is_empty()).then(|| mine.lowest())
    }

    /// Whether the side to move's royal piece is attacked (or faces the other).
    pub fn in_check(&self, pos: &Position<B>) -> bool {
        let us = pos.side as usize;
        match self.royal_point(pos, us) {
            Some(r) => self.attacked(pos, r, 1 - us, pos.occupied(), B::ZERO),
            None => false,
        }
    }

    /// Whether the side NOT to move's royal piece is attacked: a position that cannot arise.
    pub fn opponent_in_check(&self, pos: &Position<B>) -> bool {
        let them = 1 - pos.side as usize;
        match self.royal_point(pos, them) {
            Some(r) => self.attacked(pos, r, pos.side as usize, pos.occupied(), B::ZERO),
            None => false,
        }
    }

    /// Whether the game is already over by the bare-king rule (perft: no moves), and if so
    /// whether the side to move has won.
    #[inline(always)]
    pub fn bare_king_over(&self, pos: &Position<B>) -> Option<bool> {
        let rule = self.bare_king?;
        let us = pos.side as usize & 1;
        let (mine, theirs) = (pos.sides[us].count(), pos.sides[1 - us].count());
        if theirs <= 1 && mine >= 2 {
            return Some(true);
        }
        if mine <= 1 && theirs >= 2 + u32::from(rule.reply) {
            return Some(false);
        }
        None
    }

    /// Every legal move of the side to move, into `sink`.
    #[inline]
    pub fn generate<S: Sink<B>>(&self, pos: &Position<B>, sink: &mut S) {
        if self.plain {
            self.generate_with::<S, true>(pos, sink);
        } else {
            self.generate_with::<S, false>(pos, sink);
        }
    }

    /// Every legal move, with the way of working out checks chosen (`PLAIN`).
    #[inline(always)]
    pub fn generate_with<S: Sink<B>, const PLAIN: bool>(&self, pos: &Position<B>, sink: &mut S) {
        if self.bare_king.is_some() && self.bare_king_over(pos).is_some() {
            return;
        }
        if let Some(ends) = &self.ends {
            return self.generate_ending::<S, PLAIN>(pos, ends, sink);
        }
        let safety = self.safety::<PLAIN>(pos);
        self.generate_moves::<S, PLAIN>(pos, &safety, sink);
    }

    /// The number of legal moves.
    #[inline]
    pub fn count(&self, pos: &Position<B>) -> u64 {
        let mut c = Counter(0);
        self.generate(pos, &mut c);
        c.0
    }

    /// The number of legal moves, the way of working out checks chosen.
    #[inline(always)]
    pub fn count_with<const PLAIN: bool>(&self, pos: &Position<B>) -> u64 {
        let mut c = Counter(0);
        self.generate_with::<Counter, PLAIN>(pos, &mut c);
        c.0
    }

    /// The legal moves in a list.
    pub fn legal(&self, pos: &Position<B>) -> Vec<Move> {
        let mut list = Vec::with_capacity(64);
        self.generate(pos, &mut list);
        list
    }
}
