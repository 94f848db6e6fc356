//! The arena's side of HTTP: POSTs a game's request bodies to a bot's URL and reads the
//! replies. What the bodies say is the game's business ([`Contest::encode`]); this is only the
//! transport.
//!
//! The client is **ureq 3**, blocking, without TLS (`default-features = false`: plain
//! `http://` only, which keeps the build small; the arena's bots are local). One shared agent
//! keeps connections alive between requests and matches; each request has a global timeout,
//! redirects are not followed (a 3xx is a non-2xx status), statuses are checked by hand and
//! bodies are read with a 64 KiB limit. The wire codecs live in `koth_http_battleship::wire`.
//!
//! [`Contest::encode`]: koth_engine_core::Contest::encode

use std::sync::OnceLock;
use std::time::Duration;

use koth_engine_core::runner::Failure;
use koth_engine_core::{FaultKind, Message};

/// The largest reply body read; anything longer is an invalid answer.
pub const REPLY_LIMIT: u64 = 64 * 1024;
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

/// A bot at a URL.
#[derive(Clone, Debug)]
pub struct HttpClient {
    url: String,
    timeout: Duration,
}

impl HttpClient {
    /// A client of the bot at `url`, each request limited to `timeout`.
    pub fn new(url: &str, timeout: Duration) -> Self {
        HttpClient {
            url: url.to_string(),
            timeout,
        }
    }

    /// The bot's URL.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// POSTs the message's body (with its content type) and returns the reply body. A non-2xx
    /// status is a `crash`, a timeout a `timeout`, a reply over [`REPLY_LIMIT`] `invalid`,
    /// any other failure `io`.
    pub fn post(&self, message: &Message) -> Result<Vec<u8>, Failure> {
        let body = message.input.as_deref().unwrap_or_default();
        let content_type = message
            .content_type
            .as_deref()
            .unwrap_or("application/octet-stream");
        let sent = agent()
            .post(&self.url)
            .config()
            .timeout_global(Some(self.timeout))
            .build()
            .header("Content-Type", content_type)
            .send(body);
        let mut response = match sent {
            Ok(r) => r,
            Err(e) => return Err(self.transport_failure(e)),
        };
        let status = response.status();
        if !status.is_success() {
            return Err(Failure::new(
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
            Err(ureq::Error::BodyExceedsLimit(_)) => Err(Failure::new(
                FaultKind::Invalid,
                format!("reply larger than {} KiB", REPLY_LIMIT / 1024),
            )),
            Err(e) => Err(self.transport_failure(e)),
        }
    }

    fn transport_failure(&self, e: ureq::Error) -> Failure {
        let timed_out = match &e {
            ureq::Error::Timeout(_) => true,
            ureq::Error::Io(io) => matches!(
                io.kind(),
                std::io::ErrorKind::TimedOut | std::io::ErrorKind::WouldBlock
            ),
            _ => false,
        };
        if timed_out {
            Failure::new(
                FaultKind::Timeout,
                format!("no answer from {} within {:?}", self.url, self.timeout),
            )
        } else {
            Failure::new(FaultKind::Io, format!("{}: {e}", self.url))
        }
    }
}
