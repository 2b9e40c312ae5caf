//! The catalogue of broken FENs and move strings (`tests/broken-input/cases.toml`, and a few
//! cases too long to store, built here): each is run through the command line as a user runs
//! it. Every one must fail with the error status (not 0, and not a panic's 101), name where
//! the problem is (`FEN:line:column` or `--moves:line:column`, with the pointer under the
//! text), print nothing on stdout, and give the stderr of its insta snapshot
//! (`tests/snapshots/broken_input__*.snap`).

use serde::Deserialize;
use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// No case may take longer than this: a hang is a failure, not a stuck test.
const TIMEOUT: Duration = Duration::from_secs(10);

/// Lines longer than this are cut in the snapshots (the long inputs are echoed whole).
const MAX_LINE: usize = 200;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Catalogue {
    case: Vec<Case>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    rules: String,
    /// `moves` (the default), `outcome`, `perft`, `divide` or `show`.
    command: Option<String>,
    fen: Option<String>,
    moves: Option<String>,
    /// More arguments after the rules (`--depth 1` for `perft`).
    #[serde(default)]
    extra: Vec<String>,
    /// What is wrong, in players' words (the first line of the snapshot).
    why: String,
    /// False where the error has a line and column but no `here` pointer under the text.
    #[serde(default = "yes")]
    pointer: bool,
}

fn yes() -> bool {
    true
}

/// A case ready to run: the arguments, and where the error must point.
struct Run {
    name: String,
    why: String,
    args: Vec<String>,
    /// `FEN` or `--moves`: the source the error must name.
    source: &'static str,
    pointer: bool,
    is_fen: bool,
}

impl Case {
    fn run(&self) -> Run {
        let mut args = vec![
            self.command.clone().unwrap_or_else(|| "moves".into()),
            self.rules.clone(),
        ];
        args.extend(self.extra.iter().cloned());
        if let Some(fen) = &self.fen {
            args.extend(["--fen".into(), fen.clone()]);
        }
        if let Some(moves) = &self.moves {
            args.extend(["--moves".into(), moves.clone()]);
        }
        // A broken FEN is reported before the moves are read.
        let fen_first = self.name == "moves-bad-fen-and-bad-moves";
        assert!(!self.why.trim().is_empty(), "{}: no `why`", self.name);
        Run {
            name: self.name.clone(),
            why: self.why.clone(),
            args,
            source: if self.moves.is_some() && !fen_first {
                "--moves"
            } else {
                "FEN"
            },
            pointer: self.pointer,
            is_fen: self.moves.is_none(),
        }
    }
}

/// The cases of `cases.toml`.
fn stored() -> Vec<Run> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/broken-input/cases.toml");
    let text = std::fs::read_to_string(path).unwrap();
    let catalogue: Catalogue = toml::from_str(&text).unwrap();
    let mut names: Vec<&str> = catalogue.case.iter().map(|c| c.name.as_str()).collect();
    names.sort();
    let count = names.len();
    names.dedup();
    assert_eq!(names.len(), count, "two cases share a name");
    catalogue.case.iter().map(Case::run).collect()
}

/// The cases too long to store: FENs of 100 KB and more (one command-line argument can hold
/// at most 128 KB on Linux) and move lists past `MAX_MOVES`.
fn built() -> Vec<Run> {
    let max = rulebench::replay::MAX_MOVES;
    let run = |name: &str, why: &str, args: Vec<String>, source, is_fen| Run {
        name: name.into(),
        why: why.into(),
        args,
        source,
        pointer: true,
        is_fen,
    };
    let moves =
        |rules: &str, text: String| vec!["moves".into(), rules.into(), "--moves".into(), text];
    let fen = |rules: &str, text: String| vec!["moves".into(), rules.into(), "--fen".into(), text];
    vec![
        // 120 KB: one white man listed 40,001 times.
        run(
            "long-fen-same-square-40001-times",
            "the same white man listed 40,001 times (120 KB)",
            fen("american", format!("W:W{}21:B5", "21,".repeat(40_000))),
            "FEN",
            true,
        ),
        // A square number of 100,000 digits.
        run(
            "long-fen-square-number-100000-digits",
            "a square number of 100,000 digits",
            fen("international", format!("W:W{}:B5", "1".repeat(100_000))),
            "FEN",
            true,
        ),
        // 40,000 empty ranks on a board of 10.
        run(
            "long-fen-40000-ranks",
            "40,000 ranks on a board of 10",
            fen("xiangqi", format!("{}9 w - - 0 1", "9/".repeat(39_999))),
            "FEN",
            true,
        ),
        // One more move than the limit, one per line: the error is on the line past it.
        run(
            "long-moves-one-past-the-limit-by-line",
            "one move more than the limit, one move a line",
            moves(
                "xiangqi",
                ["h3e3", "h10g8", "e3h3", "g8h10"]
                    .iter()
                    .cycle()
                    .take(max + 1)
                    .copied()
                    .collect::<Vec<_>>()
                    .join("\n"),
            ),
            "--moves",
            false,
        ),
        // The same on one line of 60 KB (moves that are not even legal: the count is checked
        // before any move is read).
        run(
            "long-moves-one-past-the-limit-one-line",
            "one move more than the limit, all on one line of 60 KB",
            moves("american", "11-15 ".repeat(max + 1)),
            "--moves",
            false,
        ),
        // One "move" of 100,000 letters.
        run(
            "long-moves-one-token",
            "one move of 100,000 letters",
            moves("russian", "z".repeat(100_000)),
            "--moves",
            false,
        ),
    ]
}

/// Runs `rulebench ARGS` with a time limit: (exit code, stdout, stderr).
fn rulebench(args: &[String]) -> (Option<i32>, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rulebench"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let read = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            pipe.read_to_end(&mut bytes).unwrap();
            String::from_utf8_lossy(&bytes).into_owned()
        })
    };
    let out = read(Box::new(child.stdout.take().unwrap()));
    let err = read(Box::new(child.stderr.take().unwrap()));
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > TIMEOUT {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("rulebench {}: no answer in {TIMEOUT:?}", shown(args));
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    (status.code(), out.join().unwrap(), err.join().unwrap())
}

/// Cuts a long line, saying how much was cut.
fn cut(line: &str) -> String {
    let n = line.chars().count();
    if n <= MAX_LINE {
        return line.to_string();
    }
    let head: String = line.chars().take(MAX_LINE).collect();
    format!("{head}… [{} more characters]", n - MAX_LINE)
}

/// The text as the snapshot shows it: long lines cut, and a run of identical lines (a long
/// message wrapped) given once with its count.
fn normalised(text: &str) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut repeats = 0;
    for line in text.lines().map(cut) {
        if out.last() == Some(&line) {
            repeats += 1;
            continue;
        }
        if repeats > 0 {
            out.push(format!("… [the line above {repeats} more times]"));
            repeats = 0;
        }
        out.push(line);
    }
    if repeats > 0 {
        out.push(format!("… [the line above {repeats} more times]"));
    }
    out.join("\n")
}

/// The command as the snapshot shows it: each argument quoted, with control and other
/// invisible characters escaped.
fn shown(args: &[String]) -> String {
    args.iter()
        .map(|a| cut(&format!("{a:?}")))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether `text` names `source:line:column`.
fn located(text: &str, source: &str) -> bool {
    let pattern = format!("{source}:");
    text.match_indices(&pattern).any(|(i, _)| {
        let rest = &text[i + pattern.len()..];
        let mut parts = rest.splitn(3, ':');
        let line = parts.next().unwrap_or("");
        let column: String = parts
            .next()
            .unwrap_or("")
            .chars()
            .take_while(|c| c.is_ascii_digit())
            .collect();
        !line.is_empty() && line.chars().all(|c| c.is_ascii_digit()) && !column.is_empty()
    })
}

#[test]
fn every_broken_input_fails_with_a_located_error() {
    let stored = stored();
    let built = built();
    let fens = stored.iter().chain(&built).filter(|r| r.is_fen).count();
    let moves = stored.iter().chain(&built).filter(|r| !r.is_fen).count();
    assert!(fens >= 30, "only {fens} broken FENs");
    assert!(moves >= 30, "only {moves} broken move strings");
    // Run them all at once (each is a few milliseconds; the long ones echo their input),
    // then check them in order.
    let results: Vec<_> = std::thread::scope(|s| {
        let handles: Vec<_> = stored
            .iter()
            .chain(&built)
            .map(|run| s.spawn(move || rulebench(&run.args)))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for (run, (code, out, err)) in stored.iter().chain(&built).zip(results) {
        let command = shown(&run.args);
        assert!(
            !err.contains("panicked") && code != Some(101),
            "rulebench {command} panicked: {err}"
        );
        assert!(
            code.is_some() && code != Some(0),
            "rulebench {command}: exit {code:?}, stdout {out}"
        );
        assert!(out.is_empty(), "rulebench {command} printed {out}");
        assert!(
            located(&err, run.source),
            "rulebench {command}: no {}:LINE:COLUMN in {err}",
            run.source
        );
        if run.pointer {
            assert!(
                err.contains("╰── here"),
                "rulebench {command}: no pointer in {err}"
            );
        }
        let snapshot = format!(
            "# {}\n$ rulebench {command}\nexit status: {}\n\n{}\n",
            run.why,
            code.unwrap(),
            normalised(&err)
        );
        insta::assert_snapshot!(run.name.clone(), snapshot);
    }
}

/// A FEN of hundreds of KB cannot be one command-line argument (at most 128 KB on Linux);
/// a fixture file can hold one. Its error is reported for the fixture, not as a crash.
#[test]
fn a_fen_of_hundreds_of_kilobytes_in_a_fixture_file() {
    let dir = std::env::temp_dir().join(format!("rulebench-broken-input-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("huge-fen.toml");
    let fen = format!("W:W{}21:B5", "21,".repeat(150_000));
    assert!(fen.len() > 400_000);
    std::fs::write(
        &path,
        format!(
            "[[case]]\nid = \"huge-fen\"\nrules = \"american\"\nfen = \"{fen}\"\n\
             description = \"a FEN of 450 KB\"\nrule = \"none\"\nmoves = []\n"
        ),
    )
    .unwrap();
    let args = vec!["fixtures".to_string(), path.display().to_string()];
    let (code, out, err) = rulebench(&args);
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(
        !err.contains("panicked") && code != Some(101),
        "panicked: {err}"
    );
    assert!(code.is_some() && code != Some(0), "exit {code:?}: {out}");
    let all = format!("{out}{err}");
    assert!(located(&all, "FEN"), "{all}");
    let text = normalised(&all.replace(&path.display().to_string(), "<tmp>/huge-fen.toml"));
    let snapshot = format!(
        "$ rulebench fixtures <tmp>/huge-fen.toml\nexit status: {}\n\n{text}\n",
        code.unwrap()
    );
    insta::assert_snapshot!("fixture-file-fen-of-450-kb", snapshot);
}
