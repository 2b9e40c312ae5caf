//! Rule-edge fixtures: TOML files of positions with their exact legal moves, perft counts and
//! outcomes, worked out by hand from the rule text. See `fixtures/README.md` for the format.

use crate::count::Count;
use crate::diagnostics::{LocatedError, SourceFile};
use crate::game::Game;
use crate::outcome::Outcome;
use crate::variant::Variant;
use crate::with_game;
use serde::Deserialize;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// One fixture file: a list of `[[case]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FixtureFile {
    /// The cases.
    #[serde(default)]
    pub case: Vec<Case>,
}

/// One position and what the rules say about it.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Case {
    /// Unique id.
    pub id: String,
    /// Rules spec (`italian`, `russian+no-compulsory-capture`, a path).
    pub rules: String,
    /// The position.
    pub fen: String,
    /// One line: what the position shows.
    pub description: String,
    /// The rule it pins, and where it is stated: a section of docs/games/
    /// (docs/games/draughts.md#capture-precedence) or a rule-book article.
    pub rule: String,
    /// The exact set of legal moves, in any notation the family reads.
    pub moves: Option<Vec<String>>,
    /// Perft counts, depth 1 first (unique moves; the name for families without jump
    /// sequences).
    pub perft: Option<Vec<u64>>,
    /// Perft counts, depth 1 first, counting unique moves.
    pub perft_unique: Option<Vec<u64>>,
    /// Perft counts, depth 1 first, counting every jump sequence.
    pub perft_paths: Option<Vec<u64>>,
    /// Moves played from `fen` before `outcome` and `moves_after_play` are checked.
    pub play: Option<Vec<String>>,
    /// The exact set of moves allowed after `play`, the game's earlier moves taken into
    /// account (rules such as Frisian's limit on a king's ordinary moves read them).
    pub moves_after_play: Option<Vec<String>>,
    /// `ongoing`, `draw`, or `<side>-wins` with a side as the rules name it (`white-wins`,
    /// `red-wins`), after `play`.
    pub outcome: Option<String>,
    /// Words that the reason given for the outcome must contain (`checkmate`).
    pub reason: Option<String>,
}

/// What one case gave.
#[derive(Clone, Debug)]
pub struct CaseResult {
    /// The file it is in.
    pub file: PathBuf,
    /// Its id.
    pub id: String,
    /// Every disagreement, in words; empty when the case passed.
    pub failures: Vec<String>,
}

impl CaseResult {
    /// Whether the case passed.
    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }
}

/// Every `.toml` file below `path` (or `path` itself), sorted.
pub fn fixture_files(path: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    if path.is_file() {
        out.push(path.to_path_buf());
        return Ok(out);
    }
    for entry in std::fs::read_dir(path)? {
        let p = entry?.path();
        if p.is_dir() {
            out.extend(fixture_files(&p)?);
        } else if p.extension().and_then(|e| e.to_str()) == Some("toml") {
            out.push(p);
        }
    }
    out.sort();
    Ok(out)
}

/// Reads one fixture file; errors are located in the file.
pub fn read_file(path: &Path) -> Result<FixtureFile, LocatedError> {
    let text = crate::diagnostics::read_text(path).map_err(|e| {
        let source = SourceFile {
            name: path.display().to_string(),
            text: "".into(),
        };
        LocatedError::new(&source, 0..0, format!("cannot read: {e}"), None)
    })?;
    parse_text(&path.display().to_string(), &text)
}

/// Reads a fixture file from its text, as if it were at `name`; errors are located in it.
pub fn parse_text(name: &str, text: &str) -> Result<FixtureFile, LocatedError> {
    let source = SourceFile {
        name: name.to_string(),
        text: text.into(),
    };
    toml::from_str(text).map_err(|e| {
        LocatedError::new(
            &source,
            e.span().unwrap_or(0..0),
            e.message().trim().to_string(),
            Some("see fixtures/README.md for the fields of a case".into()),
        )
    })
}

/// Runs fixtures, caching compiled rules by spec.
#[derive(Default)]
pub struct Runner {
    games: HashMap<String, Result<Variant, String>>,
}

impl Runner {
    /// A runner with nothing loaded yet.
    pub fn new() -> Self {
        Runner::default()
    }

    /// Runs every case of every fixture file below `path`. A file that cannot be read or
    /// parsed is one failed result.
    pub fn run_path(&mut self, path: &Path) -> Vec<CaseResult> {
        let files = match fixture_files(path) {
            Ok(f) => f,
            Err(e) => {
                return vec![CaseResult {
                    file: path.to_path_buf(),
                    id: "(files)".into(),
                    failures: vec![format!("cannot list {}: {e}", path.display())],
                }];
            }
        };
        let mut out = Vec::new();
        let mut seen: HashMap<String, PathBuf> = HashMap::new();
        for file in files {
            match read_file(&file) {
                Err(e) => out.push(CaseResult {
                    file: file.clone(),
                    id: "(file)".into(),
                    failures: vec![e.to_string()],
                }),
                Ok(f) => {
                    for case in &f.case {
                        let mut result = self.run_case(&file, case);
                        if let Some(other) = seen.insert(case.id.clone(), file.clone()) {
                            result.failures.push(format!(
                                "id `{}` is also used in {}",
                                case.id,
                                other.display()
                            ));
                        }
                        out.push(result);
                    }
                }
            }
        }
        out
    }

    /// Runs one case.
    pub fn run_case(&mut self, file: &Path, case: &Case) -> CaseResult {
        let failures =
            match self.games.entry(case.rules.clone()).or_insert_with(|| {
                crate::load::load::<Variant>(&case.rules).map_err(|e| e.to_string())
            }) {
                Err(e) => vec![format!("rules: {e}")],
                Ok(variant) => with_game!(variant, game => check_case(game, case)),
            };
        CaseResult {
            file: file.to_path_buf(),
            id: case.id.clone(),
            failures,
        }
    }
}

/// Every disagreement between `game` and what `case` says.
fn check_case<G: Game>(game: &G, case: &Case) -> Vec<String> {
    let mut failures = Vec::new();
    let pos = match game.parse_fen(&case.fen) {
        Ok(p) => p,
        Err(e) => return vec![e.to_string()],
    };
    if case.moves.is_none()
        && case.perft.is_none()
        && case.perft_unique.is_none()
        && case.perft_paths.is_none()
        && case.outcome.is_none()
        && case.moves_after_play.is_none()
    {
        failures.push(
            "nothing to check: give moves, perft, perft_unique, perft_paths, outcome or \
             moves_after_play"
                .into(),
        );
    }
    if let Some(expected) = &case.moves {
        check_moves(game, &pos, &[], expected, &mut failures);
    }
    for (table, count) in [
        (&case.perft, Count::Unique),
        (&case.perft_unique, Count::Unique),
        (&case.perft_paths, Count::Paths),
    ] {
        for (i, &want) in table.iter().flatten().enumerate() {
            let depth = i as u32 + 1;
            let got = game.perft(&pos, depth, count);
            if got != want as u128 {
                failures.push(format!(
                    "perft({depth}) {}: expected {want}, got {got}",
                    count.name()
                ));
            }
        }
    }
    if case.play.is_some() && case.outcome.is_none() && case.moves_after_play.is_none() {
        failures.push("`play` is only used before checking `outcome` or `moves_after_play`".into());
    }
    // The game `play` makes, when something is checked after it.
    let history = if case.moves_after_play.is_some() || case.outcome.is_some() {
        let text = case.play.as_ref().map(|p| p.join(" ")).unwrap_or_default();
        match crate::replay::replay(game, &pos, &text, "play", true) {
            Err(e) => {
                failures.push(format!(
                    "play: {e} ({})",
                    e.help.clone().unwrap_or_default()
                ));
                return failures;
            }
            Ok(history) => history,
        }
    } else {
        Vec::new()
    };
    if let Some(expected) = &case.moves_after_play {
        let now = history.last().expect("the start at least");
        check_moves(game, now, &history, expected, &mut failures);
    }
    if case.reason.is_some() && case.outcome.is_none() {
        failures.push("`reason` is only checked with `outcome`".into());
    }
    if let Some(want) = &case.outcome {
        let sides = game.side_names();
        let valid: Vec<String> = ["ongoing".to_string(), "draw".to_string()]
            .into_iter()
            .chain(sides.iter().map(|s| format!("{s}-wins")))
            .collect();
        let outcome = game.outcome(&history);
        let (got, reason) = match &outcome {
            Outcome::Ongoing => ("ongoing".to_string(), String::new()),
            Outcome::Win { winner, reason } => (format!("{winner}-wins"), reason.clone()),
            Outcome::Draw { reason } => ("draw".to_string(), reason.clone()),
        };
        let now = history.last().expect("the start at least");
        if !valid.contains(want) {
            failures.push(format!(
                "outcome `{want}` is not one of {}",
                valid.join(", ")
            ));
        } else if got != *want {
            failures.push(format!(
                "outcome: expected {want}, got {outcome} (at {})",
                game.fen(now)
            ));
        }
        if let Some(words) = &case.reason
            && !reason.contains(words.as_str())
        {
            failures.push(format!(
                "reason: expected `{words}` in \"{reason}\" ({outcome})"
            ));
        }
    }
    failures
}

/// Compares the moves of `pos` with the expected set: moves missing and moves extra. `history`
/// is the game that reached `pos` (empty when only the position counts): moves a rule reading
/// it refuses ([`Game::refused_in_game`]) are not allowed.
fn check_moves<G: Game>(
    game: &G,
    pos: &G::Position,
    history: &[G::Position],
    expected: &[String],
    failures: &mut Vec<String>,
) {
    let all = game.moves_with_notation(pos);
    let mut matched = vec![false; all.len()];
    let allowed: Vec<bool> = all
        .iter()
        .map(|(mv, _)| history.is_empty() || game.refused_in_game(history, mv).is_none())
        .collect();
    let mut missing = Vec::new();
    for text in expected {
        match game.matching_moves(pos, text) {
            Err(e) => failures.push(format!("expected move `{text}`: {e}")),
            Ok(found) => match found.len() {
                0 => missing.push(text.clone()),
                1 => {
                    if std::mem::replace(&mut matched[found[0]], true) {
                        failures.push(format!("`{text}` names a move listed twice"));
                    }
                }
                _ => {
                    let options: Vec<&str> = found.iter().map(|&i| all[i].1.as_str()).collect();
                    failures.push(format!(
                        "expected move `{text}` is ambiguous: it names {}",
                        options.join(", ")
                    ));
                    for i in found {
                        matched[i] = true;
                    }
                }
            },
        }
    }
    for (i, ok) in allowed.iter().enumerate() {
        if matched[i] && !ok {
            missing.push(format!("{} (legal, but refused in this game)", all[i].1));
        }
    }
    let mut extra: Vec<&str> = all
        .iter()
        .zip(&matched)
        .zip(&allowed)
        .filter(|((_, m), ok)| !**m && **ok)
        .map(|(((_, t), _), _)| t.as_str())
        .collect();
    extra.sort_by(|a, b| crate::notation::natural_cmp(a, b));
    if !missing.is_empty() {
        failures.push(format!("moves missing: {}", missing.join(" ")));
    }
    if !extra.is_empty() {
        failures.push(format!("moves extra: {}", extra.join(" ")));
    }
}
