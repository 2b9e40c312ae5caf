//! Move generation: the hot path. Rules are compiled once into a [`Kernel`], and the few rules
//! that shape the inner loop (king range, removal, men's capture directions) are type
//! parameters, so each shipped variant runs a monomorphised generator with no rule branching
//! and no heap allocation per node (move lists are reused buffers). The kernel is generic over
//! the bitboard width (64 bits, or 128 for boards that need more, such as 12x12). The board
//! layout is a type parameter too for the sizes compiled in for each width (8x8 and 10x10 on
//! 64 bits, 12x12 on 128: every step a shift by a constant, see `kernel::Dispatch`); any
//! other size runs the same code reading its layout from the kernel.
//!
//! Counting (the perft of the kernel and of the line tables) is the family's `perft` module's. Perft counts
//! the last ply without playing it, and the two plies above it are specialised:
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
//! geometry's tables on bitboards of any [`Width`](super::Width); they double as a second generator that the
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
            let [first, second] = came.across();
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
pub(super) mod capture;
pub(super) mod generate;
pub(super) mod kernel;
pub(super) mod line_steps;
pub(super) mod lines;
pub(super) mod lists;
pub(super) mod moves;
pub(super) mod quiet;
pub(super) mod zobrist;

pub use kernel::Kernel;
pub use lines::LineTables;
pub use lists::{DetailedMove, MoveList};
pub use moves::Move;
