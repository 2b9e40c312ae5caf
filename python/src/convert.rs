//! Values between the library and Python: JSON move descriptions as dicts, the counting
//! convention by name.

use pyo3::IntoPyObjectExt;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde_json::Value;

/// A JSON value as the Python value `json.loads` would give (numbers of any size exact).
pub fn json_to_py<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => b.into_bound_py_any(py)?,
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                i.into_bound_py_any(py)?
            } else if let Ok(u) = n.to_string().parse::<u128>() {
                u.into_bound_py_any(py)?
            } else {
                n.as_f64().unwrap_or(f64::NAN).into_bound_py_any(py)?
            }
        }
        Value::String(s) => s.into_bound_py_any(py)?,
        Value::Array(items) => {
            let items: Vec<Bound<'py, PyAny>> = items
                .iter()
                .map(|v| json_to_py(py, v))
                .collect::<PyResult<_>>()?;
            PyList::new(py, items)?.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (k, v) in map {
                dict.set_item(k, json_to_py(py, v)?)?;
            }
            dict.into_any()
        }
    })
}

/// The counting convention a name gives: `"unique"` or `"paths"`.
pub fn count_of(name: &str) -> PyResult<rulebench::Count> {
    match name {
        "unique" => Ok(rulebench::Count::Unique),
        "paths" => Ok(rulebench::Count::Paths),
        _ => Err(PyValueError::new_err(format!(
            "count must be \"unique\" or \"paths\", not {name:?}"
        ))),
    }
}
