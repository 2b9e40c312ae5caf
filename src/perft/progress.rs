//! A progress bar for long searches, on stderr.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A progress bar on stderr (subtrees done of all), shown only when stderr is a terminal and
/// the search has run for about a second; nothing is drawn when stderr is piped.
pub struct Progress {
    bar: indicatif::ProgressBar,
    started: Instant,
    shown: AtomicBool,
    terminal: bool,
}

impl Default for Progress {
    fn default() -> Self {
        Progress::new("perft")
    }
}

impl Progress {
    /// A hidden bar labelled `what`, to be fed by [`Progress::update`].
    pub fn new(what: &str) -> Progress {
        use std::io::IsTerminal;
        let bar = indicatif::ProgressBar::hidden();
        bar.set_style(
            indicatif::ProgressStyle::with_template(&format!(
                "{{spinner}} {what} [{{elapsed_precise}}] {{wide_bar}} {{pos}}/{{len}} subtrees (eta {{eta}})"
            ))
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        Progress {
            bar,
            started: Instant::now(),
            shown: false.into(),
            terminal: std::io::stderr().is_terminal(),
        }
    }

    /// Reports `done` subtrees of `total`.
    pub fn update(&self, done: u64, total: u64) {
        self.bar.set_length(total);
        self.bar.set_position(done);
        if self.terminal
            && self.started.elapsed().as_secs_f64() > 1.0
            && !self.shown.swap(true, Ordering::Relaxed)
        {
            self.bar
                .set_draw_target(indicatif::ProgressDrawTarget::stderr());
            self.bar.enable_steady_tick(Duration::from_millis(200));
        }
    }

    /// Says what is being counted now.
    pub fn set_message(&self, text: &str) {
        self.bar.set_message(text.to_string());
    }

    /// Clears the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
