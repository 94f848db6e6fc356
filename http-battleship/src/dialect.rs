//! The three wire dialects' names (the codecs themselves are in `wire`, feature `serde`).

use core::fmt;
use core::str::FromStr;

/// Which of the arena's three HTTP dialects a bot speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Dialect {
    /// The seed's draft: form fields, `act=init|play|end`, the bot remembers the shots.
    #[default]
    Draft,
    /// The arena's first code: form fields, `act=init|fight`, strike histories re-sent.
    Form,
    /// The arena's current code: a JSON body, `action=init|play-turn`.
    Json,
}

impl Dialect {
    /// Every dialect.
    pub const ALL: [Dialect; 3] = [Dialect::Draft, Dialect::Form, Dialect::Json];

    /// The dialect's name: `draft`, `form` or `json`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Dialect::Draft => "draft",
            Dialect::Form => "form",
            Dialect::Json => "json",
        }
    }
}

impl fmt::Display for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A name that is no dialect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown dialect (expected draft, form or json)")]
pub struct UnknownDialect;

impl FromStr for Dialect {
    type Err = UnknownDialect;
    fn from_str(s: &str) -> Result<Self, UnknownDialect> {
        Dialect::ALL
            .into_iter()
            .find(|d| d.as_str() == s)
            .ok_or(UnknownDialect)
    }
}
