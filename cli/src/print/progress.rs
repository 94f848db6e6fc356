//! A tournament's progress bar on standard error (indicatif).

use indicatif::{ProgressBar, ProgressStyle};

use crate::arena::tournament::Progress;

/// A progress bar of matches played, cleared at the end.
pub(crate) struct Bar(ProgressBar);

impl Bar {
    /// A bar not shown yet.
    pub(crate) fn new() -> Bar {
        let bar = ProgressBar::hidden();
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} matches {elapsed} eta {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        Bar(bar)
    }
}

impl Progress for Bar {
    fn start(&self, done: usize, total: usize) {
        self.0
            .set_draw_target(indicatif::ProgressDrawTarget::stderr());
        self.0.set_length(total as u64);
        self.0.set_position(done as u64);
    }
    fn played(&self) {
        self.0.inc(1);
    }
    fn finish(&self) {
        self.0.finish_and_clear();
    }
}
