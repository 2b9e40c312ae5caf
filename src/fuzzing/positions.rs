//! Positions built from random square sets, and the generator checked against itself.

use super::inputs::{Bytes, line_table_games, plain_variants, variants};
use crate::count::Count;
use crate::game::Game;
use crate::perft::PerftOptions;
use crate::variant::Variant;
use crate::with_game;

/// A legal position of a shipped variant built from the bytes: the first byte chooses the
/// variant, the second the side to move (bit 0); then every square takes four bits: a white
/// or black man, a white or black king, or (most values) empty. No side has more pieces than
/// it starts with; men never stand on their own crowning row (the square is left empty),
/// pieces only on playable squares; Xiangqi-like
/// games put each piece type in turn on points of the region it is confined to, one royal
/// piece a side, and keep the position only when the side not to move is not in check.
///
/// Returns the index of the variant in [`variants`] and the position's FEN.
pub fn build_position(data: &[u8]) -> Option<(usize, String)> {
    let mut bytes = Bytes::new(data);
    let all = plain_variants();
    let index = bytes.below(all.len());
    let variant = &all[index].1;
    let fen = match variant {
        Variant::Draughts(game) => build_draughts(game, &mut bytes).map(|p| game.fen(&p)),
        Variant::WideDraughts(game) => build_draughts(game, &mut bytes).map(|p| game.fen(&p)),
        Variant::Chess(game) => build_chess(game, &mut bytes).map(|p| game.fen(&p)),
        Variant::WideChess(game) => build_chess(game, &mut bytes).map(|p| game.fen(&p)),
    }?;
    let id = &all[index].0;
    Some((variants().iter().position(|(v, _)| v == id)?, fen))
}

fn build_draughts<B: crate::draughts::build::Width>(
    game: &crate::draughts::Draughts<B>,
    bytes: &mut Bytes,
) -> Option<crate::draughts::Position<B>> {
    use crate::draughts::Colour;
    let rules = game.rules();
    let geo = &rules.geometry;
    let side = if bytes.byte() & 1 == 0 {
        Colour::White
    } else {
        Colour::Black
    };
    let crowning = |c: Colour| geo.row_mask::<B>(rules.promotion_row(c));
    let mut pos = crate::draughts::Position::<B>::empty(side);
    // A side never has more pieces than it starts with.
    let most = rules
        .start
        .white
        .count_ones()
        .max(rules.start.black.count_ones());
    let mut nibble = None;
    for bit in geo.bits().collect::<Vec<_>>() {
        let v = match nibble.take() {
            Some(v) => v,
            None => {
                let b = bytes.byte();
                nibble = Some(b >> 4);
                b & 15
            }
        };
        let mask = B::bit(bit);
        let (colour, king) = match v {
            12 => (Colour::White, false),
            13 => (Colour::Black, false),
            14 => (Colour::White, true),
            15 => (Colour::Black, true),
            _ => continue,
        };
        if (!king && crowning(colour) & mask != B::ZERO) || pos.pieces(colour).count() >= most {
            continue;
        }
        match colour {
            Colour::White => pos.white |= mask,
            Colour::Black => pos.black |= mask,
        }
        if king {
            pos.kings |= mask;
        }
    }
    Some(pos)
}

fn build_chess<B: crate::chess::bitboard::Set>(
    game: &crate::chess::Chess<B>,
    bytes: &mut Bytes,
) -> Option<crate::chess::Position<B>> {
    let rules = game.rules();
    let mut pos = crate::chess::Position::<B>::empty();
    pos.side = bytes.byte() & 1;
    let all = game.engine().board.all();
    for (kind, piece) in rules.pieces.iter().enumerate() {
        for side in 0..2 {
            let region = piece
                .confined_to
                .as_ref()
                .and_then(|r| rules.region(r, side))
                .map_or(all, B::from_u128);
            let count = if piece.royal {
                1
            } else {
                bytes.byte() as usize % 4
            };
            for _ in 0..count {
                let free: Vec<u32> = (region & !pos.occupied()).squares().collect();
                if free.is_empty() {
                    break;
                }
                pos.put(side, kind, free[bytes.below(free.len())]);
            }
        }
    }
    game.check_position(&pos).ok()?;
    Some(pos)
}

/// Positions built from the bytes (see [`build_position`]), and the generator against
/// itself: the number of legal moves is the bulk perft 1; perft 2 and 3 are the sums of the
/// children's (each move played); the threaded, hashed driver counts as the single-thread
/// search; the line-table generator as the kernel; both counting conventions.
pub fn positions(data: &[u8]) {
    let Some((index, fen)) = build_position(data) else {
        return;
    };
    let variant = &variants()[index].1;
    with_game!(variant, game => {
        let pos = game
            .parse_fen(&fen)
            .unwrap_or_else(|e| panic!("{}: a built position's FEN `{fen}` does not read: {e}", game.id()));
        assert_eq!(game.fen(&pos), fen, "{}: FEN round trip", game.id());
        let _ = Game::outcome(game, std::slice::from_ref(&pos));
        check_counts(game, &pos, 3, 3_000, true);
    });
    match (&line_table_games()[index], variant) {
        (Some(Variant::Draughts(lines)), Variant::Draughts(game)) => {
            kernel_is_line_tables(game, lines, &fen)
        }
        (Some(Variant::WideDraughts(lines)), Variant::WideDraughts(game)) => {
            kernel_is_line_tables(game, lines, &fen)
        }
        _ => {}
    }
}

/// The kernel's perft 1 and 2 of `fen` against the line tables', both conventions.
fn kernel_is_line_tables<B: crate::draughts::build::Width>(
    game: &crate::draughts::Draughts<B>,
    lines: &crate::draughts::Draughts<B>,
    fen: &str,
) {
    let pos = game.parse_fen(fen).expect("read above");
    for count in [Count::Unique, Count::Paths] {
        for depth in 1..=2 {
            assert_eq!(
                lines.perft(&pos, depth, count),
                game.perft(&pos, depth, count),
                "{}: {fen}: perft {depth} {count:?}, line tables against the kernel",
                game.id()
            );
        }
    }
}

/// The counts of `pos` against each other, both conventions: the moves listed and perft 1;
/// perft(d) and the sum over the moves of the child's perft(d - 1), for d up to `max_depth`
/// while the tree has at most `budget` leaves; with `driver`, the threaded and hashed
/// driver at the deepest depth reached.
pub(super) fn check_counts<G: Game>(
    game: &G,
    pos: &G::Position,
    max_depth: u32,
    budget: u128,
    driver: bool,
) {
    let moves = game.legal_moves(pos);
    let children: Vec<(u128, G::Position)> = moves
        .iter()
        .map(|m| (game.paths(m) as u128, game.play(pos, m)))
        .collect();
    assert_eq!(
        game.moves_with_notation(pos).len(),
        moves.len(),
        "{}: {}: moves and notated moves",
        game.id(),
        game.fen(pos)
    );
    for count in [Count::Unique, Count::Paths] {
        let weight = |paths: u128| match count {
            Count::Unique => 1,
            Count::Paths => paths,
        };
        let listed: u128 = children.iter().map(|(p, _)| weight(*p)).sum();
        assert_eq!(
            game.perft(pos, 1, count),
            listed,
            "{}: {}: perft 1 {count:?} against the moves listed",
            game.id(),
            game.fen(pos)
        );
        let mut deepest = 1;
        let mut last = listed;
        for depth in 2..=max_depth {
            if last > budget {
                break;
            }
            let whole = game.perft(pos, depth, count);
            let sum: u128 = children
                .iter()
                .map(|(p, child)| weight(*p) * game.perft(child, depth - 1, count))
                .sum();
            assert_eq!(
                whole,
                sum,
                "{}: {}: perft {depth} {count:?} against the sum of the children's",
                game.id(),
                game.fen(pos)
            );
            deepest = depth;
            last = whole;
        }
        if driver {
            let options = PerftOptions {
                threads: 2,
                hash_mb: 1,
                progress: None,
                stop: None,
            };
            assert_eq!(
                crate::perft::perft(game, pos, deepest, count, &options),
                last,
                "{}: {}: perft {deepest} {count:?}, threaded and hashed driver",
                game.id(),
                game.fen(pos)
            );
        }
    }
}
