//! `rulebench._rulebench`: the compiled part of the Python package `rulebench`.
//!
//! Thin: every engine call goes through the library's [`rulebench::Board`] and
//! [`rulebench::Variant`], which are not generic, so this crate instantiates no kernel of its
//! own. What it adds is Python's side: classes, exceptions that carry the error's file, line
//! and column, the GIL released during perft and Ctrl-C that stops it.

mod convert;
mod errors;
mod search;

use convert::{count_of, json_to_py};
use errors::{FenError, MoveError, RulebenchError, RulesError, located};
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::sync::Arc;

/// The deepest perft the package runs (as the UCI command `go perft`).
const MAX_DEPTH: u32 = rulebench::uci::MAX_DEPTH;

/// A variant: a rules file loaded and compiled, of either family.
#[pyclass(module = "rulebench", name = "Variant", frozen)]
struct Variant {
    inner: Arc<rulebench::Variant>,
}

#[pymethods]
impl Variant {
    /// The variant's id (`"russian"`, `"russian+no-compulsory-capture"`, a file's stem).
    #[getter]
    fn id(&self) -> String {
        self.inner.id().to_string()
    }

    /// The variant's name for people.
    #[getter]
    fn name(&self) -> String {
        self.inner.name().to_string()
    }

    /// The family whose engine plays it: `"draughts"` or `"chess"`.
    #[getter]
    fn family(&self) -> &'static str {
        self.inner.family().name()
    }

    /// The two sides as the rules name them, the one that moves first first.
    #[getter]
    fn sides(&self) -> (String, String) {
        let [a, b] = self.inner.side_names();
        (a.to_string(), b.to_string())
    }

    /// A board at the variant's start position.
    fn start(&self) -> Board {
        Board::new(rulebench::Board::start(self.inner.clone()))
    }

    /// A board at the position a FEN gives (PDN FEN for draughts, Fairy-Stockfish's FEN for
    /// the chess family). Raises `FenError` (with `line`, `column`, `message`) when it is not
    /// one.
    fn board(&self, py: Python<'_>, fen: &str) -> PyResult<Board> {
        rulebench::Board::from_fen(self.inner.clone(), fen)
            .map(Board::new)
            .map_err(|e| located::<FenError>(py, &e))
    }

    /// The number of leaves `depth` plies below `board` (the start when `None`; a FEN string
    /// is read as one). `count` is `"unique"` or `"paths"` (draughts: every jump sequence
    /// counted). Runs on `threads` threads with a `hash_mb` MiB table, the GIL released;
    /// Ctrl-C stops it (KeyboardInterrupt). Raises `OverflowError` when the count reaches
    /// 2^128 - 1, the largest rulebench keeps.
    #[pyo3(signature = (board, depth, count = "unique", threads = 1, hash_mb = 0))]
    fn perft(
        &self,
        py: Python<'_>,
        board: Option<&Bound<'_, PyAny>>,
        depth: u32,
        count: &str,
        threads: usize,
        hash_mb: usize,
    ) -> PyResult<u128> {
        let board = self.board_of(py, board)?;
        let (count, depth) = (count_of(count)?, depth_of(depth)?);
        let n = search::interruptible(py, threads, hash_mb, |options| {
            board.perft(depth, count, options)
        })?;
        exact(n)
    }

    /// Perft `depth - 1` below each legal move of `board`: a dict from the move's text to
    /// its count, in move order (as `perft` for the other arguments).
    #[pyo3(signature = (board, depth, count = "unique", threads = 1, hash_mb = 0))]
    fn divide<'py>(
        &self,
        py: Python<'py>,
        board: Option<&Bound<'py, PyAny>>,
        depth: u32,
        count: &str,
        threads: usize,
        hash_mb: usize,
    ) -> PyResult<Bound<'py, PyDict>> {
        let board = self.board_of(py, board)?;
        let (count, depth) = (count_of(count)?, depth_of(depth)?);
        if depth == 0 {
            return Err(PyValueError::new_err("divide needs a depth of at least 1"));
        }
        let lines = search::interruptible(py, threads, hash_mb, |options| {
            board.divide(depth, count, options)
        })?;
        let out = PyDict::new(py);
        for (mv, n) in lines {
            out.set_item(mv, exact(n)?)?;
        }
        Ok(out)
    }

    /// The rules in plain sentences, one paragraph each (what `rulebench explain` prints).
    fn explain(&self) -> Vec<String> {
        self.inner.explain()
    }

    fn __repr__(&self) -> String {
        format!(
            "<Variant {} ({})>",
            self.inner.id(),
            self.inner.family().name()
        )
    }
}

impl Variant {
    /// The board a perft argument names: a `Board` of this variant, a FEN, or the start.
    fn board_of(
        &self,
        py: Python<'_>,
        arg: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<rulebench::Board> {
        let Some(arg) = arg else {
            return Ok(rulebench::Board::start(self.inner.clone()));
        };
        if let Ok(board) = arg.cast::<Board>() {
            let board = board.borrow();
            if board.inner.variant().id() != self.inner.id() {
                return Err(PyValueError::new_err(format!(
                    "the board is of variant {}, not {}",
                    board.inner.variant().id(),
                    self.inner.id()
                )));
            }
            return Ok(board.inner.clone());
        }
        if let Ok(fen) = arg.extract::<String>() {
            return rulebench::Board::from_fen(self.inner.clone(), &fen)
                .map_err(|e| located::<FenError>(py, &e));
        }
        Err(PyTypeError::new_err(
            "board must be a Board, a FEN string or None",
        ))
    }
}

/// A depth the package runs.
fn depth_of(depth: u32) -> PyResult<u32> {
    if depth > MAX_DEPTH {
        return Err(PyValueError::new_err(format!(
            "depth {depth} is deeper than the {MAX_DEPTH} plies perft runs"
        )));
    }
    Ok(depth)
}

/// A game of a variant: the position set up, the moves played since, the position now.
#[pyclass(module = "rulebench", name = "Board")]
struct Board {
    inner: rulebench::Board,
}

impl Board {
    fn new(inner: rulebench::Board) -> Board {
        Board { inner }
    }

    fn to_move(&self, py: Python<'_>, mv: rulebench::LegalMove) -> PyResult<Move> {
        Move::new(py, mv, self.inner.fen())
    }
}

#[pymethods]
impl Board {
    /// The variant played.
    #[getter]
    fn variant(&self) -> Variant {
        Variant {
            inner: self.inner.variant().clone(),
        }
    }

    /// The side to move, as the rules name it (`"white"`, `"red"`).
    #[getter]
    fn turn(&self) -> String {
        self.inner.side_to_move()
    }

    /// The moves played since the board was set up, in the default notation.
    #[getter]
    fn move_stack(&self) -> Vec<String> {
        self.inner
            .played()
            .iter()
            .map(|m| m.notation.clone())
            .collect()
    }

    /// The FEN of the position now.
    fn fen(&self) -> String {
        self.inner.fen()
    }

    /// The legal moves of the position now.
    fn legal_moves(&self, py: Python<'_>) -> PyResult<Vec<Move>> {
        let fen = self.inner.fen();
        self.inner
            .legal_moves()
            .into_iter()
            .map(|m| Move::new(py, m, fen.clone()))
            .collect()
    }

    /// Plays a move: a `Move` of this position, or its text in any notation the family
    /// reads (`"c3-d4"`, `"c3:e5"`; `"e2e4"`, `"e4"`; `"h2e2"`, `"C2.5"`). Returns the move
    /// played. Raises `MoveError` (the board unchanged) when it is not legal here.
    fn push(&mut self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> PyResult<Move> {
        let before = self.inner.fen();
        let played = if let Ok(m) = mv.cast::<Move>() {
            let m = m.get();
            if m.fen == self.inner.fen() {
                self.inner.push_index(m.index)
            } else {
                self.inner.push(&m.notation)
            }
        } else if let Ok(text) = mv.extract::<String>() {
            self.inner.push(&text)
        } else {
            return Err(PyTypeError::new_err("a move is a Move or its text"));
        };
        let played = played.map_err(|e| located::<MoveError>(py, &e))?;
        Move::new(py, played, before)
    }

    /// Takes back the last move played and returns it. Raises `IndexError` when no move has
    /// been played since the board was set up.
    fn pop(&mut self, py: Python<'_>) -> PyResult<Move> {
        let Some(mv) = self.inner.pop() else {
            return Err(pyo3::exceptions::PyIndexError::new_err(
                "pop from a board with no move played",
            ));
        };
        self.to_move(py, mv)
    }

    /// How the game stands: `None` while it goes on, else an `Outcome` (the winner, or a
    /// draw, and why).
    fn outcome(&self) -> Option<Outcome> {
        match self.inner.outcome() {
            rulebench::Outcome::Ongoing => None,
            rulebench::Outcome::Win { winner, reason } => Some(Outcome {
                winner: Some(winner),
                reason,
            }),
            rulebench::Outcome::Draw { reason } => Some(Outcome {
                winner: None,
                reason,
            }),
        }
    }

    /// Whether the game is over (`outcome()` is not `None`).
    fn is_game_over(&self) -> bool {
        self.inner.outcome() != rulebench::Outcome::Ongoing
    }

    /// A copy that plays on independently.
    fn copy(&self) -> Board {
        Board::new(self.inner.clone())
    }

    /// The board as an SVG document (shown by Jupyter).
    fn svg(&self) -> String {
        self.inner.svg()
    }

    fn _repr_svg_(&self) -> String {
        self.inner.svg()
    }

    fn __str__(&self) -> String {
        self.inner.diagram()
    }

    fn __repr__(&self) -> String {
        format!(
            "<Board {} '{}'>",
            self.inner.variant().id(),
            self.inner.fen()
        )
    }
}

/// A legal move of a position. `from_`, `to` and `captured` are squares (numbers on a
/// draughts board, names such as `"e4"` in the chess family); every other field the family
/// describes a move with is an attribute too (`path`, `promotes`; `san`, `promotion`,
/// `castling`, `en_passant`, ...), and all of them are in `details`.
#[pyclass(module = "rulebench", name = "Move", frozen)]
struct Move {
    /// The move's text in the family's default notation.
    #[pyo3(get)]
    notation: String,
    /// Its index among the legal moves of the position it was listed in.
    #[pyo3(get)]
    index: usize,
    /// The FEN of the position it is a move of.
    #[pyo3(get)]
    fen: String,
    details: Py<PyDict>,
}

impl Move {
    fn new(py: Python<'_>, mv: rulebench::LegalMove, fen: String) -> PyResult<Move> {
        let details = json_to_py(py, &mv.details)?.cast_into::<PyDict>()?.unbind();
        Ok(Move {
            notation: mv.notation,
            index: mv.index,
            fen,
            details,
        })
    }

    fn field<'py>(&self, py: Python<'py>, key: &str) -> PyResult<Bound<'py, PyAny>> {
        Ok(match self.details.bind(py).get_item(key)? {
            Some(v) => v,
            None => py.None().into_bound(py),
        })
    }
}

#[pymethods]
impl Move {
    /// The square the move starts from.
    #[getter]
    fn from_<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "from")
    }

    /// The square it ends on.
    #[getter]
    fn to<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "to")
    }

    /// The squares of the pieces it captures (empty when none).
    #[getter]
    fn captured<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let value = self.field(py, "captured")?;
        if value.is_none() {
            Ok(PyList::empty(py))
        } else if let Ok(list) = value.cast::<PyList>() {
            Ok(list.clone())
        } else {
            PyList::new(py, [value])
        }
    }

    /// Everything the family says of the move (what `rulebench moves --json` prints).
    #[getter]
    fn details<'py>(&self, py: Python<'py>) -> Bound<'py, PyDict> {
        self.details
            .bind(py)
            .copy()
            .unwrap_or_else(|_| PyDict::new(py))
    }

    fn __getattr__<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
        match self.details.bind(py).get_item(name)? {
            Some(v) => Ok(v),
            None => Err(pyo3::exceptions::PyAttributeError::new_err(format!(
                "a move has no attribute `{name}`"
            ))),
        }
    }

    fn __str__(&self) -> String {
        self.notation.clone()
    }

    fn __repr__(&self) -> String {
        format!("<Move {}>", self.notation)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<Move>() {
            Ok(o) => o.get().notation == self.notation && o.get().fen == self.fen,
            Err(_) => false,
        }
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (&self.notation, &self.fen).hash(&mut h);
        h.finish()
    }
}

/// How a game ended: `winner` (a side's name, `None` for a draw) and `reason`, in words.
#[pyclass(module = "rulebench", name = "Outcome", frozen, get_all)]
struct Outcome {
    winner: Option<String>,
    reason: String,
}

#[pymethods]
impl Outcome {
    fn __repr__(&self) -> String {
        match &self.winner {
            Some(w) => format!("<Outcome {w} wins: {}>", self.reason),
            None => format!("<Outcome draw: {}>", self.reason),
        }
    }
}

/// One problem `check` found in a rules file: an `"error"` or a `"warning"`, where, what,
/// and what would be valid.
#[pyclass(module = "rulebench", name = "Diagnostic", frozen, get_all)]
struct Diagnostic {
    severity: &'static str,
    file: String,
    line: usize,
    column: usize,
    message: String,
    help: Option<String>,
}

#[pymethods]
impl Diagnostic {
    fn __str__(&self) -> String {
        let help = self
            .help
            .as_deref()
            .map(|h| format!(" (help: {h})"))
            .unwrap_or_default();
        format!(
            "{}:{}:{}: {}: {}{help}",
            self.file, self.line, self.column, self.severity, self.message
        )
    }

    fn __repr__(&self) -> String {
        format!("<Diagnostic {}>", self.__str__())
    }
}

/// Loads a variant: a shipped id (`"russian"`, `"xiangqi"`), a path to a rules file, either
/// followed by `+house-rule`s. Raises `RulesError` (with `file`, `line`, `column`,
/// `message`, `help`) when it cannot be loaded.
#[pyfunction]
fn load(py: Python<'_>, spec: &str) -> PyResult<Variant> {
    rulebench::load::<rulebench::Variant>(spec)
        .map(|v| Variant { inner: Arc::new(v) })
        .map_err(|e| located::<RulesError>(py, &e))
}

/// Loads a variant from the text of a rules file, as if it were the file `name` (a relative
/// `extends` is read from `name`'s folder; errors name it). Raises `RulesError`.
#[pyfunction]
#[pyo3(signature = (text, name = "<text>.toml"))]
fn load_rules(py: Python<'_>, text: &str, name: &str) -> PyResult<Variant> {
    rulebench::load::<rulebench::Variant>(rulebench::rules::RulesSource::text(name, text))
        .map(|v| Variant { inner: Arc::new(v) })
        .map_err(|e| located::<RulesError>(py, &e))
}

/// Every error and warning in a rules file (a path, or a spec as `load` takes): an empty
/// list when it is clean.
#[pyfunction]
fn check(path: &str) -> Vec<Diagnostic> {
    let checked = rulebench::check(path);
    let as_diagnostic = |severity, e: rulebench::LocatedError| Diagnostic {
        severity,
        file: e.file,
        line: e.line,
        column: e.column,
        message: e.message,
        help: e.help,
    };
    let errors = checked
        .errors
        .into_iter()
        .map(|e| as_diagnostic("error", e));
    let warnings = checked
        .warnings
        .into_iter()
        .map(|e| as_diagnostic("warning", e));
    errors.chain(warnings).collect()
}

/// The ids of the shipped variants, of one family (`"draughts"`, `"chess"`) or of both.
#[pyfunction]
#[pyo3(signature = (family = None))]
fn variants(family: Option<&str>) -> PyResult<Vec<String>> {
    let shipped = rulebench::rules::shipped();
    if let Some(f) = family
        && !rulebench::rules::Family::ALL.iter().any(|k| k.name() == f)
    {
        return Err(PyValueError::new_err(format!(
            "unknown family `{f}`: `draughts` or `chess`"
        )));
    }
    Ok(shipped
        .into_iter()
        .filter(|s| !s.house_rule)
        .filter(|s| family.is_none_or(|f| s.family.is_some_and(|k| k.name() == f)))
        .map(|s| s.id)
        .collect())
}

/// The compiled module.
#[pymodule]
fn _rulebench(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<Variant>()?;
    m.add_class::<Board>()?;
    m.add_class::<Move>()?;
    m.add_class::<Outcome>()?;
    m.add_class::<Diagnostic>()?;
    m.add("RulebenchError", py.get_type::<RulebenchError>())?;
    m.add("RulesError", py.get_type::<RulesError>())?;
    m.add("FenError", py.get_type::<FenError>())?;
    m.add("MoveError", py.get_type::<MoveError>())?;
    m.add_function(wrap_pyfunction!(load, m)?)?;
    m.add_function(wrap_pyfunction!(load_rules, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    Ok(())
}

/// `n`, or `OverflowError` when it reached [`rulebench::COUNT_LIMIT`] (the sums stop there:
/// the true count is that or more).
fn exact(n: u128) -> PyResult<u128> {
    rulebench::exact_count(n).map_err(PyOverflowError::new_err)
}
