//! Perft tables for publishing: one or many variants side by side, depth by depth, in either
//! counting convention or both, with what a reader needs to trust them in the header (the
//! convention, the position, the rules' source and a content hash of the resolved rules), in
//! Markdown, CSV or JSON; optionally checked against a reference table.

use crate::count::Count;
use crate::diagnostics::LocatedError;
use crate::game::Game;
use crate::perft::PerftOptions;
use crate::perft::stats::perft_stats;
use crate::stats::Column as Stat;
use crate::variant::Variant;
use crate::with_game;
use sha2::Digest;
use std::fmt::Write as _;

/// Which counts a table shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counts {
    /// Distinct moves.
    Unique,
    /// Every jump sequence.
    Paths,
    /// Both, side by side.
    Both,
}

impl Counts {
    /// The conventions shown, in order.
    pub fn conventions(self) -> Vec<Count> {
        match self {
            Counts::Unique => vec![Count::Unique],
            Counts::Paths => vec![Count::Paths],
            Counts::Both => vec![Count::Unique, Count::Paths],
        }
    }
}

/// How deep a table goes.
#[derive(Clone, Copy, Debug)]
pub enum Limit {
    /// Every depth from 1 to this one.
    Depth(u32),
    /// Every depth whose count stays at most this many nodes.
    Nodes(u128),
}

/// One variant's column(s).
#[derive(Clone, Debug)]
pub struct Column {
    /// The spec as given (`russian`, `my.toml+house`).
    pub spec: String,
    /// The variant's id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its family.
    pub family: &'static str,
    /// Where its rules come from.
    pub source: String,
    /// SHA-256 of the resolved rules (`check --resolved`), hex.
    pub rules_sha256: String,
    /// The position counted from.
    pub fen: String,
    /// Whether it is the variant's start position.
    pub is_start: bool,
    /// Per depth (from 1): a value per field shown ([`PerftTable::fields`]).
    pub counts: Vec<Vec<u128>>,
    /// Per depth and field, the reference value when `--check` gave one.
    pub expected: Vec<Vec<Option<u128>>>,
    /// The depth the column stops short of because a count there reached
    /// [`crate::count::COUNT_LIMIT`] (so is not exact); `None` if it did not.
    pub ends_at_limit: Option<u32>,
}

/// A perft table.
#[derive(Clone, Debug)]
pub struct PerftTable {
    /// The conventions shown.
    pub counts: Counts,
    /// The statistics shown for each convention ([`Stat`]); empty for the nodes alone.
    pub stats: Vec<Stat>,
    /// The variants.
    pub columns: Vec<Column>,
}

/// SHA-256 of the resolved rules of `spec`, hex (empty if they cannot be resolved).
pub fn rules_hash(spec: &str) -> String {
    crate::load::check(spec)
        .resolved
        .map(|text| sha256_hex(&text))
        .unwrap_or_default()
}

/// SHA-256 of a text, hex.
pub fn sha256_hex(text: &str) -> String {
    sha2::Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The fields of a row: a value per convention, or per convention and statistic.
fn fields_of(counts: Counts, stats: &[Stat]) -> Vec<(Count, Stat)> {
    let stats = if stats.is_empty() {
        &[Stat::Nodes][..]
    } else {
        stats
    };
    counts
        .conventions()
        .into_iter()
        .flat_map(|c| stats.iter().map(move |&s| (c, s)))
        .collect()
}

/// Computes the column of one spec: the nodes per convention, or with `stats` those
/// statistics per convention (counted on the options' threads, without a table).
pub fn column(
    spec: &str,
    fen: Option<&str>,
    limit: Limit,
    counts: Counts,
    stats: &[Stat],
    options: &PerftOptions<'_>,
    mut on_depth: impl FnMut(&str, u32),
) -> Result<Column, LocatedError> {
    let variant = crate::load::load::<Variant>(spec)?;
    with_game!(&variant, game => {
        let pos = match fen {
            Some(f) => game.parse_fen(f)?,
            None => game.start(),
        };
        let counted = game.stat_columns();
        if let Some(missing) = stats.iter().find(|s| !counted.contains(s)) {
            let names: Vec<&str> = stats.iter().map(|s| s.name()).collect();
            let text = names.join(",");
            let at = names[..stats.iter().position(|s| s == missing).unwrap_or(0)]
                .iter()
                .map(|n| n.len() + 1)
                .sum::<usize>();
            let source = crate::diagnostics::SourceFile {
                name: "--columns".into(),
                text: text.into(),
            };
            let valid: Vec<&str> = counted.iter().map(|s| s.name()).collect();
            return Err(LocatedError::new(
                &source,
                at..at + missing.name().len(),
                format!("{} has no `{}` column", game.id(), missing.name()),
                Some(format!("its rules give a meaning to: {}", valid.join(", "))),
            ));
        }
        let conventions = counts.conventions();
        let mut rows: Vec<Vec<u128>> = Vec::new();
        let mut depth = 1;
        let mut ends_at_limit = None;
        loop {
            match limit {
                Limit::Depth(d) if depth > d => break,
                Limit::Nodes(n) => {
                    // Stop before a depth the last branching factor says passes the limit.
                    let last = |i: usize| rows.get(i).map_or(1, |r: &Vec<u128>| *r.iter().max().unwrap_or(&1));
                    if let Some(prev) = rows.len().checked_sub(1) {
                        let before = if prev == 0 { 1 } else { last(prev - 1) };
                        let estimate = last(prev).saturating_mul(last(prev).max(1)) / before.max(1);
                        if last(prev) > n || estimate > n.saturating_mul(4) {
                            break;
                        }
                    }
                }
                _ => {}
            }
            on_depth(game.id(), depth);
            let row: Vec<u128> = if stats.is_empty() {
                conventions
                    .iter()
                    .map(|&c| crate::perft::perft(game, &pos, depth, c, options))
                    .collect()
            } else {
                conventions
                    .iter()
                    .flat_map(|&c| {
                        let found = perft_stats(game, &pos, depth, c, options);
                        stats.iter().map(move |&s| found.get(s))
                    })
                    .collect()
            };
            // A count that reached the largest one kept is not exact: the table ends before it,
            // saying so.
            if row.contains(&crate::count::COUNT_LIMIT) {
                ends_at_limit = Some(depth);
                break;
            }
            if matches!(limit, Limit::Nodes(n) if row.iter().any(|&x| x > n)) {
                break;
            }
            rows.push(row);
            if rows.last().is_some_and(|r| r.iter().all(|&x| x == 0)) || depth >= 64 {
                break;
            }
            depth += 1;
        }
        let source = match &variant {
            Variant::Draughts(d) => d.rules().source.clone(),
            Variant::WideDraughts(d) => d.rules().source.clone(),
            Variant::Chess(c) => c.rules().source.clone(),
            Variant::WideChess(c) => c.rules().source.clone(),
        };
        Ok(Column {
            spec: spec.to_string(),
            id: game.id().to_string(),
            name: game.name().to_string(),
            family: game.family().name(),
            source,
            rules_sha256: rules_hash(spec),
            fen: game.fen(&pos),
            is_start: pos == game.start(),
            expected: vec![vec![None; rows.first().map_or(0, Vec::len)]; rows.len()],
            counts: rows,
            ends_at_limit,
        })
    })
}

/// A reference table file (`tests/reference/perft/` format): draughts (`unique`, `paths`) or
/// cases of the chess family (`case` with `fen` and `perft`).
#[derive(serde::Deserialize)]
struct ReferenceFile {
    #[serde(default)]
    variant: String,
    /// The statistics a row of each case gives, in order (`tests/reference/chess/cpw-stats.toml`).
    #[serde(default)]
    columns: Vec<String>,
    #[serde(default)]
    unique: Vec<u64>,
    #[serde(default)]
    paths: Vec<u64>,
    #[serde(default)]
    case: Vec<ReferenceCase>,
}

#[derive(serde::Deserialize)]
struct ReferenceCase {
    fen: String,
    #[serde(default)]
    perft: Vec<u64>,
    /// Per depth, a value per statistic of the file's `columns`.
    #[serde(default)]
    rows: Vec<Vec<u64>>,
}

impl PerftTable {
    /// Marks each depth against the reference table in `text` (named `name` in errors): for
    /// the column whose id the file names (or the only column), the counts of its position.
    /// Returns the number of depths that disagree.
    pub fn check_against(&mut self, name: &str, text: &str) -> Result<usize, LocatedError> {
        let source = crate::diagnostics::SourceFile {
            name: name.into(),
            text: text.into(),
        };
        let reference: ReferenceFile = toml::from_str(text).map_err(|e| {
            LocatedError::new(
                &source,
                e.span().unwrap_or(0..0),
                e.message().trim().to_string(),
                Some("a reference table has `variant` and `unique`/`paths`, or `[[case]]` with `fen` and `perft` (or `columns` and `rows` of statistics)".into()),
            )
        })?;
        let fields = self.fields();
        let only = self.columns.len() == 1;
        let mut wrong = 0;
        for column in &mut self.columns {
            if !(only || column.id == reference.variant) {
                continue;
            }
            let case = reference
                .case
                .iter()
                .find(|c| same_position(&c.fen, &column.fen));
            // Draughts reference tables count from the start position only.
            if case.is_none() && !column.is_start {
                continue;
            }
            for (i, row) in column.counts.iter().enumerate() {
                for (j, &(conv, stat)) in fields.iter().enumerate() {
                    // A table of statistics gives each of its columns; one of nodes, the nodes.
                    let by_name = reference.columns.iter().position(|c| c == stat.name());
                    let want = match (case, by_name) {
                        (Some(c), Some(k)) => c.rows.get(i).and_then(|r| r.get(k)).copied(),
                        (Some(c), None) if stat == Stat::Nodes => c.perft.get(i).copied(),
                        (None, _) if stat == Stat::Nodes => match conv {
                            Count::Unique => reference.unique.get(i).copied(),
                            Count::Paths => reference.paths.get(i).copied(),
                        },
                        _ => None,
                    }
                    .map(|n| n as u128);
                    if want.is_some_and(|w| w != row[j]) {
                        wrong += 1;
                    }
                    column.expected[i][j] = want;
                }
            }
        }
        Ok(wrong)
    }

    fn depths(&self) -> usize {
        self.columns
            .iter()
            .map(|c| c.counts.len())
            .max()
            .unwrap_or(0)
    }

    /// The fields of each variant's row: a value per convention shown, or per convention and
    /// statistic.
    pub fn fields(&self) -> Vec<(Count, Stat)> {
        fields_of(self.counts, &self.stats)
    }

    /// The column headings: a variant's id, with the convention when both are shown and the
    /// statistic when statistics are.
    pub fn headings(&self) -> Vec<String> {
        let mut out = Vec::new();
        for c in &self.columns {
            for (conv, stat) in self.fields() {
                let mut heading = c.id.clone();
                if self.counts == Counts::Both {
                    heading = format!("{heading} {}", conv.name());
                }
                if !self.stats.is_empty() {
                    heading = format!("{heading} {}", stat.name());
                }
                out.push(heading);
            }
        }
        out
    }

    /// A cell: the count, and the mark against the reference when there is one.
    fn cell(&self, c: &Column, depth: usize, j: usize, marks: bool) -> String {
        let Some(row) = c.counts.get(depth) else {
            return String::new();
        };
        let n = row[j];
        match (marks, c.expected[depth][j]) {
            (true, Some(w)) if w == n => format!("{n} ✓"),
            (true, Some(w)) => format!("{n} ✗ (reference {w})"),
            _ => n.to_string(),
        }
    }

    /// What the table is: the convention, and for each column its rules, source, position and
    /// the hash of its resolved rules.
    pub fn header_lines(&self) -> Vec<String> {
        let mut lines = vec![format!(
            "Perft by rulebench {}; {}.",
            env!("CARGO_PKG_VERSION"),
            match self.counts {
                Counts::Unique =>
                    "unique: a capture counts once per distinct from, to and captured set",
                Counts::Paths => "paths: every jump sequence counts",
                Counts::Both =>
                    "unique: a capture counts once per distinct from, to and captured set; paths: every jump sequence counts",
            }
        )];
        if !self.stats.is_empty() {
            lines.push(
                "Statistics over the moves of the last ply: captures (en passant included), ep, \
                 castles, promotions, checks (mates included), mates; longest-capture is the \
                 most pieces one move takes."
                    .into(),
            );
        }
        for c in &self.columns {
            lines.push(format!(
                "{}: {} ({}), from {}; rules: {}; resolved rules sha256 {}",
                c.id, c.name, c.family, c.fen, c.source, c.rules_sha256
            ));
            if let Some(d) = c.ends_at_limit {
                lines.push(format!(
                    "{}: ends before depth {d}, whose count reaches {} (2^128 - 1), the largest \
                     rulebench keeps: the true count is that or more.",
                    c.id,
                    crate::count::COUNT_LIMIT
                ));
            }
        }
        lines
    }

    /// One row per depth: the depth, then each column's cell (count and mark).
    pub fn rows(&self) -> Vec<Vec<String>> {
        let marks = self
            .columns
            .iter()
            .any(|c| c.expected.iter().flatten().any(Option::is_some));
        let k = self.fields().len();
        (0..self.depths())
            .map(|d| {
                std::iter::once((d + 1).to_string())
                    .chain(
                        self.columns
                            .iter()
                            .flat_map(|c| (0..k).map(move |j| (c, j)))
                            .map(|(c, j)| self.cell(c, d, j, marks)),
                    )
                    .collect()
            })
            .collect()
    }

    /// The table in Markdown: the header as a list, then one row per depth.
    pub fn markdown(&self) -> String {
        let mut out = String::new();
        for line in self.header_lines() {
            let _ = writeln!(out, "- {line}");
        }
        out.push('\n');
        let headings = self.headings();
        let _ = writeln!(out, "| depth | {} |", headings.join(" | "));
        let _ = writeln!(out, "|---:|{}", "---:|".repeat(headings.len()));
        for row in self.rows() {
            let _ = writeln!(out, "| {} |", row.join(" | "));
        }
        out
    }

    /// The table as CSV: the header as `#` comment lines, then `depth,<columns>`.
    pub fn csv(&self) -> String {
        let marks = self
            .columns
            .iter()
            .any(|c| c.expected.iter().flatten().any(Option::is_some));
        let mut out = String::new();
        for line in self.header_lines() {
            let _ = writeln!(out, "# {line}");
        }
        let mut headings = self.headings();
        if marks {
            headings = headings
                .into_iter()
                .flat_map(|h| [h.clone(), format!("{h} reference")])
                .collect();
        }
        let quote = |s: &str| {
            if s.contains([',', '"', '\n']) {
                format!("\"{}\"", s.replace('"', "\"\""))
            } else {
                s.to_string()
            }
        };
        let _ = writeln!(
            out,
            "depth,{}",
            headings
                .iter()
                .map(|h| quote(h))
                .collect::<Vec<_>>()
                .join(",")
        );
        let k = self.fields().len();
        for d in 0..self.depths() {
            let mut cells = Vec::new();
            for c in &self.columns {
                for j in 0..k {
                    cells.push(c.counts.get(d).map_or(String::new(), |r| r[j].to_string()));
                    if marks {
                        cells.push(
                            c.expected
                                .get(d)
                                .and_then(|e| e[j])
                                .map_or(String::new(), |w| w.to_string()),
                        );
                    }
                }
            }
            let _ = writeln!(out, "{},{}", d + 1, cells.join(","));
        }
        out
    }

    /// The table as JSON.
    pub fn json(&self) -> serde_json::Value {
        let number = |n: u128| {
            u64::try_from(n).map_or_else(
                |_| serde_json::Value::String(n.to_string()),
                serde_json::Value::from,
            )
        };
        let fields = self.fields();
        let key = |conv: Count, stat: Stat| match (self.stats.is_empty(), self.counts) {
            (true, _) => conv.name().to_string(),
            (false, Counts::Both) => format!("{}_{}", conv.name(), stat.name()),
            (false, _) => stat.name().to_string(),
        };
        let variants: Vec<serde_json::Value> = self
            .columns
            .iter()
            .map(|c| {
                let rows: Vec<serde_json::Value> = c
                    .counts
                    .iter()
                    .enumerate()
                    .map(|(d, row)| {
                        let mut m = serde_json::Map::new();
                        m.insert("depth".into(), (d + 1).into());
                        for (j, &(conv, stat)) in fields.iter().enumerate() {
                            let name = key(conv, stat);
                            m.insert(name.clone(), number(row[j]));
                            if let Some(w) = c.expected[d][j] {
                                m.insert(format!("{name}_reference"), number(w));
                                m.insert(format!("{name}_agrees"), (w == row[j]).into());
                            }
                        }
                        serde_json::Value::Object(m)
                    })
                    .collect();
                serde_json::json!({
                    "rules": c.spec,
                    "id": c.id,
                    "name": c.name,
                    "family": c.family,
                    "source": c.source,
                    "rules_sha256": c.rules_sha256,
                    "fen": c.fen,
                    "perft": rows,
                    "ends_at_limit": c.ends_at_limit,
                })
            })
            .collect();
        serde_json::json!({
            "generator": format!("rulebench {}", env!("CARGO_PKG_VERSION")),
            "count": match self.counts { Counts::Unique => "unique", Counts::Paths => "paths", Counts::Both => "both" },
            "columns": self.stats.iter().map(|s| s.name()).collect::<Vec<_>>(),
            "variants": variants,
        })
    }
}

/// Whether two FENs name the same position (fields after the placement and side aside).
fn same_position(a: &str, b: &str) -> bool {
    let key = |f: &str| f.split_whitespace().take(2).collect::<Vec<_>>().join(" ");
    key(a) == key(b) || a.trim() == b.trim()
}
