//! `koth` support for the torus tank battle.

use std::time::Duration;

use engine_core::{Bot, Game, PlayerId, RngCore};
use tanks::protocol::{TIMEOUT_MS, format_action, format_observation, parse_action};
use tanks::{Action, Tanks, bots};

use crate::games::samurai::preview;
use crate::process::{CallFault, ExternalCommand};
use crate::report::FaultKind;
use crate::runner::{CliGame, Decision, Player, RankBy, Seats};

impl CliGame for Tanks {
    const NAME: &'static str = "tanks";
    const SEATS: Seats = Seats::FreeForAll { min: 2, max: 256 };
    const TOURNAMENT_GAMES: u32 = 20;
    const RANK_BY: RankBy = RankBy::AveragePlace;

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
        Box::new(TankProgram(command))
    }

    fn action_text(action: &Action) -> String {
        format_action(*action).to_string()
    }

    fn parse_action(text: &str) -> Option<Action> {
        if text.is_empty() {
            Some(Action::Idle)
        } else {
            parse_action(text.as_bytes()).ok()
        }
    }

    fn fallback_action(&self, _seat: PlayerId) -> Action {
        Action::Idle
    }

    fn stats(&self, seat: PlayerId) -> serde_json::Value {
        serde_json::json!({
            "destroyed_at": self.destroyed_at(seat),
            "kills": self.kills(seat),
        })
    }

    fn render(&self) -> String {
        let mut s = self.render().to_string();
        while s.ends_with('\n') {
            s.pop();
        }
        s
    }

    fn render_after(&self, _events: &[Self::Event]) -> bool {
        true
    }
}

/// A tank program: run once per tick with the state line on its standard input; its output is
/// one command (`mu md ml mr su sd sl sr`); anything else, a crash or no answer in 3 s is idle.
struct TankProgram(ExternalCommand);

impl Player<Tanks> for TankProgram {
    fn act(&mut self, game: &Tanks, seat: PlayerId, _: &mut dyn RngCore) -> Decision<Action> {
        let mut line = format_observation(&game.observe(seat));
        line.push('\n');
        let timeout = self.0.timeout.unwrap_or(Duration::from_millis(TIMEOUT_MS));
        let fault = match self.0.call(&[], Some(line.as_bytes()), timeout) {
            Ok(out) => match parse_action(&out.stdout) {
                Ok(action) => return Decision::ok(action),
                Err(e) => CallFault {
                    kind: FaultKind::Invalid,
                    detail: format!("{e} in output {:?}; idle", preview(&out.stdout)),
                },
            },
            Err(fault) => fault,
        };
        Decision {
            action: Action::Idle,
            fault: Some(fault),
        }
    }
}
