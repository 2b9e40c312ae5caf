#!/usr/bin/env python3
"""Independent reference implementation ("oracle") of draughts move generation and perft.

Written from the rule text only, without looking at the project's Rust engine: the rules and
counting conventions that docs/games/draughts.md states (sections "What all the variants share",
"The variants compared", "Capture precedence" and "What counts as one move").  It is
deliberately plain and slow: coordinates, explicit recursion, dictionaries and sets.

Usage:
    python3 tools/oracle.py perft VARIANT FEN DEPTH [--count unique|paths|both] [--memo]
    python3 tools/oracle.py moves VARIANT FEN
    python3 tools/oracle.py stats VARIANT FEN DEPTH [--all]

VARIANT: american, russian, brazilian, spanish, italian, czech, international (the oracle's
first seven), and pool, thai, killer, russian-12x8, international-12x10, frisian, canadian,
turkish, turkish-continue-as-king.
FEN: a PDN FEN such as "W:W21-32:B1-12", or "start".  A square may also be written as an
algebraic name (column letter, row number from the bottom: "d3", king "Kd3"); it must be a
playable square.

Board conventions
-----------------
Row 0 is the top of the diagram.  White sits at the bottom and moves up (toward row 0);
black moves down.  Except in turkish, only dark squares are used and they are numbered
1..N row by row from the top-left dark square, left to right.
  - 8x8 with a1 dark (american, russian, brazilian, czech): 1 = b8, 4 = h8, 29 = a1, 32 = g1.
  - 8x8 with a1 light (italian, spanish): 1 = a8, 4 = g8, 29 = b1, 32 = h1.
  - 10x10 (international, killer): 1 = b10, 5 = j10, 46 = a1, 50 = i1.
  - Other boards (columns x rows, columns even): the same rule, the bottom-left corner is
    dark when a1 is dark.  12x8 (russian-12x8): 1 = b8, 6 = l8, 43 = a1, 48 = k1.
    12x10 (international-12x10): 1 = b10, 6 = l10, 55 = a1, 60 = k1.
  - 10x10 frisian: as international, 1 = b10, 46 = a1, 50 = i1.
  - 12x12 (canadian): 1 = b12, 6 = l12, 67 = a1, 72 = k1.
  - turkish, turkish-continue-as-king: all 64 squares are played, numbered 1..64 row by
    row from the top-left: 1 = a8, 8 = h8, 57 = a1, 64 = h1.  Start W:W41-56:B9-24 (each
    side's men on its second and third rows), white first.

Directions
----------
Diagonal variants (all but frisian and turkish): men move one square diagonally forward,
kings diagonally (flying or not); captures are diagonal.
frisian: moves as in international; men and kings also capture along rows and columns,
forward and backward.  On a board of dark squares the next dark square along a row or a
column is two cells away, so an orthogonal step is (0, +-2) or (+-2, 0): a man on (r, c)
takes (r, c+2) and lands on (r, c+4); a flying king steps two cells at a time.
turkish: everything is orthogonal (all squares are played, steps of one cell): men move and
capture one square forward or sideways, never backward; kings fly like a rook.  A capture
may not turn 180 degrees between two consecutive jumps.
"""

import sys

WHITE = "w"
BLACK = "b"

ALL_DIRECTIONS = ((-1, -1), (-1, 1), (1, -1), (1, 1))
# Along rows and columns: one cell when every square is played (turkish), two cells to
# the next dark square on a board of dark squares (frisian).
ORTHOGONAL_1 = ((-1, 0), (0, -1), (0, 1), (1, 0))
ORTHOGONAL_2 = ((-2, 0), (0, -2), (0, 2), (2, 0))


# ---------------------------------------------------------------------------
# Variants
# ---------------------------------------------------------------------------

class Variant:
    def __init__(self, name, columns, rows, a1_dark, men_rows, man_captures_backward,
                 flying_kings, man_captures_king, removal, promotion_in_capture,
                 precedence, landing="any-square-beyond", geometry="diagonal",
                 all_squares=False, no_reverse=False, start_fen=None, values=(1, 1)):
        if columns % 2 != 0 or columns < 4 or rows < 4:
            raise ValueError("board must have an even number (>= 4) of columns and >= 4 rows")
        if 2 * men_rows > rows:
            raise ValueError("too many rows of men for the board")
        self.name = name
        self.columns = columns                # board is columns wide and rows high
        self.rows = rows
        self.a1_dark = a1_dark
        self.men_rows = men_rows              # rows of men per side at the start
        self.man_captures_backward = man_captures_backward
        self.flying_kings = flying_kings
        self.man_captures_king = man_captures_king
        self.removal = removal                # "immediate" or "end"
        # What happens when a man reaches the far row during a capture:
        #   "ends"      : crowned, the move ends there
        #   "continue"  : crowned, goes on capturing as a king
        #   "only-end"  : stays a man and goes on; crowned only if the capture ends there
        self.promotion_in_capture = promotion_in_capture
        # Ordered list of capture filters, applied after the compulsory-capture rule:
        #   "max-pieces", "by-king", "most-kings", "king-earliest", "king-if-any" (czech),
        #   "most-value" (the highest value, as `values` gives a man and a king),
        #   "frisian-value" (highest value, a man 1 and a king "almost 2": compare
        #   men + 2 x kings, then fewer kings)
        self.precedence = precedence
        # "most-value": the captures taking the highest value, a man worth values[0] and a
        # king values[1].
        self.values = values
        # Where a flying king may land after jumping a piece:
        #   "any-square-beyond"         : any empty square beyond it (the capture must go on
        #                                 if it can from some of them)
        #   "directly-behind"           : only the square immediately beyond it
        #   "directly-behind-last-king" : as "any-square-beyond", except that when the last
        #                                 piece of the capture is a king the king must stop
        #                                 on the square immediately beyond it
        if landing not in ("any-square-beyond", "directly-behind",
                           "directly-behind-last-king"):
            raise ValueError("unknown landing rule %r" % landing)
        self.landing = landing
        # Directions of moves and captures:
        #   "diagonal" : everything diagonal (the first seven variants)
        #   "frisian"  : moves diagonal; men and kings also capture along rows and columns
        #                (steps of two cells: the next dark square), forward and backward
        #   "orthogonal": everything along rows and columns (turkish); men move and capture
        #                forward or sideways (backward too for captures if
        #                man_captures_backward), kings like a rook
        if geometry not in ("diagonal", "frisian", "orthogonal"):
            raise ValueError("unknown geometry %r" % geometry)
        self.geometry = geometry
        self.all_squares = all_squares        # every square is played (turkish)
        self.no_reverse = no_reverse          # no 180-degree turn between two jumps
        self.start_fen = start_fen            # start position, when not the usual one

        # Playable squares and their numbers.
        self.squares = []                     # list of (r, c) in number order
        for r in range(rows):
            for c in range(columns):
                if self.is_playable(r, c):
                    self.squares.append((r, c))
        self.number = {sq: i + 1 for i, sq in enumerate(self.squares)}
        self.square_of = {i + 1: sq for i, sq in enumerate(self.squares)}

    def is_dark(self, r, c):
        # Bottom-left corner is (rows-1, 0).  When a1 is dark, that square is dark.
        bottom_left_parity = (self.rows - 1 + 0) % 2
        if self.a1_dark:
            return (r + c) % 2 == bottom_left_parity
        return (r + c) % 2 != bottom_left_parity

    def is_playable(self, r, c):
        return self.all_squares or self.is_dark(r, c)

    def on_board(self, r, c):
        return 0 <= r < self.rows and 0 <= c < self.columns

    def far_row(self, color):
        return 0 if color == WHITE else self.rows - 1

    def forward(self, color):
        return -1 if color == WHITE else 1

    def man_move_directions(self, color):
        f = self.forward(color)
        if self.geometry == "orthogonal":
            return ((f, 0), (0, -1), (0, 1))
        return tuple(d for d in ALL_DIRECTIONS if d[0] == f)

    def king_move_directions(self):
        if self.geometry == "orthogonal":
            return ORTHOGONAL_1
        return ALL_DIRECTIONS

    def capture_directions(self, color, is_king):
        if self.geometry == "frisian":
            return ALL_DIRECTIONS + ORTHOGONAL_2
        if self.geometry == "orthogonal":
            if is_king or self.man_captures_backward:
                return ORTHOGONAL_1
            return ((self.forward(color), 0), (0, -1), (0, 1))
        if is_king or self.man_captures_backward:
            return ALL_DIRECTIONS
        f = self.forward(color)
        return tuple(d for d in ALL_DIRECTIONS if d[0] == f)

    def start_position(self):
        if self.start_fen is not None:
            return parse_fen(self, self.start_fen)
        n = len(self.squares)
        per_side = self.men_rows * (self.columns // 2)   # every row has columns/2 dark squares
        board = {}
        for i in range(1, per_side + 1):
            board[self.square_of[i]] = (BLACK, False)
        for i in range(n - per_side + 1, n + 1):
            board[self.square_of[i]] = (WHITE, False)
        first = BLACK if self.name == "american" else WHITE
        return board, first


VARIANTS = {
    "american": Variant("american", 8, 8, True, 3,
                        man_captures_backward=False, flying_kings=False,
                        man_captures_king=True, removal="immediate",
                        promotion_in_capture="ends", precedence=[]),
    "russian": Variant("russian", 8, 8, True, 3,
                       man_captures_backward=True, flying_kings=True,
                       man_captures_king=True, removal="end",
                       promotion_in_capture="continue", precedence=[]),
    "brazilian": Variant("brazilian", 8, 8, True, 3,
                         man_captures_backward=True, flying_kings=True,
                         man_captures_king=True, removal="end",
                         promotion_in_capture="only-end", precedence=["max-pieces"]),
    "spanish": Variant("spanish", 8, 8, False, 3,
                       man_captures_backward=False, flying_kings=True,
                       man_captures_king=True, removal="end",
                       promotion_in_capture="ends",
                       precedence=["max-pieces", "most-kings"]),
    "italian": Variant("italian", 8, 8, False, 3,
                       man_captures_backward=False, flying_kings=False,
                       man_captures_king=False, removal="end",
                       promotion_in_capture="ends",
                       precedence=["max-pieces", "by-king", "most-kings", "king-earliest"]),
    "czech": Variant("czech", 8, 8, True, 3,
                     man_captures_backward=False, flying_kings=True,
                     man_captures_king=True, removal="end",
                     promotion_in_capture="ends", precedence=["king-if-any"]),
    "international": Variant("international", 10, 10, True, 4,
                             man_captures_backward=True, flying_kings=True,
                             man_captures_king=True, removal="end",
                             promotion_in_capture="only-end", precedence=["max-pieces"]),
    # Variants beyond the first seven (see tools/README.md).
    # pool: Russian, but a man reaching the far row mid-capture goes on as a man.
    "pool": Variant("pool", 8, 8, True, 3,
                    man_captures_backward=True, flying_kings=True,
                    man_captures_king=True, removal="end",
                    promotion_in_capture="only-end", precedence=[]),
    # thai: 2 rows of men, forward-only man captures, immediate removal, the king lands
    # directly behind the piece it takes.
    "thai": Variant("thai", 8, 8, True, 2,
                    man_captures_backward=False, flying_kings=True,
                    man_captures_king=True, removal="immediate",
                    promotion_in_capture="ends", precedence=[],
                    landing="directly-behind"),
    # killer: International, but a king taking a king as the last piece stops right behind it.
    "killer": Variant("killer", 10, 10, True, 4,
                      man_captures_backward=True, flying_kings=True,
                      man_captures_king=True, removal="end",
                      promotion_in_capture="only-end", precedence=["max-pieces"],
                      landing="directly-behind-last-king"),
    # Russian rules on 12 columns x 8 rows.
    "russian-12x8": Variant("russian-12x8", 12, 8, True, 3,
                            man_captures_backward=True, flying_kings=True,
                            man_captures_king=True, removal="end",
                            promotion_in_capture="continue", precedence=[]),
    # International rules on 12 columns x 10 rows.
    "international-12x10": Variant("international-12x10", 12, 10, True, 4,
                                   man_captures_backward=True, flying_kings=True,
                                   man_captures_king=True, removal="end",
                                   promotion_in_capture="only-end",
                                   precedence=["max-pieces"]),
    # Russian rules with every precedence criterion, each able to bite: the highest value (a
    # man 3, a king 5), then a king's capture, the most kings, the king taken earliest, the
    # most pieces.
    "russian-every-criterion": Variant("russian-every-criterion", 8, 8, True, 3,
                                       man_captures_backward=True, flying_kings=True,
                                       man_captures_king=True, removal="end",
                                       promotion_in_capture="continue",
                                       precedence=["most-value", "by-king", "most-kings",
                                                   "king-earliest", "max-pieces"],
                                       values=(3, 5)),
    # frisian: 10x10 as international; men and kings also capture along rows and columns;
    # flying kings move diagonally only; the capture of the highest value is compulsory
    # (a king "almost two" men), then a king must capture if it can take that value.
    "frisian": Variant("frisian", 10, 10, True, 4,
                       man_captures_backward=True, flying_kings=True,
                       man_captures_king=True, removal="end",
                       promotion_in_capture="only-end",
                       precedence=["frisian-value", "by-king"], geometry="frisian"),
    # canadian: international rules on 12x12, 30 men each.
    "canadian": Variant("canadian", 12, 12, True, 5,
                        man_captures_backward=True, flying_kings=True,
                        man_captures_king=True, removal="end",
                        promotion_in_capture="only-end", precedence=["max-pieces"]),
    # turkish: all 64 squares, orthogonal men (forward, sideways) and rook-like flying
    # kings, immediate removal, no 180-degree turn within a capture, most pieces
    # compulsory; a man reaching the far row during a capture goes on as a man.
    "turkish": Variant("turkish", 8, 8, True, 2,
                       man_captures_backward=False, flying_kings=True,
                       man_captures_king=True, removal="immediate",
                       promotion_in_capture="only-end", precedence=["max-pieces"],
                       geometry="orthogonal", all_squares=True, no_reverse=True,
                       start_fen="W:W41-56:B9-24"),
    # The other reading: crowned at once, goes on capturing as a flying king.
    "turkish-continue-as-king": Variant("turkish-continue-as-king", 8, 8, True, 2,
                                        man_captures_backward=False, flying_kings=True,
                                        man_captures_king=True, removal="immediate",
                                        promotion_in_capture="continue",
                                        precedence=["max-pieces"],
                                        geometry="orthogonal", all_squares=True,
                                        no_reverse=True, start_fen="W:W41-56:B9-24"),
}


# ---------------------------------------------------------------------------
# FEN
# ---------------------------------------------------------------------------

def parse_fen(variant, fen):
    """Return (board, side).  board maps (r, c) -> (color, is_king)."""
    fen = fen.strip()
    if fen == "start":
        return variant.start_position()
    if fen.endswith("."):
        fen = fen[:-1]
    fields = [f.strip() for f in fen.split(":")]
    side_field = fields[0].upper()
    if side_field not in ("W", "B"):
        raise ValueError("FEN: side to move must be W or B, got %r" % fields[0])
    side = WHITE if side_field == "W" else BLACK
    board = {}
    for field in fields[1:]:
        if not field:
            continue
        head = field[0].upper()
        if head in ("H", "F"):
            continue                          # half-move clock / move number: ignored
        if head not in ("W", "B"):
            raise ValueError("FEN: unexpected field %r" % field)
        color = WHITE if head == "W" else BLACK
        body = field[1:].strip()
        if not body:
            continue
        for item in body.split(","):
            item = item.strip()
            if not item:
                continue
            king = False
            # "K46", "K46-K48": king on a numbered square; "Kd3": king on d3; "k1" is
            # a king on square 1 (an algebraic square on column k needs "Kk1" or a number).
            if item[0] in "Kk" and (len(item) == 1 or not item[1].isalpha()
                                    or item[2:].isdigit()):
                king = True
                item = item[1:]
            if item[:1].isalpha():
                sq = parse_algebraic(variant, item)
                if sq in board:
                    raise ValueError("FEN: square %s given twice" % item)
                board[sq] = (color, king)
                continue
            if "-" in item:
                lo, hi = item.split("-", 1)
                if hi and hi[0] in "Kk":
                    hi = hi[1:]
                numbers = range(int(lo), int(hi) + 1)
            else:
                numbers = [int(item)]
            for n in numbers:
                if n not in variant.square_of:
                    raise ValueError("FEN: square %d is not on the board" % n)
                sq = variant.square_of[n]
                if sq in board:
                    raise ValueError("FEN: square %d given twice" % n)
                board[sq] = (color, king)
    return board, side


def parse_algebraic(variant, name):
    """'d3' -> (r, c): column letter, then row number counted from the bottom."""
    col = ord(name[0].lower()) - ord("a")
    if not name[1:].isdigit():
        raise ValueError("FEN: bad square %r" % name)
    r = variant.rows - int(name[1:])
    if not (variant.on_board(r, col) and variant.is_playable(r, col)):
        raise ValueError("FEN: square %r is not a playable square" % name)
    return (r, col)


# ---------------------------------------------------------------------------
# Move generation
# ---------------------------------------------------------------------------

class Move:
    """A unique move: (from, to, frozenset of captured squares, promotes)."""

    def __init__(self, frm, to, captured, promotes):
        self.frm = frm
        self.to = to
        self.captured = frozenset(captured)
        self.promotes = promotes
        self.path_keys = set()               # distinct jump sequences (see path_key)

    def key(self):
        return (self.frm, self.to, self.captured, self.promotes)


class Sequence:
    """One complete capture sequence, as produced by the search."""

    def __init__(self, frm, jumps, final_sq, promotes, by_king, captured_kings):
        self.frm = frm
        self.jumps = jumps                   # list of (direction, captured_sq, landing_sq)
        self.final_sq = final_sq
        self.promotes = promotes
        self.by_king = by_king               # the moving piece was a king when the move began
        self.captured_kings = captured_kings # list of booleans, one per jump, in jump order

    def captured(self):
        return [j[1] for j in self.jumps]

    def path_key(self):
        """Identify the path.  A landing square followed by a jump in the same direction is
        left out: a flying king taking two pieces on one line in one direction makes one
        path whichever empty square between them it touches."""
        parts = []
        for i, (d, cap, land) in enumerate(self.jumps):
            if i + 1 < len(self.jumps) and self.jumps[i + 1][0] == d:
                parts.append((cap, None))
            else:
                parts.append((cap, land))
        return tuple(parts)


def capture_sequences_from(variant, board, frm):
    """All complete capture sequences of the piece on frm (before precedence filters)."""
    color, king = board[frm]
    enemy = BLACK if color == WHITE else WHITE
    # The moving piece's own square is empty during its move.
    others = dict(board)
    del others[frm]
    results = []

    def occupied(sq, taken):
        if sq not in others:
            return False
        if variant.removal == "immediate" and sq in taken:
            return False
        return True

    def can_take(sq, taken, is_king):
        if sq not in others or sq in taken:
            return False
        c, k = others[sq]
        if c != enemy:
            return False
        if k and not is_king and not variant.man_captures_king:
            return False
        return True

    def single_jumps(cur, is_king, taken, last=None):
        """List of (direction, captured_sq, [landing squares]) from cur.  `last` is the
        direction of the previous jump (for the no-180-degree-turn rule)."""
        out = []
        flying = is_king and variant.flying_kings
        for d in variant.capture_directions(color, is_king):
            dr, dc = d
            if variant.no_reverse and last is not None and (dr, dc) == (-last[0], -last[1]):
                continue
            r, c = cur
            r += dr
            c += dc
            if flying:
                while variant.on_board(r, c) and not occupied((r, c), taken):
                    r += dr
                    c += dc
            if not variant.on_board(r, c):
                continue
            target = (r, c)
            if not can_take(target, taken, is_king):
                continue
            landings = []
            r += dr
            c += dc
            while variant.on_board(r, c) and not occupied((r, c), taken):
                landings.append((r, c))
                if not flying:
                    break
                r += dr
                c += dc
            if landings:
                out.append((d, target, landings))
        return out

    def after_landing(land, is_king, promoted):
        """State after a jump lands on `land`: (is_king, promoted, may_continue)."""
        if not is_king and land[0] == variant.far_row(color):
            rule = variant.promotion_in_capture
            if rule == "ends":
                return True, True, False
            if rule == "continue":
                return True, True, True
            # "only-end": stays a man for now
            return False, False, True
        return is_king, promoted, True

    def search(cur, is_king, promoted, taken, jumps):
        options = single_jumps(cur, is_king, taken, jumps[-1][0] if jumps else None)
        if not options and jumps:
            finish(cur, is_king, promoted, jumps)
            return
        flying = is_king and variant.flying_kings
        for d, target, landings in options:
            new_taken = taken | {target}
            if flying and variant.landing == "directly-behind":
                landings = landings[:1]
            nexts = []
            for land in landings:
                k2, p2, may_continue = after_landing(land, is_king, promoted)
                cont = may_continue and bool(single_jumps(land, k2, new_taken, d))
                nexts.append((land, k2, p2, cont))
            # A capture must go on while it can: if it can continue from some landing
            # squares, the piece must land on one of those.
            if any(n[3] for n in nexts):
                nexts = [n for n in nexts if n[3]]
            elif (flying and variant.landing == "directly-behind-last-king"
                  and others[target][1]):
                # The capture ends with this jump and its last piece is a king: the king
                # must stop on the square directly behind it.  (When the capture goes on,
                # a king taken here restricts nothing.)
                nexts = [n for n in nexts if n[0] == landings[0]]
            for land, k2, p2, cont in nexts:
                new_jumps = jumps + [(d, target, land)]
                if cont:
                    search(land, k2, p2, new_taken, new_jumps)
                else:
                    finish(land, k2, p2, new_jumps)

    def finish(final_sq, is_king, promoted, jumps):
        promotes = promoted
        if not king and not promoted and final_sq[0] == variant.far_row(color):
            promotes = True                  # "only-end": crowned because it ends there
        kings = [others[j[1]][1] for j in jumps]
        results.append(Sequence(frm, jumps, final_sq, promotes, king, kings))

    search(frm, king, False, frozenset(), [])
    return results


def apply_precedence(variant, seqs):
    for rule in variant.precedence:
        if not seqs:
            break
        if rule == "max-pieces":
            best = max(len(s.jumps) for s in seqs)
            seqs = [s for s in seqs if len(s.jumps) == best]
        elif rule == "by-king" or rule == "king-if-any":
            if any(s.by_king for s in seqs):
                seqs = [s for s in seqs if s.by_king]
        elif rule == "frisian-value":
            def value(s):
                kings = sum(s.captured_kings)
                men = len(s.jumps) - kings
                return (men + 2 * kings, -kings)
            best = max(value(s) for s in seqs)
            seqs = [s for s in seqs if value(s) == best]
        elif rule == "most-value":
            def worth(s):
                kings = sum(s.captured_kings)
                men = len(s.jumps) - kings
                return men * variant.values[0] + kings * variant.values[1]
            best = max(worth(s) for s in seqs)
            seqs = [s for s in seqs if worth(s) == best]
        elif rule == "most-kings":
            best = max(sum(s.captured_kings) for s in seqs)
            seqs = [s for s in seqs if sum(s.captured_kings) == best]
        elif rule == "king-earliest":
            def king_indices(s):
                return tuple(i for i, k in enumerate(s.captured_kings) if k)
            best = min(king_indices(s) for s in seqs)
            seqs = [s for s in seqs if king_indices(s) == best]
        else:
            raise ValueError(rule)
    return seqs


def legal_moves(variant, board, side):
    """Return the list of unique legal moves (Move objects, each with its path keys)."""
    seqs = []
    for sq, (color, king) in board.items():
        if color == side:
            seqs.extend(capture_sequences_from(variant, board, sq))
    moves = {}
    if seqs:
        # Capture is compulsory.
        seqs = apply_precedence(variant, seqs)
        for s in seqs:
            m = Move(s.frm, s.final_sq, s.captured(), s.promotes)
            m = moves.setdefault(m.key(), m)
            m.path_keys.add(s.path_key())
        return list(moves.values())

    # Ordinary moves.
    result = []
    for sq, (color, king) in board.items():
        if color != side:
            continue
        if king:
            dirs = variant.king_move_directions()
        else:
            dirs = variant.man_move_directions(color)
        for dr, dc in dirs:
            r, c = sq[0] + dr, sq[1] + dc
            while variant.on_board(r, c) and (r, c) not in board:
                promotes = (not king) and r == variant.far_row(color)
                m = Move(sq, (r, c), (), promotes)
                m.path_keys.add(())
                result.append(m)
                if not (king and variant.flying_kings):
                    break
                r += dr
                c += dc
    return result


def make_move(board, move):
    color, king = board[move.frm]
    new = dict(board)
    del new[move.frm]
    for sq in move.captured:
        del new[sq]
    new[move.to] = (color, king or move.promotes)
    return new


# ---------------------------------------------------------------------------
# Perft
# ---------------------------------------------------------------------------

def perft_both(variant, board, side, depth):
    """(unique, paths) in one walk of the tree."""
    if depth == 0:
        return 1, 1
    moves = legal_moves(variant, board, side)
    if depth == 1:
        return len(moves), sum(len(m.path_keys) for m in moves)
    other = BLACK if side == WHITE else WHITE
    unique = paths = 0
    for m in moves:
        u, p = perft_both(variant, make_move(board, m), other, depth - 1)
        unique += u
        paths += len(m.path_keys) * p
    return unique, paths


def perft(variant, board, side, depth, paths):
    if depth == 0:
        return 1
    moves = legal_moves(variant, board, side)
    if depth == 1:
        if paths:
            return sum(len(m.path_keys) for m in moves)
        return len(moves)
    other = BLACK if side == WHITE else WHITE
    total = 0
    for m in moves:
        weight = len(m.path_keys) if paths else 1
        total += weight * perft(variant, make_move(board, m), other, depth - 1, paths)
    return total


def perft_memo(variant, board, side, depth, paths, memo=None):
    """perft, each (position, side, depth) counted once: for deep trees of few positions,
    such as kings alone going to and fro."""
    if memo is None:
        memo = {}
    key = (frozenset(board.items()), side, depth)
    if key in memo:
        return memo[key]
    if depth <= 1:
        total = perft(variant, board, side, depth, paths)
    else:
        other = BLACK if side == WHITE else WHITE
        total = 0
        for m in legal_moves(variant, board, side):
            weight = len(m.path_keys) if paths else 1
            total += weight * perft_memo(variant, make_move(board, m), other, depth - 1,
                                         paths, memo)
    memo[key] = total
    return total


def perft_stats(variant, board, side, depth):
    """Statistics of the leaf moves (unique convention) for every depth 1..depth, in one
    walk of the tree: a list, one entry per depth, of
    [nodes, captures, promotions, longest_capture].  The leaf moves at depth d are the
    legal moves of the positions d-1 plies from the root; nodes counts them, captures
    those that take at least one piece, promotions those that crown a man, and
    longest_capture is the most pieces one of them takes (0 when none captures)."""
    stats = [[0, 0, 0, 0] for _ in range(depth)]

    def walk(board, side, ply):
        moves = legal_moves(variant, board, side)
        row = stats[ply]
        for m in moves:
            row[0] += 1
            taken = len(m.captured)
            if taken:
                row[1] += 1
                if taken > row[3]:
                    row[3] = taken
            if m.promotes:
                row[2] += 1
        if ply + 1 < depth:
            other = BLACK if side == WHITE else WHITE
            for m in moves:
                walk(make_move(board, m), other, ply + 1)

    if depth > 0:
        walk(board, side, 0)
    return stats


def format_stats(row):
    return "nodes=%d captures=%d promotions=%d longest_capture=%d" % tuple(row)


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------

def usage():
    sys.stderr.write(
        "usage:\n"
        "  oracle.py perft VARIANT FEN DEPTH [--count unique|paths|both]\n"
        "  oracle.py moves VARIANT FEN\n"
        "  oracle.py stats VARIANT FEN DEPTH [--all]\n"
        "VARIANT: " + ", ".join(VARIANTS) + "; FEN may be 'start'\n")
    sys.exit(2)


def format_move(variant, m):
    num = variant.number
    sep = "x" if m.captured else "-"
    caps = ",".join(str(n) for n in sorted(num[s] for s in m.captured)) or "-"
    return "%d%s%d captured=%s promotes=%s paths=%d" % (
        num[m.frm], sep, num[m.to], caps, "yes" if m.promotes else "no", len(m.path_keys))


def main(argv):
    if len(argv) < 3:
        usage()
    cmd, vname, fen = argv[0], argv[1], argv[2]
    if vname not in VARIANTS:
        sys.stderr.write("unknown variant %r\n" % vname)
        usage()
    variant = VARIANTS[vname]
    board, side = parse_fen(variant, fen)
    if cmd == "moves":
        if len(argv) != 3:
            usage()
        moves = legal_moves(variant, board, side)
        num = variant.number
        moves.sort(key=lambda m: (num[m.frm], num[m.to],
                                  sorted(num[s] for s in m.captured), m.promotes))
        for m in moves:
            print(format_move(variant, m))
    elif cmd == "perft":
        rest = argv[3:]
        if not rest:
            usage()
        depth = int(rest[0])
        count = "unique"
        memo = False
        i = 1
        while i < len(rest):
            if rest[i] == "--memo":
                memo = True
                i += 1
            elif rest[i] == "--count" and i + 1 < len(rest):
                count = rest[i + 1]
                i += 2
            elif rest[i].startswith("--count="):
                count = rest[i].split("=", 1)[1]
                i += 1
            else:
                usage()
        if count not in ("unique", "paths", "both"):
            usage()
        if memo and count == "both":
            print("unique=%d paths=%d" % (perft_memo(variant, board, side, depth, False),
                                          perft_memo(variant, board, side, depth, True)))
        elif memo:
            print(perft_memo(variant, board, side, depth, count == "paths"))
        elif count == "both":
            print("unique=%d paths=%d" % perft_both(variant, board, side, depth))
        else:
            print(perft(variant, board, side, depth, count == "paths"))
    elif cmd == "stats":
        rest = argv[3:]
        if not rest or len(rest) > 2 or (len(rest) == 2 and rest[1] != "--all"):
            usage()
        depth = int(rest[0])
        if depth < 0:
            usage()
        if depth == 0:
            print(format_stats([1, 0, 0, 0]))   # the root alone, no leaf move
            return
        stats = perft_stats(variant, board, side, depth)
        if len(rest) == 2:
            for d, row in enumerate(stats, 1):
                print("depth=%d %s" % (d, format_stats(row)))
        else:
            print(format_stats(stats[-1]))
    else:
        usage()


if __name__ == "__main__":
    main(sys.argv[1:])
