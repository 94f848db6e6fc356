//! `koth serve`: a built-in battleship bot over HTTP (the server is [`crate::serve`]).

use std::time::Duration;

use koth_engine_core::Family;

use crate::args::ServeLimits;
use crate::exit::UsageError;
use crate::{games, serve};

/// `koth serve`: exposes a built-in battleship bot over HTTP until the process is stopped.
pub(crate) fn serve_bot(
    game: &str,
    listen: &str,
    bot: &str,
    dialect: Option<koth_http_battleship::Dialect>,
    idle_timeout_s: u64,
    limits: &ServeLimits,
) -> anyhow::Result<()> {
    let entry = games::game(game)?;
    if entry.family() != Family::Http || entry.name() != "battleship" {
        return Err(UsageError(format!(
            "{game} bots do not play over HTTP (only battleship)"
        ))
        .into());
    }
    let id = bot
        .strip_prefix("builtin:")
        .ok_or_else(|| UsageError(format!("--bot {bot:?}: expected builtin:ID")))?;
    if koth_http_battleship::bots::BOTS.get(id).is_none() {
        let known: Vec<_> = koth_http_battleship::bots::BOTS.ids().collect();
        return Err(UsageError(format!(
            "unknown built-in battleship bot {id:?} (known: {})",
            known.join(", ")
        ))
        .into());
    }
    let listener = std::net::TcpListener::bind(listen)
        .map_err(|e| UsageError(format!("cannot listen on {listen}: {e}")))?;
    let defaults = serve::ServeOptions::new(id);
    let options = serve::ServeOptions {
        dialect,
        idle_timeout: Duration::from_secs(idle_timeout_s.max(1)),
        header_timeout: Duration::from_secs(limits.read_timeout_s),
        body_timeout: Duration::from_secs(limits.read_timeout_s),
        max_seats: limits.max_seats as usize,
        max_body: (limits.max_body_kb as usize) << 10,
        max_connections: limits
            .max_connections
            .map_or(defaults.max_connections, |n| n as usize),
        ..defaults
    };
    let handle = serve::serve(listener, options)?;
    eprintln!(
        "koth: serving builtin:{id} on {} ({})",
        handle.url(),
        dialect.map_or("draft, form and json".to_string(), |d| format!("{d} only"))
    );
    handle.wait();
    Ok(())
}
