//! The `json` dialect.

use super::*;

/// A non-empty run of ASCII digits that fits a `u64`.
pub(super) fn digits_u64(s: &str) -> Option<u64> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

pub(super) fn json_number(v: Option<&Value>, field: &'static str) -> Result<u64, WireError> {
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
