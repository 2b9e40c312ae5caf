//! The report page in a real browser: every fixture, a perft table and a diff written to one
//! page, rendered by headless Chromium to a PNG that must exist, decode and show many colours,
//! with nothing on the browser's console about the page.
//!
//! Runs only with `RULEBENCH_BROWSER_TEST=1` (and `/usr/bin/chromium`, Debian's `chromium`
//! package); otherwise it says it is skipped and passes. The screenshot is left in the temp
//! folder printed by the test, to be looked at.

use rulebench::render::{DiffCard, DiffPosition, Report, TableCard, html, report};
use rulebench::view::Arrow;
use rulebench::{Count, Draughts, Game, Present};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const CHROMIUM: &str = "/usr/bin/chromium";

/// American perft from the start, both counts.
fn table() -> TableCard {
    let game = rulebench::load::<Draughts>("american").unwrap();
    let start = game.start();
    let rows = (1..=6)
        .map(|d| {
            vec![
                d.to_string(),
                game.perft(&start, d, Count::Unique).to_string(),
                game.perft(&start, d, Count::Paths).to_string(),
            ]
        })
        .collect();
    TableCard {
        title: "American, start position".into(),
        header: vec!["depth".into(), "unique".into(), "paths".into()],
        rows,
        notes: vec!["Computed by rulebench for this test; compare with tests/reference/.".into()],
    }
}

/// Russian against Russian without compulsory capture, at two positions with a capture.
fn diff() -> DiffCard {
    let a = rulebench::load::<Draughts>("russian").unwrap();
    let b = rulebench::load::<Draughts>("russian+no-compulsory-capture").unwrap();
    let positions = ["W:Wc3,g3:Bd4", "W:Wa1,c3,e3,g3:Bd4,f6,h6"]
        .iter()
        .map(|fen| {
            let (pa, pb) = (a.parse_fen(fen).unwrap(), b.parse_fen(fen).unwrap());
            let only =
                |g: &Draughts, p: &rulebench::draughts::Position, other: &HashSet<String>| {
                    g.moves_with_notation(p)
                        .into_iter()
                        .filter(|(_, t)| !other.contains(t))
                        .map(|(mv, t)| Arrow {
                            path: g.move_path(p, &mv),
                            label: t,
                        })
                        .collect::<Vec<_>>()
                };
            let texts = |g: &Draughts, p: &rulebench::draughts::Position| -> HashSet<String> {
                g.moves_with_notation(p)
                    .into_iter()
                    .map(|(_, t)| t)
                    .collect()
            };
            DiffPosition {
                fen: fen.to_string(),
                path: vec![],
                board: a.view(&pa, false),
                only_a: only(&a, &pa, &texts(&b, &pb)),
                only_b: only(&b, &pb, &texts(&a, &pa)),
            }
        })
        .collect();
    DiffCard {
        title: "russian vs russian+no-compulsory-capture".into(),
        summary: vec!["the second allows quiet moves where the first must capture".into()],
        positions,
    }
}

/// Runs `cmd` for at most `limit`; its exit status and stderr.
fn run(mut cmd: Command, limit: Duration) -> (bool, String) {
    let err_path =
        std::env::temp_dir().join(format!("rulebench-chromium-{}.err", std::process::id()));
    let err = std::fs::File::create(&err_path).unwrap();
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(err)
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {CHROMIUM}: {e}"));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium took more than {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let stderr = std::fs::read_to_string(&err_path).unwrap_or_default();
    let _ = std::fs::remove_file(&err_path);
    (status.success(), stderr)
}

/// The number of distinct colours in a PNG, and its size.
fn colours(png_file: &Path) -> (usize, u32, u32) {
    let bytes = std::fs::read(png_file).unwrap();
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    let mut seen = HashSet::new();
    for row in buf[..info.buffer_size()].chunks(info.line_size) {
        for px in row[..info.width as usize * channels].chunks(channels) {
            seen.insert(px.to_vec());
        }
    }
    (seen.len(), info.width, info.height)
}

/// Renders `page` with headless Chromium into `dir`: the screenshot's path and the browser's
/// stderr.
fn screenshot(dir: &Path, page: &str) -> (PathBuf, String) {
    std::fs::create_dir_all(dir.join("profile")).unwrap();
    let html_file = dir.join("report.html");
    let shot = dir.join("report.png");
    std::fs::write(&html_file, page).unwrap();
    let mut cmd = Command::new(CHROMIUM);
    cmd.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--enable-logging=stderr",
        "--v=0",
        "--window-size=1280,2000",
    ])
    .arg(format!("--user-data-dir={}", dir.join("profile").display()))
    .arg(format!("--screenshot={}", shot.display()))
    .arg(format!("file://{}", html_file.display()));
    let (ok, stderr) = run(cmd, Duration::from_secs(180));
    assert!(ok, "chromium failed:\n{stderr}");
    (shot, stderr)
}

/// Chromium's lines about the page's console (any level: the page has no script, so any
/// message is a fault) and uncaught errors. Its other complaints (no D-Bus in a container)
/// are not about the page.
fn console_lines(stderr: &str) -> Vec<&str> {
    stderr
        .lines()
        .filter(|l| l.contains(":CONSOLE") || l.contains("Uncaught"))
        .collect()
}

#[test]
fn report_page_renders_in_chromium() {
    if std::env::var("RULEBENCH_BROWSER_TEST").as_deref() != Ok("1") {
        println!("SKIPPED: set RULEBENCH_BROWSER_TEST=1 to render the report with {CHROMIUM}");
        return;
    }
    assert!(
        Path::new(CHROMIUM).exists(),
        "{CHROMIUM} is missing: apt-get install -y chromium"
    );
    let dir = std::env::temp_dir().join(format!("rulebench-browser-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);

    // The console check can see a fault: a page with a failing script shows up in it.
    let faulty =
        "<!DOCTYPE html><html><body><p>x</p><script>missingFunction();</script></body></html>";
    let (_, stderr) = screenshot(&dir.join("faulty"), faulty);
    assert!(
        console_lines(&stderr)
            .iter()
            .any(|l| l.contains("missingFunction")),
        "Chromium no longer logs page errors the way this test reads them:\n{stderr}"
    );

    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let cards = report::fixture_cards(&[root.join("fixtures")]);
    assert!(cards.len() > 100);
    let page = html::render(&Report {
        title: "rulebench: every fixture, a table and a diff".into(),
        fixtures: cards,
        tables: vec![table()],
        diffs: vec![diff()],
    });
    let (shot, stderr) = screenshot(&dir, &page);
    let about_page = console_lines(&stderr);
    assert!(
        about_page.is_empty(),
        "console messages about the page:\n{}",
        about_page.join("\n")
    );
    assert!(
        shot.exists(),
        "no screenshot at {}:\n{stderr}",
        shot.display()
    );
    let (distinct, width, height) = colours(&shot);
    assert_eq!((width, height), (1280, 2000));
    assert!(
        distinct >= 50,
        "only {distinct} colours: the page looks blank"
    );
    // Keep the page and its picture to look at; drop the browser profiles.
    let _ = std::fs::remove_dir_all(dir.join("faulty"));
    let _ = std::fs::remove_dir_all(dir.join("profile"));
    println!("screenshot: {} ({distinct} colours)", shot.display());
}
