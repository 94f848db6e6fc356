//! The wire codecs of the three HTTP dialects: typed requests and replies, their bodies, and
//! typed errors for every malformed input. No transport here (the arena's requests are built
//! by the [`Contest`](koth_engine_core::Contest) implementation, see [`Link`](crate::Link)).
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
//!   (a trailing newline is common), and so is the JSON `play` string; a shot with a leading
//!   zero (`03,4`) is refused;
//! - the `draft` dialect's `play` carries `shot` and `shot_result` together (the opponent's
//!   latest shot, absent only on player 1's first turn) and `last_result` (absent on a bot's
//!   first turn); `end` carries `winner` (`1`, `2`, `draw`) and `reason`.

use alloc::borrow::ToOwned;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use koth_engine_core::PlayerId;
use serde_json::{Map, Value};

use crate::cell::parse_digits;
use koth_engine_core::{Bot, RngCore};

use crate::{
    Action, Battleship, Cell, Config, Dialect, EndReason, ForfeitReason, MAX_COUNT, MAX_SIDE,
    Observation, Phase, Placement, ShipSpan, ShotRecord, ShotResult, parse_xy,
};

/// The time a bot has to answer one request, in milliseconds (the arena's 10 s).
pub const TIMEOUT_MS: u64 = 10_000;

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
    /// A form field given more than once (which value counts would be a guess).
    #[error("field {0:?} is given more than once")]
    Duplicate(String),
    /// A number field that is not a number.
    #[error("field {0} is not a number")]
    BadNumber(&'static str),
    /// A number out of its range.
    #[error("field {field} = {value} is out of range {min}..={max}")]
    OutOfRange {
        /// The field.
        field: &'static str,
        /// Its value, as sent (truncated).
        value: String,
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
    /// A body the transport could not decode (a bad multipart body, say).
    #[error("malformed body: {0}")]
    Body(String),
    /// Settings no match can be played with.
    #[error("bad settings: {0}")]
    Settings(crate::ConfigError),
    /// A turn of a match this bot was never asked to `init` (or has forgotten).
    #[error("unknown match {0} (no init)")]
    UnknownMatch(u64),
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

mod draft;
mod fields;
mod form;
mod json;
mod reply;
mod session;

pub use fields::Fields;
use fields::*;
pub use reply::{Reply, parse_placement_reply, parse_shot_reply, shot_reply_text};
pub use session::Session;

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
        if let Some(name) = f.duplicate() {
            return Err(WireError::Duplicate(truncate(name)));
        }
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
