//! Bot SPECs on the command line: `[NAME=]builtin:ID`, `[NAME=]cmd:COMMAND LINE` or
//! `[NAME=]http://HOST:PORT/PATH` (a bot served over HTTP, for games that play over HTTP).

use std::path::Path;
use std::time::Duration;

use crate::UsageError;
use crate::process::ExternalCommand;
use crate::runner::{CliGame, Player, Seat};

/// A parsed, checked bot SPEC that can make a fresh player for each match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotSpec {
    /// The player's name (given, or derived from the SPEC).
    pub name: String,
    /// Who plays.
    pub kind: SpecKind,
}

/// The kinds of players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecKind {
    /// A built-in bot by id.
    Builtin(String),
    /// An external program speaking the game's protocol.
    Program(ExternalCommand),
    /// A bot served over HTTP.
    Http {
        /// The URL the arena POSTs to.
        url: String,
        /// The wire dialect.
        dialect: http_battleship::Dialect,
        /// The per-request time limit (`None`: the game's default).
        timeout: Option<Duration>,
    },
}

impl BotSpec {
    /// Parses and checks `[NAME=]SPEC` for game `G`: the built-in must exist and the program
    /// must be found.
    pub fn parse<G: CliGame>(
        text: &str,
        workdir: &Path,
        timeout: Option<Duration>,
    ) -> Result<BotSpec, UsageError>
    where
        G::Config: serde::Serialize + serde::de::DeserializeOwned + Send + Sync,
        G::Event: serde::Serialize,
    {
        BotSpec::parse_with::<G>(text, workdir, timeout, http_battleship::Dialect::Draft)
    }

    /// [`BotSpec::parse`], with the wire dialect an HTTP bot speaks.
    pub fn parse_with<G: CliGame>(
        text: &str,
        workdir: &Path,
        timeout: Option<Duration>,
        dialect: http_battleship::Dialect,
    ) -> Result<BotSpec, UsageError>
    where
        G::Config: serde::Serialize + serde::de::DeserializeOwned + Send + Sync,
        G::Event: serde::Serialize,
    {
        let (name, spec) = split_name(text)?;
        let kind = if let Some(id) = spec.strip_prefix("builtin:") {
            if G::builtin(id).is_none() {
                let known: Vec<_> = G::builtins().into_iter().map(|(id, _)| id).collect();
                return Err(UsageError(format!(
                    "unknown built-in {} bot {id:?} (known: {})",
                    G::NAME,
                    known.join(", ")
                )));
            }
            SpecKind::Builtin(id.to_string())
        } else if let Some(line) = spec.strip_prefix("cmd:") {
            let mut cmd = ExternalCommand::parse(line, workdir)
                .map_err(|e| UsageError(format!("bad SPEC {text:?}: {e}")))?;
            cmd.timeout = timeout;
            SpecKind::Program(cmd)
        } else if is_url(spec) {
            crate::http::check_url(spec)
                .map_err(|e| UsageError(format!("bad SPEC {text:?}: {e}")))?;
            if G::http_player(spec, dialect, timeout).is_none() {
                return Err(UsageError(format!(
                    "{} bots do not play over HTTP: {text:?} is not a usable SPEC",
                    G::NAME
                )));
            }
            SpecKind::Http {
                url: spec.to_string(),
                dialect,
                timeout,
            }
        } else {
            return Err(UsageError(format!(
                "bad SPEC {text:?}: expected [NAME=]builtin:ID, [NAME=]cmd:COMMAND LINE or \
                 [NAME=]http://HOST:PORT/PATH"
            )));
        };
        let name = name.unwrap_or_else(|| derived_name(&kind));
        Ok(BotSpec { name, kind })
    }

    /// A fresh seat for one match.
    pub fn seat<G: CliGame>(&self) -> Seat<G>
    where
        G::Config: serde::Serialize + serde::de::DeserializeOwned + Send + Sync,
        G::Event: serde::Serialize,
    {
        let player: Box<dyn Player<G>> = match &self.kind {
            SpecKind::Builtin(id) => match G::builtin_player(id) {
                Some(player) => player,
                None => unreachable!("built-in ids are checked when the SPEC is parsed"),
            },
            SpecKind::Program(cmd) => G::external(cmd.clone(), &self.name),
            SpecKind::Http {
                url,
                dialect,
                timeout,
            } => match G::http_player(url, *dialect, *timeout) {
                Some(player) => player,
                None => unreachable!("HTTP support is checked when the SPEC is parsed"),
            },
        };
        Seat {
            name: self.name.clone(),
            player,
        }
    }
}

fn split_name(text: &str) -> Result<(Option<String>, &str), UsageError> {
    if text.starts_with("builtin:") || text.starts_with("cmd:") || is_url(text) {
        return Ok((None, text));
    }
    match text.split_once('=') {
        Some((name, spec)) => {
            let name = name.trim();
            if name.is_empty() || name.contains(':') {
                return Err(UsageError(format!("bad bot name in {text:?}")));
            }
            Ok((Some(name.to_string()), spec))
        }
        None => Ok((None, text)),
    }
}

fn is_url(text: &str) -> bool {
    text.starts_with("http://") || text.starts_with("https://")
}

fn derived_name(kind: &SpecKind) -> String {
    match kind {
        SpecKind::Builtin(id) => id.clone(),
        SpecKind::Http { url, .. } => url
            .trim_start_matches("http://")
            .trim_start_matches("https://")
            .trim_end_matches('/')
            .to_string(),
        SpecKind::Program(cmd) => {
            let word = cmd
                .args
                .iter()
                .rev()
                .find(|a| !a.starts_with('-'))
                .unwrap_or(&cmd.program);
            Path::new(word)
                .file_name()
                .map(|f| f.to_string_lossy().into_owned())
                .unwrap_or_else(|| word.clone())
        }
    }
}

/// Makes names unique by suffixing repeats with `#2`, `#3`...
pub fn dedupe_names(specs: &mut [BotSpec]) {
    let mut seen: Vec<String> = Vec::new();
    for spec in specs.iter_mut() {
        let base = spec.name.clone();
        let mut n = 1;
        while seen.contains(&spec.name) {
            n += 1;
            spec.name = format!("{base}#{n}");
        }
        seen.push(spec.name.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use samurai::Samurai;

    fn parse(s: &str) -> Result<BotSpec, UsageError> {
        BotSpec::parse::<Samurai>(s, &std::env::current_dir().unwrap(), None)
    }

    #[test]
    fn builtin_and_names() {
        assert_eq!(parse("builtin:monk").unwrap().name, "monk");
        assert_eq!(parse("Brother=builtin:monk").unwrap().name, "Brother");
        assert!(
            parse("builtin:nobody")
                .unwrap_err()
                .0
                .contains("unknown built-in")
        );
        assert!(parse("monk").is_err());
        assert!(parse("=builtin:monk").is_err());
    }

    #[test]
    fn commands_are_split_like_a_shell() {
        let spec = parse("cmd:sh -c 'echo \"W x\"' bot.sh").unwrap();
        match spec.kind {
            SpecKind::Program(cmd) => {
                assert_eq!(cmd.program, "sh");
                assert_eq!(cmd.args, ["-c", "echo \"W x\"", "bot.sh"]);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(spec.name, "bot.sh");
        assert!(parse("cmd:no-such-program-koth x").is_err());
        assert!(parse("cmd:sh 'unterminated").is_err());
    }

    #[test]
    fn repeated_names_get_suffixes() {
        let mut specs = vec![
            parse("builtin:monk").unwrap(),
            parse("builtin:monk").unwrap(),
        ];
        dedupe_names(&mut specs);
        assert_eq!(specs[1].name, "monk#2");
    }
}
