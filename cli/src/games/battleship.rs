//! `koth` support for HTTP Battleship: built-in bots in process, remote bots over HTTP.

use std::time::Duration;

use engine_core::{Bot, PlayerId, RngCore};
use http_battleship::{Action, Battleship, Dialect, ForfeitReason, Phase, bots};

use crate::http::{DEFAULT_TIMEOUT, HttpPlayer};
use crate::process::{CallFault, ExternalCommand};
use crate::report::FaultKind;
use crate::runner::{CliGame, Decision, Player, Seats};

impl CliGame for Battleship {
    const NAME: &'static str = "battleship";
    const SEATS: Seats = Seats::Duel;
    const TOURNAMENT_GAMES: u32 = 20;

    fn builtins() -> Vec<(&'static str, &'static str)> {
        bots::list().map(|b| (b.id, b.about)).collect()
    }

    fn default_lineup() -> Vec<&'static str> {
        bots::DEFAULT_LINEUP.to_vec()
    }

    fn builtin(id: &str) -> Option<Box<dyn Bot<Self>>> {
        bots::by_id(id)
    }

    /// Battleship bots are HTTP servers, not programs: a `cmd:` player forfeits at once with
    /// a fault saying so.
    fn external(command: ExternalCommand, _name: &str) -> Box<dyn Player<Self>> {
        Box::new(NotHttp(command.program))
    }

    fn http_player(
        url: &str,
        dialect: Dialect,
        timeout: Option<Duration>,
    ) -> Option<Box<dyn Player<Self>>> {
        Some(Box::new(HttpPlayer::new(
            url,
            dialect,
            timeout.unwrap_or(DEFAULT_TIMEOUT),
        )))
    }

    fn action_text(action: &Action) -> String {
        action.to_string()
    }

    fn parse_action(text: &str) -> Option<Action> {
        text.parse().ok()
    }

    /// Only an action of the wrong phase is refused (a bug in a bot): it forfeits.
    fn fallback_action(&self, _seat: PlayerId) -> Action {
        Action::Forfeit(ForfeitReason::InvalidAnswer)
    }

    fn stats(&self, seat: PlayerId) -> serde_json::Value {
        let shots = self.shots(seat);
        serde_json::json!({
            "shots": shots.len(),
            "hits": shots.iter().filter(|s| s.result.is_hit()).count(),
            "sunk": self.ships_lost(seat.opponent()),
        })
    }

    fn render(&self) -> String {
        let c = self.config();
        match self.phase() {
            Phase::Placing if self.fleet(PlayerId(0)).is_none() => format!(
                "           {}x{} grid, ships of length 1..6: {:?}",
                c.width, c.height, c.ships
            ),
            _ => {
                let mut s = self.render_boards();
                if let Some(end) = self.end() {
                    s.push_str(&super::duel_end_line(end.winner, end.reason));
                }
                s
            }
        }
    }

    /// The boards are printed at the start and at the end only.
    fn render_after(&self, _events: &[Self::Event]) -> bool {
        false
    }
}

/// A `cmd:` SPEC for battleship: forfeits with a fault explaining how bots play.
struct NotHttp(String);

impl Player<Battleship> for NotHttp {
    fn act(&mut self, _: &Battleship, _: PlayerId, _: &mut dyn RngCore) -> Decision<Action> {
        Decision {
            action: Action::Forfeit(ForfeitReason::ConnectionError),
            fault: Some(CallFault {
                kind: FaultKind::Io,
                detail: format!(
                    "{:?} is a program, but battleship bots are HTTP servers: use --bot http://HOST:PORT/PATH",
                    self.0
                ),
            }),
        }
    }
}
