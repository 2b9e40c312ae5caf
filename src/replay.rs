//! A game as played: moves read one by one from a text (`--moves "h3e3 h10g8"`, a fixture's
//! `play`), each checked against the legal moves of the position it is played in, with the
//! positions the game went through. A move that is not legal, or a move after the game has
//! ended, is an error located in the text.

use crate::diagnostics::{LocatedError, SourceFile};
use crate::game::Game;
use crate::outcome::Outcome;

/// The longest move list read (a game of ten thousand moves is already far past any rule).
pub const MAX_MOVES: usize = 10_000;

/// The tokens of a move list: separated by white space or commas; move numbers (`1.`,
/// `12...`) are skipped. Each with its byte range in `text`.
pub fn tokens(text: &str) -> Vec<(std::ops::Range<usize>, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
    {
        let sep = c.is_whitespace() || c == ',';
        match (start, sep) {
            (None, false) => start = Some(i),
            (Some(s), true) => {
                let token = &text[s..i];
                let number = token.trim_end_matches('.');
                let is_number = token.ends_with('.')
                    && !number.is_empty()
                    && number.chars().all(|c| c.is_ascii_digit());
                if !is_number {
                    out.push((s..i, token));
                }
                start = None;
            }
            _ => {}
        }
    }
    out
}

/// Plays the moves of `text` from `start`: returns every position of the game, `start`
/// first. With `stop_when_over`, a move played after the game has ended (by the rules'
/// [`Game::outcome`]) is an error.
pub fn replay<G: Game>(
    game: &G,
    start: &G::Position,
    text: &str,
    name: &str,
    stop_when_over: bool,
) -> Result<Vec<G::Position>, LocatedError> {
    let source = SourceFile {
        name: name.into(),
        text: text.into(),
    };
    let moves = tokens(text);
    if moves.len() > MAX_MOVES {
        return Err(LocatedError::new(
            &source,
            moves[MAX_MOVES].0.clone(),
            format!(
                "{} moves is more than the {MAX_MOVES} this reads",
                moves.len()
            ),
            Some("give the position with a FEN instead of the whole game".into()),
        ));
    }
    let mut history = vec![start.clone()];
    for (i, (span, token)) in moves.iter().enumerate() {
        if stop_when_over {
            let outcome = game.outcome(&history);
            if outcome != Outcome::Ongoing {
                let when = match i {
                    0 => "in the position given".to_string(),
                    _ => format!("after move {} `{}`", i, moves[i - 1].1),
                };
                return Err(LocatedError::new(
                    &source,
                    span.clone(),
                    format!("the game is over before move {} `{token}`", i + 1),
                    Some(format!("{when}: {outcome}")),
                ));
            }
        }
        let now = history.last().expect("the start at least");
        let mv = game.parse_move(now, token).map_err(|e| {
            LocatedError::new(
                &source,
                span.clone(),
                format!("move {}: {}", i + 1, e.message),
                e.help.clone(),
            )
        })?;
        if let Some(why) = game.refused_in_game(&history, &mv) {
            return Err(LocatedError::new(
                &source,
                span.clone(),
                format!("move {}: `{token}` is not allowed here: {why}", i + 1),
                Some("a rule of the game that reads its earlier moves".into()),
            ));
        }
        let next = game.play(now, &mv);
        history.push(next);
    }
    Ok(history)
}
