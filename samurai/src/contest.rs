//! The duel as a contest: everything a runner needs besides the rules.

use alloc::format;
use alloc::string::{String, ToString};
use core::ops::RangeInclusive;

use koth_engine_core::scene::{Board, Meter, Piece, Scene, Shape, Swatch};
use koth_engine_core::{
    Answer, BotList, Contest, Family, FaultKind, Game, LinkInfo, Message, PlayerId, Protocol,
    Ranking, preview,
};

use crate::protocol::{ProgramArgs, TIMEOUT_MS, parse_answer};
use crate::{Action, Config, Event, Samurai, bots};

/// A samurai's final statistics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Stats {
    /// Health at the end (may be below 0 after the final blow).
    pub health: i32,
    /// Honour at the end.
    pub honour: i32,
}

/// The seed's controller: one program run per turn with the protocol's arguments
/// ([`ProgramArgs::to_args`]); the first character of its output is its action, and anything
/// else, a crash or no answer within [`TIMEOUT_MS`] plays `W`.
impl Contest for Samurai {
    const NAME: &'static str = "samurai";
    const ABOUT: &'static str =
        "the Ultimate Samurai Showdown duel (2 players, simultaneous turns)";
    const RANKING: Ranking = Ranking::Points;
    const TOURNAMENT_GAMES: u32 = 8;
    const LOG_ACTIONS: bool = true;
    const PROTOCOL: Protocol = Protocol {
        family: Family::PerCall,
        call_ms: TIMEOUT_MS,
        game_ms: None,
        memory_mb: None,
        state_file: false,
    };
    const DIALECTS: &'static [&'static str] = &[];

    type Setup = ();
    type Stats = Stats;
    type Link = ();

    fn seats(_config: &Config) -> RangeInclusive<usize> {
        2..=2
    }

    fn bots() -> &'static BotList<Self> {
        &bots::BOTS
    }

    fn substitute(&self, _seat: PlayerId, _kind: FaultKind) -> Action {
        Action::Wait
    }

    fn substitute_setup(_config: &Config, _seat: PlayerId, _kind: FaultKind) {}

    fn stats(&self, seat: PlayerId) -> Stats {
        Stats {
            health: self.health(seat),
            honour: self.honour(seat),
        }
    }

    const LEGEND: &'static str = "each samurai's health and honour after the turn";

    /// The two samurai face each other, each labelled with its last action; health (out of
    /// the starting health) and honour per seat.
    fn scene(&self) -> Scene {
        let mut scene = Scene {
            boards: alloc::vec![Board::filled("", 2, 1, '.')],
            ..Scene::default()
        };
        for seat in 0..2u8 {
            let p = PlayerId(seat);
            let last = self
                .history(p)
                .last()
                .map_or(String::new(), |a| a.letter().to_string());
            scene.pieces.push(
                Piece::on_cell(0, i32::from(seat), 0, 0.8, Shape::Disc, 's')
                    .of(seat)
                    .labelled(last),
            );
            scene.meters.push(
                Meter::new(seat, "health", i64::from(self.health(p)))
                    .out_of(i64::from(self.config().health)),
            );
            scene
                .meters
                .push(Meter::new(seat, "honour", i64::from(self.honour(p))));
        }
        scene
    }

    const PALETTE: &'static [Swatch] = &[
        Swatch::new('.', "the dojo floor", "#e8dcc0"),
        Swatch::new('s', "a samurai, with its last action", "#444"),
    ];

    fn event_text(e: &Event) -> String {
        match *e {
            Event::Bowed { player } => format!("{player} bows"),
            Event::GuardedAgain { player } => format!("{player} guards again"),
            Event::Struck {
                player,
                action,
                god_sword,
            } => format!("{player} {action}{}", if god_sword { "(gods)" } else { "" }),
            Event::Hit { player, damage } => format!("{player} hit {damage}"),
            Event::Ended(end) => match end.winner {
                Some(w) => format!("ended: {w} wins ({:?})", end.reason),
                None => format!("ended: draw ({:?})", end.reason),
            },
        }
    }

    fn render(&self) -> String {
        let mut s = format!("           {}", self.summary());
        if let Some(end) = self.end() {
            s.push_str("\n           ");
            s.push_str(&match end.winner {
                Some(p) => format!("{p} wins ({:?})", end.reason),
                None => format!("draw ({:?})", end.reason),
            });
        }
        s
    }

    fn render_after(&self, _events: &[Event]) -> bool {
        true
    }

    fn action_text(action: &Action) -> String {
        action.letter().to_string()
    }

    fn parse_action_text(text: &str) -> Option<Action> {
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Action::from_letter(c),
            _ => None,
        }
    }

    fn link(_info: &LinkInfo<'_>) -> Result<(), String> {
        Ok(())
    }

    fn decode_setup(_config: &Config, _link: &mut (), _answer: &[u8]) -> Answer<()> {
        Answer::ok(())
    }

    fn encode(&self, seat: PlayerId, _link: &mut ()) -> Message {
        Message::args(ProgramArgs::from(&self.observe(seat)).to_args())
    }

    fn decode(&self, _seat: PlayerId, _link: &mut (), answer: &[u8]) -> Answer<Action> {
        match parse_answer(answer) {
            Ok(action) => Answer::ok(action),
            Err(e) => Answer::invalid(
                Action::Wait,
                format!("{e} in output {:?}; played W", preview(answer)),
            ),
        }
    }
}
