//! `koth` support for the naval "Hit and sunk" free-for-all.

use std::time::Duration;

use engine_core::{Bot, Game, PlayerId, RngCore};
use naval::bots::{self, NavalBot};
use naval::protocol::{TIMEOUT_MS, observation_line, parse_answer, parse_class};
use naval::{Config, Event, Naval, Orders};

use crate::games::samurai::preview;
use crate::process::{CallFault, ExternalCommand};
use crate::report::FaultKind;
use crate::runner::{CliGame, Decision, Player, Seats};

/// The log shows the sea at the start of every this many rounds.
const RENDER_EVERY_ROUNDS: u32 = 10;

impl CliGame for Naval {
    const NAME: &'static str = "naval";
    const SEATS: Seats = Seats::FreeForAll { min: 2, max: 100 };
    const TOURNAMENT_GAMES: u32 = 20;

    fn builtins() -> Vec<(&'static str, &'static str)> {
        bots::list().map(|b| (b.id, b.about)).collect()
    }

    fn default_lineup() -> Vec<&'static str> {
        bots::DEFAULT_LINEUP.to_vec()
    }

    fn builtin(id: &str) -> Option<Box<dyn Bot<Self>>> {
        bots::by_id(id).map(|b| b as Box<dyn Bot<Naval>>)
    }

    fn builtin_player(id: &str) -> Option<Box<dyn Player<Self>>> {
        bots::by_id(id).map(|bot| Box::new(NavalBuiltin(bot)) as Box<dyn Player<Self>>)
    }

    fn external(command: ExternalCommand, name: &str) -> Box<dyn Player<Self>> {
        Box::new(NavalProgram {
            command,
            state_file: format!("{name}.txt"),
        })
    }

    fn action_text(action: &Orders) -> String {
        action.to_string()
    }

    fn parse_action(text: &str) -> Option<Orders> {
        text.parse().ok()
    }

    fn fallback_action(&self, _seat: PlayerId) -> Orders {
        Orders::wait()
    }

    fn stats(&self, seat: PlayerId) -> serde_json::Value {
        let s = self.stats(seat);
        serde_json::json!({
            "hits": s.hits,
            "sunken": s.sunken,
            "damage": s.damage,
            "alive": s.alive,
            "class": s.class.map(|c| c.name()),
        })
    }

    fn render(&self) -> String {
        let mut s = format!(
            "round {} of {}\n{}",
            self.round(),
            self.rounds(),
            self.render()
        );
        while s.ends_with('\n') {
            s.pop();
        }
        s
    }

    fn render_after(&self, events: &[Event]) -> bool {
        events.iter().any(
            |e| matches!(e, Event::RoundStarted { round, .. } if round % RENDER_EVERY_ROUNDS == 1),
        )
    }
}

/// A built-in naval bot: chooses its class before the game, then plays from its observation.
struct NavalBuiltin(Box<dyn NavalBot>);

impl Player<Naval> for NavalBuiltin {
    fn setup(
        &mut self,
        config: &mut Config,
        seat: PlayerId,
        rng: &mut dyn RngCore,
    ) -> Option<CallFault> {
        let class = self.0.class(rng);
        config.set_class(seat.index(), Some(class));
        None
    }

    fn act(&mut self, game: &Naval, seat: PlayerId, rng: &mut dyn RngCore) -> Decision<Orders> {
        Decision::ok(self.0.act(&game.observe(seat), rng))
    }
}

/// A naval program, as the seed runs it: first with no arguments, printing its class (1..=5);
/// then once per turn with the input line as its single argument, printing its action string.
/// 1 s per call. Its state file `<name>.txt` in the working folder is emptied before the game.
struct NavalProgram {
    command: ExternalCommand,
    state_file: String,
}

impl NavalProgram {
    fn timeout(&self) -> Duration {
        self.command
            .timeout
            .unwrap_or(Duration::from_millis(TIMEOUT_MS))
    }
}

impl Player<Naval> for NavalProgram {
    fn setup(
        &mut self,
        config: &mut Config,
        seat: PlayerId,
        _: &mut dyn RngCore,
    ) -> Option<CallFault> {
        let state = self.command.workdir.join(&self.state_file);
        if state.is_file() {
            if let Err(e) = std::fs::write(&state, b"") {
                return Some(CallFault {
                    kind: FaultKind::Io,
                    detail: format!("cannot empty {}: {e}", state.display()),
                });
            }
        }
        let result = self.command.call(&[], None, self.timeout());
        let fault = match result {
            Ok(out) => match parse_class(&out.stdout) {
                Ok(class) => {
                    config.set_class(seat.index(), Some(class));
                    return None;
                }
                Err(e) => CallFault {
                    kind: FaultKind::Invalid,
                    detail: format!("{e} in output {:?}", preview(&out.stdout)),
                },
            },
            Err(f) => f,
        };
        config.set_class(seat.index(), None);
        Some(CallFault {
            kind: fault.kind,
            detail: format!("class choice failed, no ship: {}", fault.detail),
        })
    }

    fn act(&mut self, game: &Naval, seat: PlayerId, _: &mut dyn RngCore) -> Decision<Orders> {
        let line = observation_line(&game.observe(seat));
        match self.command.call(&[line], None, self.timeout()) {
            Ok(out) => {
                let parsed = parse_answer(&out.stdout);
                let fault = (!parsed.issues.is_empty()).then(|| CallFault {
                    kind: FaultKind::Invalid,
                    detail: parsed
                        .issues
                        .iter()
                        .map(|i| i.to_string())
                        .collect::<Vec<_>>()
                        .join("; "),
                });
                Decision {
                    action: parsed.orders,
                    fault,
                }
            }
            Err(fault) => Decision {
                action: Orders::wait(),
                fault: Some(fault),
            },
        }
    }
}
