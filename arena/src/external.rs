//! External players: one generic transport per protocol family ([`Family`]), speaking any
//! game's protocol through its [`Contest`] encoding.
//!
//! - [`Family::PerCall`]: the program runs once per call ([`ExternalCommand::call`]);
//! - [`Family::LongRunning`]: one process for the whole game ([`Session`]);
//! - [`Family::Http`]: the bot is an HTTP server ([`HttpClient`]).
//!
//! Every call's time limit is `--timeout-ms` or the protocol's [`Protocol::call_ms`]. A call
//! that fails (timeout, crash, I/O) plays the game's [`Contest::substitute`]; an answer that
//! does not decode plays what the game's decoder substitutes; both are recorded as faults.
//!
//! [`Protocol::call_ms`]: koth_engine_core::Protocol::call_ms

use std::time::Duration;

use koth_engine_core::runner::{Decision, Failure, Player};
use koth_engine_core::{Answer, Contest, Family, FaultKind, LinkInfo, Message, PlayerId, RngCore};

use crate::http::HttpClient;
use crate::launch::Launch;
use koth_confine::folders::BotFolder;
use koth_confine::process::ExternalCommand;
use koth_confine::session::{Limits, Session};
use koth_confine::spawner::SandboxedCalls;

/// How to reach an external bot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Endpoint {
    /// A program (per-call or long-running, as the game's protocol says).
    Program(ExternalCommand),
    /// An HTTP bot at this URL.
    Http(String),
}

/// An external bot playing one seat of one match.
pub struct ExternalPlayer<G: Contest> {
    name: String,
    endpoint: Endpoint,
    dialect: String,
    timeout: Duration,
    link: Result<G::Link, String>,
    session: Option<Session>,
    /// A one-run-per-call program's sandbox, kept for the match.
    sandboxed: Option<SandboxedCalls>,
    started: bool,
    http: Option<HttpClient>,
    /// Set after a transport failure: no final message is sent.
    unreachable: bool,
    /// The wall-clock limit of the whole match, and when it runs out (set at introduction).
    match_timeout: Option<Duration>,
    deadline: Option<std::time::Instant>,
    /// The match ran out of time: the bot is no longer asked.
    expired: bool,
    /// Some answer of this bot was understood (until then, a failure hints at `--dialect`).
    understood: bool,
    /// The bot was asked since the last [`judged`](Self::judged) decision.
    asked: bool,
    /// How long its last call took.
    last_took: Duration,
    /// Its calls that failed before any was understood.
    early_failures: u32,
    /// The last of those failures, for the warning.
    last_failure: Option<Failure>,
    /// `--bot-log`'s folder, and this match's log in it (opened at introduction).
    log_dir: Option<std::path::PathBuf>,
    log: Option<BotLog>,
    /// A program's private working folder for this match (last: removed after the
    /// session's processes are gone).
    folder: Option<BotFolder>,
}

impl<G: Contest> ExternalPlayer<G> {
    /// A player named `name` (its state file's name, where the protocol keeps one) at
    /// `endpoint`, launched as `launch` says: its dialect, each call's time limit (the
    /// protocol's unless set), the match's time limit for this bot and the call log.
    ///
    /// The match limit: past it the bot is not asked again: the first call after the limit
    /// is a timeout fault, and it and every later call play the protocol's substitute for a
    /// timeout, so the match goes on to the result its rules give (see `koth play --help`).
    pub fn new(name: &str, endpoint: Endpoint, launch: &Launch) -> Self {
        let timeout = launch
            .timeout
            .unwrap_or(Duration::from_millis(G::PROTOCOL.call_ms));
        let http = match &endpoint {
            Endpoint::Http(url) => Some(HttpClient::new(url, timeout)),
            Endpoint::Program(_) => None,
        };
        ExternalPlayer {
            name: name.to_string(),
            endpoint,
            dialect: launch.dialect.clone(),
            timeout,
            link: Err("the player was not introduced".into()),
            session: None,
            sandboxed: None,
            started: false,
            http,
            unreachable: false,
            match_timeout: launch.match_timeout,
            deadline: None,
            expired: false,
            understood: false,
            asked: false,
            last_took: Duration::ZERO,
            early_failures: 0,
            last_failure: None,
            log_dir: launch.bot_log.clone(),
            log: None,
            folder: None,
        }
    }

    /// `Some(first)` once the match is past its limit: `first` on the first such call.
    fn out_of_time(&mut self) -> Option<bool> {
        let deadline = self.deadline?;
        if self.expired {
            return Some(false);
        }
        if std::time::Instant::now() < deadline {
            return None;
        }
        self.expired = true;
        // No more calls: the bot's processes go now.
        self.session = None;
        self.sandboxed = None;
        self.unreachable = true;
        Some(true)
    }

    fn expired_failure(&self) -> Failure {
        let secs = self.match_timeout.map_or(0.0, |d| d.as_secs_f64());
        Failure::new(
            FaultKind::Timeout,
            format!("the match ran past its {secs} s limit; the bot is no longer asked"),
        )
    }

    /// Sends one message and returns the answer bytes; `Ok(None)` when a long-running
    /// process is already gone (its fault was recorded when it went).
    fn call(&mut self, message: &Message) -> Result<Option<Vec<u8>>, Failure> {
        self.asked = true;
        let started = std::time::Instant::now();
        let mut stderr = Vec::new();
        let result = self.transport(message, &mut stderr);
        self.last_took = started.elapsed();
        if let Some(log) = &mut self.log {
            log.called(message, &result, &stderr, self.last_took);
        }
        result
    }

    /// One call over the bot's transport: the answer (`Ok(None)`: a long-running process
    /// already gone); what the program wrote on standard error goes to `stderr`.
    fn transport(
        &mut self,
        message: &Message,
        stderr: &mut Vec<u8>,
    ) -> Result<Option<Vec<u8>>, Failure> {
        if koth_confine::reaper::interrupted() {
            self.session = None;
            self.sandboxed = None;
            self.unreachable = true;
            return Err(Failure::new(FaultKind::Io, "koth was interrupted"));
        }
        let result = match (&self.endpoint, G::PROTOCOL.family) {
            (Endpoint::Http(_), _) => match &self.http {
                Some(client) => client.post(message).map(Some),
                None => Err(Failure::new(FaultKind::Io, "no HTTP client")),
            },
            (Endpoint::Program(cmd), Family::PerCall | Family::Http) if cmd.sandbox.is_some() => {
                if self.sandboxed.is_none() {
                    self.sandboxed = Some(SandboxedCalls::start(cmd)?);
                }
                let calls = self.sandboxed.as_mut().expect("started above");
                let result = calls.call(&message.args, message.input.as_deref(), self.timeout);
                if calls.is_broken() {
                    // The sandbox itself failed: the next call starts a fresh one.
                    self.sandboxed = None;
                }
                result.map(|out| {
                    *stderr = out.stderr;
                    Some(out.stdout)
                })
            }
            (Endpoint::Program(cmd), Family::PerCall | Family::Http) => cmd
                .call(&message.args, message.input.as_deref(), self.timeout)
                .map(|out| {
                    *stderr = out.stderr;
                    Some(out.stdout)
                }),
            (Endpoint::Program(cmd), Family::LongRunning) => {
                if !self.started {
                    self.started = true;
                    self.session = Some(Session::start(cmd, self.session_limits())?);
                }
                let Some(session) = self.session.as_mut() else {
                    return Ok(None);
                };
                // The encoded world as it is: no copy, no check.
                let line = message.input.as_deref().unwrap_or_default();
                let answer = session.request(line).map(|a| a.map(String::into_bytes));
                *stderr = session.take_stderr();
                answer
            }
        };
        if let Err(f) = &result {
            if matches!(f.kind, FaultKind::Timeout | FaultKind::Io) {
                self.unreachable = true;
            }
        }
        result
    }

    /// A long-running program's limits: each call's, the protocol's for the game and its
    /// memory.
    fn session_limits(&self) -> Limits {
        Limits {
            per_call: self.timeout,
            total: G::PROTOCOL
                .game_ms
                .map_or(Duration::MAX, Duration::from_millis),
            memory_bytes: G::PROTOCOL.memory_mb.map(|mb| mb << 20),
        }
    }

    /// Starts a sandboxed program's sandbox, and a long-running program in or out of one,
    /// at the introduction, before any call. Every seat is introduced before the first call,
    /// so the seats' sandboxes (bwrap's namespaces and mounts, the spawner, the bot's folder
    /// seeded inside) and long-running programs (their loading and their runtime's start)
    /// come up side by side and while the first call waits, instead of one after the other
    /// at each seat's first call (the process bench's `sandboxed` and `bomberman` matches).
    /// The state file, where the protocol keeps one, is made first: the sandbox seeds its
    /// folder when it starts. A failure is left to the first call, which starts the program
    /// again and reports what went wrong.
    fn start_early(&mut self) {
        let Endpoint::Program(cmd) = &self.endpoint else {
            return;
        };
        let long_running = G::PROTOCOL.family == Family::LongRunning;
        if (cmd.sandbox.is_none() && !long_running) || self.link.is_err() {
            return;
        }
        if G::PROTOCOL.state_file && self.empty_state_file().is_err() {
            return;
        }
        match G::PROTOCOL.family {
            Family::PerCall | Family::Http => self.sandboxed = SandboxedCalls::start(cmd).ok(),
            Family::LongRunning => {
                if let Ok(session) = Session::start(cmd, self.session_limits()) {
                    self.started = true;
                    self.session = Some(session);
                }
            }
        }
    }

    /// Gives a program its private working folder for this match: a copy of its folder
    /// (see [`koth_confine::folders`]), where every call of the match runs.
    fn prepare_folder(&mut self, seat: PlayerId) -> Result<(), String> {
        let Endpoint::Program(cmd) = &mut self.endpoint else {
            return Ok(());
        };
        let folder = BotFolder::create(&cmd.workdir, &format!("{seat}-{}", self.name))
            .map_err(|e| format!("cannot prepare the bot's folder: {e}"))?;
        cmd.workdir = folder.path().to_path_buf();
        self.folder = Some(folder);
        Ok(())
    }

    /// Creates the program's state file `<NAME>.txt` (the name's
    /// [`safe_name`](crate::spec::safe_name)), empty, in its private folder before a game
    /// (protocols with
    /// [`Protocol::state_file`](koth_engine_core::Protocol::state_file)).
    fn empty_state_file(&self) -> Result<(), Failure> {
        let Some(folder) = &self.folder else {
            return Ok(());
        };
        folder
            .fresh_file(&format!("{}.txt", crate::spec::safe_name(&self.name)))
            .map(drop)
            .map_err(|e| Failure::new(FaultKind::Io, format!("cannot create the state file: {e}")))
    }
}

/// `--bot-log`: one bot's calls in one match, a JSON line each.
struct BotLog {
    file: std::io::BufWriter<std::fs::File>,
    calls: u64,
    /// The last call, written once its answer is judged (decoded, or refused).
    pending: Option<serde_json::Map<String, serde_json::Value>>,
}

/// The most of an input, answer or standard error logged per call.
const LOG_CAP: usize = 64 * 1024;

fn logged_text(bytes: &[u8]) -> serde_json::Value {
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(LOG_CAP)]);
    serde_json::Value::String(text.into_owned())
}

impl BotLog {
    fn create(path: &std::path::Path) -> std::io::Result<BotLog> {
        Ok(BotLog {
            file: std::io::BufWriter::new(std::fs::File::create(path)?),
            calls: 0,
            pending: None,
        })
    }

    /// A call made: its input, answer (or transport failure), stderr and time.
    fn called(
        &mut self,
        message: &Message,
        result: &Result<Option<Vec<u8>>, Failure>,
        stderr: &[u8],
        took: Duration,
    ) {
        use serde_json::{Value, json};
        self.judged(None);
        self.calls += 1;
        let mut entry = serde_json::Map::new();
        entry.insert("call".into(), json!(self.calls));
        entry.insert("args".into(), json!(message.args));
        if let Some(input) = &message.input {
            entry.insert("input".into(), logged_text(input));
        }
        match result {
            Ok(Some(answer)) => {
                entry.insert("answer".into(), logged_text(answer));
            }
            Ok(None) => {
                entry.insert("answer".into(), Value::Null);
            }
            Err(_) => {}
        }
        entry.insert("stderr".into(), logged_text(stderr));
        entry.insert("ms".into(), json!((took.as_secs_f64() * 1e6).round() / 1e3));
        if let Err(f) = result {
            entry.insert(
                "fault".into(),
                json!({"kind": f.kind.as_str(), "detail": f.detail}),
            );
        }
        self.pending = Some(entry);
    }

    /// The last call's answer was judged: written, with `failure` if it was refused.
    fn judged(&mut self, failure: Option<&Failure>) {
        use std::io::Write;
        let Some(mut entry) = self.pending.take() else {
            return;
        };
        if let Some(f) = failure {
            entry.insert(
                "fault".into(),
                serde_json::json!({"kind": f.kind.as_str(), "detail": f.detail}),
            );
        }
        if serde_json::to_writer(&mut self.file, &entry).is_ok() {
            let _ = self.file.write_all(b"\n");
            let _ = self.file.flush();
        }
    }
}

/// A bot whose first this many calls all fail gets a warning on standard error.
pub const WARN_AFTER: u32 = 3;

/// The bots warned about (once per run each).
static WARNED: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());

impl<G: Contest> ExternalPlayer<G> {
    /// Tells the user, once per bot and run, that it failed every call so far: a wrong
    /// command, path or dialect shows at once instead of as a silently lost match.
    fn warn(&self) {
        let Ok(mut warned) = WARNED.lock() else {
            return;
        };
        // A bot koth stopped itself (SIGINT, SIGTERM) failed through no fault of its own.
        if warned.contains(&self.name) || koth_confine::reaper::interrupted() {
            return;
        }
        warned.push(self.name.clone());
        let boxed = match &self.endpoint {
            Endpoint::Program(cmd) if cmd.sandbox.is_some() => {
                "; it ran in the sandbox, which shows it only its own folder (see --workdir, or \
                 --sandbox off for a bot you trust)"
            }
            _ => "",
        };
        let last = self.last_failure.as_ref().map_or(String::new(), |f| {
            format!(
                " (last: {}: {})",
                f.kind.as_str(),
                crate::report::visible(&f.detail, crate::report::MAX_SHOWN)
            )
        });
        eprintln!(
            "koth: warning: bot {} failed each of its first {} calls{last}; it plays the \
             protocol's default action instead{boxed}",
            crate::report::visible(&self.name, 64),
            self.early_failures
        );
    }

    /// Notes how a call of this bot went; while none has been understood, a failure in a
    /// game with several dialects says how to pick another one (a bot speaking another
    /// dialect fails from its first request on, often with a bare disconnect).
    fn judged<T>(&mut self, mut decision: Decision<T>) -> Decision<T> {
        let asked = std::mem::take(&mut self.asked);
        if asked {
            decision.response_us = Some(self.last_took.as_micros().min(u64::MAX as u128) as u64);
        }
        if let Some(log) = &mut self.log {
            log.judged(decision.failure.as_ref());
        }
        let Some(f) = decision.failure.as_mut() else {
            self.understood |= asked;
            return decision;
        };
        if self.understood {
            return decision;
        }
        if G::DIALECTS.len() > 1 {
            f.detail = format!(
                "{}; no answer understood yet: if the bot speaks another dialect, pick it with \
                 --dialect ({}; this match speaks {})",
                f.detail,
                G::DIALECTS.join(", "),
                if self.dialect.is_empty() {
                    G::DIALECTS[0]
                } else {
                    &self.dialect
                }
            );
        }
        if asked {
            self.early_failures += 1;
            self.last_failure = Some(f.clone());
            if self.early_failures == WARN_AFTER {
                self.warn();
            }
        }
        decision
    }
}

fn decided<T>(answer: Answer<T>) -> Decision<T> {
    match answer.problem {
        None => Decision::ok(answer.value),
        Some(p) => Decision::failed(answer.value, Failure::new(FaultKind::Invalid, p)),
    }
}

impl<G: Contest> Player<G> for ExternalPlayer<G> {
    fn introduce(&mut self, seat: PlayerId, names: &[String], seed: u64) {
        if let Err(e) = self.prepare_folder(seat) {
            self.link = Err(e);
            return;
        }
        self.link = G::link(&LinkInfo {
            seat,
            names,
            seed,
            dialect: &self.dialect,
            runner: u64::from(std::process::id()),
        });
        self.deadline = self.match_timeout.map(|d| std::time::Instant::now() + d);
        self.start_early();
        if let Some(dir) = &self.log_dir {
            let file = dir.join(format!(
                "{}-{seed}-{}-{}.jsonl",
                G::NAME,
                seat.index(),
                crate::spec::safe_name(&self.name)
            ));
            match BotLog::create(&file) {
                Ok(log) => self.log = Some(log),
                Err(e) => eprintln!(
                    "koth: warning: --bot-log: cannot create {}: {e}",
                    file.display()
                ),
            }
        }
    }

    fn setup(
        &mut self,
        config: &G::Config,
        seat: PlayerId,
        rng: &mut dyn RngCore,
    ) -> Decision<Option<G::Setup>> {
        let decision = self.ask_setup(config, seat, rng);
        self.judged(decision)
    }

    fn act(&mut self, game: &G, seat: PlayerId, rng: &mut dyn RngCore) -> Decision<G::Action> {
        let decision = self.ask(game, seat, rng);
        self.judged(decision)
    }

    fn finish(&mut self, game: &G, seat: PlayerId) {
        if !self.understood && self.early_failures > 0 {
            // Fewer calls than the warning waits for, all failed (a bot that died at once).
            self.warn();
        }
        if !self.unreachable {
            if let Ok(link) = self.link.as_mut() {
                if let Some(message) = game.final_message(seat, link) {
                    let _ = self.call(&message);
                }
            }
        }
        if let Some(log) = &mut self.log {
            log.judged(None);
        }
        self.log = None;
        // The bot's processes are killed now and awaited when the player is dropped (then its
        // folder goes): the runner finishes every seat before the seats are dropped, so the
        // seats' sandboxes and processes end side by side, not one after another.
        if let Some(session) = &mut self.session {
            session.stop();
        }
        if let Some(sandboxed) = &mut self.sandboxed {
            sandboxed.stop();
        }
        self.unreachable = true;
    }
}

impl<G: Contest> ExternalPlayer<G> {
    /// The setup call: the protocol's setup message, if it has one, and its decoded answer.
    fn ask_setup(
        &mut self,
        config: &G::Config,
        seat: PlayerId,
        _: &mut dyn RngCore,
    ) -> Decision<Option<G::Setup>> {
        // A sandbox started early made it before it seeded the folder.
        let started = self.sandboxed.is_some() || self.session.is_some();
        if G::PROTOCOL.state_file && !started {
            if let Err(f) = self.empty_state_file() {
                return Decision::failed(Some(G::substitute_setup(config, seat, f.kind)), f);
            }
        }
        let message = match self.link.as_mut() {
            Ok(link) => G::setup_message(config, link),
            Err(e) => {
                let f = Failure::new(FaultKind::Io, e.clone());
                return Decision::failed(Some(G::substitute_setup(config, seat, f.kind)), f);
            }
        };
        let Some(message) = message else {
            return Decision::ok(None);
        };
        match self.call(&message) {
            Ok(Some(bytes)) => match self.link.as_mut() {
                Ok(link) => {
                    let d = decided(G::decode_setup(config, link, &bytes));
                    Decision {
                        value: Some(d.value),
                        failure: d.failure,
                        response_us: None,
                    }
                }
                Err(_) => Decision::ok(None),
            },
            Ok(None) => Decision::ok(Some(G::substitute_setup(config, seat, FaultKind::Crash))),
            Err(f) => Decision::failed(Some(G::substitute_setup(config, seat, f.kind)), f),
        }
    }

    /// One turn's call and its decoded answer.
    fn ask(&mut self, game: &G, seat: PlayerId, _: &mut dyn RngCore) -> Decision<G::Action> {
        match self.out_of_time() {
            Some(true) => {
                let f = self.expired_failure();
                return Decision::failed(game.substitute(seat, FaultKind::Timeout), f);
            }
            Some(false) => return Decision::ok(game.substitute(seat, FaultKind::Timeout)),
            None => {}
        }
        let message = match self.link.as_mut() {
            Ok(link) => game.encode(seat, link),
            Err(e) => {
                return Decision::failed(
                    game.substitute(seat, FaultKind::Io),
                    Failure::new(FaultKind::Io, e.clone()),
                );
            }
        };
        match self.call(&message) {
            Ok(Some(bytes)) => match self.link.as_mut() {
                Ok(link) => decided(game.decode(seat, link, &bytes)),
                Err(_) => Decision::ok(game.substitute(seat, FaultKind::Io)),
            },
            // A long-running process that is gone plays the substitute without a new fault.
            Ok(None) => Decision::ok(game.substitute(seat, FaultKind::Crash)),
            Err(f) => Decision::failed(game.substitute(seat, f.kind), f),
        }
    }
}
