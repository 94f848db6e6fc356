//! JSON Lines replays: writing them during a match and re-simulating them to verify.
//!
//! A replay is one JSON object per line: a `header` (game, format version, seed, the full
//! config, player names), then in match order one `turn` line per turn (the acting seats, each
//! one's action as protocol text, and the engine's events) and one `fault` line per fault (a
//! setup fault before the first turn, a turn's faults before that turn's line), and last the
//! `result` (the match report, as `koth play --json` prints it).
//!
//! `koth replay FILE` reads every line strictly (at most [`MAX_LINE`] bytes each, no blank
//! lines, no unknown fields, nothing after the result), rebuilds the game from the header,
//! replays the recorded actions and checks every turn's seats and events and every field of
//! the result: game, seed, config, turn count, outcome, each player's name, place, score and
//! statistics, and the faults, which must be the fault lines in order. Each error names the
//! line (and the turn or the field). Exit codes: 0 verified, 1 the replay does not verify
//! (any content error, an unknown game included), 2 the file cannot be opened or read.
//!
//! Faults cannot be recomputed (they are what programs did at run time); the result's list is
//! checked against the fault lines, and each fault line's seat and name against the header.
//! A replay is not signed: a rewrite that keeps every line consistent (names swapped in the
//! header, every fault line and the result alike) cannot be told from a real replay.

use std::collections::VecDeque;
use std::io::{BufRead, Write};

use koth_engine_core::Contest;
use koth_engine_core::runner::{self, Options, Recorded, Seat, Transcript};
use serde::{Deserialize, Serialize};

use crate::ArenaGame;
use crate::report::{Fault, FaultKind, MatchReport};

/// The replay format version written in headers (2: fault lines, the config in the result;
/// 3: duels' scores in the result are points, 1 win, 0.5 draw, 0 loss).
pub const FORMAT: u32 = 3;

/// The longest replay line read, in bytes (a bomberman tick line is a few KiB).
pub const MAX_LINE: usize = 1 << 20;

/// The most lines a replay may have (far above any game's turn limit).
pub const MAX_LINES: usize = 1 << 22;

/// A replay's first line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReplayHeader<C> {
    /// The game's name.
    pub game: String,
    /// The replay format version.
    pub format: u32,
    /// The match seed.
    pub seed: u64,
    /// The game config, in full.
    pub config: C,
    /// Player names in seat order.
    pub players: Vec<String>,
}

/// One turn of a replay.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReplayTurn {
    /// The 1-based turn number.
    pub turn: u32,
    /// The acting seats, in the order of `actions`.
    pub actors: Vec<u8>,
    /// Each actor's action as protocol text.
    pub actions: Vec<String>,
    /// The events the engine produced.
    pub events: Vec<serde_json::Value>,
    /// Each actor's response time in milliseconds (external bots; `null` for built-ins),
    /// when any was measured. Not checked when a replay is verified: times vary.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ms: Vec<Option<f64>>,
}

/// One fault of a replay, written when it happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReplayFault {
    /// The player's seat (0-based).
    pub seat: u8,
    /// The player's name.
    pub player: String,
    /// The 1-based turn it happened on (0 for setup calls before the first turn).
    pub turn: u32,
    /// What went wrong.
    pub fault: FaultKind,
    /// Details (reason, truncated stderr).
    pub detail: String,
}

impl From<ReplayFault> for Fault {
    fn from(f: ReplayFault) -> Fault {
        Fault {
            player: f.player,
            turn: f.turn,
            kind: f.fault,
            detail: f.detail,
        }
    }
}

/// Any line of a replay.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum ReplayLine<C> {
    /// The first line.
    Header(ReplayHeader<C>),
    /// One turn.
    Turn(ReplayTurn),
    /// One fault.
    Fault(ReplayFault),
    /// The last line.
    Result(MatchReport),
}

impl<C: Serialize> ReplayLine<C> {
    /// Writes the line and a newline.
    pub fn write(&self, w: &mut dyn Write) -> std::io::Result<()> {
        serde_json::to_writer(&mut *w, self).map_err(std::io::Error::from)?;
        w.write_all(b"\n")
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
    /// The file cannot be read (exit code 2).
    #[error("cannot read the replay: {0}")]
    Io(#[from] std::io::Error),
    /// A line is not what a replay holds there, or the re-simulation differs from it (exit
    /// code 1).
    #[error("line {line}: {detail}")]
    Mismatch {
        /// The 1-based line number.
        line: usize,
        /// What is wrong, naming the turn or the field.
        detail: String,
    },
}

fn mismatch(line: usize, detail: impl Into<String>) -> ReplayError {
    ReplayError::Mismatch {
        line,
        detail: detail.into(),
    }
}

/// Reads the next line of at most [`MAX_LINE`] bytes (without its newline); `None` at the end.
/// `number` is the 1-based number of the line being read, for errors.
pub fn read_line(r: &mut dyn BufRead, number: usize) -> Result<Option<String>, ReplayError> {
    let mut bytes = Vec::new();
    loop {
        let buf = r.fill_buf()?;
        if buf.is_empty() {
            if bytes.is_empty() {
                return Ok(None);
            }
            break;
        }
        let (take, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (i, true),
            None => (buf.len(), false),
        };
        if bytes.len() + take > MAX_LINE {
            return Err(mismatch(
                number,
                format!("longer than {MAX_LINE} bytes (no replay line is)"),
            ));
        }
        bytes.extend_from_slice(&buf[..take]);
        r.consume(if done { take + 1 } else { take });
        if done {
            break;
        }
    }
    String::from_utf8(bytes)
        .map(Some)
        .map_err(|_| mismatch(number, "not UTF-8"))
}

/// The game name in a replay's header line (line 1).
pub fn header_game(first_line: &str) -> Result<String, ReplayError> {
    let v: serde_json::Value =
        serde_json::from_str(first_line).map_err(|e| mismatch(1, format!("not JSON: {e}")))?;
    if v.get("kind").and_then(|k| k.as_str()) != Some("header") {
        return Err(mismatch(
            1,
            "not a replay header (field `kind` is not \"header\")",
        ));
    }
    v.get("game")
        .and_then(|g| g.as_str())
        .map(str::to_string)
        .ok_or_else(|| mismatch(1, "the header's field `game` is missing or not a string"))
}

/// A turn as a replay line.
pub fn turn_line<G: ArenaGame>(turn: &runner::Turn<G>) -> ReplayTurn {
    ReplayTurn {
        turn: turn.turn,
        actors: turn.actors.iter().map(|p| p.0).collect(),
        actions: turn.actions.iter().map(G::action_text).collect(),
        events: turn.events.iter().map(event_value).collect(),
        ms: if turn.response_us.iter().any(Option::is_some) {
            turn.response_us
                .iter()
                .map(|us| us.map(|us| us as f64 / 1000.0))
                .collect()
        } else {
            Vec::new()
        },
    }
}

fn event_value<E: Serialize>(e: &E) -> serde_json::Value {
    serde_json::to_value(e).unwrap_or(serde_json::Value::Null)
}

/// The lines of a replay, parsed and numbered.
struct Parsed<C> {
    header: ReplayHeader<C>,
    turns: Vec<(usize, ReplayTurn)>,
    faults: Vec<(usize, ReplayFault)>,
    result: (usize, MatchReport),
}

/// Reads every line of a replay of game `G`: a header first, then turn and fault lines, the
/// result last and nothing after it.
fn parse<G: ArenaGame>(lines: &mut dyn BufRead) -> Result<Parsed<G::Config>, ReplayError> {
    let mut header = None;
    let mut turns = Vec::new();
    let mut faults = Vec::new();
    let mut result: Option<(usize, MatchReport)> = None;
    let mut number = 0;
    while let Some(text) = read_line(lines, number + 1)? {
        number += 1;
        if let Some((at, _)) = &result {
            return Err(mismatch(
                number,
                format!("a line after the result (line {at})"),
            ));
        }
        if number > MAX_LINES {
            return Err(mismatch(number, format!("more than {MAX_LINES} lines")));
        }
        if text.trim().is_empty() {
            return Err(mismatch(number, "a blank line"));
        }
        let line: ReplayLine<G::Config> = serde_json::from_str(&text)
            .map_err(|e| mismatch(number, format!("not a {} replay line: {e}", G::NAME)))?;
        match line {
            ReplayLine::Header(h) if number == 1 => header = Some(h),
            ReplayLine::Header(_) => return Err(mismatch(number, "a second header")),
            _ if number == 1 => return Err(mismatch(1, "not a replay header")),
            ReplayLine::Turn(t) => turns.push((number, t)),
            ReplayLine::Fault(f) => faults.push((number, f)),
            ReplayLine::Result(r) => result = Some((number, r)),
        }
    }
    let header = header.ok_or_else(|| mismatch(1, "the replay is empty"))?;
    let result = result.ok_or_else(|| mismatch(number + 1, "the replay has no result line"))?;
    Ok(Parsed {
        header,
        turns,
        faults,
        result,
    })
}

/// Re-simulates a replay of game `G` through the match runner (the recorded actions played
/// in order, from the header's seed and config) and checks every line: see the module docs.
pub fn verify<G: ArenaGame>(lines: &mut dyn BufRead) -> Result<Verified, ReplayError> {
    verify_observed::<G>(lines, &mut ()).map(|(verified, _)| verified)
}

/// [`verify`], with `observer` seeing the re-simulated match (the viewer draws it), and the
/// verified result.
pub fn verify_observed<G: ArenaGame>(
    lines: &mut dyn BufRead,
    observer: &mut dyn runner::Observer<G>,
) -> Result<(Verified, MatchReport), ReplayError> {
    let Parsed {
        header,
        turns: recorded_turns,
        faults,
        result: (result_line, result),
    } = parse::<G>(lines)?;
    if header.game != G::NAME {
        return Err(mismatch(
            1,
            format!("field `game` is {:?}, not {:?}", header.game, G::NAME),
        ));
    }
    if header.format != FORMAT {
        return Err(mismatch(
            1,
            format!(
                "field `format`: replay format {} is not supported (this koth writes {FORMAT})",
                header.format
            ),
        ));
    }
    let n = header.players.len();
    if !G::seats(&header.config).contains(&n) {
        return Err(mismatch(
            1,
            format!("field `players`: {} cannot seat {n} players", G::NAME),
        ));
    }
    let mut queues: Vec<VecDeque<G::Action>> = vec![VecDeque::new(); n];
    for (line, t) in &recorded_turns {
        let line = *line;
        if t.actors.len() != t.actions.len() {
            return Err(mismatch(
                line,
                format!("turn {}: `actors` and `actions` differ in number", t.turn),
            ));
        }
        for (&seat, text) in t.actors.iter().zip(&t.actions) {
            let action = G::parse_action_text(text).ok_or_else(|| {
                mismatch(
                    line,
                    format!("turn {}: {text:?} is not a {} action", t.turn, G::NAME),
                )
            })?;
            let queue = queues.get_mut(seat as usize).ok_or_else(|| {
                mismatch(line, format!("turn {}: seat {seat} does not exist", t.turn))
            })?;
            queue.push_back(action);
        }
    }
    check_fault_lines(&header.players, &recorded_turns, &faults)?;
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
    // The line of the recorded turn `turn` (the result line past the recorded turns).
    let line_of = |turn: u32| {
        recorded_turns
            .get((turn as usize).saturating_sub(1))
            .map_or(result_line, |(line, _)| *line)
    };
    let transcript: Transcript<G> =
        runner::play(&header.config, header.seed, &mut seats, options, observer).map_err(|e| {
            match e {
                runner::MatchError::Refused { turn, detail } => {
                    mismatch(line_of(turn), format!("turn {turn}: {detail}"))
                }
                other => mismatch(1, other.to_string()),
            }
        })?;
    for (i, replayed) in transcript.turns.iter().enumerate() {
        let Some((line, rec)) = recorded_turns.get(i) else {
            return Err(mismatch(
                result_line,
                format!(
                    "the replay ends before the game does (turn {} is missing)",
                    replayed.turn
                ),
            ));
        };
        let line = *line;
        let got = turn_line::<G>(replayed);
        if rec.turn != got.turn {
            return Err(mismatch(
                line,
                format!(
                    "field `turn` is {}, the game is at turn {}",
                    rec.turn, got.turn
                ),
            ));
        }
        if rec.actors != got.actors {
            return Err(mismatch(
                line,
                format!(
                    "turn {}: field `actors`: seats {:?} act, the replay has {:?}",
                    got.turn, got.actors, rec.actors
                ),
            ));
        }
        if rec.events != got.events {
            return Err(mismatch(
                line,
                format!(
                    "turn {}: field `events`: recorded {} but the engine produced {}",
                    got.turn,
                    serde_json::Value::Array(rec.events.clone()),
                    serde_json::Value::Array(got.events)
                ),
            ));
        }
    }
    if let Some((line, extra)) = recorded_turns.get(transcript.turns.len()) {
        return Err(mismatch(
            *line,
            format!("turn {}: the game was already over", extra.turn),
        ));
    }
    let mut replayed = MatchReport::from_transcript(&transcript);
    replayed.faults = faults.into_iter().map(|(_, f)| f.into()).collect();
    if let Some(field) = first_difference(&result, &replayed) {
        return Err(mismatch(result_line, format!("result: {field}")));
    }
    let verified = Verified {
        game: header.game,
        turns: transcript.turns_played,
        players: header.players,
    };
    Ok((verified, result))
}

/// Each fault line names a player of the header and stands where its fault happened: a
/// setup fault (turn 0) before the first turn line, a fault of turn `t` right before turn
/// `t`'s line (after turn `t - 1`'s), by a seat that acts in turn `t`.
fn check_fault_lines(
    players: &[String],
    turns: &[(usize, ReplayTurn)],
    faults: &[(usize, ReplayFault)],
) -> Result<(), ReplayError> {
    for (line, f) in faults {
        let seat = usize::from(f.seat);
        if players.get(seat) != Some(&f.player) {
            return Err(mismatch(
                *line,
                format!(
                    "field `player`: {:?} is not the header's player in seat {seat}",
                    f.player
                ),
            ));
        }
        // Turn lines are in line order: a binary search, so a replay of many faults and turns
        // cannot make the check quadratic.
        let before = turns.partition_point(|(l, _)| l < line);
        let expected = if f.turn == 0 { 0 } else { f.turn as usize - 1 };
        if before != expected {
            return Err(mismatch(
                *line,
                format!(
                    "field `turn`: a fault of turn {} after {before} turn lines",
                    f.turn
                ),
            ));
        }
        if f.turn > 0 {
            let acts = turns
                .get(before)
                .is_some_and(|(_, t)| t.actors.contains(&(seat as u8)));
            if !acts {
                return Err(mismatch(
                    *line,
                    format!(
                        "field `player`: {:?} does not act in turn {}",
                        f.player, f.turn
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// The first field in which a recorded result differs from the replayed one, named.
fn first_difference(rec: &MatchReport, got: &MatchReport) -> Option<String> {
    let field = |name: &str, a: &dyn std::fmt::Debug, b: &dyn std::fmt::Debug| {
        Some(format!("field `{name}` is {a:?}, replayed {b:?}"))
    };
    if rec.game != got.game {
        return field("game", &rec.game, &got.game);
    }
    if rec.seed != got.seed {
        return field("seed", &rec.seed, &got.seed);
    }
    if rec.config != got.config {
        return field("config", &rec.config, &got.config);
    }
    if rec.turns != got.turns {
        return field("turns", &rec.turns, &got.turns);
    }
    if rec.outcome != got.outcome {
        return field("outcome", &rec.outcome, &got.outcome);
    }
    if rec.players.len() != got.players.len() {
        return field("players", &rec.players.len(), &got.players.len());
    }
    for (i, (a, b)) in rec.players.iter().zip(&got.players).enumerate() {
        let at = |f: &str| format!("players[{i}].{f}");
        if a.name != b.name {
            return field(&at("name"), &a.name, &b.name);
        }
        if a.place != b.place {
            return field(&at("place"), &a.place, &b.place);
        }
        if a.score != b.score {
            return field(&at("score"), &a.score, &b.score);
        }
        if a.stats != b.stats {
            return field(&at("stats"), &a.stats, &b.stats);
        }
    }
    if rec.faults != got.faults {
        let i = rec
            .faults
            .iter()
            .zip(&got.faults)
            .position(|(a, b)| a != b)
            .unwrap_or(rec.faults.len().min(got.faults.len()));
        return Some(format!(
            "field `faults`: entry {i} is {:?}, the fault lines have {:?}",
            rec.faults.get(i),
            got.faults.get(i)
        ));
    }
    None
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
