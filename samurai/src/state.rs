//! The duel's state and the [`Game`] implementation.

use alloc::vec::Vec;
use core::convert::Infallible;
use core::fmt;

use koth_engine_core::{Game, Outcome, PlayerId, RngCore, StepError, ToAct};

use crate::rules::{self, Side};
use crate::{Action, Config, ConfigError};

/// Why a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum EndReason {
    /// The loser's honour fell below 0 and the gods struck them down (this beats health 0).
    StruckByGods,
    /// Both samurai fell below 0 honour in the same turn: a draw.
    BothStruckByGods,
    /// The loser's health fell to 0 or below.
    Slain,
    /// The turn limit passed with neither dead: a draw.
    GodsBored,
}

/// How a match ended: the winner (none for a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
// Four bytes, aligned: the state stores its `Option<End>` in one write and reads it in one
// load that the CPU forwards from that write (a load spanning two smaller stores waits for
// them to reach the cache; learners read `end` right after each turn writes it).
#[repr(align(4))]
pub struct End {
    /// The winner, or `None` for a draw.
    pub winner: Option<PlayerId>,
    /// Why the match ended.
    pub reason: EndReason,
}

/// Something that happened in a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Event {
    /// `player` bowed: +1 honour.
    Bowed {
        /// Who bowed.
        player: PlayerId,
    },
    /// `player` guarded twice in a row: -1 honour.
    GuardedAgain {
        /// Who guarded.
        player: PlayerId,
    },
    /// `player` struck (-1 honour), with the Sword of the Gods or not.
    Struck {
        /// The striker.
        player: PlayerId,
        /// `I`, `P` or `O`.
        action: Action,
        /// Whether the strike used the Sword of the Gods.
        god_sword: bool,
    },
    /// `player` took `damage`.
    Hit {
        /// Who was hit.
        player: PlayerId,
        /// Health lost.
        damage: i32,
    },
    /// The match ended.
    Ended(End),
}

/// Turns of history a fresh duel makes room for.
const HISTORY_RESERVE: u32 = 64;

/// Actions of each side kept inline, newest first (the tensor's look-back).
pub(crate) const RECENT: usize = 3;

/// Both seats act every turn.
const BOTH: [PlayerId; 2] = [PlayerId(0), PlayerId(1)];

/// One state of a samurai duel.
///
/// ```
/// use koth_engine_core::{Game, PlayerId, ToAct};
/// use rand_pcg::Pcg64Mcg;
/// use koth_engine_core::SeedableRng;
/// use koth_samurai::{Action, Config, Samurai};
///
/// let mut rng = Pcg64Mcg::seed_from_u64(1);
/// let mut duel = Samurai::new(&Config::default(), 2, &mut rng).unwrap();
/// let mut events = Vec::new();
/// duel.step(&[Action::Bow, Action::QuickDraw], &mut rng, &mut events).unwrap();
/// assert_eq!(duel.health(PlayerId(0)), 19);
/// assert_eq!(duel.honour(PlayerId(0)), 2);
/// assert_eq!(duel.honour(PlayerId(1)), 0);
/// assert!(matches!(duel.to_act(), ToAct::Simultaneous(_)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(from = "Saved"))]
pub struct Samurai {
    config: Config,
    health: [i32; 2],
    honour: [i32; 2],
    history: [Vec<Action>; 2],
    turn: u32,
    end: Option<End>,
    /// Each side's last [`RECENT`] actions, newest first (`None` before the first turns):
    /// the end of `history`, kept in the state so that a turn and the tensor read no heap
    /// memory (in a learner's batch of thousands of duels each such read is a cache miss).
    #[cfg_attr(feature = "serde", serde(skip))]
    recent: [[Option<Action>; RECENT]; 2],
}

/// A saved duel: [`Samurai`] without what it derives from its histories.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct Saved {
    config: Config,
    health: [i32; 2],
    honour: [i32; 2],
    history: [Vec<Action>; 2],
    turn: u32,
    end: Option<End>,
}

#[cfg(feature = "serde")]
impl From<Saved> for Samurai {
    fn from(saved: Saved) -> Self {
        let mut duel = Samurai {
            config: saved.config,
            health: saved.health,
            honour: saved.honour,
            history: saved.history,
            turn: saved.turn,
            end: saved.end,
            recent: [[None; RECENT]; 2],
        };
        duel.recall_recent();
        duel
    }
}

/// What one samurai knows when deciding (everything: the duel has perfect information).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Observation {
    /// Whose view this is.
    pub me: PlayerId,
    /// Own actions so far, oldest first.
    pub history: Vec<Action>,
    /// The enemy's actions so far, oldest first.
    pub enemy_history: Vec<Action>,
    /// Own health.
    pub health: i32,
    /// The enemy's health.
    pub enemy_health: i32,
    /// Own honour.
    pub honour: i32,
    /// The enemy's honour.
    pub enemy_honour: i32,
}

impl Samurai {
    /// A fresh duel (no randomness is needed to set it up).
    pub fn with_config(config: &Config) -> Result<Self, ConfigError> {
        config.validate(2)?;
        Ok(Samurai::fresh(config))
    }

    /// The duel's first turn under `config`, taken as valid.
    fn fresh(config: &Config) -> Self {
        // Room for most duels' histories, small enough that both sit on a cache line or
        // two beside each other (a longer duel grows them): thousands of duels side by side,
        // as a learner's batch holds them, stay in cache.
        let reserve = config.max_turns.min(HISTORY_RESERVE) as usize;
        Samurai {
            config: config.clone(),
            health: [config.health; 2],
            honour: [config.honour; 2],
            history: [Vec::with_capacity(reserve), Vec::with_capacity(reserve)],
            turn: 0,
            end: None,
            recent: [[None; RECENT]; 2],
        }
    }

    /// Sets [`Samurai::recent`] from the histories.
    fn recall_recent(&mut self) {
        for (recent, history) in self.recent.iter_mut().zip(&self.history) {
            for (back, slot) in recent.iter_mut().enumerate() {
                *slot = history.len().checked_sub(back + 1).map(|i| history[i]);
            }
        }
    }

    /// `player`'s last [`RECENT`] actions, newest first.
    #[inline]
    pub(crate) fn recent(&self, player: PlayerId) -> &[Option<Action>; RECENT] {
        &self.recent[player.index() & 1]
    }

    /// The duel a player sees in `observation`, under `config` (the observation holds the
    /// whole state: both histories, health and honour). Seats are as the observation says
    /// (`observation.me` is that seat); histories of different lengths are cut to the
    /// shorter one (a real observation's are equal).
    pub fn from_observation(config: &Config, observation: &Observation) -> Self {
        let me = observation.me.index() & 1;
        let mut health = [observation.enemy_health; 2];
        health[me] = observation.health;
        let mut honour = [observation.enemy_honour; 2];
        honour[me] = observation.honour;
        let turns: Vec<[Action; 2]> = observation
            .history
            .iter()
            .zip(&observation.enemy_history)
            .map(|(&mine, &theirs)| {
                if me == 0 {
                    [mine, theirs]
                } else {
                    [theirs, mine]
                }
            })
            .collect();
        let mut duel = Samurai::fresh(config);
        duel.set_position(health, honour, &turns);
        duel
    }

    /// The config the duel was built from.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Current health of `player` (may be below 0 after the final blow).
    pub fn health(&self, player: PlayerId) -> i32 {
        self.health[player.index() & 1]
    }

    /// Current honour of `player`.
    pub fn honour(&self, player: PlayerId) -> i32 {
        self.honour[player.index() & 1]
    }

    /// The actions `player` has played, oldest first.
    pub fn history(&self, player: PlayerId) -> &[Action] {
        &self.history[player.index() & 1]
    }

    /// How the match ended, once it has.
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// Resolves one turn of a running duel (the checks ran in [`Game::step`]).
    fn resolve(&mut self, actions: &[Action; 2], events: &mut Vec<Event>) {
        let side = |p: usize| Side {
            action: actions[p],
            god_sword: self.honour[p] >= self.config.god_sword_honour,
            guarded_last_turn: self.recent[p][0] == Some(Action::Guard),
        };
        let sides = [side(0), side(1)];
        let fx = rules::resolve(sides, self.config.damage, self.config.god_damage);
        for p in 0..2 {
            let player = PlayerId(p as u8);
            match actions[p] {
                Action::Bow => events.push(Event::Bowed { player }),
                Action::Guard if sides[p].guarded_last_turn => {
                    events.push(Event::GuardedAgain { player })
                }
                a if a.is_strike() => events.push(Event::Struck {
                    player,
                    action: a,
                    god_sword: sides[p].god_sword,
                }),
                _ => {}
            }
        }
        for (p, &action) in actions.iter().enumerate() {
            if fx.damage[p] != 0 {
                events.push(Event::Hit {
                    player: PlayerId(p as u8),
                    damage: fx.damage[p],
                });
            }
            self.honour[p] += fx.honour[p];
            self.health[p] -= fx.damage[p];
            self.history[p].push(action);
            let recent = &mut self.recent[p];
            *recent = [Some(action), recent[0], recent[1]];
        }
        self.turn += 1;
        self.end = self.check_end();
        if let Some(end) = self.end {
            events.push(Event::Ended(end));
        }
    }

    /// Replaces the position (for [`Scenario`](crate::Scenario)).
    pub(crate) fn set_position(
        &mut self,
        health: [i32; 2],
        honour: [i32; 2],
        turns: &[[Action; 2]],
    ) {
        self.health = health;
        self.honour = honour;
        for p in 0..2 {
            self.history[p].clear();
            self.history[p].extend(turns.iter().map(|t| t[p]));
        }
        self.recall_recent();
        self.turn = u32::try_from(turns.len()).unwrap_or(u32::MAX);
        self.end = self.check_end();
    }

    fn check_end(&self) -> Option<End> {
        let dishonoured = [self.honour[0] < 0, self.honour[1] < 0];
        let slain = [self.health[0] <= 0, self.health[1] <= 0];
        let end = |winner, reason| Some(End { winner, reason });
        match (dishonoured, slain) {
            ([true, true], _) => end(None, EndReason::BothStruckByGods),
            ([true, false], _) => end(Some(PlayerId(1)), EndReason::StruckByGods),
            ([false, true], _) => end(Some(PlayerId(0)), EndReason::StruckByGods),
            (_, [true, false]) => end(Some(PlayerId(1)), EndReason::Slain),
            (_, [false, true]) => end(Some(PlayerId(0)), EndReason::Slain),
            // Only one side can take damage in a turn; kept total for safety.
            (_, [true, true]) => end(None, EndReason::Slain),
            _ if self.turn >= self.config.max_turns => end(None, EndReason::GodsBored),
            _ => None,
        }
    }

    /// A one-line summary of both samurai, for logs.
    pub fn summary(&self) -> impl fmt::Display + '_ {
        Summary(self)
    }
}

struct Summary<'a>(&'a Samurai);

impl fmt::Display for Summary<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.0;
        write!(
            f,
            "P0 health {:>3} honour {:>3} | P1 health {:>3} honour {:>3}",
            s.health[0], s.honour[0], s.health[1], s.honour[1]
        )
    }
}

impl Game for Samurai {
    type Config = Config;
    type ConfigError = ConfigError;
    type Action = Action;
    type ActionError = Infallible;
    type Observation = Observation;
    type Event = Event;

    fn new<R: RngCore + ?Sized>(
        config: &Config,
        players: usize,
        _rng: &mut R,
    ) -> Result<Self, ConfigError> {
        config.validate(players)?;
        Samurai::with_config(config)
    }

    /// Keeps the histories' allocations.
    fn restart<R: RngCore + ?Sized>(
        &mut self,
        config: &Config,
        players: usize,
        _rng: &mut R,
    ) -> Result<(), ConfigError> {
        config.validate(players)?;
        self.config.clone_from(config);
        self.health = [config.health; 2];
        self.honour = [config.honour; 2];
        for history in &mut self.history {
            history.clear();
        }
        self.recent = [[None; RECENT]; 2];
        self.turn = 0;
        self.end = None;
        Ok(())
    }

    #[inline]
    fn num_players(&self) -> usize {
        2
    }

    #[inline]
    fn to_act(&self) -> ToAct<'_> {
        if self.end.is_some() {
            ToAct::Nobody
        } else {
            ToAct::Simultaneous(&BOTH)
        }
    }

    fn observe(&self, player: PlayerId) -> Observation {
        let me = player.index() & 1;
        let them = 1 - me;
        Observation {
            me: PlayerId(me as u8),
            history: self.history[me].clone(),
            enemy_history: self.history[them].clone(),
            health: self.health[me],
            enemy_health: self.health[them],
            honour: self.honour[me],
            enemy_honour: self.honour[them],
        }
    }

    /// Every action is legal: a running duel never refuses a pair.
    fn apply<R: RngCore + ?Sized>(
        &mut self,
        actions: &[Action],
        _rng: &mut R,
        events: &mut Vec<Event>,
    ) -> Result<(), StepError<Infallible>> {
        // By reference: each action is loaded where it is used, one byte as it was stored (a
        // two-byte load of both waits until the caller's two one-byte stores reach the
        // cache, which behind other pending stores costs a batch of games dearly).
        let pair = actions
            .first_chunk()
            .expect("Game::step checked: one action per samurai");
        self.resolve(pair, events);
        Ok(())
    }

    /// Scores are half-points: 2 for a win, 1 each for a draw, 0 for a loss.
    fn outcome(&self) -> Option<Outcome> {
        Some(Outcome::duel(self.end?.winner))
    }

    #[inline]
    fn score_bounds(&self) -> (i64, i64) {
        (0, 2)
    }

    fn legal_actions(&self, _player: PlayerId, out: &mut Vec<Action>) -> bool {
        if self.end.is_none() {
            out.extend_from_slice(&Action::ALL);
        }
        true
    }

    #[inline]
    fn turn(&self) -> u32 {
        self.turn
    }
}
