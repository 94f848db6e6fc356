//! The games `koth` knows: one static table. Adding a game is its crate, one dependency line
//! in `cli/Cargo.toml` and one line in [`GAMES`]; everything else is generic over
//! [`Contest`](koth_engine_core::Contest).

use std::io::{BufRead, Write};
use std::marker::PhantomData;

use koth_engine_core::Family;
use koth_engine_core::runner::{self, Options};

use crate::arena::ArenaGame;
use crate::arena::replay::{ReplayError, ReplayLine, Verified, turn_line};
use crate::args::{MergeArgs, PlayArgs, SprtArgs, TournamentArgs};
use crate::exit::UsageError;

/// What `koth` needs of a game: what the arena needs ([`ArenaGame`]) and a JSON Schema of
/// its config (`koth config --schema`). Every game of the table is one.
pub trait CliGame: ArenaGame<Config: schemars::JsonSchema> {}

impl<G> CliGame for G where G: ArenaGame<Config: schemars::JsonSchema> {}

/// Every game, in listing order.
pub static GAMES: &[&dyn GameEntry] = &[
    &Entry::<koth_samurai::Samurai>::NEW,
    &Entry::<koth_naval::Naval>::NEW,
    &Entry::<koth_tanks::Tanks>::NEW,
    &Entry::<koth_bomberman::Bomberman>::NEW,
    &Entry::<koth_http_battleship::Battleship>::NEW,
];

/// The game called `name`, or a usage error listing the known ones.
pub fn game(name: &str) -> Result<&'static dyn GameEntry, UsageError> {
    GAMES
        .iter()
        .copied()
        .find(|g| g.name() == name)
        .ok_or_else(|| {
            let known: Vec<_> = GAMES.iter().map(|g| g.name()).collect();
            UsageError(format!(
                "unknown game {name:?} (known: {})",
                known.join(", ")
            ))
        })
}

/// A game of the table, with each command `koth` runs on it.
pub trait GameEntry: Sync {
    /// The game's name on the command line.
    fn name(&self) -> &'static str;
    /// A one-line description.
    fn about(&self) -> &'static str;
    /// The protocol family its external bots speak.
    fn family(&self) -> Family;
    /// `koth play`.
    fn play(&self, args: &PlayArgs) -> anyhow::Result<()>;
    /// `koth tournament`.
    fn tournament(&self, args: &TournamentArgs) -> anyhow::Result<()>;
    /// `koth sprt`.
    fn sprt(&self, args: &SprtArgs) -> anyhow::Result<()>;
    /// `koth merge` of this game's tournament.
    fn merge(&self, args: &MergeArgs) -> anyhow::Result<()>;
    /// `koth bots`.
    fn list_bots(&self, w: &mut dyn Write) -> std::io::Result<()>;
    /// `koth config`: the default config, every field written out.
    fn default_config(&self) -> serde_json::Value;
    /// `koth config --schema`: a JSON Schema of the config.
    fn config_schema(&self) -> serde_json::Value;
    /// `koth replay` of a replay of this game.
    fn verify(&self, lines: &mut dyn BufRead) -> Result<Verified, ReplayError>;
    /// `koth view` of a replay of this game: the viewer page.
    fn view(&self, lines: &mut dyn BufRead) -> Result<String, ReplayError>;
    /// The turn lines (as replay JSON) of the default line-up's game with `seed` and the
    /// default config, played by the engine-core runner directly: the game of the crate's
    /// playthrough snapshot, which `koth play <game> --seed <seed>` must reproduce.
    fn reference_turns(&self, seed: u64) -> anyhow::Result<Vec<String>>;
}

/// The table entry of game `G`.
pub struct Entry<G>(PhantomData<fn() -> G>);

impl<G> Entry<G> {
    /// The entry.
    pub const NEW: Self = Entry(PhantomData);
}

impl<G: CliGame> GameEntry for Entry<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn about(&self) -> &'static str {
        G::ABOUT
    }
    fn family(&self) -> Family {
        G::PROTOCOL.family
    }
    fn play(&self, args: &PlayArgs) -> anyhow::Result<()> {
        crate::commands::play::play::<G>(args)
    }
    fn tournament(&self, args: &TournamentArgs) -> anyhow::Result<()> {
        crate::commands::tournament::tournament::<G>(args)
    }
    fn sprt(&self, args: &SprtArgs) -> anyhow::Result<()> {
        crate::commands::sprt::sprt::<G>(args)
    }
    fn merge(&self, args: &MergeArgs) -> anyhow::Result<()> {
        crate::commands::merge::merge_game::<G>(args)
    }
    fn list_bots(&self, w: &mut dyn Write) -> std::io::Result<()> {
        crate::commands::info::list_bots::<G>(w)
    }
    fn default_config(&self) -> serde_json::Value {
        serde_json::to_value(G::Config::default()).unwrap_or(serde_json::Value::Null)
    }
    fn config_schema(&self) -> serde_json::Value {
        schemars::schema_for!(G::Config).to_value()
    }
    fn verify(&self, lines: &mut dyn BufRead) -> Result<Verified, ReplayError> {
        crate::arena::replay::verify::<G>(lines)
    }
    fn view(&self, lines: &mut dyn BufRead) -> Result<String, ReplayError> {
        crate::print::view::page::<G>(lines)
    }
    fn reference_turns(&self, seed: u64) -> anyhow::Result<Vec<String>> {
        let config = G::Config::default();
        let lineup = G::bots().lineup(G::seats(&config));
        let mut seats = runner::builtin_seats::<G>(&lineup)
            .map_err(|id| anyhow::anyhow!("unknown built-in {id}"))?;
        let t = runner::play(&config, seed, &mut seats, Options::default(), &mut ())
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        t.turns
            .iter()
            .map(|turn| {
                Ok(serde_json::to_string(&ReplayLine::<()>::Turn(turn_line(
                    turn,
                )))?)
            })
            .collect()
    }
}
