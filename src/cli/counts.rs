//! Counts as the verbs print them: exact or an error, and as JSON numbers.

use miette::{IntoDiagnostic, Result};

/// `n`, unless it reached [`crate::count::COUNT_LIMIT`] (the sums stop there): then an error that
/// says the count is that or more.
pub(super) fn exact(n: u128, what: &str) -> Result<u128> {
    crate::count::exact_count(n)
        .map_err(|e| miette::miette!(help = "choose a smaller --depth", "{what}: {e}"))
}

/// A count as a JSON number, exact whatever its size (JSON numbers have no upper bound).
pub(super) fn json_count(n: u128) -> Result<serde_json::Number> {
    n.to_string()
        .parse::<serde_json::Number>()
        .into_diagnostic()
}
