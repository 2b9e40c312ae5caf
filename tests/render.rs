//! The pictures: the terminal board as insta snapshots (Unicode and ASCII, every board shape
//! and corner), the SVG board checked as XML (one element per piece, the Xiangqi palaces and
//! river, arrows, escaping), the HTML report built from fixture files (every case, its
//! badge, no external reference), and `rulebench show`.

use rulebench::render::{Report, html, report, svg, terminal};
use rulebench::view::{Arrow, BoardView, Cells, PieceMark};
use rulebench::{Game, Present, Variant, with_game};
use std::path::PathBuf;
use std::process::Command;

/// The view of `fen` (the start when `None`) under `rules`.
fn view(rules: &str, fen: Option<&str>, names: bool) -> BoardView {
    let variant = rulebench::load::<Variant>(rules).unwrap();
    with_game!(&variant, game => {
        let pos = match fen {
            Some(f) => game.parse_fen(f).unwrap(),
            None => game.start(),
        };
        game.view(&pos, names)
    })
}

/// The view of a position with every legal move as an arrow.
fn view_with_moves(rules: &str, fen: &str) -> (BoardView, Vec<Arrow>) {
    let variant = rulebench::load::<Variant>(rules).unwrap();
    with_game!(&variant, game => {
        let pos = game.parse_fen(fen).unwrap();
        let arrows = game
            .moves_with_notation(&pos)
            .iter()
            .map(|(mv, text)| Arrow { path: game.move_path(&pos, mv), label: text.clone() })
            .collect();
        (game.view(&pos, false), arrows)
    })
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

// ---------------------------------------------------------------------------------------------
// Terminal

/// Both renderings of the start position, as two snapshots.
fn snapshot_start(rules: &str) -> (String, String) {
    let v = view(rules, None, false);
    let unicode = terminal::render(&v, true);
    let ascii = terminal::render(&v, false);
    assert!(
        ascii.is_ascii(),
        "{rules}: ASCII output has other characters:\n{ascii}"
    );
    for text in [&unicode, &ascii] {
        let first = text.lines().next().unwrap();
        assert!(
            first
                .trim_start()
                .starts_with(v.rank_names.last().unwrap().as_str()),
            "{rules}: the top rank comes first:\n{text}"
        );
        let last = text.lines().last().unwrap();
        assert_eq!(last, format!("{} to move", v.side_names[v.side_to_move]));
    }
    (unicode, ascii)
}

#[test]
fn terminal_american() {
    let (unicode, ascii) = snapshot_start("american");
    insta::assert_snapshot!("terminal_american_unicode", unicode);
    insta::assert_snapshot!("terminal_american_ascii", ascii);
}

#[test]
fn terminal_international() {
    let (unicode, ascii) = snapshot_start("international");
    insta::assert_snapshot!("terminal_international_unicode", unicode);
    insta::assert_snapshot!("terminal_international_ascii", ascii);
}

#[test]
fn terminal_italian_light_corner() {
    let (unicode, ascii) = snapshot_start("italian");
    // a1 is light: rank 1 begins with a blank cell, then a man on b1.
    let rank1 = ascii.lines().find(|l| l.starts_with("1 ")).unwrap();
    assert!(rank1.starts_with("1   w"), "{rank1:?}");
    insta::assert_snapshot!("terminal_italian_unicode", unicode);
    insta::assert_snapshot!("terminal_italian_ascii", ascii);
}

#[test]
fn terminal_xiangqi() {
    let (unicode, ascii) = snapshot_start("xiangqi");
    // The river lies between ranks 5 and 6.
    let lines: Vec<&str> = ascii.lines().collect();
    let river = lines.iter().position(|l| l.contains("river")).unwrap();
    assert!(lines[river - 1].trim_start().starts_with('6'));
    assert!(lines[river + 1].trim_start().starts_with('5'));
    insta::assert_snapshot!("terminal_xiangqi_unicode", unicode);
    insta::assert_snapshot!("terminal_xiangqi_ascii", ascii);
}

#[test]
fn terminal_minixiangqi() {
    let (unicode, ascii) = snapshot_start("minixiangqi");
    assert!(!ascii.contains("river"));
    insta::assert_snapshot!("terminal_minixiangqi_unicode", unicode);
    insta::assert_snapshot!("terminal_minixiangqi_ascii", ascii);
}

#[test]
fn terminal_numbers() {
    // Square numbers right-aligned in columns of two; pieces over their numbers.
    let american = terminal::render(&view("american", None, true), true);
    assert!(american.contains("13    14    15    16"), "{american}");
    insta::assert_snapshot!("terminal_american_numbers", american);
    let xiangqi = terminal::render(&view("xiangqi", None, true), false);
    insta::assert_snapshot!("terminal_xiangqi_numbers_ascii", xiangqi);
}

#[test]
fn terminal_kings() {
    let v = view("american", Some("W:WK29,22:BK1,9"), false);
    let unicode = terminal::render(&v, true);
    let ascii = terminal::render(&v, false);
    for mark in ["⛀", "⛁", "⛂", "⛃"] {
        assert!(unicode.contains(mark), "{mark} missing:\n{unicode}");
    }
    insta::assert_snapshot!("terminal_kings_unicode", unicode);
    insta::assert_snapshot!("terminal_kings_ascii", ascii);
}

// ---------------------------------------------------------------------------------------------
// A small XML check, for SVG and for the HTML page (with its void elements and raw <style>)

/// Checks that `doc` is well formed: tags nest and close, attributes are quoted, `&` starts
/// an entity, one root element. With `html`, a doctype, void elements and `<style>` are
/// allowed.
fn well_formed(doc: &str, html: bool) -> Result<(), String> {
    const VOID: &[&str] = &["meta", "br", "hr", "img", "link", "input"];
    let b = doc.as_bytes();
    let mut stack: Vec<String> = Vec::new();
    let mut roots = 0;
    let mut i = 0;
    let at = |i: usize| format!("at byte {i}: {:?}", &doc[i..(i + 60).min(doc.len())]);
    while i < b.len() {
        if b[i] == b'<' {
            if doc[i..].starts_with("<!--") {
                i += doc[i..].find("-->").ok_or_else(|| at(i))? + 3;
                continue;
            }
            if doc[i..].starts_with("<!") {
                if !html || !stack.is_empty() {
                    return Err(format!("declaration {}", at(i)));
                }
                i += doc[i..].find('>').ok_or_else(|| at(i))? + 1;
                continue;
            }
            let end = i + doc[i..].find('>').ok_or_else(|| at(i))?;
            let tag = &doc[i + 1..end];
            if let Some(name) = tag.strip_prefix('/') {
                let open = stack
                    .pop()
                    .ok_or_else(|| format!("stray close {}", at(i)))?;
                if open != name.trim() {
                    return Err(format!("<{open}> closed by </{name}> {}", at(i)));
                }
                i = end + 1;
                continue;
            }
            let self_closing = tag.ends_with('/');
            let tag = tag.trim_end_matches('/');
            let name_end = tag.find(|c: char| c.is_whitespace()).unwrap_or(tag.len());
            let name = &tag[..name_end];
            if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
                return Err(format!("bad tag name {}", at(i)));
            }
            check_attributes(&tag[name_end..]).map_err(|e| format!("{e} {}", at(i)))?;
            if stack.is_empty() {
                roots += 1;
            }
            i = end + 1;
            if html && name == "style" {
                let close = doc[i..].find("</style>").ok_or_else(|| at(i))?;
                i += close + "</style>".len();
                continue;
            }
            if !(self_closing || html && VOID.contains(&name)) {
                stack.push(name.to_string());
            }
        } else {
            if b[i] == b'&' {
                check_entity(&doc[i..]).map_err(|e| format!("{e} {}", at(i)))?;
            } else if b[i] == b'>' && stack.is_empty() {
                return Err(format!("stray > {}", at(i)));
            } else if stack.is_empty() && !b[i].is_ascii_whitespace() {
                return Err(format!("text outside the root {}", at(i)));
            }
            i += 1;
        }
    }
    if !stack.is_empty() {
        return Err(format!("unclosed: {stack:?}"));
    }
    if roots != 1 {
        return Err(format!("{roots} root elements"));
    }
    Ok(())
}

/// `name="value"` pairs, values without `<` and with entities only.
fn check_attributes(mut s: &str) -> Result<(), String> {
    loop {
        s = s.trim_start();
        if s.is_empty() {
            return Ok(());
        }
        let eq = s.find('=').ok_or("attribute without a value")?;
        let name = s[..eq].trim();
        if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-:".contains(c))
        {
            return Err(format!("bad attribute name {name:?}"));
        }
        let rest = &s[eq + 1..];
        if !rest.starts_with('"') {
            return Err(format!("attribute {name} not quoted"));
        }
        let close = rest[1..].find('"').ok_or("unclosed attribute")? + 1;
        let value = &rest[1..close];
        if value.contains('<') {
            return Err(format!("`<` in attribute {name}"));
        }
        for (k, _) in value.match_indices('&') {
            check_entity(&value[k..])?;
        }
        s = &rest[close + 1..];
    }
}

/// `&` begins `&name;` or `&#digits;`.
fn check_entity(s: &str) -> Result<(), String> {
    let end = s.find(';').ok_or("`&` without `;`")?;
    let body = &s[1..end];
    let ok = (!body.is_empty() && body.chars().all(|c| c.is_ascii_alphabetic()))
        || (body.len() > 1
            && body.starts_with('#')
            && body[1..].chars().all(|c| c.is_ascii_digit()));
    if ok {
        Ok(())
    } else {
        Err(format!("bad entity &{body};"))
    }
}

#[test]
fn xml_check_catches_mistakes() {
    assert!(well_formed("<svg><g></g></svg>", false).is_ok());
    assert!(well_formed("<svg><g></svg>", false).is_err());
    assert!(well_formed("<svg><text>a & b</text></svg>", false).is_err());
    assert!(well_formed("<svg><text x=1>a</text></svg>", false).is_err());
    assert!(well_formed("<svg></svg><svg></svg>", false).is_err());
    assert!(well_formed("<!DOCTYPE html><html><meta charset=\"utf-8\"></html>", true).is_ok());
}

// ---------------------------------------------------------------------------------------------
// SVG

fn count(haystack: &str, needle: &str) -> usize {
    haystack.matches(needle).count()
}

#[test]
fn svg_draughts_pieces_and_kings() {
    for (rules, fen) in [
        ("american", None),
        ("international", None),
        ("italian", None),
        ("american", Some("W:WK29,22:BK1,9")),
    ] {
        let v = view(rules, fen, false);
        let doc = svg::render(&v, &[]);
        well_formed(&doc, false).unwrap_or_else(|e| panic!("{rules}: {e}"));
        assert!(doc.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox="));
        assert_eq!(count(&doc, "class=\"piece "), v.pieces.len(), "{rules}");
        let kings = v.pieces.iter().filter(|p| p.crowned).count();
        assert_eq!(count(&doc, "class=\"crown\""), kings, "{rules}");
        let dark: usize = match &v.cells {
            Cells::Squares { dark } => dark.iter().flatten().filter(|d| **d).count(),
            Cells::Points => 0,
        };
        assert_eq!(count(&doc, "class=\"dark\""), dark, "{rules}");
        assert_eq!(count(&doc, "class=\"arrow\""), 0);
        for bad in ["<script", "href", "http://www.w3.org/1999", "id="] {
            assert!(!doc.contains(bad), "{rules}: {bad}");
        }
    }
}

#[test]
fn svg_xiangqi_board() {
    let v = view("xiangqi", None, false);
    let doc = svg::render(&v, &[]);
    well_formed(&doc, false).unwrap();
    assert_eq!(count(&doc, "class=\"piece "), 32);
    assert_eq!(count(&doc, "class=\"piece side0\""), 16);
    // Two palaces, two diagonals each; one river band; each letter once per piece.
    assert_eq!(count(&doc, "class=\"crossed\""), 4);
    assert_eq!(count(&doc, "class=\"river\""), 1);
    for letter in ["R", "N", "B", "A", "K", "C", "P"] {
        let red = count(&doc, &format!(">{letter}</text></g>"));
        let black = count(&doc, &format!(">{}</text></g>", letter.to_lowercase()));
        assert_eq!(red, black, "{letter}");
        assert!(red > 0);
    }
    // Ten ranks of lines, the edge files whole, the seven inner files broken by the river.
    assert_eq!(count(&doc, "<line x1"), 10 + 2 + 7 * 2);

    let mini = svg::render(&view("minixiangqi", None, false), &[]);
    well_formed(&mini, false).unwrap();
    assert_eq!(count(&mini, "class=\"crossed\""), 4);
    assert_eq!(count(&mini, "class=\"river\""), 0);
}

#[test]
fn svg_arrows() {
    // Red's 44 first moves; a draughts king with a capture of several landings.
    for (rules, fen) in [
        (
            "xiangqi",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        ),
        ("russian", "W:WKa1:Bc3"),
        ("american", "B:W21-32:B1-12"),
    ] {
        let (v, arrows) = view_with_moves(rules, fen);
        assert!(!arrows.is_empty());
        let doc = svg::render(&v, &arrows);
        well_formed(&doc, false).unwrap_or_else(|e| panic!("{rules}: {e}"));
        assert_eq!(count(&doc, "class=\"arrow\""), arrows.len(), "{rules}");
        assert_eq!(count(&doc, "<polyline"), arrows.len(), "{rules}");
        for a in &arrows {
            assert!(
                doc.contains(&format!("<title>{}</title>", a.label)),
                "{}",
                a.label
            );
        }
    }
    // A multi-landing capture: its polyline goes through every landing.
    let (v, arrows) = view_with_moves("russian", "W:Wc3:Bd4,f6");
    assert_eq!(arrows.len(), 1);
    assert_eq!(arrows[0].path, vec![(2, 2), (4, 4), (6, 6)]);
    let doc = svg::render(&v, &arrows);
    let points = doc.split("<polyline points=\"").nth(1).unwrap();
    let points = &points[..points.find('"').unwrap()];
    assert_eq!(points.split(' ').count(), 3, "{points}");
    // Two colours for a diff.
    let layers = [
        svg::Layer {
            arrows: &arrows,
            colour: svg::ARROW,
            dashed: false,
        },
        svg::Layer {
            arrows: &arrows,
            colour: svg::ARROW_B,
            dashed: true,
        },
    ];
    let doc = svg::render_layers(&v, &layers);
    well_formed(&doc, false).unwrap();
    assert!(doc.contains(svg::ARROW) && doc.contains(svg::ARROW_B));
    assert_eq!(count(&doc, "stroke-dasharray"), 1);
}

#[test]
fn svg_labels_and_escaping() {
    let v = view("international", None, true);
    let doc = svg::render(&v, &[]);
    well_formed(&doc, false).unwrap();
    assert_eq!(count(&doc, "<g class=\"labels\""), 1);
    assert!(doc.contains(">50</text>") && doc.contains(">1</text>"));
    let x = view("xiangqi", None, true);
    let doc = svg::render(&x, &[]);
    well_formed(&doc, false).unwrap();
    assert!(doc.contains(">e10</text>") && doc.contains(">a1</text>"));

    // Whatever text a view or an arrow carries is escaped.
    let nasty = "<b>&\"'</b>";
    let v = BoardView {
        files: 2,
        ranks: 2,
        cells: Cells::Points,
        pieces: vec![PieceMark {
            at: (0, 0),
            side: 0,
            label: nasty.into(),
            crowned: false,
        }],
        labels: vec![(1, 1, nasty.into())],
        river_after_rank: None,
        crossed: vec![],
        holes: Vec::new(),
        file_names: vec![nasty.into(), "b".into()],
        rank_names: vec!["1".into(), nasty.into()],
        side_names: [nasty.into(), "x".into()],
        side_to_move: 0,
        hands: None,
    };
    let arrow = Arrow {
        path: vec![(0, 0), (1, 1)],
        label: nasty.into(),
    };
    let doc = svg::render(&v, &[arrow]);
    well_formed(&doc, false).unwrap();
    assert!(!doc.contains("<b>"));
    assert!(doc.contains("&lt;b&gt;&amp;&quot;&#39;&lt;/b&gt;"));
}

// ---------------------------------------------------------------------------------------------
// The report page

#[test]
fn html_report_of_fixture_files() {
    let files = [
        root().join("fixtures/xiangqi/cannon.toml"),
        root().join("fixtures/common/flying-kings.toml"),
    ];
    let cards = report::fixture_cards(&files);
    let mut ids = Vec::new();
    for f in &files {
        let file = rulebench::fixtures::read_file(f).unwrap();
        ids.extend(file.case.iter().map(|c| c.id.clone()));
    }
    assert_eq!(cards.len(), ids.len());
    for card in &cards {
        assert!(card.passed, "{}: {:?}", card.id, card.failures);
        let view = card.board.as_ref().expect("a board");
        assert!(view.pieces.len() >= 2, "{}", card.id);
        // Every expected move drawn (these cases name each move once).
        assert_eq!(
            card.expected.len(),
            card.moves.as_ref().map_or(0, Vec::len),
            "{}",
            card.id
        );
    }
    let page = html::render(&Report {
        title: "Fixtures <cannon> & kings".into(),
        fixtures: cards.clone(),
        ..Default::default()
    });
    well_formed(&page, true).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(page.contains("<title>Fixtures &lt;cannon&gt; &amp; kings</title>"));
    for id in &ids {
        assert!(page.contains(&format!("<h4>{id}</h4>")), "{id}");
    }
    assert_eq!(
        count(&page, ">PASS</span>"),
        cards.len() + 2,
        "a badge per card and file"
    );
    assert_eq!(count(&page, ">FAIL</span>"), 0);
    assert_eq!(count(&page, "<svg xmlns"), cards.len());
    let arrows: usize = cards.iter().map(|c| c.expected.len()).sum();
    assert_eq!(count(&page, "class=\"arrow\""), arrows);
    let urls = page.matches("http").count();
    assert_eq!(
        urls,
        count(&page, "http://www.w3.org/2000/svg"),
        "no external URL"
    );
    for bad in ["<script", "<link", "src=", "url(", "@import"] {
        assert!(!page.contains(bad), "{bad}");
    }
}

#[test]
fn html_report_shows_failures() {
    let dir = std::env::temp_dir().join(format!("rulebench-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("wrong.toml");
    std::fs::write(
        &file,
        r#"
[[case]]
id = "wrong-on-purpose"
rules = "american"
fen = "W:W22:B1"
description = "One move is missing <here> & one is not legal."
rule = "none"
moves = ["22-17", "22-13"]

[[case]]
id = "no-such-rules"
rules = "no-such-variant"
fen = "W:W22:B1"
description = "Rules that cannot be loaded."
rule = "none"
moves = []
"#,
    )
    .unwrap();
    std::fs::write(dir.join("broken.toml"), "[[case]]\nid = 3\n").unwrap();
    let cards = report::fixture_cards(std::slice::from_ref(&dir));
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(cards.len(), 3, "{cards:?}");
    let wrong = cards.iter().find(|c| c.id == "wrong-on-purpose").unwrap();
    assert!(!wrong.passed);
    // 22-13 names no legal move: no arrow for it.
    assert_eq!(wrong.expected.len(), 1);
    assert!(
        wrong.failures.iter().any(|f| f.contains("22-18")),
        "{:?}",
        wrong.failures
    );
    let unloaded = cards.iter().find(|c| c.id == "no-such-rules").unwrap();
    assert!(!unloaded.passed && unloaded.board.is_none());
    assert!(cards.iter().any(|c| c.id == "(file)" && !c.passed));

    let page = html::render(&Report {
        fixtures: cards,
        ..Default::default()
    });
    well_formed(&page, true).unwrap();
    assert_eq!(
        count(&page, ">FAIL</span>"),
        3 + 2,
        "a badge per card and per file"
    );
    assert!(page.contains("missing &lt;here&gt; &amp; one"));
    assert!(page.contains("<ul class=\"failures\">"));
    assert!(page.contains("0 passed</span>"));
}

#[test]
fn html_tables_and_diffs() {
    use rulebench::render::{DiffCard, DiffPosition, TableCard};
    let (board, arrows) = view_with_moves("russian", "W:Wc3,e3:Bd4");
    let page = html::render(&Report {
        title: String::new(),
        fixtures: vec![],
        tables: vec![TableCard {
            title: "American <start>".into(),
            header: vec!["depth".into(), "nodes".into()],
            rows: vec![vec!["1".into(), "7".into()], vec!["2".into(), "49".into()]],
            notes: vec!["Source: a & b".into()],
        }],
        diffs: vec![DiffCard {
            title: "russian vs russian+no-compulsory-capture".into(),
            summary: vec!["first differ at depth 1".into()],
            positions: vec![DiffPosition {
                fen: "W:Wc3,e3:Bd4".into(),
                path: vec![],
                board,
                only_a: vec![],
                only_b: arrows,
            }],
        }],
    });
    well_formed(&page, true).unwrap();
    assert!(page.contains("<title>rulebench report</title>"));
    assert!(page.contains("<th>depth</th><th>nodes</th>"));
    assert!(page.contains("<td class=\"num\">49</td>"));
    assert!(page.contains("American &lt;start&gt;") && page.contains("Source: a &amp; b"));
    assert!(page.contains("only the first rule set allows") && page.contains(svg::ARROW_B));
    assert!(
        !page.contains("id=\"fixtures\""),
        "no empty fixtures section"
    );
}

// ---------------------------------------------------------------------------------------------
// `rulebench show`

fn show(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_rulebench"))
        .arg("show")
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn show_prints_the_board_and_writes_svg() {
    let out = show(&["xiangqi", "--moves", "h3e3 h10g8", "--ascii"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let expected = view(
        "xiangqi",
        Some("rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2"),
        false,
    );
    assert_eq!(text, terminal::render(&expected, false));

    let out = show(&["american", "--numbers"]);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        terminal::render(&view("american", None, true), true)
    );

    let dir = std::env::temp_dir().join(format!("rulebench-show-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("board.svg");
    let out = show(&["russian", "--svg", file.to_str().unwrap()]);
    assert!(out.status.success());
    let doc = std::fs::read_to_string(&file).unwrap();
    well_formed(&doc, false).unwrap();
    assert_eq!(doc, svg::render(&view("russian", None, false), &[]));

    let missing = dir.join("no/such/dir/board.svg");
    let out = show(&["russian", "--svg", missing.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("cannot write") && err.contains("board.svg"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();

    // An illegal move is an error, and nothing is drawn.
    let out = show(&["russian", "--moves", "a1-b2"]);
    assert!(!out.status.success());
    assert!(out.stdout.is_empty());
}
