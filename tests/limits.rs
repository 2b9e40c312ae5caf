//! Hard limits and interruption, through the command line: a perft expected to take more
//! than a minute is announced (and refused at a terminal without `--yes`), Ctrl-C stops a
//! search at once with no count, a hash table the system refuses is an error, a file too
//! large to be a rules file and an `extends` chain too deep are located errors.

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_rulebench");

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("rulebench runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        flat(&String::from_utf8_lossy(&out.stderr)),
    )
}

/// The text with miette's wrapping undone: margins dropped, white space collapsed.
fn flat(text: &str) -> String {
    text.replace(['│', '×'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn has(program: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn a_long_perft_at_a_terminal_needs_yes() {
    // `script` (util-linux) gives the command a terminal for stdin.
    if !has("script") {
        eprintln!("skipped: `script` (util-linux) is not installed");
        return;
    }
    let started = Instant::now();
    let out = Command::new("script")
        .args([
            "-qec",
            &format!("{BIN} perft american --depth 30"),
            "/dev/null",
        ])
        .stdin(Stdio::null())
        .output()
        .expect("script runs");
    let text = flat(&String::from_utf8_lossy(&out.stdout));
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("expected to take about"), "{text}");
    assert!(text.contains("years"), "{text}");
    assert!(text.contains("--yes"), "{text}");
    // Measured at shallow depth: the refusal is quick.
    assert!(started.elapsed() < Duration::from_secs(20));
}

#[test]
fn a_quick_perft_says_nothing_of_time() {
    let (code, stdout, stderr) = run(&["perft", "american", "--depth", "6"]);
    assert_eq!(code, Some(0), "{stderr}");
    // American checkers perft 6 = 36,768 (tests/reference/perft/american.toml).
    assert_eq!(stdout.trim(), "36768");
    assert!(!stderr.contains("expected to take"), "{stderr}");
}

#[test]
fn ctrl_c_stops_a_long_perft_with_no_count() {
    let mut child = Command::new(BIN)
        .args(["perft", "international", "--depth", "30", "--threads", "2"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("rulebench starts");
    // Past the estimate (stdin is not a terminal: announced, then run) and into the search.
    std::thread::sleep(Duration::from_millis(2500));
    assert!(child.try_wait().unwrap().is_none(), "still searching");
    let interrupted = Instant::now();
    // SAFETY: sends SIGINT to the child we started.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGINT);
    }
    let status = child.wait().expect("it ends");
    assert!(
        interrupted.elapsed() < Duration::from_secs(5),
        "stopped at once"
    );
    let (mut stdout, mut stderr) = (String::new(), String::new());
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut stdout)
        .unwrap();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let stderr = flat(&stderr);
    assert_eq!(status.code(), Some(130), "{stderr}");
    assert_eq!(stdout, "", "no count printed");
    assert!(stderr.contains("expected to take about"), "{stderr}");
    assert!(stderr.contains("interrupted"), "{stderr}");
}

#[test]
fn a_hash_table_the_system_refuses_is_an_error() {
    // 4 GiB of table under a 1.5 GiB address-space limit; the half-the-memory check passes
    // on a machine of 9 GiB or more.
    let meminfo = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
    let kb: u64 = meminfo
        .lines()
        .find(|l| l.starts_with("MemTotal:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    if kb < 9 << 20 {
        eprintln!("skipped: this machine has less than 9 GiB");
        return;
    }
    let out = Command::new("sh")
        .args([
            "-c",
            &format!("ulimit -v 1500000; exec {BIN} perft american --depth 5 --hash 4096"),
        ])
        .stdin(Stdio::null())
        .output()
        .expect("sh runs");
    let stderr = flat(&String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("the system refused 4096 MiB for the hash table"),
        "{stderr}"
    );
    assert!(String::from_utf8_lossy(&out.stdout).is_empty());
}

#[test]
fn a_file_too_large_to_be_rules_is_refused() {
    let dir = std::env::temp_dir().join(format!("rulebench-limits-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let big = dir.join("big.toml");
    let mut text = String::from("schema = 1\nfamily = \"draughts\"\n");
    while text.len() <= 5 << 20 {
        text.push_str("# padding padding padding padding padding padding padding padding\n");
    }
    std::fs::write(&big, text).unwrap();
    // `check` reports on stdout.
    let (code, stdout, _) = run(&["check", big.to_str().unwrap()]);
    let stdout = flat(&stdout);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(stdout.contains("larger than 4 MiB"), "{stdout}");
    // A device that never ends is read no further than the limit.
    let started = Instant::now();
    let (code, _, stderr) = run(&["perft", "/dev/zero", "--depth", "1"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("larger than 4 MiB"), "{stderr}");
    assert!(started.elapsed() < Duration::from_secs(10));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn an_extends_chain_too_deep_is_located() {
    let dir = std::env::temp_dir().join(format!("rulebench-chain-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // 100 files, each extending the next; the last extends a shipped variant.
    for i in 0..100 {
        let parent = if i == 99 {
            "russian".to_string()
        } else {
            format!("v{}.toml", i + 1)
        };
        std::fs::write(
            dir.join(format!("v{i}.toml")),
            format!("schema = 1\nextends = \"{parent}\"\n[variant]\nsource = \"a test\"\n"),
        )
        .unwrap();
    }
    let first = dir.join("v0.toml");
    let (code, _, stderr) = run(&["perft", first.to_str().unwrap(), "--depth", "1"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("`extends` nests too deep"), "{stderr}");
    assert!(stderr.contains("at most 64 files"), "{stderr}");
    // A chain of 10 loads (and plays like the variant at its end).
    let tenth = dir.join("v90.toml");
    let (code, stdout, stderr) = run(&["perft", tenth.to_str().unwrap(), "--depth", "3"]);
    assert_eq!(code, Some(0), "{stderr}");
    // Russian draughts perft 3 = 302 (tests/reference/perft/russian.toml).
    assert_eq!(stdout.trim(), "302");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_depth_past_the_hard_limit_is_refused() {
    let (code, stdout, stderr) = run(&["perft", "american", "--depth", "65"]);
    assert_eq!(code, Some(1));
    assert!(stdout.is_empty());
    assert!(stderr.contains("depth 65 is too deep"), "{stderr}");
}

#[test]
fn output_into_a_closed_pipe_ends_quietly() {
    // `head -1` closes the pipe after one line: the rest of the output, and any error about
    // it, must not turn into a panic (exit status 101, "panicked" on stderr).
    for _ in 0..40 {
        let out = Command::new("bash")
            .args([
                "-c",
                &format!("set -o pipefail; {BIN} moves xiangqi 2>&1 | head -1; echo \"status $?\""),
            ])
            .output()
            .expect("bash runs");
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(text.lines().count(), 2, "{text}");
        assert!(!text.contains("panicked"), "{text}");
        // 0 when all was written before the pipe closed, 141 (SIGPIPE) otherwise.
        let status = text.lines().last().unwrap();
        assert!(status == "status 0" || status == "status 141", "{text}");
    }
    let out = Command::new("sh")
        .args(["-c", &format!("{BIN} moves xiangqi | head -1 >/dev/null")])
        .output()
        .expect("sh runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(!stderr.contains("Broken pipe"), "{stderr}");
}
