//! The bot server of `koth serve`: any built-in battleship bot over HTTP, in all three
//! dialects (koth acting as a bot; the arena's side is `arena::http`).
//!
//! HTTP stack (no hand-written HTTP parsing): **axum 0.8** on a multi-threaded **tokio**
//! runtime of its own (HTTP/1.1 only, keep-alive, no default features). tiny_http was tried
//! first, but its connection thread pool can leave a new connection queued behind long-lived
//! keep-alive ones (the arena then times out), and it cannot close idle connections on
//! shutdown; hyper under axum does both right. Shutting the runtime down closes every
//! connection. `multipart/form-data` bodies (the original arena's `form` posts) are decoded
//! by **multer** (which axum itself uses for multipart).
//!
//! - Each request is decoded by its content type (`application/json` is the `json` dialect;
//!   URL-encoded or multipart form fields are `draft`, or `form` for `act=fight`; `act=init`
//!   is the same in both). [`ServeOptions::dialect`] may restrict the server to one dialect.
//! - Each match seat (`match_id` / `game-id` + seat) has its own bot, RNG and
//!   [`Session`]: many matches at once, both sides of one match included. `init` starts a
//!   fresh one; a `draft` `end` forgets it; so does [`ServeOptions::idle_timeout`] without a
//!   request. The bot's RNG is seeded from the match number and the seat.
//! - Malformed requests get `400` and the reason as text; anything but `POST` gets `405`;
//!   a body over [`ServeOptions::max_body`] (64 KiB by default) gets `413`, at once when its
//!   declared length says so.
//! - Bounded against hostile or careless clients (see [`ServeOptions`]): a request's headers
//!   must arrive within the header timeout, which also closes a kept-alive connection idle
//!   that long (hyper's `header_read_timeout`); its body within the body timeout (`408`);
//!   at most `max_connections` connections are open, and a new one past the cap closes the
//!   least recently active one (at once if it is idle, after its request otherwise); at most
//!   `max_seats` match seats are remembered, and a new one past the cap forgets the least
//!   recently used one.
//! - Memory: request bodies are read only within a budget shared by all connections
//!   ([`ServeOptions::body_budget`], 64 MiB by default): a body reserves its declared length
//!   (or the body cap, when it declares none) before it is read, and a request that finds
//!   the budget spent gets `503`. A connection's read buffer holds at most
//!   [`READ_BUFFER`] bytes (its headers must fit). So under any load the server's memory
//!   stays below about: its baseline (a few MB) + the body budget + `max_connections` x
//!   (`READ_BUFFER` + a few KiB per connection) + `max_seats` x a seat (about 90 KB on the
//!   largest grid, far less on the default one).
//! - A connection that has not sent a whole request yet counts toward `max_connections`
//!   like any other, and when it is the one closed past the cap it is closed at once (a
//!   connection whose request is being answered finishes it first).

use std::collections::HashMap;
use std::net::{SocketAddr, TcpListener};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::Context as _;
use axum::extract::State;
use axum::http::{Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use koth_engine_core::{Bot, PlayerId, SeedableRng};
use koth_http_battleship::wire::{
    DraftRequest, Fields, FormAct, FormRequest, JsonAction, JsonRequest, Reply, Request, Session,
    WireError,
};
use koth_http_battleship::{Battleship, Dialect, bots};
use rand_pcg::Pcg64Mcg;

use koth_engine_core::draw::derive_seed;

/// The default largest request body read: a request on the default grid is a few hundred
/// bytes. (A `form`/`json` turn re-sends every strike so far, so on a 100 x 100 grid late
/// turns reach several hundred KiB: raise `--max-body-kb` for such configs.)
pub const DEFAULT_MAX_BODY: usize = 64 * 1024;
/// The default budget of body bytes being read at once, over all connections.
pub const DEFAULT_BODY_BUDGET: usize = 64 << 20;
/// The most bytes a connection's read buffer holds (a request's headers must fit).
pub const READ_BUFFER: usize = 16 * 1024;

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
    /// Most connections open at once (see the module docs).
    pub max_connections: usize,
    /// Time for a request's headers, and the longest a kept-alive connection stays idle.
    pub header_timeout: Duration,
    /// Time for a request's body.
    pub body_timeout: Duration,
    /// Most match seats remembered (each side of a match played here is one).
    pub max_seats: usize,
    /// The largest request body read, in bytes (`413` past it).
    pub max_body: usize,
    /// The most body bytes being read at once, over all connections (`503` past it; at
    /// least `max_body`).
    pub body_budget: usize,
}

/// The default cap on match seats: on the largest grid (100 x 100) a seat takes about 90 KB,
/// so the table stays under about 100 MB.
pub const DEFAULT_MAX_SEATS: usize = 1000;

/// The default cap on open connections: 1024, or fewer where the open-files limit is lower
/// (64 descriptors are kept for everything else).
pub fn default_max_connections() -> usize {
    use nix::sys::resource::{Resource, getrlimit};
    let (soft, _) = getrlimit(Resource::RLIMIT_NOFILE).unwrap_or((1024, 1024));
    (soft.saturating_sub(64)).clamp(1, 1024) as usize
}

impl ServeOptions {
    /// Options for built-in bot `bot`: all dialects, 5 minutes idle timeout, 4 workers,
    /// [`default_max_connections`], 10 s header and body timeouts, [`DEFAULT_MAX_SEATS`],
    /// [`DEFAULT_MAX_BODY`], [`DEFAULT_BODY_BUDGET`].
    pub fn new(bot: &str) -> Self {
        ServeOptions {
            bot: bot.to_string(),
            dialect: None,
            idle_timeout: Duration::from_secs(300),
            workers: 4,
            max_connections: default_max_connections(),
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            max_seats: DEFAULT_MAX_SEATS,
            max_body: DEFAULT_MAX_BODY,
            body_budget: DEFAULT_BODY_BUDGET,
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
    /// The body budget, in KiB.
    budget: Arc<tokio::sync::Semaphore>,
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
    let budget_kib = options.body_budget.max(options.max_body).div_ceil(1024);
    let shared = Arc::new(Shared {
        budget: Arc::new(tokio::sync::Semaphore::new(
            budget_kib.min(tokio::sync::Semaphore::MAX_PERMITS),
        )),
        options,
        seats: Mutex::new(HashMap::new()),
        last_sweep: Mutex::new(Instant::now()),
    });
    let app = axum::Router::new()
        .fallback(handle)
        .with_state(shared.clone());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let task = runtime.spawn(accept_loop(listener, app, shared.clone(), stopped));
    Ok(ServerHandle {
        addr,
        shared,
        runtime: Some(runtime),
        stop: Some(stop),
        task: Some(task),
    })
}

/// The open connections: each one's last activity (milliseconds since the server started)
/// and the sender that asks it to close (taken once asked).
#[derive(Default)]
struct Connections {
    next: u64,
    open: HashMap<u64, (Arc<AtomicU64>, Option<tokio::sync::oneshot::Sender<()>>)>,
}

impl Connections {
    /// Registers a new connection; past `cap`, asks the least recently active one to close.
    fn open(
        &mut self,
        cap: usize,
        now_ms: u64,
    ) -> (u64, Arc<AtomicU64>, tokio::sync::oneshot::Receiver<()>) {
        let live = self.open.values().filter(|(_, s)| s.is_some()).count();
        if live >= cap.max(1) {
            let oldest = self
                .open
                .iter_mut()
                .filter(|(_, (_, s))| s.is_some())
                .min_by_key(|(id, (at, _))| (at.load(Ordering::Relaxed), **id))
                .and_then(|(_, (_, s))| s.take());
            if let Some(close) = oldest {
                let _ = close.send(());
            }
        }
        let id = self.next;
        self.next += 1;
        let (close, closed) = tokio::sync::oneshot::channel();
        let activity = Arc::new(AtomicU64::new(now_ms));
        self.open.insert(id, (activity.clone(), Some(close)));
        (id, activity, closed)
    }
}

/// Accepts connections until `stopped`, each served by hyper (HTTP/1.1 with keep-alive and
/// the header timeout) with `app`, within the connection cap.
async fn accept_loop(
    listener: tokio::net::TcpListener,
    app: axum::Router,
    shared: Arc<Shared>,
    mut stopped: tokio::sync::oneshot::Receiver<()>,
) {
    let started = Instant::now();
    let now_ms = move || started.elapsed().as_millis() as u64;
    let connections = Arc::new(Mutex::new(Connections::default()));
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => accepted,
            _ = &mut stopped => return,
        };
        let stream = match stream {
            Ok((stream, _)) => stream,
            // Out of descriptors, or a connection reset before it was accepted: wait a little.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        // No Nagle delay: replies are small and a client waits for each one.
        let _ = stream.set_nodelay(true);
        let Ok(mut table) = connections.lock() else {
            return;
        };
        let (id, activity, closed) = table.open(shared.options.max_connections, now_ms());
        drop(table);
        let app = app.clone();
        // Whether a request of this connection is being answered.
        let answering = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let flag = answering.clone();
        let service = hyper::service::service_fn(move |request| {
            activity.store(now_ms(), Ordering::Relaxed);
            flag.store(true, Ordering::Relaxed);
            let flag = flag.clone();
            let answer = tower::ServiceExt::oneshot(app.clone(), request);
            async move {
                let answered = answer.await;
                flag.store(false, Ordering::Relaxed);
                answered
            }
        });
        let mut http = hyper::server::conn::http1::Builder::new();
        http.timer(hyper_util::rt::TokioTimer::new())
            .header_read_timeout(shared.options.header_timeout)
            .max_buf_size(READ_BUFFER);
        let connections = connections.clone();
        tokio::spawn(async move {
            let connection = http.serve_connection(hyper_util::rt::TokioIo::new(stream), service);
            tokio::pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => {}
                _ = closed => {
                    // A request being answered is finished; any other connection (idle, or
                    // still sending its headers) is dropped, closing it at once.
                    if answering.load(Ordering::Relaxed) {
                        connection.as_mut().graceful_shutdown();
                        let _ = connection.await;
                    }
                }
            }
            if let Ok(mut table) = connections.lock() {
                table.open.remove(&id);
            }
        });
    }
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
    let max_body = shared.options.max_body;
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > max_body as u64) {
        return refuse(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("a body of at most {max_body} bytes is read (--max-body-kb)"),
        );
    }
    // The body's share of the budget, held until the request is answered.
    let kib = declared
        .map_or(max_body, |n| n as usize)
        .div_ceil(1024)
        .max(1) as u32;
    let Ok(_reserved) = shared.budget.clone().try_acquire_many_owned(kib) else {
        return refuse(
            StatusCode::SERVICE_UNAVAILABLE,
            "too many request bodies are being read: retry shortly".into(),
        );
    };
    let limit = shared.options.body_timeout;
    let body = match tokio::time::timeout(
        limit,
        axum::body::to_bytes(request.into_body(), max_body),
    )
    .await
    {
        Ok(Ok(body)) => body,
        Ok(Err(e)) => {
            return refuse(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("cannot read the body (at most {max_body} bytes, --max-body-kb): {e}"),
            );
        }
        Err(_) => {
            return refuse(
                StatusCode::REQUEST_TIMEOUT,
                format!("the body did not arrive within {} s", limit.as_secs_f64()),
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
            if m.len() >= shared.options.max_seats.max(1) {
                // Full: the least recently used seat is forgotten.
                let oldest = m
                    .iter()
                    .min_by_key(|(k, s)| (s.last_seen, **k))
                    .map(|(k, _)| *k);
                if let Some(oldest) = oldest {
                    m.remove(&oldest);
                }
            }
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
