//! Every citation names something a reader can open. The project's rules were first written
//! down in two summaries that never were part of the repository; the rules are now stated,
//! with their public sources, in `docs/games/`. So:
//!
//! - no file of the repository (every tracked file, and every new file git does not ignore,
//!   binary files such as the fuzz corpus included) names either summary;
//! - every citation of a page of `docs/` with an anchor, in the rules files, the fixtures and
//!   every other text file, names a file that exists and a heading of it (anchors as GitHub and
//!   mdBook make them: lower case, spaces to `-`, punctuation other than `-` and `_` dropped);
//! - the links between the pages of `docs/games/` land on headings that exist;
//! - every shipped rules file's `source` names its page of `docs/games/` with an anchor.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The names of the two summaries and of the reference folder outside the repository, built
/// so that this file does not name them itself.
fn unpublished() -> [String; 3] {
    [
        format!("{}.md", "RULES"),
        format!("{}.md", "CHESS"),
        format!("{}/reference", "shared"),
    ]
}

/// The repository's files, relative to its root: what git tracks plus the new files it does
/// not ignore, or, without git, every file below the root but `.git` and `target`.
fn repository_files() -> Vec<PathBuf> {
    let listed = std::process::Command::new("git")
        .args([
            "ls-files",
            "-z",
            "--cached",
            "--others",
            "--exclude-standard",
        ])
        .current_dir(root())
        .output();
    let mut files: Vec<PathBuf> = match listed {
        Ok(out) if out.status.success() => out
            .stdout
            .split(|&b| b == 0)
            .filter(|name| !name.is_empty())
            .map(|name| PathBuf::from(String::from_utf8_lossy(name).into_owned()))
            .collect(),
        _ => {
            fn walk(dir: &Path, base: &Path, out: &mut Vec<PathBuf>) {
                for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
                    let path = entry.path();
                    let name = entry.file_name();
                    if path.is_dir() {
                        if name != ".git" && name != "target" {
                            walk(&path, base, out);
                        }
                    } else if let Ok(rel) = path.strip_prefix(base) {
                        out.push(rel.to_path_buf());
                    }
                }
            }
            let mut out = Vec::new();
            walk(root(), root(), &mut out);
            out
        }
    };
    files.retain(|f| root().join(f).is_file());
    files.sort();
    files.dedup();
    files
}

/// The 1-based line of byte offset `at`.
fn line_of(bytes: &[u8], at: usize) -> usize {
    bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1
}

/// Where `needle` occurs in `bytes`.
fn occurrences(bytes: &[u8], needle: &[u8]) -> Vec<usize> {
    if needle.is_empty() || bytes.len() < needle.len() {
        return Vec::new();
    }
    (0..=bytes.len() - needle.len())
        .filter(|&i| &bytes[i..i + needle.len()] == needle)
        .collect()
}

#[test]
fn no_file_cites_the_unpublished_rule_summaries() {
    let files = repository_files();
    assert!(
        files.iter().any(|f| f.starts_with("rules")),
        "no rules file found: is the file list right?"
    );
    let mut found = Vec::new();
    for file in &files {
        let Ok(bytes) = std::fs::read(root().join(file)) else {
            continue;
        };
        for name in unpublished() {
            for at in occurrences(&bytes, name.as_bytes()) {
                found.push(format!(
                    "{}:{}: cites {name}",
                    file.display(),
                    line_of(&bytes, at)
                ));
            }
        }
    }
    assert!(
        found.is_empty(),
        "{} citation(s) of a file no reader of the repository can open; cite the public rule book \
         and the page of docs/games/ that states the rule, or the copy in tests/reference/, \
         instead:\n{}",
        found.len(),
        found.join("\n")
    );
}

/// The anchor GitHub and mdBook give a heading: its text without markup, in lower case, each
/// space a `-`, every character but letters, digits, `-` and `_` dropped.
fn anchor(heading: &str) -> String {
    // A link keeps only its text: `[text](target)` -> `text`.
    let mut text = String::new();
    let mut rest = heading;
    while let Some(open) = rest.find("](") {
        text.push_str(&rest[..open]);
        match rest[open..].find(')') {
            Some(close) => rest = &rest[open + close + 1..],
            None => {
                rest = &rest[open..];
                break;
            }
        }
    }
    text.push_str(rest);
    text.trim()
        .chars()
        .flat_map(char::to_lowercase)
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a Markdown text: its headings (`#` lines outside code blocks, and underlined
/// ones), a repeated heading getting `-1`, `-2`, ... as GitHub and mdBook number them, and the
/// `id`s or `name`s of HTML anchors.
fn anchors(markdown: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut push = |slug: String, out: &mut Vec<String>| {
        let n = seen.entry(slug.clone()).or_insert(0);
        out.push(if *n == 0 {
            slug.clone()
        } else {
            format!("{slug}-{n}")
        });
        *n += 1;
    };
    let lines: Vec<&str> = markdown.lines().collect();
    let mut fence: Option<&str> = None;
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        if let Some(f) = fence {
            if trimmed.starts_with(f) {
                fence = None;
            }
            continue;
        }
        if trimmed.starts_with("```") {
            fence = Some("```");
            continue;
        }
        if trimmed.starts_with("~~~") {
            fence = Some("~~~");
            continue;
        }
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if (1..=6).contains(&hashes) && line[hashes..].starts_with(' ') {
            let text = line[hashes..].trim().trim_end_matches('#').trim();
            push(anchor(text), &mut out);
        } else if i + 1 < lines.len()
            && !line.trim().is_empty()
            && !line.starts_with(['|', '-', '*', '>', ' '])
            && !lines[i + 1].is_empty()
            && (lines[i + 1].chars().all(|c| c == '=') || lines[i + 1].chars().all(|c| c == '-'))
            && lines[i + 1].len() >= 3
        {
            push(anchor(line), &mut out);
        }
        for key in ["id=\"", "name=\""] {
            for (at, _) in line.match_indices(key) {
                if line[..at].contains("<a ") {
                    let value = &line[at + key.len()..];
                    if let Some(end) = value.find('"') {
                        out.push(value[..end].to_string());
                    }
                }
            }
        }
    }
    out
}

/// The citations of a page of `docs/` with an anchor in a text: (the path from the
/// repository's root, the anchor, the 1-based line).
fn docs_citations(text: &str) -> Vec<(String, String, usize)> {
    let path_char = |c: char| c.is_ascii_alphanumeric() || "-_./".contains(c);
    let anchor_char = |c: char| c.is_alphanumeric() || c == '-' || c == '_';
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        for (at, _) in line.match_indices("docs/") {
            if line[..at].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
                continue; // part of another name (`mydocs/`)
            }
            let rest = &line[at..];
            let path_len = rest.find(|c: char| !path_char(c)).unwrap_or(rest.len());
            let path = rest[..path_len].trim_end_matches('.');
            if !path.ends_with(".md") || !rest[path.len()..].starts_with('#') {
                continue;
            }
            let after = &rest[path.len() + 1..];
            let anchor_len = after.find(|c: char| !anchor_char(c)).unwrap_or(after.len());
            out.push((path.to_string(), after[..anchor_len].to_string(), n + 1));
        }
    }
    out
}

/// Checks that `path` (from the repository's root) is a file with the heading `anchor`;
/// otherwise says what is wrong.
fn check_anchor(
    path: &Path,
    anchor: &str,
    cache: &mut BTreeMap<PathBuf, Option<Vec<String>>>,
) -> Result<(), String> {
    let anchors = cache
        .entry(path.to_path_buf())
        .or_insert_with(|| {
            std::fs::read_to_string(root().join(path))
                .ok()
                .map(|t| anchors(&t))
        })
        .as_ref();
    match anchors {
        None => Err(format!("{} does not exist", path.display())),
        Some(_) if anchor.is_empty() => Err("an empty anchor".to_string()),
        Some(list) if list.iter().any(|a| a == anchor) => Ok(()),
        Some(_) => Err(format!("{} has no heading #{anchor}", path.display())),
    }
}

#[test]
fn every_docs_citation_names_a_heading_that_exists() {
    let mut cache = BTreeMap::new();
    let mut bad = Vec::new();
    let mut checked = 0;
    let (mut in_rules, mut in_fixtures) = (0, 0);
    for file in repository_files() {
        // The fuzz corpus holds mutated copies of the rules files and the fixtures: checked
        // for the summaries above, not here.
        if file.starts_with("fuzz/corpus") {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(root().join(&file)) else {
            continue; // not text
        };
        for (path, anchor, line) in docs_citations(&text) {
            checked += 1;
            in_rules += file.starts_with("rules") as usize;
            in_fixtures += file.starts_with("fixtures") as usize;
            if let Err(why) = check_anchor(Path::new(&path), &anchor, &mut cache) {
                bad.push(format!("{}:{line}: {path}#{anchor}: {why}", file.display()));
            }
        }
    }
    assert!(
        in_rules > 0 && in_fixtures > 0,
        "no docs/ citation found in rules/ ({in_rules}) or fixtures/ ({in_fixtures})"
    );
    assert!(
        bad.is_empty(),
        "{} of {checked} citations of docs/ name no heading:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn the_rule_pages_link_to_headings_that_exist() {
    let dir = root().join("docs/games");
    let mut pages: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("docs/games/ exists")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.sort();
    for name in ["draughts.md", "xiangqi.md", "chess.md"] {
        assert!(dir.join(name).is_file(), "docs/games/{name} is missing");
    }
    let mut cache = BTreeMap::new();
    let mut bad = Vec::new();
    for page in &pages {
        let text = std::fs::read_to_string(page).expect("a page of docs/games/");
        let here = page
            .strip_prefix(root())
            .expect("below the root")
            .to_path_buf();
        for (n, line) in text.lines().enumerate() {
            for (at, _) in line.match_indices("](") {
                let target = &line[at + 2..];
                let Some(end) = target.find(')') else {
                    continue;
                };
                let target = &target[..end];
                if target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                let (file, anchor) = target.split_once('#').unwrap_or((target, ""));
                let path = if file.is_empty() {
                    here.clone()
                } else {
                    normalize(&here.parent().unwrap().join(file))
                };
                let result = if anchor.is_empty() {
                    if root().join(&path).exists() {
                        Ok(())
                    } else {
                        Err(format!("{} does not exist", path.display()))
                    }
                } else {
                    check_anchor(&path, anchor, &mut cache)
                };
                if let Err(why) = result {
                    bad.push(format!("{}:{}: ({target}): {why}", here.display(), n + 1));
                }
            }
        }
    }
    assert!(bad.is_empty(), "broken links:\n{}", bad.join("\n"));
}

/// `a/b/../c` -> `a/c`, `a/./b` -> `a/b`.
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

#[test]
fn every_shipped_rules_file_names_its_page() {
    let mut missing = Vec::new();
    let mut files = Vec::new();
    for dir in ["rules", "rules/house"] {
        for entry in std::fs::read_dir(root().join(dir))
            .expect("rules/")
            .flatten()
        {
            if entry.path().extension().is_some_and(|e| e == "toml") {
                files.push(entry.path());
            }
        }
    }
    files.sort();
    assert!(files.len() > 40, "only {} rules files found", files.len());
    for path in &files {
        let text = std::fs::read_to_string(path).expect("a rules file");
        let table: toml::Table = text.parse().expect("a rules file is TOML");
        let source = ["variant", "overlay"]
            .iter()
            .find_map(|t| table.get(*t)?.get("source")?.as_str().map(str::to_string))
            .unwrap_or_default();
        let cites_page = docs_citations(&source)
            .iter()
            .any(|(p, a, _)| p.starts_with("docs/games/") && !a.is_empty());
        if !cites_page {
            missing.push(format!("{}: source = {source:?}", path.display()));
        }
    }
    assert!(
        missing.is_empty(),
        "a rules file's source should end with the page of docs/games/ that states its rules \
         (`docs/games/<family>.md#<section>`):\n{}",
        missing.join("\n")
    );
}

#[test]
fn anchors_are_made_as_github_and_mdbook_make_them() {
    assert_eq!(anchor("Capture precedence"), "capture-precedence");
    assert_eq!(
        anchor("House rule: no compulsory capture"),
        "house-rule-no-compulsory-capture"
    );
    assert_eq!(anchor("3.6 Betza notation"), "36-betza-notation");
    assert_eq!(
        anchor("`[variant]`: who the variant is"),
        "variant-who-the-variant-is"
    );
    assert_eq!(anchor("Hoppel-Poppel"), "hoppel-poppel");
    assert_eq!(anchor("See [the table](#x) here"), "see-the-table-here");
    let text = "# Title\n\n## Notes\n\n```\n# not a heading\n```\n\n## Notes\nUnder\n-----\n";
    assert_eq!(anchors(text), ["title", "notes", "notes-1", "under"]);
    // Built, so that the scan of this file above does not read these two citations.
    let d = "docs";
    let cited = docs_citations(&format!(
        "see {d}/games/draughts.md#russian: and ../{d}/x.md#a-b."
    ));
    assert_eq!(
        cited,
        [
            (
                "docs/games/draughts.md".to_string(),
                "russian".to_string(),
                1
            ),
            ("docs/x.md".to_string(), "a-b".to_string(), 1)
        ]
    );
}
