//! Form fields (`draft`, `form`) and strike lists.

use super::*;

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

    /// The first name given more than once, if any.
    pub fn duplicate(&self) -> Option<&str> {
        let mut seen = alloc::collections::BTreeSet::new();
        self.0
            .iter()
            .map(|(k, _)| k.as_str())
            .find(|k| !seen.insert(*k))
    }

    /// The last value of `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .rev()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    pub(super) fn need(&self, name: &'static str) -> Result<&str, WireError> {
        self.get(name).ok_or(WireError::Missing(name))
    }

    pub(super) fn push(&mut self, name: &str, value: impl ToString) {
        self.0.push((name.to_owned(), value.to_string()));
    }

    pub(super) fn number(&self, name: &'static str, min: u64, max: u64) -> Result<u64, WireError> {
        let text = self.need(name)?;
        let value = parse_digits(text).ok_or(WireError::BadNumber(name))? as u64;
        in_range(name, value, min, max).map_err(|e| match e {
            // As sent: a number too large for u32 is not shown saturated.
            WireError::OutOfRange {
                field, min, max, ..
            } => WireError::OutOfRange {
                field,
                value: truncate(text),
                min,
                max,
            },
            e => e,
        })
    }

    pub(super) fn settings(&self) -> Result<Settings, WireError> {
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

    pub(super) fn push_settings(&mut self, s: &Settings) {
        self.push("width", s.width);
        self.push("height", s.height);
        for (name, n) in SHIP_FIELDS.iter().zip(s.ships) {
            self.push(name, n);
        }
    }

    pub(super) fn check_game(&self) -> Result<(), WireError> {
        let g = self.need("game")?;
        check_game(g)
    }

    pub(super) fn match_id(&self) -> Result<MatchId, WireError> {
        let text = self.need("match_id")?;
        MatchId::parse(text).ok_or_else(|| WireError::BadMatchId(truncate(text)))
    }
}

pub(super) const SHIP_FIELDS: [&str; 6] = ["ship1", "ship2", "ship3", "ship4", "ship5", "ship6"];

pub(super) fn in_range(
    field: &'static str,
    value: u64,
    min: u64,
    max: u64,
) -> Result<u64, WireError> {
    if (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(WireError::OutOfRange {
            field,
            value: value.to_string(),
            min,
            max,
        })
    }
}

pub(super) fn check_game(g: &str) -> Result<(), WireError> {
    if g.eq_ignore_ascii_case("battleship") {
        Ok(())
    } else {
        Err(WireError::WrongGame(truncate(g)))
    }
}

/// At most 40 characters of untrusted text, for error messages.
pub(super) fn truncate(s: &str) -> String {
    match s.char_indices().nth(40) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_owned(),
    }
}

// ---------------------------------------------------------------------------------------------
// Strikes.

pub(super) fn strikes_value(strikes: &[ShotRecord]) -> Value {
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

pub(super) fn strikes_from_value(
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
