//! `koth` support for the samurai duel.

use std::time::Duration;

use engine_core::{Bot, PlayerId, RngCore};
use samurai::protocol::{ProgramArgs, TIMEOUT_MS, parse_answer};
use samurai::{Action, Samurai, bots};

use crate::process::{CallFault, ExternalCommand};
use crate::report::FaultKind;
use crate::runner::{CliGame, Decision, Player, Seats};

impl CliGame for Samurai {
    const NAME: &'static str = "samurai";
    const SEATS: Seats = Seats::Duel;
    const TOURNAMENT_GAMES: u32 = 8;

    fn builtins() -> Vec<(&'static str, &'static str)> {
        bots::list().map(|b| (b.id, b.about)).collect()
    }

    fn default_lineup() -> Vec<&'static str> {
        bots::DEFAULT_LINEUP.to_vec()
    }

    fn builtin(id: &str) -> Option<Box<dyn Bot<Self>>> {
        bots::by_id(id)
    }

    fn external(command: ExternalCommand, _name: &str) -> Box<dyn Player<Self>> {
        Box::new(SamuraiProgram(command))
    }

    fn action_text(action: &Action) -> String {
        action.letter().to_string()
    }

    fn parse_action(text: &str) -> Option<Action> {
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Action::from_letter(c),
            _ => None,
        }
    }

    fn fallback_action(&self, _seat: PlayerId) -> Action {
        Action::Wait
    }

    fn stats(&self, seat: PlayerId) -> serde_json::Value {
        serde_json::json!({ "health": self.health(seat), "honour": self.honour(seat) })
    }

    fn render(&self) -> String {
        let mut s = format!("           {}", self.summary());
        if let Some(end) = self.end() {
            s.push_str("\n           ");
            s.push_str(&super::duel_end_line(end.winner, end.reason));
        }
        s
    }

    fn render_after(&self, _events: &[Self::Event]) -> bool {
        true
    }
}

/// A samurai program: run once per turn with the seed's 4 or 6 arguments; the first
/// character of its output is its action, anything else (or no answer in 1000 ms) is `W`.
struct SamuraiProgram(ExternalCommand);

impl Player<Samurai> for SamuraiProgram {
    fn act(&mut self, game: &Samurai, seat: PlayerId, _: &mut dyn RngCore) -> Decision<Action> {
        use engine_core::Game;
        let args = ProgramArgs::from(&game.observe(seat)).to_args();
        let timeout = self.0.timeout.unwrap_or(Duration::from_millis(TIMEOUT_MS));
        match self.0.call(&args, None, timeout) {
            Ok(out) => match parse_answer(&out.stdout) {
                Ok(action) => Decision::ok(action),
                Err(e) => Decision {
                    action: Action::Wait,
                    fault: Some(CallFault {
                        kind: FaultKind::Invalid,
                        detail: format!("{e} in output {:?}; played W", preview(&out.stdout)),
                    }),
                },
            },
            Err(fault) => Decision {
                action: Action::Wait,
                fault: Some(fault),
            },
        }
    }
}

/// The first bytes of an output, for a fault's detail.
pub(crate) fn preview(bytes: &[u8]) -> String {
    let cut = &bytes[..bytes.len().min(80)];
    let mut s = String::from_utf8_lossy(cut).into_owned();
    if bytes.len() > cut.len() {
        s.push('…');
    }
    s
}
