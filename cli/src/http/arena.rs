//! The arena's side: a [`Player`] that asks a bot over HTTP.

use std::sync::OnceLock;
use std::time::Duration;

use engine_core::{Game, PlayerId, RngCore};
use http_battleship::wire::{
    Body, DraftRequest, FormAct, FormRequest, JsonAction, JsonRequest, MatchId, Request, Settings,
    parse_placement_reply, parse_shot_reply,
};
use http_battleship::{Action, Battleship, Cell, Dialect, ForfeitReason, Phase};

use crate::process::CallFault;
use crate::report::FaultKind;
use crate::runner::{Decision, Player, derive_seed};

/// The largest reply body read; anything longer is an invalid answer.
pub const REPLY_LIMIT: u64 = 64 * 1024;
/// The per-request time limit unless `--timeout-ms` says otherwise (the arena's 10 s).
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

/// The one agent every HTTP player shares: pooled keep-alive connections, no redirects,
/// statuses checked by the caller.
fn agent() -> &'static ureq::Agent {
    static AGENT: OnceLock<ureq::Agent> = OnceLock::new();
    AGENT.get_or_init(|| {
        ureq::Agent::config_builder()
            .max_redirects(0)
            .max_redirects_will_error(false)
            .http_status_as_error(false)
            .max_idle_connections(128)
            .max_idle_connections_per_host(64)
            .user_agent("koth-arena")
            .build()
            .into()
    })
}

/// Checks that `url` is an `http://HOST[:PORT]/PATH` URL the arena can POST to.
pub fn check_url(url: &str) -> Result<(), String> {
    if url.starts_with("https://") {
        return Err("https is not supported (this koth is built without TLS); use http://".into());
    }
    if !url.starts_with("http://") {
        return Err("a bot URL starts with http://".into());
    }
    let uri: ureq::http::Uri = url.parse().map_err(|e| format!("bad URL {url:?}: {e}"))?;
    if uri.host().is_none_or(str::is_empty) {
        return Err(format!("bad URL {url:?}: no host"));
    }
    Ok(())
}

/// A bot at a URL, asked in one dialect.
#[derive(Clone, Debug)]
pub struct HttpPlayer {
    url: String,
    dialect: Dialect,
    timeout: Duration,
    /// The match number: the same for both seats of a match, unique between matches.
    number: u64,
    opponent: String,
    /// Set after a timeout or connection failure: the draft `end` is then not sent.
    unreachable: bool,
}

impl HttpPlayer {
    /// A player for the bot at `url` speaking `dialect`, each request limited to `timeout`.
    pub fn new(url: &str, dialect: Dialect, timeout: Duration) -> Self {
        HttpPlayer {
            url: url.to_string(),
            dialect,
            timeout,
            number: 0,
            opponent: String::new(),
            unreachable: false,
        }
    }

    fn request(&self, game: &Battleship, seat: PlayerId) -> Request {
        let obs = game.observe(seat);
        let settings = Settings::from(game.config());
        let match_id = MatchId {
            number: self.number,
            seat,
        };
        let opponent = self.opponent.clone();
        let placing = obs.phase == Phase::Placing;
        match self.dialect {
            Dialect::Draft if placing => Request::Draft(DraftRequest::Init {
                match_id,
                opponent,
                settings,
            }),
            Dialect::Draft => Request::Draft(DraftRequest::play(match_id, &obs)),
            Dialect::Form => Request::Form(FormRequest {
                match_id,
                opponent,
                settings,
                act: if placing {
                    FormAct::Init
                } else {
                    FormAct::Fight {
                        your_strikes: obs.my_shots.to_vec(),
                        his_strikes: obs.their_shots.to_vec(),
                    }
                },
            }),
            Dialect::Json => Request::Json(JsonRequest {
                game_id: self.number,
                seat,
                opponent,
                settings,
                action: if placing {
                    JsonAction::Init
                } else {
                    JsonAction::PlayTurn {
                        your_strikes: obs.my_shots.to_vec(),
                        his_strikes: obs.their_shots.to_vec(),
                    }
                },
            }),
        }
    }

    /// POSTs `body` and returns the reply body, or why the bot loses.
    fn post(&mut self, body: &Body) -> Result<Vec<u8>, (ForfeitReason, CallFault)> {
        let fault = |reason, kind, detail: String| (reason, CallFault { kind, detail });
        let sent = agent()
            .post(&self.url)
            .config()
            .timeout_global(Some(self.timeout))
            .build()
            .header("Content-Type", body.content_type)
            .send(&body.bytes[..]);
        let mut response = match sent {
            Ok(r) => r,
            Err(e) => return Err(self.transport_fault(e)),
        };
        let status = response.status();
        if !status.is_success() {
            return Err(fault(
                ForfeitReason::ErrorStatus,
                FaultKind::Crash,
                format!("HTTP status {status} from {}", self.url),
            ));
        }
        match response
            .body_mut()
            .with_config()
            .limit(REPLY_LIMIT)
            .read_to_vec()
        {
            Ok(bytes) => Ok(bytes),
            Err(ureq::Error::BodyExceedsLimit(_)) => Err(fault(
                ForfeitReason::InvalidAnswer,
                FaultKind::Invalid,
                format!("reply larger than {} KiB", REPLY_LIMIT / 1024),
            )),
            Err(e) => Err(self.transport_fault(e)),
        }
    }

    fn transport_fault(&mut self, e: ureq::Error) -> (ForfeitReason, CallFault) {
        self.unreachable = true;
        let timed_out = match &e {
            ureq::Error::Timeout(_) => true,
            ureq::Error::Io(io) => matches!(
                io.kind(),
                std::io::ErrorKind::TimedOut | std::io::ErrorKind::WouldBlock
            ),
            _ => false,
        };
        if timed_out {
            (
                ForfeitReason::Timeout,
                CallFault {
                    kind: FaultKind::Timeout,
                    detail: format!("no answer from {} within {:?}", self.url, self.timeout),
                },
            )
        } else {
            (
                ForfeitReason::ConnectionError,
                CallFault {
                    kind: FaultKind::Io,
                    detail: format!("{}: {e}", self.url),
                },
            )
        }
    }
}

fn invalid(action: Action, detail: String) -> Decision<Action> {
    Decision {
        action,
        fault: Some(CallFault {
            kind: FaultKind::Invalid,
            detail,
        }),
    }
}

impl Player<Battleship> for HttpPlayer {
    fn introduce(&mut self, seat: PlayerId, names: &[String], seed: u64) {
        self.opponent = names
            .get(seat.opponent().index())
            .cloned()
            .unwrap_or_default();
        // Both seats derive the same number from the match seed; the process id keeps two
        // arenas with the same seed apart. At most 2^53, so JavaScript bots read it exactly.
        self.number = derive_seed(seed, std::process::id() as u64) >> 11;
    }

    fn act(&mut self, game: &Battleship, seat: PlayerId, _: &mut dyn RngCore) -> Decision<Action> {
        let placing = game.phase() == Phase::Placing;
        let body = self.request(game, seat).encode();
        let reply = match self.post(&body) {
            Ok(reply) => reply,
            Err((reason, fault)) => {
                return Decision {
                    action: Action::Forfeit(reason),
                    fault: Some(fault),
                };
            }
        };
        let config = game.config();
        if placing {
            match parse_placement_reply(self.dialect, &reply) {
                Ok(p) => match p.validate(config) {
                    Ok(_) => Decision::ok(Action::Place(p)),
                    Err(e) => invalid(Action::Place(p), format!("invalid placement: {e}")),
                },
                Err(e) => invalid(
                    Action::Forfeit(ForfeitReason::InvalidAnswer),
                    format!("{e} in reply {:?}", preview(&reply)),
                ),
            }
        } else {
            match parse_shot_reply(self.dialect, &reply) {
                Ok((x, y)) if Cell::checked(x, y, config.width, config.height).is_some() => {
                    Decision::ok(Action::Shoot { x, y })
                }
                Ok((x, y)) => invalid(
                    Action::Shoot { x, y },
                    format!(
                        "shot {x},{y} is off the {}x{} grid",
                        config.width, config.height
                    ),
                ),
                Err(e) => invalid(
                    Action::Forfeit(ForfeitReason::InvalidAnswer),
                    format!("{e} in reply {:?}", preview(&reply)),
                ),
            }
        }
    }

    /// The draft dialect tells the bot how the match ended (`act=end`); the reply is ignored.
    fn finish(&mut self, game: &Battleship, seat: PlayerId) {
        let Some(end) = game.end() else {
            return;
        };
        if self.dialect != Dialect::Draft || self.unreachable {
            return;
        }
        let request = Request::Draft(DraftRequest::End {
            match_id: MatchId {
                number: self.number,
                seat,
            },
            winner: end.winner,
            reason: end.reason.into(),
        });
        let _ = self.post(&request.encode());
    }
}

/// The first bytes of a reply, for a fault's detail.
fn preview(bytes: &[u8]) -> String {
    let cut = &bytes[..bytes.len().min(80)];
    let mut s = String::from_utf8_lossy(cut).into_owned();
    if bytes.len() > cut.len() {
        s.push('…');
    }
    s
}
