"""Type stubs of rulebench's compiled module (re-exported by ``rulebench``)."""

from typing import Any, Literal, Optional, Union

__version__: str

Count = Literal["unique", "paths"]

class RulebenchError(ValueError):
    """A problem in what was given to rulebench, with where it is."""

    file: str
    """The file (or ``"fen"``, ``"move"``, ``"<rules>"``) the problem is in."""
    line: int
    """1-based line."""
    column: int
    """1-based column."""
    message: str
    """What is wrong."""
    help: Optional[str]
    """What would be valid, when it can be said."""

class RulesError(RulebenchError):
    """A rules file (or spec) that cannot be loaded."""

class FenError(RulebenchError):
    """A FEN that is not a position of the variant."""

class MoveError(RulebenchError):
    """A move that is not legal here, or not a move."""

class Variant:
    """A variant: a rules file loaded and compiled, of either family."""

    @property
    def id(self) -> str:
        """The id (``"russian"``, ``"russian+no-compulsory-capture"``, a file's stem)."""
    @property
    def name(self) -> str:
        """The name for people."""
    @property
    def family(self) -> Literal["draughts", "chess"]:
        """The family whose engine plays it."""
    @property
    def sides(self) -> tuple[str, str]:
        """The two sides as the rules name them, the one that moves first first."""
    def start(self) -> Board:
        """A board at the start position."""
    def board(self, fen: str) -> Board:
        """A board at the position a FEN gives; raises ``FenError``."""
    def perft(
        self,
        board: Union[Board, str, None],
        depth: int,
        count: Count = "unique",
        threads: int = 1,
        hash_mb: int = 0,
    ) -> int:
        """Leaves ``depth`` plies below ``board`` (a Board, a FEN, or None for the start).

        ``count="paths"`` counts every jump sequence of a draughts capture. The GIL is
        released; Ctrl-C raises KeyboardInterrupt."""
    def divide(
        self,
        board: Union[Board, str, None],
        depth: int,
        count: Count = "unique",
        threads: int = 1,
        hash_mb: int = 0,
    ) -> dict[str, int]:
        """Perft ``depth - 1`` below each legal move, by move text, in move order."""
    def explain(self) -> list[str]:
        """The rules in plain sentences, one paragraph each."""

class Board:
    """A game of a variant: the position set up, the moves played since, the position now."""

    @property
    def variant(self) -> Variant:
        """The variant played."""
    @property
    def turn(self) -> str:
        """The side to move, as the rules name it (``"white"``, ``"red"``)."""
    @property
    def move_stack(self) -> list[str]:
        """The moves played since the board was set up, in the default notation."""
    def fen(self) -> str:
        """The FEN of the position now."""
    def legal_moves(self) -> list[Move]:
        """The legal moves of the position now."""
    def push(self, move: Union[Move, str]) -> Move:
        """Plays a move (a Move, or its text in any notation the family reads) and returns
        it; raises ``MoveError`` (the board unchanged) when it is not legal here."""
    def pop(self) -> Move:
        """Takes back the last move played and returns it; ``IndexError`` when none was."""
    def outcome(self) -> Optional[Outcome]:
        """None while the game goes on, else who won (or a draw) and why."""
    def is_game_over(self) -> bool:
        """Whether ``outcome()`` is not None."""
    def copy(self) -> Board:
        """A copy that plays on independently."""
    def svg(self) -> str:
        """The board as an SVG document."""
    def _repr_svg_(self) -> str: ...

class Move:
    """A legal move of a position; every field the family describes a move with is an
    attribute (``path``, ``promotes``; ``san``, ``promotion``, ``castling``, ...)."""

    @property
    def notation(self) -> str:
        """The text in the family's default notation."""
    @property
    def index(self) -> int:
        """The index among the legal moves of its position."""
    @property
    def fen(self) -> str:
        """The FEN of the position it is a move of."""
    @property
    def from_(self) -> Union[int, str, None]:
        """The square it starts from (a number on a draughts board, a name in chess)."""
    @property
    def to(self) -> Union[int, str]:
        """The square it ends on."""
    @property
    def captured(self) -> list[Union[int, str]]:
        """The squares of the pieces it captures (empty when none)."""
    @property
    def details(self) -> dict[str, Any]:
        """Everything the family says of the move (``rulebench moves --json``)."""
    def __getattr__(self, name: str) -> Any: ...

class Outcome:
    """How a game ended."""

    winner: Optional[str]
    """The winning side's name; None for a draw."""
    reason: str
    """Why, in words."""

class Diagnostic:
    """One problem ``check`` found in a rules file."""

    severity: Literal["error", "warning"]
    file: str
    line: int
    column: int
    message: str
    help: Optional[str]

def load(spec: str) -> Variant:
    """A shipped id, a path to a rules file, either with ``+house-rule``s; raises
    ``RulesError``."""

def load_rules(text: str, name: str = "<text>.toml") -> Variant:
    """A variant from the text of a rules file, as if it were the file ``name``; raises
    ``RulesError``."""

def check(path: str) -> list[Diagnostic]:
    """Every error and warning of a rules file (empty when it is clean)."""

def variants(family: Optional[Literal["draughts", "chess"]] = None) -> list[str]:
    """The ids of the shipped variants, of one family or both."""
