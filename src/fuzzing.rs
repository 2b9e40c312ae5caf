//! Fuzz target bodies, shared by the `cargo fuzz` crate in `fuzz/` and by the smoke test
//! `tests/fuzz_smoke.rs` (see `docs/fuzzing.md`).
//!
//! Each public function takes the fuzzer's bytes, turns them into one kind of hostile input
//! (a rules file, a FEN, a move text, a move list, a fixture file, a position built from
//! square sets) and runs the code that reads it. An error returned for bad input is the
//! expected outcome; a function panics only on a genuine bug: a panic inside the library, or
//! two ways of computing the same thing that disagree (a FEN that does not read back to its
//! position, a perft that is not the sum of its children's, the threaded and hashed driver
//! against the single-thread search).
//!
//! Nothing here names a variant, a piece or a rule: the variants come from the shipped
//! rules files, the vocabularies of the mutations from the files' own text.

use crate::fixtures::{Case, FixtureFile, Runner};
use crate::game::{Count, Game};
use crate::perft::PerftOptions;
use crate::replay;
use crate::variant::Variant;
use crate::with_game;
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The variants the targets play: every shipped variant, and every shipped house rule laid
/// over each variant it applies to (`id`, loaded variant).
pub fn variants() -> &'static [(String, Variant)] {
    static VARIANTS: OnceLock<Vec<(String, Variant)>> = OnceLock::new();
    VARIANTS.get_or_init(|| {
        let mut out = Vec::new();
        for id in crate::rules::shipped_variants() {
            if let Ok(v) = Variant::load(&id) {
                out.push((id.clone(), v));
            }
            for house in crate::rules::shipped_house_rules() {
                let spec = format!("{id}+{house}");
                if let Ok(v) = Variant::load(&spec) {
                    out.push((spec, v));
                }
            }
        }
        out
    })
}

/// The shipped variants alone (no house rules), as [`variants`] holds them.
fn plain_variants() -> &'static [(String, Variant)] {
    static PLAIN: OnceLock<Vec<(String, Variant)>> = OnceLock::new();
    PLAIN.get_or_init(|| {
        variants()
            .iter()
            .filter(|(id, _)| !id.contains('+'))
            .cloned()
            .collect()
    })
}

/// The same draughts games (64-bit boards) played by the line-table generator, by index in
/// [`variants`]: a second generator to compare the first with.
fn line_table_games() -> &'static [Option<crate::Draughts>] {
    static GAMES: OnceLock<Vec<Option<crate::Draughts>>> = OnceLock::new();
    GAMES.get_or_init(|| {
        variants()
            .iter()
            .map(|(_, v)| match v {
                Variant::Draughts(g) if !g.follows_line_tables() => {
                    Some((**g).clone().with_line_tables())
                }
                _ => None,
            })
            .collect()
    })
}

/// Reads the fuzzer's bytes one by one; zeros once they run out.
struct Bytes<'a> {
    data: &'a [u8],
    at: usize,
}

impl<'a> Bytes<'a> {
    fn new(data: &'a [u8]) -> Self {
        Bytes { data, at: 0 }
    }
    fn left(&self) -> usize {
        self.data.len() - self.at
    }
    fn byte(&mut self) -> u8 {
        let b = self.data.get(self.at).copied().unwrap_or(0);
        self.at = (self.at + 1).min(self.data.len());
        b
    }
    fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.byte(), self.byte()])
    }
    /// A number below `n` (0 when `n` is 0).
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        if n <= 256 {
            self.byte() as usize % n
        } else {
            self.u16() as usize % n
        }
    }
    fn rest(&mut self) -> &'a [u8] {
        let r = &self.data[self.at..];
        self.at = self.data.len();
        r
    }
}

/// A directory of this thread's own for the files the targets write: copies of the shipped
/// rules files (so that `extends = "russian.toml"` finds one) and the file under test.
fn scratch() -> &'static Path {
    thread_local! {
        static DIR: &'static Path = {
            let dir = std::env::temp_dir().join(format!(
                "rulebench-fuzz-{}-{:?}",
                std::process::id(),
                std::thread::current().id()
            )
            .replace(['(', ')'], ""));
            let _ = std::fs::create_dir_all(dir.join("house"));
            for (path, text) in crate::rules::EMBEDDED {
                let rel = path.strip_prefix("rules/").unwrap_or(path);
                let _ = std::fs::write(dir.join(rel), text);
            }
            Box::leak(dir.into_boxed_path())
        };
    }
    DIR.with(|d| *d)
}

/// Writes `text` into the scratch directory as `name` and returns its path.
fn write_scratch(name: &str, text: &[u8]) -> Option<PathBuf> {
    let path = scratch().join(name);
    std::fs::write(&path, text).ok()?;
    Some(path)
}

// ---------------------------------------------------------------------------------------
// Rules files.

/// Any bytes as a rules file: `check` and the loader must agree (errors from one exactly
/// when the other fails), a file that loads builds its engine and generates the start
/// position's moves, and the resolved rules `check` prints load back to the same game.
pub fn rules_bytes(data: &[u8]) {
    if let Some(path) = write_scratch("fuzz-input.toml", data) {
        rules_spec(&path.display().to_string());
    }
}

/// Checks and loads one rules spec, and plays what loads.
fn rules_spec(spec: &str) {
    let checked = crate::variant::check(spec);
    let loaded = Variant::load(spec);
    match &loaded {
        Ok(variant) => {
            assert!(
                checked.errors.is_empty(),
                "`{spec}` loads, but `check` reports {}",
                checked.errors[0]
            );
            let start = exercise_start(variant);
            // What `check --resolved` prints loads back to the same game.
            if let Some(resolved) = &checked.resolved {
                let back = write_scratch("fuzz-resolved.toml", resolved.as_bytes())
                    .map(|p| Variant::load(&p.display().to_string()));
                match back {
                    Some(Ok(again)) => {
                        let again_start = exercise_start(&again);
                        assert_eq!(
                            start, again_start,
                            "`{spec}`: the resolved rules play another start:\n{resolved}"
                        );
                    }
                    Some(Err(e)) => {
                        panic!("`{spec}` loads, its resolved rules do not: {e}\n{resolved}")
                    }
                    None => {}
                }
            }
        }
        Err(e) => assert!(
            !checked.errors.is_empty(),
            "`{spec}` does not load ({e}), but `check` finds no error"
        ),
    }
}

/// Plays the start of a loaded variant: its FEN read back, its moves, outcome, perft 1, the
/// rules explained. Returns the start FEN and its sorted move texts.
fn exercise_start(variant: &Variant) -> (String, Vec<String>) {
    with_game!(variant, game => {
        let start = game.start();
        let fen = game.fen(&start);
        if let Ok(again) = game.parse_fen(&fen) {
            assert_eq!(game.fen(&again), fen, "{}: the start FEN does not read back", game.id());
        }
        let moves = game.legal_moves(&start);
        let notated = game.moves_with_notation(&start);
        assert_eq!(moves.len(), notated.len(), "{}: moves and notated moves", game.id());
        assert_eq!(
            game.perft(&start, 1, Count::Unique),
            moves.len() as u128,
            "{}: perft 1 of the start",
            game.id()
        );
        let _ = Game::outcome(game, std::slice::from_ref(&start));
        let _ = game.explain();
        let _ = game.describe();
        let _ = game.diagram(&start);
        let mut texts: Vec<String> = notated.into_iter().map(|(_, t)| t).collect();
        texts.sort();
        (fen, texts)
    })
}

/// Every distinct value, key and line of the shipped rules files: the vocabulary the
/// mutations draw from.
struct Vocabulary {
    values: Vec<String>,
    keys: Vec<String>,
    lines: Vec<String>,
}

fn vocabulary_of<'a>(texts: impl Iterator<Item = &'a str>) -> Vocabulary {
    let mut values = Vec::new();
    let mut keys = Vec::new();
    let mut lines = Vec::new();
    for text in texts {
        for line in text.lines() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            lines.push(line.to_string());
            if let Some((k, v)) = line.split_once('=') {
                keys.push(k.trim().to_string());
                let v = v.split(" #").next().unwrap_or(v).trim();
                values.push(v.to_string());
                // The items of a list or an inline table, one by one.
                for item in v
                    .trim_matches(|c| matches!(c, '[' | ']' | '{' | '}'))
                    .split(',')
                {
                    let item = item.split_once('=').map_or(item, |(_, x)| x).trim();
                    if !item.is_empty() {
                        values.push(item.to_string());
                    }
                }
            }
        }
    }
    for v in [&mut values, &mut keys, &mut lines] {
        v.sort();
        v.dedup();
    }
    Vocabulary {
        values,
        keys,
        lines,
    }
}

fn rules_vocabulary() -> &'static Vocabulary {
    static VOCAB: OnceLock<Vocabulary> = OnceLock::new();
    VOCAB.get_or_init(|| vocabulary_of(crate::rules::EMBEDDED.iter().map(|(_, t)| *t)))
}

/// Numbers at the edges of every integer type a file may hold.
const EXTREMES: &[&str] = &[
    "0",
    "-1",
    "1",
    "2",
    "3",
    "7",
    "13",
    "26",
    "64",
    "127",
    "128",
    "129",
    "255",
    "256",
    "65535",
    "65536",
    "2147483647",
    "2147483648",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "-9223372036854775808",
    "1e9",
    "nan",
    "inf",
    "0.5",
    "\"\"",
    "[]",
    "{}",
    "true",
    "false",
];

/// Applies the edits the bytes describe to `text`, line by line: delete, duplicate or swap
/// lines; replace a value with one of the vocabulary, an extreme number, a number or a
/// string from the bytes; rename a key; insert a line of another file or an unknown key;
/// change `extends`.
fn mutate(text: &str, vocab: &Vocabulary, extends: &[String], bytes: &mut Bytes) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let mut edits = 0;
    while bytes.left() > 0 && edits < 32 {
        edits += 1;
        let op = bytes.byte() % 12;
        let n = lines.len().max(1);
        let i = bytes.below(n);
        if lines.is_empty() {
            lines.push(String::new());
        }
        let set_value = |line: &mut String, value: &str| {
            let key = line.split_once('=').map_or(line.as_str(), |(k, _)| k);
            *line = format!("{} = {value}", key.trim_end());
        };
        match op {
            0 => {
                lines.remove(i);
            }
            1 => {
                let l = lines[i].clone();
                lines.insert(i, l);
            }
            2 => {
                let j = bytes.below(n);
                lines.swap(i, j);
            }
            3 => {
                let v = &vocab.values[bytes.below(vocab.values.len())];
                set_value(&mut lines[i], v);
            }
            4 => {
                let v = EXTREMES[bytes.below(EXTREMES.len())];
                set_value(&mut lines[i], v);
            }
            5 => {
                let v = (bytes.u16() as i64 - 1024).to_string();
                set_value(&mut lines[i], &v);
            }
            6 => {
                let len = bytes.below(12);
                let s: String = (0..len)
                    .map(|_| (b' ' + bytes.byte() % 95) as char)
                    .filter(|c| *c != '"' && *c != '\\')
                    .collect();
                set_value(&mut lines[i], &format!("\"{s}\""));
            }
            7 => {
                let k = &vocab.keys[bytes.below(vocab.keys.len())];
                let value = lines[i].split_once('=').map(|(_, v)| v.to_string());
                lines[i] = match value {
                    Some(v) => format!("{k} ={v}"),
                    None => format!("{k} = 1"),
                };
            }
            8 => {
                let l = vocab.lines[bytes.below(vocab.lines.len())].clone();
                lines.insert(i, l);
            }
            9 => {
                let k = bytes.byte();
                lines.insert(i, format!("unknown_key_{k} = {k}"));
            }
            10 if !extends.is_empty() => {
                let target = &extends[bytes.below(extends.len())];
                let line = format!("extends = \"{target}\"");
                match lines
                    .iter()
                    .position(|l| l.trim_start().starts_with("extends"))
                {
                    Some(at) => lines[at] = line,
                    None => {
                        // Before the first table, where a top-level key belongs.
                        let at = lines
                            .iter()
                            .position(|l| l.trim_start().starts_with('['))
                            .unwrap_or(lines.len());
                        lines.insert(at, line);
                    }
                }
            }
            _ => {
                // A table header from the vocabulary, or one made up.
                let header = if bytes.byte().is_multiple_of(2) {
                    let heads: Vec<&String> =
                        vocab.lines.iter().filter(|l| l.starts_with('[')).collect();
                    heads
                        .get(bytes.below(heads.len()))
                        .map_or("[x]".to_string(), |h| h.to_string())
                } else {
                    format!("[table{}]", bytes.byte())
                };
                lines.insert(i, header);
            }
        }
    }
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

/// What `extends` may be changed to: every shipped id and alias, as an id and as a path to
/// the copy in the scratch directory, with house rules, itself, and files that do not exist.
fn extends_targets() -> &'static [String] {
    static TARGETS: OnceLock<Vec<String>> = OnceLock::new();
    TARGETS.get_or_init(|| {
        let mut out = Vec::new();
        for id in crate::rules::shipped_variants() {
            out.extend(crate::rules::aliases(&id));
            out.push(format!("{id}.toml"));
            for house in crate::rules::shipped_house_rules() {
                out.push(format!("{id}+{house}"));
                out.push(format!("{id}.toml+house/{house}.toml"));
            }
            out.push(id);
        }
        for house in crate::rules::shipped_house_rules() {
            out.push(format!("house/{house}.toml"));
            out.push(house);
        }
        out.extend(
            [
                "fuzz-mutated.toml",
                "./fuzz-mutated.toml",
                "missing.toml",
                "",
                "+",
                "no-such-variant",
            ]
            .map(String::from),
        );
        out
    })
}

/// Structured mutations of the shipped rules files: the first byte chooses a file (a house
/// rule is laid over a variant the second byte chooses), the rest the edits (see
/// [`rules_bytes`] for what must hold).
pub fn rules_mutation(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let files = crate::rules::EMBEDDED;
    let (path, text) = files[bytes.below(files.len())];
    let base = {
        let ids = crate::rules::shipped_variants();
        ids[bytes.below(ids.len())].clone()
    };
    let mutated = mutate(text, rules_vocabulary(), extends_targets(), &mut bytes);
    let Some(file) = write_scratch("fuzz-mutated.toml", mutated.as_bytes()) else {
        return;
    };
    let file = file.display().to_string();
    if path.starts_with("rules/house/") {
        rules_spec(&format!("{base}+{file}"));
    } else {
        rules_spec(&file);
    }
}

// ---------------------------------------------------------------------------------------
// FENs, move texts, move lists.

/// The variant the first byte chooses, and the rest of the input as text.
fn variant_and_text(data: &[u8]) -> (&'static Variant, String) {
    let all = variants();
    let (first, rest) = data.split_first().unwrap_or((&0, &[]));
    let variant = &all[*first as usize % all.len()].1;
    (variant, String::from_utf8_lossy(rest).into_owned())
}

/// Any text as a FEN under every shipped variant (the first byte chooses): a FEN that reads
/// writes back to the same position, and the position's moves, outcome and perft 2 agree.
pub fn fen(data: &[u8]) {
    let (variant, text) = variant_and_text(data);
    with_game!(variant, game => fen_in(game, &text));
}

fn fen_in<G: Game>(game: &G, text: &str) {
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
    let all = variants();
    let variant = &all[bytes.below(all.len())].1;
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

/// A text of move `i` (of [`Game::moves_with_notation`]) that names it alone: its canonical
/// text, else its text in another notation.
fn unambiguous_text<G: Game>(game: &G, pos: &G::Position, i: usize) -> Option<String> {
    let alone = |t: &str| {
        game.matching_moves(pos, t)
            .is_ok_and(|m| m.as_slice() == [i])
    };
    let canonical = game.moves_with_notation(pos).into_iter().nth(i)?.1;
    if alone(&canonical) {
        return Some(canonical);
    }
    game.notations()
        .iter()
        .filter_map(|n| game.moves_in(pos, n).into_iter().nth(i))
        .map(|(_, t)| t)
        .find(|t| alone(t))
}

/// A `--moves` list replayed from the start. The first byte chooses the variant; the second
/// whether to stop when the game is over (bit 0) and whether the rest is text (bit 7 clear)
/// or move choices written out as a list of legal moves, which must then replay to the
/// positions they were chosen in.
pub fn moves_replay(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let all = variants();
    let variant = &all[bytes.below(all.len())].1;
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
        if notated.is_empty() || (stop && game.outcome(&history) != crate::Outcome::Ongoing) {
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

// ---------------------------------------------------------------------------------------
// Fixture files.

/// The fixture files under `fixtures/` (read from the source tree at run time; empty when
/// it is not there): the texts the mutations start from.
fn fixture_texts() -> &'static [String] {
    static TEXTS: OnceLock<Vec<String>> = OnceLock::new();
    TEXTS.get_or_init(|| {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
        crate::fixtures::fixture_files(&dir)
            .unwrap_or_default()
            .iter()
            .filter_map(|p| std::fs::read_to_string(p).ok())
            .collect()
    })
}

fn fixture_vocabulary() -> &'static Vocabulary {
    static VOCAB: OnceLock<Vocabulary> = OnceLock::new();
    VOCAB.get_or_init(|| vocabulary_of(fixture_texts().iter().map(String::as_str)))
}

/// Whether a case is cheap and harmless enough to run: rules named by shipped id (no path
/// that could name any file), perft to depth 3 at most, a short `play`.
fn runnable(case: &Case) -> bool {
    let path_like =
        case.rules.contains(['/', '\\']) || case.rules.contains(".toml") || case.rules.len() > 200;
    let depth = [&case.perft, &case.perft_unique, &case.perft_paths]
        .iter()
        .map(|p| p.as_ref().map_or(0, Vec::len))
        .max()
        .unwrap_or(0);
    !path_like && depth <= 3 && case.play.as_ref().is_none_or(|p| p.len() <= 64)
}

/// A fixture file from any bytes (first byte even) or from the edits the bytes describe on
/// one of the files under `fixtures/` (odd): read with the fixture loader, then every case
/// that is cheap to run is run.
pub fn fixture_file(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let mode = bytes.byte();
    let texts = fixture_texts();
    let text = if mode.is_multiple_of(2) || texts.is_empty() {
        String::from_utf8_lossy(bytes.rest()).into_owned()
    } else {
        let base = &texts[bytes.below(texts.len())];
        mutate(base, fixture_vocabulary(), &[], &mut bytes)
    };
    let Ok(file) = crate::fixtures::parse_text("fuzz.toml", &text) else {
        return;
    };
    run_cases(&file);
}

fn run_cases(file: &FixtureFile) {
    thread_local! {
        static RUNNER: RefCell<(Runner, usize)> = RefCell::new((Runner::new(), 0));
    }
    RUNNER.with(|r| {
        let mut r = r.borrow_mut();
        // The runner caches a variant per spec: start afresh now and then.
        r.1 += 1;
        if r.1 > 256 {
            *r = (Runner::new(), 0);
        }
        for case in file.case.iter().filter(|c| runnable(c)).take(8) {
            let _ = r.0.run_case(Path::new("fuzz.toml"), case);
        }
    });
}

// ---------------------------------------------------------------------------------------
// Positions built from square sets, and the generator against itself.

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
    }?;
    let id = &all[index].0;
    Some((variants().iter().position(|(v, _)| v == id)?, fen))
}

fn build_draughts<B: crate::draughts::movegen::Width>(
    game: &crate::draughts::Draughts<B>,
    bytes: &mut Bytes,
) -> Option<crate::Position<B>> {
    use crate::Colour;
    let rules = game.rules();
    let geo = &rules.geometry;
    let side = if bytes.byte() & 1 == 0 {
        Colour::White
    } else {
        Colour::Black
    };
    let crowning = |c: Colour| geo.row_mask::<B>(rules.promotion_row(c));
    let mut pos = crate::Position::<B>::empty(side);
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

fn build_chess(game: &crate::Chess, bytes: &mut Bytes) -> Option<crate::chess::Position> {
    use crate::chess::board::Board;
    let rules = game.rules();
    let mut pos = crate::chess::Position::empty();
    pos.side = bytes.byte() & 1;
    let all = rules.board.all();
    for (kind, piece) in rules.pieces.iter().enumerate() {
        for side in 0..2 {
            let region = piece
                .confined_to
                .as_ref()
                .and_then(|r| rules.region(r, side))
                .unwrap_or(all);
            let count = if piece.royal {
                1
            } else {
                bytes.byte() as usize % 4
            };
            for _ in 0..count {
                let free: Vec<u32> = Board::iter(region & !pos.occupied()).collect();
                if free.is_empty() {
                    break;
                }
                pos.put(side, kind, free[bytes.below(free.len())]);
            }
        }
    }
    rules.check_position(&pos).ok()?;
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
    if let (Some(lines), Variant::Draughts(game)) = (&line_table_games()[index], variant) {
        let pos = game.parse_fen(&fen).expect("read above");
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
}

/// The counts of `pos` against each other, both conventions: the moves listed and perft 1;
/// perft(d) and the sum over the moves of the child's perft(d - 1), for d up to `max_depth`
/// while the tree has at most `budget` leaves; with `driver`, the threaded and hashed
/// driver at the deepest depth reached.
fn check_counts<G: Game>(game: &G, pos: &G::Position, max_depth: u32, budget: u128, driver: bool) {
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
