//! The shape of the source, as docs/architecture.md describes it, kept true:
//!
//! - no import circle: the graph of `src/`'s modules, an edge from a file to every module a
//!   path in it names (`use` trees, `crate::`/`super::`/`self::` paths, a child module named
//!   by its parent), has no cycle, so that imports point one way (rules -> compiled rules ->
//!   generator -> driver -> tools -> command line);
//! - no function past 150 lines;
//! - the two families' folders hold the same stage files;
//! - the README stays a page for users (at most 400 lines), the rest in `docs/`.
//!
//! The graph is read from the text (comments and strings left out), not from the compiler:
//! a path names the longest module it starts with, as `crate::draughts::movegen::kernel::Kernel`
//! names `draughts::movegen::kernel`; a facade's `pub use` of a child counts as an edge to it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let p = entry.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|e| e == "rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The module path of a file of `src/` (`lib.rs` is the crate, `a/mod.rs` is `a`); `None` for
/// the binary's `main.rs`.
fn module_of(file: &Path) -> Option<Vec<String>> {
    let rel = file.strip_prefix(root().join("src")).unwrap();
    let mut parts: Vec<String> = rel
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    match parts.last().map(String::as_str) {
        Some("main") if parts.len() == 1 => return None,
        Some("lib") if parts.len() == 1 => parts.clear(),
        Some("mod") => {
            parts.pop();
        }
        _ => {}
    }
    Some(parts)
}

/// The text with comments, string and character literals blanked out, and the paths in
/// `pub(in ...)` and macro calls (`crate::with_game!`) left out.
fn code_of(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
            i += 2;
            while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                i += 1;
            }
            i += 2;
        } else if b[i] == b'r'
            && matches!(b.get(i + 1), Some(b'"' | b'#'))
            && !(i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_'))
        {
            // A raw string: `r"..."`, `r#"..."#`.
            let mut hashes = 0;
            i += 1;
            while b.get(i) == Some(&b'#') {
                hashes += 1;
                i += 1;
            }
            if b.get(i) != Some(&b'"') {
                out.push('r');
                continue;
            }
            i += 1;
            while i < b.len()
                && !(b[i] == b'"' && (0..hashes).all(|h| b.get(i + 1 + h) == Some(&b'#')))
            {
                i += 1;
            }
            i += 1 + hashes;
            out.push_str("\"\"");
        } else if b[i] == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if b[i] == b'\'' && b.get(i + 2) == Some(&b'\'') {
            i += 3;
            out.push_str("' '");
        } else if b[i] == b'\'' && b.get(i + 1) == Some(&b'\\') {
            i += 2;
            while i < b.len() && b[i] != b'\'' {
                i += 1;
            }
            i += 1;
            out.push_str("' '");
        } else {
            out.push(b[i] as char);
            i += 1;
        }
    }
    out
}

/// Splits `text` into identifiers and `::` (everything else is a separator).
fn words(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_alphanumeric() || c == b'_' {
            let s = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push(&text[s..i]);
        } else if c == b':' && b.get(i + 1) == Some(&b':') {
            out.push("::");
            i += 2;
        } else {
            out.push(if c == b'!' {
                "!"
            } else if c == b'{' || c == b'}' || c == b',' || c == b';' {
                &text[i..i + 1]
            } else {
                " "
            });
            i += 1;
        }
    }
    out.retain(|w| *w != " ");
    out
}

/// The paths a file's code names: each `use` tree expanded, and every `a::b::c` run of
/// identifiers elsewhere (macro calls and `pub(in ...)` left out).
fn paths_in(code: &str) -> Vec<Vec<String>> {
    let w = words(code);
    let mut out = Vec::new();
    let mut i = 0;
    while i < w.len() {
        if w[i] == "use" {
            let mut j = i + 1;
            while j < w.len() && w[j] != ";" {
                j += 1;
            }
            expand(&w[i + 1..j], &mut Vec::new(), &mut out);
            i = j + 1;
            continue;
        }
        if w[i] == "in" && i >= 1 && w[i - 1] == "pub" {
            // `pub(in crate::a)` (the parentheses are separators): a visibility, not a use.
            i += 1;
            while i + 1 < w.len() && w[i + 1] == "::" {
                i += 2;
            }
            i += 1;
            continue;
        }
        if w.get(i + 1) == Some(&"::") && is_ident(w[i]) {
            let mut path = vec![w[i].to_string()];
            let mut j = i + 1;
            while j + 1 < w.len() && w[j] == "::" && is_ident(w[j + 1]) {
                path.push(w[j + 1].to_string());
                j += 2;
            }
            if w.get(j) != Some(&"!") {
                out.push(path);
            }
            i = j;
            continue;
        }
        i += 1;
    }
    out
}

fn is_ident(w: &str) -> bool {
    w.bytes()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == b'_')
}

/// Expands a `use` tree (`a::b::{c, d::e}`) under `prefix` into its paths.
fn expand(tree: &[&str], prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    // Split the tree at top-level commas.
    let mut depth = 0;
    let mut start = 0;
    let mut parts = Vec::new();
    for (k, t) in tree.iter().enumerate() {
        match *t {
            "{" => depth += 1,
            "}" => depth -= 1,
            "," if depth == 0 => {
                parts.push(&tree[start..k]);
                start = k + 1;
            }
            _ => {}
        }
    }
    parts.push(&tree[start..]);
    for part in parts {
        let mut path = prefix.clone();
        let mut k = 0;
        while k < part.len() {
            match part[k] {
                "::" => {}
                "{" => {
                    let end = part.len() - 1;
                    expand(&part[k + 1..end], &mut path, out);
                    path.clear();
                    break;
                }
                "as" => break,
                w => path.push(w.to_string()),
            }
            k += 1;
        }
        if !path.is_empty() && path != *prefix {
            out.push(path);
        }
    }
}

/// The module a path names from module `me`: the longest module of `modules` it starts with.
fn resolve(me: &[String], path: &[String], modules: &BTreeSet<Vec<String>>) -> Option<Vec<String>> {
    let (mut base, rest): (Vec<String>, &[String]) = match path[0].as_str() {
        "crate" => (Vec::new(), &path[1..]),
        "self" => (me.to_vec(), &path[1..]),
        "super" => {
            let mut base = me.to_vec();
            let mut k = 0;
            while k < path.len() && path[k] == "super" {
                base.pop();
                k += 1;
            }
            (base, &path[k..])
        }
        _ => {
            let mut child = me.to_vec();
            child.push(path[0].clone());
            if !modules.contains(&child) {
                return None;
            }
            (me.to_vec(), path)
        }
    };
    base.extend(rest.iter().cloned());
    (0..=base.len())
        .rev()
        .map(|k| base[..k].to_vec())
        .find(|m| modules.contains(m))
}

/// The import graph of `src/`: each module and the modules it names.
fn import_graph() -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let files: Vec<(Vec<String>, PathBuf)> = rust_files(&root().join("src"))
        .into_iter()
        .filter_map(|f| Some((module_of(&f)?, f)))
        .collect();
    let modules: BTreeSet<Vec<String>> = files.iter().map(|(m, _)| m.clone()).collect();
    let mut graph = BTreeMap::new();
    for (me, file) in &files {
        let code = code_of(&std::fs::read_to_string(file).unwrap());
        let edges: BTreeSet<Vec<String>> = paths_in(&code)
            .iter()
            .filter_map(|p| resolve(me, p, &modules))
            .filter(|m| m != me)
            .collect();
        graph.insert(me.clone(), edges);
    }
    graph
}

/// The strongly connected components of more than one module (Tarjan's algorithm).
fn circles(graph: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<Vec<Vec<String>>> {
    struct State<'g> {
        graph: &'g BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        index: BTreeMap<&'g Vec<String>, usize>,
        low: BTreeMap<&'g Vec<String>, usize>,
        stack: Vec<&'g Vec<String>>,
        on_stack: BTreeSet<&'g Vec<String>>,
        out: Vec<Vec<Vec<String>>>,
    }
    fn visit<'g>(s: &mut State<'g>, v: &'g Vec<String>) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        s.on_stack.insert(v);
        for w in &s.graph[v] {
            if !s.index.contains_key(w) {
                visit(s, w);
                let lw = s.low[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(lw);
            } else if s.on_stack.contains(w) {
                let iw = s.index[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(iw);
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                component.push(w.clone());
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                s.out.push(component);
            }
        }
    }
    let mut s = State {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in graph.keys() {
        if !s.index.contains_key(v) {
            visit(&mut s, v);
        }
    }
    s.out
}

fn name(m: &[String]) -> String {
    if m.is_empty() {
        "crate".into()
    } else {
        m.join("::")
    }
}

#[test]
fn no_import_circle() {
    let graph = import_graph();
    let found: Vec<String> = circles(&graph)
        .iter()
        .map(|c| {
            let members: BTreeSet<&Vec<String>> = c.iter().collect();
            c.iter()
                .map(|m| {
                    let inside: Vec<String> = graph[m]
                        .iter()
                        .filter(|n| members.contains(n))
                        .map(|n| name(n))
                        .collect();
                    format!("{} -> {}", name(m), inside.join(", "))
                })
                .collect::<Vec<_>>()
                .join("; ")
        })
        .collect();
    assert!(found.is_empty(), "import circles:\n{}", found.join("\n"));
}

#[test]
fn the_import_graph_reader_sees_a_circle() {
    // The reader itself: a circle written into two small modules is found.
    let modules: BTreeSet<Vec<String>> = [vec![], vec!["a".to_string()], vec!["b".to_string()]]
        .into_iter()
        .collect();
    let a = paths_in(&code_of(
        "use crate::b::{Thing, other::X};\n// use crate::c;\nfn f() { super::b::g(); }",
    ));
    let b = paths_in(&code_of(
        "pub(in crate::a) fn g() { crate::a::h(); let s = \"crate::b\"; }",
    ));
    let to = |me: &[String], paths: &[Vec<String>]| -> BTreeSet<Vec<String>> {
        paths
            .iter()
            .filter_map(|p| resolve(me, p, &modules))
            .filter(|m| m != me)
            .collect()
    };
    let (ma, mb) = (vec!["a".to_string()], vec!["b".to_string()]);
    let graph: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = [
        (vec![], BTreeSet::new()),
        (ma.clone(), to(&ma, &a)),
        (mb.clone(), to(&mb, &b)),
    ]
    .into_iter()
    .collect();
    assert_eq!(graph[&ma], [mb.clone()].into_iter().collect());
    assert_eq!(graph[&mb], [ma.clone()].into_iter().collect());
    assert_eq!(circles(&graph).len(), 1);
}

/// The functions of a file longer than `limit` lines (signature to closing brace).
fn long_functions(text: &str, limit: usize) -> Vec<(usize, String, usize)> {
    let lines: Vec<String> = text.lines().map(code_of).collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let w = words(line);
        let Some(at) = w.iter().position(|x| *x == "fn") else {
            continue;
        };
        if !w[..at].iter().all(|x| {
            matches!(
                *x,
                "pub" | "crate" | "super" | "in" | "const" | "unsafe" | "async"
            )
        }) {
            continue;
        }
        let name = w.get(at + 1).map_or(String::new(), |s| s.to_string());
        let mut depth = 0i32;
        let mut started = false;
        for (j, l) in lines.iter().enumerate().skip(i) {
            if !started && depth == 0 && l.contains(';') && !l.contains('{') {
                break;
            }
            for c in l.chars() {
                match c {
                    '{' => {
                        depth += 1;
                        started = true;
                    }
                    '}' => depth -= 1,
                    _ => {}
                }
            }
            if started && depth == 0 {
                if j - i + 1 > limit {
                    out.push((i + 1, name.clone(), j - i + 1));
                }
                break;
            }
        }
    }
    out
}

#[test]
fn no_function_past_150_lines() {
    let mut found = Vec::new();
    for file in rust_files(&root().join("src")) {
        let text = std::fs::read_to_string(&file).unwrap();
        for (line, name, n) in long_functions(&text, 150) {
            found.push(format!(
                "{}:{line} {name}: {n} lines",
                file.strip_prefix(root()).unwrap().display()
            ));
        }
    }
    assert!(
        found.is_empty(),
        "functions past 150 lines:\n{}",
        found.join("\n")
    );
    // The reader itself: a function of 152 lines is found, one of 150 is not.
    let body = |n: usize| format!("fn f() {{\n{}}}\n", "    x();\n".repeat(n - 2));
    assert_eq!(long_functions(&body(152), 150).len(), 1);
    assert!(long_functions(&body(150), 150).is_empty());
}

/// The stages every family folder has, in the order data flows through them (a file or a
/// folder of that name): the rules file as written, checked and compiled, the plain rules;
/// the board, positions, FEN, move notation; the generator built, the legal moves, counting
/// them; how games end, the game and its trait impls, the rules in sentences.
const STAGES: &[&str] = &[
    "schema", "compile", "rules", "geometry", "position", "fen", "notation", "build", "movegen",
    "perft", "outcome", "game", "present", "explain",
];

#[test]
fn the_families_hold_the_same_stage_files() {
    let stages_of = |family: &str| -> BTreeSet<String> {
        std::fs::read_dir(root().join("src").join(family))
            .unwrap()
            .map(|e| {
                let p = e.unwrap().path();
                p.file_stem().unwrap().to_string_lossy().into_owned()
            })
            .filter(|s| STAGES.contains(&s.as_str()))
            .collect()
    };
    let all: BTreeSet<String> = STAGES.iter().map(|s| s.to_string()).collect();
    for family in ["draughts", "chess"] {
        let found = stages_of(family);
        let missing: Vec<&String> = all.difference(&found).collect();
        assert!(missing.is_empty(), "src/{family}/ lacks {missing:?}");
    }
}

#[test]
fn the_readme_is_a_page_for_users() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let n = readme.lines().count();
    assert!(
        n <= 400,
        "README.md has {n} lines; keep it at most 400 (the rest goes to docs/)"
    );
}
