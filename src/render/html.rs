//! The report as one static HTML page: inline CSS, inline SVG boards, no scripts and no
//! external assets, so that the file can be opened, mailed or printed as it is.
//!
//! Sections: a summary (fixture cases passed and failed, per file, with links), the fixtures
//! as cards grouped by file, the tables, the diffs. Every text from the report is escaped.

use super::svg::{self, ARROW, ARROW_B, Layer, escape};
use super::{DiffCard, DiffPosition, FixtureCard, Report, TableCard};
use std::fmt::Write;

const CSS: &str = r#"
:root { --pass: #1b7f3b; --fail: #b3261e; --ink: #1d1d1f; --muted: #5f6368; --line: #d9d4cc; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: var(--ink); background: #f6f4f0; }
header.page { padding: 18px 28px; background: #2b2118; color: #fff; }
header.page h1 { margin: 0; font-size: 24px; }
main { padding: 8px 28px 40px; }
h2 { margin: 28px 0 10px; font-size: 20px; border-bottom: 2px solid var(--line); padding-bottom: 4px; }
h3 { margin: 22px 0 10px; font-size: 16px; font-family: ui-monospace, Menlo, Consolas, monospace; }
.totals { font-size: 16px; }
.badge { display: inline-block; padding: 1px 8px; border-radius: 10px; font-size: 12px;
  font-weight: 700; letter-spacing: .04em; color: #fff; white-space: nowrap; }
.badge.pass { background: var(--pass); }
.badge.fail { background: var(--fail); }
.grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(290px, 1fr)); gap: 14px; }
.card { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 12px;
  break-inside: avoid; page-break-inside: avoid; min-width: 0; }
.card.fail { border-color: var(--fail); box-shadow: 0 0 0 1px var(--fail); }
.card header { display: flex; justify-content: space-between; align-items: baseline; gap: 8px; }
.card h4 { margin: 0 0 6px; font-size: 14px; font-family: ui-monospace, Menlo, Consolas, monospace;
  overflow-wrap: anywhere; }
.board svg { display: block; width: 100%; height: auto; max-width: 460px; margin: 4px auto; }
.noboard { color: var(--muted); font-style: italic; }
.desc { margin: 6px 0; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 10px; margin: 6px 0 0; font-size: 13px; }
dt { color: var(--muted); }
dd { margin: 0; overflow-wrap: anywhere; }
code { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px; }
code.mv { white-space: nowrap; }
ul.failures { margin: 8px 0 0; padding: 6px 8px 6px 24px; background: #fdecea; border-radius: 6px;
  color: var(--fail); font-size: 13px; overflow-wrap: anywhere; }
table { border-collapse: collapse; background: #fff; font-size: 14px; }
th, td { border: 1px solid var(--line); padding: 3px 10px; text-align: left; }
th { background: #efebe4; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.note { color: var(--muted); font-size: 13px; margin: 4px 0; }
.tablecard { margin-bottom: 18px; }
.legend { font-size: 13px; margin: 6px 0; }
.legend svg { vertical-align: middle; margin-right: 4px; }
.empty { color: var(--muted); }
a { color: #0b57d0; }
@media print {
  body { background: #fff; font-size: 12px; }
  header.page { background: none; color: var(--ink); padding: 0; }
  main { padding: 0; }
  .card { border-color: #999; box-shadow: none; }
  .grid { grid-template-columns: repeat(3, 1fr); }
  a { color: inherit; text-decoration: none; }
}
"#;

/// The page (no external assets, no scripts).
pub fn render(report: &Report) -> String {
    let title = if report.title.trim().is_empty() {
        "rulebench report"
    } else {
        report.title.as_str()
    };
    let mut s = String::new();
    s.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    s.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    let _ = writeln!(s, "<title>{}</title>", escape(title));
    let _ = writeln!(s, "<style>{CSS}</style>\n</head>\n<body>");
    let _ = writeln!(
        s,
        "<header class=\"page\"><h1>{}</h1></header>\n<main>",
        escape(title)
    );
    let files = group_by_file(&report.fixtures);
    summary(&mut s, report, &files);
    if !report.fixtures.is_empty() {
        s.push_str("<section id=\"fixtures\">\n<h2>Fixtures</h2>\n");
        for (i, (file, cards)) in files.iter().enumerate() {
            let _ = writeln!(
                s,
                "<section class=\"file\" id=\"file-{}\">\n<h3>{}</h3>\n<div class=\"grid\">",
                i + 1,
                escape(file)
            );
            for card in cards {
                fixture(&mut s, card);
            }
            s.push_str("</div>\n</section>\n");
        }
        s.push_str("</section>\n");
    }
    if !report.tables.is_empty() {
        s.push_str("<section id=\"tables\">\n<h2>Tables</h2>\n");
        for t in &report.tables {
            table(&mut s, t);
        }
        s.push_str("</section>\n");
    }
    if !report.diffs.is_empty() {
        s.push_str("<section id=\"diffs\">\n<h2>Diffs</h2>\n");
        for d in &report.diffs {
            diff(&mut s, d);
        }
        s.push_str("</section>\n");
    }
    s.push_str("</main>\n</body>\n</html>\n");
    s
}

/// The cards by file, files in the order they first appear.
fn group_by_file(cards: &[FixtureCard]) -> Vec<(&str, Vec<&FixtureCard>)> {
    let mut out: Vec<(&str, Vec<&FixtureCard>)> = Vec::new();
    for c in cards {
        match out.iter_mut().find(|(f, _)| *f == c.file) {
            Some((_, list)) => list.push(c),
            None => out.push((&c.file, vec![c])),
        }
    }
    out
}

/// `n thing` or `n things`.
fn plural(n: usize, thing: &str) -> String {
    if n == 1 {
        format!("1 {thing}")
    } else {
        format!("{n} {thing}s")
    }
}

/// Moves as code, each kept on one line.
fn move_list<'a>(moves: impl IntoIterator<Item = &'a str>) -> String {
    let items: Vec<String> = moves
        .into_iter()
        .map(|m| format!("<code class=\"mv\">{}</code>", escape(m)))
        .collect();
    items.join(" ")
}

/// A PASS or FAIL badge.
fn badge(passed: bool) -> &'static str {
    if passed {
        "<span class=\"badge pass\">PASS</span>"
    } else {
        "<span class=\"badge fail\">FAIL</span>"
    }
}

/// Totals, and one row per fixture file with a link to its cards.
fn summary(s: &mut String, report: &Report, files: &[(&str, Vec<&FixtureCard>)]) {
    let passed = report.fixtures.iter().filter(|c| c.passed).count();
    let failed = report.fixtures.len() - passed;
    s.push_str("<section id=\"summary\">\n<h2>Summary</h2>\n<p class=\"totals\">");
    if report.fixtures.is_empty() {
        s.push_str("No fixture cases");
    } else {
        let _ = write!(
            s,
            "<span class=\"badge pass\">{passed} passed</span> \
             <span class=\"badge {}\">{failed} failed</span> of {} in {}",
            if failed == 0 { "pass" } else { "fail" },
            plural(report.fixtures.len(), "fixture case"),
            plural(files.len(), "file"),
        );
    }
    let _ = writeln!(
        s,
        "; {}; {}.</p>",
        plural(report.tables.len(), "table"),
        plural(report.diffs.len(), "diff")
    );
    if !files.is_empty() {
        s.push_str(
            "<table class=\"files\">\n<thead><tr><th>file</th><th>cases</th><th>passed</th>\
             <th>failed</th><th></th></tr></thead>\n<tbody>\n",
        );
        for (i, (file, cards)) in files.iter().enumerate() {
            let ok = cards.iter().filter(|c| c.passed).count();
            let _ = writeln!(
                s,
                "<tr><td><a href=\"#file-{}\">{}</a></td><td class=\"num\">{}</td>\
                 <td class=\"num\">{ok}</td><td class=\"num\">{}</td><td>{}</td></tr>",
                i + 1,
                escape(file),
                cards.len(),
                cards.len() - ok,
                badge(ok == cards.len())
            );
        }
        s.push_str("</tbody>\n</table>\n");
    }
    s.push_str("</section>\n");
}

/// One fixture case.
fn fixture(s: &mut String, card: &FixtureCard) {
    let _ = writeln!(
        s,
        "<article class=\"card {}\">\n<header><h4>{}</h4>{}</header>",
        if card.passed { "pass" } else { "fail" },
        escape(&card.id),
        badge(card.passed)
    );
    match &card.board {
        Some(view) => {
            let _ = writeln!(
                s,
                "<div class=\"board\">{}</div>",
                svg::render(view, &card.expected)
            );
        }
        None => s.push_str(
            "<p class=\"noboard\">no board: the rules or the FEN could not be read</p>\n",
        ),
    }
    if !card.description.is_empty() {
        let _ = writeln!(s, "<p class=\"desc\">{}</p>", escape(&card.description));
    }
    s.push_str("<dl>\n");
    let mut row = |name: &str, html: String| {
        let _ = writeln!(s, "<dt>{name}</dt><dd>{html}</dd>");
    };
    if !card.rules.is_empty() {
        row("rules", format!("<code>{}</code>", escape(&card.rules)));
    }
    if !card.fen.is_empty() {
        row("FEN", format!("<code>{}</code>", escape(&card.fen)));
    }
    if !card.rule.is_empty() {
        row("rule", escape(&card.rule));
    }
    match &card.moves {
        Some(m) if m.is_empty() => row(
            "moves",
            "<span class=\"empty\">none (no legal move)</span>".into(),
        ),
        Some(m) => row(
            "moves",
            format!("{} ({})", move_list(m.iter().map(String::as_str)), m.len()),
        ),
        None => {}
    }
    for check in &card.checks {
        row("expects", escape(check));
    }
    s.push_str("</dl>\n");
    failures(s, &card.failures);
    s.push_str("</article>\n");
}

/// The failures as a list (nothing when there are none).
fn failures(s: &mut String, list: &[String]) {
    if list.is_empty() {
        return;
    }
    s.push_str("<ul class=\"failures\">\n");
    for f in list {
        let _ = writeln!(s, "<li>{}</li>", escape(f));
    }
    s.push_str("</ul>\n");
}

/// One table with its notes.
fn table(s: &mut String, t: &TableCard) {
    let _ = writeln!(
        s,
        "<div class=\"tablecard\">\n<h3>{}</h3>\n<table>",
        escape(&t.title)
    );
    if !t.header.is_empty() {
        s.push_str("<thead><tr>");
        for h in &t.header {
            let _ = write!(s, "<th>{}</th>", escape(h));
        }
        s.push_str("</tr></thead>\n");
    }
    s.push_str("<tbody>\n");
    for r in &t.rows {
        s.push_str("<tr>");
        for cell in r {
            let class = if is_number(cell) {
                " class=\"num\""
            } else {
                ""
            };
            let _ = write!(s, "<td{class}>{}</td>", escape(cell));
        }
        s.push_str("</tr>\n");
    }
    s.push_str("</tbody>\n</table>\n");
    for n in &t.notes {
        let _ = writeln!(s, "<p class=\"note\">{}</p>", escape(n));
    }
    s.push_str("</div>\n");
}

/// Whether a cell reads as a number (`1,469`, `3.5`, `-2`): right-aligned.
fn is_number(text: &str) -> bool {
    let t = text.trim();
    !t.is_empty()
        && t.chars().any(|c| c.is_ascii_digit())
        && t.chars()
            .all(|c| c.is_ascii_digit() || matches!(c, ',' | '.' | '_' | '-' | '+' | ' '))
}

/// A small picture of an arrow's line for the legend.
fn swatch(colour: &str, dashed: bool) -> String {
    let dash = if dashed {
        " stroke-dasharray=\"6 3\""
    } else {
        ""
    };
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"34\" height=\"12\" viewBox=\"0 0 34 12\" \
         aria-hidden=\"true\"><line x1=\"2\" y1=\"6\" x2=\"24\" y2=\"6\" stroke=\"{c}\" stroke-width=\"4\" \
         stroke-linecap=\"round\"{dash}/><polygon points=\"24,1 33,6 24,11\" fill=\"{c}\"/></svg>",
        c = escape(colour)
    )
}

/// One diff: its summary lines, then each position where the rule sets part.
fn diff(s: &mut String, d: &DiffCard) {
    let _ = writeln!(s, "<section class=\"diff\">\n<h3>{}</h3>", escape(&d.title));
    if !d.summary.is_empty() {
        s.push_str("<ul>\n");
        for line in &d.summary {
            let _ = writeln!(s, "<li>{}</li>", escape(line));
        }
        s.push_str("</ul>\n");
    }
    if d.positions.is_empty() {
        s.push_str("<p class=\"empty\">no position where the legal moves differ</p>\n");
    } else {
        s.push_str("<div class=\"grid\">\n");
        for p in &d.positions {
            diff_position(s, p);
        }
        s.push_str("</div>\n");
    }
    s.push_str("</section>\n");
}

/// One position of a diff, the moves only A allows and only B allows in two colours.
fn diff_position(s: &mut String, p: &DiffPosition) {
    let picture = svg::render_layers(
        &p.board,
        &[
            Layer {
                arrows: &p.only_a,
                colour: ARROW,
                dashed: false,
            },
            Layer {
                arrows: &p.only_b,
                colour: ARROW_B,
                dashed: true,
            },
        ],
    );
    let moves = |arrows: &[crate::view::Arrow]| {
        if arrows.is_empty() {
            "<span class=\"empty\">none</span>".to_string()
        } else {
            move_list(arrows.iter().map(|a| a.label.as_str()))
        }
    };
    let _ = writeln!(
        s,
        "<article class=\"card\">\n<div class=\"board\">{picture}</div>"
    );
    let _ = writeln!(
        s,
        "<p class=\"legend\">{}only the first rule set allows: {}<br>{}only the second allows: {}</p>",
        swatch(ARROW, false),
        moves(&p.only_a),
        swatch(ARROW_B, true),
        moves(&p.only_b)
    );
    let path = if p.path.is_empty() {
        "<span class=\"empty\">the root position</span>".to_string()
    } else {
        move_list(p.path.iter().map(String::as_str))
    };
    let _ = writeln!(
        s,
        "<dl>\n<dt>FEN</dt><dd><code>{}</code></dd>\n<dt>path</dt><dd>{path}</dd>\n</dl>\n</article>",
        escape(&p.fen)
    );
}
