//! The rules the generator is compiled from besides the board and the piece tables:
//! promotion, en passant, castling, the bare king, the rules that end a game otherwise than by
//! checkmate, and drops.

use super::moves::Move;
use crate::chess::bitboard::Set;
use crate::chess::geometry::Geometry;
use crate::chess::position::Position;
use crate::chess::tables::{Kinds, MAX_KINDS};

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
    pub fn compile_paths(&mut self, board: &Geometry<B>) {
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

/// A flag, compiled: a piece of some types reaching a region wins.
#[derive(Clone, Copy, Debug)]
pub struct Flag<B> {
    /// The types whose arrival counts.
    pub kinds: Kinds,
    /// Per side: the points it must reach.
    pub region: [B; 2],
    /// When the first side arrives, the second has one more move if that move can bring it
    /// there too (arriving draws).
    pub second_may_answer: bool,
    /// When an arrival wins.
    pub wins: FlagWins,
}

/// Extinction, compiled: a side with fewer than `fewer_than` pieces of `kinds` (together, or
/// of any one of them when `each_type`) has met it.
#[derive(Clone, Copy, Debug)]
pub struct Extinction {
    /// The types (all, when the rules name none).
    pub kinds: Kinds,
    /// Each type counts on its own.
    pub each_type: bool,
    /// The least number of pieces a side must keep (1: at least one).
    pub fewer_than: u32,
}

/// Every capture explodes, compiled ([`super::explosion`]).
#[derive(Clone, Debug)]
pub struct Explosion<B> {
    /// The types a blast beside them leaves standing.
    pub spares: Kinds,
    /// The types no blast removes, their own capture's neither.
    pub immune: Kinds,
    /// Per point: the points a king's step from it, which its blast reaches.
    pub around: Box<[B]>,
}

/// The rules of this module, compiled.
#[derive(Clone, Copy, Debug, Default)]
pub struct Ends<B> {
    /// The flag rule.
    pub flag: Option<Flag<B>>,
    /// Extinction: the types a side may not lose.
    pub extinction: Option<Extinction>,
    /// The side that has given this many checks has won.
    pub checks_to_win: Option<u8>,
    /// No move may give check.
    pub giving_check_illegal: bool,
    /// A royal piece in check may move only to capture a piece giving check.
    pub royal_stays_in_check: bool,
    /// A player who can capture must.
    pub compulsory_capture: bool,
    /// Captures explode and some type is royal: each move is played, and legal when the
    /// mover's royal pieces stand and are not attacked, the blast seen ([`super::explosion`]).
    pub blast_checks: bool,
}

pub use crate::chess::schema::FlagWins;

impl<B: Set> Flag<B> {
    /// Whether `side` has a flag piece in its region.
    #[inline]
    pub fn reached(&self, pos: &Position<B>, side: usize) -> bool {
        !self.there(pos, side).is_empty()
    }

    /// The flag pieces of `side` standing in its region.
    #[inline]
    pub fn there(&self, pos: &Position<B>, side: usize) -> B {
        let mut there = B::ZERO;
        let mut k = self.kinds;
        while k != 0 {
            let kind = k.trailing_zeros() as usize;
            k &= k - 1;
            there |= pos.pieces(side, kind);
        }
        there & self.region[side & 1]
    }
}

/// Drops, compiled.
#[derive(Clone, Debug)]
pub struct Drops<B> {
    /// Per type: the type a captured piece of it goes to the hand as.
    pub to_hand: [u8; MAX_KINDS],
    /// Per type: the type a captured piece of it marked promoted goes to the hand as.
    pub reverts_to: [u8; MAX_KINDS],
    /// The types whose promotion marks the piece promoted (it reverts when captured).
    pub reverting: Kinds,
    /// Per side, per type: the points it may be dropped on.
    pub region: [[B; MAX_KINDS]; 2],
    /// The types that may not be dropped on a file where their side has one.
    pub one_per_file: Kinds,
    /// The types whose drop may not checkmate.
    pub no_mate: Kinds,
    /// The types whose drop may not give check.
    pub no_check: Kinds,
    /// Captured pieces go to the capturer's hand (else the hands hold what the FEN gave).
    pub captures_to_hand: bool,
}

/// What the engine is compiled from besides the board and the piece tables.
#[derive(Clone, Debug, Default)]
pub struct Specials<B> {
    /// The royal types.
    pub royal: Kinds,
    /// Royal pieces may not face each other on an open file.
    pub facing: bool,
    /// Royal pieces may come to face each other; the side then to move must break the facing
    /// or pass.
    pub must_break_facing: bool,
    /// A player may pass (not in check, unless the royal pieces face under
    /// `must_break_facing`).
    pub passing: bool,
    /// Two passes in a row end the game (perft: no moves).
    pub two_passes_end: bool,
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
    /// The rules that end a game otherwise than by checkmate, if any.
    pub ends: Option<Ends<B>>,
    /// Drops, if the rules have them.
    pub drops: Option<Drops<B>>,
    /// Every capture explodes, if the rules say so.
    pub explosion: Option<Explosion<B>>,
}
