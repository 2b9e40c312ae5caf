"""Board-game rules as data: draughts and the chess family (chess, its variants, Xiangqi)
from TOML rules files, with legal moves, play and exact perft.

>>> import rulebench
>>> russian = rulebench.load("russian")
>>> russian.perft(None, 4)
1469
>>> board = russian.start()
>>> board.push("c3-d4").notation
'c3-d4'

A variant is a shipped id (``rulebench.variants()``), a path to a rules file, or the text
of one (``rulebench.load_rules(text)``), optionally with ``+house-rule``s. Errors in a rules
file, a FEN or a move raise ``RulesError``, ``FenError`` or ``MoveError`` (all
``RulebenchError``, a ``ValueError``) with ``file``, ``line``, ``column``, ``message`` and
``help``.
"""

from ._rulebench import (
    Board,
    Diagnostic,
    FenError,
    Move,
    MoveError,
    Outcome,
    RulebenchError,
    RulesError,
    Variant,
    __version__,
    check,
    load,
    load_rules,
    variants,
)

__all__ = [
    "Board",
    "Diagnostic",
    "FenError",
    "Move",
    "MoveError",
    "Outcome",
    "RulebenchError",
    "RulesError",
    "Variant",
    "__version__",
    "check",
    "load",
    "load_rules",
    "variants",
]
