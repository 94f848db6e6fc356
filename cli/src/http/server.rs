//! The bot server: any built-in bot over HTTP, in all three dialects.
//!
//! - Each request is decoded by its content type (`application/json` is the `json` dialect;
//!   URL-encoded or multipart form fields are `draft`, or `form` for `act=fight`; `act=init`
//!   is the same in both). [`ServeOptions::dialect`] may restrict the server to one dialect.
//! - Each match seat (`match_id` / `game-id` + seat) has its own bot, RNG and
//!   [`Session`]: many matches at once, both sides of one match included. `init` starts a
//!   fresh one; a `draft` `end` forgets it; so does [`ServeOptions::idle_timeout`] without a
//!   request. The bot's RNG is seeded from the match number and the seat.
//! - Malformed requests get `400` and the reason as text; anything but `POST` gets `405`;
//!   bodies over 4 MiB get `413`.

use std::collections::HashMap;
use std::io::Read;
use std::net::{SocketAddr, TcpListener};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, Waker};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use anyhow::Context as _;
use engine_core::{Bot, PlayerId, SeedableRng};
use http_battleship::wire::{Fields, Reply, Request, Session, WireError};
use http_battleship::{Battleship, Dialect, bots};
use rand_pcg::Pcg64Mcg;

use crate::runner::derive_seed;

/// The largest request body read (a `form`/`json` turn on a 100 x 100 grid re-sends up to
/// 20 000 strikes).
pub const REQUEST_LIMIT: u64 = 4 * 1024 * 1024;

/// How a bot server runs.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// The built-in bot's id.
    pub bot: String,
    /// Answer only this dialect (`None`: all three).
    pub dialect: Option<Dialect>,
    /// Forget a match seat after this long without a request.
    pub idle_timeout: Duration,
    /// Threads answering requests.
    pub workers: usize,
}

impl ServeOptions {
    /// Options for built-in bot `bot`: all dialects, 5 minutes idle timeout, 4 workers.
    pub fn new(bot: &str) -> Self {
        ServeOptions {
            bot: bot.to_string(),
            dialect: None,
            idle_timeout: Duration::from_secs(300),
            workers: 4,
        }
    }
}

/// One match seat's state.
struct Seat {
    session: Option<Session>,
    bot: Box<dyn Bot<Battleship>>,
    rng: Pcg64Mcg,
    last_seen: Instant,
}

struct Shared {
    options: ServeOptions,
    seats: Mutex<HashMap<(u64, PlayerId), Seat>>,
    last_sweep: Mutex<Instant>,
}

/// A running bot server; [`ServerHandle::shutdown`] (or dropping it) stops it.
pub struct ServerHandle {
    addr: SocketAddr,
    stop: Arc<AtomicBool>,
    workers: Vec<JoinHandle<()>>,
    shared: Arc<Shared>,
    server: Option<Arc<tiny_http::Server>>,
}

impl ServerHandle {
    /// The address the server listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// `http://ADDR/`.
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// Match seats currently remembered.
    pub fn open_matches(&self) -> usize {
        self.shared.seats.lock().map(|m| m.len()).unwrap_or(0)
    }

    /// Stops the workers and closes the listener.
    pub fn shutdown(mut self) {
        self.stop_now();
    }

    /// Blocks until the server stops (it never does on its own: for `koth serve`).
    pub fn wait(mut self) {
        for w in self.workers.drain(..) {
            let _ = w.join();
        }
    }

    fn stop_now(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(server) = &self.server {
            for _ in 0..self.workers.len() {
                server.unblock();
            }
        }
        for w in self.workers.drain(..) {
            let _ = w.join();
        }
        self.server = None;
    }
}

impl Drop for ServerHandle {
    fn drop(&mut self) {
        self.stop_now();
    }
}

/// Serves built-in bot `options.bot` on `listener` until the handle is shut down.
pub fn serve(listener: TcpListener, options: ServeOptions) -> anyhow::Result<ServerHandle> {
    if bots::by_id(&options.bot).is_none() {
        anyhow::bail!("unknown built-in battleship bot {:?}", options.bot);
    }
    let addr = listener.local_addr()?;
    let server = Arc::new(
        tiny_http::Server::from_listener(listener, None)
            .map_err(|e| anyhow::anyhow!("{e}"))
            .context("cannot start the HTTP server")?,
    );
    let shared = Arc::new(Shared {
        options: options.clone(),
        seats: Mutex::new(HashMap::new()),
        last_sweep: Mutex::new(Instant::now()),
    });
    let stop = Arc::new(AtomicBool::new(false));
    let workers = (0..options.workers.max(1))
        .map(|_| {
            let (server, shared, stop) = (server.clone(), shared.clone(), stop.clone());
            std::thread::spawn(move || {
                while !stop.load(Ordering::SeqCst) {
                    match server.recv_timeout(Duration::from_millis(250)) {
                        Ok(Some(request)) => handle(request, &shared),
                        Ok(None) => {}
                        Err(_) => std::thread::sleep(Duration::from_millis(10)),
                    }
                }
            })
        })
        .collect();
    Ok(ServerHandle {
        addr,
        stop,
        workers,
        shared,
        server: Some(server),
    })
}

fn respond(request: tiny_http::Request, status: u16, content_type: &str, body: Vec<u8>) {
    let mut response = tiny_http::Response::from_data(body).with_status_code(status);
    if let Ok(h) = tiny_http::Header::from_bytes(&b"Content-Type"[..], content_type.as_bytes()) {
        response = response.with_header(h);
    }
    let _ = request.respond(response);
}

fn refuse(request: tiny_http::Request, status: u16, reason: String) {
    respond(
        request,
        status,
        "text/plain; charset=utf-8",
        reason.into_bytes(),
    );
}

fn handle(mut request: tiny_http::Request, shared: &Shared) {
    if *request.method() != tiny_http::Method::Post {
        return refuse(request, 405, "POST only".into());
    }
    let content_type = request
        .headers()
        .iter()
        .find(|h| h.field.equiv("Content-Type"))
        .map(|h| h.value.as_str().to_string());
    let mut body = Vec::new();
    if let Err(e) = request
        .as_reader()
        .take(REQUEST_LIMIT + 1)
        .read_to_end(&mut body)
    {
        return refuse(request, 400, format!("cannot read the body: {e}"));
    }
    if body.len() as u64 > REQUEST_LIMIT {
        return refuse(
            request,
            413,
            format!("bodies are limited to {REQUEST_LIMIT} bytes"),
        );
    }
    let only = shared.options.dialect;
    let decoded = match content_type.as_deref() {
        Some(ct)
            if ct
                .trim_start()
                .to_ascii_lowercase()
                .starts_with("multipart/form-data") =>
        {
            multipart_fields(ct, body).and_then(|f| Request::from_fields(&f, only))
        }
        ct => Request::decode(ct, &body, only),
    };
    match decoded.and_then(|r| answer(shared, &r).map(|reply| (r.dialect(), reply))) {
        Ok((dialect, reply)) => {
            let encoded = reply.encode(dialect, &shared.options.bot);
            respond(request, 200, encoded.content_type, encoded.bytes);
        }
        Err(e) => refuse(request, 400, e.to_string()),
    }
}

/// Answers one decoded request with the match seat's bot.
fn answer(shared: &Shared, request: &Request) -> Result<Reply, WireError> {
    let key = request.match_key();
    let now = Instant::now();
    sweep(shared, now);
    let fresh = || Seat {
        session: None,
        bot: bots::by_id(&shared.options.bot).unwrap_or_else(|| Box::new(Fallback)),
        rng: Pcg64Mcg::seed_from_u64(derive_seed(key.0, key.1.0 as u64)),
        last_seen: now,
    };
    let is_init = matches!(
        request,
        Request::Draft(http_battleship::wire::DraftRequest::Init { .. })
            | Request::Form(http_battleship::wire::FormRequest {
                act: http_battleship::wire::FormAct::Init,
                ..
            })
            | Request::Json(http_battleship::wire::JsonRequest {
                action: http_battleship::wire::JsonAction::Init,
                ..
            })
    );
    let taken = shared.seats.lock().ok().and_then(|mut m| m.remove(&key));
    let mut seat = match taken {
        Some(seat) if !is_init => seat,
        _ => fresh(),
    };
    let reply = Session::respond(&mut seat.session, request, seat.bot.as_mut(), &mut seat.rng)?;
    if seat.session.is_some() {
        seat.last_seen = now;
        if let Ok(mut m) = shared.seats.lock() {
            m.insert(key, seat);
        }
    }
    Ok(reply)
}

/// Forgets match seats idle for longer than the idle timeout (at most once a second).
fn sweep(shared: &Shared, now: Instant) {
    let Ok(mut last) = shared.last_sweep.lock() else {
        return;
    };
    if now.duration_since(*last) < Duration::from_secs(1) {
        return;
    }
    *last = now;
    let limit = shared.options.idle_timeout;
    if let Ok(mut m) = shared.seats.lock() {
        m.retain(|_, s| now.duration_since(s.last_seen) <= limit);
    }
}

/// A bot that only exists so that a missing built-in never panics (ids are checked first).
struct Fallback;

impl Bot<Battleship> for Fallback {
    fn act(
        &mut self,
        _: &http_battleship::Observation,
        _: &mut dyn engine_core::RngCore,
    ) -> http_battleship::Action {
        http_battleship::Action::Forfeit(http_battleship::ForfeitReason::InvalidAnswer)
    }
}

/// Decodes a `multipart/form-data` body into form fields with multer. The body is in
/// memory, so the parser's futures complete without waiting: they are polled in place.
fn multipart_fields(content_type: &str, body: Vec<u8>) -> Result<Fields, WireError> {
    let bad = |e: multer::Error| WireError::Body(format!("bad multipart body: {e}"));
    let boundary = multer::parse_boundary(content_type).map_err(bad)?;
    let stream =
        futures_util::stream::once(std::future::ready(Ok::<_, std::convert::Infallible>(body)));
    let mut multipart = multer::Multipart::new(stream, boundary);
    let mut fields = Vec::new();
    let stalled = || WireError::Body("the multipart parser stalled".into());
    loop {
        let next = poll_now(multipart.next_field()).ok_or_else(stalled)?;
        let Some(field) = next.map_err(bad)? else {
            break;
        };
        let name = field.name().unwrap_or_default().to_string();
        let value = poll_now(field.text()).ok_or_else(stalled)?.map_err(bad)?;
        fields.push((name, value));
    }
    Ok(Fields(fields))
}

/// Polls a future whose input is all in memory: it completes without waiting. `None` if it
/// still is not ready after many polls (it never should be; this only rules out a hang).
fn poll_now<F: std::future::Future>(f: F) -> Option<F::Output> {
    let mut f = std::pin::pin!(f);
    let mut cx = Context::from_waker(Waker::noop());
    (0..10_000).find_map(|_| match f.as_mut().poll(&mut cx) {
        Poll::Ready(v) => Some(v),
        Poll::Pending => None,
    })
}
