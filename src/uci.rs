//! The UCI protocol, as far as the tools that compare engines' move trees use it: `uci`,
//! `isready`, `setoption` (`UCI_Variant` among every shipped variant of both families,
//! `RulesFile` for any rules file or spec, `Threads`, `Hash`), `ucinewgame`, `position
//! startpos|fen FEN [moves ...]`, `go perft N` (the divide: `MOVE: N` lines, a blank line,
//! `Nodes searched: N`, as Stockfish and Fairy-Stockfish write it), `d` (the FEN) and `quit`.
//! Anything wrong (an unknown variant, a bad FEN or move, a depth that is not one) is told on
//! an `info string` line; the session goes on.

use crate::count::Count;
use crate::game::Game;
use crate::perft::PerftOptions;
use crate::variant::Variant;
use crate::with_game;
use std::io::{BufRead, Write};

/// The variant a session starts with, as a chess engine's does.
pub const DEFAULT_VARIANT: &str = "chess";

/// The deepest `go perft` a session runs.
pub const MAX_DEPTH: u32 = 64;

/// The largest `Hash` (MiB) a session offers.
pub const MAX_HASH_MB: usize = 1 << 20;

/// A UCI session: the variant, the position as set (a FEN, or the start, and the moves played
/// from it) and the search options.
pub struct Session {
    variant: Variant,
    /// The FEN of the position as set; `None` for the variant's start.
    fen: Option<String>,
    /// The moves played from it, as written.
    moves: String,
    threads: usize,
    hash_mb: usize,
}

impl Session {
    /// A session with `variant` (a shipped id, a rules file or a spec), at its start position.
    pub fn new(variant: &str) -> Result<Session, crate::diagnostics::LocatedError> {
        Ok(Session {
            variant: crate::load::load::<Variant>(variant)?,
            fen: None,
            moves: String::new(),
            threads: 1,
            hash_mb: 0,
        })
    }

    /// Answers every command of `input` on `out` until `quit` or the end of the input.
    pub fn serve(&mut self, input: impl BufRead, out: &mut impl Write) -> std::io::Result<()> {
        for line in input.lines() {
            let line = line?;
            if !self.command(line.trim(), out)? {
                break;
            }
            out.flush()?;
        }
        Ok(())
    }

    /// Answers one command; `false` after `quit`.
    pub fn command(&mut self, line: &str, out: &mut impl Write) -> std::io::Result<bool> {
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match word {
            "" => {}
            "uci" => self.hello(out)?,
            "isready" => writeln!(out, "readyok")?,
            "ucinewgame" => {
                self.fen = None;
                self.moves.clear();
            }
            "setoption" => {
                if let Err(e) = self.set_option(rest) {
                    info(out, &e)?;
                }
            }
            "position" => {
                if let Err(e) = self.set_position(rest) {
                    info(out, &e)?;
                }
            }
            "go" => match go_perft_depth(rest) {
                Ok(depth) => self.go_perft(depth, out)?,
                Err(e) => info(out, &e)?,
            },
            "d" => match self.fen_now() {
                Ok(fen) => writeln!(out, "Fen: {fen}")?,
                Err(e) => info(out, &e)?,
            },
            "stop" | "ponderhit" | "debug" | "register" => {}
            "quit" => return Ok(false),
            _ => info(
                out,
                &format!(
                    "unknown command `{word}` (known: uci, isready, setoption, ucinewgame, position, go perft, d, quit)"
                ),
            )?,
        }
        Ok(true)
    }

    /// `id`, the options and `uciok`.
    fn hello(&self, out: &mut impl Write) -> std::io::Result<()> {
        writeln!(out, "id name rulebench {}", env!("CARGO_PKG_VERSION"))?;
        writeln!(out, "id author the rulebench authors")?;
        let vars: String = crate::rules::shipped_variants()
            .iter()
            .map(|v| format!(" var {v}"))
            .collect();
        writeln!(
            out,
            "option name UCI_Variant type combo default {}{vars}",
            self.variant_id()
        )?;
        writeln!(out, "option name RulesFile type string default <empty>")?;
        writeln!(
            out,
            "option name Threads type spin default 1 min 1 max 1024"
        )?;
        writeln!(
            out,
            "option name Hash type spin default 0 min 0 max {MAX_HASH_MB}"
        )?;
        writeln!(out, "uciok")
    }

    /// The variant's id.
    fn variant_id(&self) -> String {
        with_game!(&self.variant, game => game.id().to_string())
    }

    /// `name NAME [value VALUE]`.
    fn set_option(&mut self, rest: &str) -> Result<(), String> {
        let rest = rest
            .strip_prefix("name")
            .ok_or("write `setoption name NAME value VALUE`")?
            .trim_start();
        let (name, value) = match rest.split_once(" value") {
            Some((name, value)) => (name.trim(), value.trim()),
            None => (rest.trim(), ""),
        };
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" | "rulesfile" => {
                if value.is_empty() || value == "<empty>" {
                    return Err(format!("{name} needs a value"));
                }
                self.variant = crate::load::load::<Variant>(value).map_err(|e| one_line(&e))?;
                self.fen = None;
                self.moves.clear();
            }
            "threads" => {
                self.threads = match value.parse::<usize>() {
                    Ok(n @ 1..=1024) => n,
                    _ => return Err(format!("Threads is a number from 1 to 1024, not `{value}`")),
                };
            }
            "hash" => {
                let mb = match value.parse::<usize>() {
                    Ok(n) if n <= MAX_HASH_MB => n,
                    _ => {
                        return Err(format!(
                            "Hash is a number of MiB from 0 to {MAX_HASH_MB}, not `{value}`"
                        ));
                    }
                };
                if mb > 0 && crate::transposition::TranspositionTable::<[u64; 1]>::new(mb).is_none()
                {
                    return Err(format!("the system refused {mb} MiB for the hash table"));
                }
                self.hash_mb = mb;
            }
            _ => {
                return Err(format!(
                    "no option `{name}` (options: UCI_Variant, RulesFile, Threads, Hash)"
                ));
            }
        }
        Ok(())
    }

    /// `startpos [moves ...]` or `fen FEN [moves ...]`: checked now, kept only when it plays.
    fn set_position(&mut self, rest: &str) -> Result<(), String> {
        let (setup, moves) = match rest.split_once(" moves") {
            Some((setup, moves)) => (setup.trim(), moves.trim()),
            None if rest.trim_end().ends_with("moves") => {
                (rest.trim_end().trim_end_matches("moves").trim(), "")
            }
            None => (rest.trim(), ""),
        };
        let fen = if setup == "startpos" {
            None
        } else if let Some(fen) = setup.strip_prefix("fen") {
            let fen = fen.trim();
            if fen.is_empty() {
                return Err("`position fen` needs a FEN".into());
            }
            Some(fen.to_string())
        } else {
            return Err(
                "write `position startpos [moves ...]` or `position fen FEN [moves ...]`".into(),
            );
        };
        self.set(fen.as_deref(), moves)
    }

    /// Sets the position: `fen` (the start when `None`) and `moves` played from it, written
    /// in any notation the family reads, separated by spaces. Checked now; on an error the
    /// position stays as it was.
    pub fn set(&mut self, fen: Option<&str>, moves: &str) -> Result<(), String> {
        let (old_fen, old_moves) = (self.fen.take(), std::mem::take(&mut self.moves));
        self.fen = fen.map(str::to_string);
        self.moves = moves.to_string();
        if let Err(e) = self.fen_now() {
            self.fen = old_fen;
            self.moves = old_moves;
            return Err(e);
        }
        Ok(())
    }

    /// Sets the threads and the hash table (MiB, 0 for none) of the searches.
    pub fn search_with(&mut self, threads: usize, hash_mb: usize) {
        self.threads = threads.max(1);
        self.hash_mb = hash_mb;
    }

    /// The FEN of the position as set.
    fn fen_now(&self) -> Result<String, String> {
        with_game!(&self.variant, game => {
            let pos = self.position(game)?;
            Ok(game.fen(&pos))
        })
    }

    /// The position as set, in `game`.
    fn position<G: Game>(&self, game: &G) -> Result<G::Position, String> {
        let start = match &self.fen {
            Some(fen) => game.parse_fen(fen).map_err(|e| one_line(&e))?,
            None => game.start(),
        };
        let played = crate::replay::replay(game, &start, &self.moves, "moves", false)
            .map_err(|e| one_line(&e))?;
        Ok(played.last().cloned().unwrap_or(start))
    }

    /// Perft `depth` of each legal move of the position as set (unique moves), in the
    /// family's default notation, sorted as `divide` sorts them.
    pub fn divide(&self, depth: u32) -> Result<Vec<(String, u128)>, String> {
        with_game!(&self.variant, game => {
            let pos = self.position(game)?;
            let options = PerftOptions {
                threads: self.threads,
                hash_mb: self.hash_mb,
                progress: None,
                stop: None,
            };
            Ok(crate::perft::divide(game, &pos, depth, Count::Unique, &options))
        })
    }

    /// `go perft N`: the divide, and the total.
    fn go_perft(&self, depth: u32, out: &mut impl Write) -> std::io::Result<()> {
        let lines = match self.divide(depth) {
            Ok(lines) => lines,
            Err(e) => return info(out, &e),
        };
        let mut total: u128 = 0;
        for (mv, n) in &lines {
            writeln!(out, "{mv}: {n}")?;
            total += n;
        }
        writeln!(out, "\nNodes searched: {total}\n")
    }
}

/// The depth of `perft N`.
fn go_perft_depth(rest: &str) -> Result<u32, String> {
    let mut words = rest.split_whitespace();
    match (words.next(), words.next(), words.next()) {
        (Some("perft"), Some(n), None) => match n.parse::<u32>() {
            Ok(d @ 1..=MAX_DEPTH) => Ok(d),
            _ => Err(format!(
                "the depth of `go perft` is a number from 1 to {MAX_DEPTH}, not `{n}`"
            )),
        },
        _ => Err("this engine only counts: write `go perft N`".into()),
    }
}

/// An error on one line: where it is and what is wrong.
fn one_line(e: &crate::diagnostics::LocatedError) -> String {
    let help = e
        .help
        .as_deref()
        .map(|h| format!(" ({h})"))
        .unwrap_or_default();
    format!("{}:{}:{}: {}{help}", e.file, e.line, e.column, e.message).replace('\n', " ")
}

/// An `info string` line.
fn info(out: &mut impl Write, text: &str) -> std::io::Result<()> {
    writeln!(out, "info string {}", text.replace('\n', " "))
}
