//! The battle as a contest: everything a runner needs besides the rules.

use alloc::format;
use alloc::string::{String, ToString};
use core::ops::RangeInclusive;

use koth_engine_core::scene::{Board, Meter, Piece, Scene, Shape, Swatch};
use koth_engine_core::{
    Answer, BotList, Contest, Coord, Family, FaultKind, Game, LinkInfo, Message, PlayerId,
    Protocol, Ranking, preview,
};

use crate::protocol::{TIMEOUT_MS, format_action, format_observation, parse_action};
use crate::{Action, Config, Event, MAX_PLAYERS, Tanks, bots, seat_char};

/// A tank's final statistics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Stats {
    /// The tick in which the tank was destroyed (`None`: it survived).
    pub destroyed_at: Option<u32>,
    /// How many tanks its shells destroyed.
    pub kills: u32,
}

/// The seed's controller: one program run per tick with the state line and a newline on its
/// standard input ([`format_observation`]); its output is one command
/// (`mu md ml mr su sd sl sr`, [`parse_action`]), and anything else, a crash or no answer
/// within [`TIMEOUT_MS`] is [`Action::Idle`].
///
/// ```
/// use koth_engine_core::{Contest, Coord, Dir4, FaultKind, PlayerId};
/// use koth_tanks::{Action, Config, Scenario, Tanks};
///
/// assert_eq!(Tanks::seats(&Config::default()), 2..=256);
/// let game = Scenario::torus(3)
///     .tanks([Coord::new(0, 2), Coord::new(2, 1), Coord::new(1, 0)])
///     .build()
///     .unwrap();
/// let message = game.encode(PlayerId(1), &mut ());
/// assert_eq!(message.input.as_deref(), Some(&b"1;3;0,0,2;1,2,1;2,1,0\n"[..]));
/// assert_eq!(game.decode(PlayerId(1), &mut (), b"sl\n").value, Action::Shoot(Dir4::Left));
/// let bad = game.decode(PlayerId(1), &mut (), b"fire!");
/// assert_eq!(bad.value, Action::Idle);
/// assert!(bad.problem.is_some());
/// assert_eq!(game.render(), "0..\n..1\n.2.");
/// ```
impl Contest for Tanks {
    const NAME: &'static str = "tanks";
    const ABOUT: &'static str =
        "the torus tank battle \"Write a Tank AI\" (2 to 256 players, simultaneous ticks)";
    const RANKING: Ranking = Ranking::AveragePlace;
    const TOURNAMENT_GAMES: u32 = 20;
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

    /// 2 to 256 tanks, at most [`Config::side`] when the side is fixed, and exactly as many
    /// as [`Config::ids`] lists when the ids are given.
    fn seats(config: &Config) -> RangeInclusive<usize> {
        let most = config
            .side
            .map_or(MAX_PLAYERS, |side| usize::from(side).min(MAX_PLAYERS));
        match &config.ids {
            Some(ids) => ids.len()..=ids.len().min(most),
            None => 2..=most,
        }
    }

    fn bots() -> &'static BotList<Self> {
        &bots::BOTS
    }

    /// A tank whose program failed does nothing that tick.
    fn substitute(&self, _seat: PlayerId, _kind: FaultKind) -> Action {
        Action::Idle
    }

    fn substitute_setup(_config: &Config, _seat: PlayerId, _kind: FaultKind) {}

    fn stats(&self, seat: PlayerId) -> Stats {
        Stats {
            destroyed_at: self.destroyed_at(seat),
            kills: self.kills(seat),
        }
    }

    /// The torus as ASCII art: one line per row, the top row (y = side - 1) first; `.` is an
    /// empty square and a tank is its [`seat_char`].
    const LEGEND: &'static str = "torus, y up: . empty, 0-9 a-z A-Z a tank by seat";

    /// The torus with its top row first (as [`Contest::render`]), each living tank a square
    /// labelled with its seat; kills per seat.
    fn scene(&self) -> Scene {
        let n = self.side();
        let mut scene = Scene {
            boards: alloc::vec![Board::filled("", n, n, '.')],
            ..Scene::default()
        };
        let top = i32::from(n) - 1;
        for seat in 0..self.num_players() {
            let p = PlayerId(seat as u8);
            if let Some(at) = self.position(p) {
                scene.pieces.push(
                    Piece::on_cell(0, at.x, top - at.y, 0.8, Shape::Square, 't')
                        .of(p.0)
                        .labelled(seat_char(p).to_string()),
                );
            }
            scene
                .meters
                .push(Meter::new(p.0, "kills", i64::from(self.kills(p))));
        }
        scene
    }

    const PALETTE: &'static [Swatch] = &[
        Swatch::new('.', "empty", "#eef2e6"),
        Swatch::new('t', "a tank, by seat", "#444"),
    ];

    fn event_text(e: &Event) -> String {
        match *e {
            Event::Moved { tank, from, to } => format!("{tank} moved {from} -> {to}"),
            Event::LostContest { tank, to, winner } => {
                format!("{tank} lost the contest for {to} to {winner}")
            }
            Event::Blocked { tank, to, by } => format!("{tank} blocked from {to} by {by}"),
            Event::SwapCancelled { tank, with } => format!("{tank} swap with {with} cancelled"),
            Event::Shot { tank, dir, hit } => match hit {
                Some(t) => format!("{tank} fired {dir:?} and hit {t}"),
                None => format!("{tank} fired {dir:?} and missed"),
            },
            Event::Destroyed { tank, by } => format!("{tank} destroyed by {by}"),
            Event::Ended(reason) => format!("ended: {reason:?}"),
        }
    }

    fn render(&self) -> String {
        let n = i32::from(self.side());
        let mut s = String::with_capacity((n as usize + 1) * n as usize);
        for y in (0..n).rev() {
            if y + 1 < n {
                s.push('\n');
            }
            for x in 0..n {
                s.push(self.occupant(Coord::new(x, y)).map_or('.', seat_char));
            }
        }
        s
    }

    /// The board is shown after every tick.
    fn render_after(&self, _events: &[Event]) -> bool {
        true
    }

    /// The command's two letters; nothing for [`Action::Idle`].
    fn action_text(action: &Action) -> String {
        format_action(*action).to_string()
    }

    /// The two letters of a command, or the empty text for [`Action::Idle`].
    fn parse_action_text(text: &str) -> Option<Action> {
        if text.is_empty() {
            Some(Action::Idle)
        } else {
            parse_action(text.as_bytes()).ok()
        }
    }

    fn link(_info: &LinkInfo<'_>) -> Result<(), String> {
        Ok(())
    }

    fn decode_setup(_config: &Config, _link: &mut (), _answer: &[u8]) -> Answer<()> {
        Answer::ok(())
    }

    /// The state line and a newline on standard input, no arguments.
    fn encode(&self, seat: PlayerId, _link: &mut ()) -> Message {
        let mut line = format_observation(&self.observe(seat));
        line.push('\n');
        Message::input(line)
    }

    fn decode(&self, _seat: PlayerId, _link: &mut (), answer: &[u8]) -> Answer<Action> {
        match parse_action(answer) {
            Ok(action) => Answer::ok(action),
            Err(e) => Answer::invalid(
                Action::Idle,
                format!("{e} in output {:?}; idle", preview(answer)),
            ),
        }
    }
}
