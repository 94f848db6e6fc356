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
use std::net::{SocketAddr, TcpListener};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::Context as _;
use axum::extract::State;
use axum::http::{Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::serve::ListenerExt;
use koth_engine_core::{Bot, PlayerId, SeedableRng};
use koth_http_battleship::wire::{
    DraftRequest, Fields, FormAct, FormRequest, JsonAction, JsonRequest, Reply, Request, Session,
    WireError,
};
use koth_http_battleship::{Battleship, Dialect, bots};
use rand_pcg::Pcg64Mcg;

use koth_engine_core::draw::derive_seed;

/// The largest request body read (a `form`/`json` turn on a 100 x 100 grid re-sends up to
/// 20 000 strikes).
pub const REQUEST_LIMIT: usize = 4 * 1024 * 1024;

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
    shared: Arc<Shared>,
    runtime: Option<tokio::runtime::Runtime>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    task: Option<tokio::task::JoinHandle<()>>,
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

    /// Stops accepting, closes every connection (idle keep-alive ones included) and stops
    /// the server's threads, waiting at most a second for requests being answered.
    pub fn shutdown(mut self) {
        self.stop_now();
    }

    /// Blocks until the server stops (it never does on its own: for `koth serve`).
    pub fn wait(mut self) {
        if let (Some(runtime), Some(task)) = (&self.runtime, self.task.take()) {
            let _ = runtime.block_on(task);
        }
    }

    fn stop_now(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_timeout(Duration::from_secs(1));
        }
    }
}

impl Drop for ServerHandle {
    fn drop(&mut self) {
        self.stop_now();
    }
}

/// Serves built-in bot `options.bot` on `listener` until the handle is shut down. The
/// server runs on its own multi-threaded tokio runtime (`options.workers` threads).
pub fn serve(listener: TcpListener, options: ServeOptions) -> anyhow::Result<ServerHandle> {
    if bots::BOTS.get(&options.bot).is_none() {
        anyhow::bail!("unknown built-in battleship bot {:?}", options.bot);
    }
    let addr = listener.local_addr()?;
    listener.set_nonblocking(true)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(options.workers.max(1))
        .thread_name("koth-serve")
        .enable_io()
        .enable_time()
        .build()
        .context("cannot start the server's runtime")?;
    let listener = {
        let _entered = runtime.enter();
        tokio::net::TcpListener::from_std(listener).context("cannot serve on the listener")?
    };
    let shared = Arc::new(Shared {
        options,
        seats: Mutex::new(HashMap::new()),
        last_sweep: Mutex::new(Instant::now()),
    });
    let app = axum::Router::new()
        .fallback(handle)
        .with_state(shared.clone());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let task = runtime.spawn(async move {
        tokio::select! {
            // No Nagle delay: replies are small and a client waits for each one.
            _ = axum::serve(listener.tap_io(|tcp| { let _ = tcp.set_nodelay(true); }), app) => {}
            _ = stopped => {}
        }
    });
    Ok(ServerHandle {
        addr,
        shared,
        runtime: Some(runtime),
        stop: Some(stop),
        task: Some(task),
    })
}

fn reply(status: StatusCode, content_type: &'static str, body: Vec<u8>) -> Response {
    (status, [(header::CONTENT_TYPE, content_type)], body).into_response()
}

fn refuse(status: StatusCode, reason: String) -> Response {
    reply(status, "text/plain; charset=utf-8", reason.into_bytes())
}

async fn handle(State(shared): State<Arc<Shared>>, request: axum::extract::Request) -> Response {
    if request.method() != Method::POST {
        return refuse(StatusCode::METHOD_NOT_ALLOWED, "POST only".into());
    }
    let content_type = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let body = match axum::body::to_bytes(request.into_body(), REQUEST_LIMIT).await {
        Ok(body) => body,
        Err(e) => {
            return refuse(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("cannot read the body (at most {REQUEST_LIMIT} bytes): {e}"),
            );
        }
    };
    let only = shared.options.dialect;
    let decoded = match content_type.as_deref() {
        Some(ct)
            if ct
                .trim_start()
                .to_ascii_lowercase()
                .starts_with("multipart/form-data") =>
        {
            match multipart_fields(ct, body.to_vec()).await {
                Ok(f) => Request::from_fields(&f, only),
                Err(e) => Err(e),
            }
        }
        ct => Request::decode(ct, &body, only),
    };
    match decoded.and_then(|r| answer(&shared, &r).map(|reply| (r.dialect(), reply))) {
        Ok((dialect, answer)) => {
            let encoded = answer.encode(dialect, &shared.options.bot);
            reply(StatusCode::OK, encoded.content_type, encoded.bytes)
        }
        Err(e) => refuse(StatusCode::BAD_REQUEST, e.to_string()),
    }
}

/// Answers one decoded request with the match seat's bot.
fn answer(shared: &Shared, request: &Request) -> Result<Reply, WireError> {
    let key = request.match_key();
    let now = Instant::now();
    sweep(shared, now);
    let fresh = || Seat {
        session: None,
        bot: bots::BOTS
            .make(&shared.options.bot)
            .unwrap_or_else(|| Box::new(Fallback)),
        rng: Pcg64Mcg::seed_from_u64(derive_seed(key.0, key.1.0 as u64)),
        last_seen: now,
    };
    let is_init = matches!(
        request,
        Request::Draft(DraftRequest::Init { .. })
            | Request::Form(FormRequest {
                act: FormAct::Init,
                ..
            })
            | Request::Json(JsonRequest {
                action: JsonAction::Init,
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
        _: &koth_http_battleship::Observation,
        _: &mut dyn koth_engine_core::RngCore,
    ) -> koth_http_battleship::Action {
        koth_http_battleship::Action::Forfeit(koth_http_battleship::ForfeitReason::InvalidAnswer)
    }
}

/// Decodes a `multipart/form-data` body into form fields with multer.
async fn multipart_fields(content_type: &str, body: Vec<u8>) -> Result<Fields, WireError> {
    let bad = |e: multer::Error| WireError::Body(format!("bad multipart body: {e}"));
    let boundary = multer::parse_boundary(content_type).map_err(bad)?;
    let stream =
        futures_util::stream::once(std::future::ready(Ok::<_, std::convert::Infallible>(body)));
    let mut multipart = multer::Multipart::new(stream, boundary);
    let mut fields = Vec::new();
    while let Some(field) = multipart.next_field().await.map_err(bad)? {
        let name = field.name().unwrap_or_default().to_string();
        let value = field.text().await.map_err(bad)?;
        fields.push((name, value));
    }
    Ok(Fields(fields))
}
