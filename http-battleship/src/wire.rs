//! The wire codecs of the three HTTP dialects (feature `serde`): typed requests and replies,
//! their bodies, and typed errors for every malformed input. No transport here.
//!
//! | dialect | request body | phases | placement reply | shot reply |
//! |---|---|---|---|---|
//! | `draft` | form fields | `act=init`, `play`, `end` | `["x1,y1-x2,y2",...]` | `x,y` |
//! | `form` | form fields | `act=init`, `fight` (+ strike histories) | `["x1,y1-x2,y2",...]` | `x,y` |
//! | `json` | JSON | `action=init`, `play-turn` (+ strike histories) | `{"name":N,"boats":[...]}` | `{"play":"x,y"}` |
//!
//! Decisions (beyond the rules of record):
//! - a repeated form field takes its last value (as PHP's `$_POST` does); unknown fields are
//!   ignored; `game` must be `Battleship` in any letter case (the arena sent `battleship` in
//!   one place);
//! - numbers in the `json` dialect may be JSON numbers or strings of digits (the arena sent
//!   strings); its `game-id` may also be `"N-k"` (the arena's turns sent that), read as `N`;
//!   strike lists may be arrays or strings holding JSON arrays;
//! - the text replies `x,y` and placement arrays are trimmed of surrounding ASCII whitespace
//!   (a trailing newline is common); the JSON `play` string is not;
//! - the `draft` dialect's `play` carries `shot` and `shot_result` together (the opponent's
//!   latest shot, absent only on player 1's first turn) and `last_result` (absent on a bot's
//!   first turn); `end` carries `winner` (`1`, `2`, `draw`) and `reason`.

use alloc::borrow::ToOwned;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use engine_core::PlayerId;
use serde_json::{Map, Value};

use crate::cell::parse_digits;
use crate::{
    Cell, Config, Dialect, EndReason, ForfeitReason, MAX_COUNT, MAX_SIDE, Observation, Placement,
    ShipSpan, ShotRecord, ShotResult, parse_xy,
};

/// The form content type the arena sends.
pub const FORM_CONTENT_TYPE: &str = "application/x-www-form-urlencoded";
/// The JSON content type.
pub const JSON_CONTENT_TYPE: &str = "application/json";
/// The plain-text content type of `x,y` replies.
pub const TEXT_CONTENT_TYPE: &str = "text/plain; charset=utf-8";

/// The settings every `init` (and the `form`/`json` turns) carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Settings {
    /// Grid width, 1..=100.
    pub width: u16,
    /// Grid height, 1..=100.
    pub height: u16,
    /// `ship1`..`ship6`: ships of each length, 0..=10.
    pub ships: [u8; 6],
}

impl Settings {
    /// The engine config for these settings (default shot limit).
    pub fn config(&self) -> Config {
        Config {
            width: self.width,
            height: self.height,
            ships: self.ships,
            shot_limit: None,
        }
    }
}

impl From<&Config> for Settings {
    fn from(c: &Config) -> Self {
        Settings {
            width: c.width,
            height: c.height,
            ships: c.ships,
        }
    }
}

/// The draft and form dialects' `match_id`: `N-1` or `N-2`, the match number and the seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatchId {
    /// The match number.
    pub number: u64,
    /// Which bot of the match the receiver is (seat 0 is `-1` and shoots first).
    pub seat: PlayerId,
}

impl fmt::Display for MatchId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.number, self.seat.0 as u16 + 1)
    }
}

impl MatchId {
    /// Parses `^[0-9]+-(1|2)$`.
    pub fn parse(s: &str) -> Option<MatchId> {
        let (n, k) = s.split_once('-')?;
        let seat = match k {
            "1" => PlayerId(0),
            "2" => PlayerId(1),
            _ => return None,
        };
        if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        Some(MatchId {
            number: n.parse().ok()?,
            seat,
        })
    }
}

/// Why a match ended, in the draft dialect's `end` words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndCause {
    /// `sunk`.
    Sunk,
    /// `invalid placement`.
    InvalidPlacement,
    /// `invalid shot`.
    InvalidShot,
    /// A forfeit's word (`timeout`, `invalid answer`, `error status`, `connection error`).
    Forfeit(ForfeitReason),
    /// `turn limit`.
    ShotLimit,
}

impl EndCause {
    /// The word.
    pub fn word(self) -> &'static str {
        match self {
            EndCause::Sunk => "sunk",
            EndCause::InvalidPlacement => "invalid placement",
            EndCause::InvalidShot => "invalid shot",
            EndCause::Forfeit(r) => r.word(),
            EndCause::ShotLimit => "turn limit",
        }
    }

    /// The cause for its word.
    pub fn from_word(w: &str) -> Option<EndCause> {
        Some(match w {
            "sunk" => EndCause::Sunk,
            "invalid placement" => EndCause::InvalidPlacement,
            "invalid shot" => EndCause::InvalidShot,
            "turn limit" => EndCause::ShotLimit,
            other => EndCause::Forfeit(ForfeitReason::from_word(other)?),
        })
    }
}

impl From<EndReason> for EndCause {
    fn from(r: EndReason) -> Self {
        match r {
            EndReason::Sunk => EndCause::Sunk,
            EndReason::InvalidPlacement(_) => EndCause::InvalidPlacement,
            EndReason::InvalidShot { .. } => EndCause::InvalidShot,
            EndReason::Forfeit(f) => EndCause::Forfeit(f),
            EndReason::ShotLimit => EndCause::ShotLimit,
        }
    }
}

/// A `draft` dialect request.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum DraftRequest {
    /// `act=init`: place your ships.
    Init {
        /// Match and seat.
        match_id: MatchId,
        /// The other bot's name.
        opponent: String,
        /// The settings.
        settings: Settings,
    },
    /// `act=play`: take the opponent's shot and shoot.
    Play {
        /// Match and seat.
        match_id: MatchId,
        /// `shot` and `shot_result`: the opponent's latest shot at you and what it did.
        incoming: Option<ShotRecord>,
        /// `last_result`: what your previous shot did.
        last_result: Option<ShotResult>,
    },
    /// `act=end`: the match is over (the reply is ignored).
    End {
        /// Match and seat.
        match_id: MatchId,
        /// `winner`: `1`, `2` or `draw` (`None`).
        winner: Option<PlayerId>,
        /// `reason`.
        reason: EndCause,
    },
}

/// The `form` dialect's two acts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum FormAct {
    /// `act=init`.
    Init,
    /// `act=fight` with both strike histories.
    Fight {
        /// Your shots, oldest first.
        your_strikes: Vec<ShotRecord>,
        /// The opponent's shots at you, oldest first.
        his_strikes: Vec<ShotRecord>,
    },
}

/// A `form` dialect request: every init field, every time.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FormRequest {
    /// Match and seat.
    pub match_id: MatchId,
    /// The other bot's name.
    pub opponent: String,
    /// The settings.
    pub settings: Settings,
    /// What is asked.
    pub act: FormAct,
}

/// The `json` dialect's two actions.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum JsonAction {
    /// `"action":"init"`.
    Init,
    /// `"action":"play-turn"` with both strike histories.
    PlayTurn {
        /// Your shots, oldest first.
        your_strikes: Vec<ShotRecord>,
        /// The opponent's shots at you, oldest first.
        his_strikes: Vec<ShotRecord>,
    },
}

/// A `json` dialect request.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct JsonRequest {
    /// `game-id`: the match number.
    pub game_id: u64,
    /// `player-index`: 0 (shoots first) or 1.
    pub seat: PlayerId,
    /// `board.opponent`.
    pub opponent: String,
    /// `board.width` .. `board.ship6`.
    pub settings: Settings,
    /// What is asked.
    pub action: JsonAction,
}

/// A request in any dialect.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Request {
    /// `draft`.
    Draft(DraftRequest),
    /// `form`.
    Form(FormRequest),
    /// `json`.
    Json(JsonRequest),
}

/// A request body ready to send.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Body {
    /// The `Content-Type`.
    pub content_type: &'static str,
    /// The bytes.
    pub bytes: Vec<u8>,
}

/// Why a request is malformed (a bot server answers 400 with this text).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WireError {
    /// The body is not UTF-8 (JSON bodies must be).
    #[error("the body is not UTF-8")]
    NotUtf8,
    /// The body or a field is not the JSON expected.
    #[error("bad JSON: {0}")]
    Json(String),
    /// A required field is missing.
    #[error("missing field {0}")]
    Missing(&'static str),
    /// A number field that is not a number.
    #[error("field {0} is not a number")]
    BadNumber(&'static str),
    /// A number out of its range.
    #[error("field {field} = {value} is out of range {min}..={max}")]
    OutOfRange {
        /// The field.
        field: &'static str,
        /// Its value.
        value: u64,
        /// Smallest allowed.
        min: u64,
        /// Largest allowed.
        max: u64,
    },
    /// `game` is not `Battleship`.
    #[error("this is a Battleship bot, not {0:?}")]
    WrongGame(String),
    /// `match_id` is not `N-1` or `N-2`.
    #[error("match_id {0:?} is not N-1 or N-2")]
    BadMatchId(String),
    /// An `act` or `action` this dialect does not have.
    #[error("unknown {field} {value:?}")]
    UnknownAct {
        /// `act` or `action`.
        field: &'static str,
        /// The value.
        value: String,
    },
    /// A shot field that is not `x,y` on the grid.
    #[error("field {0} is not a cell x,y")]
    BadCell(&'static str),
    /// A result word that is none of `""`, `hit`, `hit and sunk`, `hit sunk and win`.
    #[error("field {0} is not a shot result")]
    BadResult(&'static str),
    /// `shot` without `shot_result` or the other way round.
    #[error("shot and shot_result go together")]
    ShotWithoutResult,
    /// A strike list that is not `[{"target":"x,y","result":R},...]` on the grid.
    #[error("{field}[{index}] is not a strike on the grid")]
    BadStrike {
        /// `your_strikes` or `his_strikes`.
        field: &'static str,
        /// The entry.
        index: usize,
    },
    /// `winner` is not `1`, `2` or `draw`.
    #[error("winner is not 1, 2 or draw")]
    BadWinner,
    /// `reason` is not a known word.
    #[error("unknown end reason {0:?}")]
    BadReason(String),
    /// A request of another dialect than the one required.
    #[error("a {got} request, but this bot speaks {expected}")]
    WrongDialect {
        /// The dialect required.
        expected: Dialect,
        /// The dialect of the request.
        got: Dialect,
    },
    /// A content type no dialect uses.
    #[error("unsupported content type {0:?}")]
    ContentType(String),
}

/// Why a reply is not a placement or a shot (the arena then forfeits the bot).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReplyError {
    /// The body is not UTF-8.
    #[error("the reply is not UTF-8")]
    NotUtf8,
    /// The body is not JSON.
    #[error("the reply is not JSON: {0}")]
    NotJson(String),
    /// JSON of the wrong shape.
    #[error("expected {0}")]
    Shape(&'static str),
    /// A ship string that is not `x1,y1-x2,y2`.
    #[error("ship {0} is not written x1,y1-x2,y2")]
    Ship(usize),
    /// A shot that is not `x,y` (`^[0-9]+,[0-9]+$`).
    #[error("the shot is not x,y")]
    Shot,
}

// ---------------------------------------------------------------------------------------------
// Form fields.

/// Decoded form fields; a repeated name takes its last value.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fields(pub Vec<(String, String)>);

impl Fields {
    /// Decodes an `application/x-www-form-urlencoded` body.
    pub fn from_urlencoded(body: &[u8]) -> Fields {
        Fields(
            form_urlencoded::parse(body)
                .map(|(k, v)| (k.into_owned(), v.into_owned()))
                .collect(),
        )
    }

    /// Encodes the fields as `application/x-www-form-urlencoded`.
    pub fn to_urlencoded(&self) -> String {
        let mut s = form_urlencoded::Serializer::new(String::new());
        for (k, v) in &self.0 {
            s.append_pair(k, v);
        }
        s.finish()
    }

    /// The last value of `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .rev()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    fn need(&self, name: &'static str) -> Result<&str, WireError> {
        self.get(name).ok_or(WireError::Missing(name))
    }

    fn push(&mut self, name: &str, value: impl ToString) {
        self.0.push((name.to_owned(), value.to_string()));
    }

    fn number(&self, name: &'static str, min: u64, max: u64) -> Result<u64, WireError> {
        let text = self.need(name)?;
        let value = parse_digits(text).ok_or(WireError::BadNumber(name))? as u64;
        in_range(name, value, min, max)
    }

    fn settings(&self) -> Result<Settings, WireError> {
        let side = |name| self.number(name, 1, MAX_SIDE as u64).map(|v| v as u16);
        let mut ships = [0u8; 6];
        for (i, s) in ships.iter_mut().enumerate() {
            *s = self.number(SHIP_FIELDS[i], 0, MAX_COUNT as u64)? as u8;
        }
        Ok(Settings {
            width: side("width")?,
            height: side("height")?,
            ships,
        })
    }

    fn push_settings(&mut self, s: &Settings) {
        self.push("width", s.width);
        self.push("height", s.height);
        for (name, n) in SHIP_FIELDS.iter().zip(s.ships) {
            self.push(name, n);
        }
    }

    fn check_game(&self) -> Result<(), WireError> {
        let g = self.need("game")?;
        check_game(g)
    }

    fn match_id(&self) -> Result<MatchId, WireError> {
        let text = self.need("match_id")?;
        MatchId::parse(text).ok_or_else(|| WireError::BadMatchId(truncate(text)))
    }
}

const SHIP_FIELDS: [&str; 6] = ["ship1", "ship2", "ship3", "ship4", "ship5", "ship6"];

fn in_range(field: &'static str, value: u64, min: u64, max: u64) -> Result<u64, WireError> {
    if (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(WireError::OutOfRange {
            field,
            value,
            min,
            max,
        })
    }
}

fn check_game(g: &str) -> Result<(), WireError> {
    if g.eq_ignore_ascii_case("battleship") {
        Ok(())
    } else {
        Err(WireError::WrongGame(truncate(g)))
    }
}

/// At most 40 characters of untrusted text, for error messages.
fn truncate(s: &str) -> String {
    match s.char_indices().nth(40) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_owned(),
    }
}

// ---------------------------------------------------------------------------------------------
// Strikes.

fn strikes_value(strikes: &[ShotRecord]) -> Value {
    Value::Array(
        strikes
            .iter()
            .map(|s| {
                let mut m = Map::new();
                m.insert("target".into(), Value::String(s.at.to_string()));
                m.insert("result".into(), Value::String(s.result.word().into()));
                Value::Object(m)
            })
            .collect(),
    )
}

fn strikes_from_value(
    v: &Value,
    field: &'static str,
    settings: &Settings,
) -> Result<Vec<ShotRecord>, WireError> {
    let parsed;
    let v = match v {
        Value::String(s) => {
            parsed = serde_json::from_str::<Value>(s)
                .map_err(|e| WireError::Json(format!("{field}: {e}")))?;
            &parsed
        }
        other => other,
    };
    let list = v
        .as_array()
        .ok_or(WireError::BadStrike { field, index: 0 })?;
    list.iter()
        .enumerate()
        .map(|(index, s)| {
            let bad = WireError::BadStrike { field, index };
            let target = s.get("target").and_then(Value::as_str).ok_or(bad.clone())?;
            let result = s.get("result").and_then(Value::as_str).ok_or(bad.clone())?;
            let (x, y) = parse_xy(target).ok_or(bad.clone())?;
            let at = Cell::checked(x, y, settings.width, settings.height).ok_or(bad.clone())?;
            let result = ShotResult::from_word(result).ok_or(bad)?;
            Ok(ShotRecord { at, result })
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Draft.

impl DraftRequest {
    /// The match and seat.
    pub fn match_id(&self) -> MatchId {
        match self {
            DraftRequest::Init { match_id, .. }
            | DraftRequest::Play { match_id, .. }
            | DraftRequest::End { match_id, .. } => *match_id,
        }
    }

    /// The `play` request for the player of `obs` (its latest incoming shot and own result).
    pub fn play(match_id: MatchId, obs: &Observation) -> DraftRequest {
        DraftRequest::Play {
            match_id,
            incoming: obs.their_shots.last().copied(),
            last_result: obs.my_shots.last().map(|s| s.result),
        }
    }

    /// The form fields, in the order `game`, `match_id`, `act`, then the act's own.
    pub fn to_fields(&self) -> Fields {
        let mut f = Fields::default();
        f.push("game", "Battleship");
        f.push("match_id", self.match_id());
        match self {
            DraftRequest::Init {
                opponent, settings, ..
            } => {
                f.push("act", "init");
                f.push("opponent", opponent);
                f.push_settings(settings);
            }
            DraftRequest::Play {
                incoming,
                last_result,
                ..
            } => {
                f.push("act", "play");
                if let Some(s) = incoming {
                    f.push("shot", s.at);
                    f.push("shot_result", s.result.word());
                }
                if let Some(r) = last_result {
                    f.push("last_result", r.word());
                }
            }
            DraftRequest::End { winner, reason, .. } => {
                f.push("act", "end");
                f.push(
                    "winner",
                    match winner {
                        Some(p) => {
                            if p.0 == 0 {
                                "1"
                            } else {
                                "2"
                            }
                        }
                        None => "draw",
                    },
                );
                f.push("reason", reason.word());
            }
        }
        f
    }

    /// Reads a draft request from form fields.
    pub fn from_fields(f: &Fields) -> Result<DraftRequest, WireError> {
        f.check_game()?;
        let match_id = f.match_id()?;
        match f.need("act")? {
            "init" => Ok(DraftRequest::Init {
                match_id,
                opponent: f.need("opponent")?.to_owned(),
                settings: f.settings()?,
            }),
            "play" => {
                let result = |name| -> Result<Option<ShotResult>, WireError> {
                    f.get(name)
                        .map(|w| ShotResult::from_word(w).ok_or(WireError::BadResult(name)))
                        .transpose()
                };
                let incoming = match (f.get("shot"), result("shot_result")?) {
                    (None, None) => None,
                    (Some(shot), Some(result)) => {
                        let (x, y) = parse_xy(shot).ok_or(WireError::BadCell("shot"))?;
                        let at = Cell::checked(x, y, MAX_SIDE, MAX_SIDE)
                            .ok_or(WireError::BadCell("shot"))?;
                        Some(ShotRecord { at, result })
                    }
                    _ => return Err(WireError::ShotWithoutResult),
                };
                Ok(DraftRequest::Play {
                    match_id,
                    incoming,
                    last_result: result("last_result")?,
                })
            }
            "end" => Ok(DraftRequest::End {
                match_id,
                winner: match f.need("winner")? {
                    "1" => Some(PlayerId(0)),
                    "2" => Some(PlayerId(1)),
                    "draw" => None,
                    _ => return Err(WireError::BadWinner),
                },
                reason: {
                    let w = f.need("reason")?;
                    EndCause::from_word(w).ok_or_else(|| WireError::BadReason(truncate(w)))?
                },
            }),
            other => Err(WireError::UnknownAct {
                field: "act",
                value: truncate(other),
            }),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Form.

impl FormRequest {
    /// The form fields: `game`, `match_id`, `act`, `opponent`, the settings, then for
    /// `fight` the two strike lists as JSON strings.
    pub fn to_fields(&self) -> Fields {
        let mut f = Fields::default();
        f.push("game", "Battleship");
        f.push("match_id", self.match_id);
        f.push(
            "act",
            match self.act {
                FormAct::Init => "init",
                FormAct::Fight { .. } => "fight",
            },
        );
        f.push("opponent", &self.opponent);
        f.push_settings(&self.settings);
        if let FormAct::Fight {
            your_strikes,
            his_strikes,
        } = &self.act
        {
            f.push("your_strikes", strikes_value(your_strikes));
            f.push("his_strikes", strikes_value(his_strikes));
        }
        f
    }

    /// Reads a form request from form fields.
    pub fn from_fields(f: &Fields) -> Result<FormRequest, WireError> {
        f.check_game()?;
        let match_id = f.match_id()?;
        let act = f.need("act")?;
        if act != "init" && act != "fight" {
            return Err(WireError::UnknownAct {
                field: "act",
                value: truncate(act),
            });
        }
        let opponent = f.need("opponent")?.to_owned();
        let settings = f.settings()?;
        let act = if act == "init" {
            FormAct::Init
        } else {
            let list = |name: &'static str| -> Result<Vec<ShotRecord>, WireError> {
                strikes_from_value(&Value::String(f.need(name)?.to_owned()), name, &settings)
            };
            FormAct::Fight {
                your_strikes: list("your_strikes")?,
                his_strikes: list("his_strikes")?,
            }
        };
        Ok(FormRequest {
            match_id,
            opponent,
            settings,
            act,
        })
    }
}

// ---------------------------------------------------------------------------------------------
// JSON.

/// A non-empty run of ASCII digits that fits a `u64`.
fn digits_u64(s: &str) -> Option<u64> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

fn json_number(v: Option<&Value>, field: &'static str) -> Result<u64, WireError> {
    match v {
        None | Some(Value::Null) => Err(WireError::Missing(field)),
        Some(Value::Number(n)) => n.as_u64().ok_or(WireError::BadNumber(field)),
        Some(Value::String(s)) => digits_u64(s).ok_or(WireError::BadNumber(field)),
        Some(_) => Err(WireError::BadNumber(field)),
    }
}

impl JsonRequest {
    /// The JSON body: `game`, `game-id`, `action`, `player-index`, `board`.
    pub fn to_json(&self) -> String {
        let mut board = Map::new();
        board.insert("opponent".into(), Value::String(self.opponent.clone()));
        board.insert("width".into(), self.settings.width.into());
        board.insert("height".into(), self.settings.height.into());
        for (name, n) in SHIP_FIELDS.iter().zip(self.settings.ships) {
            board.insert((*name).into(), n.into());
        }
        if let JsonAction::PlayTurn {
            your_strikes,
            his_strikes,
        } = &self.action
        {
            board.insert("your_strikes".into(), strikes_value(your_strikes));
            board.insert("his_strikes".into(), strikes_value(his_strikes));
        }
        let mut m = Map::new();
        m.insert("game".into(), "Battleship".into());
        m.insert("game-id".into(), self.game_id.into());
        m.insert(
            "action".into(),
            match self.action {
                JsonAction::Init => "init",
                JsonAction::PlayTurn { .. } => "play-turn",
            }
            .into(),
        );
        m.insert("player-index".into(), self.seat.0.into());
        m.insert("board".into(), Value::Object(board));
        Value::Object(m).to_string()
    }

    /// Reads a JSON request body.
    pub fn from_json(body: &[u8]) -> Result<JsonRequest, WireError> {
        let text = core::str::from_utf8(body).map_err(|_| WireError::NotUtf8)?;
        let v: Value = serde_json::from_str(text).map_err(|e| WireError::Json(e.to_string()))?;
        let obj = v
            .as_object()
            .ok_or_else(|| WireError::Json("the body is not an object".into()))?;
        match obj.get("game") {
            Some(Value::String(g)) => check_game(g)?,
            Some(_) => return Err(WireError::WrongGame("(not a string)".into())),
            None => return Err(WireError::Missing("game")),
        }
        let game_id = match obj.get("game-id") {
            // The arena's turns sent "N-k": the match number and the seat.
            Some(Value::String(s)) => match s.split_once('-') {
                Some((n, "1" | "2")) => digits_u64(n),
                _ => digits_u64(s),
            }
            .ok_or(WireError::BadNumber("game-id"))?,
            other => json_number(other, "game-id")?,
        };
        let seat = in_range(
            "player-index",
            json_number(obj.get("player-index"), "player-index")?,
            0,
            1,
        )?;
        let board = obj
            .get("board")
            .and_then(Value::as_object)
            .ok_or(WireError::Missing("board"))?;
        let num = |name: &'static str, min: u64, max: u64| {
            json_number(board.get(name), name).and_then(|v| in_range(name, v, min, max))
        };
        let mut ships = [0u8; 6];
        for (i, s) in ships.iter_mut().enumerate() {
            *s = num(SHIP_FIELDS[i], 0, MAX_COUNT as u64)? as u8;
        }
        let settings = Settings {
            width: num("width", 1, MAX_SIDE as u64)? as u16,
            height: num("height", 1, MAX_SIDE as u64)? as u16,
            ships,
        };
        let opponent = match board.get("opponent") {
            Some(Value::String(s)) => s.clone(),
            Some(Value::Number(n)) => n.to_string(),
            _ => return Err(WireError::Missing("opponent")),
        };
        let action = match obj.get("action").and_then(Value::as_str) {
            Some("init") => JsonAction::Init,
            Some("play-turn") => {
                let list = |name: &'static str| match board.get(name) {
                    Some(v) => strikes_from_value(v, name, &settings),
                    None => Err(WireError::Missing(name)),
                };
                JsonAction::PlayTurn {
                    your_strikes: list("your_strikes")?,
                    his_strikes: list("his_strikes")?,
                }
            }
            Some(other) => {
                return Err(WireError::UnknownAct {
                    field: "action",
                    value: truncate(other),
                });
            }
            None => return Err(WireError::Missing("action")),
        };
        Ok(JsonRequest {
            game_id,
            seat: PlayerId(seat as u8),
            opponent,
            settings,
            action,
        })
    }
}

// ---------------------------------------------------------------------------------------------
// Any dialect.

impl Request {
    /// The request's dialect.
    pub fn dialect(&self) -> Dialect {
        match self {
            Request::Draft(_) => Dialect::Draft,
            Request::Form(_) => Dialect::Form,
            Request::Json(_) => Dialect::Json,
        }
    }

    /// The match number and the receiver's seat.
    pub fn match_key(&self) -> (u64, PlayerId) {
        match self {
            Request::Draft(r) => {
                let id = r.match_id();
                (id.number, id.seat)
            }
            Request::Form(r) => (r.match_id.number, r.match_id.seat),
            Request::Json(r) => (r.game_id, r.seat),
        }
    }

    /// The body to POST.
    pub fn encode(&self) -> Body {
        match self {
            Request::Draft(r) => Body {
                content_type: FORM_CONTENT_TYPE,
                bytes: r.to_fields().to_urlencoded().into_bytes(),
            },
            Request::Form(r) => Body {
                content_type: FORM_CONTENT_TYPE,
                bytes: r.to_fields().to_urlencoded().into_bytes(),
            },
            Request::Json(r) => Body {
                content_type: JSON_CONTENT_TYPE,
                bytes: r.to_json().into_bytes(),
            },
        }
    }

    /// Reads form fields as a `draft` or `form` request: `act=play|end` is draft,
    /// `act=fight` is form, and `act=init` (the same fields in both) is draft unless `only`
    /// asks for form. With `only`, a request of another dialect is refused.
    pub fn from_fields(f: &Fields, only: Option<Dialect>) -> Result<Request, WireError> {
        let got = match (f.get("act"), only) {
            (Some("fight"), _) => Dialect::Form,
            (Some("init"), Some(Dialect::Form)) => Dialect::Form,
            _ => Dialect::Draft,
        };
        match only {
            Some(Dialect::Json) => {
                return Err(WireError::WrongDialect {
                    expected: Dialect::Json,
                    got,
                });
            }
            Some(expected) if expected != got => {
                return Err(WireError::WrongDialect { expected, got });
            }
            _ => {}
        }
        match got {
            Dialect::Form => FormRequest::from_fields(f).map(Request::Form),
            _ => DraftRequest::from_fields(f).map(Request::Draft),
        }
    }

    /// Decodes a body by its content type: JSON, or URL-encoded form fields (without a
    /// content type, a body starting with `{` is JSON). Multipart bodies must be decoded into
    /// [`Fields`] by the transport and read with [`Request::from_fields`].
    pub fn decode(
        content_type: Option<&str>,
        body: &[u8],
        only: Option<Dialect>,
    ) -> Result<Request, WireError> {
        let essence = content_type.map(|c| {
            c.split(';')
                .next()
                .unwrap_or("")
                .trim()
                .to_ascii_lowercase()
        });
        let json = match essence.as_deref() {
            Some("application/json") => true,
            Some("application/x-www-form-urlencoded") => false,
            None | Some("") => body.trim_ascii_start().first() == Some(&b'{'),
            Some(other) => return Err(WireError::ContentType(truncate(other))),
        };
        if json {
            if let Some(expected) = only.filter(|d| *d != Dialect::Json) {
                return Err(WireError::WrongDialect {
                    expected,
                    got: Dialect::Json,
                });
            }
            JsonRequest::from_json(body).map(Request::Json)
        } else {
            Request::from_fields(&Fields::from_urlencoded(body), only)
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Replies.

/// A bot's reply.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Reply {
    /// The answer to `init`.
    Placement(Placement),
    /// The answer to a turn.
    Shot {
        /// Column.
        x: u32,
        /// Row.
        y: u32,
    },
    /// The answer to the draft dialect's `end` (ignored by the arena).
    Ack,
}

impl Reply {
    /// The reply body in `dialect`; `name` is the bot's name for the `json` init reply.
    pub fn encode(&self, dialect: Dialect, name: &str) -> Body {
        let spans = |p: &Placement| -> Vec<Value> {
            p.0.iter().map(|s| Value::String(s.to_string())).collect()
        };
        match (self, dialect) {
            (Reply::Placement(p), Dialect::Json) => {
                let mut m = Map::new();
                m.insert("name".into(), Value::String(name.into()));
                m.insert("boats".into(), Value::Array(spans(p)));
                json_body(Value::Object(m))
            }
            (Reply::Placement(p), _) => json_body(Value::Array(spans(p))),
            (Reply::Shot { x, y }, Dialect::Json) => {
                let mut m = Map::new();
                m.insert("play".into(), Value::String(format!("{x},{y}")));
                json_body(Value::Object(m))
            }
            (Reply::Shot { x, y }, _) => Body {
                content_type: TEXT_CONTENT_TYPE,
                bytes: format!("{x},{y}").into_bytes(),
            },
            (Reply::Ack, _) => Body {
                content_type: TEXT_CONTENT_TYPE,
                bytes: b"ok".to_vec(),
            },
        }
    }
}

fn json_body(v: Value) -> Body {
    Body {
        content_type: JSON_CONTENT_TYPE,
        bytes: v.to_string().into_bytes(),
    }
}

fn reply_json(body: &[u8]) -> Result<Value, ReplyError> {
    let text = core::str::from_utf8(body).map_err(|_| ReplyError::NotUtf8)?;
    serde_json::from_str(text.trim_matches(|c: char| c.is_ascii_whitespace()))
        .map_err(|e| ReplyError::NotJson(e.to_string()))
}

/// Reads a placement reply: a JSON array of ship strings (`draft`, `form`) or an object with
/// a `boats` array (`json`).
pub fn parse_placement_reply(dialect: Dialect, body: &[u8]) -> Result<Placement, ReplyError> {
    let v = reply_json(body)?;
    let list = match dialect {
        Dialect::Json => v
            .get("boats")
            .and_then(Value::as_array)
            .ok_or(ReplyError::Shape(r#"an object {"boats":[...]}"#))?,
        _ => v
            .as_array()
            .ok_or(ReplyError::Shape("a JSON array of ship strings"))?,
    };
    list.iter()
        .enumerate()
        .map(|(i, s)| {
            s.as_str()
                .and_then(|s| s.parse::<ShipSpan>().ok())
                .ok_or(ReplyError::Ship(i))
        })
        .collect::<Result<Vec<_>, _>>()
        .map(Placement)
}

/// Reads a shot reply: `x,y` as text (`draft`, `form`) or `{"play":"x,y"}` (`json`).
pub fn parse_shot_reply(dialect: Dialect, body: &[u8]) -> Result<(u32, u32), ReplyError> {
    match dialect {
        Dialect::Json => {
            let v = reply_json(body)?;
            let play = v
                .get("play")
                .and_then(Value::as_str)
                .ok_or(ReplyError::Shape(r#"an object {"play":"x,y"}"#))?;
            parse_xy(play).ok_or(ReplyError::Shot)
        }
        _ => {
            let text = core::str::from_utf8(body).map_err(|_| ReplyError::NotUtf8)?;
            parse_xy(text.trim_matches(|c: char| c.is_ascii_whitespace())).ok_or(ReplyError::Shot)
        }
    }
}
