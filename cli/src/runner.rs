//! The generic match loop: any [`Game`] played by [`Player`]s, with faults, logs and replays.

use std::io::Write;

use anyhow::Context;
use engine_core::{Bot, Game, PlayerId, RngCore, SeedableRng, StepError};
use rand_pcg::Pcg64Mcg;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::process::{CallFault, ExternalCommand};
use crate::replay::{ReplayHeader, ReplayLine, ReplayTurn};
use crate::report::{Fault, FaultKind, MatchReport, PlayerReport};

/// One decision of a player: the action, and the fault behind it if the player misbehaved
/// (the action is then the game's default).
pub struct Decision<A> {
    /// The action to play.
    pub action: A,
    /// What went wrong, if anything.
    pub fault: Option<CallFault>,
}

impl<A> Decision<A> {
    /// A decision without a fault.
    pub fn ok(action: A) -> Self {
        Decision {
            action,
            fault: None,
        }
    }
}

/// Something that plays one seat of one match: a built-in bot or an external program.
pub trait Player<G: Game>: Send {
    /// First of all in a match: this player's seat, every seat's name and the match seed
    /// (for players that tell a remote bot whom it meets and which match this is). The
    /// default ignores it.
    fn introduce(&mut self, seat: PlayerId, names: &[String], seed: u64) {
        let _ = (seat, names, seed);
    }

    /// Before the game is built: makes this seat's pre-game choices in `config` (a naval
    /// ship class, say). A fault here is recorded on turn 0. The default chooses nothing.
    fn setup(
        &mut self,
        config: &mut G::Config,
        seat: PlayerId,
        rng: &mut dyn RngCore,
    ) -> Option<CallFault> {
        let _ = (config, seat, rng);
        None
    }

    /// Decides `seat`'s action in `game`.
    fn act(&mut self, game: &G, seat: PlayerId, rng: &mut dyn RngCore) -> Decision<G::Action>;

    /// After the game is over: tells the player the result and releases what it holds (a
    /// long-running process, a connection). The default does nothing.
    fn finish(&mut self, game: &G, seat: PlayerId) {
        let _ = (game, seat);
    }
}

/// A built-in bot as a player: it sees only its own observation.
pub struct BuiltinPlayer<G: Game>(pub Box<dyn Bot<G>>);

impl<G: Game> Player<G> for BuiltinPlayer<G> {
    fn act(&mut self, game: &G, seat: PlayerId, rng: &mut dyn RngCore) -> Decision<G::Action> {
        Decision::ok(self.0.act(&game.observe(seat), rng))
    }
}

/// How many players a game seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seats {
    /// Exactly two: tournaments pair every two bots.
    Duel,
    /// Free-for-all between `min..=max` players: tournament games seat everyone.
    FreeForAll {
        /// Fewest players.
        min: usize,
        /// Most players.
        max: usize,
    },
}

/// How a tournament orders its standings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RankBy {
    /// Most points first (duels: win 1, draw 0.5; free-for-all: total score), then wins.
    Points,
    /// Best average place first, then most wins (points are still shown).
    AveragePlace,
}

/// What `koth` needs to know about a game beyond [`Game`]: names, bots, wire text, logs.
pub trait CliGame: Game + Send + 'static
where
    Self::Config: Serialize + DeserializeOwned + Send + Sync,
    Self::Event: Serialize,
{
    /// The game's name on the command line.
    const NAME: &'static str;
    /// How many players it seats.
    const SEATS: Seats;
    /// Matches per pair (duels) or games per series (free-for-all) in a tournament by default.
    const TOURNAMENT_GAMES: u32;
    /// Whether the readable log lists every turn's actions.
    const LOG_ACTIONS: bool = true;
    /// How tournament standings are ordered.
    const RANK_BY: RankBy = RankBy::Points;

    /// Built-in bots: `(id, description)`.
    fn builtins() -> Vec<(&'static str, &'static str)>;
    /// The built-in line-up `koth play` uses without `--bot`.
    fn default_lineup() -> Vec<&'static str>;
    /// A fresh built-in bot.
    fn builtin(id: &str) -> Option<Box<dyn Bot<Self>>>;
    /// A fresh built-in bot as a player. The default wraps [`CliGame::builtin`]; games whose
    /// bots make pre-game choices override it.
    fn builtin_player(id: &str) -> Option<Box<dyn Player<Self>>> {
        Self::builtin(id).map(|bot| Box::new(BuiltinPlayer(bot)) as Box<dyn Player<Self>>)
    }
    /// An external program speaking this game's original protocol, playing as `name`.
    fn external(command: ExternalCommand, name: &str) -> Box<dyn Player<Self>>;
    /// A bot served over HTTP at `url` speaking `dialect`, each request limited to `timeout`
    /// (`None`: the game's default), or `None` for games that do not play over HTTP.
    fn http_player(
        url: &str,
        dialect: http_battleship::Dialect,
        timeout: Option<std::time::Duration>,
    ) -> Option<Box<dyn Player<Self>>> {
        let _ = (url, dialect, timeout);
        None
    }
    /// An action's protocol text.
    fn action_text(action: &Self::Action) -> String;
    /// Parses an action's protocol text (as written by [`CliGame::action_text`]).
    fn parse_action(text: &str) -> Option<Self::Action>;
    /// The action played in place of one the rules refused.
    fn fallback_action(&self, seat: PlayerId) -> Self::Action;
    /// Final per-player statistics for the report.
    fn stats(&self, seat: PlayerId) -> serde_json::Value;
    /// A readable description of the state, for the log.
    fn render(&self) -> String;
    /// Whether the log shows [`CliGame::render`] after a turn with these events (the final
    /// state is always shown).
    fn render_after(&self, events: &[Self::Event]) -> bool;
}

/// Derives the `index`-th sub-seed of `seed` (SplitMix64), for matches and players.
pub fn derive_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The RNG a seat's player draws from: independent of the game's own stream.
pub fn player_rng(seed: u64, seat: PlayerId) -> Pcg64Mcg {
    Pcg64Mcg::seed_from_u64(derive_seed(seed, 1_000_000 + seat.0 as u64))
}

/// One seat of a match.
pub struct Seat<G: Game> {
    /// The player's name in logs and reports.
    pub name: String,
    /// Who plays it.
    pub player: Box<dyn Player<G>>,
}

/// Where a match writes as it goes.
#[derive(Default)]
pub struct Outputs<'a> {
    /// The readable turn-by-turn log.
    pub log: Option<&'a mut dyn Write>,
    /// The JSON Lines replay.
    pub replay: Option<&'a mut dyn Write>,
}

/// Plays one whole match and reports it.
pub fn play_match<G: CliGame>(
    config: &G::Config,
    seed: u64,
    mut seats: Vec<Seat<G>>,
    mut out: Outputs<'_>,
) -> anyhow::Result<MatchReport>
where
    G::Config: Serialize + DeserializeOwned + Send + Sync,
    G::Event: Serialize,
{
    let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
    let mut rngs: Vec<Pcg64Mcg> = PlayerId::all(seats.len())
        .map(|p| player_rng(seed, p))
        .collect();
    for (seat, s) in PlayerId::all(seats.len()).zip(seats.iter_mut()) {
        s.player.introduce(seat, &names, seed);
    }
    let mut faults = Vec::new();
    let mut config = config.clone();
    for (seat, s) in PlayerId::all(seats.len()).zip(seats.iter_mut()) {
        if let Some(f) = s.player.setup(&mut config, seat, &mut rngs[seat.index()]) {
            faults.push(Fault {
                player: names[seat.index()].clone(),
                turn: 0,
                kind: f.kind,
                detail: f.detail,
            });
        }
    }
    let config = &config;
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut game = G::new(config, seats.len(), &mut rng)
        .map_err(|e| crate::UsageError(format!("bad {} config: {e}", G::NAME)))?;
    if let Some(w) = out.replay.as_deref_mut() {
        ReplayLine::<G::Config>::Header(ReplayHeader {
            game: G::NAME.to_string(),
            format: crate::replay::FORMAT,
            seed,
            config: config.clone(),
            players: names.clone(),
        })
        .write(w)?;
    }
    if let Some(w) = out.log.as_deref_mut() {
        writeln!(w, "{} seed {seed}: {}", G::NAME, names.join(" vs "))?;
        writeln!(w, "{}", game.render())?;
    }
    let mut events = Vec::new();
    loop {
        let to_act = game.to_act();
        if to_act.is_over() {
            break;
        }
        let turn = game.turn() + 1;
        let actors = to_act.players().to_vec();
        let mut actions = Vec::with_capacity(actors.len());
        for &seat in &actors {
            let decision = seats[seat.index()]
                .player
                .act(&game, seat, &mut rngs[seat.index()]);
            if let Some(f) = decision.fault {
                faults.push(Fault {
                    player: names[seat.index()].clone(),
                    turn,
                    kind: f.kind,
                    detail: f.detail,
                });
            }
            actions.push(decision.action);
        }
        events.clear();
        // A refused action is replaced by the game's default and recorded; retry until the
        // joint action is accepted (each retry fixes one player, so this ends).
        let mut attempts = 0;
        loop {
            let mut step_rng = rng.clone();
            match game.step(&actions, &mut step_rng, &mut events) {
                Ok(()) => {
                    rng = step_rng;
                    break;
                }
                Err(StepError::Illegal { player, reason }) if attempts < actors.len() => {
                    attempts += 1;
                    let i = actors.iter().position(|&p| p == player).unwrap_or(0);
                    faults.push(Fault {
                        player: names[player.index()].clone(),
                        turn,
                        kind: FaultKind::Invalid,
                        detail: format!("{} refused: {reason}", G::action_text(&actions[i])),
                    });
                    actions[i] = game.fallback_action(player);
                }
                Err(e) => anyhow::bail!("turn {turn}: the engine refused the joint action: {e}"),
            }
        }
        if let Some(w) = out.replay.as_deref_mut() {
            ReplayLine::<G::Config>::Turn(ReplayTurn {
                turn,
                actors: actors.iter().map(|p| p.0).collect(),
                actions: actions.iter().map(G::action_text).collect(),
                events: events
                    .iter()
                    .map(serde_json::to_value)
                    .collect::<Result<_, _>>()?,
            })
            .write(w)?;
        }
        if let Some(w) = out.log.as_deref_mut() {
            if G::LOG_ACTIONS {
                let acts: Vec<String> = actors
                    .iter()
                    .zip(&actions)
                    .map(|(p, a)| format!("{}={}", names[p.index()], G::action_text(a)))
                    .collect();
                writeln!(w, "turn {turn:>4}: {}", acts.join("  "))?;
            }
            if game.render_after(&events) || game.to_act().is_over() {
                writeln!(w, "{}", game.render())?;
            }
        }
    }
    for (seat, s) in PlayerId::all(seats.len()).zip(seats.iter_mut()) {
        s.player.finish(&game, seat);
    }
    let outcome = game
        .outcome()
        .context("the game ended without an outcome")?;
    let report = MatchReport {
        game: G::NAME.to_string(),
        seed,
        turns: game.turn(),
        outcome: outcome.kind(),
        players: PlayerId::all(names.len())
            .map(|p| PlayerReport {
                name: names[p.index()].clone(),
                place: outcome.place(p),
                score: outcome.score(p),
                stats: game.stats(p),
            })
            .collect(),
        faults,
    };
    if let Some(w) = out.replay.as_deref_mut() {
        ReplayLine::<G::Config>::Result(report.clone()).write(w)?;
        w.flush()?;
    }
    Ok(report)
}
