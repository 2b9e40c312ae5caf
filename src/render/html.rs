//! The report as one static HTML page.

use super::Report;

/// The page (no external assets).
pub fn render(report: &Report) -> String {
    let _ = report;
    String::new()
}
