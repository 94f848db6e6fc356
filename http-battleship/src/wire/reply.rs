//! Replies: encoding (bot side) and parsing (arena side).

use super::*;

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

/// Reads a shot reply: `x,y` as text (`draft`, `form`) or `{"play":"x,y"}` (`json`). In every
/// dialect alike the `x,y` text is trimmed of leading and trailing ASCII whitespace first.
pub fn parse_shot_reply(dialect: Dialect, body: &[u8]) -> Result<(u32, u32), ReplyError> {
    parse_xy(&shot_reply_text(dialect, body)?).ok_or(ReplyError::Shot)
}

/// The `x,y` text of a shot reply as sent (trimmed), before it is read as numbers: what a
/// fault quotes (numbers too large for `u32` saturate once read).
pub fn shot_reply_text(dialect: Dialect, body: &[u8]) -> Result<String, ReplyError> {
    let trim = |s: &str| {
        s.trim_matches(|c: char| c.is_ascii_whitespace())
            .to_string()
    };
    match dialect {
        Dialect::Json => {
            let v = reply_json(body)?;
            v.get("play")
                .and_then(Value::as_str)
                .map(trim)
                .ok_or(ReplyError::Shape(r#"an object {"play":"x,y"}"#))
        }
        _ => core::str::from_utf8(body)
            .map(trim)
            .map_err(|_| ReplyError::NotUtf8),
    }
}
