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
//!   finished game is kept for the caller ([`Batch::finished`]: its final observation and
//!   outcome) until the env's next step. A game restarts in place
//!   ([`Game::restart`](koth_engine_core::Game::restart): no
//!   allocation where the game reuses its own).
//! - **Seeds**: game `k` of env `i` plays seed [`episode_seed`]`(seed, i, k)`, with the one
//!   seeding rule of every koth runner (the engine draws from `Pcg64Mcg::seed_from_u64(s)`,
//!   seat `p` from `player_rng(s, p)`), so each env's games are those of sequential games
//!   with these seeds and the same actions, bit for bit, whatever the number of threads.
//! - **Threads**: [`Options::threads`] threads step disjoint runs of envs, one run each: the
//!   calling thread and the workers of the batch's own rayon pool, kept awake between steps
//!   (they spin for a short while before they sleep).

mod games;
mod pool;

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

/// Each seat's RNG in one game, seeded when the seat first draws (learner seats of most
/// games never do, and seeding one costs more than a samurai turn).
struct SeatRngs {
    rngs: Vec<Option<Pcg64Mcg>>,
    /// Whether some seat drew in this game.
    drew: bool,
}

impl SeatRngs {
    fn new(seats: usize) -> Self {
        SeatRngs {
            rngs: vec![None; seats],
            drew: false,
        }
    }

    /// Seat `seat`'s RNG in the game seeded `seed`, seeded now if it was not yet.
    fn get(&mut self, seed: u64, seat: usize) -> &mut Pcg64Mcg {
        self.drew = true;
        self.rngs[seat].get_or_insert_with(|| player_rng(seed, seat))
    }

    /// Forgets the RNGs of the last game.
    fn forget(&mut self) {
        if self.drew {
            self.rngs.fill(None);
            self.drew = false;
        }
    }
}

/// A game's RNG, `Pcg64Mcg::seed_from_u64(seed)` (the runner's rule), seeded at its first
/// draw: a samurai duel never draws, and seeding one costs more than a samurai turn.
struct GameRng {
    seed: u64,
    rng: Option<Pcg64Mcg>,
}

impl GameRng {
    fn new(seed: u64) -> GameRng {
        GameRng { seed, rng: None }
    }

    fn rng(&mut self) -> &mut Pcg64Mcg {
        let seed = self.seed;
        self.rng
            .get_or_insert_with(|| Pcg64Mcg::seed_from_u64(seed))
    }
}

impl koth_engine_core::RngCore for GameRng {
    fn next_u32(&mut self) -> u32 {
        self.rng().next_u32()
    }

    fn next_u64(&mut self) -> u64 {
        self.rng().next_u64()
    }

    fn fill_bytes(&mut self, dst: &mut [u8]) {
        self.rng().fill_bytes(dst);
    }
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

/// An env's last game, as it ended, kept until the env's next step.
#[derive(Debug)]
pub struct Finished<'a, G> {
    /// Which game of the env it was (0 first).
    pub episode: u64,
    /// Its seed.
    pub seed: u64,
    /// Learner steps it took.
    pub steps: u32,
    /// The game in its final state.
    pub game: &'a G,
    learners: &'a [PlayerId],
}

impl<G: BatchGame> Finished<'_, G> {
    /// The outcome (`None` when the game was cut at [`Options::max_steps`]).
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    /// Writes the final observation of each learner seat (`L x O` entries) into `out`.
    pub fn write_obs(&self, out: &mut [f32]) {
        write_learners_obs(self.game, self.learners, out);
    }

    /// The final observation of each learner seat (`L x O` entries).
    pub fn obs(&self) -> Vec<f32> {
        let mut obs = vec![0.0; self.learners.len() * self.game.obs_len()];
        self.write_obs(&mut obs);
        obs
    }
}

/// Writes `learners`' observations of `game` into `out`, one after the other.
fn write_learners_obs<G: BatchGame>(game: &G, learners: &[PlayerId], out: &mut [f32]) {
    let o = game.obs_len();
    for (&p, obs) in learners.iter().zip(out.chunks_mut(o)) {
        game.write_obs(p, obs);
    }
}

/// What every env shares.
struct Shared<G: BatchGame> {
    config: G::Config,
    seats: Vec<SeatKind>,
    learners: Vec<PlayerId>,
    /// Per seat, its index among the learner seats.
    learner_of: Vec<Option<usize>>,
    /// Whether some seat is a bot's (which may change the config before a game).
    bots: bool,
    /// Whether every seat is a learner's (the learner rows are the seats).
    every_seat: bool,
    seed: u64,
    max_steps: Option<u32>,
    obs_len: usize,
    num_actions: usize,
}

impl<G: BatchGame> Shared<G> {
    fn learner(&self, p: PlayerId) -> Option<usize> {
        self.learner_of.get(p.index()).copied().flatten()
    }
}

/// One env: what its every step touches, kept small (a batch of thousands of envs steps
/// at the speed of the memory its envs' steps read: the envs of one thread should fit its
/// core's cache), the rest boxed.
#[repr(align(64))]
struct Env<G: BatchGame> {
    game: G,
    /// Learner steps of the current game.
    steps: u32,
    /// Whether `cold.last` is the game that ended in the last step (kept for the caller).
    kept: bool,
    cold: Box<Cold<G>>,
}

/// What an env's steps rarely touch: its identity, RNGs, bots, and the spare game.
struct Cold<G: BatchGame> {
    index: usize,
    episode: u64,
    seed: u64,
    /// The game before `game`: the last finished one while [`Env::kept`] says so, else
    /// spare room for the next restart.
    last: G,
    /// How `last` ended, while it is kept.
    ended: Ended,
    /// The config of the current game, when bots changed it (naval's ship classes).
    config: Option<G::Config>,
    rng: GameRng,
    seat_rngs: SeatRngs,
    bots: Vec<Option<Box<dyn Opponent<G>>>>,
}

/// Which game the kept one was.
#[derive(Clone, Copy, Debug)]
struct Ended {
    episode: u64,
    seed: u64,
    steps: u32,
}

/// One thread's scratch space, for one joint action at a time (kept out of the envs, so a
/// step touches one env's memory less). Aligned to two cache lines so that two threads'
/// scratch never share one.
#[repr(align(128))]
struct Scratch<G: BatchGame> {
    actions: Vec<G::Action>,
    events: Vec<G::Event>,
    /// Every seat's rewards of one game step.
    seat_rewards: Vec<f32>,
    /// One acting learner seat's mask, to check its id against.
    mask: Vec<bool>,
}

/// Bytes reserved for each of a scratch's buffers.
const SCRATCH_BYTES: usize = 4096;

/// An empty vector with room for [`SCRATCH_BYTES`] of `T`.
fn roomy<T>() -> Vec<T> {
    Vec::with_capacity(SCRATCH_BYTES / size_of::<T>().max(1))
}

impl<G: BatchGame> Scratch<G> {
    /// Each buffer with room for [`SCRATCH_BYTES`]: the threads write theirs for every env,
    /// and small heap blocks of two threads could share a cache line (the allocator may
    /// hand one thread a block another freed), which then bounces between their cores.
    fn new(seats: usize, num_actions: usize) -> Self {
        let mut mask = roomy();
        mask.resize(num_actions, false);
        let mut seat_rewards = roomy();
        seat_rewards.resize(seats, 0.0);
        Scratch {
            actions: roomy(),
            events: roomy(),
            seat_rewards,
            mask,
        }
    }
}

/// What an env's step works with besides the env: the shared settings and the thread's
/// scratch.
struct Cx<'a, G: BatchGame> {
    shared: &'a Shared<G>,
    scratch: &'a mut Scratch<G>,
}

/// A run of envs and their rows in every buffer.
struct Run<'a, G: BatchGame> {
    envs: &'a mut [Env<G>],
    actions: &'a [u32],
    obs: &'a mut [f32],
    rewards: &'a mut [f32],
    terminated: &'a mut [bool],
    truncated: &'a mut [bool],
    masks: &'a mut [bool],
}

/// The rows of one env in every buffer.
struct Rows<'a> {
    actions: &'a [u32],
    obs: &'a mut [f32],
    rewards: &'a mut [f32],
    terminated: &'a mut bool,
    truncated: &'a mut bool,
    masks: &'a mut [bool],
}

impl<'a, G: BatchGame> Run<'a, G> {
    /// The run's first `n` envs with their rows, and the rest.
    fn split_at(self, n: usize, shared: &Shared<G>) -> (Self, Self) {
        let (l, o, a) = (shared.learners.len(), shared.obs_len, shared.num_actions);
        let n = n.min(self.envs.len());
        let (envs, envs_rest) = self.envs.split_at_mut(n);
        let (actions, actions_rest) = self.actions.split_at(n * l);
        let (obs, obs_rest) = self.obs.split_at_mut(n * l * o);
        let (rewards, rewards_rest) = self.rewards.split_at_mut(n * l);
        let (terminated, terminated_rest) = self.terminated.split_at_mut(n);
        let (truncated, truncated_rest) = self.truncated.split_at_mut(n);
        let (masks, masks_rest) = self.masks.split_at_mut(n * l * a);
        let first = Run {
            envs,
            actions,
            obs,
            rewards,
            terminated,
            truncated,
            masks,
        };
        let rest = Run {
            envs: envs_rest,
            actions: actions_rest,
            obs: obs_rest,
            rewards: rewards_rest,
            terminated: terminated_rest,
            truncated: truncated_rest,
            masks: masks_rest,
        };
        (first, rest)
    }

    /// Steps the run's envs in order, each with its rows, using `scratch`.
    fn step(self, shared: &Shared<G>, scratch: &mut Scratch<G>) -> Result<(), BatchError> {
        let (l, o, a) = (shared.learners.len(), shared.obs_len, shared.num_actions);
        // Each buffer cut into per-env rows once, walked in order.
        let rows = self
            .actions
            .chunks_exact(l)
            .zip(self.obs.chunks_exact_mut(l * o))
            .zip(self.rewards.chunks_exact_mut(l))
            .zip(self.terminated.iter_mut().zip(self.truncated.iter_mut()))
            .zip(self.masks.chunks_exact_mut(l * a));
        let mut cx = Cx { shared, scratch };
        for (env, ((((actions, obs), rewards), (terminated, truncated)), masks)) in
            self.envs.iter_mut().zip(rows)
        {
            let rows = Rows {
                actions,
                obs,
                rewards,
                terminated,
                truncated,
                masks,
            };
            env.step(&mut cx, rows)?;
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
    /// Env `index` at its first game's first learner decision, with the learner seats'
    /// masks written to `masks` (`L x A`).
    fn new(cx: &mut Cx<'_, G>, index: usize, masks: &mut [bool]) -> Result<Self, BatchError> {
        let shared = cx.shared;
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
        let mut rng = GameRng::new(seed);
        let game = G::new(&shared.config, shared.seats.len(), &mut rng)
            .map_err(|e| BatchError::Config(e.to_string()))?;
        let mut env = Env {
            cold: Box::new(Cold {
                index,
                episode: 0,
                seed,
                last: game.clone(),
                ended: Ended {
                    episode: 0,
                    seed,
                    steps: 0,
                },
                config: None,
                rng,
                seat_rngs: SeatRngs::new(shared.seats.len()),
                bots,
            }),
            game,
            steps: 0,
            kept: false,
        };
        env.start(cx, seed, masks)?;
        Ok(env)
    }

    /// Starts game `cold.episode` with `seed`: the bots' pre-game choices, the game, and
    /// play up to the first learner decision, whose masks it writes to `masks`.
    fn start(
        &mut self,
        cx: &mut Cx<'_, G>,
        seed: u64,
        masks: &mut [bool],
    ) -> Result<(), BatchError> {
        let shared = cx.shared;
        let cold = &mut *self.cold;
        cold.seed = seed;
        cold.seat_rngs.forget();
        if shared.bots {
            let config = cold.config.get_or_insert_with(|| shared.config.clone());
            config.clone_from(&shared.config);
            for (p, bot) in cold.bots.iter_mut().enumerate() {
                if let Some(bot) = bot {
                    let rng = cold.seat_rngs.get(seed, p);
                    bot.setup(config, PlayerId(p as u8), rng);
                }
            }
        }
        let config = cold.config.as_ref().unwrap_or(&shared.config);
        cold.rng = GameRng::new(seed);
        self.game
            .restart(config, shared.seats.len(), &mut cold.rng)
            .map_err(|e| BatchError::Config(e.to_string()))?;
        self.steps = 0;
        // Rewards earned before the game's first learner decision are paid to nobody.
        if self.settle(cx, None, masks)? {
            let cold = &self.cold;
            return Err(stuck(
                cold.index,
                format!(
                    "game {} (seed {}) ended before any learner acted",
                    cold.episode, cold.seed
                ),
            ));
        }
        Ok(())
    }

    /// Writes the learner seats' masks to `masks` (`L x A`); whether one of them acts now
    /// with an id to choose.
    fn write_masks(&self, shared: &Shared<G>, masks: &mut [bool]) -> bool {
        let a = shared.num_actions;
        let mut decides = false;
        for (&p, mask) in shared.learners.iter().zip(masks.chunks_exact_mut(a)) {
            // A seat that does not act has an empty mask (checked for every game by
            // `check_learn`).
            decides |= self.game.legal_mask_any(p, mask);
        }
        decides
    }

    /// Plays the bots' and the environment's turns until a learner seat decides (its masks
    /// then written to `masks`) or the game ends, adding the learners' rewards to `rewards`
    /// (if any); whether it ended.
    fn settle(
        &mut self,
        cx: &mut Cx<'_, G>,
        mut rewards: Option<&mut [f32]>,
        masks: &mut [bool],
    ) -> Result<bool, BatchError> {
        loop {
            if self.game.to_act().is_over() {
                return Ok(true);
            }
            if self.write_masks(cx.shared, masks) {
                return Ok(false);
            }
            self.play(cx, None, rewards.as_deref_mut())?;
        }
    }

    /// Plays one joint action: ids for learner seats that decide, the bots' actions, the
    /// environment's where a learner seat's mask is empty. The learners' rewards are
    /// written to `rewards` with ids (a step's first play: no earlier zeroing, and no
    /// reload of a row just written), added to it without, dropped with no `rewards`.
    fn play(
        &mut self,
        cx: &mut Cx<'_, G>,
        ids: Option<&[u32]>,
        rewards: Option<&mut [f32]>,
    ) -> Result<(), BatchError> {
        let shared = cx.shared;
        let scratch = &mut *cx.scratch;
        scratch.actions.clear();
        for &p in self.game.to_act().players() {
            let action = match shared.learner(p) {
                Some(l) => {
                    let id = ids.map_or(u32::MAX, |ids| ids[l]);
                    if let Some(legal) = self.game.legal_id(p, id as usize, &mut scratch.mask) {
                        if !legal {
                            return Err(BatchError::Illegal {
                                env: self.cold.index,
                                learner: l,
                                id,
                            });
                        }
                        self.game.action(id as usize).ok_or_else(|| {
                            stuck(self.cold.index, format!("id {id} does not decode"))
                        })?
                    } else {
                        let cold = &mut *self.cold;
                        let rng = cold.seat_rngs.get(cold.seed, p.index());
                        self.game.env_action(p, rng).ok_or_else(|| {
                            stuck(
                                cold.index,
                                format!("learner {l} is to act with an empty mask"),
                            )
                        })?
                    }
                }
                None => {
                    let cold = &mut *self.cold;
                    match &mut cold.bots[p.index()] {
                        Some(bot) => {
                            let rng = cold.seat_rngs.get(cold.seed, p.index());
                            bot.act(&self.game, p, rng)
                        }
                        None => {
                            return Err(stuck(cold.index, "a seat with neither learner nor bot"));
                        }
                    }
                }
            };
            scratch.actions.push(action);
        }
        scratch.events.clear();
        self.game
            .step(&scratch.actions, &mut self.cold.rng, &mut scratch.events)
            .map_err(|e| BatchError::Stuck {
                env: self.cold.index,
                detail: format!("the engine refused a step: {e}"),
            })?;
        let Some(rewards) = rewards else {
            return Ok(());
        };
        // The learners' ids start a step: their rewards are set, then added to. Where every
        // seat is a learner's, in seat order, the game sets them in place.
        if ids.is_some() && shared.every_seat {
            self.game.rewards(&scratch.events, rewards);
            return Ok(());
        }
        self.game
            .rewards(&scratch.events, &mut scratch.seat_rewards);
        let add = ids.is_none();
        for (r, &p) in rewards.iter_mut().zip(&shared.learners) {
            let earned = scratch.seat_rewards[p.index()];
            *r = if add { *r + earned } else { earned };
        }
        Ok(())
    }

    /// Steps the env with its rows.
    fn step(&mut self, cx: &mut Cx<'_, G>, rows: Rows<'_>) -> Result<(), BatchError> {
        self.kept = false;
        self.play(cx, Some(rows.actions), Some(&mut *rows.rewards))?;
        let over = self.settle(cx, Some(rows.rewards), rows.masks)?;
        self.steps += 1;
        let cut = !over && cx.shared.max_steps.is_some_and(|m| self.steps >= m);
        *rows.terminated = over;
        *rows.truncated = cut;
        if over || cut {
            // The finished game stays as it is; the next one restarts the spare.
            let cold = &mut *self.cold;
            std::mem::swap(&mut self.game, &mut cold.last);
            cold.ended = Ended {
                episode: cold.episode,
                seed: cold.seed,
                steps: self.steps,
            };
            self.kept = true;
            cold.episode += 1;
            let seed = episode_seed(cx.shared.seed, cold.index, cold.episode);
            self.start(cx, seed, rows.masks)?;
        }
        write_learners_obs(&self.game, &cx.shared.learners, rows.obs);
        Ok(())
    }
}

/// Envs by which each worker's starting place in its run is moved from the calling thread's
/// (the second thread starts 37 envs into its run, the third 74, ...). The runs are equal
/// and their rows lie at equal distances in every buffer, so threads walking them in step
/// touch addresses that agree in their low 12 bits (2,048 rows of 128, 376 or 12 bytes are
/// whole multiples of 4 KiB): on the project's 2-vCPU machine that collided in the caches
/// and cost some builds a quarter of the two-thread speed. An odd, small offset breaks the
/// agreement for every row size.
const STAGGER: usize = 37;

/// `num_envs` games of `G` stepped together: see the [crate docs](crate).
pub struct Batch<G: BatchGame> {
    shared: Shared<G>,
    envs: Vec<Env<G>>,
    /// One per thread.
    scratch: Vec<Scratch<G>>,
    pool: Option<pool::Pool>,
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
        let learner_of = (0..seats.len())
            .map(|p| learners.iter().position(|l| l.index() == p))
            .collect();
        if probe.obs_len() == 0 || probe.num_actions() == 0 {
            return Err(BatchError::Config(
                "the game has no observation entries or no action ids".into(),
            ));
        }
        let shared = Shared {
            config,
            seats: seats.to_vec(),
            learners,
            learner_of,
            bots: seats.iter().any(|s| matches!(s, SeatKind::Bot(_))),
            every_seat: seats.iter().all(|s| *s == SeatKind::Learner),
            seed: options.seed,
            max_steps: options.max_steps,
            obs_len: probe.obs_len(),
            num_actions: probe.num_actions(),
        };
        let threads = match options.threads {
            0 => std::thread::available_parallelism().map_or(1, usize::from),
            n => n,
        };
        let mut scratch: Vec<Scratch<G>> = (0..threads)
            .map(|_| Scratch::new(shared.seats.len(), shared.num_actions))
            .collect();
        let mut masks = vec![false; shared.learners.len() * shared.num_actions];
        let mut cx = Cx {
            shared: &shared,
            scratch: &mut scratch[0],
        };
        let envs = (0..options.num_envs)
            .map(|i| Env::new(&mut cx, i, &mut masks))
            .collect::<Result<Vec<_>, _>>()?;
        // The calling thread is one of the threads; the pool holds the others.
        let pool = if threads == 1 {
            None
        } else {
            let pool = pool::Pool::new(threads - 1).map_err(|e| BatchError::Threads {
                threads,
                detail: e.to_string(),
            })?;
            Some(pool)
        };
        Ok(Batch {
            shared,
            envs,
            scratch,
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

    /// Env `env`'s last game as it ended, if it ended (or was cut) in the last step.
    pub fn finished(&self, env: usize) -> Option<Finished<'_, G>> {
        let env = self.envs.get(env).filter(|e| e.kept)?;
        let ended = env.cold.ended;
        Some(Finished {
            episode: ended.episode,
            seed: ended.seed,
            steps: ended.steps,
            game: &env.cold.last,
            learners: &self.shared.learners,
        })
    }

    /// Abandons env `env`'s game and starts its next one with seed `seed` (not
    /// [`episode_seed`]): the game `koth play GAME --seed SEED` plays, with the same bots on
    /// the bot seats. The abandoned game is not reported in [`Batch::finished`]. Writes the
    /// env's rows of `out` (the new game's first observation and mask, reward 0, neither
    /// terminated nor truncated); the other envs' rows are left as they are.
    pub fn restart(&mut self, env: usize, seed: u64, out: Buffers<'_>) -> Result<(), BatchError> {
        self.check(None, &out)?;
        let Some(state) = self.envs.get_mut(env) else {
            return Err(stuck(env, "no such env"));
        };
        let mut cx = Cx {
            shared: &self.shared,
            scratch: &mut self.scratch[0],
        };
        let (l, o, a) = (
            self.shared.learners.len(),
            self.shared.obs_len,
            self.shared.num_actions,
        );
        state.kept = false;
        state.cold.episode += 1;
        state.start(
            &mut cx,
            seed,
            &mut out.masks[env * l * a..(env + 1) * l * a],
        )?;
        out.rewards[env * l..(env + 1) * l].fill(0.0);
        out.terminated[env] = false;
        out.truncated[env] = false;
        write_learners_obs(
            &state.game,
            &self.shared.learners,
            &mut out.obs[env * l * o..(env + 1) * l * o],
        );
        Ok(())
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
        let rows = out
            .obs
            .chunks_exact_mut(l * o)
            .zip(out.masks.chunks_exact_mut(l * a));
        for (env, (obs, masks)) in self.envs.iter().zip(rows) {
            write_learners_obs(&env.game, &self.shared.learners, obs);
            env.write_masks(&self.shared, masks);
        }
        Ok(())
    }

    /// One step of every env with `actions` (`num_envs x L` ids), writing `out`. On an error
    /// (the env it names) the buffers and the envs are left partly stepped.
    pub fn step(&mut self, actions: &[u32], out: Buffers<'_>) -> Result<(), BatchError> {
        self.check(Some(actions), &out)?;
        let shared = &self.shared;
        let mut run = Run {
            envs: &mut self.envs,
            actions,
            obs: out.obs,
            rewards: out.rewards,
            terminated: out.terminated,
            truncated: out.truncated,
            masks: out.masks,
        };
        let Some(pool) = &self.pool else {
            return run.step(shared, &mut self.scratch[0]);
        };
        // One run of envs per thread, with its rows of every buffer and its scratch: the
        // calling thread steps the first, the pool's workers the others (so a step waits for
        // one wake-up, not for the calling thread to hand everything over).
        let share = run.envs.len().div_ceil(self.threads).max(1);
        let mut runs = Vec::with_capacity(self.threads);
        while !run.envs.is_empty() {
            let (these, rest) = run.split_at(share, shared);
            runs.push(these);
            run = rest;
        }
        let mut results: Vec<Result<(), BatchError>> = (0..self.threads).map(|_| Ok(())).collect();
        let (first_result, other_results) = results.split_first_mut().expect("a thread");
        let (first_scratch, other_scratch) = self.scratch.split_first_mut().expect("a thread");
        let mut runs = runs.into_iter();
        let Some(first) = runs.next() else {
            return Ok(());
        };
        let jobs = runs
            .zip(other_scratch.iter_mut().zip(other_results))
            .enumerate()
            .map(|(k, (run, (scratch, result)))| {
                // Each worker starts its run at a different place (see STAGGER).
                let start = (k + 1) * STAGGER % run.envs.len().max(1);
                Box::new(move || {
                    let (before, from) = run.split_at(start, shared);
                    *result = from
                        .step(shared, scratch)
                        .and_then(|()| before.step(shared, scratch));
                }) as Box<dyn FnOnce() + Send>
            })
            .collect();
        pool.run(jobs, || *first_result = first.step(shared, first_scratch));
        results.into_iter().collect()
    }
}

/// The README's example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
