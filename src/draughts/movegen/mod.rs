//! Move generation: the hot path. Rules are compiled once into a [`Kernel`], and the few rules
//! that shape the inner loop (king range, removal, men's capture directions) are type
//! parameters, so each shipped variant runs a monomorphised generator with no rule branching
//! and no heap allocation per node (move lists are reused buffers). The kernel is generic over
//! the bitboard width (64 bits, or 128 for boards that need more, such as 12x12). The board
//! layout is a type parameter too for the sizes compiled in for each width (8x8 and 10x10 on
//! 64 bits, 12x12 on 128: every step a shift by a constant, see `kernel::Dispatch`); any
//! other size runs the same code reading its layout from the kernel.
//!
//! Perft counts the last ply without playing it, and the two plies above it are specialised:
//! the parent of the leaves (`perft2`) plays its ordinary moves straight from the bitboards
//! and counts each child's replies in place, from bitboards prepared once per parent (the
//! opponent's men's and short kings' steps, `replies`, and what its flying kings can do,
//! `opponent_kings`); captures at the last ply are counted by bitboards when none can go on,
//! by kind (a man or a king taking a man or a king) so that the precedence picks among them
//! without a search, flying kings' read off the rays (`flying`); only the pieces whose
//! capture may go on are searched. Whether the precedence can tell one-jump captures apart at
//! all is a type parameter of perft (`KINDS`), so that the rules which cannot carry no
//! by-kind code in their leaves.
//!
//! Captures along rows and columns as well as diagonals are a type parameter too; rules the
//! kernel does not cover (moves along rows and columns, men and kings capturing along
//! different lines, boards of all squares, no turning back over a freed square) are
//! played by the line tables (`lines`), which follow lines square by square through the
//! geometry's tables on bitboards of any [`Width`]; they double as a second generator that the
//! tests compare with the kernel.

// The shapes of the inner loop as macros, visible to every file below.

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

/// Like [`each_direction`] over the directions pieces capture in under shape `$p`: the
/// diagonals, and the rows and columns too when it says so.
macro_rules! each_capture_direction {
    ($p:ty, $d:ident => $body:block) => {{
        each_direction!($d => $body);
        if <$p>::ORTHOGONAL {
            {
                let $d = Up;
                $body
            }
            {
                let $d = Down;
                $body
            }
            {
                let $d = Left;
                $body
            }
            {
                let $d = Right;
                $body
            }
        }
    }};
}

/// Runs `$body` for each capture direction of shape `$p` across `$came` (neither it nor its
/// opposite), with `$d` bound to it.
macro_rules! each_across {
    ($p:ty, $came:expr, $d:ident => $body:block) => {{
        let came: Direction = $came;
        if <$p>::ORTHOGONAL {
            for $d in Direction::EIGHT {
                if $d != came && $d != came.opposite() {
                    $body
                }
            }
        } else {
            // Two blocks, not a loop: the directions stay constants in each.
            let [first, second] = flying_leaf::across(came);
            {
                let $d = first;
                $body
            }
            {
                let $d = second;
                $body
            }
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
/// Runs the [`Shaped`] computation `$v` with the shape of kernel `$k`: its board layout as
/// constants when it is one of the sizes listed (`Size columns rows`), read from the kernel
/// otherwise.
macro_rules! with_shape {
    ($k:expr, [$($size:ident $c:literal $r:literal),*], $v:expr) => {
        match $k.board {
            $(BoardSize::$size => with_shape!(@rules $k, $c, $r, $v),)*
            #[allow(unreachable_patterns)]
            _ => with_shape!(@rules $k, 0, 0, $v),
        }
    };
    (@rules $k:expr, $c:literal, $r:literal, $v:expr) => {
        // Captures along rows and columns come with men capturing backward (the line
        // tables play the other rules with them), so they double only those shapes.
        match ($k.flying, $k.immediate, $k.men_backward, $k.orthogonal) {
            (false, false, false, false) => $v.run::<ShapeOf<false, false, false, false, $c, $r>>(),
            (false, false, true, false) => $v.run::<ShapeOf<false, false, true, false, $c, $r>>(),
            (false, true, false, false) => $v.run::<ShapeOf<false, true, false, false, $c, $r>>(),
            (false, true, true, false) => $v.run::<ShapeOf<false, true, true, false, $c, $r>>(),
            (true, false, false, false) => $v.run::<ShapeOf<true, false, false, false, $c, $r>>(),
            (true, false, true, false) => $v.run::<ShapeOf<true, false, true, false, $c, $r>>(),
            (true, true, false, false) => $v.run::<ShapeOf<true, true, false, false, $c, $r>>(),
            (true, true, true, false) => $v.run::<ShapeOf<true, true, true, false, $c, $r>>(),
            (false, false, _, true) => $v.run::<ShapeOf<false, false, true, true, $c, $r>>(),
            (false, true, _, true) => $v.run::<ShapeOf<false, true, true, true, $c, $r>>(),
            (true, false, _, true) => $v.run::<ShapeOf<true, false, true, true, $c, $r>>(),
            (true, true, _, true) => $v.run::<ShapeOf<true, true, true, true, $c, $r>>(),
        }
    };
}
mod capture;
mod flying;
mod flying_leaf;
mod kernel;
mod leaf;
mod line_shifts;
mod lines;
mod opponent_kings;
mod parent_captures;
mod parent_units;
mod perft;
mod quiet;
mod replies;
mod short_leaf;
mod width;
mod zobrist;

use super::geometry::Direction::{self, *};
use super::position::Position;
use super::schema::{Colour, Criterion};
use crate::bits::Bits;
use crate::count::Count;
use crate::transposition::TranspositionTable;
use capture::{DetailedList, Sink, captures, capturing};
pub use capture::{DetailedMove, MoveList};
use flying::flying_singles;
pub use kernel::Kernel;
use kernel::{Dispatch, Shape, Shaped};
use kernel::{before_first, nearest, past_first, score, single_kind};
use leaf::*;
use lines::LineTables;
use parent_captures::{list_flying_single, searched_moves, single_jump_moves};
pub(crate) use perft::perft_dispatch;
use quiet::{count_quiet, quiet};
pub use width::Width;

/// A legal move: from, to, the captured set and whether the man is crowned. Jump orders that
/// share all of these are one move; `paths` says how many jump sequences it stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move<B = u64> {
    /// The pieces taken (bitboard); 0 for an ordinary move.
    pub captured: B,
    /// Number of distinct jump sequences with this from, to and captured set.
    pub paths: u32,
    /// Bit of the starting square.
    pub from: u8,
    /// Bit of the final square.
    pub to: u8,
    /// A man becomes a king with this move.
    pub promotes: bool,
}

impl<B: Bits> Move<B> {
    /// Whether the move captures.
    pub fn is_capture(&self) -> bool {
        !self.captured.is_empty()
    }

    /// Whether `other` is the same move (another jump order of it). Inlined: called out of
    /// line, the move compared had to be kept on the stack, and the copy of it into the list
    /// then waited for the stores just made.
    #[inline(always)]
    fn same_as(&self, other: &Move<B>) -> bool {
        self.from == other.from
            && self.to == other.to
            && self.captured == other.captured
            && self.promotes == other.promotes
    }
}

#[inline(always)]
fn sides<B: Bits, const WHITE: bool>(pos: &Position<B>) -> (B, B) {
    if WHITE {
        (pos.white, pos.black)
    } else {
        (pos.black, pos.white)
    }
}

/// All legal moves of `pos` into `sink`.
#[inline]
pub(crate) fn generate<B: Bits, P: Shape, S: Sink<B>>(
    k: &Kernel<B>,
    pos: &Position<B>,
    sink: &mut S,
) {
    if pos.side == Colour::White {
        captures::<B, P, S, true>(k, pos, !B::ZERO, sink);
        if !k.compulsory || !sink.has_captures() {
            quiet::<B, P, S, true>(k, pos, sink);
        }
    } else {
        captures::<B, P, S, false>(k, pos, !B::ZERO, sink);
        if !k.compulsory || !sink.has_captures() {
            quiet::<B, P, S, false>(k, pos, sink);
        }
    }
}

/// The position after `mv` (draw counters untouched: the perft path).
#[inline(always)]
pub(crate) fn play_fast<B: Bits>(pos: &Position<B>, mv: &Move<B>) -> Position<B> {
    let from = B::bit(mv.from as u32);
    let to = B::bit(mv.to as u32);
    let mut next = *pos;
    let was_king = pos.kings & from != B::ZERO;
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
fn play_as<B: Bits, const WHITE: bool>(pos: &Position<B>, mv: &Move<B>) -> (B, B, B) {
    let from = B::bit(mv.from as u32);
    let to = B::bit(mv.to as u32);
    let (own, enemy) = sides::<B, WHITE>(pos);
    let own = own ^ from ^ to;
    let enemy = enemy & !mv.captured;
    let was_king = pos.kings & from != B::ZERO;
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

/// Unique legal moves.
pub(crate) fn legal_moves<B: Dispatch>(k: &Kernel<B>, pos: &Position<B>) -> MoveList<B> {
    if let Some(g) = &k.lines {
        return g.legal_moves(pos);
    }
    let mut list = MoveList::with_capacity(64);
    B::with_shape(
        k,
        Generate {
            k,
            pos,
            sink: &mut list,
        },
    );
    list
}

/// Unique legal moves with their jump sequences.
pub(crate) fn detailed_moves<B: Dispatch>(
    k: &Kernel<B>,
    pos: &Position<B>,
) -> Vec<DetailedMove<B>> {
    if let Some(g) = &k.lines {
        return g.detailed_moves(pos);
    }
    let mut list = DetailedList::default();
    B::with_shape(
        k,
        Generate {
            k,
            pos,
            sink: &mut list,
        },
    );
    list.moves
}

/// The legal moves of a position into a sink, generated for the kernel's shape.
struct Generate<'a, B: Bits, S> {
    k: &'a Kernel<B>,
    pos: &'a Position<B>,
    sink: &'a mut S,
}

impl<B: Bits, S: Sink<B>> Shaped for Generate<'_, B, S> {
    type Output = ();

    fn run<P: Shape>(self) {
        generate::<B, P, S>(self.k, self.pos, self.sink)
    }
}
