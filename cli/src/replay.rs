//! JSON Lines replays: writing them during a match and re-simulating them to verify.
//!
//! A replay is one JSON object per line: a `header` (game, format version, seed, config,
//! player names), one `turn` line per turn (the acting seats, each one's action as protocol
//! text, and the engine's events), and the `result` (the match report). `koth replay FILE`
//! rebuilds the game from the header, replays the recorded actions and checks every turn's
//! events and the result.

use std::io::{BufRead, Write};

use engine_core::{PlayerId, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::report::MatchReport;
use crate::runner::CliGame;

/// The replay format version written in headers.
pub const FORMAT: u32 = 1;

/// A replay's first line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReplayHeader<C> {
    /// The game's name.
    pub game: String,
    /// The replay format version.
    pub format: u32,
    /// The match seed.
    pub seed: u64,
    /// The game config.
    pub config: C,
    /// Player names in seat order.
    pub players: Vec<String>,
}

/// One turn of a replay.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReplayTurn {
    /// The 1-based turn number.
    pub turn: u32,
    /// The acting seats, in the order of `actions`.
    pub actors: Vec<u8>,
    /// Each actor's action as protocol text.
    pub actions: Vec<String>,
    /// The events the engine produced.
    pub events: Vec<serde_json::Value>,
}

/// Any line of a replay.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum ReplayLine<C> {
    /// The first line.
    Header(ReplayHeader<C>),
    /// One turn.
    Turn(ReplayTurn),
    /// The last line.
    Result(MatchReport),
}

impl<C: Serialize> ReplayLine<C> {
    /// Writes the line and a newline.
    pub fn write(&self, w: &mut dyn Write) -> anyhow::Result<()> {
        serde_json::to_writer(&mut *w, self)?;
        w.write_all(b"\n")?;
        Ok(())
    }
}

/// What a verified replay held.
#[derive(Clone, Debug, PartialEq)]
pub struct Verified {
    /// The game's name.
    pub game: String,
    /// Turns replayed.
    pub turns: u32,
    /// Player names.
    pub players: Vec<String>,
}

/// Why a replay does not verify.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// The file cannot be read or a line is not a replay line.
    #[error("{0}")]
    Malformed(String),
    /// The re-simulation differs from the recording.
    #[error("turn {turn} differs: {detail}")]
    Differs {
        /// The first differing turn (0 for the setup, turns + 1 for the result).
        turn: u32,
        /// What differs.
        detail: String,
    },
}

/// The game name in a replay's header line.
pub fn header_game(first_line: &str) -> Result<String, ReplayError> {
    let v: serde_json::Value = serde_json::from_str(first_line)
        .map_err(|e| ReplayError::Malformed(format!("line 1 is not JSON: {e}")))?;
    if v.get("kind").and_then(|k| k.as_str()) != Some("header") {
        return Err(ReplayError::Malformed(
            "line 1 is not a replay header".into(),
        ));
    }
    v.get("game")
        .and_then(|g| g.as_str())
        .map(str::to_string)
        .ok_or_else(|| ReplayError::Malformed("the header names no game".into()))
}

/// Re-simulates a replay of game `G` and checks every recorded turn and the result.
pub fn verify<G: CliGame>(lines: &mut dyn BufRead) -> Result<Verified, ReplayError>
where
    G::Config: Serialize + DeserializeOwned + Send + Sync,
    G::Event: Serialize,
{
    let mut parsed = Vec::new();
    for (i, line) in lines.lines().enumerate() {
        let line = line.map_err(|e| ReplayError::Malformed(format!("cannot read: {e}")))?;
        if line.trim().is_empty() {
            continue;
        }
        let value: ReplayLine<G::Config> = serde_json::from_str(&line).map_err(|e| {
            ReplayError::Malformed(format!(
                "line {} is not a {} replay line: {e}",
                i + 1,
                G::NAME
            ))
        })?;
        parsed.push(value);
    }
    let mut parsed = parsed.into_iter();
    let header = match parsed.next() {
        Some(ReplayLine::Header(h)) => h,
        _ => {
            return Err(ReplayError::Malformed(
                "the first line is not a header".into(),
            ));
        }
    };
    if header.format != FORMAT {
        return Err(ReplayError::Malformed(format!(
            "replay format {} is not supported (this koth writes {FORMAT})",
            header.format
        )));
    }
    let differs = |turn: u32, detail: String| ReplayError::Differs { turn, detail };
    let mut rng = Pcg64Mcg::seed_from_u64(header.seed);
    let mut game = G::new(&header.config, header.players.len(), &mut rng)
        .map_err(|e| differs(0, format!("the config is refused: {e}")))?;
    let mut events = Vec::new();
    let mut result = None;
    for line in parsed {
        let turn = match line {
            ReplayLine::Turn(t) => t,
            ReplayLine::Result(r) => {
                result = Some(r);
                break;
            }
            ReplayLine::Header(_) => {
                return Err(ReplayError::Malformed("a second header".into()));
            }
        };
        let expected_turn = game.turn() + 1;
        if game.to_act().is_over() {
            return Err(differs(turn.turn, "the game was already over".into()));
        }
        if turn.turn != expected_turn {
            return Err(differs(
                expected_turn,
                format!("the next recorded turn is numbered {}", turn.turn),
            ));
        }
        let actors: Vec<u8> = game.to_act().players().iter().map(|p| p.0).collect();
        if actors != turn.actors {
            return Err(differs(
                turn.turn,
                format!("seats {actors:?} act, the replay has {:?}", turn.actors),
            ));
        }
        let actions = turn
            .actions
            .iter()
            .map(|t| {
                G::parse_action(t)
                    .ok_or_else(|| differs(turn.turn, format!("{t:?} is not a {} action", G::NAME)))
            })
            .collect::<Result<Vec<_>, _>>()?;
        events.clear();
        game.step(&actions, &mut rng, &mut events)
            .map_err(|e| differs(turn.turn, format!("the engine refuses the actions: {e}")))?;
        let got: Vec<serde_json::Value> = events
            .iter()
            .map(|e| serde_json::to_value(e).unwrap_or(serde_json::Value::Null))
            .collect();
        if got != turn.events {
            return Err(differs(
                turn.turn,
                format!(
                    "recorded events {} but the engine produced {}",
                    serde_json::Value::Array(turn.events.clone()),
                    serde_json::Value::Array(got)
                ),
            ));
        }
    }
    let result =
        result.ok_or_else(|| ReplayError::Malformed("the replay has no result line".into()))?;
    let end = game.turn() + 1;
    let outcome = game
        .outcome()
        .ok_or_else(|| differs(end, "the game is not over where the replay ends".into()))?;
    if result.turns != game.turn() || result.players.len() != header.players.len() {
        return Err(differs(
            end,
            "the result's turn count or players differ".into(),
        ));
    }
    for (p, rec) in PlayerId::all(header.players.len()).zip(&result.players) {
        if rec.place != outcome.place(p)
            || rec.score != outcome.score(p)
            || rec.stats != game.stats(p)
            || rec.name != header.players[p.index()]
        {
            return Err(differs(
                end,
                format!(
                    "{}: recorded place {} score {} stats {}, replayed place {} score {} stats {}",
                    rec.name,
                    rec.place,
                    rec.score,
                    rec.stats,
                    outcome.place(p),
                    outcome.score(p),
                    game.stats(p)
                ),
            ));
        }
    }
    Ok(Verified {
        game: header.game,
        turns: game.turn(),
        players: header.players,
    })
}
