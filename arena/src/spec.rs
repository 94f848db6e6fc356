//! Bot SPECs on the command line: `[NAME=]builtin:ID`, `[NAME=]cmd:COMMAND LINE` or
//! `[NAME=]http://HOST:PORT/PATH` (a bot served over HTTP, for games whose protocol is HTTP).

use std::path::Path;
use std::sync::Arc;

use koth_engine_core::runner::{Player, Seat};
use koth_engine_core::{Contest, Family};

use crate::external::{Endpoint, ExternalPlayer};
use crate::launch::Launch;
use koth_confine::process::{CommandError, ExternalCommand};
use koth_confine::sandbox::Sandbox;

/// Why a `[NAME=]SPEC` cannot play (a mistake in how the run was asked for).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// No built-in bot of the game has this id.
    #[error("unknown built-in {game} bot {id:?} (known: {})", known.join(", "))]
    UnknownBuiltin {
        /// The game.
        game: &'static str,
        /// The id asked for.
        id: String,
        /// The game's built-in ids.
        known: Vec<String>,
    },
    /// A program for a game whose bots are HTTP servers.
    #[error(
        "{text:?}: {game} bots are HTTP servers, not programs: use --bot http://HOST:PORT/PATH"
    )]
    NotAProgram {
        /// The SPEC.
        text: String,
        /// The game.
        game: &'static str,
    },
    /// A URL for a game whose bots are programs.
    #[error("{game} bots do not play over HTTP: {text:?} is not a usable SPEC")]
    NotHttp {
        /// The SPEC.
        text: String,
        /// The game.
        game: &'static str,
    },
    /// The program cannot run.
    #[error("bad SPEC {text:?}: {error}")]
    Program {
        /// The SPEC.
        text: String,
        /// Why not.
        error: CommandError,
    },
    /// The URL cannot be used.
    #[error("bad SPEC {text:?}: {why}")]
    Url {
        /// The SPEC.
        text: String,
        /// Why not.
        why: String,
    },
    /// Neither `builtin:`, `cmd:` nor a URL.
    #[error(
        "bad SPEC {text:?}: expected [NAME=]builtin:ID, [NAME=]cmd:COMMAND LINE or \
         [NAME=]http://HOST:PORT/PATH"
    )]
    Unknown {
        /// The SPEC.
        text: String,
    },
    /// The name before `=` is not a valid bot name (see [`check_name`]).
    #[error("bad bot name in {text:?}: {why}")]
    Name {
        /// The SPEC.
        text: String,
        /// Why not.
        why: String,
    },
}

/// A parsed, checked bot SPEC that can make a fresh player for each match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotSpec {
    /// The player's name (given, or derived from the SPEC).
    pub name: String,
    /// The `[NAME=]SPEC` as the user typed it (what records keep).
    pub text: String,
    /// Who plays.
    pub kind: SpecKind,
}

/// The kinds of players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecKind {
    /// A built-in bot by id.
    Builtin(String),
    /// An external bot speaking the game's protocol.
    External {
        /// Where it is.
        endpoint: Endpoint,
        /// How it is launched (the run's settings, shared by its external bots).
        launch: Arc<Launch>,
    },
}

impl BotSpec {
    /// Parses and checks `[NAME=]SPEC` for game `G`: the built-in must exist, the program must
    /// be found, the URL must be usable, and the kind must be one the game's protocol plays
    /// (`cmd:` for process protocols, `http://` for HTTP ones). An external bot is launched
    /// as `launch` says (a program in its sandbox, if it has one).
    pub fn parse<G: Contest>(text: &str, launch: &Arc<Launch>) -> Result<BotSpec, SpecError> {
        let (name, spec) = split_name(text)?;
        let http = G::PROTOCOL.family == Family::Http;
        let external = |endpoint| SpecKind::External {
            endpoint,
            launch: Arc::clone(launch),
        };
        let kind = if let Some(id) = spec.strip_prefix("builtin:") {
            if G::bots().get(id).is_none() {
                return Err(SpecError::UnknownBuiltin {
                    game: G::NAME,
                    id: id.to_string(),
                    known: G::bots().ids().map(str::to_string).collect(),
                });
            }
            SpecKind::Builtin(id.to_string())
        } else if let Some(line) = spec.strip_prefix("cmd:") {
            if http {
                return Err(SpecError::NotAProgram {
                    text: text.to_string(),
                    game: G::NAME,
                });
            }
            let mut cmd = ExternalCommand::parse(line, &launch.workdir).map_err(|error| {
                SpecError::Program {
                    text: text.to_string(),
                    error,
                }
            })?;
            cmd.sandbox.clone_from(&launch.sandbox);
            external(Endpoint::Program(cmd))
        } else if is_url(spec) {
            if !http {
                return Err(SpecError::NotHttp {
                    text: text.to_string(),
                    game: G::NAME,
                });
            }
            crate::http::check_url(spec).map_err(|why| SpecError::Url {
                text: text.to_string(),
                why,
            })?;
            external(Endpoint::Http(spec.to_string()))
        } else {
            return Err(SpecError::Unknown {
                text: text.to_string(),
            });
        };
        let name = name.unwrap_or_else(|| derived_name(&kind));
        Ok(BotSpec {
            name,
            text: text.to_string(),
            kind,
        })
    }

    /// A warning for a program in the sandbox whose command line names a path the sandbox
    /// hides, where the bot will not find it: an absolute path (the program, an argument, or
    /// an entry of a `-cp`/`-classpath` list) outside the system folders the sandbox shows.
    /// The bot sees only a private copy of its folder ([`Launch::workdir`]), at another path.
    /// `None` for built-in and HTTP bots, programs run unconfined, and command lines without
    /// such a path.
    pub fn hidden_path_warning(&self) -> Option<String> {
        let SpecKind::External {
            endpoint: Endpoint::Program(cmd),
            launch,
        } = &self.kind
        else {
            return None;
        };
        launch.sandbox.as_ref()?;
        let name = crate::report::visible(&self.name, 64);
        let mut class_path = false;
        for word in std::iter::once(&cmd.program).chain(&cmd.args) {
            let paths: Vec<&str> = if class_path {
                word.split(':').collect()
            } else {
                vec![word.as_str()]
            };
            class_path = matches!(word.as_str(), "-cp" | "-classpath" | "--class-path");
            for path in paths.into_iter().map(Path::new) {
                if !path.is_absolute() || Sandbox::shows(path) {
                    continue;
                }
                let shown = path.display();
                let folder = launch.workdir.display();
                return Some(match path.strip_prefix(&launch.workdir) {
                    Ok(inside) => format!(
                        "bot {name}: {shown} is in its folder {folder}, but the sandbox shows the \
                         bot a copy of that folder at another path: name it relative to the \
                         folder ({})",
                        inside.display()
                    ),
                    Err(_) => {
                        let own = if path.is_dir() {
                            path
                        } else {
                            path.parent().unwrap_or(path)
                        };
                        format!(
                            "bot {name}: {shown} is outside its folder {folder}; in the sandbox the \
                             bot sees only its folder and the system's: give it its own folder \
                             (--workdir {}) or, for a bot you trust, --sandbox off",
                            own.display()
                        )
                    }
                });
            }
        }
        None
    }

    /// A fresh seat for one match, named `name` (the SPEC's name, made unique in the match).
    pub fn seat<G: Contest>(&self, name: &str) -> Seat<G>
    where
        G::Action: Send,
    {
        let player: Box<dyn Player<G>> = match &self.kind {
            SpecKind::Builtin(id) => match G::bots().make(id) {
                Some(bot) => Box::new(bot),
                None => unreachable!("built-in ids are checked when the SPEC is parsed"),
            },
            SpecKind::External { endpoint, launch } => {
                Box::new(ExternalPlayer::<G>::new(name, endpoint.clone(), launch))
            }
        };
        Seat {
            name: name.to_string(),
            player,
        }
    }
}

/// Whether `[NAME=]SPEC` names a program (`cmd:`), whatever else is wrong with it.
pub fn is_program(text: &str) -> bool {
    split_name(text).is_ok_and(|(_, spec)| spec.starts_with("cmd:"))
}

fn split_name(text: &str) -> Result<(Option<String>, &str), SpecError> {
    if text.starts_with("builtin:") || text.starts_with("cmd:") || is_url(text) {
        return Ok((None, text));
    }
    match text.split_once('=') {
        Some((name, spec)) => {
            let name = name.trim();
            check_name(name).map_err(|why| SpecError::Name {
                text: text.to_string(),
                why,
            })?;
            Ok((Some(name.to_string()), spec))
        }
        None => Ok((None, text)),
    }
}

/// The most characters in a bot name.
pub const MAX_NAME: usize = 40;

/// Whether a character may appear in a file name made from a bot name ([`safe_name`]; `#` is
/// kept for the suffixes that tell repeated names apart).
fn name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '+' | '#')
}

/// Whether a character may start a file name made from a bot name.
fn name_start(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Whether a character is one a name may not hold: a control character, or one that
/// changes how the text around it reads (zero-width and bidirectional controls).
fn hidden_char(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{2069}')
        || c == '\u{feff}'
}

/// Checks a bot name, a display name as people write them ("The Waiter", "Master Yi"): 1 to
/// [`MAX_NAME`] characters of printable text, without leading or trailing spaces, control
/// characters, or zero-width and bidirectional controls. A name is shown escaped on the
/// terminal and kept as written in reports, replays and records; a file named after a bot
/// (naval's `<NAME>.txt`, `--bot-log` files) uses its [`safe_name`].
pub fn check_name(name: &str) -> Result<(), String> {
    if name.is_empty() {
        Err("the name is empty".into())
    } else if name.chars().count() > MAX_NAME {
        Err(format!("a name has at most {MAX_NAME} characters"))
    } else if name.chars().any(hidden_char) {
        Err("a name is printable text: no control or invisible characters".into())
    } else if name.trim() != name {
        Err("a name neither starts nor ends with a space".into())
    } else {
        Ok(())
    }
}

/// `raw` made into a name that is safe as a file name: characters other than ASCII letters,
/// digits, `_`, `-`, `.`, `+` and `#` become `_`, leading characters that may not start a
/// file name (`.`, `-`, `+`, `#`) are dropped, and it is cut to [`MAX_NAME`] (`bot` if
/// nothing is left). A name made only of those characters is its own safe name.
pub fn safe_name(raw: &str) -> String {
    let mapped: String = raw
        .chars()
        .map(|c| if name_char(c) { c } else { '_' })
        .collect();
    let trimmed = mapped.trim_start_matches(|c: char| !name_start(c));
    let name: String = trimmed.chars().take(MAX_NAME).collect();
    if name.is_empty() { "bot".into() } else { name }
}

fn is_url(text: &str) -> bool {
    text.starts_with("http://") || text.starts_with("https://")
}

fn derived_name(kind: &SpecKind) -> String {
    let raw = match kind {
        SpecKind::Builtin(id) => id.clone(),
        SpecKind::External {
            endpoint: Endpoint::Http(url),
            ..
        } => url
            .trim_start_matches("http://")
            .trim_start_matches("https://")
            .trim_end_matches('/')
            .to_string(),
        SpecKind::External {
            endpoint: Endpoint::Program(cmd),
            ..
        } => {
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
    };
    safe_name(&raw)
}

/// Makes the specs' names unique by suffixing repeats with `#2`, `#3`...
pub fn dedupe_names(specs: &mut [BotSpec]) {
    let mut names: Vec<String> = specs.iter().map(|s| s.name.clone()).collect();
    koth_engine_core::runner::unique_names(&mut names);
    for (spec, name) in specs.iter_mut().zip(names) {
        spec.name = name;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use koth_samurai::Samurai;

    fn parse(s: &str) -> Result<BotSpec, SpecError> {
        let launch = Launch {
            workdir: std::env::current_dir().unwrap(),
            ..Launch::default()
        };
        BotSpec::parse::<Samurai>(s, &Arc::new(launch))
    }

    #[test]
    fn builtin_and_names() {
        assert_eq!(parse("builtin:monk").unwrap().name, "monk");
        assert_eq!(parse("Brother=builtin:monk").unwrap().name, "Brother");
        assert!(matches!(
            parse("builtin:nobody"),
            Err(SpecError::UnknownBuiltin { .. })
        ));
        assert!(
            parse("builtin:nobody")
                .unwrap_err()
                .to_string()
                .contains("unknown built-in")
        );
        assert!(parse("monk").is_err());
        assert!(parse("=builtin:monk").is_err());
    }

    #[test]
    fn commands_are_split_like_a_shell() {
        let spec = parse("cmd:sh -c 'echo \"W x\"' bot.sh").unwrap();
        match spec.kind {
            SpecKind::External {
                endpoint: Endpoint::Program(cmd),
                ..
            } => {
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
        assert_eq!(check_name("monk#2"), Ok(()));
    }

    #[test]
    fn names_are_display_text_and_their_files_are_safe() {
        for bad in [
            "tab\tname",
            "new\nline",
            "zero\u{200b}width",
            "right\u{202e}left",
            &"x".repeat(MAX_NAME + 1),
        ] {
            let err = parse(&format!("{bad}=builtin:monk"))
                .unwrap_err()
                .to_string();
            assert!(err.contains("bad bot name"), "{bad:?}: {err}");
        }
        let good = [
            "me",
            "The Waiter",
            "Master Yi",
            "Agent 38",
            "caf\u{e9}",
            "../x",
            "#1",
            &"x".repeat(MAX_NAME),
        ];
        for good in good {
            assert_eq!(parse(&format!("{good}=builtin:monk")).unwrap().name, good);
        }
        assert_eq!(
            parse(" The Waiter =builtin:monk").unwrap().name,
            "The Waiter"
        );
        // Files named after a bot never leave its folder, nor hide.
        assert_eq!(safe_name("The Waiter"), "The_Waiter");
        assert_eq!(safe_name("../x"), "_x");
        assert_eq!(safe_name("/abs/x"), "_abs_x");
        assert_eq!(safe_name("monk#2"), "monk#2");
        // Derived names are made safe.
        assert_eq!(parse("cmd:sh -c 'echo W' ../notes").unwrap().name, "notes");
        assert_eq!(parse("cmd:sh -c 'echo W' '..'").unwrap().name, "bot");
        assert_eq!(parse("cmd:sh -c 'echo W' 'a b'").unwrap().name, "a_b");
        assert_eq!(safe_name("127.0.0.1:8080/shoot"), "127.0.0.1_8080_shoot");
        assert_eq!(safe_name(".x"), "x");
        assert_eq!(safe_name(&"y".repeat(99)).len(), MAX_NAME);
    }
}
