#!/usr/bin/env python3
"""The legal moves of chess-family positions according to an independent engine, for the
differential tests: python-chess (PyPI `chess`: chess, Chess960 and the lichess variants of
`chess.variant`) or pyffish (PyPI `pyffish`, Fairy-Stockfish's Python binding, any of its
variants).

Reads lines `VARIANT<TAB>CHESS960<TAB>FEN` (CHESS960 is 0 or 1) on stdin and writes, for each,
one line: the legal moves in UCI coordinates, sorted, separated by spaces (an empty line when
there is none). Chess960 castling is written as the king taking its own rook, as UCI does.

    python3 tools/legal_moves.py chess < positions.tsv
    python3 tools/legal_moves.py pyffish < positions.tsv

`playouts` writes positions in pyffish's own FEN (as `pyffish.get_fen` writes them) instead:
COUNT lines `FEN<TAB>MOVES` from random games of VARIANT that pyffish plays from its start
position (at most 80 plies each, seeded by SEED), every third position kept, the ends of games
always:

    python3 tools/legal_moves.py playouts VARIANT COUNT SEED

This file reads no part of rulebench: it only asks the other engine.
"""

import sys


def with_python_chess():
    import chess
    import chess.variant

    boards = {
        "chess": chess.Board,
        "chess960": chess.Board,
        "kingofthehill": chess.variant.KingOfTheHillBoard,
        "racingkings": chess.variant.RacingKingsBoard,
        "3check": chess.variant.ThreeCheckBoard,
        "horde": chess.variant.HordeBoard,
        "antichess": chess.variant.AntichessBoard,
        "crazyhouse": chess.variant.CrazyhouseBoard,
        "atomic": chess.variant.AtomicBoard,
    }

    def moves(variant, chess960, fen):
        if variant not in boards:
            raise SystemExit(f"python-chess here plays {', '.join(boards)}, not {variant}")
        board = boards[variant](fen, chess960=chess960)
        # A game its variant's own rule has ended (a flag, extinction, the third check) has no
        # moves, as Fairy-Stockfish's perft counts it; python-chess lists them all the same.
        if board.is_variant_end():
            return []
        return [board.uci(m, chess960=chess960) for m in board.legal_moves]

    return moves


# The variants whose rules forbid a pawn drop that checkmates at once (docs/games/chess.md#shogi).
NO_PAWN_DROP_MATE = ("shogi", "minishogi", "euroshogi", "judkins", "gorogoro")


def with_pyffish():
    import pyffish

    def moves(variant, chess960, fen):
        name = "chess" if variant == "chess960" else variant
        # As above: pyffish lists the moves of a game already ended by its variant's rules.
        if pyffish.is_immediate_game_end(name, fen, [], chess960)[0]:
            return []
        listed = pyffish.legal_moves(name, fen, [], chess960)
        if name in NO_PAWN_DROP_MATE:
            # Fairy-Stockfish generates a pawn drop that checkmates at once (and scores it as
            # a loss for the dropper); shogi's rules forbid it: such drops are left out.
            listed = [
                m
                for m in listed
                if not (
                    m.startswith("P@")
                    and pyffish.gives_check(name, fen, [m], chess960)
                    and not pyffish.legal_moves(name, fen, [m], chess960)
                )
            ]
        return listed

    return moves


def playouts(variant, count, seed):
    import random

    import pyffish

    moves = with_pyffish()
    rng = random.Random(seed)
    start = pyffish.start_fen(variant)
    out = 0
    while out < count:
        fen = start
        for ply in range(80):
            listed = moves(variant, False, fen)
            if rng.randrange(3) == 0 or not listed or ply == 79:
                sys.stdout.write(fen + "\t" + " ".join(sorted(listed)) + "\n")
                out += 1
                if out == count:
                    break
            if not listed:
                break
            fen = pyffish.get_fen(variant, fen, [rng.choice(listed)])
    sys.stdout.flush()


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "playouts":
        playouts(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
        return
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
