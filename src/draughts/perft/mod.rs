//! Perft of the draughts family: the recursion with an optional transposition table
//! ([`search`]), the ply above the parent of the leaves and the parent itself ([`parent`],
//! compiled where [`parent_units`] puts it), the opponent's replies in its children counted
//! from what the parent read ([`replies`], [`opponent_kings`]), its captures listed
//! ([`parent_captures`]), and the last ply counted without being listed ([`leaf`],
//! [`leaf_count`], by bitboards where no capture can go on: [`flying`]; by lean searches where
//! one can: [`short_leaf`], [`flying_leaf`], into a [`tally`]); the line tables' own perft
//! ([`lines`]). [`children`]: a child's count as the convention weighs it.

pub(super) mod children;
pub(super) mod flying;
pub(super) mod flying_leaf;
pub(super) mod leaf;
pub(super) mod leaf_count;
pub(super) mod lines;
pub(super) mod opponent_kings;
pub(super) mod parent;
pub(super) mod parent_captures;
pub(super) mod parent_units;
pub(super) mod replies;
pub(super) mod search;
pub(super) mod short_leaf;
pub(super) mod tally;
