//! The batch's worker threads, kept awake between steps.
//!
//! A step of a few thousand small games takes a few hundred microseconds, and on a virtual
//! machine waking a parked thread can cost as much: measured on the project's 2-vCPU
//! machine, 4,096 samurai envs stepped on two plain rayon threads ran slower than on one
//! (the worker went to sleep between steps, and the calling thread slept waiting for it).
//! So here, with rayon's safe scoped jobs:
//! - a worker whose share of a step is done waits awake for the calling thread's share (an
//!   idle rayon worker yields a few times and then sleeps);
//! - after a step each worker runs a keep-awake job that spins (with the CPU's spin-loop
//!   hint) until the next step begins or [`SPIN`] has passed, so back-to-back steps find it
//!   awake;
//! - the calling thread, once its own share is done, spins until the workers' jobs have
//!   finished (for at most [`SPIN`]) instead of sleeping on rayon's latch.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// How long an idle worker stays awake for the next step, and how long the calling thread
/// spins for the workers before it sleeps.
pub(crate) const SPIN: Duration = Duration::from_millis(2);

/// A rayon pool whose workers stay awake between steps.
pub(crate) struct Pool {
    pool: rayon::ThreadPool,
    /// Bumped when a step begins: the keep-awake jobs of the previous one return.
    epoch: Arc<AtomicU64>,
}

/// Spins until `done()` or until [`SPIN`] has passed; whether `done()`.
fn spin_until(done: impl Fn() -> bool) -> bool {
    let began = Instant::now();
    let mut spins = 0u32;
    loop {
        if done() {
            return true;
        }
        spins = spins.wrapping_add(1);
        if spins % 64 == 0 && began.elapsed() >= SPIN {
            return false;
        }
        std::hint::spin_loop();
    }
}

impl Pool {
    /// A pool of `workers` threads.
    pub(crate) fn new(workers: usize) -> Result<Pool, rayon::ThreadPoolBuildError> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(workers)
            .thread_name(|i| format!("koth-batch-{}", i + 1))
            .build()?;
        Ok(Pool {
            pool,
            epoch: Arc::new(AtomicU64::new(0)),
        })
    }

    /// Runs each of `jobs` on a worker and `mine` on the calling thread, and returns once
    /// all have finished.
    pub(crate) fn run<'scope>(
        &self,
        jobs: Vec<Box<dyn FnOnce() + Send + 'scope>>,
        mine: impl FnOnce(),
    ) {
        let epoch = self.epoch.fetch_add(1, Ordering::Relaxed) + 1;
        let finished = AtomicUsize::new(0);
        let mine_done = AtomicBool::new(false);
        let count = jobs.len();
        self.pool.in_place_scope(|scope| {
            for job in jobs {
                let (finished, mine_done) = (&finished, &mine_done);
                scope.spawn(move |_| {
                    job();
                    finished.fetch_add(1, Ordering::Release);
                    // A worker done first waits awake for the calling thread: idle in rayon
                    // it would soon sleep, and the keep-awake job below would have to wake it.
                    spin_until(|| mine_done.load(Ordering::Acquire));
                });
            }
            mine();
            mine_done.store(true, Ordering::Release);
            // Wait awake; the scope then finds the jobs done (or sleeps after SPIN).
            spin_until(|| finished.load(Ordering::Acquire) == count);
        });
        let now = Arc::clone(&self.epoch);
        self.pool.spawn_broadcast(move |_| {
            spin_until(|| now.load(Ordering::Relaxed) != epoch);
        });
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        // Release the keep-awake jobs at once.
        self.epoch.fetch_add(1, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jobs_run_beside_the_caller_and_borrow_from_it() {
        let pool = Pool::new(3).unwrap();
        let mut out = [0u64; 4];
        for round in 0..200u64 {
            let (mine, theirs) = out.split_first_mut().unwrap();
            let jobs: Vec<Box<dyn FnOnce() + Send + '_>> = theirs
                .iter_mut()
                .enumerate()
                .map(|(i, o)| Box::new(move || *o += round * (i as u64 + 2)) as _)
                .collect();
            pool.run(jobs, || *mine += round);
            if round % 50 == 0 {
                // Long enough for the workers to park: they must wake for the next step.
                std::thread::sleep(SPIN * 2);
            }
        }
        let sum: u64 = (0..200).sum();
        assert_eq!(out, [sum, 2 * sum, 3 * sum, 4 * sum]);
    }
}
