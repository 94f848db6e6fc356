//! `koth._koth`: the Rust core of the `koth` Python package.
//!
//! One class, `Batch`: `num_envs` games of one kind stepped together by
//! [`koth_batch::Batch`], its buffers numpy arrays the batch owns and writes in place (the
//! caller reads them without copies). The Python side (`python/koth`) builds the
//! PettingZoo and Gymnasium environments on it, with one env.

use std::sync::Mutex;

use koth_batch::{BatchError, BatchGame, Buffers, Options, SeatKind};
use koth_engine_core::scene::Scene;
use koth_engine_core::{Contest, Game};
use numpy::{PyArray1, PyArrayDyn, PyArrayMethods, PyReadonlyArrayDyn, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use serde::de::DeserializeOwned;

/// A game as the package shows it: its text and its picture.
trait Shown {
    /// The engine's text rendering (`render_mode="ansi"`).
    fn text(&self) -> String;
    /// The viewer's picture of the state.
    fn picture(&self) -> (Scene, &'static [koth_engine_core::scene::Swatch]);
}

macro_rules! shown_contest {
    ($($game:ty),*) => {$(
        impl Shown for $game {
            fn text(&self) -> String {
                Contest::render(self)
            }

            fn picture(&self) -> (Scene, &'static [koth_engine_core::scene::Swatch]) {
                (Contest::scene(self), <$game as Contest>::PALETTE)
            }
        }
    )*};
}

shown_contest!(
    koth_samurai::Samurai,
    koth_tanks::Tanks,
    koth_http_battleship::Battleship,
    koth_bomberman::Bomberman
);

impl Shown for koth_naval::NavalOrders {
    fn text(&self) -> String {
        Contest::render(self.game())
    }

    fn picture(&self) -> (Scene, &'static [koth_engine_core::scene::Swatch]) {
        (
            Contest::scene(self.game()),
            <koth_naval::Naval as Contest>::PALETTE,
        )
    }
}

/// How a game ended.
struct Ending {
    episode: u64,
    seed: u64,
    steps: u32,
    scores: Option<Vec<i64>>,
    places: Option<Vec<u32>>,
    obs: Vec<f32>,
}

/// A batch of any of the five games.
trait AnyBatch: Send {
    fn step(&mut self, actions: &[u32], out: Buffers<'_>) -> Result<(), BatchError>;
    fn reset(&mut self, out: Buffers<'_>) -> Result<(), BatchError>;
    fn restart(&mut self, env: usize, seed: u64, out: Buffers<'_>) -> Result<(), BatchError>;
    fn num_envs(&self) -> usize;
    fn num_players(&self) -> usize;
    fn learners(&self) -> Vec<usize>;
    fn obs_shape(&self) -> [usize; 3];
    fn num_actions(&self) -> usize;
    fn finished(&self, env: usize) -> Option<Ending>;
    fn turn(&self, env: usize) -> Option<u32>;
    /// Env `env`'s current game, or its last finished one.
    fn text(&self, env: usize, last: bool) -> Option<String>;
    fn picture(
        &self,
        env: usize,
        last: bool,
    ) -> Option<(Scene, &'static [koth_engine_core::scene::Swatch])>;
    fn action_names(&self) -> Vec<String>;
}

impl<G: BatchGame + Shown> AnyBatch for koth_batch::Batch<G> {
    fn step(&mut self, actions: &[u32], out: Buffers<'_>) -> Result<(), BatchError> {
        koth_batch::Batch::step(self, actions, out)
    }

    fn reset(&mut self, out: Buffers<'_>) -> Result<(), BatchError> {
        koth_batch::Batch::reset(self, out)
    }

    fn restart(&mut self, env: usize, seed: u64, out: Buffers<'_>) -> Result<(), BatchError> {
        koth_batch::Batch::restart(self, env, seed, out)
    }

    fn num_envs(&self) -> usize {
        koth_batch::Batch::num_envs(self)
    }

    fn num_players(&self) -> usize {
        self.game(0).map_or(0, Game::num_players)
    }

    fn learners(&self) -> Vec<usize> {
        koth_batch::Batch::learners(self)
            .iter()
            .map(|p| p.index())
            .collect()
    }

    fn obs_shape(&self) -> [usize; 3] {
        koth_batch::Batch::obs_shape(self)
    }

    fn num_actions(&self) -> usize {
        koth_batch::Batch::num_actions(self)
    }

    fn finished(&self, env: usize) -> Option<Ending> {
        let end = koth_batch::Batch::finished(self, env)?;
        let outcome = end.outcome();
        Some(Ending {
            episode: end.episode,
            seed: end.seed,
            steps: end.steps,
            scores: outcome.as_ref().map(|o| o.scores().values().to_vec()),
            places: outcome.as_ref().map(|o| o.places().values().to_vec()),
            obs: end.obs(),
        })
    }

    fn turn(&self, env: usize) -> Option<u32> {
        self.game(env).map(Game::turn)
    }

    fn text(&self, env: usize, last: bool) -> Option<String> {
        shown(self, env, last).map(Shown::text)
    }

    fn picture(
        &self,
        env: usize,
        last: bool,
    ) -> Option<(Scene, &'static [koth_engine_core::scene::Swatch])> {
        shown(self, env, last).map(Shown::picture)
    }

    fn action_names(&self) -> Vec<String> {
        G::ACTION_TABLE.iter().map(|a| format!("{a:?}")).collect()
    }
}

/// Env `env`'s current game, or (`last`) the one that ended in the last step.
fn shown<G: BatchGame>(batch: &koth_batch::Batch<G>, env: usize, last: bool) -> Option<&G> {
    if last {
        batch.finished(env).map(|end| end.game)
    } else {
        batch.game(env)
    }
}

/// The games by the names `koth games` lists.
const GAMES: [&str; 5] = ["samurai", "naval", "tanks", "bomberman", "battleship"];

/// The one table of games: runs `$body` with `$learn` the game's learning type (naval's is
/// `NavalOrders`) and `$contest` its contest type, or fails for an unknown name.
macro_rules! with_game {
    ($name:expr, |$learn:ident, $contest:ident| $body:expr) => {
        match $name {
            "samurai" => {
                type $learn = koth_samurai::Samurai;
                type $contest = koth_samurai::Samurai;
                $body
            }
            "naval" => {
                type $learn = koth_naval::NavalOrders;
                type $contest = koth_naval::Naval;
                $body
            }
            "tanks" => {
                type $learn = koth_tanks::Tanks;
                type $contest = koth_tanks::Tanks;
                $body
            }
            "bomberman" => {
                type $learn = koth_bomberman::Bomberman;
                type $contest = koth_bomberman::Bomberman;
                $body
            }
            "battleship" => {
                type $learn = koth_http_battleship::Battleship;
                type $contest = koth_http_battleship::Battleship;
                $body
            }
            other => Err(PyValueError::new_err(format!(
                "no game `{other}` (there are: {})",
                GAMES.join(", ")
            ))),
        }
    };
}

/// `config` (JSON, `None` for the default) as `G`'s config.
fn config<C: DeserializeOwned + Default>(config: Option<&str>) -> PyResult<C> {
    match config {
        Some(json) => serde_json::from_str(json)
            .map_err(|e| PyValueError::new_err(format!("bad config: {e}"))),
        None => Ok(C::default()),
    }
}

fn build<G: BatchGame + Shown>(
    config: Option<&str>,
    seats: &[SeatKind],
    options: Options,
) -> PyResult<Box<dyn AnyBatch>>
where
    G::Config: DeserializeOwned,
{
    let batch =
        koth_batch::Batch::<G>::new(self::config(config)?, seats, options).map_err(error)?;
    Ok(Box::new(batch))
}

fn error(e: BatchError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// Seats: `None` for a learner, a built-in bot's id for a bot.
fn seat_kinds(seats: Vec<Option<String>>) -> Vec<SeatKind> {
    seats
        .into_iter()
        .map(|s| s.map_or(SeatKind::Learner, SeatKind::Bot))
        .collect()
}

/// `num_envs` games of one kind, stepped together (see `koth.Batch` in the package docs).
#[pyclass(module = "koth._koth")]
struct Batch {
    inner: Mutex<Box<dyn AnyBatch>>,
    obs: Py<PyArrayDyn<f32>>,
    rewards: Py<PyArrayDyn<f32>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
    masks: Py<PyArrayDyn<bool>>,
}

impl Batch {
    /// Runs `f` on the batch and its buffers, with the GIL released.
    fn with_buffers(
        &mut self,
        py: Python<'_>,
        f: impl FnOnce(&mut dyn AnyBatch, Buffers<'_>) -> Result<(), BatchError> + Send,
    ) -> PyResult<()> {
        let mut obs = self.obs.bind(py).try_readwrite()?;
        let mut rewards = self.rewards.bind(py).try_readwrite()?;
        let mut terminated = self.terminated.bind(py).try_readwrite()?;
        let mut truncated = self.truncated.bind(py).try_readwrite()?;
        let mut masks = self.masks.bind(py).try_readwrite()?;
        let buffers = Buffers {
            obs: obs.as_slice_mut()?,
            rewards: rewards.as_slice_mut()?,
            terminated: terminated.as_slice_mut()?,
            truncated: truncated.as_slice_mut()?,
            masks: masks.as_slice_mut()?,
        };
        let inner = self.inner.get_mut().map_err(|_| {
            PyValueError::new_err("the batch is unusable after a panic in an earlier step")
        })?;
        py.detach(|| f(inner.as_mut(), buffers)).map_err(error)
    }

    fn inner(&self) -> PyResult<std::sync::MutexGuard<'_, Box<dyn AnyBatch>>> {
        self.inner.lock().map_err(|_| {
            PyValueError::new_err("the batch is unusable after a panic in an earlier step")
        })
    }
}

#[pymethods]
impl Batch {
    /// A batch of `num_envs` games of `game` (a name from `koth games`). `seats` has one
    /// entry per seat: `None` for a learner, a built-in bot's id for a bot. `config` is the
    /// game's config as JSON (as `koth config GAME` prints it; `None` for the default).
    #[new]
    // Python's keyword arguments, one parameter each.
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (game, seats, num_envs=1, seed=0, config=None, threads=1, max_steps=None))]
    fn new(
        py: Python<'_>,
        game: &str,
        seats: Vec<Option<String>>,
        num_envs: usize,
        seed: u64,
        config: Option<&str>,
        threads: usize,
        max_steps: Option<u32>,
    ) -> PyResult<Self> {
        let seats = seat_kinds(seats);
        let options = Options {
            num_envs,
            seed,
            threads,
            max_steps,
        };
        let inner = with_game!(game, |L, _C| build::<L>(config, &seats, options))?;
        let (n, l) = (inner.num_envs(), inner.learners().len());
        let [planes, rows, cols] = inner.obs_shape();
        let a = inner.num_actions();
        let obs_dims: Vec<usize> = [n, l]
            .into_iter()
            .chain([planes, rows, cols].into_iter().filter(|&d| d != 1))
            .collect();
        // A vector observation stays a vector even when it has one entry.
        let obs_dims = if obs_dims.len() == 2 {
            vec![n, l, planes * rows * cols]
        } else {
            obs_dims
        };
        let mut batch = Batch {
            inner: Mutex::new(inner),
            obs: PyArrayDyn::zeros(py, obs_dims, false).unbind(),
            rewards: PyArrayDyn::zeros(py, vec![n, l], false).unbind(),
            terminated: PyArray1::zeros(py, n, false).unbind(),
            truncated: PyArray1::zeros(py, n, false).unbind(),
            masks: PyArrayDyn::zeros(py, vec![n, l, a], false).unbind(),
        };
        batch.with_buffers(py, |inner, out| inner.reset(out))?;
        Ok(batch)
    }

    /// One step of every env: `actions` holds one id per env and learner seat
    /// (`num_envs x L`, any integer dtype). The arrays are rewritten in place.
    fn step(&mut self, py: Python<'_>, actions: PyReadonlyArrayDyn<'_, i64>) -> PyResult<()> {
        let ids: Vec<u32> = actions
            .as_array()
            .iter()
            .map(|&id| u32::try_from(id).unwrap_or(u32::MAX))
            .collect();
        self.with_buffers(py, move |inner, out| inner.step(&ids, out))
    }

    /// Rewrites the arrays with every env's current observation and mask (rewards 0, no
    /// game ended).
    fn reset(&mut self, py: Python<'_>) -> PyResult<()> {
        self.with_buffers(py, |inner, out| inner.reset(out))
    }

    /// Abandons env `env`'s game and starts one with `seed` (the game `koth play GAME
    /// --seed SEED` plays, with the same bots on the bot seats); rewrites the env's rows of
    /// the arrays (the other envs' rows stay as they are).
    fn restart(&mut self, py: Python<'_>, env: usize, seed: u64) -> PyResult<()> {
        self.with_buffers(py, move |inner, out| inner.restart(env, seed, out))
    }

    /// Observations, `num_envs x L x shape` (float32; the game's tensor with its unit
    /// dimensions dropped).
    #[getter]
    fn obs(&self, py: Python<'_>) -> Py<PyArrayDyn<f32>> {
        self.obs.clone_ref(py)
    }

    /// Rewards of the last step, `num_envs x L` (float32).
    #[getter]
    fn rewards(&self, py: Python<'_>) -> Py<PyArrayDyn<f32>> {
        self.rewards.clone_ref(py)
    }

    /// Whether each env's game ended by its rules in the last step (bool).
    #[getter]
    fn terminated(&self, py: Python<'_>) -> Py<PyArray1<bool>> {
        self.terminated.clone_ref(py)
    }

    /// Whether each env's game was cut at `max_steps` in the last step (bool).
    #[getter]
    fn truncated(&self, py: Python<'_>) -> Py<PyArray1<bool>> {
        self.truncated.clone_ref(py)
    }

    /// Legal-action masks, `num_envs x L x A` (bool).
    #[getter]
    fn masks(&self, py: Python<'_>) -> Py<PyArrayDyn<bool>> {
        self.masks.clone_ref(py)
    }

    /// The number of envs.
    #[getter]
    fn num_envs(&self) -> PyResult<usize> {
        Ok(self.inner()?.num_envs())
    }

    /// Seats of the game.
    #[getter]
    fn num_players(&self) -> PyResult<usize> {
        Ok(self.inner()?.num_players())
    }

    /// The learner seats, in order (the `L` rows of each env).
    #[getter]
    fn learners(&self) -> PyResult<Vec<usize>> {
        Ok(self.inner()?.learners())
    }

    /// The shape of one observation as the arrays hold it.
    #[getter]
    fn obs_shape(&self, py: Python<'_>) -> Vec<usize> {
        self.obs.bind(py).shape()[2..].to_vec()
    }

    /// Action ids per seat (`A`).
    #[getter]
    fn num_actions(&self) -> PyResult<usize> {
        Ok(self.inner()?.num_actions())
    }

    /// The action each id stands for, in the engine's words.
    #[getter]
    fn action_names(&self) -> PyResult<Vec<String>> {
        Ok(self.inner()?.action_names())
    }

    /// Env `env`'s turn (or tick) in its current game.
    fn turn(&self, env: usize) -> PyResult<u32> {
        self.inner()?
            .turn(env)
            .ok_or_else(|| PyValueError::new_err(format!("no env {env}")))
    }

    /// How env `env`'s last game ended, if it ended (or was cut) in the last step: a dict
    /// with `episode`, `seed`, `steps`, `scores` and `places` per seat (`None` when cut),
    /// and `obs`, the final observation of each learner seat (`L x shape`).
    fn finished<'py>(
        &self,
        py: Python<'py>,
        env: usize,
    ) -> PyResult<Option<Bound<'py, pyo3::types::PyDict>>> {
        let Some(end) = self.inner()?.finished(env) else {
            return Ok(None);
        };
        let dict = pyo3::types::PyDict::new(py);
        dict.set_item("episode", end.episode)?;
        dict.set_item("seed", end.seed)?;
        dict.set_item("steps", end.steps)?;
        dict.set_item("scores", end.scores)?;
        dict.set_item("places", end.places)?;
        let shape: Vec<usize> = self.obs.bind(py).shape()[1..].to_vec();
        let obs = PyArray1::from_vec(py, end.obs).reshape(shape)?;
        dict.set_item("obs", obs)?;
        Ok(Some(dict))
    }

    /// Env `env`'s game as the engine writes it in text (`last`: the game that ended in the
    /// last step).
    #[pyo3(signature = (env, last=false))]
    fn render_text(&self, env: usize, last: bool) -> PyResult<String> {
        self.inner()?
            .text(env, last)
            .ok_or_else(|| PyValueError::new_err(format!("no env {env} (or no game ended)")))
    }

    /// Env `env`'s game as a picture: `height x width x 3` RGB bytes, `cell` pixels a cell
    /// (`last`: the game that ended in the last step).
    #[pyo3(signature = (env, cell=16, last=false))]
    fn render_rgb<'py>(
        &self,
        py: Python<'py>,
        env: usize,
        cell: usize,
        last: bool,
    ) -> PyResult<Bound<'py, PyArrayDyn<u8>>> {
        let (scene, palette) = self
            .inner()?
            .picture(env, last)
            .ok_or_else(|| PyValueError::new_err(format!("no env {env}")))?;
        let picture = scene.to_rgb(palette, cell.clamp(1, 64));
        let array = PyArray1::from_vec(py, picture.pixels).reshape(vec![
            picture.height,
            picture.width,
            3,
        ])?;
        Ok(array)
    }
}

/// The game names, as `koth games` lists them.
#[pyfunction]
fn games() -> Vec<&'static str> {
    GAMES.to_vec()
}

/// The built-in bots of `game`.
#[pyfunction]
fn bots(game: &str) -> PyResult<Vec<&'static str>> {
    with_game!(game, |L, _C| Ok(<L as BatchGame>::opponent_ids()))
}

/// The seats a game's config has by default (the smallest count it allows).
#[pyfunction]
#[pyo3(signature = (game, config=None))]
fn default_seats(game: &str, config: Option<&str>) -> PyResult<usize> {
    with_game!(game, |_L, C| Ok(*C::seats(&self::config(config)?).start()))
}

/// The module.
#[pymodule]
fn _koth(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Batch>()?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(bots, m)?)?;
    m.add_function(wrap_pyfunction!(default_seats, m)?)?;
    Ok(())
}
