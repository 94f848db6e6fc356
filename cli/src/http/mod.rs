//! Battleship over HTTP: the arena's client side ([`arena`]) and a bot server ([`server`]).
//!
//! The arena is the HTTP client: it POSTs each request of the chosen dialect to a bot's URL
//! and reads the reply. The bot server exposes any built-in bot over HTTP, answering all three
//! dialects. The wire codecs themselves live in `koth_http_battleship::wire`; this module is only
//! the transport.
//!
//! HTTP stack (no hand-written HTTP parsing):
//! - client: **ureq 3**, blocking, without TLS (`default-features = false`: plain `http://`
//!   only, which keeps the build small; the arena's bots are local). One shared agent keeps
//!   connections alive between requests and matches; each request has a global timeout,
//!   redirects are not followed (a 3xx is a non-2xx status), statuses are checked by hand and
//!   bodies are read with a 64 KiB limit;
//! - server: **axum 0.8** on a multi-threaded **tokio** runtime of its own (HTTP/1.1 only,
//!   keep-alive, no default features). tiny_http was tried first, but its connection thread
//!   pool can leave a new connection queued behind long-lived keep-alive ones (the arena then
//!   times out), and it cannot close idle connections on shutdown; hyper under axum does both
//!   right. Shutting the runtime down closes every connection;
//! - `multipart/form-data` bodies (the original arena's `form` posts) are decoded by
//!   **multer** (which axum itself uses for multipart).

pub mod arena;
pub mod server;

pub use arena::{HttpClient, REPLY_LIMIT, check_url};
pub use server::{ServeOptions, ServerHandle, serve};
