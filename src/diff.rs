//! The rule-change regression tool: two rule sets of one family side by side. Their perft
//! tables to the first depth where they differ; then, ply by ply down the tree of the moves
//! both allow, the shallowest positions where the legal move sets differ, each with the moves
//! only one of them allows; and the rule keys that differ between the two resolved files.

use crate::count::Count;
use crate::diagnostics::LocatedError;
use crate::game::Game;
use crate::notation::natural_cmp;
use crate::perft::PerftOptions;
use crate::present::Present;
use crate::variant::Variant;
use rustc_hash::FxHashMap;
use std::collections::{BTreeMap, HashSet};

/// A position where the two rule sets allow different moves.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Difference {
    /// Its FEN (as the first rule set writes it).
    pub fen: String,
    /// The moves that lead there from the root (the first rule set's notation).
    pub path: Vec<String>,
    /// The board in text.
    pub diagram: String,
    /// Moves only the first rule set allows.
    pub only_a: Vec<String>,
    /// Moves only the second allows.
    pub only_b: Vec<String>,
}

impl Difference {
    /// The moves that lead here, or "the root".
    pub fn path_text(&self) -> String {
        if self.path.is_empty() {
            "the root".to_string()
        } else {
            self.path.join(" ")
        }
    }

    /// The diagram and the moves only each side allows, every line indented.
    pub fn write_board_and_moves(&self, out: &mut String, indent: &str, a: &str, b: &str) {
        use std::fmt::Write as _;
        for line in self.diagram.lines() {
            let _ = writeln!(out, "{indent}{line}");
        }
        let list = |v: &[String]| match v.is_empty() {
            true => "-".to_string(),
            false => v.join(" "),
        };
        let _ = writeln!(out, "{indent}only {a}: {}", list(&self.only_a));
        let _ = writeln!(out, "{indent}only {b}: {}", list(&self.only_b));
    }
}

/// A rule key whose value differs.
#[derive(Clone, Debug, serde::Serialize)]
pub struct KeyChange {
    /// The key, dotted (`promotion.during_capture`).
    pub key: String,
    /// Its value in the first rule set (TOML), if it has the key.
    pub a: Option<String>,
    /// Its value in the second.
    pub b: Option<String>,
}

/// What `diff` found.
#[derive(Clone, Debug, serde::Serialize)]
pub struct DiffReport {
    /// The first rule set as given.
    pub a: String,
    /// The second.
    pub b: String,
    /// The root position.
    pub fen: String,
    /// Perft of both, depth 1 first, to the first depth where they differ (or the limit).
    pub perft: Vec<(u32, u128, u128)>,
    /// The first depth where the counts differ.
    pub first_differing_depth: Option<u32>,
    /// The rule keys that differ between the resolved files.
    pub keys: Vec<KeyChange>,
    /// The ply of the shallowest positions whose move sets differ.
    pub ply: Option<u32>,
    /// How many positions at that ply differ.
    pub differing_positions: usize,
    /// The first of them (at most `shown`), in a fixed order.
    pub positions: Vec<Difference>,
    /// Why the search for positions stopped early, if it did.
    pub note: Option<String>,
}

/// The rule keys that differ between the resolved files of `a` and `b` (identity aside).
pub fn key_changes(a: &str, b: &str) -> Vec<KeyChange> {
    fn flatten(prefix: &str, v: &toml::Value, out: &mut BTreeMap<String, String>) {
        match v {
            toml::Value::Table(t) => {
                for (k, v) in t {
                    let key = if prefix.is_empty() {
                        k.clone()
                    } else {
                        format!("{prefix}.{k}")
                    };
                    flatten(&key, v, out);
                }
            }
            other => {
                out.insert(prefix.to_string(), other.to_string());
            }
        }
    }
    let keys = |spec: &str| {
        let mut out = BTreeMap::new();
        if let Some(text) = crate::load::check(spec).resolved
            && let Ok(table) = toml::from_str::<toml::Table>(&text)
        {
            flatten("", &toml::Value::Table(table), &mut out);
        }
        out.retain(|k, _| !k.starts_with("variant."));
        out
    };
    let (ka, kb) = (keys(a), keys(b));
    let mut all: Vec<&String> = ka.keys().chain(kb.keys()).collect();
    all.sort();
    all.dedup();
    all.into_iter()
        .filter(|k| ka.get(*k) != kb.get(*k))
        .map(|k| KeyChange {
            key: k.clone(),
            a: ka.get(k).cloned(),
            b: kb.get(k).cloned(),
        })
        .collect()
}

/// How far `diff` looks.
#[derive(Clone, Copy, Debug)]
pub struct DiffLimits {
    /// Compare the move sets down to the positions at ply `depth - 1` (perft `depth`).
    pub depth: u32,
    /// Count perft to at most this depth (the counts are only the first hint).
    pub count_depth: u32,
    /// Show at most this many differing positions.
    pub shown: usize,
    /// Give up when one ply holds more distinct positions than this.
    pub max_positions: usize,
}

/// Compares two rule sets from `fen` (or the first one's start).
pub fn diff(
    a: &str,
    b: &str,
    fen: Option<&str>,
    limits: DiffLimits,
    options: &PerftOptions<'_>,
) -> Result<DiffReport, LocatedError> {
    let (va, vb) = (
        crate::load::load::<Variant>(a)?,
        crate::load::load::<Variant>(b)?,
    );
    let mismatch = || {
        let source = crate::diagnostics::SourceFile {
            name: "<rules>".into(),
            text: format!("{a} {b}").into(),
        };
        LocatedError::new(
            &source,
            0..a.len() + b.len() + 1,
            "the two rule sets are of different families or boards",
            Some("diff compares two rule sets played on the same board".into()),
        )
    };
    let mut report = match (&va, &vb) {
        (Variant::Draughts(x), Variant::Draughts(y)) => compare(&**x, &**y, fen, limits, options),
        (Variant::WideDraughts(x), Variant::WideDraughts(y)) => {
            compare(&**x, &**y, fen, limits, options)
        }
        (Variant::Chess(x), Variant::Chess(y)) => compare(&**x, &**y, fen, limits, options),
        (Variant::WideChess(x), Variant::WideChess(y)) => compare(&**x, &**y, fen, limits, options),
        _ => return Err(mismatch()),
    }?
    .ok_or_else(mismatch)?;
    report.a = a.to_string();
    report.b = b.to_string();
    report.keys = key_changes(a, b);
    Ok(report)
}

/// The moves only `a` allows and only `b` allows at `pos`, each list sorted, when they differ.
/// The sets are compared by move keys first; notation is written only for a position that differs.
fn differences<G: Game>(a: &G, b: &G, pos: &G::Position) -> Option<(Vec<String>, Vec<String>)> {
    let ma = a.legal_moves(pos);
    let mb = b.legal_moves(pos);
    let mut keys_a: Vec<String> = ma.iter().map(|m| a.move_key(m)).collect();
    let mut keys_b: Vec<String> = mb.iter().map(|m| b.move_key(m)).collect();
    keys_a.sort_unstable();
    keys_b.sort_unstable();
    keys_a.dedup();
    keys_b.dedup();
    if keys_a == keys_b {
        return None;
    }
    let (set_a, set_b): (HashSet<String>, HashSet<String>) =
        (keys_a.into_iter().collect(), keys_b.into_iter().collect());
    let only = |g: &G, other: &HashSet<String>| {
        let mut v: Vec<String> = g
            .moves_with_notation(pos)
            .into_iter()
            .filter(|(m, _)| !other.contains(&g.move_key(m)))
            .map(|(_, t)| t)
            .collect();
        v.sort_by(|x, y| natural_cmp(x, y));
        v
    };
    Some((only(a, &set_b), only(b, &set_a)))
}

/// A position found to differ: packed, the node of the move tree that reaches it, and the
/// moves only each side allows.
type Found<P> = (P, u32, Vec<String>, Vec<String>);

/// A 128-bit fingerprint of a packed position, for the last ply, where only "seen before?"
/// is asked and the positions themselves need not be kept.
fn fingerprint<P: std::hash::Hash>(p: &P) -> u128 {
    use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
    let h1 = rustc_hash::FxBuildHasher.hash_one(p);
    let h2 = BuildHasherDefault::<DefaultHasher>::default().hash_one(p);
    ((h1 as u128) << 64) | h2 as u128
}

fn compare<G: Present>(
    a: &G,
    b: &G,
    fen: Option<&str>,
    limits: DiffLimits,
    options: &PerftOptions<'_>,
) -> Result<Option<DiffReport>, LocatedError> {
    let Some(root) = common_root(a, b, fen)? else {
        return Ok(None);
    };
    let (perft, first) = first_differing_count(a, b, &root, &limits, options);
    // The shallowest plies where the move sets differ: at most one ply above the first
    // differing count (a set can differ with equal counts, so every ply up to there is read).
    let deepest = first.unwrap_or(limits.depth).saturating_sub(1);
    let search = shallowest_differences(a, b, &root, deepest, limits.max_positions);
    let mut found: Vec<Difference> = search
        .found
        .into_iter()
        .map(|(packed, node, only_a, only_b)| {
            let pos = a.unpack(&packed);
            Difference {
                fen: a.fen(&pos),
                path: search.tree.path_to(a, &root, node),
                diagram: a.diagram(&pos),
                only_a,
                only_b,
            }
        })
        .collect();
    found.sort_by(|x, y| (&x.path, &x.fen).cmp(&(&y.path, &y.fen)));
    let differing_positions = found.len();
    found.truncate(limits.shown);
    Ok(Some(DiffReport {
        a: String::new(),
        b: String::new(),
        fen: a.fen(&root),
        perft,
        first_differing_depth: first,
        keys: Vec::new(),
        ply: search.ply,
        differing_positions,
        positions: found,
        note: search.note,
    }))
}

/// The position both rule sets are compared from (`fen`, or their start); `None` when
/// their boards differ, an error when they start from different positions.
fn common_root<G: Present>(
    a: &G,
    b: &G,
    fen: Option<&str>,
) -> Result<Option<G::Position>, LocatedError> {
    let root = match fen {
        Some(f) => a.parse_fen(f)?,
        None => a.start(),
    };
    let root_b = match fen {
        Some(f) => b.parse_fen(f)?,
        None => b.start(),
    };
    let (va, vb) = (a.view(&root, false), b.view(&root_b, false));
    if (va.files, va.ranks, &va.cells) != (vb.files, vb.ranks, &vb.cells) {
        return Ok(None);
    }
    if root != root_b {
        let fens = format!("{}  {}", a.fen(&root), b.fen(&root_b));
        let source = crate::diagnostics::SourceFile {
            name: "start positions".into(),
            text: fens.clone().into(),
        };
        return Err(LocatedError::new(
            &source,
            0..fens.len(),
            "the two rule sets start from different positions",
            Some(format!(
                "compare them from one position: --fen \"{}\"",
                a.fen(&root)
            )),
        ));
    }
    Ok(Some(root))
}

/// Perft of both rule sets from `root`, depth by depth up to the limits, until the counts
/// differ: the counts, and the first depth where they do.
fn first_differing_count<G: Game>(
    a: &G,
    b: &G,
    root: &G::Position,
    limits: &DiffLimits,
    options: &PerftOptions<'_>,
) -> (Vec<(u32, u128, u128)>, Option<u32>) {
    let mut perft = Vec::new();
    for depth in 1..=limits.count_depth.min(limits.depth) {
        let na = crate::perft::perft(a, root, depth, Count::Unique, options);
        let nb = crate::perft::perft(b, root, depth, Count::Unique, options);
        perft.push((depth, na, nb));
        if na != nb {
            return (perft, Some(depth));
        }
        // Both reached the largest count kept: deeper counts cannot be told apart.
        if na == crate::count::COUNT_LIMIT {
            break;
        }
    }
    (perft, None)
}

/// The moves that reach the positions of a search: each node is (parent node, move number),
/// the root's parent `u32::MAX`.
struct MoveTree {
    nodes: Vec<(u32, u16)>,
}

impl MoveTree {
    /// The node reached from `parent` by its move number `i`.
    fn add(&mut self, parent: u32, i: usize) -> u32 {
        self.nodes.push((parent, i as u16));
        self.nodes.len() as u32 - 1
    }

    /// The moves, written by `game`, that lead from `root` to `node`.
    fn path_to<G: Game>(&self, game: &G, root: &G::Position, node: u32) -> Vec<String> {
        let mut steps = Vec::new();
        let mut n = node;
        while self.nodes[n as usize].0 != u32::MAX {
            steps.push(n);
            n = self.nodes[n as usize].0;
        }
        let mut pos = root.clone();
        let mut path = Vec::new();
        for &step in steps.iter().rev() {
            let (m, text) = game
                .moves_with_notation(&pos)
                .swap_remove(self.nodes[step as usize].1 as usize);
            path.push(text);
            pos = game.perft_child(&pos, &m);
        }
        path
    }
}

/// What the search for the shallowest differing positions found: the positions, the tree of
/// moves that reach them, the ply, and a note when it gave up.
struct Search<P> {
    found: Vec<Found<P>>,
    tree: MoveTree,
    ply: Option<u32>,
    note: Option<String>,
}

/// The shallowest positions, at most `deepest` plies below `root`, whose legal moves differ.
/// Each ply's distinct positions are held packed, each with the node of the tree of moves
/// that says how it was first reached. The last ply is not held: its positions are compared
/// as they are reached, remembered by fingerprint only.
fn shallowest_differences<G: Game>(
    a: &G,
    b: &G,
    root: &G::Position,
    deepest: u32,
    max_positions: usize,
) -> Search<G::Packed> {
    let mut tree = MoveTree {
        nodes: vec![(u32::MAX, 0)],
    };
    if let Some((only_a, only_b)) = differences(a, b, root) {
        let found = vec![(a.pack(root), 0, only_a, only_b)];
        return Search {
            found,
            tree,
            ply: Some(0),
            note: None,
        };
    }
    let mut level: FxHashMap<G::Packed, u32> = FxHashMap::default();
    level.insert(a.pack(root), 0);
    let mut p = 0;
    while p < deepest {
        let last = p + 1 == deepest;
        let mut next: FxHashMap<G::Packed, u32> = FxHashMap::default();
        let mut seen: rustc_hash::FxHashSet<u128> = Default::default();
        let mut here = Vec::new();
        for (packed, &node) in &level {
            let pos = a.unpack(packed);
            for (i, m) in a.legal_moves(&pos).iter().enumerate() {
                let child = a.perft_child(&pos, m);
                let key = a.pack(&child);
                let fresh = if last {
                    seen.insert(fingerprint(&key))
                } else {
                    !next.contains_key(&key)
                };
                if !fresh {
                    continue;
                }
                if let Some((only_a, only_b)) = differences(a, b, &child) {
                    here.push((key.clone(), tree.add(node, i), only_a, only_b));
                }
                if !last {
                    next.insert(key, tree.add(node, i));
                }
                if next.len().max(seen.len()) > max_positions {
                    return Search {
                        found: Vec::new(),
                        tree,
                        ply: None,
                        note: Some(format!(
                            "stopped at ply {}: more than {max_positions} positions to compare \
                             (raise --max-positions)",
                            p + 1
                        )),
                    };
                }
            }
        }
        p += 1;
        if !here.is_empty() {
            return Search {
                found: here,
                tree,
                ply: Some(p),
                note: None,
            };
        }
        level = next;
    }
    Search {
        found: Vec::new(),
        tree,
        ply: None,
        note: None,
    }
}

impl DiffReport {
    /// The report in words, for people.
    pub fn text(&self) -> String {
        use std::fmt::Write as _;
        let mut out = String::new();
        let _ = writeln!(out, "diff {} {} from {}", self.a, self.b, self.fen);
        if self.keys.is_empty() {
            let _ = writeln!(out, "\nrule keys: none differ");
        } else {
            let _ = writeln!(out, "\nrule keys that differ:");
            for k in &self.keys {
                let _ = writeln!(
                    out,
                    "  {}: {} -> {}",
                    k.key,
                    k.a.as_deref().unwrap_or("(absent)"),
                    k.b.as_deref().unwrap_or("(absent)")
                );
            }
        }
        let width = self.a.len().max(self.b.len()).max(12);
        let _ = writeln!(
            out,
            "\nperft (unique):\n  depth  {:>width$}  {:>width$}",
            self.a, self.b
        );
        for (d, na, nb) in &self.perft {
            let mark = if na != nb {
                "  <- first difference"
            } else {
                ""
            };
            let (na, nb) = (crate::count::count_text(*na), crate::count::count_text(*nb));
            let _ = writeln!(out, "  {d:>5}  {na:>width$}  {nb:>width$}{mark}");
        }
        match self.ply {
            None => {
                let _ = writeln!(
                    out,
                    "\nno position to ply {} where the legal moves differ",
                    self.perft.len().saturating_sub(1)
                );
            }
            Some(ply) => {
                let _ = writeln!(
                    out,
                    "\nthe legal moves first differ at ply {ply}, in {} position{}{}:",
                    self.differing_positions,
                    if self.differing_positions == 1 {
                        ""
                    } else {
                        "s"
                    },
                    if self.positions.len() < self.differing_positions {
                        format!(" (the first {} shown)", self.positions.len())
                    } else {
                        String::new()
                    }
                );
                for (i, d) in self.positions.iter().enumerate() {
                    let _ = writeln!(
                        out,
                        "\n{}. after {}\n   FEN {}",
                        i + 1,
                        d.path_text(),
                        d.fen
                    );
                    d.write_board_and_moves(&mut out, "   ", &self.a, &self.b);
                }
            }
        }
        if let Some(n) = &self.note {
            let _ = writeln!(out, "\n{n}");
        }
        out
    }
}
