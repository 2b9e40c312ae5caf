//! Who is wrong when two engines' counts differ: our divide against another program's, then
//! down into the first subtree where they disagree, until one position where the move lists
//! themselves differ. The other program is a command that prints `MOVE: N` lines and/or a
//! total (`{fen}` and `{depth}` in the command are replaced), or a UCI engine driven with
//! `position fen` and `go perft`, as Fairy-Stockfish and its family speak.

use crate::count::Count;
use crate::diagnostics::LocatedError;
use crate::notation::natural_cmp;
use crate::perft::PerftOptions;
use crate::present::Present;
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// What the other program said about one position: its moves with their counts (it may
/// print none) and its total (it may print none).
#[derive(Clone, Debug, Default)]
pub struct PeerDivide {
    /// (move as the program writes it, count).
    pub moves: Vec<(String, u128)>,
    /// The total, if printed.
    pub total: Option<u128>,
}

/// Reads `MOVE: N` lines, a `Nodes searched: N` line (or a line that is only a number, for
/// the total).
pub fn parse_divide(text: &str) -> PeerDivide {
    let mut out = PeerDivide::default();
    for line in text.lines() {
        let line = line.trim();
        if let Some(n) = line
            .strip_prefix("Nodes searched:")
            .or_else(|| line.strip_prefix("Nodes searched"))
            .or_else(|| line.strip_prefix("total:"))
        {
            out.total = n.trim().parse().ok();
        } else if let Some((mv, n)) = line.split_once(':')
            && let Ok(n) = n.trim().parse::<u128>()
            && !mv.trim().is_empty()
            && !mv.trim().contains(' ')
        {
            out.moves.push((mv.trim().to_string(), n));
        } else if let Ok(n) = line.parse::<u128>() {
            out.total = Some(n);
        }
    }
    out
}

/// The other program.
pub enum Peer {
    /// A command line run once a query.
    Command(String),
    /// A UCI engine, kept running.
    Uci(UciEngine),
}

/// A UCI engine process.
pub struct UciEngine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl UciEngine {
    /// Starts `path` and sets the options. When the engine offers a `UCI_Variant` option and
    /// `options` does not set it, it is set to the first of `names` (the rules' id, then its
    /// aliases) that the engine knows, and refused with the names it knows otherwise. When the
    /// engine offers `UCI_Chess960`, `options` does not set it and `chess960` says castling
    /// starts from any files, it is set to `true`. Returns the engine and the options chosen
    /// that way.
    pub fn start(
        path: &str,
        options: &[(String, String)],
        names: &[&str],
        chess960: bool,
    ) -> Result<(UciEngine, Vec<(String, String)>), String> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start `{path}`: {e}"))?;
        let input = child.stdin.take().ok_or("no stdin")?;
        let output = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        let mut e = UciEngine {
            child,
            input,
            output,
        };
        e.send("uci")?;
        let hello = e.read_until("uciok")?;
        let mut options = options.to_vec();
        let mut chosen = Vec::new();
        let offers = |name: &str| {
            hello.lines().find(|l| {
                l.trim_start()
                    .strip_prefix("option name ")
                    .and_then(|rest| rest.strip_prefix(name))
                    .is_some_and(|rest| rest.starts_with(' '))
            })
        };
        let set = |name: &str| options.iter().any(|(n, _)| n.eq_ignore_ascii_case(name));
        if let (Some(line), false) = (offers("UCI_Variant"), set("UCI_Variant")) {
            let known: Vec<&str> = line
                .split_whitespace()
                .collect::<Vec<_>>()
                .windows(2)
                .filter(|w| w[0] == "var")
                .map(|w| w[1])
                .collect();
            match names.iter().find(|n| known.contains(n)) {
                Some(name) => chosen.push(("UCI_Variant".to_string(), name.to_string())),
                None => {
                    return Err(format!(
                        "`{path}` plays the variants {}, none of them called `{}`; say which with --uci-option UCI_Variant=NAME{}",
                        known.join(", "),
                        names.join("` or `"),
                        if chess960 {
                            " (a Chess960 variant is often the base game with UCI_Chess960, which is set)"
                        } else {
                            ""
                        }
                    ));
                }
            }
        }
        if chess960 && offers("UCI_Chess960").is_some() && !set("UCI_Chess960") {
            chosen.push(("UCI_Chess960".to_string(), "true".to_string()));
        }
        options.extend(chosen.iter().cloned());
        for (name, value) in &options {
            e.send(&format!("setoption name {name} value {value}"))?;
        }
        e.send("isready")?;
        e.read_until("readyok")?;
        Ok((e, chosen))
    }

    fn send(&mut self, text: &str) -> Result<(), String> {
        writeln!(self.input, "{text}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("the engine stopped reading: {e}"))
    }

    fn read_until(&mut self, end: &str) -> Result<String, String> {
        let mut all = String::new();
        loop {
            let mut line = String::new();
            let n = self
                .output
                .read_line(&mut line)
                .map_err(|e| format!("cannot read the engine: {e}"))?;
            if n == 0 {
                return Err(format!("the engine stopped before `{end}`"));
            }
            all.push_str(&line);
            if line.trim_start().starts_with(end) {
                return Ok(all);
            }
        }
    }

    /// `position fen` and `go perft`.
    pub fn divide(&mut self, fen: &str, depth: u32) -> Result<PeerDivide, String> {
        self.send(&format!("position fen {fen}"))?;
        self.send(&format!("go perft {depth}"))?;
        Ok(parse_divide(&self.read_until("Nodes searched")?))
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        let _ = self.child.wait();
    }
}

impl Peer {
    /// The program's divide of `fen` at `depth`.
    pub fn divide(&mut self, fen: &str, depth: u32) -> Result<PeerDivide, String> {
        match self {
            Peer::Uci(e) => e.divide(fen, depth),
            Peer::Command(template) => {
                let quoted = format!("'{}'", fen.replace('\'', "'\\''"));
                let line = template
                    .replace("{fen}", &quoted)
                    .replace("{depth}", &depth.to_string());
                let out = Command::new("sh")
                    .arg("-c")
                    .arg(&line)
                    .output()
                    .map_err(|e| format!("cannot run `{line}`: {e}"))?;
                if !out.status.success() {
                    return Err(format!(
                        "`{line}` failed: {}",
                        String::from_utf8_lossy(&out.stderr).trim()
                    ));
                }
                Ok(parse_divide(&String::from_utf8_lossy(&out.stdout)))
            }
        }
    }
}

/// One step down: the position, the depth, what each side counted.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Step {
    /// The moves from the root to this position.
    pub path: Vec<String>,
    /// Its FEN.
    pub fen: String,
    /// The depth compared.
    pub depth: u32,
    /// Our total.
    pub ours: u128,
    /// Theirs (their total, or the sum of their moves).
    pub theirs: Option<u128>,
    /// The first move whose counts differ, if any.
    pub first_differing_move: Option<String>,
}

/// What `crosscheck` found.
#[derive(Clone, Debug, serde::Serialize)]
pub struct CrossReport {
    /// Each position compared, from the root down.
    pub steps: Vec<Step>,
    /// Whether the two agree at the root.
    pub agree: bool,
    /// The position where the move lists differ, if one was found.
    pub position: Option<crate::diff::Difference>,
    /// Why the descent stopped without such a position, if it did.
    pub note: Option<String>,
}

/// Compares our divide with the peer's from `root` at `depth`, descending into the first
/// subtree that disagrees.
pub fn crosscheck<G: Present>(
    game: &G,
    peer: &mut Peer,
    root: &G::Position,
    depth: u32,
    options: &PerftOptions<'_>,
) -> Result<CrossReport, LocatedError> {
    let fail = |m: String| {
        let source = crate::diagnostics::SourceFile {
            name: "crosscheck".into(),
            text: m.clone().into(),
        };
        LocatedError::new(&source, 0..0, m, None)
    };
    let mut pos = root.clone();
    let mut path = Vec::new();
    let mut steps = Vec::new();
    let mut agree = true;
    for d in (1..=depth).rev() {
        let fen = game.fen(&pos);
        let ours = crate::perft::divide(game, &pos, d, Count::Unique, options);
        let theirs = peer.divide(&fen, d).map_err(fail)?;
        // Their moves in our notation: the same text, or what our reader makes of theirs.
        let mut mapped: BTreeMap<String, u128> = BTreeMap::new();
        let mut unknown: Vec<String> = Vec::new();
        let notated = game.moves_with_notation(&pos);
        for (text, n) in &theirs.moves {
            let ours_text = if ours.iter().any(|(t, _)| t == text) {
                Some(text.clone())
            } else {
                match game.matching_moves(&pos, text) {
                    Ok(found) if found.len() == 1 => Some(notated[found[0]].1.clone()),
                    _ => None,
                }
            };
            match ours_text {
                Some(t) => *mapped.entry(t).or_default() += n,
                None => unknown.push(text.clone()),
            }
        }
        let total = crate::count::count_sum(ours.iter().map(|(_, n)| *n));
        let their_total = theirs.total.or_else(|| {
            (!theirs.moves.is_empty())
                .then(|| crate::count::count_sum(theirs.moves.iter().map(|(_, n)| *n)))
        });
        let mut step = Step {
            path: path.clone(),
            fen: fen.clone(),
            depth: d,
            ours: total,
            theirs: their_total,
            first_differing_move: None,
        };
        if steps.is_empty() {
            agree = their_total == Some(total)
                && (theirs.moves.is_empty()
                    || (unknown.is_empty()
                        && mapped.len() == ours.len()
                        && ours.iter().all(|(t, n)| mapped.get(t) == Some(n))));
            if agree {
                steps.push(step);
                return Ok(CrossReport {
                    steps,
                    agree,
                    position: None,
                    note: None,
                });
            }
        }
        if theirs.moves.is_empty() {
            steps.push(step);
            return Ok(CrossReport {
                steps,
                agree,
                position: None,
                note: Some(
                    "the other program prints no moves, only a total: cannot go down".into(),
                ),
            });
        }
        let only_ours: Vec<String> = ours
            .iter()
            .filter(|(t, _)| !mapped.contains_key(t))
            .map(|(t, _)| t.clone())
            .collect();
        if !only_ours.is_empty() || !unknown.is_empty() {
            let mut only_theirs = unknown;
            only_theirs.sort_by(|a, b| natural_cmp(a, b));
            steps.push(step);
            return Ok(CrossReport {
                steps,
                agree,
                position: Some(crate::diff::Difference {
                    fen,
                    path,
                    diagram: game.diagram(&pos),
                    only_a: only_ours,
                    only_b: only_theirs,
                }),
                note: None,
            });
        }
        let Some((text, _)) = ours.iter().find(|(t, n)| mapped.get(t) != Some(n)) else {
            steps.push(step);
            return Ok(CrossReport {
                steps,
                agree,
                position: None,
                note: Some("every move's count agrees but the totals do not: the other program's total is wrong".into()),
            });
        };
        step.first_differing_move = Some(text.clone());
        steps.push(step);
        let (mv, _) = notated
            .iter()
            .find(|(_, t)| t == text)
            .expect("a move of our divide")
            .clone();
        pos = game.perft_child(&pos, &mv);
        path.push(text.clone());
    }
    Ok(CrossReport {
        steps,
        agree,
        position: None,
        note: Some(
            "the counts differ down to depth 1 with the same moves: a count of one move is wrong"
                .into(),
        ),
    })
}

impl CrossReport {
    /// The report in words.
    pub fn text(&self, ours: &str, theirs: &str) -> String {
        use std::fmt::Write as _;
        let mut out = String::new();
        for s in &self.steps {
            let at = if s.path.is_empty() {
                "the root".to_string()
            } else {
                s.path.join(" ")
            };
            let _ = writeln!(
                out,
                "depth {} after {at}: {ours} {}, {theirs} {}{}",
                s.depth,
                crate::count::count_text(s.ours),
                s.theirs
                    .map_or("(no total)".into(), crate::count::count_text),
                s.first_differing_move
                    .as_ref()
                    .map_or(String::new(), |m| format!("; first move that differs: {m}"))
            );
        }
        if self.agree {
            let _ = writeln!(out, "agree");
            return out;
        }
        if let Some(d) = &self.position {
            let _ = writeln!(
                out,
                "\nthe move lists differ after {}\nFEN {}",
                d.path_text(),
                d.fen
            );
            d.write_board_and_moves(&mut out, "  ", ours, theirs);
        }
        if let Some(n) = &self.note {
            let _ = writeln!(out, "{n}");
        }
        out
    }
}
