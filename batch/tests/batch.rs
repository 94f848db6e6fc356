//! The batch against sequential games: the same seeds and ids give the same observations,
//! rewards, ends and masks, bit for bit, at any number of threads; auto-reset; bots as
//! opponents; refusals.

use koth_batch::{Batch, BatchError, BatchGame, Buffers, Options, SeatKind, episode_seed};
use koth_engine_core::draw::{self, derive_seed};
use koth_engine_core::{PlayerId, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// The buffers of a batch, owned.
struct Owned {
    obs: Vec<f32>,
    rewards: Vec<f32>,
    terminated: Vec<bool>,
    truncated: Vec<bool>,
    masks: Vec<bool>,
}

impl Owned {
    fn for_batch<G: BatchGame>(batch: &Batch<G>) -> Owned {
        let (n, l) = (batch.num_envs(), batch.learners().len());
        Owned {
            obs: vec![f32::NAN; n * l * batch.obs_len()],
            rewards: vec![f32::NAN; n * l],
            terminated: vec![true; n],
            truncated: vec![true; n],
            masks: vec![true; n * l * batch.num_actions()],
        }
    }

    fn buffers(&mut self) -> Buffers<'_> {
        Buffers {
            obs: &mut self.obs,
            rewards: &mut self.rewards,
            terminated: &mut self.terminated,
            truncated: &mut self.truncated,
            masks: &mut self.masks,
        }
    }
}

/// One game played as a plain loop over the engine, every seat a learner: the reference.
struct Sequential<G: BatchGame> {
    config: G::Config,
    seats: usize,
    seed: u64,
    env: usize,
    episode: u64,
    game: G,
    rng: Pcg64Mcg,
    seat_rngs: Vec<Pcg64Mcg>,
}

impl<G: BatchGame> Sequential<G> {
    fn new(config: &G::Config, seats: usize, seed: u64, env: usize) -> Self {
        let mut rng = Pcg64Mcg::seed_from_u64(0);
        let game = G::new(config, seats, &mut rng).unwrap();
        let mut s = Sequential {
            config: config.clone(),
            seats,
            seed,
            env,
            episode: 0,
            game,
            rng,
            seat_rngs: Vec::new(),
        };
        s.start();
        s
    }

    fn start(&mut self) {
        let seed = episode_seed(self.seed, self.env, self.episode);
        self.rng = Pcg64Mcg::seed_from_u64(seed);
        self.seat_rngs = (0..self.seats)
            .map(|p| Pcg64Mcg::seed_from_u64(derive_seed(seed, 1_000_000 + p as u64)))
            .collect();
        self.game = G::new(&self.config, self.seats, &mut self.rng).unwrap();
        let mut sink = vec![0.0; self.seats];
        self.settle(&mut sink);
    }

    fn mask(&self, p: usize) -> Vec<bool> {
        let mut mask = vec![false; self.game.num_actions()];
        self.game.legal_mask(PlayerId(p as u8), &mut mask);
        mask
    }

    /// Plays one joint action: `ids` where a seat's mask has some id, else the environment's.
    fn play(&mut self, ids: Option<&[u32]>, rewards: &mut [f32]) {
        let acting = self.game.to_act().players().to_vec();
        let actions: Vec<_> = acting
            .iter()
            .map(|&p| {
                if self.mask(p.index()).iter().any(|&m| m) {
                    self.game.action(ids.unwrap()[p.index()] as usize).unwrap()
                } else {
                    self.game
                        .env_action(p, &mut self.seat_rngs[p.index()])
                        .unwrap()
                }
            })
            .collect();
        let mut events = Vec::new();
        self.game
            .step(&actions, &mut self.rng, &mut events)
            .unwrap();
        let mut r = vec![0.0; self.seats];
        self.game.rewards(&events, &mut r);
        for (a, b) in rewards.iter_mut().zip(r) {
            *a += b;
        }
    }

    /// Plays on while nobody to act has an id to choose.
    fn settle(&mut self, rewards: &mut [f32]) {
        while !self.game.to_act().is_over()
            && self
                .game
                .to_act()
                .players()
                .iter()
                .all(|p| !self.mask(p.index()).iter().any(|&m| m))
        {
            self.play(None, rewards);
        }
    }

    /// One step; the rewards and whether the game ended.
    fn step(&mut self, ids: &[u32]) -> (Vec<f32>, bool) {
        let mut rewards = vec![0.0; self.seats];
        self.play(Some(ids), &mut rewards);
        self.settle(&mut rewards);
        let over = self.game.to_act().is_over();
        if over {
            self.episode += 1;
            self.start();
        }
        (rewards, over)
    }

    fn obs(&self, p: usize) -> Vec<f32> {
        let mut obs = vec![0.0; self.game.obs_len()];
        self.game.write_obs(PlayerId(p as u8), &mut obs);
        obs
    }
}

/// `envs` envs of every seat a learner, stepped `steps` times with ids drawn from the batch's
/// masks, against as many sequential games: every buffer equal at every step.
fn batch_equals_sequential<G: BatchGame>(config: G::Config, seats: usize, steps: usize) {
    let envs = 5;
    for threads in [1, 2] {
        let options = Options {
            num_envs: envs,
            seed: 77,
            threads,
            max_steps: None,
        };
        let mut batch =
            Batch::<G>::new(config.clone(), &vec![SeatKind::Learner; seats], options).unwrap();
        let mut refs: Vec<Sequential<G>> = (0..envs)
            .map(|i| Sequential::new(&config, seats, 77, i))
            .collect();
        let mut out = Owned::for_batch(&batch);
        batch.reset(out.buffers()).unwrap();
        let (o, a) = (batch.obs_len(), batch.num_actions());
        let mut chooser = Pcg64Mcg::seed_from_u64(threads as u64);
        let mut ends = 0;
        for step in 0..steps {
            // The buffers are the reference games' observations and masks.
            for (i, r) in refs.iter().enumerate() {
                for p in 0..seats {
                    let row = i * seats + p;
                    assert_eq!(
                        out.obs[row * o..(row + 1) * o],
                        r.obs(p),
                        "step {step}, env {i}, seat {p}: obs"
                    );
                    assert_eq!(
                        out.masks[row * a..(row + 1) * a],
                        r.mask(p),
                        "step {step}, env {i}, seat {p}: mask"
                    );
                }
            }
            let ids: Vec<u32> = out
                .masks
                .chunks(a)
                .map(|mask| {
                    let legal: Vec<u32> = (0..a as u32).filter(|&id| mask[id as usize]).collect();
                    if legal.is_empty() {
                        0
                    } else {
                        legal[draw::index(&mut chooser, legal.len())]
                    }
                })
                .collect();
            batch.step(&ids, out.buffers()).unwrap();
            for (i, r) in refs.iter_mut().enumerate() {
                let (rewards, over) = r.step(&ids[i * seats..(i + 1) * seats]);
                assert_eq!(
                    out.rewards[i * seats..(i + 1) * seats],
                    rewards,
                    "step {step}, env {i}: rewards"
                );
                assert_eq!(out.terminated[i], over, "step {step}, env {i}: terminated");
                assert!(!out.truncated[i]);
                assert_eq!(batch.finished(i).is_some(), over);
                ends += usize::from(over);
            }
        }
        assert!(
            ends > 0,
            "some game ended and restarted within {steps} steps"
        );
    }
}

#[test]
fn batch_samurai_equals_sequential_games() {
    batch_equals_sequential::<koth_samurai::Samurai>(Default::default(), 2, 400);
}

#[test]
fn batch_tanks_equals_sequential_games() {
    let config = koth_tanks::Config {
        side: Some(5),
        max_ticks: 40,
        ..Default::default()
    };
    batch_equals_sequential::<koth_tanks::Tanks>(config, 4, 120);
}

#[test]
fn batch_battleship_equals_sequential_games() {
    let config = koth_http_battleship::Config {
        width: 5,
        height: 5,
        ships: [1, 1, 0, 0, 0, 0],
        shot_limit: None,
    };
    batch_equals_sequential::<koth_http_battleship::Battleship>(config, 2, 200);
}

#[test]
fn batch_bomberman_equals_sequential_games() {
    let rules = koth_bomberman::Rules {
        lives: 1,
        bombs_power: 4,
        max_ticks: 60,
        ..Default::default()
    };
    let config = koth_bomberman::Config {
        mode: koth_bomberman::Mode::Duel,
        rules,
    };
    batch_equals_sequential::<koth_bomberman::Bomberman>(config, 2, 150);
}

#[test]
fn batch_naval_equals_sequential_games() {
    let config = koth_naval::Config {
        rounds: 2,
        ..Default::default()
    };
    batch_equals_sequential::<koth_naval::NavalOrders>(config, 2, 300);
}

/// One learner against a built-in bot: every step is a learner decision, a game's rewards
/// add up to its normalized result, the final observation is kept, and the buffers do not
/// depend on the number of threads.
#[test]
fn batch_against_a_bot_resets_and_keeps_the_end() {
    let run = |threads| {
        let options = Options {
            num_envs: 6,
            seed: 5,
            threads,
            max_steps: None,
        };
        let seats = [SeatKind::Learner, SeatKind::Bot("monk".into())];
        let mut batch =
            Batch::<koth_samurai::Samurai>::new(Default::default(), &seats, options).unwrap();
        let mut out = Owned::for_batch(&batch);
        batch.reset(out.buffers()).unwrap();
        let mut returns = [0.0f32; 6];
        let mut ended = Vec::new();
        let mut history = Vec::new();
        for k in 0..300u32 {
            let ids = vec![k % 6; 6];
            batch.step(&ids, out.buffers()).unwrap();
            history.push((out.obs.clone(), out.rewards.clone(), out.terminated.clone()));
            for (i, ret) in returns.iter_mut().enumerate() {
                *ret += out.rewards[i];
                if out.terminated[i] {
                    let end = batch.finished(i).expect("the end is kept");
                    let outcome = end.outcome().expect("an outcome");
                    let game = batch.game(i).unwrap();
                    let normalized = koth_engine_core::learn::normalized_score(
                        game,
                        outcome.scores()[PlayerId(0)],
                    );
                    assert!((f64::from(*ret) - normalized).abs() < 1e-5);
                    assert_eq!(end.obs().len(), batch.obs_len());
                    assert_ne!(
                        end.obs(),
                        out.obs[i * batch.obs_len()..(i + 1) * batch.obs_len()],
                        "the new game's first observation"
                    );
                    ended.push((i, end.episode));
                    *ret = 0.0;
                }
            }
        }
        assert!(ended.len() > 6, "games ended: {ended:?}");
        history
    };
    assert!(run(1) == run(2), "one thread and two give the same buffers");
}

/// `max_steps` cuts a game: truncated, not terminated, and the env starts its next game.
#[test]
fn batch_truncates_at_max_steps() {
    let options = Options {
        num_envs: 2,
        seed: 1,
        threads: 1,
        max_steps: Some(3),
    };
    let seats = [SeatKind::Learner, SeatKind::Bot("waiter".into())];
    let mut batch =
        Batch::<koth_samurai::Samurai>::new(Default::default(), &seats, options).unwrap();
    let mut out = Owned::for_batch(&batch);
    for step in 1..=3 {
        batch.step(&[0, 0], out.buffers()).unwrap();
        assert_eq!(out.truncated, [step == 3; 2]);
        assert_eq!(out.terminated, [false; 2]);
    }
    let end = batch.finished(0).unwrap();
    assert_eq!(
        (end.episode, end.steps, end.outcome().is_none()),
        (0, 3, true)
    );
    assert_eq!(
        batch.game(0).map(koth_engine_core::Game::turn),
        Some(0),
        "a new game"
    );
}

/// `restart(env, seed)` starts the game that seed gives: the env's second game, started
/// at once with its episode seed, plays as the second game of an env that got there by
/// finishing its first. Against a bot that acts at random (its seat RNG counts) and one
/// that remembers its shots within a game (the next game has a new bot, as in a match).
fn restart_plays_the_game_of_the_seed<G: BatchGame>(bot: &str) {
    let options = Options {
        num_envs: 1,
        seed: 7,
        threads: 1,
        max_steps: None,
    };
    let seats = [SeatKind::Learner, SeatKind::Bot(bot.into())];
    let new = || Batch::<G>::new(Default::default(), &seats, options).unwrap();
    let (mut ended, mut restarted) = (new(), new());
    let (mut a, mut b) = (Owned::for_batch(&ended), Owned::for_batch(&restarted));
    ended.reset(a.buffers()).unwrap();
    let first_legal = |masks: &[bool]| masks.iter().position(|&m| m).unwrap_or(0) as u32;
    loop {
        let id = first_legal(&a.masks);
        ended.step(&[id], a.buffers()).unwrap();
        if a.terminated[0] {
            break;
        }
    }
    restarted
        .restart(0, episode_seed(7, 0, 1), b.buffers())
        .unwrap();
    assert!(
        restarted.finished(0).is_none(),
        "the abandoned game is not reported"
    );
    assert_eq!((&a.obs, &a.masks), (&b.obs, &b.masks));
    for _ in 0..300 {
        let id = first_legal(&a.masks);
        ended.step(&[id], a.buffers()).unwrap();
        restarted.step(&[id], b.buffers()).unwrap();
        assert_eq!(
            (&a.obs, &a.rewards, &a.terminated),
            (&b.obs, &b.rewards, &b.terminated)
        );
        if a.terminated[0] {
            break;
        }
    }
    assert!(restarted.restart(1, 0, b.buffers()).is_err(), "no env 1");
}

#[test]
fn batch_restart_plays_the_game_of_the_seed() {
    restart_plays_the_game_of_the_seed::<koth_samurai::Samurai>("spork-holder");
    restart_plays_the_game_of_the_seed::<koth_http_battleship::Battleship>("hunter");
}

/// Illegal ids, wrong buffers and unknown bots are refused with what is wrong.
#[test]
fn batch_refusals_say_what_is_wrong() {
    let seats = [SeatKind::Learner, SeatKind::Bot("monk".into())];
    let mut batch =
        Batch::<koth_samurai::Samurai>::new(Default::default(), &seats, Options::default())
            .unwrap();
    let mut out = Owned::for_batch(&batch);
    let err = batch.step(&[99], out.buffers()).unwrap_err();
    assert!(
        matches!(
            err,
            BatchError::Illegal {
                env: 0,
                learner: 0,
                id: 99
            }
        ),
        "{err}"
    );
    let err = batch.step(&[0, 0], out.buffers()).unwrap_err();
    assert!(
        matches!(
            err,
            BatchError::Buffer {
                name: "actions",
                expected: 1,
                got: 2
            }
        ),
        "{err}"
    );
    let seats = [SeatKind::Learner, SeatKind::Bot("nobody".into())];
    let err = Batch::<koth_samurai::Samurai>::new(Default::default(), &seats, Options::default())
        .err()
        .unwrap();
    assert!(err.to_string().contains("monk"), "{err}");
    let seats = [SeatKind::Bot("monk".into()), SeatKind::Bot("monk".into())];
    assert!(matches!(
        Batch::<koth_samurai::Samurai>::new(Default::default(), &seats, Options::default()),
        Err(BatchError::Empty)
    ));
}
