//! The legal moves of a position: captures first (with the precedence), then ordinary moves
//! where capturing is not compulsory or there is no capture; on the kernel's shape, or by the
//! line tables for the rules they play.

use super::capture::captures;
use super::kernel::{Dispatch, Kernel, Shape, Shaped};
use super::lists::{DetailedList, DetailedMove, MoveList, Sink};
use super::quiet::quiet;
use crate::bits::Bits;
use crate::draughts::position::Position;
use crate::draughts::schema::Colour;

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
