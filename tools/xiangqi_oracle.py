#!/usr/bin/env python3
"""Independent reference implementation ("oracle") of Xiangqi and Minixiangqi move
generation and perft.

Written from the rule text only (the rules of docs/games/xiangqi.md, sections "Xiangqi" and
"Minixiangqi"), without looking at the project's Rust engine.  It is deliberately plain and slow: coordinates, dictionaries,
explicit loops, a fresh board copy per move, no bitboards, no hashing.

Usage:
    python3 tools/xiangqi_oracle.py perft VARIANT FEN DEPTH
    python3 tools/xiangqi_oracle.py divide VARIANT FEN DEPTH
    python3 tools/xiangqi_oracle.py moves VARIANT FEN
    python3 tools/xiangqi_oracle.py selfcheck VARIANT FEN GAMES PLIES [SEED]

VARIANT: xiangqi or minixiangqi.  FEN: a Fairy-Stockfish FEN, or "start".

Board conventions
-----------------
A point is (file, rank) with file 0 = a and rank 0 = rank 1 (red's back rank).  Printed as
file letter then rank number ("a1", "e10").  Red ("w" in the FEN, uppercase letters) sits at
the bottom and moves up (rank +1); black ("b", lowercase) at the top and moves down.

Move legality: a pseudo-legal move is played on a copy of the board; it is legal when,
afterwards, the mover's own general is not attacked by any enemy piece and the two generals
do not stand on one file with no piece between them
(docs/games/xiangqi.md#check-and-the-facing-generals).  Repetition, perpetual check and counting
never remove moves (docs/games/xiangqi.md#what-perft-counts); a position with no legal move
simply has no children.
"""

import random
import sys

RED = "w"
BLACK = "b"

GENERAL = "k"
ADVISOR = "a"
ELEPHANT = "b"
HORSE = "n"
CHARIOT = "r"
CANNON = "c"
SOLDIER = "p"

# FEN letter (lower case) -> piece kind.  "e" and "h" are the common synonyms for the
# elephant and the horse.
FEN_LETTERS = {
    "k": GENERAL, "a": ADVISOR, "b": ELEPHANT, "e": ELEPHANT, "n": HORSE, "h": HORSE,
    "r": CHARIOT, "c": CANNON, "p": SOLDIER,
}

ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
# Horse: (leg step, final offset).  The leg is the orthogonally adjacent point in the
# direction of the long part of the move.
HORSE_MOVES = (
    ((0, 1), (1, 2)), ((0, 1), (-1, 2)),
    ((0, -1), (1, -2)), ((0, -1), (-1, -2)),
    ((1, 0), (2, 1)), ((1, 0), (2, -1)),
    ((-1, 0), (-2, 1)), ((-1, 0), (-2, -1)),
)
# Elephant: (eye step, final offset).
ELEPHANT_MOVES = tuple(((dx, dy), (2 * dx, 2 * dy)) for dx, dy in DIAGONAL)


def other(color):
    return BLACK if color == RED else RED


def forward(color):
    return 1 if color == RED else -1


# ---------------------------------------------------------------------------
# Variants
# ---------------------------------------------------------------------------

class Variant:
    def __init__(self, name, files, ranks, palace_files, red_palace_ranks,
                 black_palace_ranks, river, kinds, start_fen):
        self.name = name
        self.files = files
        self.ranks = ranks
        self.palace_files = palace_files          # range of files of both palaces
        self.palace_ranks = {RED: red_palace_ranks, BLACK: black_palace_ranks}
        # river: None (no river, soldiers always move sideways, no elephants) or the
        # number of ranks on red's side (5 in Xiangqi: ranks 1..5 are red's side).
        self.river = river
        self.kinds = kinds                        # piece kinds that exist in the variant
        self.start_fen = start_fen

    def on_board(self, p):
        return 0 <= p[0] < self.files and 0 <= p[1] < self.ranks

    def in_palace(self, color, p):
        return p[0] in self.palace_files and p[1] in self.palace_ranks[color]

    def on_own_side(self, color, p):
        """True if p is on color's side of the river (elephants never leave it)."""
        if color == RED:
            return p[1] < self.river
        return p[1] >= self.river

    def soldier_may_go_sideways(self, color, p):
        """A soldier moves sideways once across the river; with no river, always."""
        if self.river is None:
            return True
        return not self.on_own_side(color, p)

    def point_name(self, p):
        return "abcdefghijklmnopqrstuvwxyz"[p[0]] + str(p[1] + 1)


VARIANTS = {
    "xiangqi": Variant(
        "xiangqi", 9, 10, range(3, 6), range(0, 3), range(7, 10), 5,
        {GENERAL, ADVISOR, ELEPHANT, HORSE, CHARIOT, CANNON, SOLDIER},
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"),
    "minixiangqi": Variant(
        "minixiangqi", 7, 7, range(2, 5), range(0, 3), range(4, 7), None,
        {GENERAL, HORSE, CHARIOT, CANNON, SOLDIER},
        "rcnkncr/p1ppp1p/7/7/7/P1PPP1P/RCNKNCR w - - 0 1"),
}


# ---------------------------------------------------------------------------
# FEN
# ---------------------------------------------------------------------------

def parse_fen(variant, fen):
    """Return (board, side).  board maps (file, rank) -> (color, kind)."""
    fen = fen.strip()
    if fen == "start":
        fen = variant.start_fen
    fields = fen.split()
    if not fields:
        raise ValueError("FEN: empty")
    rows = fields[0].split("/")
    if len(rows) != variant.ranks:
        raise ValueError("FEN: %d ranks, expected %d" % (len(rows), variant.ranks))
    board = {}
    for i, row in enumerate(rows):
        rank = variant.ranks - 1 - i              # the first row is the top rank
        f = 0
        digits = ""
        for ch in row + "/":
            if ch.isdigit():
                digits += ch
                continue
            if digits:
                f += int(digits)
                digits = ""
            if ch == "/":
                break
            kind = FEN_LETTERS.get(ch.lower())
            if kind is None:
                raise ValueError("FEN: unknown piece letter %r" % ch)
            if kind not in variant.kinds:
                raise ValueError("FEN: piece %r does not exist in %s" % (ch, variant.name))
            if f >= variant.files:
                raise ValueError("FEN: rank %d is too long" % (rank + 1))
            board[(f, rank)] = (RED if ch.isupper() else BLACK, kind)
            f += 1
        if f != variant.files:
            raise ValueError("FEN: rank %d has %d files, expected %d"
                             % (rank + 1, f, variant.files))
    side = RED
    if len(fields) > 1:
        if fields[1] in ("w", "r"):
            side = RED
        elif fields[1] == "b":
            side = BLACK
        else:
            raise ValueError("FEN: side to move must be w or b, got %r" % fields[1])
    for color in (RED, BLACK):
        n = sum(1 for c, k in board.values() if c == color and k == GENERAL)
        if n != 1:
            raise ValueError("FEN: %s has %d generals, expected 1"
                             % ("red" if color == RED else "black", n))
    return board, side


def to_fen(variant, board, side):
    rows = []
    for rank in range(variant.ranks - 1, -1, -1):
        row = ""
        empty = 0
        for f in range(variant.files):
            piece = board.get((f, rank))
            if piece is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            color, kind = piece
            row += kind.upper() if color == RED else kind
        if empty:
            row += str(empty)
        rows.append(row)
    return "/".join(rows) + " " + side + " - - 0 1"


# ---------------------------------------------------------------------------
# Move generation
# ---------------------------------------------------------------------------

def add(p, d):
    return (p[0] + d[0], p[1] + d[1])


def piece_targets(variant, board, p):
    """Points the piece on p may move to by its own movement rule (captures included, own
    pieces excluded), ignoring whether its general is left attacked."""
    color, kind = board[p]
    out = []

    def can_land(q):
        return variant.on_board(q) and (q not in board or board[q][0] != color)

    if kind == GENERAL:
        for d in ORTHOGONAL:
            q = add(p, d)
            if variant.in_palace(color, q) and can_land(q):
                out.append(q)
    elif kind == ADVISOR:
        for d in DIAGONAL:
            q = add(p, d)
            if variant.in_palace(color, q) and can_land(q):
                out.append(q)
    elif kind == ELEPHANT:
        for eye_step, offset in ELEPHANT_MOVES:
            q = add(p, offset)
            if not variant.on_board(q) or not variant.on_own_side(color, q):
                continue
            if add(p, eye_step) in board:         # elephant eye blocked
                continue
            if can_land(q):
                out.append(q)
    elif kind == HORSE:
        for leg_step, offset in HORSE_MOVES:
            q = add(p, offset)
            if not variant.on_board(q):
                continue
            if add(p, leg_step) in board:         # horse leg blocked
                continue
            if can_land(q):
                out.append(q)
    elif kind == CHARIOT:
        for d in ORTHOGONAL:
            q = add(p, d)
            while variant.on_board(q):
                if q in board:
                    if board[q][0] != color:
                        out.append(q)
                    break
                out.append(q)
                q = add(q, d)
    elif kind == CANNON:
        for d in ORTHOGONAL:
            q = add(p, d)
            # Quiet moves up to the first piece (the screen).
            while variant.on_board(q) and q not in board:
                out.append(q)
                q = add(q, d)
            if not variant.on_board(q):
                continue
            # q is the screen; the first piece beyond it may be captured if it is an enemy.
            q = add(q, d)
            while variant.on_board(q) and q not in board:
                q = add(q, d)
            if variant.on_board(q) and board[q][0] != color:
                out.append(q)
    elif kind == SOLDIER:
        steps = [(0, forward(color))]
        if variant.soldier_may_go_sideways(color, p):
            steps += [(1, 0), (-1, 0)]
        for d in steps:
            q = add(p, d)
            if can_land(q):
                out.append(q)
    else:
        raise ValueError(kind)
    return out


def general_of(board, color):
    for p, (c, k) in board.items():
        if c == color and k == GENERAL:
            return p
    raise ValueError("no general")


def is_attacked(variant, board, target, by):
    """True if a piece of colour `by` could move (capture) onto `target`.

    Works backwards from the target, one piece kind at a time.  The function
    is_attacked_slow below is the literal definition; `selfcheck` compares the two."""
    # Chariots and generals along lines; cannons behind exactly one screen.
    for d in ORTHOGONAL:
        q = add(target, d)
        first = True
        while variant.on_board(q) and q not in board:
            q = add(q, d)
            first = False
        if not variant.on_board(q):
            continue
        color, kind = board[q]
        if color == by and kind == CHARIOT:
            return True
        if (color == by and kind == GENERAL and first
                and variant.in_palace(by, target)):
            return True
        q = add(q, d)                             # beyond the screen
        while variant.on_board(q) and q not in board:
            q = add(q, d)
        if variant.on_board(q) and board[q] == (by, CANNON):
            return True
    # Horses: the horse stands at target - offset; its leg is next to the horse.
    for leg_step, offset in HORSE_MOVES:
        h = (target[0] - offset[0], target[1] - offset[1])
        if board.get(h) == (by, HORSE) and add(h, leg_step) not in board:
            return True
    # Soldiers: forward from behind, sideways when allowed on their point.
    h = (target[0], target[1] - forward(by))
    if board.get(h) == (by, SOLDIER):
        return True
    for dx in (1, -1):
        h = (target[0] + dx, target[1])
        if board.get(h) == (by, SOLDIER) and variant.soldier_may_go_sideways(by, h):
            return True
    # Advisors and elephants (they never reach the enemy general, but are kept for
    # completeness: the function answers the general question).
    if variant.in_palace(by, target):
        for d in DIAGONAL:
            if board.get(add(target, d)) == (by, ADVISOR):
                return True
    if variant.river is not None and variant.on_own_side(by, target):
        for eye_step, offset in ELEPHANT_MOVES:
            h = (target[0] - offset[0], target[1] - offset[1])
            if board.get(h) == (by, ELEPHANT) and add(h, eye_step) not in board:
                return True
    return False


def is_attacked_slow(variant, board, target, by):
    """The definition: some piece of `by` has `target` among its targets."""
    for p, (c, k) in list(board.items()):
        if c == by and target in piece_targets(variant, board, p):
            return True
    return False


def generals_face(board):
    """True if the two generals stand on one file with no piece between them."""
    r = general_of(board, RED)
    b = general_of(board, BLACK)
    if r[0] != b[0]:
        return False
    lo, hi = sorted((r[1], b[1]))
    for rank in range(lo + 1, hi):
        if (r[0], rank) in board:
            return False
    return True


def make_move(board, move):
    frm, to = move
    new = dict(board)
    new[to] = new.pop(frm)                        # a capture simply replaces the piece
    return new


def is_legal_after(variant, board_after, mover, attacked=is_attacked):
    if generals_face(board_after):
        return False
    return not attacked(variant, board_after, general_of(board_after, mover), other(mover))


def legal_moves(variant, board, side, attacked=is_attacked):
    """List of legal moves (from point, to point)."""
    result = []
    for p, (color, kind) in list(board.items()):
        if color != side:
            continue
        for q in piece_targets(variant, board, p):
            move = (p, q)
            if is_legal_after(variant, make_move(board, move), side, attacked):
                result.append(move)
    return result


def in_check(variant, board, side):
    return is_attacked(variant, board, general_of(board, side), other(side))


# ---------------------------------------------------------------------------
# Perft
# ---------------------------------------------------------------------------

def perft(variant, board, side, depth):
    if depth == 0:
        return 1
    moves = legal_moves(variant, board, side)
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        total += perft(variant, make_move(board, m), other(side), depth - 1)
    return total


def move_name(variant, move):
    return variant.point_name(move[0]) + variant.point_name(move[1])


def sort_key(move):
    return (move[0], move[1])


# ---------------------------------------------------------------------------
# Self-check: fast attack test against the literal definition on random play
# ---------------------------------------------------------------------------

def selfcheck(variant, board, side, games, plies, seed):
    rng = random.Random(seed)
    positions = 0
    for _ in range(games):
        b, s = dict(board), side
        for _ in range(plies):
            fast = sorted(legal_moves(variant, b, s), key=sort_key)
            slow = sorted(legal_moves(variant, b, s, attacked=is_attacked_slow), key=sort_key)
            if fast != slow:
                print("MISMATCH at", to_fen(variant, b, s))
                return 1
            # Every point, as a capture target: an empty point gets a temporary piece of
            # the other colour (a cannon captures differently from how it moves), and a
            # point held by the attacking side is skipped.
            points = [(f, r) for f in range(variant.files) for r in range(variant.ranks)]
            for p in points:
                for color in (RED, BLACK):
                    if p in b and b[p][0] == color:
                        continue
                    t = dict(b)
                    if p not in t:
                        t[p] = (other(color), SOLDIER)
                    if is_attacked(variant, t, p, color) != is_attacked_slow(variant, t, p, color):
                        print("MISMATCH attack on", variant.point_name(p), color,
                              "at", to_fen(variant, b, s))
                        return 1
            positions += 1
            if not fast:
                break
            b = make_move(b, rng.choice(fast))
            s = other(s)
    print("ok: %d positions" % positions)
    return 0


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------

def usage():
    sys.stderr.write(
        "usage:\n"
        "  xiangqi_oracle.py perft VARIANT FEN DEPTH\n"
        "  xiangqi_oracle.py divide VARIANT FEN DEPTH\n"
        "  xiangqi_oracle.py moves VARIANT FEN\n"
        "  xiangqi_oracle.py selfcheck VARIANT FEN GAMES PLIES [SEED]\n"
        "VARIANT: " + ", ".join(VARIANTS) + "; FEN may be 'start'\n")
    sys.exit(2)


def main(argv):
    if len(argv) < 3:
        usage()
    cmd, vname, fen = argv[0], argv[1], argv[2]
    if vname not in VARIANTS:
        sys.stderr.write("unknown variant %r\n" % vname)
        usage()
    variant = VARIANTS[vname]
    try:
        board, side = parse_fen(variant, fen)
    except ValueError as e:
        sys.stderr.write("%s\n" % e)
        return 2
    if cmd == "moves":
        if len(argv) != 3:
            usage()
        for m in sorted(legal_moves(variant, board, side), key=sort_key):
            print(move_name(variant, m))
    elif cmd in ("perft", "divide"):
        if len(argv) != 4:
            usage()
        depth = int(argv[3])
        if cmd == "perft":
            print(perft(variant, board, side, depth))
            return 0
        if depth < 1:
            usage()
        total = 0
        for m in sorted(legal_moves(variant, board, side), key=sort_key):
            n = perft(variant, make_move(board, m), other(side), depth - 1)
            total += n
            print("%s: %d" % (move_name(variant, m), n))
        print()
        print("Nodes searched: %d" % total)
    elif cmd == "selfcheck":
        if len(argv) not in (5, 6):
            usage()
        seed = int(argv[5]) if len(argv) == 6 else 1
        return selfcheck(variant, board, side, int(argv[3]), int(argv[4]), seed)
    else:
        usage()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
