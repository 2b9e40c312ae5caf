"""The Python package: its API, its errors, and perft equal to published tables.

Expected counts come from the published tables the Rust tests use (tests/reference/perft/,
with their sources: dctl's Russian table, the chessprogramming wiki's Xiangqi table) and the
chessprogramming wiki's chess perft (20, 400, 8902, 197281).
"""

import os
import signal
import sys
import threading
from pathlib import Path

import pytest

import rulebench

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "tests" / "reference" / "perft"


def published(name):
    tomllib = pytest.importorskip("tomllib")  # Python 3.11 and later
    with open(REFERENCE / f"{name}.toml", "rb") as f:
        return tomllib.load(f)


def test_variants_of_both_families():
    draughts = rulebench.variants("draughts")
    chess = rulebench.variants("chess")
    assert "russian" in draughts and "xiangqi" not in draughts
    assert "xiangqi" in chess and "chess" in chess
    assert set(rulebench.variants()) == set(draughts) | set(chess)
    with pytest.raises(ValueError, match="unknown family"):
        rulebench.variants("go")


def test_a_variant_says_what_it_is():
    russian = rulebench.load("russian")
    assert russian.id == "russian"
    assert russian.family == "draughts"
    assert russian.sides == ("white", "black")
    assert "Russian" in russian.name
    assert any("capture" in p.lower() for p in russian.explain())
    xiangqi = rulebench.load("xiangqi")
    assert xiangqi.family == "chess"
    assert xiangqi.sides == ("red", "black")
    assert repr(xiangqi) == "<Variant xiangqi (chess)>"


def test_russian_perft_equals_the_published_table_both_ways():
    table = published("russian")
    russian = rulebench.load("russian")
    for depth, want in enumerate(table["unique"][:8], start=1):
        assert russian.perft(None, depth) == want
    for depth, want in enumerate(table["paths"][:8], start=1):
        assert russian.perft(None, depth, count="paths") == want
    # Threads and a table change nothing.
    assert russian.perft(russian.start(), 9, threads=2, hash_mb=16) == table["unique"][8]


def test_xiangqi_perft_equals_the_published_tables():
    xiangqi = rulebench.load("xiangqi")
    for case in published("xiangqi")["case"]:
        board = xiangqi.board(case["fen"])
        for depth, want in enumerate(case["perft"][:3], start=1):
            assert xiangqi.perft(board, depth) == want, (case["id"], depth)
    assert xiangqi.perft(None, 4, threads=2) == 3_290_240


def test_a_count_past_128_bits_raises():
    # Two Russian kings, perft 46: 11,602,750,420,871,544,725,101,185,444,535,780,950,147
    # leaves by the oracle (tools/oracle.py perft russian W:WK1:BK32 46 --memo), past 2^128 - 1;
    # perft 44 is 209,551,899,245,106,777,605,907,567,023,256,911,669 by the same oracle.
    russian = rulebench.load("russian")
    assert (
        russian.perft("W:WK1:BK32", 44, hash_mb=16)
        == 209_551_899_245_106_777_605_907_567_023_256_911_669
    )
    with pytest.raises(OverflowError):
        russian.perft("W:WK1:BK32", 46, hash_mb=16)


def test_divide_adds_up_to_perft():
    chess = rulebench.load("chess")
    divide = chess.divide(None, 3)
    assert len(divide) == 20
    assert sum(divide.values()) == 8902
    assert divide["e2e4"] == 600  # 20 replies, then 30 moves for white after each: Stockfish's divide
    with pytest.raises(ValueError):
        chess.divide(None, 0)


def test_a_board_plays_moves_and_takes_them_back():
    chess = rulebench.load("chess")
    board = chess.start()
    start = board.fen()
    assert board.turn == "white"
    assert len(board.legal_moves()) == 20
    e4 = board.push("e4")  # SAN
    assert e4.notation == "e2e4" and e4.from_ == "e2" and e4.to == "e4"
    assert e4.san == "e4" and e4.captured == []
    assert board.turn == "black"
    assert board.fen().split()[0] == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"
    reply = board.legal_moves()[0]
    assert board.push(reply) == reply
    assert board.move_stack == ["e2e4", reply.notation]
    assert board.pop() == reply
    assert board.pop().notation == "e2e4"
    assert board.fen() == start
    with pytest.raises(IndexError):
        board.pop()
    copy = board.copy()
    copy.push("d4")
    assert board.fen() == start


def test_a_draughts_capture_is_described():
    russian = rulebench.load("russian")
    board = russian.board("W:Wc3:Bd4,f6")
    (capture,) = board.legal_moves()
    assert capture.notation == "c3:g7"
    assert len(capture.captured) == 2
    assert capture.details["notation"] == "c3:g7"
    with pytest.raises(AttributeError):
        capture.no_such_field
    board.push(capture)
    assert board.outcome() is not None  # black has nothing left
    assert board.outcome().winner == "white"


def test_fools_mate():
    board = rulebench.load("chess").start()
    for move in ["f3", "e5", "g4", "Qh4"]:
        board.push(move)
    assert board.is_game_over()
    outcome = board.outcome()
    assert outcome.winner == "black"
    assert board.legal_moves() == []
    assert board.svg().startswith("<svg")


def test_a_bad_fen_move_or_rules_file_raises_a_located_error():
    russian = rulebench.load("russian")
    with pytest.raises(rulebench.FenError) as fen:
        russian.board("W:Wz9")
    assert isinstance(fen.value, rulebench.RulebenchError)
    assert isinstance(fen.value, ValueError)
    assert fen.value.message
    board = russian.start()
    before = board.fen()
    with pytest.raises(rulebench.MoveError) as move:
        board.push("c3-e5")
    assert "not a legal move" in move.value.message
    assert "c3-d4" in move.value.help
    assert board.fen() == before
    with pytest.raises(TypeError):
        board.push(42)
    with pytest.raises(rulebench.RulesError) as missing:
        rulebench.load("no-such-variant")
    assert missing.value.line == 1
    with pytest.raises(ValueError, match="unique"):
        russian.perft(None, 3, count="every")
    with pytest.raises(ValueError, match="deeper"):
        russian.perft(None, 65)
    with pytest.raises(OverflowError):
        russian.perft(None, -1)
    with pytest.raises(ValueError, match="threads"):
        russian.perft(None, 3, threads=0)
    with pytest.raises(ValueError, match="not russian"):
        russian.perft(rulebench.load("chess").start(), 1)


def test_a_variant_from_the_text_of_a_rules_file():
    text = 'schema = 1\nextends = "russian"\n\n[variant]\nid = "mine"\nname = "Mine"\nsource = "docs/games/draughts.md#russian"\n'
    mine = rulebench.load_rules(text, name="mine.toml")
    assert (mine.id, mine.name, mine.family) == ("mine", "Mine", "draughts")
    table = published("russian")["unique"]
    assert [mine.perft(None, d) for d in range(1, 7)] == table[:6]
    bad = 'schema = 1\nextends = "russian"\n\n[king]\nrnage = "flying"\n'
    with pytest.raises(rulebench.RulesError) as error:
        rulebench.load_rules(bad, name="bad.toml")
    e = error.value
    assert (e.file, e.line) == ("bad.toml", 5)
    assert "rnage" in e.message
    assert "range" in (e.help or "")
    assert str(e).startswith("bad.toml:5:")


def test_check_lists_every_problem_with_its_place():
    assert rulebench.check(str(ROOT / "rules" / "russian.toml")) == []
    problems = rulebench.check(str(ROOT / "tests" / "broken-rules" / "several-errors.toml"))
    assert len(problems) >= 2
    assert all(p.severity == "error" and p.line >= 1 for p in problems)
    assert all(str(p).startswith(p.file) for p in problems)


@pytest.mark.skipif(sys.platform == "win32", reason="signals by os.kill")
def test_ctrl_c_stops_a_perft():
    # Python's own Ctrl-C handler, even where the test runs with SIGINT ignored (a
    # background job of a shell starts so).
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    american = rulebench.load("american")
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            american.perft(None, 40, threads=2)
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)


def test_perft_releases_the_gil():
    # While a perft runs, another Python thread goes on.
    chess = rulebench.load("chess")
    ticks = []
    done = threading.Event()

    def tick():
        while not done.is_set():
            ticks.append(1)
            done.wait(0.001)

    t = threading.Thread(target=tick)
    t.start()
    try:
        assert chess.perft(None, 5) == 4_865_609
    finally:
        done.set()
        t.join()
    assert len(ticks) > 1


GARBAGE = ["", " ", "\x00", "W:", "::::", "é♞", "9" * 5000, "W:W" + ",".join(["1"] * 200),
           "rnbqkbnr/" * 50, "e2e4 " * 100, "\n[variant]\n", "[[[", "schema = 99"]


@pytest.mark.parametrize("text", GARBAGE)
def test_garbage_raises_a_rulebench_error_never_a_crash(text):
    for variant in (rulebench.load("russian"), rulebench.load("chess")):
        try:
            board = variant.board(text)
        except rulebench.FenError:
            board = variant.start()
        with pytest.raises(rulebench.MoveError):
            board.push(text)
    with pytest.raises(rulebench.RulesError):
        rulebench.load_rules(text)
    with pytest.raises(rulebench.RulesError):
        rulebench.load(text or "<nothing>")


def test_the_examples_in_the_package_docstring():
    import doctest

    failures, tried = doctest.testmod(rulebench)
    assert tried >= 3 and failures == 0
