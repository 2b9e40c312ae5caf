//! The compiled kernel: the rules as a plain struct, Zobrist keys, and the shapes (rules and
//! board layout) that are type parameters of the generator.

use super::lines::LineTables;
use super::moves::Move;
use super::zobrist::Zobrist;
use crate::bits::Bits;
use crate::draughts::geometry::Direction::{
    self, Down, DownLeft, DownRight, Left, Right, Up, UpLeft, UpRight,
};
use crate::draughts::position::Position;
use crate::draughts::rules::Rules;
use crate::draughts::schema::{Criterion, KingLanding, KingRange, PromotionDuringCapture, Removal};

/// The rules compiled into a plain struct for the generator.
#[derive(Clone, Debug)]
pub struct Kernel<B = u64> {
    pub(in crate::draughts) squares: B,
    pub(in crate::draughts) half: u32,
    /// The board's layout when one of the sizes compiled in (see [`with_shape`]) fits.
    pub(in crate::draughts) board: BoardSize,
    pub(in crate::draughts) rays: Box<[[B; 8]; 128]>,
    /// The squares with a next square along their row toward the left (lower bits), and
    /// toward the right.
    pub(in crate::draughts) along_row: [B; 2],
    /// The row where white men are crowned (top row), and black's (bottom row).
    pub(in crate::draughts) promotion_rows: [B; 2],
    /// The promotion rows where a man crowned mid-capture goes on as a king, else 0.
    pub(in crate::draughts) crowned_goes_on: [B; 2],
    pub(in crate::draughts) men_capture_kings: bool,
    pub(in crate::draughts) promotion: PromotionDuringCapture,
    pub(in crate::draughts) compulsory: bool,
    /// The precedence criteria in order (the first `criteria` of them): each at most once.
    pub(in crate::draughts) precedence: [Criterion; Criterion::ALL.len()],
    pub(in crate::draughts) criteria: usize,
    /// A man's and a king's worth to the `most-value` criterion.
    pub(in crate::draughts) values: crate::draughts::rules::PieceValues,
    /// The precedence is the number of pieces alone: the score is the number of jumps.
    pub(in crate::draughts) score_is_jumps: bool,
    /// The precedence looks at the order in which kings are taken.
    pub(in crate::draughts) king_order: bool,
    /// The precedence weighs first who captures: any capture by a king outranks every
    /// capture by a man, so a man's capture need not be searched once a king can capture.
    pub(in crate::draughts) kings_outrank_men: bool,
    pub(in crate::draughts) flying: bool,
    /// Men and kings capture along rows and columns too (men backward as well).
    pub(in crate::draughts) orthogonal: bool,
    /// Where a flying king lands after taking a piece.
    pub(in crate::draughts) landing: KingLanding,
    pub(in crate::draughts) immediate: bool,
    pub(in crate::draughts) men_backward: bool,
    /// Single-jump captures can be counted in bulk: the precedence cannot tell them apart.
    pub(in crate::draughts) bulk_single_jumps: bool,
    /// The precedence score of a one-jump capture by its kind, indexed by [`single_kind`]:
    /// a man taking a man, a man taking a king, a king taking a man, a king taking a king.
    pub(in crate::draughts) single_scores: [u128; 4],
    /// By the set of kinds present (bit [`single_kind`] set for each kind with a capture):
    /// the kinds the precedence keeps among them (those scoring best), and their score (0 for
    /// none). Read instead of weighing the kinds in turn, a branch each.
    pub(in crate::draughts) single_best: [(u8, u128); 16],
    /// The line-table generator, when the rules need it (the shift-based code is then unused).
    pub(in crate::draughts) lines: Option<Box<LineTables<B>>>,
    /// Zobrist keys.
    pub(in crate::draughts) zobrist: Zobrist,
}

impl<B: Bits> Kernel<B> {
    /// Compiles the rules.
    pub fn new(rules: &Rules) -> Kernel<B> {
        let geo = &rules.geometry;
        let mut rays = Box::new([[B::ZERO; 8]; 128]);
        let mut along_row = [B::ZERO; 2];
        for bit in geo.bits() {
            for dir in Direction::EIGHT {
                rays[bit as usize][dir as usize] = geo.ray(bit, dir);
            }
            for (side, dir) in [Left, Right].into_iter().enumerate() {
                if rays[bit as usize][dir as usize] != B::ZERO {
                    along_row[side] |= B::bit(bit);
                }
            }
        }
        let mut precedence = [Criterion::MostPieces; Criterion::ALL.len()];
        // The rules name each criterion at most once, so every list fits.
        for (slot, c) in precedence.iter_mut().zip(&rules.precedence) {
            *slot = *c;
        }
        let board = match (geo.columns(), geo.rows()) {
            (8, 8) => BoardSize::Eight,
            (10, 10) => BoardSize::Ten,
            (12, 12) => BoardSize::Twelve,
            _ => BoardSize::Other,
        };
        // The shift-based generator reads the padded diagonal layout; rules played by the
        // line tables (Turkish: every square of the board) need not have it.
        debug_assert!(
            board == BoardSize::Other
                || LineTables::<B>::needed(rules)
                || padded_squares(geo.columns(), geo.rows()) == geo.squares::<u128>()
        );
        let promotion_rows = [geo.row_mask(0), geo.row_mask(geo.rows() - 1)];
        let mut kernel = Kernel {
            squares: geo.squares(),
            half: geo.columns() / 2,
            board,
            rays,
            along_row,
            promotion_rows,
            crowned_goes_on: if rules.promotion_during_capture
                == PromotionDuringCapture::ContinueAsKing
            {
                promotion_rows
            } else {
                [B::ZERO; 2]
            },
            men_capture_kings: rules.men_capture_kings,
            promotion: rules.promotion_during_capture,
            compulsory: rules.compulsory_capture,
            precedence,
            criteria: rules.precedence.len().min(Criterion::ALL.len()),
            values: rules.values,
            score_is_jumps: rules.precedence == [Criterion::MostPieces],
            king_order: rules.precedence.contains(&Criterion::KingTakenEarliest),
            kings_outrank_men: rules.precedence.first() == Some(&Criterion::MadeByKing),
            flying: rules.king_range == KingRange::Flying,
            orthogonal: rules.man_capture_lines.orthogonal,
            landing: rules.king_landing,
            immediate: rules.removal == Removal::Immediate,
            men_backward: rules.men_capture_backward,
            bulk_single_jumps: true,
            single_scores: [0; 4],
            single_best: [(0, 0); 16],
            lines: LineTables::<B>::needed(rules).then(|| Box::new(LineTables::<B>::new(rules))),
            zobrist: Zobrist::new(),
        };
        for by_king in [false, true] {
            for takes_king in [false, true] {
                let king_order = if takes_king { 1 << 63 } else { 0 };
                kernel.single_scores[single_kind(by_king, takes_king)] =
                    score(&kernel, 1, takes_king as u32, by_king, king_order);
            }
        }
        for present in 0..16 {
            let kinds = (0..4).filter(|kind| present >> kind & 1 != 0);
            let best = kinds
                .clone()
                .map(|kind| kernel.single_scores[kind])
                .max()
                .unwrap_or(0);
            let keep = kinds
                .filter(|&kind| kernel.single_scores[kind] == best)
                .fold(0u8, |keep, kind| keep | 1 << kind);
            kernel.single_best[present] = (keep, best);
        }
        // Whatever the criteria, they cannot tell one-jump captures apart when every kind
        // scores the same.
        let [first, ..] = kernel.single_scores;
        kernel.bulk_single_jumps = kernel.single_scores.iter().all(|&s| s == first);
        kernel
    }

    /// Runs the line-table generator whatever the rules (a second, independent generator to
    /// compare the kernel with).
    pub(crate) fn use_line_tables(&mut self, rules: &Rules) {
        self.lines = Some(Box::new(LineTables::<B>::new(rules)));
    }

    /// Runs the line-table generator with no whole-set shifts, whatever the rules.
    pub(crate) fn use_line_tables_square_by_square(&mut self, rules: &Rules) {
        let mut lines = LineTables::<B>::new(rules);
        lines.without_shifts();
        self.lines = Some(Box::new(lines));
    }

    /// Whether the line-table generator plays these rules.
    pub fn follows_line_tables(&self) -> bool {
        self.lines.is_some()
    }

    /// Runs the generator that reads the board layout from the kernel whatever the size.
    pub(crate) fn read_layout_at_run_time(&mut self) {
        self.board = BoardSize::Other;
    }

    /// The Zobrist hash of a position (pieces and side to move), computed from scratch.
    pub fn zobrist(&self, pos: &Position<B>) -> u64 {
        self.zobrist.hash(pos)
    }

    /// The Zobrist hash after `mv`, updated from `hash`, the hash of `pos`.
    #[inline(always)]
    pub fn zobrist_after(&self, pos: &Position<B>, hash: u64, mv: &Move<B>) -> u64 {
        self.zobrist.after(pos, hash, mv)
    }

    /// Half the number of columns: a constant when the shape fixes the board.
    #[inline(always)]
    pub(in crate::draughts) fn half<P: Shape>(&self) -> u32 {
        if P::COLUMNS != 0 {
            P::COLUMNS / 2
        } else {
            self.half
        }
    }

    /// The pieces of `enemy` a man may take, `kings` the kings on the board: all of them, or
    /// the men alone where men may not take kings.
    #[inline(always)]
    pub(in crate::draughts) fn man_targets(&self, enemy: B, kings: B) -> B {
        if self.men_capture_kings {
            enemy
        } else {
            enemy & !kings
        }
    }

    /// The playable squares: a constant when the shape fixes the board.
    #[inline(always)]
    pub(in crate::draughts) fn squares<P: Shape>(&self) -> B {
        if P::COLUMNS != 0 {
            B::from_u128(P::SQUARES)
        } else {
            self.squares
        }
    }

    /// The squares with a next square along their row toward the left (`right` false) or
    /// the right: a constant when the shape fixes the board.
    #[inline(always)]
    fn along_row<P: Shape>(&self, right: bool) -> B {
        if P::COLUMNS != 0 {
            B::from_u128(P::ALONG_ROW[right as usize])
        } else {
            self.along_row[right as usize]
        }
    }

    /// Every square of `bb` moved one step in `dir`. Not masked on the diagonals and columns:
    /// a step off the board there lands on a ghost bit or past the board, so every caller
    /// intersects the result with a set of squares (pieces, empty squares) before using it.
    /// Along a row the next bit past the last square is the first square of the row below,
    /// so the squares with no next square are dropped first.
    #[inline(always)]
    pub(in crate::draughts) fn step<P: Shape>(&self, bb: B, dir: Direction) -> B {
        let half = self.half::<P>();
        match dir {
            UpLeft => bb >> (half + 1),
            UpRight => bb >> half,
            DownLeft => bb << half,
            DownRight => bb << (half + 1),
            Up => bb >> (2 * half + 1),
            Down => bb << (2 * half + 1),
            Left => (bb & self.along_row::<P>(false)) >> 1,
            Right => (bb & self.along_row::<P>(true)) << 1,
        }
    }

    #[inline(always)]
    pub(in crate::draughts) fn ray(&self, bit: u32, dir: Direction) -> B {
        self.rays[bit as usize][dir as usize]
    }

    /// The precedence score of a capture of `jumps` pieces, `kings` of them kings, for the
    /// lean searches, which serve only the precedences blind to the order kings are taken in:
    /// 0 when there is no precedence, the number of jumps when that is all it weighs.
    #[inline(always)]
    pub(in crate::draughts) fn unordered_score(
        &self,
        jumps: u32,
        kings: impl FnOnce() -> u32,
        by_king: bool,
    ) -> u128 {
        if self.criteria == 0 {
            0
        } else if self.score_is_jumps {
            jumps as u128
        } else {
            score(self, jumps, kings(), by_king, 0)
        }
    }

    /// The empty squares from `bit` along `dir` up to the first occupied one.
    #[inline(always)]
    pub(in crate::draughts) fn open_ray(&self, bit: u32, dir: Direction, occupied: B) -> B {
        // Rays are looked up, not stepped: the geometry is not needed here.
        let ray = self.ray(bit, dir);
        let blockers = ray & occupied;
        if blockers == B::ZERO {
            ray
        } else {
            let b = nearest(blockers, dir);
            ray & !self.ray(b, dir) & !B::bit(b)
        }
    }
}

/// The index of a one-jump capture's kind in [`Kernel::single_scores`].
#[inline(always)]
pub(in crate::draughts) const fn single_kind(by_king: bool, takes_king: bool) -> usize {
    (by_king as usize) << 1 | takes_king as usize
}

/// The precedence score of a capture of `pieces` pieces, `kings` of them kings, made by a
/// king or not, with the order in which kings were taken (bit 63 for the first jump, 62 for
/// the second, ...): the criteria compared in order, each in its own bit field. The line
/// tables score the same way (`lines.rs`); one generic function for both cost this kernel
/// 2-5 % more instructions on Spanish, Italian and Czech (callgrind), so each keeps its own.
#[inline(always)]
pub(in crate::draughts) fn score<B: Bits>(
    k: &Kernel<B>,
    pieces: u32,
    kings: u32,
    by_king: bool,
    king_order: u64,
) -> u128 {
    let mut score: u128 = 0;
    for c in &k.precedence[..k.criteria] {
        score = match c {
            Criterion::MostPieces => (score << 7) | pieces as u128,
            Criterion::MostKings => (score << 7) | kings as u128,
            Criterion::MostValue => {
                let value = (pieces - kings) * k.values.man + kings * k.values.king;
                (score << 40) | value as u128
            }
            Criterion::MadeByKing => (score << 1) | by_king as u128,
            Criterion::KingTakenEarliest => (score << 64) | king_order as u128,
        };
    }
    score
}

/// The nearest set bit of `bb` seen from a square looking along `dir`.
#[inline(always)]
pub(in crate::draughts) fn nearest<B: Bits>(bb: B, dir: Direction) -> u32 {
    if dir.increases() {
        bb.lowest()
    } else {
        bb.highest()
    }
}

/// The squares of `ray`, a line from a square along `dir`, before the first of `pieces` (on
/// that line): all of it when there is none. No branch (whether a line holds a piece is the
/// board's coin toss).
#[inline(always)]
pub(in crate::draughts) fn before_first<B: Bits>(ray: B, pieces: B, dir: Direction) -> B {
    ray & if dir.increases() {
        pieces.below_lowest()
    } else {
        pieces.above_highest()
    }
}

/// The squares of `ray`, a line from a square along `dir`, past `first` (the first of
/// `pieces` on it) and before the next of them (to the end of the line when there is none):
/// where a flying king taking `first` may land. No table read and no branch, where
/// [`Kernel::open_ray`] from `first` reads two rays and tests whether the line is open.
#[inline(always)]
pub(in crate::draughts) fn past_first<B: Bits>(ray: B, pieces: B, first: B, dir: Direction) -> B {
    before_first(ray, pieces ^ first, dir) ^ before_first(ray, pieces, dir) ^ first
}

/// The board sizes whose layout is compiled into the generator as constants; any other size
/// runs the same generator reading its layout from the kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::draughts) enum BoardSize {
    Eight,
    Ten,
    Twelve,
    Other,
}

/// The playable squares of the padded layout of a `columns` x `rows` board (as
/// [`crate::geometry::Geometry`] lays it out, whichever corner is playable).
pub(in crate::draughts) const fn padded_squares(columns: u32, rows: u32) -> u128 {
    let half = columns / 2;
    let mut mask = 0u128;
    let mut row = 0;
    while row < rows {
        let mut column = 0;
        while column < columns {
            if (row + column) % 2 == 1 {
                mask |= 1 << (row * half + column / 2 + row / 2);
            }
            column += 1;
        }
        row += 1;
    }
    mask
}

/// The squares of the padded layout of a `columns` x `rows` board that have a next square
/// along their row toward the right (`right`) or the left.
pub(in crate::draughts) const fn along_row(columns: u32, rows: u32, right: bool) -> u128 {
    let half = columns / 2;
    let mut mask = 0u128;
    let mut row = 0;
    while row < rows {
        let mut column = 0;
        while column < columns {
            let inner = if right {
                column + 2 < columns
            } else {
                column >= 2
            };
            if (row + column) % 2 == 1 && inner {
                mask |= 1 << (row * half + column / 2 + row / 2);
            }
            column += 1;
        }
        row += 1;
    }
    mask
}

/// The rules that shape the inner loop, and the board layout when it is one compiled in, as
/// types.
pub(crate) trait Shape {
    const FLYING: bool;
    const IMMEDIATE: bool;
    const MEN_BACKWARD: bool;
    /// Men and kings capture along rows and columns too (and then men capture backward).
    const ORTHOGONAL: bool;
    /// Columns of the board, or 0 when the layout is read from the kernel.
    const COLUMNS: u32;
    /// The squares with a next square along their row toward the left, and the right, when
    /// `COLUMNS` is not 0.
    const ALONG_ROW: [u128; 2];
    /// The playable squares when `COLUMNS` is not 0 (in the widest set: each width takes
    /// what it holds).
    const SQUARES: u128;
}

pub(crate) struct ShapeOf<
    const F: bool,
    const I: bool,
    const B: bool,
    const O: bool,
    const C: u32,
    const R: u32,
>;

impl<const F: bool, const I: bool, const B: bool, const O: bool, const C: u32, const R: u32> Shape
    for ShapeOf<F, I, B, O, C, R>
{
    const FLYING: bool = F;
    const IMMEDIATE: bool = I;
    const MEN_BACKWARD: bool = B;
    const ORTHOGONAL: bool = O;
    const COLUMNS: u32 = C;
    const ALONG_ROW: [u128; 2] = [along_row(C, R, false), along_row(C, R, true)];
    const SQUARES: u128 = padded_squares(C, R);
}

/// A computation generic over the [`Shape`], run with the kernel's by
/// [`Dispatch::with_shape`].
pub(crate) trait Shaped {
    /// What the computation gives.
    type Output;
    /// Runs it with shape `P`.
    fn run<P: Shape>(self) -> Self::Output;
}

/// A width with the board sizes whose layouts are compiled in for it: each width compiles
/// only the sizes it plays (its generator is instantiated once per size and rule shape).
pub(crate) trait Dispatch: Bits {
    /// Runs `f` with the shape of kernel `k`.
    fn with_shape<F: Shaped>(k: &Kernel<Self>, f: F) -> F::Output;
}

impl Dispatch for u64 {
    #[inline]
    fn with_shape<F: Shaped>(k: &Kernel<u64>, f: F) -> F::Output {
        with_shape!(k, [Eight 8 8, Ten 10 10], f)
    }
}

impl Dispatch for u128 {
    #[inline]
    fn with_shape<F: Shaped>(k: &Kernel<u128>, f: F) -> F::Output {
        with_shape!(k, [Twelve 12 12], f)
    }
}
