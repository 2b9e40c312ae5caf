//! The package's exceptions: `RulebenchError` (a `ValueError`) and one kind per input a user
//! gives (a rules file, a FEN, a move), each carrying where the problem is.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::type_object::PyTypeInfo;

create_exception!(
    rulebench,
    RulebenchError,
    PyValueError,
    "A problem in what was given to rulebench, with where it is: `file`, `line` and `column` \
     (1-based), `message` and `help` (what would be valid, or None)."
);
create_exception!(
    rulebench,
    RulesError,
    RulebenchError,
    "A rules file (or spec) that cannot be loaded."
);
create_exception!(
    rulebench,
    FenError,
    RulebenchError,
    "A FEN that is not a position of the variant."
);
create_exception!(
    rulebench,
    MoveError,
    RulebenchError,
    "A move that is not legal here, or not a move."
);

/// The exception of kind `E` for a located error: its text says where (`file:line:column:
/// message`, then the help), its attributes hold each part.
pub fn located<E: PyTypeInfo>(py: Python<'_>, e: &rulebench::LocatedError) -> PyErr {
    let mut text = format!("{}:{}:{}: {}", e.file, e.line, e.column, e.message);
    if let Some(help) = &e.help {
        text.push_str("\nhelp: ");
        text.push_str(help);
    }
    let err = PyErr::from_type(E::type_object(py), text);
    let value = err.value(py);
    let set = || -> PyResult<()> {
        value.setattr("file", &e.file)?;
        value.setattr("line", e.line)?;
        value.setattr("column", e.column)?;
        value.setattr("message", &e.message)?;
        value.setattr("help", e.help.as_deref())?;
        Ok(())
    };
    match set() {
        Ok(()) => err,
        Err(other) => other,
    }
}
