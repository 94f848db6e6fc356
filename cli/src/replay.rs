//! JSON Lines replays: writing them during a match and re-simulating them to verify.
//!
//! A replay is one JSON object per line: a `header` (game, format version, seed, config,
//! player names), one `turn` line per turn (the acting seats, each one's action as protocol
//! text, and the engine's events), and the `result` (the match report). `koth replay FILE`
//! rebuilds the game from the header, replays the recorded actions and checks every turn's
//! events and the result.

use std::collections::VecDeque;
use std::io::{BufRead, Write};

use koth_engine_core::Contest;
use koth_engine_core::runner::{self, Options, Recorded, Seat, Transcript};
use serde::{Deserialize, Serialize};

use crate::CliGame;
use crate::report::MatchReport;

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

/// A turn as a replay line.
pub fn turn_line<G: CliGame>(turn: &runner::Turn<G>) -> ReplayTurn {
    ReplayTurn {
        turn: turn.turn,
        actors: turn.actors.iter().map(|p| p.0).collect(),
        actions: turn.actions.iter().map(G::action_text).collect(),
        events: turn.events.iter().map(event_value).collect(),
    }
}

fn event_value<E: Serialize>(e: &E) -> serde_json::Value {
    serde_json::to_value(e).unwrap_or(serde_json::Value::Null)
}

/// Re-simulates a replay of game `G` through the match runner (the recorded actions played
/// in order, from the header's seed and config) and checks every recorded turn and the result.
pub fn verify<G: CliGame>(lines: &mut dyn BufRead) -> Result<Verified, ReplayError> {
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
    let n = header.players.len();
    if !G::seats(&header.config).contains(&n) {
        return Err(differs(0, format!("{} cannot seat {n} players", G::NAME)));
    }
    let mut recorded_turns = Vec::new();
    let mut result = None;
    let mut queues: Vec<VecDeque<G::Action>> = vec![VecDeque::new(); n];
    for line in parsed {
        match line {
            ReplayLine::Turn(t) => {
                if t.actors.len() != t.actions.len() {
                    return Err(differs(
                        t.turn,
                        "actors and actions differ in number".into(),
                    ));
                }
                for (&seat, text) in t.actors.iter().zip(&t.actions) {
                    let action = G::parse_action_text(text).ok_or_else(|| {
                        differs(t.turn, format!("{text:?} is not a {} action", G::NAME))
                    })?;
                    let queue = queues
                        .get_mut(seat as usize)
                        .ok_or_else(|| differs(t.turn, format!("seat {seat} does not exist")))?;
                    queue.push_back(action);
                }
                recorded_turns.push(t);
            }
            ReplayLine::Result(r) => {
                result = Some(r);
                break;
            }
            ReplayLine::Header(_) => {
                return Err(ReplayError::Malformed("a second header".into()));
            }
        }
    }
    let result =
        result.ok_or_else(|| ReplayError::Malformed("the replay has no result line".into()))?;
    let mut seats: Vec<Seat<G>> = header
        .players
        .iter()
        .zip(queues)
        .map(|(name, queue)| Seat {
            name: name.clone(),
            player: Box::new(Recorded::<G>::new(queue)),
        })
        .collect();
    let options = Options {
        keep_turns: true,
        strict: true,
        skip_setup: true,
    };
    let transcript: Transcript<G> =
        runner::play(&header.config, header.seed, &mut seats, options, &mut ()).map_err(
            |e| match e {
                runner::MatchError::Refused { turn, detail } => differs(turn, detail),
                other => differs(0, other.to_string()),
            },
        )?;
    for (i, replayed) in transcript.turns.iter().enumerate() {
        let Some(rec) = recorded_turns.get(i) else {
            return Err(differs(
                replayed.turn,
                "the replay ends before the game does".into(),
            ));
        };
        let got = turn_line::<G>(replayed);
        if rec.turn != got.turn {
            return Err(differs(
                got.turn,
                format!("the next recorded turn is numbered {}", rec.turn),
            ));
        }
        if rec.actors != got.actors {
            return Err(differs(
                got.turn,
                format!(
                    "seats {:?} act, the replay has {:?}",
                    got.actors, rec.actors
                ),
            ));
        }
        if rec.events != got.events {
            return Err(differs(
                got.turn,
                format!(
                    "recorded events {} but the engine produced {}",
                    serde_json::Value::Array(rec.events.clone()),
                    serde_json::Value::Array(got.events)
                ),
            ));
        }
    }
    if let Some(extra) = recorded_turns.get(transcript.turns.len()) {
        return Err(differs(extra.turn, "the game was already over".into()));
    }
    let end = transcript.turns_played + 1;
    let replayed = MatchReport::from_transcript(&transcript);
    if result.turns != replayed.turns || result.players.len() != n {
        return Err(differs(
            end,
            "the result's turn count or players differ".into(),
        ));
    }
    for (rec, got) in result.players.iter().zip(&replayed.players) {
        if rec.place != got.place
            || rec.score != got.score
            || rec.stats != got.stats
            || rec.name != got.name
        {
            return Err(differs(
                end,
                format!(
                    "{}: recorded place {} score {} stats {}, replayed place {} score {} stats {}",
                    rec.name, rec.place, rec.score, rec.stats, got.place, got.score, got.stats
                ),
            ));
        }
    }
    Ok(Verified {
        game: header.game,
        turns: transcript.turns_played,
        players: header.players,
    })
}

/// The match header of a replay.
pub fn header<'a, G: Contest>(start: &runner::Start<'a, G>) -> ReplayHeader<&'a G::Config> {
    ReplayHeader {
        game: G::NAME.to_string(),
        format: FORMAT,
        seed: start.seed,
        config: start.config,
        players: start.names.to_vec(),
    }
}
