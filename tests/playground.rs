//! The browser playground, built by `playground/build` into `target/playground/`, in headless
//! Chromium: `playground/test.mjs` (run by Node.js with npm's playwright-core driving Debian's
//! `/usr/bin/chromium`) serves the folder on 127.0.0.1 and checks the page's contract (perft
//! counts equal to the published tables in `#perft-result`, a misspelt key's line in
//! `#diagnostics`, moves by clicking and typing, bad input said, no console error); this test
//! also decodes its screenshot, which must show many colours.
//!
//! Runs where `.ci/run` could build and install everything: `RULEBENCH_PLAYGROUND` (the built
//! folder) and `RULEBENCH_PLAYWRIGHT` (the `playwright-core` package's folder); with
//! `RULEBENCH_REQUIRE_PLAYGROUND=1` a missing piece fails instead of skipping.

use std::path::{Path, PathBuf};
use std::process::Command;

const CHROMIUM: &str = "/usr/bin/chromium";

/// What the test needs, or why it skips.
fn setup() -> Result<(PathBuf, PathBuf), String> {
    let dir = std::env::var("RULEBENCH_PLAYGROUND")
        .map_err(|_| "RULEBENCH_PLAYGROUND (the folder playground/build makes) is not set")?;
    let playwright = std::env::var("RULEBENCH_PLAYWRIGHT")
        .map_err(|_| "RULEBENCH_PLAYWRIGHT (npm's playwright-core) is not set")?;
    let dir = PathBuf::from(dir);
    if !dir.join("rulebench.wasm").exists() {
        return Err(format!("{} holds no rulebench.wasm", dir.display()));
    }
    if !Path::new(CHROMIUM).exists() {
        return Err(format!("{CHROMIUM} is missing (apt-get install chromium)"));
    }
    Ok((dir, PathBuf::from(playwright)))
}

#[test]
fn the_playground_works_in_chromium() {
    let (dir, playwright) = match setup() {
        Ok(found) => found,
        Err(why) => {
            assert!(
                std::env::var("RULEBENCH_REQUIRE_PLAYGROUND").as_deref() != Ok("1"),
                "the playground test is required but cannot run: {why}"
            );
            println!("SKIPPED: {why}");
            return;
        }
    };
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("playground/test.mjs");
    let out = Command::new("node")
        .arg(&script)
        .arg(&dir)
        .arg(&playwright)
        .output()
        .expect("node runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "the page failed its checks:\n{stdout}\n{stderr}"
    );
    assert!(stdout.contains("every check passed"), "{stdout}");
    // The screenshot: a board, pieces, text and an editor make many colours.
    let bytes = std::fs::read(dir.join("screenshot.png")).expect("the screenshot");
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    let mut seen = std::collections::HashSet::new();
    for row in buf[..info.buffer_size()].chunks(info.line_size) {
        for px in row[..info.width as usize * channels].chunks(channels) {
            seen.insert(px.to_vec());
        }
    }
    assert!(
        seen.len() > 50,
        "a nearly blank screenshot: {} colours",
        seen.len()
    );
}
