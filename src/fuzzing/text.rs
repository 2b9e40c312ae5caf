//! FENs, move texts and move lists as fuzz input.

use super::inputs::{Bytes, variants};
use super::positions::check_counts;
use crate::game::Game;
use crate::present::Present;
use crate::variant::Variant;
use crate::{replay, with_game};

/// The variant the first byte chooses, and the rest of the input as text.
fn variant_and_text(data: &[u8]) -> (&'static Variant, String) {
    let all = variants();
    let (first, rest) = data.split_first().unwrap_or((&0, &[]));
    let variant = &all[*first as usize % all.len()].1;
    (variant, String::from_utf8_lossy(rest).into_owned())
}

/// The shipped variant the next byte chooses.
fn chosen_variant(bytes: &mut Bytes) -> &'static Variant {
    let all = variants();
    &all[bytes.below(all.len())].1
}

/// Any text as a FEN under every shipped variant (the first byte chooses): a FEN that reads
/// writes back to the same position, and the position's moves, outcome and perft 2 agree.
pub fn fen(data: &[u8]) {
    let (variant, text) = variant_and_text(data);
    with_game!(variant, game => fen_in(game, &text));
}

fn fen_in<G: Present>(game: &G, text: &str) {
    let Ok(pos) = game.parse_fen(text) else {
        return;
    };
    let written = game.fen(&pos);
    let again = game.parse_fen(&written).unwrap_or_else(|e| {
        panic!(
            "{}: `{text}` reads, its FEN `{written}` does not: {e}",
            game.id()
        )
    });
    assert_eq!(
        again,
        pos,
        "{}: `{text}` -> `{written}` reads back to another position",
        game.id()
    );
    assert_eq!(
        game.fen(&again),
        written,
        "{}: FEN written twice differs",
        game.id()
    );
    let _ = game.diagram(&pos);
    let _ = Game::outcome(game, std::slice::from_ref(&pos));
    check_counts(game, &pos, 2, 2_000, false);
}

/// Move text (any bytes after the first two) in a position reached by play from the start:
/// the first byte chooses the variant, the second how many plies, the next ones which moves.
/// `parse_move` and `matching_moves` must agree, and every legal move's text in every
/// notation names that move alone.
pub fn move_text(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let variant = chosen_variant(&mut bytes);
    with_game!(variant, game => move_text_in(game, &mut bytes));
}

fn move_text_in<G: Game>(game: &G, bytes: &mut Bytes) {
    let plies = bytes.byte() % 12;
    let mut pos = game.start();
    for _ in 0..plies {
        let moves = game.legal_moves(&pos);
        if moves.is_empty() {
            break;
        }
        pos = game.play(&pos, &moves[bytes.below(moves.len())]);
    }
    let pick = bytes.byte();
    let text = String::from_utf8_lossy(bytes.rest()).into_owned();
    let notated = game.moves_with_notation(&pos);
    let matching = game.matching_moves(&pos, &text);
    let parsed = game.parse_move(&pos, &text);
    match (&matching, &parsed) {
        (Ok(found), Ok(mv)) => {
            assert_eq!(
                found.len(),
                1,
                "{}: `{text}` parsed though it matches {found:?}",
                game.id()
            );
            assert_eq!(
                game.move_key(mv),
                game.move_key(&notated[found[0]].0),
                "{}: `{text}` parsed to another move than it matches",
                game.id()
            );
        }
        (Ok(found), Err(e)) => assert_ne!(
            found.len(),
            1,
            "{}: `{text}` matches one move but does not parse: {e}",
            game.id()
        ),
        (Err(e), Ok(_)) => panic!("{}: `{text}` parses but does not match: {e}", game.id()),
        (Err(_), Err(_)) => {}
    }
    if notated.is_empty() {
        return;
    }
    let i = pick as usize % notated.len();
    assert!(
        unambiguous_text(game, &pos, i).is_some(),
        "{}: at {} no notation names move {i} (`{}`) alone",
        game.id(),
        game.fen(&pos),
        notated[i].1
    );
    for notation in game.notations() {
        let written = game.moves_in(&pos, notation);
        let Some((mv, text)) = written.get(i) else {
            panic!(
                "{}: {} moves in {notation}, {} in all",
                game.id(),
                written.len(),
                notated.len()
            );
        };
        let found = game.matching_moves(&pos, text).unwrap_or_else(|e| {
            panic!(
                "{}: the move `{text}` ({notation}) does not read: {e}",
                game.id()
            )
        });
        assert!(
            found
                .iter()
                .any(|&k| game.move_key(&notated[k].0) == game.move_key(mv)),
            "{}: `{text}` ({notation}) at {} names {found:?}, not move {i}",
            game.id(),
            game.fen(&pos)
        );
        if found.len() > 1 {
            // Read several ways (by design): the error must say how to write each alone.
            let e = game.parse_move(&pos, text).expect_err("ambiguous");
            let help = e.help.unwrap_or_default();
            for &k in &found {
                let alone = unambiguous_text(game, &pos, k).expect("checked above for one");
                assert!(
                    help.contains(&alone),
                    "{}: `{text}`: the help `{help}` lacks `{alone}`",
                    game.id()
                );
            }
        }
    }
}

/// [`Game::text_alone`], checked: the text it gives reads as move `i` and no other.
fn unambiguous_text<G: Game>(game: &G, pos: &G::Position, i: usize) -> Option<String> {
    let text = game.text_alone(pos, i)?;
    assert_eq!(
        game.matching_moves(pos, &text).ok().as_deref(),
        Some(&[i][..]),
        "{}: `{text}` is given as naming move {i} alone",
        game.id()
    );
    Some(text)
}

/// A `--moves` list replayed from the start. The first byte chooses the variant; the second
/// whether to stop when the game is over (bit 0) and whether the rest is text (bit 7 clear)
/// or move choices written out as a list of legal moves, which must then replay to the
/// positions they were chosen in.
pub fn moves_replay(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let variant = chosen_variant(&mut bytes);
    with_game!(variant, game => replay_in(game, &mut bytes));
}

fn replay_in<G: Game>(game: &G, bytes: &mut Bytes) {
    let flags = bytes.byte();
    let stop = flags & 1 != 0;
    let start = game.start();
    if flags & 0x80 == 0 {
        let text = String::from_utf8_lossy(bytes.rest()).into_owned();
        if let Ok(history) = replay::replay(game, &start, &text, "moves", stop) {
            assert_eq!(
                history.len(),
                replay::tokens(&text).len() + 1,
                "{}: `{text}`",
                game.id()
            );
        }
        return;
    }
    // Move choices: a game of legal moves, written out.
    let mut history = vec![start.clone()];
    let mut text = String::new();
    while bytes.left() > 0 && history.len() < 200 {
        let now = history.last().expect("the start");
        let notated: Vec<_> = game
            .moves_with_notation(now)
            .into_iter()
            .filter(|(mv, _)| game.refused_in_game(&history, mv).is_none())
            .collect();
        if notated.is_empty()
            || (stop && game.outcome(&history) != crate::outcome::Outcome::Ongoing)
        {
            break;
        }
        let choice = bytes.byte();
        let (mv, written) = &notated[choice as usize % notated.len()];
        // The text of the move that names it alone (a coordinate text UCCI reads as another
        // legal move is ambiguous by design).
        let all = game.moves_with_notation(now);
        let index = all
            .iter()
            .position(|(m, _)| game.move_key(m) == game.move_key(mv))
            .expect("a legal move");
        let written = unambiguous_text(game, now, index).unwrap_or_else(|| written.clone());
        let sep = match choice >> 6 {
            0 => " ",
            1 => ", ",
            2 => "\n",
            _ => "  ",
        };
        if history.len() % 2 == 1 && choice & 0x20 != 0 {
            text.push_str(&format!("{}. ", history.len() / 2 + 1));
        }
        text.push_str(&written);
        text.push_str(sep);
        let next = game.play(now, mv);
        history.push(next);
    }
    let replayed = replay::replay(game, &start, &text, "moves", stop).unwrap_or_else(|e| {
        panic!(
            "{}: the legal game `{text}` does not replay: {e}",
            game.id()
        )
    });
    assert!(
        replayed == history,
        "{}: `{text}` replays to other positions",
        game.id()
    );
}
