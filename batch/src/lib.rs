//! Many games of one kind stepped at once, for learners: [`Batch`].
//!
//! A batch holds `num_envs` games of one [`BatchGame`] (samurai, tanks, battleship,
//! bomberman, or naval one order at a time) with the same config and seats. Each seat is
//! driven by the learner ([`SeatKind::Learner`]) or by a built-in bot ([`SeatKind::Bot`]): one
//! learner seat against bots is the single-agent setting, every seat a learner the
//! multi-agent one. [`Batch::step`] takes one action id per env and learner seat and writes,
//! per env and learner seat, the observation tensor, the reward, and the legal-action mask,
//! and per env whether its game ended (terminated) or was cut (truncated), into flat buffers
//! the caller owns ([`Buffers`], row-major, env first), so numpy can view them without copies.
//!
//! - **Acting**: an id counts only for a learner seat that acts now with a non-empty mask;
//!   other entries are ignored. An id outside the mask is an error ([`BatchError::Illegal`]).
//!   Bots act for their seats, and where a learner seat acts with an empty mask the game's
//!   environment action is taken (battleship's fleet placement). After each step the game
//!   goes on by itself until a learner seat acts or the game ends, so every step returns at
//!   a learner decision, and the reward is everything earned meanwhile.
//! - **Auto-reset**: when a game ends (or reaches [`Options::max_steps`]), its env starts
//!   the next game at once: that step's observation and mask are the new game's, and the
//!   final observation and outcome are kept for the caller in [`Batch::finished`] until the
//!   env's next step.
//! - **Seeds**: game `k` of env `i` plays seed [`episode_seed`]`(seed, i, k)`, with the one
//!   seeding rule of every koth runner (the engine draws from `Pcg64Mcg::seed_from_u64(s)`,
//!   seat `p` from `player_rng(s, p)`), so each env's games are those of sequential games
//!   with these seeds and the same actions, bit for bit, whatever the number of threads.
//! - **Threads**: [`Options::threads`] threads step disjoint runs of envs, one run each: the
//!   calling thread and the workers of the batch's own rayon pool.

mod games;

pub use games::{BatchGame, Opponent};

use koth_engine_core::draw::derive_seed;
use koth_engine_core::{Outcome, PlayerId, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// The seed of game `episode` (0 first) of env `env` in a batch seeded `seed`.
pub fn episode_seed(seed: u64, env: usize, episode: u64) -> u64 {
    derive_seed(derive_seed(seed, env as u64), episode)
}

/// The RNG seat `seat` draws from in a game seeded `seed` (the runner's rule).
fn player_rng(seed: u64, seat: usize) -> Pcg64Mcg {
    Pcg64Mcg::seed_from_u64(derive_seed(seed, 1_000_000 + seat as u64))
}

/// Who drives a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatKind {
    /// The caller, through action ids.
    Learner,
    /// The game's built-in bot with this id (as `koth bots` lists them).
    Bot(String),
}

/// How a batch runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The number of games stepped together (at least 1).
    pub num_envs: usize,
    /// The batch's seed.
    pub seed: u64,
    /// Threads stepping the envs, the calling one included (0: as many as the machine has
    /// cores).
    pub threads: usize,
    /// Learner steps after which a game still running is cut (truncated); `None` for none
    /// (every game ends by its rules).
    pub max_steps: Option<u32>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            num_envs: 1,
            seed: 0,
            threads: 1,
            max_steps: None,
        }
    }
}

/// Why a batch could not be built or stepped.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BatchError {
    /// The game refused the config or the seat count.
    #[error("the game refused the config: {0}")]
    Config(String),
    /// No built-in bot of that id.
    #[error("no built-in bot `{id}` for this game (it has: {known})")]
    UnknownBot {
        /// The id asked for.
        id: String,
        /// The ids there are, comma-separated.
        known: String,
    },
    /// No seat is a learner's, or no env.
    #[error("a batch needs at least one env and one learner seat")]
    Empty,
    /// A buffer of the wrong length.
    #[error("buffer `{name}` holds {got} entries; {expected} are needed")]
    Buffer {
        /// Which buffer.
        name: &'static str,
        /// Its length for this batch.
        expected: usize,
        /// Its length as given.
        got: usize,
    },
    /// An action id outside the learner seat's mask.
    #[error("env {env}, learner {learner}: action id {id} is not legal now")]
    Illegal {
        /// The env.
        env: usize,
        /// The learner seat's index among the learner seats.
        learner: usize,
        /// The id given.
        id: u32,
    },
    /// A game that cannot go on (a learner seat to act with an empty mask and no
    /// environment action, a step the engine refused, a game over before any learner acts).
    #[error("env {env}: {detail}")]
    Stuck {
        /// The env.
        env: usize,
        /// What happened.
        detail: String,
    },
    /// The worker threads could not be started.
    #[error("could not start {threads} worker threads: {detail}")]
    Threads {
        /// The number asked for.
        threads: usize,
        /// The reason.
        detail: String,
    },
}

/// The caller's buffers a step writes, row-major with the env first (`L` learner seats, `A`
/// action ids, `O` entries per observation):
#[derive(Debug)]
pub struct Buffers<'a> {
    /// `num_envs x L x O` observations.
    pub obs: &'a mut [f32],
    /// `num_envs x L` rewards of the step.
    pub rewards: &'a mut [f32],
    /// `num_envs`: the env's game ended by its rules this step.
    pub terminated: &'a mut [bool],
    /// `num_envs`: the env's game was cut at [`Options::max_steps`] this step.
    pub truncated: &'a mut [bool],
    /// `num_envs x L x A` legal-action masks.
    pub masks: &'a mut [bool],
}

impl Buffers<'_> {
    /// The same buffers, borrowed again (to pass to another step while keeping these).
    pub fn reborrow(&mut self) -> Buffers<'_> {
        Buffers {
            obs: self.obs,
            rewards: self.rewards,
            terminated: self.terminated,
            truncated: self.truncated,
            masks: self.masks,
        }
    }
}

/// How an env's last game ended, kept until the env's next step.
#[derive(Clone, Debug, PartialEq)]
pub struct Finished {
    /// Which game of the env it was (0 first).
    pub episode: u64,
    /// Its seed.
    pub seed: u64,
    /// Learner steps it took.
    pub steps: u32,
    /// The outcome (`None` when it was cut).
    pub outcome: Option<Outcome>,
    /// The final observation of each learner seat (`L x O`).
    pub obs: Vec<f32>,
}

/// What every env shares.
struct Shared<G: BatchGame> {
    config: G::Config,
    seats: Vec<SeatKind>,
    learners: Vec<PlayerId>,
    seed: u64,
    max_steps: Option<u32>,
    obs_len: usize,
    num_actions: usize,
}

impl<G: BatchGame> Shared<G> {
    fn learner(&self, p: PlayerId) -> Option<usize> {
        self.learners.iter().position(|&l| l == p)
    }
}

/// One env: its game, RNGs, bots and scratch space.
struct Env<G: BatchGame> {
    index: usize,
    episode: u64,
    seed: u64,
    game: G,
    rng: Pcg64Mcg,
    seat_rngs: Vec<Pcg64Mcg>,
    bots: Vec<Option<Box<dyn Opponent<G>>>>,
    steps: u32,
    finished: Option<Finished>,
    /// The learner seats' masks in the current state (`L x A`), refreshed after every step
    /// of the game.
    masks: Vec<bool>,
    actions: Vec<G::Action>,
    events: Vec<G::Event>,
    rewards: Vec<f32>,
    /// Rewards earned before a game's first learner decision (not paid to anyone).
    sink: Vec<f32>,
    /// The last finished game's observation buffer, for the next one.
    spare: Vec<f32>,
}

/// The rows of a run of envs in every buffer.
struct Run<'a> {
    actions: &'a [u32],
    obs: &'a mut [f32],
    rewards: &'a mut [f32],
    terminated: &'a mut [bool],
    truncated: &'a mut [bool],
    masks: &'a mut [bool],
}

impl<'a> Run<'a> {
    /// The rows of the run's first `n` envs, and the rows of the rest.
    fn split_at<G: BatchGame>(self, n: usize, shared: &Shared<G>) -> (Run<'a>, Run<'a>) {
        let (l, o, a) = (shared.learners.len(), shared.obs_len, shared.num_actions);
        let n = n.min(self.terminated.len());
        let (actions, actions_rest) = self.actions.split_at(n * l);
        let (obs, obs_rest) = self.obs.split_at_mut(n * l * o);
        let (rewards, rewards_rest) = self.rewards.split_at_mut(n * l);
        let (terminated, terminated_rest) = self.terminated.split_at_mut(n);
        let (truncated, truncated_rest) = self.truncated.split_at_mut(n);
        let (masks, masks_rest) = self.masks.split_at_mut(n * l * a);
        let first = Run {
            actions,
            obs,
            rewards,
            terminated,
            truncated,
            masks,
        };
        let rest = Run {
            actions: actions_rest,
            obs: obs_rest,
            rewards: rewards_rest,
            terminated: terminated_rest,
            truncated: truncated_rest,
            masks: masks_rest,
        };
        (first, rest)
    }

    /// Steps `envs` (the run's envs, in order), each with its rows.
    fn step<G: BatchGame>(
        mut self,
        envs: &mut [Env<G>],
        shared: &Shared<G>,
    ) -> Result<(), BatchError> {
        for env in envs {
            let (rows, rest) = self.split_at(1, shared);
            env.step(shared, rows)?;
            self = rest;
        }
        Ok(())
    }
}

fn stuck(env: usize, detail: impl Into<String>) -> BatchError {
    BatchError::Stuck {
        env,
        detail: detail.into(),
    }
}

impl<G: BatchGame> Env<G> {
    fn new(shared: &Shared<G>, index: usize) -> Result<Self, BatchError> {
        let bots = shared
            .seats
            .iter()
            .map(|s| match s {
                SeatKind::Learner => Ok(None),
                SeatKind::Bot(id) => {
                    G::opponent(id)
                        .map(Some)
                        .ok_or_else(|| BatchError::UnknownBot {
                            id: id.clone(),
                            known: G::opponent_ids().join(", "),
                        })
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        let seed = episode_seed(shared.seed, index, 0);
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let game = G::new(&shared.config, shared.seats.len(), &mut rng)
            .map_err(|e| BatchError::Config(e.to_string()))?;
        let mut env = Env {
            index,
            episode: 0,
            seed,
            game,
            rng,
            seat_rngs: Vec::new(),
            bots,
            steps: 0,
            finished: None,
            masks: vec![false; shared.learners.len() * shared.num_actions],
            actions: Vec::new(),
            events: Vec::new(),
            rewards: vec![0.0; shared.seats.len()],
            sink: Vec::new(),
            spare: Vec::new(),
        };
        env.start(shared)?;
        Ok(env)
    }

    /// Starts game `self.episode`: the bots' pre-game choices, the game, and play up to the
    /// first learner decision.
    fn start(&mut self, shared: &Shared<G>) -> Result<(), BatchError> {
        self.seed = episode_seed(shared.seed, self.index, self.episode);
        let seats = shared.seats.len();
        self.seat_rngs.clear();
        self.seat_rngs
            .extend((0..seats).map(|p| player_rng(self.seed, p)));
        let mut config = shared.config.clone();
        for (p, bot) in self.bots.iter_mut().enumerate() {
            if let Some(bot) = bot {
                bot.setup(&mut config, PlayerId(p as u8), &mut self.seat_rngs[p]);
            }
        }
        self.rng = Pcg64Mcg::seed_from_u64(self.seed);
        self.game =
            G::new(&config, seats, &mut self.rng).map_err(|e| BatchError::Config(e.to_string()))?;
        self.steps = 0;
        self.refresh_masks(shared);
        let mut sink = std::mem::take(&mut self.sink);
        sink.resize(shared.learners.len(), 0.0);
        let advanced = self.advance(shared, &mut sink);
        self.sink = sink;
        advanced?;
        if self.game.to_act().is_over() {
            return Err(stuck(
                self.index,
                format!(
                    "game {} (seed {}) ended before any learner acted",
                    self.episode, self.seed
                ),
            ));
        }
        Ok(())
    }

    /// Recomputes the learner seats' masks.
    fn refresh_masks(&mut self, shared: &Shared<G>) {
        let a = shared.num_actions;
        for (&p, mask) in shared.learners.iter().zip(self.masks.chunks_mut(a)) {
            self.game.legal_mask(p, mask);
        }
    }

    /// Learner `l`'s mask now.
    fn mask(&self, shared: &Shared<G>, l: usize) -> &[bool] {
        let a = shared.num_actions;
        &self.masks[l * a..(l + 1) * a]
    }

    /// Whether some learner seat acts now with a non-empty mask.
    fn learner_decides(&self, shared: &Shared<G>) -> bool {
        self.game.to_act().players().iter().any(|&p| {
            shared
                .learner(p)
                .is_some_and(|l| self.mask(shared, l).contains(&true))
        })
    }

    /// Plays one joint action: ids for learner seats that decide, the bots' actions, the
    /// environment's where a learner seat's mask is empty; adds the learners' rewards.
    fn play(
        &mut self,
        shared: &Shared<G>,
        ids: Option<&[u32]>,
        rewards: &mut [f32],
    ) -> Result<(), BatchError> {
        self.actions.clear();
        let a = shared.num_actions;
        for &p in self.game.to_act().players() {
            let action = match (shared.learner(p), &mut self.bots[p.index()]) {
                (Some(l), _) => {
                    let mask = &self.masks[l * a..(l + 1) * a];
                    if mask.contains(&true) {
                        let id = ids.map_or(u32::MAX, |ids| ids[l]);
                        if !mask.get(id as usize).copied().unwrap_or(false) {
                            return Err(BatchError::Illegal {
                                env: self.index,
                                learner: l,
                                id,
                            });
                        }
                        self.game
                            .action(id as usize)
                            .ok_or_else(|| stuck(self.index, format!("id {id} does not decode")))?
                    } else {
                        let rng = &mut self.seat_rngs[p.index()];
                        match self.game.env_action(p, rng) {
                            Some(a) => a,
                            None => {
                                return Err(stuck(
                                    self.index,
                                    format!("learner {l} is to act with an empty mask"),
                                ));
                            }
                        }
                    }
                }
                (None, Some(bot)) => bot.act(&self.game, p, &mut self.seat_rngs[p.index()]),
                (None, None) => {
                    return Err(stuck(self.index, "a seat with neither learner nor bot"));
                }
            };
            self.actions.push(action);
        }
        self.events.clear();
        self.game
            .step(&self.actions, &mut self.rng, &mut self.events)
            .map_err(|e| BatchError::Stuck {
                env: self.index,
                detail: format!("the engine refused a step: {e}"),
            })?;
        self.refresh_masks(shared);
        self.game.rewards(&self.events, &mut self.rewards);
        for (r, &p) in rewards.iter_mut().zip(&shared.learners) {
            *r += self.rewards[p.index()];
        }
        Ok(())
    }

    /// Plays the bots' and the environment's turns until a learner seat decides or the game
    /// ends.
    fn advance(&mut self, shared: &Shared<G>, rewards: &mut [f32]) -> Result<(), BatchError> {
        while !self.game.to_act().is_over() && !self.learner_decides(shared) {
            self.play(shared, None, rewards)?;
        }
        Ok(())
    }

    /// Writes the learner seats' observations.
    fn write_obs(&self, shared: &Shared<G>, obs: &mut [f32]) {
        let o = shared.obs_len;
        for (&p, obs) in shared.learners.iter().zip(obs.chunks_mut(o)) {
            self.game.write_obs(p, obs);
        }
    }

    /// Writes the learner seats' observations and masks.
    fn write(&self, shared: &Shared<G>, obs: &mut [f32], masks: &mut [bool]) {
        self.write_obs(shared, obs);
        masks.copy_from_slice(&self.masks);
    }

    /// Steps the env with its rows (a run of one env).
    fn step(&mut self, shared: &Shared<G>, rows: Run<'_>) -> Result<(), BatchError> {
        if let Some(finished) = self.finished.take() {
            self.spare = finished.obs;
        }
        rows.rewards.fill(0.0);
        self.play(shared, Some(rows.actions), rows.rewards)?;
        self.advance(shared, rows.rewards)?;
        self.steps += 1;
        let over = self.game.to_act().is_over();
        let cut = !over && shared.max_steps.is_some_and(|m| self.steps >= m);
        rows.terminated.fill(over);
        rows.truncated.fill(cut);
        if over || cut {
            let mut obs = std::mem::take(&mut self.spare);
            obs.resize(shared.learners.len() * shared.obs_len, 0.0);
            self.write_obs(shared, &mut obs);
            self.finished = Some(Finished {
                episode: self.episode,
                seed: self.seed,
                steps: self.steps,
                outcome: self.game.outcome(),
                obs,
            });
            self.episode += 1;
            self.start(shared)?;
        }
        self.write(shared, rows.obs, rows.masks);
        Ok(())
    }
}

/// `num_envs` games of `G` stepped together: see the [crate docs](crate).
pub struct Batch<G: BatchGame> {
    shared: Shared<G>,
    envs: Vec<Env<G>>,
    pool: Option<rayon::ThreadPool>,
    /// Threads stepping the envs, the calling one included.
    threads: usize,
}

impl<G: BatchGame> Batch<G> {
    /// A batch of `options.num_envs` games of `config` with these seats, each at its first
    /// learner decision (call [`Batch::reset`] for the first observations).
    pub fn new(
        config: G::Config,
        seats: &[SeatKind],
        options: Options,
    ) -> Result<Self, BatchError> {
        let learners: Vec<PlayerId> = seats
            .iter()
            .enumerate()
            .filter(|(_, s)| **s == SeatKind::Learner)
            .map(|(p, _)| PlayerId(p as u8))
            .collect();
        if learners.is_empty() || options.num_envs == 0 {
            return Err(BatchError::Empty);
        }
        let mut probe_rng = Pcg64Mcg::seed_from_u64(options.seed);
        let probe = G::new(&config, seats.len(), &mut probe_rng)
            .map_err(|e| BatchError::Config(e.to_string()))?;
        let shared = Shared {
            config,
            seats: seats.to_vec(),
            learners,
            seed: options.seed,
            max_steps: options.max_steps,
            obs_len: probe.obs_len(),
            num_actions: probe.num_actions(),
        };
        let envs = (0..options.num_envs)
            .map(|i| Env::new(&shared, i))
            .collect::<Result<Vec<_>, _>>()?;
        let threads = match options.threads {
            0 => std::thread::available_parallelism().map_or(1, usize::from),
            n => n,
        };
        // The calling thread is one of the threads; the pool holds the others.
        let pool = if threads == 1 {
            None
        } else {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads - 1)
                .build()
                .map_err(|e| BatchError::Threads {
                    threads,
                    detail: e.to_string(),
                })?;
            Some(pool)
        };
        Ok(Batch {
            shared,
            envs,
            pool,
            threads,
        })
    }

    /// The number of envs.
    pub fn num_envs(&self) -> usize {
        self.envs.len()
    }

    /// The learner seats, in seat order (the `L` rows of each env).
    pub fn learners(&self) -> &[PlayerId] {
        &self.shared.learners
    }

    /// The shape of one observation (planes, rows, columns).
    pub fn obs_shape(&self) -> [usize; 3] {
        self.envs[0].game.obs_shape()
    }

    /// Entries of one observation (`O`).
    pub fn obs_len(&self) -> usize {
        self.shared.obs_len
    }

    /// Action ids per seat (`A`).
    pub fn num_actions(&self) -> usize {
        self.shared.num_actions
    }

    /// Env `env`'s game as it stands.
    pub fn game(&self, env: usize) -> Option<&G> {
        self.envs.get(env).map(|e| &e.game)
    }

    /// How env `env`'s last game ended, if it ended in the last step.
    pub fn finished(&self, env: usize) -> Option<&Finished> {
        self.envs.get(env)?.finished.as_ref()
    }

    /// Checks the buffers' lengths.
    fn check(&self, actions: Option<&[u32]>, out: &Buffers<'_>) -> Result<(), BatchError> {
        let (n, l) = (self.envs.len(), self.shared.learners.len());
        let lengths = [
            ("actions", n * l, actions.map_or(n * l, <[u32]>::len)),
            ("obs", n * l * self.shared.obs_len, out.obs.len()),
            ("rewards", n * l, out.rewards.len()),
            ("terminated", n, out.terminated.len()),
            ("truncated", n, out.truncated.len()),
            ("masks", n * l * self.shared.num_actions, out.masks.len()),
        ];
        for (name, expected, got) in lengths {
            if expected != got {
                return Err(BatchError::Buffer {
                    name,
                    expected,
                    got,
                });
            }
        }
        Ok(())
    }

    /// Writes every env's current observations and masks (rewards 0, no game ended), as
    /// after construction or the last step; the games are not restarted.
    pub fn reset(&mut self, out: Buffers<'_>) -> Result<(), BatchError> {
        self.check(None, &out)?;
        let (l, o, a) = (
            self.shared.learners.len(),
            self.shared.obs_len,
            self.shared.num_actions,
        );
        out.rewards.fill(0.0);
        out.terminated.fill(false);
        out.truncated.fill(false);
        for (i, env) in self.envs.iter().enumerate() {
            env.write(
                &self.shared,
                &mut out.obs[i * l * o..(i + 1) * l * o],
                &mut out.masks[i * l * a..(i + 1) * l * a],
            );
        }
        Ok(())
    }

    /// One step of every env with `actions` (`num_envs x L` ids), writing `out`. On an error
    /// (the first env's, in env order) the buffers and the envs after it are left partly
    /// stepped.
    pub fn step(&mut self, actions: &[u32], out: Buffers<'_>) -> Result<(), BatchError> {
        self.check(Some(actions), &out)?;
        let shared = &self.shared;
        let mut run = Run {
            actions,
            obs: out.obs,
            rewards: out.rewards,
            terminated: out.terminated,
            truncated: out.truncated,
            masks: out.masks,
        };
        let Some(pool) = &self.pool else {
            return run.step(&mut self.envs, shared);
        };
        // One run of envs per thread, with its rows of every buffer: the calling thread steps
        // the first, the pool's workers the others (so a step waits for one wake-up, not for
        // the calling thread to hand everything over).
        let share = self.envs.len().div_ceil(self.threads).max(1);
        let mut runs = Vec::with_capacity(self.threads);
        let mut envs = &mut self.envs[..];
        while !envs.is_empty() {
            let (these, other_envs) = envs.split_at_mut(share.min(envs.len()));
            let (rows, other_rows) = run.split_at(these.len(), shared);
            runs.push((these, rows));
            (envs, run) = (other_envs, other_rows);
        }
        let mut runs = runs.into_iter();
        let Some((first_envs, first_run)) = runs.next() else {
            return Ok(());
        };
        let mut results: Vec<Result<(), BatchError>> = (0..self.threads).map(|_| Ok(())).collect();
        let (first_result, others) = results.split_first_mut().expect("one thread at least");
        pool.in_place_scope(|scope| {
            for ((envs, run), result) in runs.zip(others.iter_mut()) {
                scope.spawn(move |_| *result = run.step(envs, shared));
            }
            *first_result = first_run.step(first_envs, shared);
        });
        results.into_iter().collect()
    }
}

/// The README's example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
