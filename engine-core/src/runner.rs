//! One match runner and one transcript for every game (feature `runner`).
//!
//! [`play`] runs a whole match of any [`Contest`] between [`Player`]s (built-in bots, or the
//! external programs of a runner such as `koth`), with **one seeding rule**:
//!
//! - the engine draws from [`game_rng`]`(seed)` = `Pcg64Mcg::seed_from_u64(seed)`;
//! - seat `p`'s player draws from [`player_rng`]`(seed, p)` =
//!   `Pcg64Mcg::seed_from_u64(`[`derive_seed`]`(seed, 1_000_000 + p))`, a stream of its own;
//! - tournaments give match `i` the seed [`derive_seed`]`(tournament_seed, i)`.
//!
//! So the game `koth play <game> --seed 3` plays is the game a test gets from
//! `play(&config, 3, &mut seats, ...)` with the same bots.
//!
//! A match goes: every player is introduced (its seat, everyone's names, the seed); each
//! player makes its pre-game choice ([`Contest::Setup`], written into the config); the game is
//! built; then, until nobody acts, each acting player decides and the joint action is
//! stepped. A player that fails (a [`Decision`] with a fault) plays the game's
//! [`Contest::substitute`]; an action the rules refuse is replaced the same way and recorded
//! as an `invalid` fault. The [`Transcript`] holds the final config, every turn's actions and
//! events (with [`Options::keep_turns`]), every fault, the outcome and the statistics; an
//! [`Observer`] sees the match as it goes (logs, replays).
//!
//! Every game crate's playthrough tests, its examples and the `koth` binary play through
//! [`play`].

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::{Bot, Contest, FaultKind, Game, Outcome, PlayerId, StepError};

/// The RNG type of every runner.
pub type Rng = Pcg64Mcg;

pub use crate::draw::derive_seed;

/// The engine's RNG for a match seed.
pub fn game_rng(seed: u64) -> Rng {
    Pcg64Mcg::seed_from_u64(seed)
}

/// The RNG seat `seat`'s player draws from in a match with this seed.
pub fn player_rng(seed: u64, seat: PlayerId) -> Rng {
    Pcg64Mcg::seed_from_u64(derive_seed(seed, 1_000_000 + seat.0 as u64))
}

/// A player's failure on one call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// What went wrong.
    pub kind: FaultKind,
    /// Details (the reason, a program's truncated standard error).
    pub detail: String,
}

impl Failure {
    /// A failure of `kind`.
    pub fn new(kind: FaultKind, detail: impl Into<String>) -> Self {
        Failure {
            kind,
            detail: detail.into(),
        }
    }
}

/// A recorded fault: who, when, what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    /// The seat.
    pub seat: PlayerId,
    /// The 1-based turn it happened on (0 for the pre-game choice).
    pub turn: u32,
    /// What went wrong.
    pub kind: FaultKind,
    /// Details.
    pub detail: String,
}

/// One decision of a player: the value to play, and the failure behind it if the player
/// misbehaved (the value is then a substitute).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision<T> {
    /// What to play.
    pub value: T,
    /// What went wrong, if anything.
    pub failure: Option<Failure>,
    /// How long the player took to answer, in microseconds, where it measured it (external
    /// players do; replays record it).
    pub response_us: Option<u64>,
}

impl<T> Decision<T> {
    /// A decision without a fault.
    pub fn ok(value: T) -> Self {
        Decision {
            value,
            failure: None,
            response_us: None,
        }
    }

    /// A substitute `value` played because of `failure`.
    pub fn failed(value: T, failure: Failure) -> Self {
        Decision {
            value,
            failure: Some(failure),
            response_us: None,
        }
    }
}

/// Something that plays one seat of one match: a built-in bot, an external program, a
/// recorded replay.
pub trait Player<G: Contest>: Send {
    /// First of all: this player's seat, every seat's name and the match seed. The default
    /// ignores it.
    fn introduce(&mut self, seat: PlayerId, names: &[String], seed: u64) {
        let _ = (seat, names, seed);
    }

    /// The pre-game choice (`None`: keep what the config says). The default chooses nothing.
    fn setup(
        &mut self,
        config: &G::Config,
        seat: PlayerId,
        rng: &mut dyn RngCore,
    ) -> Decision<Option<G::Setup>> {
        let _ = (config, seat, rng);
        Decision::ok(None)
    }

    /// `seat`'s action in `game`.
    fn act(&mut self, game: &G, seat: PlayerId, rng: &mut dyn RngCore) -> Decision<G::Action>;

    /// After the game is over: tells the player the result and releases what it holds. The
    /// default does nothing.
    fn finish(&mut self, game: &G, seat: PlayerId) {
        let _ = (game, seat);
    }
}

/// A built-in bot plays from its own observation only.
impl<G: Contest> Player<G> for Box<dyn Bot<G>> {
    fn setup(
        &mut self,
        config: &G::Config,
        seat: PlayerId,
        rng: &mut dyn RngCore,
    ) -> Decision<Option<G::Setup>> {
        Decision::ok(Bot::setup(&mut **self, config, seat, rng))
    }

    fn act(&mut self, game: &G, seat: PlayerId, rng: &mut dyn RngCore) -> Decision<G::Action> {
        Decision::ok(Bot::act(&mut **self, &game.observe(seat), rng))
    }
}

/// One seat of a match: a name and who plays it.
pub struct Seat<G: Contest> {
    /// The player's name in logs and reports.
    pub name: String,
    /// Who plays.
    pub player: Box<dyn Player<G>>,
}

impl<G: Contest> fmt::Debug for Seat<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Seat").field("name", &self.name).finish()
    }
}

/// Seats for built-in bots by id, named by id (repeats get `#2`, `#3`...), or the first
/// unknown id.
pub fn builtin_seats<G: Contest>(ids: &[&str]) -> Result<Vec<Seat<G>>, String> {
    let mut names: Vec<String> = ids.iter().map(|id| id.to_string()).collect();
    unique_names(&mut names);
    ids.iter()
        .zip(names)
        .map(|(id, name)| {
            let bot = G::bots().make(id).ok_or_else(|| id.to_string())?;
            Ok(Seat {
                name,
                player: Box::new(bot) as Box<dyn Player<G>>,
            })
        })
        .collect()
}

/// Makes names unique by suffixing repeats with `#2`, `#3`...
pub fn unique_names(names: &mut [String]) {
    let mut seen: Vec<String> = Vec::with_capacity(names.len());
    for name in names.iter_mut() {
        let base = name.clone();
        let mut n = 1;
        while seen.contains(name) {
            n += 1;
            *name = format!("{base}#{n}");
        }
        seen.push(name.clone());
    }
}

/// One played turn.
#[derive(Clone, Debug, PartialEq)]
pub struct Turn<G: Game> {
    /// The 1-based turn number (the game's [`Game::turn`] after it).
    pub turn: u32,
    /// The acting seats, in the order of `actions`.
    pub actors: Vec<PlayerId>,
    /// The actions played (substitutes included).
    pub actions: Vec<G::Action>,
    /// What happened.
    pub events: Vec<G::Event>,
    /// Each actor's response time in microseconds, where its player measured it.
    pub response_us: Vec<Option<u64>>,
}

/// How the match starts: what an observer is told before the first turn.
#[derive(Clone, Debug)]
pub struct Start<'a, G: Contest> {
    /// The match seed.
    pub seed: u64,
    /// The config the game was built from (pre-game choices included).
    pub config: &'a G::Config,
    /// The seats' names.
    pub names: &'a [String],
}

/// Sees a match as it is played (logs, replays, playthroughs). Every method defaults to
/// nothing.
pub trait Observer<G: Contest> {
    /// The game has been built.
    fn started(&mut self, start: &Start<'_, G>, game: &G) {
        let _ = (start, game);
    }
    /// A fault was recorded.
    fn fault(&mut self, fault: &Fault) {
        let _ = fault;
    }
    /// A turn was played; `game` is the state after it.
    fn turn(&mut self, turn: &Turn<G>, game: &G) {
        let _ = (turn, game);
    }
}

impl<G: Contest> Observer<G> for () {}

/// How [`play`] runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Keep every turn in the transcript (off for tournaments that only need results).
    pub keep_turns: bool,
    /// Stop with [`MatchError::Refused`] instead of substituting an action the rules refuse
    /// (replay verification).
    pub strict: bool,
    /// Skip the players' pre-game choices: the config already holds them (replays).
    pub skip_setup: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            keep_turns: true,
            strict: false,
            skip_setup: false,
        }
    }
}

/// A finished match.
#[derive(Clone, Debug)]
pub struct Transcript<G: Contest> {
    /// The match seed.
    pub seed: u64,
    /// The config the game was built from (pre-game choices included).
    pub config: G::Config,
    /// The seats' names.
    pub names: Vec<String>,
    /// Every turn, in order (empty unless [`Options::keep_turns`]).
    pub turns: Vec<Turn<G>>,
    /// Every fault, in order.
    pub faults: Vec<Fault>,
    /// Turns played.
    pub turns_played: u32,
    /// The result.
    pub outcome: Outcome,
    /// Each seat's final statistics.
    pub stats: Vec<G::Stats>,
    /// The final state.
    pub last: G,
}

/// Why a match could not be played to its end.
#[derive(Debug)]
pub enum MatchError<G: Game> {
    /// The engine refused the config (after the pre-game choices).
    Config(G::ConfigError),
    /// A strict match met an action the rules refuse (or the engine refused a substitute).
    Refused {
        /// The turn.
        turn: u32,
        /// The engine's reason.
        detail: String,
    },
    /// The game stopped without an outcome (a bug in the game).
    NoOutcome,
}

impl<G: Game> fmt::Display for MatchError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::Config(e) => write!(f, "the config is refused: {e}"),
            MatchError::Refused { turn, detail } => write!(f, "turn {turn}: {detail}"),
            MatchError::NoOutcome => f.write_str("the game ended without an outcome"),
        }
    }
}

impl<G: Game> core::error::Error for MatchError<G> {}

/// Plays one whole match (see the module docs for the order of events and the seeding).
pub fn play<G: Contest>(
    config: &G::Config,
    seed: u64,
    seats: &mut [Seat<G>],
    options: Options,
    observer: &mut dyn Observer<G>,
) -> Result<Transcript<G>, MatchError<G>> {
    let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
    let mut rngs: Vec<Rng> = PlayerId::all(seats.len())
        .map(|p| player_rng(seed, p))
        .collect();
    for (seat, s) in PlayerId::all(seats.len()).zip(seats.iter_mut()) {
        s.player.introduce(seat, &names, seed);
    }
    let mut faults = Vec::new();
    let mut config = config.clone();
    if !options.skip_setup {
        for (seat, s) in PlayerId::all(seats.len()).zip(seats.iter_mut()) {
            let decision = s.player.setup(&config, seat, &mut rngs[seat.index()]);
            if let Some(f) = decision.failure {
                let fault = Fault {
                    seat,
                    turn: 0,
                    kind: f.kind,
                    detail: f.detail,
                };
                observer.fault(&fault);
                faults.push(fault);
            }
            if let Some(setup) = decision.value {
                G::apply_setup(&mut config, seat, setup);
            }
        }
    }
    let mut rng = game_rng(seed);
    let mut game = G::new(&config, seats.len(), &mut rng).map_err(MatchError::Config)?;
    observer.started(
        &Start {
            seed,
            config: &config,
            names: &names,
        },
        &game,
    );
    let mut turns = Vec::new();
    let mut actors: Vec<PlayerId> = Vec::new();
    let mut actions: Vec<G::Action> = Vec::new();
    let mut events = Vec::new();
    loop {
        let to_act = game.to_act();
        if to_act.is_over() {
            break;
        }
        let turn = game.turn() + 1;
        actors.clear();
        actors.extend_from_slice(to_act.players());
        actions.clear();
        let mut response_us = Vec::with_capacity(actors.len());
        for &seat in &actors {
            let decision = seats[seat.index()]
                .player
                .act(&game, seat, &mut rngs[seat.index()]);
            if let Some(f) = decision.failure {
                let fault = Fault {
                    seat,
                    turn,
                    kind: f.kind,
                    detail: f.detail,
                };
                observer.fault(&fault);
                faults.push(fault);
            }
            actions.push(decision.value);
            response_us.push(decision.response_us);
        }
        events.clear();
        // A refused action is replaced by the game's substitute and recorded; retry until the
        // joint action is accepted (each retry fixes one player, so this ends).
        let mut attempts = 0;
        loop {
            let mut step_rng = rng.clone();
            match game.step(&actions, &mut step_rng, &mut events) {
                Ok(()) => {
                    rng = step_rng;
                    break;
                }
                Err(StepError::Illegal { player, reason })
                    if !options.strict && attempts < actors.len() =>
                {
                    attempts += 1;
                    let i = actors.iter().position(|&p| p == player).unwrap_or(0);
                    let fault = Fault {
                        seat: player,
                        turn,
                        kind: FaultKind::Invalid,
                        detail: format!("{} refused: {reason}", G::action_text(&actions[i])),
                    };
                    observer.fault(&fault);
                    faults.push(fault);
                    actions[i] = game.substitute(player, FaultKind::Invalid);
                }
                Err(e) => {
                    return Err(MatchError::Refused {
                        turn,
                        detail: format!("the engine refuses the actions: {e}"),
                    });
                }
            }
        }
        let record = Turn {
            turn,
            actors: actors.clone(),
            actions: actions.clone(),
            events: core::mem::take(&mut events),
            response_us,
        };
        observer.turn(&record, &game);
        if options.keep_turns {
            turns.push(record);
        } else {
            events = record.events;
        }
    }
    for (seat, s) in PlayerId::all(seats.len()).zip(seats.iter_mut()) {
        s.player.finish(&game, seat);
    }
    let outcome = game.outcome().ok_or(MatchError::NoOutcome)?;
    Ok(Transcript {
        seed,
        stats: PlayerId::all(names.len()).map(|p| game.stats(p)).collect(),
        config,
        names,
        turns,
        faults,
        turns_played: game.turn(),
        outcome,
        last: game,
    })
}

/// A player that plays recorded actions in order (replays). Past the end of its record it
/// fails with an `io` fault and plays the substitute.
pub struct Recorded<G: Contest> {
    actions: alloc::collections::VecDeque<G::Action>,
}

impl<G: Contest> Recorded<G> {
    /// A player of these actions.
    pub fn new(actions: impl IntoIterator<Item = G::Action>) -> Self {
        Recorded {
            actions: actions.into_iter().collect(),
        }
    }
}

impl<G: Contest> Player<G> for Recorded<G>
where
    G::Action: Send,
{
    fn act(&mut self, game: &G, seat: PlayerId, _: &mut dyn RngCore) -> Decision<G::Action> {
        match self.actions.pop_front() {
            Some(a) => Decision::ok(a),
            None => Decision::failed(
                game.substitute(seat, FaultKind::Io),
                Failure::new(FaultKind::Io, "the record has no more actions"),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn derived_seeds_are_pinned() {
        // These values never change between versions: replays and snapshots depend on them.
        assert_eq!(derive_seed(0, 0), 0xe220_a839_7b1d_cdaf);
        assert_ne!(derive_seed(3, 1_000_000), derive_seed(3, 1_000_001));
        let mut a = player_rng(3, PlayerId(0));
        let mut b = player_rng(3, PlayerId(1));
        assert_ne!(a.next_u64(), b.next_u64());
    }

    #[test]
    fn names_become_unique() {
        let mut names = alloc::vec!["a".to_string(), "a".into(), "b".into(), "a".into()];
        unique_names(&mut names);
        assert_eq!(names, ["a", "a#2", "b", "a#3"]);
    }
}
