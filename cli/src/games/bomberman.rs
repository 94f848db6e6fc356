//! `koth` support for Bomberman: one long-running process per player.

use std::time::Duration;

use bomberman::protocol::{
    GAME_TIME_MS, TICK_TIMEOUT_MS, action_json, observation_json, parse_action,
};
use bomberman::{Action, Bomberman, Event, bots};
use engine_core::{Bot, Game, PlayerId, RngCore};

use crate::process::{CallFault, ExternalCommand};
use crate::report::FaultKind;
use crate::runner::{CliGame, Decision, Player, Seats};
use crate::session::{Limits, Session};

/// The log shows the lattice every this many ticks.
const RENDER_EVERY_TICKS: u32 = 100;
/// The memory limit of a bot process (the seed's 256 MB).
pub const MEMORY_LIMIT_BYTES: u64 = 256 * 1024 * 1024;

impl CliGame for Bomberman {
    const NAME: &'static str = "bomberman";
    const SEATS: Seats = Seats::FreeForAll { min: 2, max: 4 };
    const TOURNAMENT_GAMES: u32 = 20;
    const LOG_ACTIONS: bool = false;

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
        Box::new(BombermanProgram {
            command,
            session: None,
            started: false,
        })
    }

    fn action_text(action: &Action) -> String {
        action_json(action)
    }

    fn parse_action(text: &str) -> Option<Action> {
        parse_action(text).ok()
    }

    fn fallback_action(&self, _seat: PlayerId) -> Action {
        Action::IDLE
    }

    fn stats(&self, seat: PlayerId) -> serde_json::Value {
        let s = self.stats(seat);
        serde_json::json!({
            "lives_left": s.lives_left,
            "walls": s.walls,
            "bonuses": s.bonuses,
            "kills": s.kills,
            "self_hits": s.self_hits,
        })
    }

    fn render(&self) -> String {
        let mut s = self.render();
        while s.ends_with('\n') {
            s.pop();
        }
        s
    }

    fn render_after(&self, _events: &[Event]) -> bool {
        self.tick() % RENDER_EVERY_TICKS == 0
    }
}

/// A Bomberman program: started once for the whole game; each tick it reads one JSON line
/// (its record, the world, and the rules on the first line) and answers one JSON line
/// `{"speedX": f, "speedY": f, "drop": bool}`. 2 s per tick, 2 min per game, 256 MB. A late,
/// malformed or missing answer means standing still; a process that dies plays no more.
struct BombermanProgram {
    command: ExternalCommand,
    session: Option<Session>,
    started: bool,
}

impl BombermanProgram {
    fn fault(action: Action, kind: FaultKind, detail: String) -> Decision<Action> {
        Decision {
            action,
            fault: Some(CallFault { kind, detail }),
        }
    }
}

impl Player<Bomberman> for BombermanProgram {
    fn act(&mut self, game: &Bomberman, seat: PlayerId, _: &mut dyn RngCore) -> Decision<Action> {
        let first = !self.started;
        if first {
            self.started = true;
            let limits = Limits {
                per_call: self
                    .command
                    .timeout
                    .unwrap_or(Duration::from_millis(TICK_TIMEOUT_MS)),
                total: Duration::from_millis(GAME_TIME_MS),
                memory_bytes: Some(MEMORY_LIMIT_BYTES),
            };
            match Session::start(&self.command, limits) {
                Ok(s) => self.session = Some(s),
                Err(f) => return Self::fault(Action::IDLE, f.kind, f.detail),
            }
        }
        let Some(session) = self.session.as_mut() else {
            return Decision::ok(Action::IDLE);
        };
        let line = observation_json(&game.observe(seat), first);
        match session.request(&line) {
            Ok(Some(answer)) => match parse_action(&answer) {
                Ok(action) => Decision::ok(action),
                Err(e) => Self::fault(
                    Action::IDLE,
                    FaultKind::Invalid,
                    format!(
                        "{e} in answer {:?}",
                        crate::games::samurai::preview(answer.as_bytes())
                    ),
                ),
            },
            Ok(None) => Decision::ok(Action::IDLE),
            Err(f) => Self::fault(Action::IDLE, f.kind, f.detail),
        }
    }

    fn finish(&mut self, _game: &Bomberman, _seat: PlayerId) {
        // Dropping the session kills the process group.
        self.session = None;
    }
}
