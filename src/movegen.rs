//! Move generation: the hot path. Rules are compiled once into a [`Kernel`], and the few rules
//! that shape the inner loop (king range, removal, men's capture directions) are type
//! parameters, so each shipped variant runs a monomorphised generator with no rule branching
//! and no heap allocation per node (move lists are reused buffers). The board layout is a type
//! parameter too for the sizes compiled in (8x8 and 10x10: every step a shift by a constant);
//! any other size runs the same code reading its layout from the kernel.
//!
//! Perft counts the last ply without playing it, and the two plies above it are specialised:
//! the parent of the leaves ([`perft2`]) plays its ordinary moves straight from the bitboards
//! and counts each child's replies in place, from bitboards prepared once per parent while
//! the opponent has no king and no capture; captures at the last ply are counted by bitboards
//! when none can go on, and searched (only from the pieces whose capture may go on) otherwise.

use crate::geometry::Direction::{self, *};
use crate::position::Position;
use crate::rules::{Colour, Criterion, KingRange, PromotionDuringCapture, Removal, Rules};
use crate::table::Table;

/// Runs `$body` once per direction with `$d` bound to a constant, unrolled (a loop over an
/// array of directions is not unrolled by the compiler and costs a stack round trip).
macro_rules! each_direction {
    ($d:ident => $body:block) => {{
        {
            let $d = UpLeft;
            $body
        }
        {
            let $d = UpRight;
            $body
        }
        {
            let $d = DownLeft;
            $body
        }
        {
            let $d = DownRight;
            $body
        }
    }};
}

/// Like [`each_direction`] over the two forward directions of `$white`.
macro_rules! each_forward {
    ($white:expr, $d:ident => $body:block) => {{
        if $white {
            {
                let $d = UpLeft;
                $body
            }
            {
                let $d = UpRight;
                $body
            }
        } else {
            {
                let $d = DownLeft;
                $body
            }
            {
                let $d = DownRight;
                $body
            }
        }
    }};
}

/// A legal move: from, to, the captured set and whether the man is crowned. Jump orders that
/// share all of these are one move; `paths` says how many jump sequences it stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The pieces taken (bitboard); 0 for an ordinary move.
    pub captured: u64,
    /// Number of distinct jump sequences with this from, to and captured set.
    pub paths: u32,
    /// Bit of the starting square.
    pub from: u8,
    /// Bit of the final square.
    pub to: u8,
    /// A man becomes a king with this move.
    pub promotes: bool,
}

impl Move {
    /// Whether the move captures.
    pub fn is_capture(&self) -> bool {
        self.captured != 0
    }

    fn same_as(&self, other: &Move) -> bool {
        self.from == other.from
            && self.to == other.to
            && self.captured == other.captured
            && self.promotes == other.promotes
    }
}

/// The rules compiled into a plain struct for the generator.
#[derive(Clone, Debug)]
pub struct Kernel {
    squares: u64,
    half: u32,
    /// The board's layout when one of the sizes compiled in (see [`with_shape`]) fits.
    board: BoardSize,
    rays: Box<[[u64; 4]; 64]>,
    /// The row where white men are crowned (top row), and black's (bottom row).
    promotion_rows: [u64; 2],
    men_capture_kings: bool,
    promotion: PromotionDuringCapture,
    compulsory: bool,
    precedence: [Criterion; 4],
    criteria: usize,
    /// The precedence is the number of pieces alone: the score is the number of jumps.
    score_is_jumps: bool,
    /// The precedence looks at the order in which kings are taken.
    king_order: bool,
    flying: bool,
    immediate: bool,
    men_backward: bool,
    /// Single-jump captures can be counted in bulk: the precedence cannot tell them apart.
    bulk_single_jumps: bool,
    /// Zobrist keys: [white man, white king, black man, black king][square bit].
    zobrist: Box<[[u64; 64]; 4]>,
    zobrist_black_to_move: u64,
}

impl Kernel {
    /// Compiles the rules.
    pub fn new(rules: &Rules) -> Kernel {
        let geo = &rules.geometry;
        let mut rays = Box::new([[0u64; 4]; 64]);
        for bit in geo.bits() {
            for dir in Direction::ALL {
                rays[bit as usize][dir as usize] = geo.ray(bit, dir);
            }
        }
        let mut precedence = [Criterion::MostPieces; 4];
        for (i, c) in rules.precedence.iter().enumerate() {
            precedence[i] = *c;
        }
        let board = match (geo.columns(), geo.rows()) {
            (8, 8) => BoardSize::Eight,
            (10, 10) => BoardSize::Ten,
            _ => BoardSize::Other,
        };
        debug_assert!(
            board == BoardSize::Other || padded_squares(geo.columns(), geo.rows()) == geo.squares()
        );
        Kernel {
            squares: geo.squares(),
            half: geo.columns() / 2,
            board,
            rays,
            promotion_rows: [geo.row_mask(0), geo.row_mask(geo.rows() - 1)],
            men_capture_kings: rules.men_capture_kings,
            promotion: rules.promotion_during_capture,
            compulsory: rules.compulsory_capture,
            precedence,
            criteria: rules.precedence.len(),
            score_is_jumps: rules.precedence == [Criterion::MostPieces],
            king_order: rules.precedence.contains(&Criterion::KingTakenEarliest),
            flying: rules.king_range == KingRange::Flying,
            immediate: rules.removal == Removal::Immediate,
            men_backward: rules.men_capture_backward,
            bulk_single_jumps: rules.precedence.iter().all(|c| *c == Criterion::MostPieces),
            zobrist: Box::new(std::array::from_fn(|kind| {
                std::array::from_fn(|bit| splitmix64(((kind as u64) << 8) | bit as u64))
            })),
            zobrist_black_to_move: splitmix64(0xB1AC),
        }
    }

    /// Runs the generator that reads the board layout from the kernel whatever the size.
    pub(crate) fn read_layout_at_run_time(&mut self) {
        self.board = BoardSize::Other;
    }

    /// The Zobrist hash of a position (pieces and side to move), computed from scratch.
    pub fn zobrist(&self, pos: &Position) -> u64 {
        let mut h = if pos.side == Colour::Black {
            self.zobrist_black_to_move
        } else {
            0
        };
        for (kind, bb) in [
            pos.white & !pos.kings,
            pos.white & pos.kings,
            pos.black & !pos.kings,
            pos.black & pos.kings,
        ]
        .into_iter()
        .enumerate()
        {
            let mut rest = bb;
            while rest != 0 {
                h ^= self.zobrist[kind][rest.trailing_zeros() as usize];
                rest &= rest - 1;
            }
        }
        h
    }

    /// The Zobrist hash after `mv`, updated from `hash`, the hash of `pos`.
    #[inline(always)]
    pub fn zobrist_after(&self, pos: &Position, hash: u64, mv: &Move) -> u64 {
        let own = if pos.side == Colour::White { 0 } else { 2 };
        let enemy = 2 - own;
        let from = 1u64 << mv.from;
        let was_king = (pos.kings & from != 0) as usize;
        let is_king = (was_king == 1 || mv.promotes) as usize;
        let mut h = hash
            ^ self.zobrist_black_to_move
            ^ self.zobrist[own + was_king][mv.from as usize]
            ^ self.zobrist[own + is_king][mv.to as usize];
        let mut rest = mv.captured;
        while rest != 0 {
            let bit = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let king = (pos.kings >> bit & 1) as usize;
            h ^= self.zobrist[enemy + king][bit];
        }
        h
    }

    /// Half the number of columns: a constant when the shape fixes the board.
    #[inline(always)]
    fn half<P: Shape>(&self) -> u32 {
        if P::COLUMNS != 0 {
            P::COLUMNS / 2
        } else {
            self.half
        }
    }

    /// The playable squares: a constant when the shape fixes the board.
    #[inline(always)]
    fn squares<P: Shape>(&self) -> u64 {
        if P::COLUMNS != 0 {
            P::SQUARES
        } else {
            self.squares
        }
    }

    /// Every square of `bb` moved one step in `dir`. Not masked: a step off the board lands
    /// on a ghost bit or past the board, so every caller intersects the result with a set of
    /// squares (pieces, empty squares) before using it.
    #[inline(always)]
    fn step<P: Shape>(&self, bb: u64, dir: Direction) -> u64 {
        let half = self.half::<P>();
        match dir {
            UpLeft => bb >> (half + 1),
            UpRight => bb >> half,
            DownLeft => bb << half,
            DownRight => bb << (half + 1),
        }
    }

    #[inline(always)]
    fn ray(&self, bit: u32, dir: Direction) -> u64 {
        self.rays[bit as usize][dir as usize]
    }

    /// The empty squares from `bit` along `dir` up to the first occupied one.
    #[inline(always)]
    fn open_ray(&self, bit: u32, dir: Direction, occupied: u64) -> u64 {
        // Rays are looked up, not stepped: the geometry is not needed here.
        let ray = self.ray(bit, dir);
        let blockers = ray & occupied;
        if blockers == 0 {
            ray
        } else {
            let b = nearest(blockers, dir);
            ray & !self.ray(b, dir) & !(1u64 << b)
        }
    }
}

/// A fixed, well-mixed 64-bit value per input (the Zobrist keys are the same in every run).
const fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The nearest set bit of `bb` seen from a square looking along `dir`.
#[inline(always)]
fn nearest(bb: u64, dir: Direction) -> u32 {
    if dir.is_down() {
        bb.trailing_zeros()
    } else {
        63 - bb.leading_zeros()
    }
}

/// The board sizes whose layout is compiled into the generator as constants; any other size
/// runs the same generator reading its layout from the kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BoardSize {
    Eight,
    Ten,
    Other,
}

/// The playable squares of the padded layout of a `columns` x `rows` board (as
/// [`crate::geometry::Geometry`] lays it out, whichever corner is playable).
const fn padded_squares(columns: u32, rows: u32) -> u64 {
    let half = columns / 2;
    let mut mask = 0u64;
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

/// The rules that shape the inner loop, and the board layout when it is one compiled in, as
/// types.
pub(crate) trait Shape {
    const FLYING: bool;
    const IMMEDIATE: bool;
    const MEN_BACKWARD: bool;
    /// Columns of the board, or 0 when the layout is read from the kernel.
    const COLUMNS: u32;
    /// The playable squares when `COLUMNS` is not 0.
    const SQUARES: u64;
}

pub(crate) struct ShapeOf<const F: bool, const I: bool, const B: bool, const C: u32, const R: u32>;

impl<const F: bool, const I: bool, const B: bool, const C: u32, const R: u32> Shape
    for ShapeOf<F, I, B, C, R>
{
    const FLYING: bool = F;
    const IMMEDIATE: bool = I;
    const MEN_BACKWARD: bool = B;
    const COLUMNS: u32 = C;
    const SQUARES: u64 = padded_squares(C, R);
}

/// Calls `$f::<ShapeOf<..>>($args)` with the shape of kernel `$k`.
macro_rules! with_shape {
    ($k:expr, $f:ident ( $($arg:expr),* )) => {
        match $k.board {
            BoardSize::Eight => with_shape!(@rules $k, 8, 8, $f($($arg),*)),
            BoardSize::Ten => with_shape!(@rules $k, 10, 10, $f($($arg),*)),
            BoardSize::Other => with_shape!(@rules $k, 0, 0, $f($($arg),*)),
        }
    };
    (@rules $k:expr, $c:literal, $r:literal, $f:ident ( $($arg:expr),* )) => {
        match ($k.flying, $k.immediate, $k.men_backward) {
            (false, false, false) => $f::<ShapeOf<false, false, false, $c, $r>>($($arg),*),
            (false, false, true) => $f::<ShapeOf<false, false, true, $c, $r>>($($arg),*),
            (false, true, false) => $f::<ShapeOf<false, true, false, $c, $r>>($($arg),*),
            (false, true, true) => $f::<ShapeOf<false, true, true, $c, $r>>($($arg),*),
            (true, false, false) => $f::<ShapeOf<true, false, false, $c, $r>>($($arg),*),
            (true, false, true) => $f::<ShapeOf<true, false, true, $c, $r>>($($arg),*),
            (true, true, false) => $f::<ShapeOf<true, true, false, $c, $r>>($($arg),*),
            (true, true, true) => $f::<ShapeOf<true, true, true, $c, $r>>($($arg),*),
        }
    };
}

/// Where completed capture sequences go.
pub(crate) trait Sink {
    /// Whether the sink wants the landing squares of each jump ([`Sink::land`]).
    const WANTS_PATH: bool = false;
    /// Records that jump number `slot` (0-based) of the sequence being searched lands on `square`.
    #[inline(always)]
    fn land(&mut self, _slot: usize, _square: u8) {}
    /// Offers one complete capture sequence of `jumps` jumps.
    fn capture(&mut self, mv: Move, score: u128, jumps: u32);
    /// Offers an ordinary move.
    fn quiet(&mut self, mv: Move);
    /// Whether any capture has been accepted.
    fn has_captures(&self) -> bool;
}

/// A reusable list of unique moves (captures first), with duplicate jump orders merged.
#[derive(Clone, Debug, Default)]
pub struct MoveList {
    moves: Vec<Move>,
    best: u128,
    captures: usize,
}

impl MoveList {
    /// An empty list with room for `n` moves.
    pub fn with_capacity(n: usize) -> Self {
        MoveList {
            moves: Vec::with_capacity(n),
            best: 0,
            captures: 0,
        }
    }

    /// The moves.
    pub fn as_slice(&self) -> &[Move] {
        &self.moves
    }

    /// Number of unique moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether there is no move.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    fn clear(&mut self) {
        self.moves.clear();
        self.best = 0;
        self.captures = 0;
    }
}

impl Sink for MoveList {
    #[inline]
    fn capture(&mut self, mv: Move, score: u128, jumps: u32) {
        if score < self.best {
            return;
        }
        if score > self.best {
            self.moves.clear();
            self.best = score;
        }
        // Two captures of fewer than three pieces never share from, to and captured set.
        if jumps >= 3
            && let Some(m) = self.moves.iter_mut().find(|m| m.same_as(&mv))
        {
            m.paths += 1;
            return;
        }
        self.moves.push(mv);
        self.captures = self.moves.len();
    }

    #[inline]
    fn quiet(&mut self, mv: Move) {
        self.moves.push(mv);
    }

    #[inline]
    fn has_captures(&self) -> bool {
        self.captures > 0
    }
}

/// Counts captures at the last ply without listing them; only sequences of three jumps or
/// more (the only ones that can repeat a move) are kept, in `long`, to merge duplicates.
struct LeafCount<'a> {
    long: &'a mut Vec<Move>,
    unique: u64,
    paths: u64,
    best: u128,
    /// The most jumps of a capture accepted.
    longest: u32,
}

impl Sink for LeafCount<'_> {
    #[inline(always)]
    fn capture(&mut self, mv: Move, score: u128, jumps: u32) {
        if score < self.best {
            return;
        }
        if score > self.best {
            self.long.clear();
            self.unique = 0;
            self.paths = 0;
            self.best = score;
        }
        self.longest = self.longest.max(jumps);
        self.paths += 1;
        if jumps >= 3 {
            if self.long.iter().any(|m| m.same_as(&mv)) {
                return;
            }
            self.long.push(mv);
        }
        self.unique += 1;
    }

    fn quiet(&mut self, _mv: Move) {
        unreachable!("ordinary moves are counted, not listed, at the last ply")
    }

    #[inline]
    fn has_captures(&self) -> bool {
        self.unique > 0
    }
}

/// The capture search at the last ply for men and short kings when the precedence is none or
/// the number of pieces: it counts sequences without building moves, the search state passed
/// along as arguments. (The general search, [`Capture`], serves every other case.)
struct ShortLeafCount<'a, P: Shape, const WHITE: bool> {
    k: &'a Kernel,
    /// Empty squares, the square the piece left included.
    empty: u64,
    enemy: u64,
    /// The pieces a man may take.
    men_targets: u64,
    promotion_row: u64,
    from: u8,
    started_as_king: bool,
    /// The tally, with the same bookkeeping (precedence, duplicates) as the general search's.
    tally: LeafCount<'a>,
    _shape: std::marker::PhantomData<P>,
}

impl<P: Shape, const WHITE: bool> ShortLeafCount<'_, P, WHITE> {
    /// Landing squares of a jump from `at` in direction `d`. A jump back over the piece just
    /// taken never shows: taken pieces are no longer targets.
    #[inline(always)]
    fn jump(&self, at: u64, king: bool, d: Direction, captured: u64) -> (u64, u64) {
        if !(king || P::MEN_BACKWARD || d.is_down() != WHITE) {
            return (0, 0);
        }
        let targets = if king { self.enemy } else { self.men_targets } & !captured;
        let empty = if P::IMMEDIATE {
            self.empty | captured
        } else {
            self.empty
        };
        let victim = self.k.step::<P>(at, d) & targets;
        (victim, self.k.step::<P>(victim, d) & empty)
    }

    /// Jumps on from `at`; returns whether any jump was possible.
    fn node(&mut self, at: u64, king: bool, captured: u64, jumps: u32) -> bool {
        let mut found = false;
        each_direction!(d => {
            let (victim, landing) = self.jump(at, king, d, captured);
            if landing != 0 {
                found = true;
                self.land(landing, king, captured | victim, jumps + 1);
            }
        });
        found
    }

    /// After a jump lands on `at`.
    #[inline(always)]
    fn land(&mut self, at: u64, king: bool, captured: u64, jumps: u32) {
        let mut king = king;
        if !king && at & self.promotion_row != 0 {
            match self.k.promotion {
                PromotionDuringCapture::EndsMove => return self.count(at, captured, jumps, true),
                PromotionDuringCapture::ContinueAsKing => king = true,
                PromotionDuringCapture::OnlyAtEnd => {}
            }
        }
        let mut more = 0;
        each_direction!(d => {
            more |= self.jump(at, king, d, captured).1;
        });
        if more == 0 || !self.node(at, king, captured, jumps) {
            let promotes = !self.started_as_king && (king || at & self.promotion_row != 0);
            self.count(at, captured, jumps, promotes);
        }
    }

    /// Counts one complete capture sequence. The precedence here is none or the number of
    /// pieces, so the score is 0 or the number of jumps.
    #[inline(always)]
    fn count(&mut self, to: u64, captured: u64, jumps: u32, promotes: bool) {
        let score = if self.k.criteria == 0 {
            0
        } else {
            jumps as u128
        };
        let mv = Move {
            captured,
            paths: 1,
            from: self.from,
            to: to.trailing_zeros() as u8,
            promotes,
        };
        self.tally.capture(mv, score, jumps);
    }
}

/// A unique move with every jump sequence (landing squares, as bits) that makes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DetailedMove {
    /// The move.
    pub mv: Move,
    /// Each jump sequence: the squares landed on after each capture (the last is `to`).
    pub paths: Vec<Vec<u32>>,
}

pub(crate) struct DetailedList {
    pub(crate) moves: Vec<DetailedMove>,
    best: u128,
    path: [u8; 64],
}

impl Default for DetailedList {
    fn default() -> Self {
        DetailedList {
            moves: Vec::new(),
            best: 0,
            path: [0; 64],
        }
    }
}

impl Sink for DetailedList {
    const WANTS_PATH: bool = true;

    fn land(&mut self, slot: usize, square: u8) {
        self.path[slot] = square;
    }

    fn capture(&mut self, mv: Move, score: u128, jumps: u32) {
        if score < self.best {
            return;
        }
        if score > self.best {
            self.moves.clear();
            self.best = score;
        }
        let path: Vec<u32> = self.path[..jumps as usize]
            .iter()
            .map(|&b| b as u32)
            .collect();
        if let Some(m) = self.moves.iter_mut().find(|m| m.mv.same_as(&mv)) {
            m.mv.paths += 1;
            m.paths.push(path);
            return;
        }
        self.moves.push(DetailedMove {
            mv,
            paths: vec![path],
        });
    }

    fn quiet(&mut self, mv: Move) {
        self.moves.push(DetailedMove {
            mv,
            paths: vec![vec![mv.to as u32]],
        });
    }

    fn has_captures(&self) -> bool {
        self.moves.iter().any(|m| m.mv.is_capture())
    }
}

/// The search for capture sequences of one piece.
struct Capture<'a, S: Sink, P: Shape, const WHITE: bool> {
    k: &'a Kernel,
    sink: &'a mut S,
    from: u32,
    /// All pieces but the mover; captured pieces stay in it (they are removed after the move).
    occupied: u64,
    enemy: u64,
    enemy_kings: u64,
    /// The pieces a man may take (kings excluded where men may not take them).
    men_targets: u64,
    captured: u64,
    promotion_row: u64,
    started_as_king: bool,
    jumps: u32,
    king_order: u64,
    _shape: std::marker::PhantomData<P>,
}

impl<S: Sink, P: Shape, const WHITE: bool> Capture<'_, S, P, WHITE> {
    /// Squares that block a capturing piece now.
    #[inline(always)]
    fn blockers(&self) -> u64 {
        if P::IMMEDIATE {
            self.occupied & !self.captured
        } else {
            self.occupied
        }
    }

    #[inline(always)]
    fn empty(&self) -> u64 {
        self.k.squares::<P>() & !self.blockers()
    }

    #[inline(always)]
    fn take(&mut self, victim: u32) {
        let bit = 1u64 << victim;
        self.captured |= bit;
        if self.k.king_order && self.enemy_kings & bit != 0 {
            self.king_order |= 1u64 << (63 - self.jumps.min(63));
        }
        self.jumps += 1;
    }

    #[inline(always)]
    fn untake(&mut self, victim: u32) {
        let bit = 1u64 << victim;
        self.jumps -= 1;
        self.captured &= !bit;
        if self.k.king_order && self.enemy_kings & bit != 0 {
            self.king_order &= !(1u64 << (63 - self.jumps.min(63)));
        }
    }

    fn score(&self) -> u128 {
        let mut score: u128 = 0;
        for c in &self.k.precedence[..self.k.criteria] {
            score = match c {
                Criterion::MostPieces => (score << 7) | self.captured.count_ones() as u128,
                Criterion::MostKings => {
                    (score << 7) | (self.captured & self.enemy_kings).count_ones() as u128
                }
                Criterion::MadeByKing => (score << 1) | self.started_as_king as u128,
                Criterion::KingTakenEarliest => (score << 64) | self.king_order as u128,
            };
        }
        score
    }

    #[inline(always)]
    fn emit(&mut self, to: u32, king: bool) {
        let promotes = !self.started_as_king && (king || (1u64 << to) & self.promotion_row != 0);
        let score = if self.k.criteria == 0 {
            0
        } else if self.k.score_is_jumps {
            self.jumps as u128
        } else {
            self.score()
        };
        let mv = Move {
            captured: self.captured,
            paths: 1,
            from: self.from as u8,
            to: to as u8,
            promotes,
        };
        self.sink.capture(mv, score, self.jumps);
    }

    /// Goes on from a landing square; returns whether the capture could continue.
    #[inline]
    fn continue_from(&mut self, at: u32, king: bool, came: Direction, first_landing: bool) -> bool {
        if king && P::FLYING {
            self.flying(at, Some(came), first_landing)
        } else {
            self.short(at, king, Some(came))
        }
    }

    /// After a man or short king lands on `at` having captured in direction `came`.
    fn land_short(&mut self, at: u32, king: bool, came: Direction) {
        if !king && (1u64 << at) & self.promotion_row != 0 {
            match self.k.promotion {
                PromotionDuringCapture::EndsMove => {
                    self.emit(at, true);
                    return;
                }
                PromotionDuringCapture::ContinueAsKing => {
                    if !self.continue_from(at, true, came, true) {
                        self.emit(at, true);
                    }
                    return;
                }
                PromotionDuringCapture::OnlyAtEnd => {}
            }
        }
        // Most captures end after one jump: a bitboard test of the landing square spares the
        // search its call when nothing more can be taken from there.
        let flying = king && P::FLYING;
        if !flying && !self.short_capture_possible(at, king) {
            self.emit(at, king);
            return;
        }
        if !self.continue_from(at, king, came, true) {
            self.emit(at, king);
        }
    }

    /// Whether a man or short king on `at` has any capture now (a necessary condition for
    /// [`Self::short`] to find one).
    #[inline(always)]
    fn short_capture_possible(&self, at: u32, king: bool) -> bool {
        let capturable = if king { self.enemy } else { self.men_targets } & !self.captured;
        let empty = self.empty();
        let origin = 1u64 << at;
        let mut hits = 0;
        if king || P::MEN_BACKWARD || WHITE {
            hits |= self
                .k
                .step::<P>(self.k.step::<P>(origin, UpLeft) & capturable, UpLeft);
            hits |= self
                .k
                .step::<P>(self.k.step::<P>(origin, UpRight) & capturable, UpRight);
        }
        if king || P::MEN_BACKWARD || !WHITE {
            hits |= self
                .k
                .step::<P>(self.k.step::<P>(origin, DownLeft) & capturable, DownLeft);
            hits |= self
                .k
                .step::<P>(self.k.step::<P>(origin, DownRight) & capturable, DownRight);
        }
        hits & empty != 0
    }

    /// Captures by a man or a short king from `at`; returns whether there was any.
    fn short(&mut self, at: u32, king: bool, came: Option<Direction>) -> bool {
        let capturable = if king { self.enemy } else { self.men_targets } & !self.captured;
        let empty = self.empty();
        let mut found = false;
        // Directions unrolled so that each step is a constant shift.
        if king || P::MEN_BACKWARD || WHITE {
            found |= self.short_in(at, king, came, UpLeft, capturable, empty);
            found |= self.short_in(at, king, came, UpRight, capturable, empty);
        }
        if king || P::MEN_BACKWARD || !WHITE {
            found |= self.short_in(at, king, came, DownLeft, capturable, empty);
            found |= self.short_in(at, king, came, DownRight, capturable, empty);
        }
        found
    }

    /// One direction of [`Self::short`].
    #[inline(always)]
    fn short_in(
        &mut self,
        at: u32,
        king: bool,
        came: Option<Direction>,
        d: Direction,
        capturable: u64,
        empty: u64,
    ) -> bool {
        if !P::IMMEDIATE && came == Some(d.opposite()) {
            return false; // the piece just taken blocks the way back
        }
        let victim = self.k.step::<P>(1u64 << at, d) & capturable;
        if victim == 0 {
            return false;
        }
        let landing = self.k.step::<P>(victim, d) & empty;
        if landing == 0 {
            return false;
        }
        let v = victim.trailing_zeros();
        let l = landing.trailing_zeros();
        self.take(v);
        if S::WANTS_PATH {
            self.sink.land(self.jumps as usize - 1, l as u8);
        }
        self.land_short(l, king, d);
        self.untake(v);
        true
    }

    /// Captures by a flying king from `at`; returns whether there was any. After a capture in
    /// direction `came`, going on straight is looked at from the first landing square only (one
    /// path, whichever square between is touched), turning from every landing square.
    fn flying(&mut self, at: u32, came: Option<Direction>, first_landing: bool) -> bool {
        let mut found = false;
        each_direction!(d => {
            found |= self.flying_in(at, came, first_landing, d);
        });
        found
    }

    /// One direction of [`Self::flying`].
    #[inline(always)]
    fn flying_in(
        &mut self,
        at: u32,
        came: Option<Direction>,
        first_landing: bool,
        d: Direction,
    ) -> bool {
        if let Some(c) = came {
            if d == c.opposite() && (!P::IMMEDIATE || !first_landing) {
                return false;
            }
            if d == c && !first_landing {
                return false;
            }
        }
        let blockers = self.blockers();
        let ray = self.k.ray(at, d) & blockers;
        if ray == 0 {
            return false;
        }
        let v = nearest(ray, d);
        if (1u64 << v) & self.enemy & !self.captured == 0 {
            return false;
        }
        let landings = self.k.open_ray(v, d, blockers);
        if landings == 0 {
            return false;
        }
        self.take(v);
        let slot = self.jumps as usize - 1;
        let mut any = false;
        let mut rest = landings;
        let mut first = true;
        while rest != 0 {
            let l = nearest(rest, d);
            rest &= !(1u64 << l);
            if S::WANTS_PATH {
                self.sink.land(slot, l as u8);
            }
            if self.flying(l, Some(d), first) {
                any = true;
            }
            first = false;
        }
        if !any {
            let mut rest = landings;
            while rest != 0 {
                let l = nearest(rest, d);
                rest &= !(1u64 << l);
                if S::WANTS_PATH {
                    self.sink.land(slot, l as u8);
                }
                self.emit(l, true);
            }
        }
        self.untake(v);
        true
    }
}

#[inline(always)]
fn sides<const WHITE: bool>(pos: &Position) -> (u64, u64) {
    if WHITE {
        (pos.white, pos.black)
    } else {
        (pos.black, pos.white)
    }
}

/// Generates every capture of the side to move (with precedence) into `sink`.
#[inline]
fn captures<P: Shape, S: Sink, const WHITE: bool>(
    k: &Kernel,
    pos: &Position,
    only: u64,
    sink: &mut S,
) {
    let (own, enemy) = sides::<WHITE>(pos);
    let occupied = own | enemy;
    let empty = k.squares::<P>() & !occupied;
    let men = own & !pos.kings;
    let kings = own & pos.kings;
    // Men that have a capture at all: a quick bitboard test before the search.
    let man_targets = if k.men_capture_kings {
        enemy
    } else {
        enemy & !pos.kings
    };
    let mut capturing_men = 0;
    if P::MEN_BACKWARD {
        each_direction!(d => {
            let back = d.opposite();
            capturing_men |= men & k.step::<P>(man_targets & k.step::<P>(empty, back), back);
        });
    } else {
        each_forward!(WHITE, d => {
            let back = d.opposite();
            capturing_men |= men & k.step::<P>(man_targets & k.step::<P>(empty, back), back);
        });
    }
    let mut capturing_kings = kings;
    if !P::FLYING && kings != 0 {
        let mut c = 0;
        each_direction!(d => {
            let back = d.opposite();
            c |= kings & k.step::<P>(enemy & k.step::<P>(empty, back), back);
        });
        capturing_kings = c;
    }
    let pieces = (capturing_men | capturing_kings) & only;
    if pieces == 0 {
        return;
    }
    let mut search = Capture::<S, P, WHITE> {
        k,
        sink,
        from: 0,
        occupied: 0,
        enemy,
        enemy_kings: enemy & pos.kings,
        men_targets: man_targets,
        captured: 0,
        promotion_row: k.promotion_rows[!WHITE as usize],
        started_as_king: false,
        jumps: 0,
        king_order: 0,
        _shape: std::marker::PhantomData,
    };
    let mut rest = pieces;
    while rest != 0 {
        let from = rest.trailing_zeros();
        rest &= rest - 1;
        let bit = 1u64 << from;
        search.from = from;
        search.occupied = occupied & !bit;
        let king = kings & bit != 0;
        search.started_as_king = king;
        if king && P::FLYING {
            search.flying(from, None, true);
        } else {
            search.short(from, king, None);
        }
    }
}

/// Generates ordinary moves into `sink`.
#[inline]
fn quiet<P: Shape, S: Sink, const WHITE: bool>(k: &Kernel, pos: &Position, sink: &mut S) {
    let (own, enemy) = sides::<WHITE>(pos);
    let occupied = own | enemy;
    let empty = k.squares::<P>() & !occupied;
    let men = own & !pos.kings;
    let kings = own & pos.kings;
    let promotion_row = k.promotion_rows[!WHITE as usize];
    each_forward!(WHITE, d => {
        let mut movers = men & k.step::<P>(empty, d.opposite());
        while movers != 0 {
            let from = movers.trailing_zeros();
            movers &= movers - 1;
            let to = k.step::<P>(1u64 << from, d);
            sink.quiet(Move {
                captured: 0,
                paths: 1,
                from: from as u8,
                to: to.trailing_zeros() as u8,
                promotes: to & promotion_row != 0,
            });
        }
    });
    let mut rest = kings;
    while rest != 0 {
        let from = rest.trailing_zeros();
        rest &= rest - 1;
        each_direction!(d => {
            let mut targets = if P::FLYING {
                k.open_ray(from, d, occupied)
            } else {
                k.step::<P>(1u64 << from, d) & empty
            };
            while targets != 0 {
                let to = targets.trailing_zeros();
                targets &= targets - 1;
                sink.quiet(Move {
                    captured: 0,
                    paths: 1,
                    from: from as u8,
                    to: to as u8,
                    promotes: false,
                });
            }
        });
    }
}

/// The ordinary moves of flying `kings` (kept out of line: kings are the rarer case).
#[inline(never)]
fn count_flying_king_moves(k: &Kernel, kings: u64, occupied: u64) -> u64 {
    let mut n = 0u64;
    let mut rest = kings;
    while rest != 0 {
        let from = rest.trailing_zeros();
        rest &= rest - 1;
        each_direction!(d => {
            n += k.open_ray(from, d, occupied).count_ones() as u64;
        });
    }
    n
}

/// Counts ordinary moves without listing them.
#[inline(always)]
fn count_quiet<P: Shape, const WHITE: bool>(
    k: &Kernel,
    white: u64,
    black: u64,
    all_kings: u64,
) -> u64 {
    let (own, enemy) = if WHITE {
        (white, black)
    } else {
        (black, white)
    };
    let occupied = own | enemy;
    let empty = k.squares::<P>() & !occupied;
    let men = own & !all_kings;
    let kings = own & all_kings;
    let mut n = 0u64;
    each_forward!(WHITE, d => {
        n += (k.step::<P>(men, d) & empty).count_ones() as u64;
    });
    if kings == 0 {
        return n;
    }
    if P::FLYING {
        n += count_flying_king_moves(k, kings, occupied);
    } else {
        each_direction!(d => {
            n += (k.step::<P>(kings, d) & empty).count_ones() as u64;
        });
    }
    n
}

/// All legal moves of `pos` into `sink`.
#[inline]
pub(crate) fn generate<P: Shape, S: Sink>(k: &Kernel, pos: &Position, sink: &mut S) {
    if pos.side == Colour::White {
        captures::<P, S, true>(k, pos, !0, sink);
        if !k.compulsory || !sink.has_captures() {
            quiet::<P, S, true>(k, pos, sink);
        }
    } else {
        captures::<P, S, false>(k, pos, !0, sink);
        if !k.compulsory || !sink.has_captures() {
            quiet::<P, S, false>(k, pos, sink);
        }
    }
}

/// The position after `mv` (draw counters untouched: the perft path).
#[inline(always)]
pub(crate) fn play_fast(pos: &Position, mv: &Move) -> Position {
    let from = 1u64 << mv.from;
    let to = 1u64 << mv.to;
    let mut next = *pos;
    let was_king = pos.kings & from != 0;
    match pos.side {
        Colour::White => {
            next.white = (pos.white & !from) | to;
            next.black = pos.black & !mv.captured;
        }
        Colour::Black => {
            next.black = (pos.black & !from) | to;
            next.white = pos.white & !mv.captured;
        }
    }
    next.kings = pos.kings & !mv.captured & !from;
    if was_king || mv.promotes {
        next.kings |= to;
    }
    next.side = pos.side.opponent();
    next
}

/// [`play_fast`] with the side to move known.
#[inline(always)]
fn play_as<const WHITE: bool>(pos: &Position, mv: &Move) -> (u64, u64, u64) {
    let from = 1u64 << mv.from;
    let to = 1u64 << mv.to;
    let (own, enemy) = sides::<WHITE>(pos);
    let own = own ^ from ^ to;
    let enemy = enemy & !mv.captured;
    let was_king = pos.kings & from != 0;
    let mut kings = pos.kings & !mv.captured & !from;
    if was_king || mv.promotes {
        kings |= to;
    }
    if WHITE {
        (own, enemy, kings)
    } else {
        (enemy, own, kings)
    }
}

/// Which jump sequences perft counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Count {
    /// Distinct moves: same from, to and captured set = one move (the default).
    #[default]
    Unique,
    /// Every distinct jump sequence.
    Paths,
}

/// Reusable per-ply move buffers for a search of `depth` plies.
pub(crate) fn buffers(depth: u32) -> Vec<MoveList> {
    (0..depth.max(1))
        .map(|_| MoveList::with_capacity(128))
        .collect()
}

/// The number of moves at the last ply, `WHITE` to move: captures counted by bitboards where
/// none can go on (else searched, with duplicates and precedence), ordinary moves by popcount.
#[inline(always)]
fn leaf_count<P: Shape, const PATHS: bool, const WHITE: bool>(
    k: &Kernel,
    white: u64,
    black: u64,
    kings: u64,
    list: &mut MoveList,
) -> u64 {
    let found = if k.bulk_single_jumps {
        leaf_captures::<P, WHITE>(k, white, black, kings)
    } else {
        LeafCaptures::Search {
            single: 0,
            pieces: !0,
        }
    };
    let mut n = match found {
        LeafCaptures::Counted(n) => n,
        LeafCaptures::Search { single, pieces } => {
            searched_leaf_captures::<P, PATHS, WHITE>(k, white, black, kings, single, pieces, list)
        }
    };
    if !k.compulsory || n == 0 {
        n += count_quiet::<P, WHITE>(k, white, black, kings);
    }
    n
}

/// The captures at the last ply that the search must count: those of `pieces`, plus `single`
/// one-jump captures of other pieces counted by bitboards, which the precedence keeps only if
/// no capture takes more (kept out of line: the rarer case).
#[inline(never)]
fn searched_leaf_captures<P: Shape, const PATHS: bool, const WHITE: bool>(
    k: &Kernel,
    white: u64,
    black: u64,
    kings: u64,
    single: u64,
    pieces: u64,
    list: &mut MoveList,
) -> u64 {
    list.clear();
    let mut tally = LeafCount {
        long: &mut list.moves,
        unique: 0,
        paths: 0,
        best: 0,
        longest: 0,
    };
    if pieces != !0 && !(P::FLYING && k.promotion == PromotionDuringCapture::ContinueAsKing) {
        // Men and short kings only (see `leaf_captures`), none crowned into a flying king.
        let (own, enemy) = if WHITE {
            (white, black)
        } else {
            (black, white)
        };
        let mut counter = ShortLeafCount::<P, WHITE> {
            k,
            empty: 0,
            enemy,
            men_targets: if k.men_capture_kings {
                enemy
            } else {
                enemy & !kings
            },
            promotion_row: k.promotion_rows[!WHITE as usize],
            from: 0,
            started_as_king: false,
            tally,
            _shape: std::marker::PhantomData,
        };
        let empty = k.squares::<P>() & !(own | enemy);
        let mut rest = pieces;
        while rest != 0 {
            let from = rest & rest.wrapping_neg();
            rest ^= from;
            counter.from = from.trailing_zeros() as u8;
            counter.empty = empty | from;
            counter.started_as_king = kings & from != 0;
            counter.node(from, counter.started_as_king, 0, 0);
        }
        tally = counter.tally;
    } else {
        let pos = Position {
            white,
            black,
            kings,
            side: if WHITE { Colour::White } else { Colour::Black },
            quiet_plies: 0,
            move_number: 0,
        };
        captures::<P, LeafCount, WHITE>(k, &pos, pieces, &mut tally);
    }
    let (n, longest) = (
        if PATHS { tally.paths } else { tally.unique },
        tally.longest,
    );
    // `single` is only ever non-zero when the precedence is none or the number of pieces.
    if k.criteria == 0 || longest <= 1 {
        n + single
    } else {
        n
    }
}

/// [`leaf_count`] kept out of line, for a search that starts one ply from the leaves.
#[inline(never)]
fn leaf_count_outlined<P: Shape, const PATHS: bool>(
    k: &Kernel,
    pos: &Position,
    list: &mut MoveList,
) -> u64 {
    if pos.side == Colour::White {
        leaf_count::<P, PATHS, true>(k, pos.white, pos.black, pos.kings, list)
    } else {
        leaf_count::<P, PATHS, false>(k, pos.white, pos.black, pos.kings, list)
    }
}

/// The moves of the child `white`, `black`, `kings` of a `WHITE`-to-move position, counted.
#[inline(always)]
fn child_count<P: Shape, const PATHS: bool, const WHITE: bool>(
    k: &Kernel,
    white: u64,
    black: u64,
    kings: u64,
    leaf: &mut MoveList,
) -> u64 {
    if WHITE {
        leaf_count::<P, PATHS, false>(k, white, black, kings, leaf)
    } else {
        leaf_count::<P, PATHS, true>(k, white, black, kings, leaf)
    }
}

/// Perft 2 with `WHITE` to move: the parent of the leaves. Captures are listed; ordinary
/// moves are played straight from the bitboards, never listed; each child's moves are
/// counted in place.
#[inline(never)]
fn perft2<P: Shape, const PATHS: bool, const WHITE: bool>(
    k: &Kernel,
    pos: &Position,
    list: &mut MoveList,
    leaf: &mut MoveList,
) -> u64 {
    list.clear();
    let found = if k.bulk_single_jumps {
        leaf_captures::<P, WHITE>(k, pos.white, pos.black, pos.kings)
    } else {
        LeafCaptures::Search {
            single: 0,
            pieces: !0,
        }
    };
    match found {
        LeafCaptures::Counted(0) => {}
        LeafCaptures::Counted(_) => single_jump_moves::<P, WHITE>(k, pos, list),
        LeafCaptures::Search { .. } => captures::<P, MoveList, WHITE>(k, pos, !0, list),
    }
    let mut total = 0u64;
    if !list.is_empty() {
        for mv in list.moves.iter() {
            let (white, black, kings) = play_as::<WHITE>(pos, mv);
            let n = child_count::<P, PATHS, WHITE>(k, white, black, kings, leaf);
            total += if PATHS { n * mv.paths as u64 } else { n };
        }
        if k.compulsory {
            return total;
        }
    }
    let (own, enemy) = sides::<WHITE>(pos);
    let occupied = own | enemy;
    let empty = k.squares::<P>() & !occupied;
    let men = own & !pos.kings;
    let kings = own & pos.kings;
    let promotion_row = k.promotion_rows[!WHITE as usize];
    // The opponent replies in the children. While it has no king (and the precedence cannot
    // tell one-jump captures apart), a child where it has no capture is counted from the
    // squares its men can step to, found once here: only the two squares the move touched
    // change. Otherwise the child is counted in full.
    let opponent_men = enemy & !pos.kings;
    let fast = k.bulk_single_jumps && enemy & pos.kings == 0;
    let mut reach = [0u64; 4];
    each_direction!(e => {
        reach[e as usize] = k.step::<P>(opponent_men, e);
    });
    // Kings the opponent's men may not take (all of them, or none).
    let kings_immune = if k.men_capture_kings { 0 } else { !0 };
    let opponent_forward = |e: Direction| e.is_down() == WHITE;
    let opponent_captures = |e: Direction| P::MEN_BACKWARD || opponent_forward(e);
    // The child where the squares `touched` changed hands (a macro: a closure is not inlined).
    macro_rules! count {
        ($touched:expr, $kings:expr) => {{
            let touched = $touched;
            let moved = own ^ touched;
            let kings_after = $kings;
            let mut quiet_only = None;
            if fast {
                let empty_after = empty ^ touched;
                let targets = moved & !(kings_after & kings_immune);
                let mut landing = [0u64; 4];
                each_direction!(e => {
                    if opponent_captures(e) {
                        landing[e as usize] = k.step::<P>(reach[e as usize] & targets, e) & empty_after;
                    }
                });
                let mut quiet = 0u64;
                each_direction!(e => {
                    if opponent_forward(e) {
                        quiet += (reach[e as usize] & empty_after).count_ones() as u64;
                    }
                });
                if landing[0] | landing[1] | landing[2] | landing[3] == 0 {
                    quiet_only = Some(quiet);
                } else {
                    // The opponent has a capture: the landings found go on to the count.
                    let (white, black) = if WHITE { (moved, enemy) } else { (enemy, moved) };
                    let n = if WHITE {
                        opponent_captures_from::<P, PATHS, false>(
                            k, white, black, kings_after, empty_after, moved, targets, landing, leaf,
                        )
                    } else {
                        opponent_captures_from::<P, PATHS, true>(
                            k, white, black, kings_after, empty_after, moved, targets, landing, leaf,
                        )
                    };
                    quiet_only = Some(if k.compulsory { n } else { n + quiet });
                }
            }
            match quiet_only {
                Some(n) => n,
                None if WHITE => child_count::<P, PATHS, WHITE>(k, moved, enemy, kings_after, leaf),
                None => child_count::<P, PATHS, WHITE>(k, enemy, moved, kings_after, leaf),
            }
        }};
    }
    each_forward!(WHITE, d => {
        let mut movers = men & k.step::<P>(empty, d.opposite());
        while movers != 0 {
            let from = movers & movers.wrapping_neg();
            movers ^= from;
            let to = k.step::<P>(from, d);
            total += count!(from | to, pos.kings | (to & promotion_row));
        }
    });
    let mut rest = kings;
    while rest != 0 {
        let from_bit = rest.trailing_zeros();
        let from = rest & rest.wrapping_neg();
        rest ^= from;
        each_direction!(d => {
            let mut targets = if P::FLYING {
                k.open_ray(from_bit, d, occupied)
            } else {
                k.step::<P>(from, d) & empty
            };
            while targets != 0 {
                let to = targets & targets.wrapping_neg();
                targets ^= to;
                total += count!(from | to, pos.kings ^ from ^ to);
            }
        });
    }
    total
}

/// What the bitboards say about the captures at the last ply.
enum LeafCaptures {
    /// Exactly this many captures, each one jump and one path.
    Counted(u64),
    /// The captures of `pieces` must be searched; the other pieces have `single` captures,
    /// each of one jump and one path.
    Search {
        /// One-jump captures of the pieces not searched.
        single: u64,
        /// The pieces whose captures are searched.
        pieces: u64,
    },
}

/// Counts the one-jump captures of a position by bitboards, and finds the pieces with a
/// capture that may go on (they must be searched). Everything is searched when a flying king
/// might capture or a man crowned mid-capture might go on as a king.
///
/// After a man or short king jumps from S over V to L in direction d, only S and V have
/// changed, and a next jump from L in any direction but back over V neither passes nor lands
/// on either: so whether it can go on is read off the board as it was.
#[inline(always)]
fn leaf_captures<P: Shape, const WHITE: bool>(
    k: &Kernel,
    white: u64,
    black: u64,
    all_kings: u64,
) -> LeafCaptures {
    let everything = LeafCaptures::Search {
        single: 0,
        pieces: !0,
    };
    let (own, enemy) = if WHITE {
        (white, black)
    } else {
        (black, white)
    };
    let empty = k.squares::<P>() & !(own | enemy);
    let men = own & !all_kings;
    let kings = own & all_kings;
    if P::FLYING && kings != 0 {
        return everything;
    }
    let man_targets = if k.men_capture_kings {
        enemy
    } else {
        enemy & !all_kings
    };
    let jumps = |from: u64, e: Direction, targets: u64| {
        k.step::<P>(k.step::<P>(from, e) & targets, e) & empty
    };
    let man_dir = |e: Direction| P::MEN_BACKWARD || e.is_down() != WHITE;
    // Landing squares of one-jump captures, by direction: men, then short kings.
    let mut men_landing = [0u64; 4];
    let mut king_landing = [0u64; 4];
    each_direction!(d => {
        if man_dir(d) {
            men_landing[d as usize] = jumps(men, d, man_targets);
        }
    });
    let men_any = men_landing[0] | men_landing[1] | men_landing[2] | men_landing[3];
    let mut any = men_any;
    let short_kings = !P::FLYING && kings != 0;
    if short_kings {
        each_direction!(d => {
            king_landing[d as usize] = jumps(kings, d, enemy);
        });
        any |= king_landing[0] | king_landing[1] | king_landing[2] | king_landing[3];
    }
    if any == 0 {
        return LeafCaptures::Counted(0);
    }
    leaf_captures_from::<P, WHITE>(
        k,
        empty,
        enemy,
        man_targets,
        kings,
        men_landing,
        king_landing,
    )
}

/// [`leaf_captures`] once the landing squares of one-jump captures are known, by direction
/// (`men_landing` of men, `king_landing` of short kings), and some capture exists.
#[inline(always)]
fn leaf_captures_from<P: Shape, const WHITE: bool>(
    k: &Kernel,
    empty: u64,
    enemy: u64,
    man_targets: u64,
    kings: u64,
    men_landing: [u64; 4],
    king_landing: [u64; 4],
) -> LeafCaptures {
    let everything = LeafCaptures::Search {
        single: 0,
        pieces: !0,
    };
    let two_steps = |bb: u64, e: Direction| k.step::<P>(k.step::<P>(bb, e), e);
    let man_dir = |e: Direction| P::MEN_BACKWARD || e.is_down() != WHITE;
    let short_kings = !P::FLYING && kings != 0;
    let men_any = men_landing[0] | men_landing[1] | men_landing[2] | men_landing[3];
    if k.promotion == PromotionDuringCapture::ContinueAsKing
        && men_any & k.promotion_rows[!WHITE as usize] != 0
    {
        return everything;
    }
    // Pieces with a capture that may go on: a landing square from which a jump is possible,
    // traced back to where the piece started. The jump back never shows: on the board as it
    // is, the square it would land on still holds the piece.
    let mut man_from_any = 0u64;
    each_direction!(e => {
        if man_dir(e) {
            let back = e.opposite();
            man_from_any |= k.step::<P>(man_targets & k.step::<P>(empty, back), back);
        }
    });
    let mut goes_on = 0u64;
    each_direction!(d => {
        goes_on |= two_steps(men_landing[d as usize] & man_from_any, d.opposite());
    });
    if short_kings {
        let mut king_from_any = 0u64;
        each_direction!(e => {
            let back = e.opposite();
            king_from_any |= k.step::<P>(enemy & k.step::<P>(empty, back), back);
        });
        each_direction!(d => {
            goes_on |= two_steps(king_landing[d as usize] & king_from_any, d.opposite());
        });
    }
    let mut single = 0u64;
    if goes_on == 0 {
        each_direction!(d => {
            single += (men_landing[d as usize] | king_landing[d as usize]).count_ones() as u64;
        });
        return LeafCaptures::Counted(single);
    }
    each_direction!(d => {
        let searched = two_steps(goes_on, d);
        single += ((men_landing[d as usize] | king_landing[d as usize]) & !searched).count_ones()
            as u64;
    });
    LeafCaptures::Search {
        single,
        pieces: goes_on,
    }
}

/// The captures at the last ply, `WHITE` to move with men only, given the landing squares of
/// its men's one-jump captures (some), by direction.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn opponent_captures_from<P: Shape, const PATHS: bool, const WHITE: bool>(
    k: &Kernel,
    white: u64,
    black: u64,
    kings: u64,
    empty: u64,
    enemy: u64,
    man_targets: u64,
    men_landing: [u64; 4],
    leaf: &mut MoveList,
) -> u64 {
    match leaf_captures_from::<P, WHITE>(k, empty, enemy, man_targets, 0, men_landing, [0; 4]) {
        LeafCaptures::Counted(n) => n,
        LeafCaptures::Search { single, pieces } => {
            searched_leaf_captures::<P, PATHS, WHITE>(k, white, black, kings, single, pieces, leaf)
        }
    }
}

/// Lists the captures of `pos` when [`leaf_captures`] has found that each is one jump (so
/// none is preferred to another), straight from the bitboards.
fn single_jump_moves<P: Shape, const WHITE: bool>(k: &Kernel, pos: &Position, list: &mut MoveList) {
    let (own, enemy) = sides::<WHITE>(pos);
    let empty = k.squares::<P>() & !(own | enemy);
    let men = own & !pos.kings;
    let kings = own & pos.kings;
    let man_targets = if k.men_capture_kings {
        enemy
    } else {
        enemy & !pos.kings
    };
    let promotion_row = k.promotion_rows[!WHITE as usize];
    let mut push = |landings: u64, d: Direction, man: bool| {
        let mut rest = landings;
        while rest != 0 {
            let to = rest & rest.wrapping_neg();
            rest ^= to;
            let victim = k.step::<P>(to, d.opposite());
            let from = k.step::<P>(victim, d.opposite());
            list.moves.push(Move {
                captured: victim,
                paths: 1,
                from: from.trailing_zeros() as u8,
                to: to.trailing_zeros() as u8,
                promotes: man && to & promotion_row != 0,
            });
        }
    };
    each_direction!(d => {
        if P::MEN_BACKWARD || d.is_down() != WHITE {
            push(k.step::<P>(k.step::<P>(men, d) & man_targets, d) & empty, d, true);
        }
        if !P::FLYING && kings != 0 {
            push(k.step::<P>(k.step::<P>(kings, d) & enemy, d) & empty, d, false);
        }
    });
    list.captures = list.moves.len();
}

/// Perft 2 of every child of `pos` (`WHITE` to move), whose moves are in `list`.
#[inline(always)]
fn perft3_children<P: Shape, const PATHS: bool, const WHITE: bool>(
    k: &Kernel,
    pos: &Position,
    list: &MoveList,
    list2: &mut MoveList,
    leaf: &mut MoveList,
) -> u64 {
    let mut total = 0u64;
    for mv in list.moves.iter() {
        let (white, black, kings) = play_as::<WHITE>(pos, mv);
        let child = Position {
            white,
            black,
            kings,
            side: if WHITE { Colour::Black } else { Colour::White },
            quiet_plies: 0,
            move_number: 0,
        };
        let n = if WHITE {
            perft2::<P, PATHS, false>(k, &child, list2, leaf)
        } else {
            perft2::<P, PATHS, true>(k, &child, list2, leaf)
        };
        total += if PATHS { n * mv.paths as u64 } else { n };
    }
    total
}

/// The smallest remaining depth at which the transposition table is consulted: below it a
/// probe (a likely cache miss) costs more than the search it saves.
const TABLE_MIN_DEPTH: u32 = 3;

/// Perft with bulk counting at the last ply; with `table`, a transposition table keyed by
/// the Zobrist `hash` of `pos` (kept up to date incrementally).
pub(crate) fn perft<P: Shape, const PATHS: bool, const TABLE: bool>(
    k: &Kernel,
    pos: &Position,
    hash: u64,
    depth: u32,
    lists: &mut [MoveList],
    table: Option<&Table>,
) -> u128 {
    if depth == 0 {
        return 1;
    }
    let (list, rest) = lists.split_first_mut().expect("one buffer per ply");
    list.clear();
    if depth == 1 {
        return leaf_count_outlined::<P, PATHS>(k, pos, list) as u128;
    }
    if depth == 2 {
        let leaf = &mut rest[0];
        let n = if pos.side == Colour::White {
            perft2::<P, PATHS, true>(k, pos, list, leaf)
        } else {
            perft2::<P, PATHS, false>(k, pos, list, leaf)
        };
        return n as u128;
    }
    let table = if TABLE && depth >= TABLE_MIN_DEPTH {
        table
    } else {
        None
    };
    if let Some(t) = table
        && let Some(n) = t.probe(pos, hash, depth, PATHS)
    {
        return n as u128;
    }
    generate::<P, MoveList>(k, pos, list);
    if depth == 3 {
        // The children are parents of leaves: called directly, their side known.
        let (list2, rest) = rest.split_first_mut().expect("one buffer per ply");
        let leaf = &mut rest[0];
        let total = if pos.side == Colour::White {
            perft3_children::<P, PATHS, true>(k, pos, list, list2, leaf)
        } else {
            perft3_children::<P, PATHS, false>(k, pos, list, list2, leaf)
        };
        if let Some(t) = table {
            t.store(pos, hash, depth, PATHS, total as u128);
        }
        return total as u128;
    }
    let mut total: u128 = 0;
    for i in 0..list.moves.len() {
        let mv = list.moves[i];
        let child = play_fast(pos, &mv);
        let child_hash = if TABLE {
            k.zobrist_after(pos, hash, &mv)
        } else {
            0
        };
        let n = perft::<P, PATHS, TABLE>(k, &child, child_hash, depth - 1, rest, table);
        total += if PATHS { n * mv.paths as u128 } else { n };
    }
    if let Some(t) = table {
        t.store(pos, hash, depth, PATHS, total);
    }
    total
}

/// Runs perft for the kernel's shape, with an optional transposition table.
pub(crate) fn perft_dispatch(
    k: &Kernel,
    pos: &Position,
    depth: u32,
    count: Count,
    table: Option<&Table>,
) -> u128 {
    let mut lists = buffers(depth);
    fn run<P: Shape>(
        k: &Kernel,
        pos: &Position,
        depth: u32,
        count: Count,
        lists: &mut [MoveList],
        table: Option<&Table>,
    ) -> u128 {
        let hash = if table.is_some() { k.zobrist(pos) } else { 0 };
        match (count, table.is_some()) {
            (Count::Unique, false) => perft::<P, false, false>(k, pos, 0, depth, lists, None),
            (Count::Paths, false) => perft::<P, true, false>(k, pos, 0, depth, lists, None),
            (Count::Unique, true) => perft::<P, false, true>(k, pos, hash, depth, lists, table),
            (Count::Paths, true) => perft::<P, true, true>(k, pos, hash, depth, lists, table),
        }
    }
    with_shape!(k, run(k, pos, depth, count, &mut lists, table))
}

/// Perft on `threads` threads: the tree is expanded breadth-first (merging transpositions)
/// until there are enough subtrees to balance, which are then searched in parallel, each with
/// its own move buffers and all sharing `table`. `progress(done, total)` is called as
/// subtrees finish.
pub(crate) fn perft_parallel(
    k: &Kernel,
    pos: &Position,
    depth: u32,
    count: Count,
    threads: usize,
    table: Option<&Table>,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> u128 {
    use rayon::prelude::*;
    use std::sync::atomic::{AtomicU64, Ordering};
    let mut frontier: Vec<(Position, u128)> = vec![(*pos, 1)];
    let mut remaining = depth;
    // The same split whatever the thread count, so that runs compare.
    let target = 256.max(48 * threads);
    while remaining > 4 && frontier.len() < target {
        let mut next: std::collections::HashMap<Position, u128> = std::collections::HashMap::new();
        for (p, w) in &frontier {
            for m in legal_moves(k, p).as_slice() {
                let weight = match count {
                    Count::Unique => *w,
                    Count::Paths => *w * m.paths as u128,
                };
                *next.entry(play_fast(p, m)).or_default() += weight;
            }
        }
        frontier = next.into_iter().collect();
        remaining -= 1;
    }
    // Likely-big subtrees (most replies) first, so that no big one is left for the end;
    // ties in a fixed order so that runs compare.
    let mut keyed: Vec<(usize, (Position, u128))> = frontier
        .into_iter()
        .map(|e| (legal_moves(k, &e.0).len(), e))
        .collect();
    keyed.sort_by_key(|(n, (p, _))| (std::cmp::Reverse(*n), p.white, p.black, p.kings));
    let frontier: Vec<(Position, u128)> = keyed.into_iter().map(|(_, e)| e).collect();
    let total = frontier.len() as u64;
    let done = AtomicU64::new(0);
    let task = |(p, w): &(Position, u128)| -> u128 {
        let n = perft_dispatch(k, p, remaining, count, table) * w;
        progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
        n
    };
    match rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
    {
        Ok(pool) => pool.install(|| frontier.par_iter().with_max_len(1).map(task).sum()),
        Err(_) => frontier.iter().map(task).sum(),
    }
}

/// Unique legal moves.
pub(crate) fn legal_moves(k: &Kernel, pos: &Position) -> MoveList {
    let mut list = MoveList::with_capacity(64);
    fn run<P: Shape>(k: &Kernel, pos: &Position, list: &mut MoveList) {
        generate::<P, MoveList>(k, pos, list)
    }
    with_shape!(k, run(k, pos, &mut list));
    list
}

/// Unique legal moves with their jump sequences.
pub(crate) fn detailed_moves(k: &Kernel, pos: &Position) -> Vec<DetailedMove> {
    let mut list = DetailedList::default();
    fn run<P: Shape>(k: &Kernel, pos: &Position, list: &mut DetailedList) {
        generate::<P, DetailedList>(k, pos, list)
    }
    with_shape!(k, run(k, pos, &mut list));
    list.moves
}
