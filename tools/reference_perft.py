#!/usr/bin/env python3
"""Perft of a chess-family start position by an independent engine, to depth D, as the
`perft = [...]` line of a `tests/reference/perft/<variant>.toml` file: Debian's
fairy-stockfish (UCI `go perft N`) where it knows the variant, else PyPI's pyffish (by playing
its legal moves, for shallow depths). Reads no part of rulebench.

    python3 tools/reference_perft.py makruk 5 [--fen FEN] [--chess960] [--pyffish]
"""

import argparse
import subprocess


def fairy_stockfish(variant, fen, depth, chess960):
    out = []
    for d in range(1, depth + 1):
        script = "uci\nsetoption name UCI_Variant value %s\n" % variant
        if chess960:
            script += "setoption name UCI_Chess960 value true\n"
        script += "position %s\ngo perft %d\nquit\n" % ("startpos" if fen is None else "fen " + fen, d)
        text = subprocess.run(["/usr/games/fairy-stockfish"], input=script, capture_output=True, text=True).stdout
        nodes = [l for l in text.splitlines() if l.startswith("Nodes searched")]
        out.append(int(nodes[-1].split(":")[1]))
    return out


def pyffish_perft(variant, fen, depth, chess960):
    import pyffish

    start = fen or pyffish.start_fen(variant)

    def perft(moves, d):
        legal = pyffish.legal_moves(variant, start, moves, chess960)
        if d == 1:
            return len(legal)
        return sum(perft(moves + [m], d - 1) for m in legal)

    return [perft([], d) for d in range(1, depth + 1)]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("variant")
    p.add_argument("depth", type=int)
    p.add_argument("--fen")
    p.add_argument("--chess960", action="store_true")
    p.add_argument("--pyffish", action="store_true")
    a = p.parse_args()
    engine = pyffish_perft if a.pyffish else fairy_stockfish
    counts = engine(a.variant, a.fen, a.depth, a.chess960)
    print("perft = [%s]" % ", ".join(str(n) for n in counts))


if __name__ == "__main__":
    main()
