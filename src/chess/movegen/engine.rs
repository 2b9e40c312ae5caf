//! The generator compiled from the rules ([`Engine`]): the board, the piece tables and the
//! special rules, with the Zobrist keys; what every node asks first (the royal piece, check,
//! the bare king), and the legal moves generated into a sink.

use super::moves::Move;
use super::sink::{Counter, Sink};
use super::specials::{BareKing, Castling, Drops, EnPassant, Ends, Explosion, Promotion, Specials};
use crate::chess::bitboard::Set;
use crate::chess::geometry::Geometry;
use crate::chess::position::Position;
use crate::chess::tables::{Kinds, MAX_KINDS, Tables};

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
    /// Royal pieces may come to face each other; the side then to move must break the facing
    /// or pass ([`super::facing`]).
    pub must_break_facing: bool,
    /// A player may pass.
    pub passing: bool,
    /// Two passes in a row end the game.
    pub two_passes_end: bool,
    /// `two_passes_end` or `must_break_facing`: the one flag generation tests for both, so that
    /// other rules pay one branch per node ([`super::facing`]).
    pub(super) passing_rules: bool,
    /// Some hopper may not hop over some types ([`crate::chess::tables::Tables::refused_screens`]).
    pub(super) picky_screens: bool,
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
    pub ends: Option<Ends<B>>,
    /// Whether a move counts the checks it gives (n-check).
    pub counts_checks: bool,
    /// Drops, if the rules have them.
    pub drops: Option<Box<Drops<B>>>,
    /// Every capture explodes, if the rules say so.
    pub explosion: Option<Explosion<B>>,
    /// The types whose promotion the pawns' fast path cannot make (on leaving the zone, or
    /// compulsory in part of it).
    pub(crate) uneven_promotion: Kinds,
    /// Per attacking side: the vectors, seen from the target, along which a line attack
    /// (ride, hop, facing royal) may come (general rules).
    pub(super) scan: [u64; 2],
    /// Per side: the piece types that may attack along a line (ride, hop, face).
    pub(super) line_kinds: [Kinds; 2],
    /// Per side: the riders whose captures the full-line sets do not cover (plain rules).
    pub(super) partial_riders: [Vec<u8>; 2],
    /// Zobrist keys: `[side][kind][point]`.
    pub(super) zobrist: Box<[u64]>,
    /// The key of the second side to move.
    pub(super) zobrist_second: u64,
    /// Keys of castling rights, en-passant points and promoted pieces, per point.
    pub(super) zobrist_rights: Box<[[u64; 128]; 3]>,
}

pub(super) const fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl<B: Set> Engine<B> {
    /// Compiles the generator from the board, the tables and the special rules.
    pub fn new(board: Geometry<B>, tables: Tables<B>, kinds: usize, specials: Specials<B>) -> Self {
        let Specials {
            royal,
            facing,
            must_break_facing,
            passing,
            two_passes_end,
            mut promotion,
            en_passant,
            castling,
            bare_king,
            ep_onto,
            ends,
            drops,
            explosion,
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
        let picky_screens = tables.refused_screens.iter().any(|&k| k != 0);
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
            must_break_facing,
            passing,
            two_passes_end,
            passing_rules: two_passes_end || must_break_facing,
            plain,
            picky_screens,
            promotion,
            promoting,
            en_passant,
            castling,
            bare_king,
            ep_onto,
            counts_checks: ends.is_some_and(|e| e.checks_to_win.is_some()),
            ends,
            drops: drops.map(Box::new),
            explosion,
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
        if let Some(x) = &self.explosion {
            return self.royal_blast_attacked(pos, x, us & 1);
        }
        match self.royal_point(pos, us) {
            Some(r) => self.attacked(pos, r, 1 - us, pos.occupied(), B::ZERO),
            None => false,
        }
    }

    /// Whether the side NOT to move's royal piece is attacked: a position that cannot arise.
    pub fn opponent_in_check(&self, pos: &Position<B>) -> bool {
        let them = 1 - pos.side as usize;
        if let Some(x) = &self.explosion {
            return self.royal_blast_attacked(pos, x, them & 1);
        }
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
        if self.passing_rules {
            return self.generate_passing_rules::<S, PLAIN>(pos, sink);
        }
        self.generate_unfaced::<S, PLAIN>(pos, sink);
    }

    /// Every legal move, the royal pieces not facing under `must_break_facing` (or the moves
    /// that break the facing then filtered).
    #[inline(always)]
    pub(crate) fn generate_unfaced<S: Sink<B>, const PLAIN: bool>(
        &self,
        pos: &Position<B>,
        sink: &mut S,
    ) {
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
