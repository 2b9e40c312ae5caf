//! The board as an SVG picture: one self-contained `<svg>` element (no external references,
//! no scripts, no ids), usable as a file and inline in an HTML page, any number of times.
//!
//! Every cell is `CELL` units wide; a point of a Xiangqi board sits at the centre of its cell,
//! so squares and points share one geometry. What is drawn, bottom to top: the cells (light and
//! dark squares, or the lines between points with the river band and the crossed rectangles),
//! the file and rank names, the labels, the pieces (one `<g class="piece ...">` each), the
//! arrows (one `<g class="arrow">` each, with the move's text as its `<title>`).

use crate::view::{Arrow, BoardView, Cells, PieceMark};
use std::fmt::Write;

/// One cell's size, in SVG units.
const CELL: f64 = 56.0;
/// Room for the rank names on the left and the file names below.
const MARGIN: f64 = 26.0;
/// Room above and right of the board.
const PAD: f64 = 10.0;

/// The colour of arrows drawn by [`render`].
pub const ARROW: &str = "#1565c0";
/// The colour of the second set of arrows of a diff (moves only the second rule set allows).
pub const ARROW_B: &str = "#e65100";

/// A set of arrows drawn in one colour.
#[derive(Clone, Copy, Debug)]
pub struct Layer<'a> {
    /// The arrows.
    pub arrows: &'a [Arrow],
    /// Their colour (a CSS colour such as [`ARROW`]).
    pub colour: &'a str,
    /// Dashed lines (tells the layers apart in black and white).
    pub dashed: bool,
}

/// A self-contained SVG document of the board with `arrows` drawn over it.
pub fn render(view: &BoardView, arrows: &[Arrow]) -> String {
    render_layers(
        view,
        &[Layer {
            arrows,
            colour: ARROW,
            dashed: false,
        }],
    )
}

/// A self-contained SVG document of the board with several sets of arrows, each in its colour.
pub fn render_layers(view: &BoardView, layers: &[Layer]) -> String {
    let g = Geometry::new(view);
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" font-family="sans-serif">"#,
        w = num(g.width),
        h = num(g.height),
    );
    let mover = view
        .side_names
        .get(view.side_to_move)
        .map_or("?", String::as_str);
    let _ = write!(
        s,
        "<title>{} by {} board, {} to move</title>",
        view.files,
        view.ranks,
        escape(mover)
    );
    match &view.cells {
        Cells::Squares { dark } => squares(&mut s, view, &g, dark),
        Cells::Points => points(&mut s, view, &g),
    }
    for &(f, r) in &view.holes {
        // A cell that is not part of the board, blocked out.
        let _ = write!(
            s,
            r##"<rect class="hole" x="{}" y="{}" width="{c}" height="{c}" fill="#4a4a4a"/>"##,
            num(g.left(f)),
            num(g.top(r)),
            c = num(CELL)
        );
    }
    names(&mut s, view, &g);
    let on_points = matches!(view.cells, Cells::Points);
    for piece in &view.pieces {
        draw_piece(&mut s, &g, piece);
    }
    labels(&mut s, view, &g, on_points);
    hands(&mut s, view, &g);
    arrows(&mut s, view, &g, layers);
    s.push_str("</svg>");
    s
}

/// Where [`render`] draws the cells, in SVG units: what a page needs to tell which cell a
/// click is on.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct CellLayout {
    /// The picture's width.
    pub width: f64,
    /// The picture's height.
    pub height: f64,
    /// The left edge of the first file.
    pub left: f64,
    /// The top edge of the last rank (rank 0 is at the bottom).
    pub top: f64,
    /// A cell's side.
    pub cell: f64,
    /// Files.
    pub files: u32,
    /// Ranks.
    pub ranks: u32,
}

/// Where [`render`] draws `view`'s cells.
pub fn cell_layout(view: &BoardView) -> CellLayout {
    let g = Geometry::new(view);
    CellLayout {
        width: g.width,
        height: g.height,
        left: g.left(0),
        top: PAD,
        cell: CELL,
        files: view.files,
        ranks: view.ranks,
    }
}

/// Where things are: the centre of each cell, the board's corners.
struct Geometry {
    files: u32,
    ranks: u32,
    width: f64,
    height: f64,
}

impl Geometry {
    fn new(view: &BoardView) -> Self {
        Geometry {
            files: view.files,
            ranks: view.ranks,
            width: MARGIN
                + f64::from(view.files) * CELL
                + PAD
                + if view.hands.is_some() { HAND } else { 0.0 },
            height: PAD + f64::from(view.ranks) * CELL + MARGIN,
        }
    }

    /// The left edge of file `f`'s cells.
    fn left(&self, f: u32) -> f64 {
        MARGIN + f64::from(f) * CELL
    }

    /// The top edge of rank `r`'s cells (rank 0 at the bottom).
    fn top(&self, r: u32) -> f64 {
        PAD + f64::from(self.ranks - 1 - r.min(self.ranks - 1)) * CELL
    }

    /// The centre of the cell (file, rank).
    fn centre(&self, (f, r): (u32, u32)) -> (f64, f64) {
        (self.left(f) + CELL / 2.0, self.top(r) + CELL / 2.0)
    }
}

/// Light and dark squares.
fn squares(s: &mut String, view: &BoardView, g: &Geometry, dark: &[Vec<bool>]) {
    s.push_str(r##"<g class="cells" stroke="none">"##);
    let _ = write!(
        s,
        r##"<rect x="{}" y="{}" width="{}" height="{}" fill="#f0d9b5"/>"##,
        num(g.left(0)),
        num(PAD),
        num(f64::from(view.files) * CELL),
        num(f64::from(view.ranks) * CELL)
    );
    for r in 0..view.ranks {
        for f in 0..view.files {
            let is_dark = dark
                .get(r as usize)
                .and_then(|row| row.get(f as usize))
                .copied()
                .unwrap_or(false);
            if is_dark {
                let _ = write!(
                    s,
                    r##"<rect class="dark" x="{}" y="{}" width="{c}" height="{c}" fill="#b58863"/>"##,
                    num(g.left(f)),
                    num(g.top(r)),
                    c = num(CELL)
                );
            }
        }
    }
    let _ = write!(
        s,
        r##"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#5a3d1e" stroke-width="2"/>"##,
        num(g.left(0)),
        num(PAD),
        num(f64::from(view.files) * CELL),
        num(f64::from(view.ranks) * CELL)
    );
    s.push_str("</g>");
}

/// The lines between points, the river band, the crossed rectangles.
fn points(s: &mut String, view: &BoardView, g: &Geometry) {
    let _ = write!(
        s,
        r##"<rect x="{}" y="{}" width="{}" height="{}" fill="#f3d9a4"/>"##,
        num(g.left(0)),
        num(PAD),
        num(f64::from(view.files) * CELL),
        num(f64::from(view.ranks) * CELL)
    );
    let last_file = view.files.saturating_sub(1);
    let last_rank = view.ranks.saturating_sub(1);
    let river = view.river_after_rank.filter(|&r| r < last_rank);
    if let Some(r) = river {
        let (x0, y0) = g.centre((0, r + 1));
        let (x1, y1) = g.centre((last_file, r));
        let _ = write!(
            s,
            r##"<rect class="river" x="{}" y="{}" width="{}" height="{}" fill="#cfe6f0"/>"##,
            num(x0),
            num(y0),
            num(x1 - x0),
            num(y1 - y0)
        );
    }
    s.push_str(
        r##"<g class="lines" stroke="#5a3d1e" stroke-width="1.5" stroke-linecap="square">"##,
    );
    for r in 0..view.ranks {
        line(s, g.centre((0, r)), g.centre((last_file, r)), "");
    }
    for f in 0..view.files {
        let edge = f == 0 || f == last_file;
        match river {
            Some(r) if !edge => {
                line(s, g.centre((f, 0)), g.centre((f, r)), "");
                line(s, g.centre((f, r + 1)), g.centre((f, last_rank)), "");
            }
            _ => line(s, g.centre((f, 0)), g.centre((f, last_rank)), ""),
        }
    }
    for c in &view.crossed {
        let (f0, r0, f1, r1) = (c.from.0, c.from.1, c.to.0, c.to.1);
        line(s, g.centre((f0, r0)), g.centre((f1, r1)), "crossed");
        line(s, g.centre((f0, r1)), g.centre((f1, r0)), "crossed");
    }
    s.push_str("</g>");
}

/// One line (with a class when not empty).
fn line(s: &mut String, (x1, y1): (f64, f64), (x2, y2): (f64, f64), class: &str) {
    let class = if class.is_empty() {
        String::new()
    } else {
        format!(r#" class="{class}""#)
    };
    let _ = write!(
        s,
        r#"<line{class} x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
        num(x1),
        num(y1),
        num(x2),
        num(y2)
    );
}

/// File names below, rank names on the left.
fn names(s: &mut String, view: &BoardView, g: &Geometry) {
    s.push_str(r##"<g class="names" fill="#444" font-size="14" text-anchor="middle">"##);
    let below = PAD + f64::from(view.ranks) * CELL + MARGIN * 0.65;
    for (f, name) in view.file_names.iter().enumerate().take(g.files as usize) {
        let (x, _) = g.centre((f as u32, 0));
        let _ = write!(
            s,
            r#"<text x="{}" y="{}">{}</text>"#,
            num(x),
            num(below),
            escape(name)
        );
    }
    for (r, name) in view.rank_names.iter().enumerate().take(g.ranks as usize) {
        let (_, y) = g.centre((0, r as u32));
        let _ = write!(
            s,
            r#"<text x="{}" y="{}" dy="0.35em">{}</text>"#,
            num(MARGIN / 2.0),
            num(y),
            escape(name)
        );
    }
    s.push_str("</g>");
}

/// The width of the column beside the board where the hands are written.
const HAND: f64 = 150.0;

/// Each side's hand beside the board: the second side's by its end (the top), the first
/// side's by the bottom.
fn hands(s: &mut String, view: &BoardView, g: &Geometry) {
    let Some(hands) = &view.hands else { return };
    let x = g.left(g.files) + PAD;
    s.push_str(r##"<g class="hands" fill="#222" font-size="14">"##);
    for (side, hand) in hands.iter().enumerate() {
        let y = if side == 0 {
            g.top(0) + CELL * 0.6
        } else {
            g.top(g.ranks - 1) + CELL * 0.6
        };
        let name = view.side_names.get(side).map_or("?", String::as_str);
        let _ = write!(
            s,
            r#"<text x="{}" y="{}">{} in hand: {}</text>"#,
            num(x),
            num(y),
            escape(name),
            escape(hand)
        );
    }
    s.push_str("</g>");
}

/// Square numbers in a corner of their square; point names beside their point, with a halo
/// so that they read over lines and pieces.
fn labels(s: &mut String, view: &BoardView, g: &Geometry, on_points: bool) {
    if view.labels.is_empty() {
        return;
    }
    s.push_str(r#"<g class="labels" font-size="12">"#);
    for (f, r, text) in &view.labels {
        if *f >= g.files || *r >= g.ranks {
            continue;
        }
        if on_points {
            let (x, y) = g.centre((*f, *r));
            let _ = write!(
                s,
                r##"<text x="{}" y="{}" fill="#3b2a14" stroke="#f3d9a4" stroke-width="3" paint-order="stroke">{}</text>"##,
                num(x + CELL * 0.16),
                num(y + CELL * 0.46),
                escape(text)
            );
        } else {
            let dark = match &view.cells {
                Cells::Squares { dark } => dark
                    .get(*r as usize)
                    .and_then(|row| row.get(*f as usize))
                    .copied()
                    .unwrap_or(false),
                Cells::Points => false,
            };
            let fill = if dark { "#fbf1e1" } else { "#6b4f2a" };
            let _ = write!(
                s,
                r#"<text x="{}" y="{}" fill="{fill}">{}</text>"#,
                num(g.left(*f) + 3.0),
                num(g.top(*r) + 13.0),
                escape(text)
            );
        }
    }
    s.push_str("</g>");
}

/// One piece: a draughts man or king (no label), or a disc with its letter.
fn draw_piece(s: &mut String, g: &Geometry, piece: &PieceMark) {
    if piece.at.0 >= g.files || piece.at.1 >= g.ranks {
        return;
    }
    let (x, y) = g.centre(piece.at);
    let side = piece.side.min(1);
    if piece.label.is_empty() {
        let (fill, stroke, ring) = if side == 0 {
            ("#fbfaf5", "#333", "#bbb")
        } else {
            ("#2a2a2a", "#000", "#666")
        };
        let kind = if piece.crowned { "king" } else { "man" };
        let _ = write!(
            s,
            r#"<g class="piece side{side} {kind}"><circle cx="{x}" cy="{y}" r="{r}" fill="{fill}" stroke="{stroke}" stroke-width="2"/><circle cx="{x}" cy="{y}" r="{r2}" fill="none" stroke="{ring}" stroke-width="1.5"/>"#,
            x = num(x),
            y = num(y),
            r = num(CELL * 0.38),
            r2 = num(CELL * 0.27),
        );
        if piece.crowned {
            let crown = [
                (-0.17, 0.09),
                (-0.17, -0.09),
                (-0.085, 0.0),
                (0.0, -0.14),
                (0.085, 0.0),
                (0.17, -0.09),
                (0.17, 0.09),
            ];
            let pts: Vec<String> = crown
                .iter()
                .map(|(dx, dy)| format!("{},{}", num(x + dx * CELL), num(y + dy * CELL)))
                .collect();
            let _ = write!(
                s,
                r##"<polygon class="crown" points="{}" fill="#e0b020" stroke="#7a5a00" stroke-width="1.2" stroke-linejoin="round"/>"##,
                pts.join(" ")
            );
        }
        s.push_str("</g>");
    } else {
        let colour = if side == 0 { "#b71c1c" } else { "#161616" };
        let _ = write!(
            s,
            r##"<g class="piece side{side}"><circle cx="{x}" cy="{y}" r="{r}" fill="#fbeed5" stroke="{colour}" stroke-width="2.5"/><circle cx="{x}" cy="{y}" r="{r2}" fill="none" stroke="{colour}" stroke-width="1"/><text x="{x}" y="{y}" dy="0.35em" text-anchor="middle" font-size="{fs}" font-weight="bold" fill="{colour}">{label}</text></g>"##,
            x = num(x),
            y = num(y),
            r = num(CELL * 0.42),
            r2 = num(CELL * 0.35),
            fs = num(CELL * 0.42),
            label = escape(&piece.label),
        );
    }
}

/// The arrows of every layer. Arrows that share a stretch of their way are moved apart a
/// little, across their first step, so that each stays visible.
fn arrows(s: &mut String, view: &BoardView, g: &Geometry, layers: &[Layer]) {
    let mut drawn: Vec<&[(u32, u32)]> = Vec::new();
    for layer in layers {
        for arrow in layer.arrows {
            let path = &arrow.path;
            if path.len() < 2 || path.iter().any(|&(f, r)| f >= g.files || r >= g.ranks) {
                continue;
            }
            let lane = drawn.iter().filter(|d| shares_step(d, path)).count();
            drawn.push(path);
            let onto_piece = view.pieces.iter().any(|p| Some(&p.at) == path.last());
            draw_arrow(s, g, arrow, layer, lane, onto_piece);
        }
    }
}

/// Whether two ways go between the same two cells in one step (either direction).
fn shares_step(a: &[(u32, u32)], b: &[(u32, u32)]) -> bool {
    a.windows(2).any(|x| {
        b.windows(2)
            .any(|y| (x[0] == y[0] && x[1] == y[1]) || (x[0] == y[1] && x[1] == y[0]))
    })
}

/// One arrow: a polyline from the edge of the piece that moves through every landing, a head
/// at the end (its tip on the last cell's centre, or at the edge of a piece standing there).
fn draw_arrow(
    s: &mut String,
    g: &Geometry,
    arrow: &Arrow,
    layer: &Layer,
    lane: usize,
    onto_piece: bool,
) {
    let mut pts: Vec<(f64, f64)> = arrow.path.iter().map(|&c| g.centre(c)).collect();
    // Lanes 0, 1, 2, 3, ... sit at offsets 0, +1, -1, +2, ... across the first step.
    let k = lane.div_ceil(2) as f64 * if lane % 2 == 1 { 1.0 } else { -1.0 };
    let (dx, dy) = (pts[1].0 - pts[0].0, pts[1].1 - pts[0].1);
    let len = dx.hypot(dy).max(1.0);
    let (ox, oy) = (-dy / len * k * CELL * 0.12, dx / len * k * CELL * 0.12);
    for p in &mut pts {
        p.0 += ox;
        p.1 += oy;
    }
    // Start at the edge of the piece, not over its letter.
    let start = CELL * 0.26;
    pts[0] = (pts[0].0 + dx / len * start, pts[0].1 + dy / len * start);
    // The head: its tip on the last cell, the line stopping inside it.
    let n = pts.len();
    let (end, before) = (pts[n - 1], pts[n - 2]);
    let (hx, hy) = (end.0 - before.0, end.1 - before.1);
    let hl = hx.hypot(hy).max(1.0);
    let (ux, uy) = (hx / hl, hy / hl);
    let short = if onto_piece { CELL * 0.36 } else { 0.0 };
    let tip = (end.0 - ux * short, end.1 - uy * short);
    let head = CELL * 0.34;
    let half = CELL * 0.19;
    let base = (tip.0 - ux * head, tip.1 - uy * head);
    pts[n - 1] = (tip.0 - ux * head * 0.6, tip.1 - uy * head * 0.6);
    let line: Vec<String> = pts
        .iter()
        .map(|(x, y)| format!("{},{}", num(*x), num(*y)))
        .collect();
    let colour = escape(layer.colour);
    let dash = if layer.dashed {
        format!(
            r#" stroke-dasharray="{} {}""#,
            num(CELL * 0.18),
            num(CELL * 0.1)
        )
    } else {
        String::new()
    };
    let _ = write!(
        s,
        r#"<g class="arrow" opacity="0.85"><title>{}</title><polyline points="{}" fill="none" stroke="{colour}" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round"{dash}/><polygon points="{},{} {},{} {},{}" fill="{colour}"/></g>"#,
        escape(&arrow.label),
        line.join(" "),
        num(CELL * 0.08),
        num(tip.0),
        num(tip.1),
        num(base.0 - uy * half),
        num(base.1 + ux * half),
        num(base.0 + uy * half),
        num(base.1 - ux * half),
    );
}

/// A number with at most two decimals, without trailing zeros (the same text every time).
fn num(x: f64) -> String {
    let t = format!("{:.2}", x);
    let t = t.trim_end_matches('0').trim_end_matches('.');
    if t == "-0" { "0".into() } else { t.into() }
}

/// Text made safe for XML and HTML, in elements and in quoted attributes.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // Control characters are not allowed in XML 1.0.
            c if (c as u32) < 0x20 && c != '\n' && c != '\t' && c != '\r' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}
