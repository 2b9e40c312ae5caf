//! Perft cut into shards: shards add up to the published counts for any number of shards,
//! the partition is the same on every run, `--list` and `--fen-list` count the same tree,
//! GNU parallel runs 8 shards that `merge` adds up, missing, duplicated and foreign results
//! are reported, and a checkpointed run killed part-way resumes to the same total.
//!
//! Expected counts: the published tables (copied with their sources into
//! `tests/reference/perft/`): American unique perft 9 = 3,963,680; International unique perft
//! 8 = 6,483,961 and paths perft 9 = 41,022,614; Russian paths perft 10 = 22,450,628;
//! Xiangqi perft 4 = 3,290,240 (chessprogramming.org); International unique perft 11 =
//! 1,665,861,398.

use rulebench::perft::PerftOptions;
use rulebench::perft::job::{Job, MergeError, ShardResult, merge};
use rulebench::perft::shard::{Frontier, count_subtrees};
use rulebench::{Chess, Count, Draughts, Game};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_rulebench");

fn run(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("rulebench runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr)
            .replace(['│', '×'], " ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" "),
    )
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("rulebench-distributed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Every shard count of `game` summed, for several numbers of shards and threads.
fn sharded<G: Game>(game: &G, depth: u32, split: u32, count: Count, expected: u128) {
    let root = game.start();
    let frontier = Frontier::new(game, &root, depth, split, count);
    let again = Frontier::new(game, &root, depth, split, count);
    let fens: Vec<_> = frontier
        .subtrees
        .iter()
        .map(|s| (&s.fen, s.multiplicity))
        .collect();
    let fens_again: Vec<_> = again
        .subtrees
        .iter()
        .map(|s| (&s.fen, s.multiplicity))
        .collect();
    assert_eq!(
        fens,
        fens_again,
        "{}: the frontier is the same every time",
        game.id()
    );
    for shards in [1, 3, 8] {
        let owners = frontier.owners(shards);
        assert_eq!(
            owners,
            again.owners(shards),
            "the same partition every time"
        );
        let mut seen = vec![0; frontier.subtrees.len()];
        let mut total = 0;
        for shard in 0..shards {
            let mine = frontier.shard(shards, shard);
            for s in &mine {
                seen[s.index] += 1;
            }
            let threads = 1 + shard % 2;
            let options = PerftOptions {
                threads,
                hash_mb: 4 * (shard % 2),
                progress: None,
                stop: None,
            };
            total += count_subtrees(game, &mine, frontier.depth_left, count, &options, None)
                .expect("no overflow");
        }
        assert!(seen.iter().all(|&n| n == 1), "each subtree in one shard");
        assert_eq!(
            total,
            expected,
            "{} perft {depth} {count:?}, split at {split}, {shards} shards",
            game.id()
        );
    }
}

#[test]
fn shards_add_up_to_the_published_counts() {
    let american = rulebench::load::<Draughts>("american").unwrap();
    sharded(&american, 9, 3, Count::Unique, 3_963_680);
    sharded(&american, 9, 9, Count::Unique, 3_963_680);
    let international = rulebench::load::<Draughts>("international").unwrap();
    sharded(&international, 8, 4, Count::Unique, 6_483_961);
    sharded(&international, 9, 5, Count::Paths, 41_022_614);
    let russian = rulebench::load::<Draughts>("russian").unwrap();
    sharded(&russian, 10, 6, Count::Paths, 22_450_628);
    let xiangqi = rulebench::load::<Chess>("xiangqi").unwrap();
    sharded(&xiangqi, 4, 2, Count::Unique, 3_290_240);
}

#[test]
fn balanced_shards() {
    // Dealt by the leaves a depth-2 search finds below each position: no shard holds much
    // more than its share of the work.
    let game = rulebench::load::<Draughts>("international").unwrap();
    let frontier = Frontier::new(&game, &game.start(), 10, 4, Count::Unique);
    let owners = frontier.owners(8);
    let mut load = [0u128; 8];
    for s in &frontier.subtrees {
        load[owners[s.index]] += s.work;
    }
    let (least, most) = (*load.iter().min().unwrap(), *load.iter().max().unwrap());
    assert!(most * 100 <= least * 105, "loads {load:?}");
}

#[test]
fn the_frontier_listed_and_counted_from_the_list() {
    let list = scratch("xiangqi.list");
    let (ok, text, err) = run(&[
        "perft",
        "xiangqi",
        "--depth",
        "4",
        "--split-depth",
        "2",
        "--list",
    ]);
    assert!(ok, "{err}");
    // FENs with spaces, each followed by its multiplicity.
    let first = text.lines().next().unwrap();
    assert!(
        first.contains(" w - - 0 ") || first.contains(" w "),
        "{first}"
    );
    let sum: u128 = text
        .lines()
        .map(|l| l.rsplit_once(' ').unwrap().1.parse::<u128>().unwrap())
        .sum();
    assert_eq!(sum, 1920, "the multiplicities add up to perft 2");
    std::fs::write(&list, &text).unwrap();
    let (ok, out, err) = run(&[
        "perft",
        "xiangqi",
        "--depth",
        "2",
        "--fen-list",
        list.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert_eq!(out.trim(), "3290240");
    // A shard's list is its part of the frontier.
    let (_, a, _) = run(&[
        "perft",
        "american",
        "--depth",
        "9",
        "--split-depth",
        "3",
        "--shards",
        "2",
        "--shard",
        "0",
        "--list",
    ]);
    let (_, b, _) = run(&[
        "perft",
        "american",
        "--depth",
        "9",
        "--split-depth",
        "3",
        "--shards",
        "2",
        "--shard",
        "1",
        "--list",
    ]);
    let (_, all, _) = run(&[
        "perft",
        "american",
        "--depth",
        "9",
        "--split-depth",
        "3",
        "--list",
    ]);
    let mut both: Vec<&str> = a.lines().chain(b.lines()).collect();
    both.sort();
    let mut whole: Vec<&str> = all.lines().collect();
    whole.sort();
    assert_eq!(both, whole);
    // A broken list is a located error.
    std::fs::write(&list, "B:W21-32:B1-12 1\nB:W21-32:B1-12 many\n").unwrap();
    let (ok, _, err) = run(&[
        "perft",
        "american",
        "--depth",
        "2",
        "--fen-list",
        list.to_str().unwrap(),
    ]);
    assert!(
        !ok && err.contains("xiangqi.list:2") && err.contains("`many` is not a multiplicity"),
        "{err}"
    );
    std::fs::write(&list, "B:W21-32:B1-99 1\n").unwrap();
    let (ok, _, err) = run(&[
        "perft",
        "american",
        "--depth",
        "2",
        "--fen-list",
        list.to_str().unwrap(),
    ]);
    assert!(!ok && err.contains("xiangqi.list:1"), "{err}");
}

/// GNU parallel is installed by `.ci/run`; without it (and without
/// `RULEBENCH_REQUIRE_PARALLEL`) the test says it is skipped.
#[test]
fn gnu_parallel_runs_eight_shards_and_merge_adds_them_up() {
    let found = Command::new("parallel")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !found {
        assert!(
            std::env::var_os("RULEBENCH_REQUIRE_PARALLEL").is_none(),
            "GNU parallel is required (RULEBENCH_REQUIRE_PARALLEL) but not installed"
        );
        eprintln!("SKIPPED: GNU parallel is not installed (apt-get install parallel)");
        return;
    }
    let results = scratch("parallel-results.jsonl");
    let shard = format!(
        "{BIN} perft russian --depth 10 --count paths --split-depth 4 --shards 8 --shard {{}} --threads 1 --json"
    );
    let out = Command::new("parallel")
        .args(["--will-cite", "--jobs", "2", &shard, ":::"])
        .args((0..8).map(|i| i.to_string()))
        .stdin(Stdio::null())
        .output()
        .expect("parallel runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::write(&results, &out.stdout).unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 8);
    let (ok, total, err) = run(&["merge", results.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert_eq!(total.trim(), "22450628", "published Russian paths perft 10");
    // Through stdin too, and as JSON.
    let merged = Command::new(BIN)
        .args(["merge", "--json"])
        .stdin(std::fs::File::open(&results).unwrap())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&merged.stdout);
    assert!(text.contains(r#""nodes":"22450628""#), "{text}");
}

#[test]
fn missing_duplicated_and_foreign_shards_are_reported() {
    let shard = |i: usize, depth: &str| {
        let (ok, out, err) = run(&[
            "perft",
            "american",
            "--depth",
            depth,
            "--split-depth",
            "3",
            "--shards",
            "4",
            "--shard",
            &i.to_string(),
            "--json",
        ]);
        assert!(ok, "{err}");
        out
    };
    let file = scratch("some-shards.jsonl");
    std::fs::write(
        &file,
        [shard(0, "8"), shard(1, "8"), shard(1, "8"), shard(3, "8")].concat(),
    )
    .unwrap();
    let (ok, out, err) = run(&["merge", file.to_str().unwrap()]);
    assert!(!ok && out.is_empty(), "{out}");
    assert!(err.contains("1 of 4 shards missing: 2"), "{err}");
    assert!(err.contains("also given twice: 1"), "{err}");
    // Complete, with a shard run twice: the total, and the rerun named.
    std::fs::write(
        &file,
        [
            shard(0, "8"),
            shard(1, "8"),
            shard(2, "8"),
            shard(3, "8"),
            shard(2, "8"),
        ]
        .concat(),
    )
    .unwrap();
    let (ok, out, err) = run(&["merge", file.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert_eq!(out.trim(), "845931", "published American perft 8");
    assert!(
        err.contains("more than once") && err.contains(": 2"),
        "{err}"
    );
    // Another job's result (another depth) is refused.
    std::fs::write(&file, [shard(0, "8"), shard(1, "7")].concat()).unwrap();
    let (ok, _, err) = run(&["merge", file.to_str().unwrap()]);
    assert!(!ok && err.contains("different jobs: depth is 8"), "{err}");
    std::fs::write(&file, "{\"shard\": 1}\n").unwrap();
    let (ok, _, err) = run(&["merge", file.to_str().unwrap()]);
    assert!(
        !ok && err.contains("some-shards.jsonl:1: not a shard result"),
        "{err}"
    );
}

#[test]
fn bad_shard_options_are_errors() {
    for (args, words) in [
        (
            &["--shards", "4", "--shard", "0"][..],
            "--shards needs --split-depth",
        ),
        (
            &["--split-depth", "2", "--shards", "4", "--shard", "4"],
            "shards are numbered 0 to 3",
        ),
        (&["--split-depth", "2", "--shards", "4"], "needs --shard I"),
        (
            &["--split-depth", "2", "--shards", "0", "--shard", "0"],
            "at least 1",
        ),
        (
            &["--split-depth", "7", "--shards", "2", "--shard", "0"],
            "deeper than --depth 6",
        ),
        (
            &["--split-depth", "2", "--shard", "1"],
            "--shard needs --shards",
        ),
    ] {
        let mut all = vec!["perft", "american", "--depth", "6"];
        all.extend(args);
        let (ok, out, err) = run(&all);
        assert!(
            !ok && out.is_empty() && err.contains(words),
            "{all:?}: {err}"
        );
    }
}

#[test]
fn a_killed_run_resumes_from_its_checkpoint_to_the_same_total() {
    let file = scratch("international-11.checkpoint");
    let _ = std::fs::remove_file(&file);
    let args = [
        "perft",
        "international",
        "--depth",
        "11",
        "--split-depth",
        "4",
        "--checkpoint",
        file.to_str().unwrap(),
    ];
    let mut child = Command::new(BIN)
        .args(args)
        .args(["--threads", "1"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Killed (SIGKILL: no chance to tidy up) once a few subtrees are recorded.
    let started = Instant::now();
    let recorded = |f: &std::path::Path| {
        std::fs::read_to_string(f).map_or(0, |t| t.lines().count().saturating_sub(1))
    };
    while recorded(&file) < 20 && started.elapsed() < Duration::from_secs(120) {
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap();
    let status = child.wait().unwrap();
    assert!(!status.success(), "killed before the end");
    let done = recorded(&file);
    let text = std::fs::read_to_string(&file).unwrap();
    let frontier: usize = text
        .lines()
        .next()
        .unwrap()
        .split("\"frontier\":")
        .nth(1)
        .unwrap()
        .trim_end_matches('}')
        .parse()
        .unwrap();
    assert!(
        done >= 20 && done < frontier,
        "{done} of {frontier} recorded at the kill"
    );
    // A crash in the middle of a line: the cut line is dropped.
    let mut cut = text.clone();
    cut.push_str("{\"subtree\":9");
    std::fs::write(&file, cut).unwrap();
    let mut resumed = args.to_vec();
    resumed.extend(["--threads", "2", "--hash", "64"]);
    let (ok, out, err) = run(&resumed[..]);
    assert!(ok, "{err}");
    assert!(
        err.contains("resuming") && err.contains(&format!("{done} of the subtrees")),
        "{err}"
    );
    assert_eq!(out.trim(), "1665861398", "published International perft 11");
    // The finished checkpoint gives the total at once; another job's is refused.
    let (ok, out, _) = run(&resumed[..]);
    assert!(ok);
    assert_eq!(out.trim(), "1665861398");
    let (ok, _, err) = run(&[
        "perft",
        "international",
        "--depth",
        "10",
        "--split-depth",
        "4",
        "--checkpoint",
        file.to_str().unwrap(),
    ]);
    assert!(
        !ok && err.contains("belongs to another job: depth is 11 there, 10 here"),
        "{err}"
    );
}

#[test]
fn a_whole_perft_checkpoints_without_a_split_depth() {
    // Cut at the first depth with 1,000 distinct positions; a second run finds every
    // subtree done and prints the same total at once.
    let file = scratch("american-10.checkpoint");
    let _ = std::fs::remove_file(&file);
    let args = [
        "perft",
        "american",
        "--depth",
        "10",
        "--checkpoint",
        file.to_str().unwrap(),
    ];
    let (ok, out, err) = run(&args);
    assert!(ok, "{err}");
    assert_eq!(out.trim(), "18391564", "published American perft 10");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.lines().count() > 1000,
        "{} lines",
        text.lines().count()
    );
    let (ok, out, err) = run(&args);
    assert!(ok && err.contains("resuming"), "{err}");
    assert_eq!(out.trim(), "18391564");
}

/// A result of `shard` of a 3-shard American perft 6 job, counting `nodes`.
fn result(shard: usize, nodes: &str) -> (String, ShardResult) {
    (
        format!("shard-{shard}.json"),
        ShardResult {
            job: Job {
                rules: "american".into(),
                rules_sha256: "ab".into(),
                fen: "B:W21-32:B1-12".into(),
                depth: 6,
                split_depth: 2,
                shards: 3,
                count: "unique".into(),
            },
            shard,
            nodes: nodes.into(),
            subtrees: 1,
            frontier: 3,
            seconds: 1.0,
            threads: 1,
            version: "0".into(),
        },
    )
}

#[test]
fn shards_add_up_and_a_rerun_is_reported_not_counted_twice() {
    let merged = merge(&[
        result(0, "10"),
        result(2, "30"),
        result(1, "20"),
        result(2, "30"),
    ])
    .unwrap();
    assert_eq!(merged.nodes, 60);
    assert_eq!(merged.duplicated, vec![2]);
}

#[test]
fn missing_conflicting_mixed_and_huge() {
    let e = merge(&[result(0, "10"), result(0, "10")]).unwrap_err();
    assert_eq!(
        e,
        MergeError::Missing {
            missing: vec![1, 2],
            shards: 3,
            duplicated: vec![0]
        }
    );
    assert!(matches!(
        merge(&[result(0, "10"), result(0, "11")]),
        Err(MergeError::Conflict { shard: 0, .. })
    ));
    let mut other = result(1, "5");
    other.1.job.depth = 7;
    assert!(matches!(
        merge(&[result(0, "10"), other]),
        Err(MergeError::Mixed { field: "depth", .. })
    ));
    assert!(matches!(
        merge(&[result(3, "10")]),
        Err(MergeError::OutOfRange { shard: 3, .. })
    ));
    let big = u128::MAX.to_string();
    assert_eq!(
        merge(&[result(0, &big), result(1, "1"), result(2, "0")]),
        Err(MergeError::Overflow)
    );
    assert!(matches!(
        merge(&[result(0, "1e3")]),
        Err(MergeError::BadCount { .. })
    ));
}
