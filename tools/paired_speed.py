#!/usr/bin/env python3
"""Speed of the draughts benches as ratios to English from the start, measured in pairs.

Wall time on a shared host drifts by a third within minutes, so a ratio of two benches timed
minutes apart (criterion times English first, then the others) carries that drift. Here each
round times English perft 12 from the start and then the bench, one after the other, and the
ratio is taken within the pair; the table gives the median over the rounds (and the smallest
and largest ratio). Every count is checked against `tests/reference/` (the published tables
and dctl's mid-game counts), never against the program itself.

    cargo build --profile bench --example plain_perft
    python3 tools/paired_speed.py target/release/examples/plain_perft [--rounds 5] [--only czech]
"""

import argparse
import pathlib
import re
import statistics
import subprocess
import sys
import tomllib

ROOT = pathlib.Path(__file__).resolve().parent.parent
REFERENCE = ROOT / "tests" / "reference"

# The benches of `benches/perft.rs` that the draughts speed targets name: from the start, and
# the mid-games at the depths of `tests/reference/midgame-deep.toml`.
STARTS = [
    ("russian", 11),
    ("brazilian", 11),
    ("spanish", 11),
    ("italian", 11),
    ("czech", 11),
    ("international", 10),
    ("pool", 11),
    ("killer", 10),
    ("frisian", 9),
    ("turkish", 7),
    ("canadian", 8),
]
DENOMINATOR = ("american", 12)
BUILD = "`cargo build --profile bench --example plain_perft`"


def start_count(variant, depth):
    table = tomllib.loads((REFERENCE / "perft" / f"{variant}.toml").read_text())
    return table["unique"][depth - 1]


def benches():
    """(label, variant, depth, fen or None, expected unique count) of every bench."""
    out = [(f"{v} start {d}", v, d, None, start_count(v, d)) for v, d in STARTS]
    deep = tomllib.loads((REFERENCE / "midgame-deep.toml").read_text())
    for case in deep["case"]:
        v, d = case["variant"], case["depth"]
        out.append((f"{v} mid-game {d}", v, d, case["fen"], case["unique"]))
    return out


def timed(binary, variant, depth, fen, expected):
    """Leaves per second (millions) of one plain perft, its count checked."""
    args = [binary, variant, str(depth)] + ([fen] if fen else [])
    try:
        done = subprocess.run(args, capture_output=True, text=True)
    except OSError as e:
        sys.exit(f"{binary}: cannot run it ({e.strerror}); build it with {BUILD}")
    found = re.search(r"= (\d+) in ([\d.]+) s", done.stdout)
    if done.returncode != 0 or not found:
        sys.exit(f"{' '.join(args)}: no count in its output:\n{done.stdout}{done.stderr}")
    count, seconds = int(found.group(1)), float(found.group(2))
    if count != expected:
        sys.exit(f"{' '.join(args)}: counted {count}, the reference says {expected}")
    return count / seconds / 1e6


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary", help="the plain_perft example, built with --profile bench")
    parser.add_argument("--rounds", type=int, default=5, help="pairs per bench (default 5)")
    parser.add_argument("--only", help="only the benches whose label contains this")
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error("--rounds must be 1 or more")
    chosen = [b for b in benches() if not args.only or args.only in b[0]]
    if not chosen:
        labels = ", ".join(b[0] for b in benches())
        parser.error(f"--only {args.only!r} names no bench; the benches: {labels}")
    english = (*DENOMINATOR, None, start_count(*DENOMINATOR))
    timed(args.binary, "american", 1, None, start_count("american", 1))
    print("| bench | leaves | Mnps | English Mnps | ratio to English (min-max) |")
    print("|---|---|---|---|---|")
    for label, variant, depth, fen, expected in chosen:
        pairs = []
        for _ in range(args.rounds):
            e = timed(args.binary, *english)
            b = timed(args.binary, variant, depth, fen, expected)
            pairs.append((b, e))
        ratios = [b / e for b, e in pairs]
        print(
            f"| {label} | {expected:,} | {statistics.median(b for b, _ in pairs):.0f} "
            f"| {statistics.median(e for _, e in pairs):.0f} "
            f"| {statistics.median(ratios):.3f}x ({min(ratios):.3f}-{max(ratios):.3f}) |",
            flush=True,
        )


if __name__ == "__main__":
    main()
