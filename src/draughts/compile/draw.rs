//! The `[draw]` section: the quiet-move draw rule and what resets its counter.

use crate::draughts::rules::DrawRule;
use crate::draughts::schema::{CounterReset, DraughtsFile};
use crate::rules::{Loader, Val, need};

/// The keys of `[draw]`, each `None` where it is missing (and the problem recorded).
pub(super) struct DrawKeys<'a> {
    quiet: Option<&'a Val<u32>>,
    resets: Option<&'a Val<Vec<Val<CounterReset>>>>,
}

impl<'a> DrawKeys<'a> {
    /// Reads the keys, recording what is missing (what resets the counter only where there is
    /// a counter).
    pub(super) fn read(loader: &Loader, file: &'a DraughtsFile) -> DrawKeys<'a> {
        let quiet = need!(
            loader,
            file,
            draw.quiet_moves,
            "`quiet_moves = 40` (moves per side), or 0 for no draw rule"
        );
        let resets = if quiet.is_some_and(|q| q.value != 0) {
            need!(
                loader,
                file,
                draw.reset_by,
                "e.g. `reset_by = [\"capture\", \"promotion\"]`"
            )
        } else {
            None
        };
        DrawKeys { quiet, resets }
    }

    /// Records a counter that nothing resets.
    pub(super) fn check(&self, loader: &Loader) {
        if let Some(r) = self.resets
            && r.value.is_empty()
        {
            loader.report(loader.at(
                r,
                "a draw counter that nothing resets",
                Some("list at least one of \"capture\", \"promotion\", \"man-move\"".into()),
            ));
        }
    }

    /// The draw rule (`Some(None)` for none); `None` when `quiet_moves` is missing.
    pub(super) fn rule(&self) -> Option<Option<DrawRule>> {
        let quiet = self.quiet?;
        Some(match self.resets {
            Some(resets) if quiet.value != 0 => {
                let has = |r: CounterReset| resets.value.iter().any(|v| v.value == r);
                Some(DrawRule {
                    quiet_moves: quiet.value,
                    reset_by_capture: has(CounterReset::Capture),
                    reset_by_promotion: has(CounterReset::Promotion),
                    reset_by_man_move: has(CounterReset::ManMove),
                })
            }
            _ => None,
        })
    }
}
