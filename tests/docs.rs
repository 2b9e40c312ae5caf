//! The documentation cannot rot:
//!
//! - every rules file in `docs/examples/` loads, and a check worked out **by hand** from the
//!   rules (not copied from the engine) holds for it. The reasoning is in the comments; a new
//!   example file without a check here fails the test;
//! - every command in a ```sh block of `docs/*.md` and `README.md` names files that exist. Where a block holds
//!   only `rulebench` commands and the next block is ```text, the commands are run and their
//!   output must be that text;
//! - every ```python block of `README.md` followed by a ```text block prints that text, run
//!   by the Python that `RULEBENCH_PYTHON` names with the package installed (`.ci/run` installs
//!   it and sets `RULEBENCH_REQUIRE_PYTHON_PACKAGE`; without them the check says SKIPPED);
//! - every ```toml block of `docs/walkthrough.md` that follows a link to a file of
//!   `docs/examples/` is that file, word for word.

use rulebench::variant::Variant;
use rulebench::{Count, Game, with_game};
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn examples_dir() -> PathBuf {
    root().join("docs").join("examples")
}

fn load(spec: &str) -> Variant {
    rulebench::load::<Variant>(spec).unwrap_or_else(|e| panic!("{spec}: {e}"))
}

fn example(name: &str) -> Variant {
    load(&examples_dir().join(name).display().to_string())
}

/// The legal moves (in the variant's own notation, sorted) after `played` from `fen` (or the
/// start position).
fn moves(v: &Variant, fen: Option<&str>, played: &[&str]) -> Vec<String> {
    with_game!(v, g => {
        let mut pos = match fen {
            Some(f) => g.parse_fen(f).unwrap_or_else(|e| panic!("{f}: {e}")),
            None => g.start(),
        };
        for m in played {
            let mv = g.parse_move(&pos, m).unwrap_or_else(|e| panic!("{m}: {e}"));
            pos = g.play(&pos, &mv);
        }
        let mut out: Vec<String> = g.moves_with_notation(&pos).into_iter().map(|(_, t)| t).collect();
        out.sort();
        out
    })
}

fn perft(v: &Variant, fen: Option<&str>, depth: u32) -> u128 {
    with_game!(v, g => {
        let pos = match fen {
            Some(f) => g.parse_fen(f).unwrap_or_else(|e| panic!("{f}: {e}")),
            None => g.start(),
        };
        g.perft(&pos, depth, Count::Unique)
    })
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    out.sort();
    out
}

/// `docs/examples/short-russian.toml`: Russian draughts with short kings and the maximum
/// capture rule. Squares are algebraic, a1 dark, white at the bottom moving up.
fn short_russian(v: &Variant) {
    let russian = load("russian");

    // The start: white's front men stand on a3, c3, e3, g3 with b4, d4, f4, h4 empty, so
    // a3-b4, c3-b4, c3-d4, e3-d4, e3-f4, g3-f4, g3-h4: 7 moves. Whichever is played, a white
    // man on row 4 is still two rows from black's front men on row 6: no capture, and black
    // has the mirror image, 7 moves. Perft 2 = 7 x 7 = 49.
    assert_eq!(
        moves(v, None, &[]),
        sorted(&[
            "a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"
        ])
    );
    assert_eq!(perft(v, None, 2), 49);

    // A white king on d4, a black man on h8, white to move. A short king steps one square:
    // c3, c5, e3, e5. (A flying king, as in Russian, reaches 3 squares along each of the four
    // half-diagonals: a1 b2 c3 / a7 b6 c5 / g1 f2 e3 / e5 f6 g7, h8 being occupied: 12.)
    // Black then has h8-g7 and nothing else after each of the 4 king moves (the short king
    // never reaches g7, so black never has a capture): perft 2 = 4. In Russian, after d4-g7
    // black must take h8:f6, and after the 11 others it plays h8-g7: perft 2 = 12.
    let king = "W:WKd4:Bh8";
    assert_eq!(
        moves(v, Some(king), &[]),
        sorted(&["d4-c3", "d4-c5", "d4-e3", "d4-e5"])
    );
    assert_eq!(perft(v, Some(king), 2), 4);
    assert_eq!(moves(&russian, Some(king), &[]).len(), 12);
    assert_eq!(perft(&russian, Some(king), 2), 12);

    // A king on b2, a black man on d4 two squares away with c3 empty. The short king cannot
    // reach it (it captures only a piece next to it), so no capture exists and it steps to
    // a1, a3, c1 or c3. A flying king must capture, landing on e5, f6, g7 or h8.
    let far = "W:WKb2:Bd4";
    assert_eq!(
        moves(v, Some(far), &[]),
        sorted(&["b2-a1", "b2-a3", "b2-c1", "b2-c3"])
    );
    assert_eq!(
        moves(&russian, Some(far), &[]),
        sorted(&["b2:e5", "b2:f6", "b2:g7", "b2:h8"])
    );

    // The maximum rule, from a position built for it: white men a3, e3; black men b4, f4, f6.
    // a3 takes b4 landing on c5, where nothing more can be taken: 1 man. e3 takes f4 landing
    // on g5, then f6 landing on e7 (d8, f8, d6 stay empty): 2 men. Russian allows both; the
    // maximum rule keeps only e3:e7.
    let choice = "W:Wa3,e3:Bb4,f4,f6";
    assert_eq!(moves(v, Some(choice), &[]), sorted(&["e3:e7"]));
    assert_eq!(
        moves(&russian, Some(choice), &[]),
        sorted(&["a3:c5", "e3:e7"])
    );

    // The walkthrough's line c3-d4 f6-g5 g3-f4 d6-e5. White: a1 c1 e1 g1 b2 d2 f2 h2 a3 e3
    // d4 f4; black: b8 d8 f8 h8 a7 c7 e7 g7 b6 h6 e5 g5. d4 takes e5 landing on f6 (empty
    // since f6-g5), then g5 landing on h4: 2 men. f4 takes e5 landing on d6 (empty since
    // d6-e5); from d6, c7 and e7 are backed by b8 and f8: 1 man. f4 cannot take g5 (h6 is
    // occupied). So the maximum rule leaves d4:h4 alone; Russian has both.
    let line = ["c3-d4", "f6-g5", "g3-f4", "d6-e5"];
    assert_eq!(moves(v, None, &line), sorted(&["d4:h4"]));
    assert_eq!(moves(&russian, None, &line), sorted(&["d4:h4", "f4:d6"]));
}

/// `docs/examples/sideways-soldiers.toml`: Xiangqi whose soldiers may step sideways before
/// the river too.
fn sideways_soldiers(v: &Variant) {
    let xiangqi = load("xiangqi");

    // The start. Xiangqi has 44 moves: chariots 2 each (a2, a3) = 4; horses 2 each (the
    // third leap is blocked by the elephant on its leg) = 4; elephants 2 each = 4; advisors
    // 1 each (e2) = 2; general 1 (e2); cannons 12 each (6 along rank 3, 1 back, 4 up the file
    // and the capture of the horse on the back rank over the black cannon) = 24; soldiers 5.
    // The variant adds the sideways steps of the five soldiers on rank 4 to the empty points
    // beside them: a4-b4, c4-b4, c4-d4, e4-d4, e4-f4, g4-f4, g4-h4, i4-h4 = 8, none leaving
    // a general attacked (the black soldier on e7 still separates the generals): 52.
    assert_eq!(moves(&xiangqi, None, &[]).len(), 44);
    assert_eq!(moves(v, None, &[]).len(), 52);

    // Red: general d1, soldiers a4, e4 (before the river), c6 (across it); black: general
    // f10, soldier g7.
    //   general d1: d2, e1 (c1 is outside the palace d1-f3);
    //   a4: a5 forward; in the variant also b4 (a-file is the edge);
    //   e4: e5; in the variant also d4, f4;
    //   c6 (across the river, fsW in both): c7, b6, d6.
    // Xiangqi 2 + 1 + 1 + 3 = 7; the variant 2 + 2 + 3 + 3 = 10.
    let red = "5k3/9/9/6p2/2P6/9/P3P4/9/9/3K5 w - - 0 1";
    assert_eq!(
        moves(&xiangqi, Some(red), &[]),
        sorted(&["d1d2", "d1e1", "a4a5", "e4e5", "c6c7", "c6b6", "c6d6"])
    );
    assert_eq!(
        moves(v, Some(red), &[]),
        sorted(&[
            "d1d2", "d1e1", "a4a5", "a4b4", "e4e5", "e4d4", "e4f4", "c6c7", "c6b6", "c6d6"
        ])
    );
    // After any red move, black has general f10-e10, f10-f9 (g10 is outside its palace
    // d8-f10; no red piece reaches those points; red's general cannot reach the e-file with
    // it open) and the soldier g7, which is before the river for black (its home is ranks
    // 6-10): forward is down, g6; in the variant also f7 and h7. Nothing red plays touches
    // these points. Perft 2: Xiangqi 7 x (2 + 1) = 21; the variant 10 x (2 + 3) = 50.
    assert_eq!(perft(&xiangqi, Some(red), 2), 21);
    assert_eq!(perft(v, Some(red), 2), 50);

    // The same position, black to move: forward for black is toward rank 1, and "sideways"
    // is f7 and h7 whichever way black faces.
    let black = "5k3/9/9/6p2/2P6/9/P3P4/9/9/3K5 b - - 0 1";
    assert_eq!(
        moves(&xiangqi, Some(black), &[]),
        sorted(&["f10e10", "f10f9", "g7g6"])
    );
    assert_eq!(
        moves(v, Some(black), &[]),
        sorted(&["f10e10", "f10f9", "g7g6", "g7f7", "g7h7"])
    );
}

/// `docs/examples/russian-ends-move.toml`: Russian draughts, except that a man crowned during
/// a capture stops there.
fn russian_ends_move(v: &Variant) {
    let russian = load("russian");
    // After 1.a3-b4 b6-c5 2.e3-d4 c5:e3 3.d2:f4 f6-g5 4.c1-d2: white men on b4, f4, c3, g3,
    // b2, d2, f2, h2, a1, e1, g1; black men on g5 and rows 6-8 except b6 and f6. The man on
    // g5 takes f4 (landing e3) and d2 (landing c1, White's back row). Under Russian rules it
    // is crowned and goes on as a flying king: c1-b2-a3 takes b2, then a3-b4-c5 takes b4 (d6
    // is black, so c5 is the only landing): g5:c5. In the example the move ends on c1: g5:c1.
    // Nothing else changes: no other capture is open, so both have that one move.
    let played = [
        "a3-b4", "b6-c5", "e3-d4", "c5:e3", "d2:f4", "f6-g5", "c1-d2",
    ];
    assert_eq!(moves(&russian, None, &played), sorted(&["g5:c5"]));
    assert_eq!(moves(v, None, &played), sorted(&["g5:c1"]));
    // Before any man can reach the far row the two agree: perft 6 is Russian's published
    // 37,986 (tests/reference/perft/russian.toml) for both.
    assert_eq!(perft(v, None, 6), 37_986);
    assert_eq!(perft(&russian, None, 6), 37_986);
}

#[test]
fn every_example_loads_and_meets_its_hand_worked_check() {
    let mut names: Vec<String> = std::fs::read_dir(examples_dir())
        .expect("docs/examples/ exists")
        .map(|e| {
            e.expect("a directory entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|n| n.ends_with(".toml"))
        .collect();
    names.sort();
    assert!(!names.is_empty(), "docs/examples/ holds no rules file");
    for name in &names {
        let v = example(name);
        match name.as_str() {
            "short-russian.toml" => short_russian(&v),
            "sideways-soldiers.toml" => sideways_soldiers(&v),
            "russian-ends-move.toml" => russian_ends_move(&v),
            other => {
                panic!("docs/examples/{other} has no hand-worked check in tests/docs.rs: add one")
            }
        }
    }
}

/// Splits a command line into words as a POSIX shell would for the simple lines the docs
/// use: spaces separate words; single and double quotes group; a backslash escapes the next
/// character outside single quotes.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                for d in chars.by_ref() {
                    if d == '\'' {
                        break;
                    }
                    word.push(d);
                }
            }
            '"' => {
                in_word = true;
                while let Some(d) = chars.next() {
                    match d {
                        '"' => break,
                        '\\' => word.extend(chars.next()),
                        _ => word.push(d),
                    }
                }
            }
            '\\' => {
                in_word = true;
                word.extend(chars.next());
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    words
}

/// A fenced block of a markdown file: its language, its lines and the last link to a
/// `docs/examples/` file written above it (outside any block).
struct Block {
    lang: String,
    lines: Vec<String>,
    line_number: usize,
    example_link: Option<String>,
}

fn blocks(text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut current: Option<Block> = None;
    let mut link: Option<String> = None;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if let Some(rest) = trimmed.strip_prefix("```") {
            match current.take() {
                Some(b) => out.push(b),
                None => {
                    current = Some(Block {
                        lang: rest.trim().to_string(),
                        lines: Vec::new(),
                        line_number: i + 1,
                        example_link: link.take(),
                    })
                }
            }
            continue;
        }
        match current.as_mut() {
            Some(b) => b.lines.push(line.to_string()),
            None => {
                // `[...](examples/NAME.toml)`: the file a following toml block shows.
                if let Some(at) = line.find("](examples/") {
                    let rest = &line[at + 2..];
                    if let Some(end) = rest.find(".toml)") {
                        link = Some(rest[..end + 5].to_string());
                    }
                }
            }
        }
    }
    assert!(current.is_none(), "a fenced block is never closed");
    out
}

const BINARY: &str = "./target/release/rulebench";

/// The commands that install the Python package (shown, not run: `.ci/run` installs it).
const PYTHON_SETUP: [&str; 3] = ["python3", ".venv/bin/pip", ".venv/bin/python"];

/// The repository's scripts a command may run (shown, not run: `.ci/run` runs them).
const SCRIPTS: [&str; 1] = ["playground/build"];

/// The files a command names: the part before any `+house-rule` of each word that ends in
/// `.toml`, and every word starting with `./`.
fn check_files(doc: &str, at: usize, words: &[String]) {
    for w in words {
        if w == BINARY {
            // The binary the walkthrough tells the reader to build; the test runs the one
            // cargo built for it (the same path unless CARGO_TARGET_DIR moves it).
            assert!(
                Path::new(env!("CARGO_BIN_EXE_rulebench")).is_file(),
                "{doc}:{at}: the rulebench binary was not built"
            );
            continue;
        }
        let file = w.split('+').next().unwrap_or(w);
        if file.ends_with(".toml") || file.starts_with("./") {
            assert!(
                root().join(file).is_file(),
                "{doc}:{at}: `{file}` does not exist (relative to the repository root)"
            );
        }
    }
}

/// The command's stdout. A command may fail (`check` of a broken file exits 1): what it
/// prints is compared all the same, and stderr is shown when it differs.
fn run(words: &[String]) -> (String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_rulebench"))
        .args(&words[1..])
        .current_dir(root())
        .output()
        .expect("the rulebench binary runs");
    (
        String::from_utf8(out.stdout).expect("UTF-8 output"),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn every_command_in_the_docs_names_existing_files_and_prints_what_is_shown() {
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .expect("docs/ exists")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    docs.sort();
    docs.push(root().join("README.md"));
    let mut commands = 0;
    let mut compared = 0;
    for path in &docs {
        let doc = path
            .strip_prefix(root())
            .unwrap_or(path)
            .display()
            .to_string();
        let text = std::fs::read_to_string(path).expect("a readable doc");
        let all = blocks(&text);
        for (i, block) in all.iter().enumerate() {
            if block.lang != "sh" {
                continue;
            }
            let mut lines = Vec::new();
            for (j, line) in block.lines.iter().enumerate() {
                let line = line.trim();
                if line.is_empty() || line.starts_with('#') {
                    continue;
                }
                let at = block.line_number + 1 + j;
                let words = shell_words(line);
                assert!(
                    words[0] == BINARY
                        || words[0] == "cargo"
                        || PYTHON_SETUP.contains(&words[0].as_str())
                        || SCRIPTS.contains(&words[0].as_str()),
                    "{doc}:{at}: a command the docs test does not know: `{line}`"
                );
                if SCRIPTS.contains(&words[0].as_str()) {
                    assert!(
                        root().join(&words[0]).is_file(),
                        "{doc}:{at}: no {}",
                        words[0]
                    );
                }
                check_files(&doc, at, &words);
                lines.push(words);
                commands += 1;
            }
            let only_rulebench = !lines.is_empty() && lines.iter().all(|w| w[0] == BINARY);
            let shown = all.get(i + 1).filter(|b| b.lang == "text");
            if let (true, Some(shown)) = (only_rulebench, shown) {
                let runs: Vec<(String, String)> = lines.iter().map(|w| run(w)).collect();
                let got: String = runs.iter().map(|r| r.0.as_str()).collect();
                let errors: String = runs.iter().map(|r| r.1.as_str()).collect();
                let want: String = shown.lines.iter().map(|l| format!("{l}\n")).collect();
                assert_eq!(
                    got, want,
                    "{doc}:{}: the output shown is not what the commands print (stderr: {errors})",
                    shown.line_number
                );
                compared += 1;
            }
        }
    }
    assert!(commands > 0, "no command found in docs/*.md");
    assert!(compared > 0, "no command output compared");
}

#[test]
fn the_walkthrough_shows_the_example_files_as_they_are() {
    let text = std::fs::read_to_string(root().join("docs/walkthrough.md")).expect("walkthrough");
    let mut shown = 0;
    for block in blocks(&text) {
        if block.lang != "toml" {
            continue;
        }
        let Some(link) = &block.example_link else {
            continue;
        };
        let file = root().join("docs").join(link);
        let on_disk =
            std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let in_doc: String = block.lines.iter().map(|l| format!("{l}\n")).collect();
        assert_eq!(
            in_doc, on_disk,
            "docs/walkthrough.md:{}: the block differs from docs/{link}",
            block.line_number
        );
        shown += 1;
    }
    assert_eq!(shown, 2, "the walkthrough shows both example files");
}

#[test]
fn shell_words_reads_quotes() {
    assert_eq!(
        shell_words(r#"./x moves a.toml --fen "5k3/9 w - - 0 1" --moves 'a b'"#),
        [
            "./x",
            "moves",
            "a.toml",
            "--fen",
            "5k3/9 w - - 0 1",
            "--moves",
            "a b"
        ]
    );
}

/// The README shows `rules/chess.toml`, `rules/xiangqi.toml` and `rules/almost.toml` in full:
/// each block must be the file as it is.
#[test]
fn the_readme_shows_its_rules_files_as_they_are() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README");
    for name in ["chess", "xiangqi", "almost"] {
        let path = format!("rules/{name}.toml");
        let file = std::fs::read_to_string(root().join(&path)).expect(&path);
        let heading = readme
            .find(&format!("`{path}` in full"))
            .unwrap_or_else(|| panic!("the README's section on {path}"));
        let start = readme[heading..].find("```toml\n").expect("a toml block") + heading + 8;
        let end = readme[start..].find("```\n").expect("the block's end") + start;
        assert_eq!(
            &readme[start..end],
            file,
            "README.md: regenerate the block from {path}"
        );
    }
}

#[test]
fn every_python_example_in_the_readme_prints_what_is_shown() {
    let text = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let all = blocks(&text);
    let examples: Vec<(&Block, &Block)> = all
        .iter()
        .zip(all.iter().skip(1))
        .filter(|(code, shown)| code.lang == "python" && shown.lang == "text")
        .collect();
    assert!(
        !examples.is_empty(),
        "README.md shows no Python example with its output"
    );
    let python = std::env::var("RULEBENCH_PYTHON").unwrap_or_else(|_| "python3".into());
    let required = std::env::var_os("RULEBENCH_REQUIRE_PYTHON_PACKAGE").is_some();
    let importable = Command::new(&python)
        .args(["-c", "import rulebench"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !importable {
        assert!(
            !required,
            "RULEBENCH_REQUIRE_PYTHON_PACKAGE is set but {python} cannot import rulebench"
        );
        eprintln!(
            "SKIPPED: {python} cannot import rulebench (pip install . in a venv, and set RULEBENCH_PYTHON to its python)"
        );
        return;
    }
    for (code, shown) in examples {
        let script: String = code.lines.iter().map(|l| format!("{l}\n")).collect();
        let out = Command::new(&python)
            .args(["-c", &script])
            .current_dir(root())
            .output()
            .expect("python runs");
        let want: String = shown.lines.iter().map(|l| format!("{l}\n")).collect();
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            want,
            "README.md:{}: the Python example does not print what is shown (stderr: {})",
            code.line_number,
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
