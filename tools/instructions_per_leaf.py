#!/usr/bin/env python3
"""Instructions per leaf of every criterion bench's variant and position, counted by callgrind.

    tools/instructions_per_leaf.py BINARY [--jobs N] [--only TEXT] [--out FILE]
    tools/instructions_per_leaf.py --compare BEFORE.tsv AFTER.tsv
    tools/instructions_per_leaf.py --markdown RUN.tsv

BINARY is a build of examples/plain_perft (the README's method: an x86-64-v3 build, which
valgrind 3.19 reads, of the bench profile):

    RUSTFLAGS="-C target-cpu=x86-64-v3" cargo build --profile bench --example plain_perft

Each case (the benches' positions: every draughts start, the draughts middle games of
tests/reference/midgame.toml, the chess family's positions and starts) is counted at the depth
whose leaves are about 1.5 to 8 million, and once more at depth 1; the difference over the
difference in leaves is the instructions per leaf with the process's start-up left out. The
counts of every run are checked against the tables in tests/reference/. The output is one
tab-separated line a case: name, depth, leaves, instructions, instructions at depth 1,
instructions per leaf. --compare prints the change of each case between two such files;
--markdown prints one as the table of docs/performance.md.
"""
import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REFERENCE = os.path.join(ROOT, 'tests', 'reference')

DRAUGHTS = ["american", "russian", "brazilian", "spanish", "italian", "czech", "international",
            "pool", "thai", "killer", "frisian", "turkish", "canadian"]
CHESS_POSITIONS = [("xiangqi", "start"), ("xiangqi", "fairy-stockfish-2"),
                   ("xiangqi", "fairy-stockfish-3"), ("minixiangqi", "start"),
                   ("chess", "start"), ("chess", "kiwipete"), ("chess960", "start")]
CHESS_STARTS = ["makruk", "asean", "ai-wok", "shatranj", "courier", "capablanca", "gothic",
                "embassy", "janus", "modern", "chancellor", "losalamos", "amazon", "almost",
                "chigorin", "knightmate", "nightrider", "grasshopper", "hoppelpoppel",
                "newzealand", "kingofthehill", "racingkings", "3check", "horde", "antichess",
                "giveaway", "crazyhouse", "minishogi", "shogi"]


def table(path):
    with open(os.path.join(REFERENCE, path), 'rb') as f:
        return tomllib.load(f)


def depth_for(counts, low=1.5e6, high=8e6):
    """The first depth with at least `low` leaves, or the deepest with at most `high`."""
    best = None
    for depth, n in enumerate(counts, 1):
        if n <= high:
            best = (depth, n)
        if n >= low:
            break
    return best


def cases():
    out = []
    for v in DRAUGHTS:
        depth, n = depth_for(table(f'perft/{v}.toml')['unique'])
        out.append((f'{v}-start', v, None, depth, n))
    for m in table('midgame.toml')['case']:
        out.append((f"{m['variant']}-midgame", m['variant'], m['fen'], m['depth'], m['unique']))
    positions = CHESS_POSITIONS + [(v, "start") for v in CHESS_STARTS]
    for v, case_id in positions:
        case = next(c for c in table(f'perft/{v}.toml')['case'] if c['id'] == case_id)
        depth, n = depth_for(case['perft'])
        out.append((f'{v}-{case_id}', v, case['fen'], depth, n))
    return out


def instructions(binary, variant, fen, depth):
    """Callgrind's instructions for `plain_perft VARIANT DEPTH [FEN]`, and the count printed."""
    with tempfile.NamedTemporaryFile(suffix='.callgrind') as out:
        args = ['valgrind', '--tool=callgrind', f'--callgrind-out-file={out.name}', binary,
                variant, str(depth)] + ([fen] if fen else [])
        run = subprocess.run(args, capture_output=True, text=True, cwd=ROOT)
    collected = re.search(r'Collected : (\d+)', run.stderr)
    count = re.search(r'perft \d+ = (\d+)', run.stdout)
    if not collected or not count:
        sys.exit(f'{variant} {depth}: no count\n{run.stdout}{run.stderr}')
    return int(collected.group(1)), int(count.group(1))


def measure(binary, case):
    name, variant, fen, depth, expected = case
    start_up, leaves_1 = instructions(binary, variant, fen, 1)
    total, leaves = instructions(binary, variant, fen, depth)
    if leaves != expected:
        sys.exit(f'{name}: perft {depth} = {leaves}, the reference says {expected}')
    per_leaf = (total - start_up) / (leaves - leaves_1)
    return f'{name}\t{depth}\t{leaves}\t{total}\t{start_up}\t{per_leaf:.3f}'


def compare(before, after):
    def read(path):
        with open(path) as f:
            return {line.split('\t')[0]: line.rstrip('\n').split('\t') for line in f}
    a, b = read(before), read(after)
    worst = 0.0
    for name, row in a.items():
        if name not in b:
            print(f'{name}: missing after')
            continue
        pa, pb = float(row[5]), float(b[name][5])
        change = (pb - pa) / pa * 100
        worst = max(worst, abs(change))
        print(f'{name:28s} perft {row[1]:>2s} {int(row[2]):>10,d} leaves  '
              f'{pa:8.3f} -> {pb:8.3f}  {change:+6.2f} %')
    print(f'largest change {worst:.2f} %')


def markdown(path):
    print('| case | perft | leaves | instructions per leaf |')
    print('|---|---:|---:|---:|')
    with open(path) as f:
        for line in f:
            name, depth, leaves, _, _, per_leaf = line.rstrip('\n').split('\t')
            print(f'| {name} | {depth} | {int(leaves):,d} | {float(per_leaf):.2f} |')


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('binary', nargs='?')
    p.add_argument('--jobs', type=int, default=1)
    p.add_argument('--only', default='', help='cases whose name contains this')
    p.add_argument('--out', help='write the lines to this file too')
    p.add_argument('--compare', nargs=2, metavar=('BEFORE', 'AFTER'))
    p.add_argument('--markdown', metavar='RUN')
    a = p.parse_args()
    if a.compare:
        return compare(*a.compare)
    if a.markdown:
        return markdown(a.markdown)
    if not a.binary:
        p.error('the plain_perft binary is needed')
    chosen = [c for c in cases() if a.only in c[0]]
    if not chosen:
        p.error(f'no case contains {a.only!r}')
    out = open(a.out, 'w') if a.out else None
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        for line in pool.map(lambda c: measure(a.binary, c), chosen):
            print(line, flush=True)
            if out:
                out.write(line + '\n')
                out.flush()


if __name__ == '__main__':
    main()
