#!/usr/bin/env python3
"""The legal moves of chess-family positions according to an independent engine, for the
differential tests: python-chess (PyPI `chess`, chess and Chess960) or pyffish (PyPI `pyffish`,
Fairy-Stockfish's Python binding, any of its variants).

Reads lines `VARIANT<TAB>CHESS960<TAB>FEN` (CHESS960 is 0 or 1) on stdin and writes, for each,
one line: the legal moves in UCI coordinates, sorted, separated by spaces (an empty line when
there is none). Chess960 castling is written as the king taking its own rook, as UCI does.

    python3 tools/legal_moves.py chess < positions.tsv
    python3 tools/legal_moves.py pyffish < positions.tsv

This file reads no part of rulebench: it only asks the other engine.
"""

import sys


def with_python_chess():
    import chess

    def moves(variant, chess960, fen):
        if variant not in ("chess", "chess960"):
            raise SystemExit(f"python-chess plays chess and Chess960, not {variant}")
        board = chess.Board(fen, chess960=chess960)
        return [board.uci(m, chess960=chess960) for m in board.legal_moves]

    return moves


def with_pyffish():
    import pyffish

    def moves(variant, chess960, fen):
        name = "chess" if variant == "chess960" else variant
        return pyffish.legal_moves(name, fen, [], chess960)

    return moves


def main():
    engine = sys.argv[1] if len(sys.argv) > 1 else "chess"
    moves = {"chess": with_python_chess, "pyffish": with_pyffish}[engine]()
    for line in sys.stdin:
        line = line.rstrip("\n")
        if not line:
            continue
        variant, chess960, fen = line.split("\t")
        listed = sorted(moves(variant, chess960 == "1", fen))
        sys.stdout.write(" ".join(listed) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
