//! The documentation cannot rot. The pages are `README.md` and every `.md` file under `docs/`
//! (subfolders too: the mdBook of `docs/SUMMARY.md`):
//!
//! - every rules file in `docs/examples/` loads, and a check worked out **by hand** from the
//!   rules (not copied from the engine) holds for it. The reasoning is in the comments; a new
//!   example file without a check here fails the test;
//! - every command in a ```sh block of a page names files that exist. Where a block holds
//!   only `rulebench` commands and the next block is ```text, the commands are run and their
//!   output must be that text;
//! - every ```python block of a page followed by a ```text block prints that text, run by the
//!   Python that `RULEBENCH_PYTHON` names with the package installed (`.ci/run` installs it and
//!   sets `RULEBENCH_REQUIRE_PYTHON_PACKAGE`; without them the check says SKIPPED);
//! - every ```toml block that follows a link to a file of `docs/examples/` is that file, word
//!   for word; every mdBook include names a file that exists, and the guide shows the shipped
//!   `chess`, `xiangqi` and `almost` files by including them;
//! - `docs/SUMMARY.md` lists every page under `docs/`; every relative link of every page points
//!   at a file that exists, and a link to a heading at a heading that exists (links into
//!   `docs/games/` pages not written yet are skipped until the page exists);
//! - (that no page cites a file the repository does not hold is `tests/citations.rs`'s, for
//!   every file of the repository).

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

/// A fenced block of a markdown file: its language, its lines and the last link to a file of
/// `docs/examples/` written above it (outside any block), as a path from the repository root.
struct Block {
    lang: String,
    lines: Vec<String>,
    line_number: usize,
    example_link: Option<PathBuf>,
}

/// The fenced blocks of `text`, a page at `page` (a path relative to the repository root).
fn blocks(page: &Path, text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut current: Option<Block> = None;
    let mut link: Option<PathBuf> = None;
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
                // `[...](examples/NAME.toml)` from a page of docs/, `[...](docs/examples/NAME.toml)`
                // from the README: the file a following toml block shows.
                for target in link_targets(line) {
                    let file = resolve(page, &target);
                    if file.starts_with("docs/examples") && target.ends_with(".toml") {
                        link = Some(file);
                    }
                }
            }
        }
    }
    assert!(
        current.is_none(),
        "{}: a fenced block is never closed",
        page.display()
    );
    out
}

/// `line` with its code spans (text between runs of equally many backticks) blanked out.
fn without_code_spans(line: &str) -> String {
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] != '`' {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        let run = chars[i..].iter().take_while(|&&c| c == '`').count();
        // The closing run: exactly as many backticks.
        let mut j = i + run;
        let mut close = None;
        while j < chars.len() {
            if chars[j] == '`' {
                let n = chars[j..].iter().take_while(|&&c| c == '`').count();
                if n == run {
                    close = Some(j + n);
                    break;
                }
                j += n;
            } else {
                j += 1;
            }
        }
        match close {
            Some(end) => {
                out.push(' ');
                i = end;
            }
            None => {
                out.extend(&chars[i..i + run]);
                i += run;
            }
        }
    }
    out
}

/// The targets of the inline links `[text](target)` of one line of prose.
fn link_targets(line: &str) -> Vec<String> {
    let prose = without_code_spans(line);
    let mut out = Vec::new();
    let mut rest = prose.as_str();
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let end = after.find([')', ' ']).unwrap_or(after.len());
        out.push(after[..end].to_string());
        rest = &after[end..];
    }
    out
}

/// A link's path (before any `#`), relative to the page that holds it, as a path from the
/// repository root with `.` and `..` resolved.
fn resolve(page: &Path, target: &str) -> PathBuf {
    let path = target.split('#').next().unwrap_or("");
    let mut out: Vec<String> = page
        .parent()
        .map(|p| {
            p.components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    if path.is_empty() {
        return page.to_path_buf();
    }
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                out.pop();
            }
            p => out.push(p.to_string()),
        }
    }
    out.iter().collect()
}

/// The pages: README.md, then every `.md` file under docs/ (subfolders too), as paths from the
/// repository root.
fn pages() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let entries = std::fs::read_dir(root().join(dir))
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries {
            let name = entry.expect("a directory entry").file_name();
            let path = dir.join(&name);
            if root().join(&path).is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|x| x == "md") {
                out.push(path);
            }
        }
    }
    let mut docs = Vec::new();
    walk(Path::new("docs"), &mut docs);
    docs.sort();
    let mut out = vec![PathBuf::from("README.md")];
    out.extend(docs);
    out
}

fn read(page: &Path) -> String {
    std::fs::read_to_string(root().join(page)).unwrap_or_else(|e| panic!("{}: {e}", page.display()))
}

/// A page of `docs/games/` that is not written yet: links to it are skipped until it exists
/// (another change adds these pages), and checked, anchors included, from then on.
fn pending_game_page(file: &Path) -> bool {
    file.starts_with("docs/games") && !root().join(file).exists()
}

const BINARY: &str = "./target/release/rulebench";

/// The commands that install the Python package or run a Python script of the repository
/// (shown, not run: `.ci/run` installs the package).
const PYTHON_SETUP: [&str; 3] = ["python3", ".venv/bin/pip", ".venv/bin/python"];

/// The repository's scripts a command may run (shown, not run: `.ci/run` runs them).
const SCRIPTS: [&str; 1] = ["playground/build"];

/// The files a command names: the part before any `+house-rule` of each word that ends in
/// `.toml`, every word ending in `.py`, and every word starting with `./`.
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
        if file.ends_with(".toml") || file.ends_with(".py") || file.starts_with("./") {
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
    let mut commands = 0;
    let mut compared = 0;
    for page in pages() {
        let doc = page.display().to_string();
        let text = read(&page);
        let all = blocks(&page, &text);
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
    assert!(commands > 0, "no command found in the docs");
    assert!(compared > 0, "no command output compared");
}

/// Every ```toml block that follows a link to a file of `docs/examples/` (the README's, the
/// walkthrough's, any page's) is that file, word for word.
#[test]
fn the_docs_show_the_example_files_as_they_are() {
    let mut shown_in_walkthrough = 0;
    for page in pages() {
        for block in blocks(&page, &read(&page)) {
            let Some(file) = &block.example_link else {
                continue;
            };
            if block.lang != "toml" {
                continue;
            }
            let on_disk = std::fs::read_to_string(root().join(file))
                .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            let in_doc: String = block.lines.iter().map(|l| format!("{l}\n")).collect();
            assert_eq!(
                in_doc,
                on_disk,
                "{}:{}: the block differs from {}",
                page.display(),
                block.line_number,
                file.display()
            );
            if page == Path::new("docs/walkthrough.md") {
                shown_in_walkthrough += 1;
            }
        }
    }
    assert_eq!(
        shown_in_walkthrough, 2,
        "the walkthrough shows both example files"
    );
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

/// The mdBook includes (`{{#include PATH}}`, optionally `PATH:ANCHOR` or a line range) of every
/// page: `(page, line, the included file as a path from the repository root)`.
fn includes(page: &Path, text: &str) -> Vec<(usize, PathBuf)> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let mut rest = line;
        while let Some(at) = rest.find("{{#include ") {
            let after = &rest[at + "{{#include ".len()..];
            let end = after.find("}}").unwrap_or_else(|| {
                panic!(
                    "{}:{}: an include without its `}}}}`",
                    page.display(),
                    i + 1
                )
            });
            let target = after[..end].trim();
            let path = target.split(':').next().unwrap_or(target);
            out.push((i + 1, resolve(page, path)));
            rest = &after[end..];
        }
    }
    out
}

/// The guide for writing a variant shows `rules/chess.toml`, `rules/xiangqi.toml` and
/// `rules/almost.toml` in full, each as a ```toml block that mdBook fills from the file itself
/// (so the page cannot drift from the file); every include of every page names a file that
/// exists.
#[test]
fn the_guide_shows_its_rules_files_as_they_are() {
    for page in pages() {
        for (line, file) in includes(&page, &read(&page)) {
            assert!(
                root().join(&file).is_file(),
                "{}:{line}: the include names {}, which does not exist",
                page.display(),
                file.display()
            );
        }
    }
    let page = Path::new("docs/guide/write-a-variant.md");
    let text = read(page);
    for name in ["chess", "xiangqi", "almost"] {
        let path = PathBuf::from(format!("rules/{name}.toml"));
        let heading = text
            .find(&format!("`{}` in full", path.display()))
            .unwrap_or_else(|| panic!("{}: the section on {}", page.display(), path.display()));
        let block = blocks(page, &text[heading..])
            .into_iter()
            .find(|b| b.lang == "toml")
            .unwrap_or_else(|| panic!("{}: a toml block for {}", page.display(), path.display()));
        let included = includes(page, &block.lines.join("\n"));
        assert!(
            block.lines.len() == 1 && included.iter().any(|(_, f)| *f == path),
            "{}: the block under `{}` in full must be `{{{{#include ../../{}}}}}` alone",
            page.display(),
            path.display(),
            path.display()
        );
    }
}

#[test]
fn every_python_example_in_the_docs_prints_what_is_shown() {
    let mut examples = Vec::new();
    for page in pages() {
        let all = blocks(&page, &read(&page));
        for (code, shown) in all.iter().zip(all.iter().skip(1)) {
            if code.lang == "python" && shown.lang == "text" {
                let script: String = code.lines.iter().map(|l| format!("{l}\n")).collect();
                let want: String = shown.lines.iter().map(|l| format!("{l}\n")).collect();
                examples.push((page.clone(), code.line_number, script, want));
            }
        }
    }
    assert!(
        !examples.is_empty(),
        "the docs show no Python example with its output"
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
    for (page, line, script, want) in examples {
        let out = Command::new(&python)
            .args(["-c", &script])
            .current_dir(root())
            .output()
            .expect("python runs");
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            want,
            "{}:{line}: the Python example does not print what is shown (stderr: {})",
            page.display(),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// Every page under docs/ is a chapter of the book: `docs/SUMMARY.md` links to it, and every
/// chapter it links to exists (a page of `docs/games/` not written yet excepted).
#[test]
fn the_summary_lists_every_page_of_the_book() {
    let summary = Path::new("docs/SUMMARY.md");
    let text = read(summary);
    let mut listed = Vec::new();
    for line in text.lines() {
        for target in link_targets(line) {
            let file = resolve(summary, &target);
            assert!(
                root().join(&file).is_file() || pending_game_page(&file),
                "docs/SUMMARY.md lists {}, which does not exist",
                file.display()
            );
            listed.push(file);
        }
    }
    for page in pages() {
        if !page.starts_with("docs") || page == summary {
            continue;
        }
        assert!(
            listed.contains(&page),
            "{} is not in docs/SUMMARY.md: add it to the book's table of contents",
            page.display()
        );
    }
}

/// The ids of a page's headings as mdBook and GitHub make them (lower case, letters, digits,
/// `-` and `_` kept, spaces to `-`, the rest dropped; a repeated id gets `-1`, `-2`, ...), and
/// the ids written by hand (`{#id}` after a heading, `<a id="...">` or `<a name="...">`).
fn anchors(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut in_block = false;
    for line in text.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") {
            in_block = !in_block;
            continue;
        }
        if in_block {
            continue;
        }
        for key in ["id=\"", "name=\""] {
            let mut rest = line;
            while let Some(at) = rest.find(key) {
                let after = &rest[at + key.len()..];
                let end = after.find('"').unwrap_or(after.len());
                out.push(after[..end].to_string());
                rest = &after[end..];
            }
        }
        let Some(heading) = trimmed.strip_prefix('#') else {
            continue;
        };
        let heading = heading.trim_start_matches('#');
        if !heading.starts_with(' ') {
            continue;
        }
        let heading = heading.trim();
        if let Some(at) = heading.rfind("{#").filter(|_| heading.ends_with('}')) {
            let custom = heading[at + 2..heading.len() - 1]
                .split_whitespace()
                .next()
                .unwrap_or("");
            out.push(custom.to_string());
            continue;
        }
        // A link's text stays, its target goes.
        let mut text = String::new();
        let mut rest = heading;
        while let Some(at) = rest.find("](") {
            text.push_str(&rest[..at]);
            let after = &rest[at + 2..];
            rest = after.find(')').map_or("", |end| &after[end + 1..]);
        }
        text.push_str(rest);
        let id: String = text
            .chars()
            .filter_map(|c| {
                if c.is_alphanumeric() || c == '_' || c == '-' {
                    Some(c.to_lowercase().collect::<String>())
                } else if c.is_whitespace() {
                    Some("-".into())
                } else {
                    None
                }
            })
            .collect();
        let mut unique = id.clone();
        let mut n = 0;
        while out.contains(&unique) {
            n += 1;
            unique = format!("{id}-{n}");
        }
        out.push(unique);
    }
    out
}

/// Every relative link of the README and of the pages under docs/ points at a file or folder
/// that exists, and a link to a heading of a page (`page.md#id`, `#id`) at a heading that
/// exists. Links into `docs/games/` pages not written yet are skipped until those pages exist.
#[test]
fn every_relative_link_in_the_docs_points_at_what_exists() {
    let mut checked = 0;
    for page in pages() {
        let text = read(&page);
        let mut in_block = false;
        for (i, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("```") {
                in_block = !in_block;
                continue;
            }
            if in_block {
                continue;
            }
            for target in link_targets(line) {
                if target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                let at = format!("{}:{}", page.display(), i + 1);
                let file = resolve(&page, &target);
                if pending_game_page(&file) {
                    continue;
                }
                assert!(
                    root().join(&file).exists(),
                    "{at}: the link `{target}` points at {}, which does not exist",
                    file.display()
                );
                if let Some((_, id)) = target.split_once('#') {
                    assert!(
                        file.extension().is_some_and(|x| x == "md"),
                        "{at}: the link `{target}` names a heading of a file that is not a page"
                    );
                    let ids = anchors(&read(&file));
                    assert!(
                        ids.iter().any(|a| a == id),
                        "{at}: the link `{target}`: {} has no heading `#{id}` (it has: {})",
                        file.display(),
                        ids.join(", ")
                    );
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 50, "only {checked} links checked");
}

#[test]
fn link_targets_skip_code_and_resolve_from_the_page() {
    assert_eq!(
        link_targets("see [`rules.md` §3](rules.md#3-the-chess-family) and `[x](y)` or ``a`](b)``"),
        ["rules.md#3-the-chess-family"]
    );
    assert_eq!(
        resolve(Path::new("docs/guide/a.md"), "../../rules/chess.toml"),
        PathBuf::from("rules/chess.toml")
    );
    assert_eq!(
        resolve(Path::new("README.md"), "docs/games/draughts.md#russian"),
        PathBuf::from("docs/games/draughts.md")
    );
    assert_eq!(
        anchors(
            "# A `b`: c\n## 3.6 Betza notation\n```\n# not a heading\n```\n## A b c\n## Title {#custom}\n"
        ),
        ["a-b-c", "36-betza-notation", "a-b-c-1", "custom"]
    );
}
