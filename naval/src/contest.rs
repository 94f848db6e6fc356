//! Naval as a contest: everything a runner needs besides the rules.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;
use core::ops::RangeInclusive;

use koth_engine_core::scene::{Scene, Swatch};
use koth_engine_core::{
    Answer, BotList, Contest, Family, FaultKind, LinkInfo, Message, PlayerId, Protocol, Ranking,
    preview,
};

use crate::protocol::{
    TIMEOUT_MS, observation_line, parse_answer, parse_answer_2017, parse_class, parse_class_2017,
};
use crate::{Config, Event, MAX_PLAYERS, MIN_PLAYERS, Naval, Orders, Profile, ShipClass, bots};

/// A log shows the sea at the start of round 1, 11, 21, ... (every this many rounds).
pub const RENDER_EVERY_ROUNDS: u32 = 10;

/// A seat's final statistics: the numbers that make its score.
///
/// With the `serde` feature it serialises to exactly the keys `hits`, `sunken`, `damage`,
/// `alive` and `class` (the class name, or `null` for a seat without a ship).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Stats {
    /// Enemy hull cells this ship damaged.
    pub hits: u32,
    /// Enemy ships this ship sank.
    pub sunken: u32,
    /// Damage taken (not reduced by repairs; absorbed damage is not taken).
    pub damage: u32,
    /// Whether the ship has at least one intact hull cell (`false` without a ship).
    pub alive: bool,
    /// The class, or `None` for a seat whose class choice was bad.
    pub class: Option<ShipClass>,
}

impl Stats {
    /// `hits + 5 * sunken - damage - (alive ? 0 : 10)`; 0 for a seat without a ship.
    pub fn score(&self) -> i64 {
        if self.class.is_none() {
            return 0;
        }
        i64::from(self.hits) + 5 * i64::from(self.sunken)
            - i64::from(self.damage)
            - if self.alive { 0 } else { 10 }
    }
}

/// The seed's controller: a program is run once with no argument and prints its class
/// ([`parse_class`]; anything else: no ship), then once per turn with its
/// [`observation_line`] as its one argument, printing an action string ([`parse_answer`]:
/// malformed pieces play `W`). Every call has [`TIMEOUT_MS`]; a late or crashed turn plays
/// `W`, a failed class choice gives no ship. The program keeps its state file `<name>.txt`,
/// which the runner creates empty before each game (koth: in the bot's private folder for that game).
impl Contest for Naval {
    const NAME: &'static str = "naval";
    const ABOUT: &'static str = "the \"Hit and sunk\" free-for-all of five ship classes (2 to 100 players, whole turns in a shuffled order)";
    const RANKING: Ranking = Ranking::Points;
    const TOURNAMENT_GAMES: u32 = 20;
    const LOG_ACTIONS: bool = true;
    const PROTOCOL: Protocol = Protocol {
        family: Family::PerCall,
        call_ms: TIMEOUT_MS,
        game_ms: None,
        memory_mb: None,
        state_file: true,
    };
    const DIALECTS: &'static [&'static str] = &[];

    /// The class chosen before the game; `None` is a bad choice (no ship).
    type Setup = Option<ShipClass>;
    type Stats = Stats;
    type Link = ();

    /// `2..=100`, and at least as many seats as the config lists classes.
    fn seats(config: &Config) -> RangeInclusive<usize> {
        MIN_PLAYERS.max(config.classes.len())..=MAX_PLAYERS
    }

    fn bots() -> &'static BotList<Self> {
        &bots::BOTS
    }

    /// Writes the class into [`Config::classes`] ([`Config::set_class`]).
    fn apply_setup(config: &mut Config, seat: PlayerId, setup: Option<ShipClass>) {
        config.set_class(seat.index(), setup);
    }

    /// `W`.
    fn substitute(&self, _seat: PlayerId, _kind: FaultKind) -> Orders {
        Orders::wait()
    }

    /// No ship.
    fn substitute_setup(_config: &Config, _seat: PlayerId, _kind: FaultKind) -> Option<ShipClass> {
        None
    }

    fn stats(&self, seat: PlayerId) -> Stats {
        Naval::stats(self, seat)
    }

    /// `round R of N`, then [`Naval::picture`].
    const LEGEND: &'static str = "sea: . water, M mine, W wreck, 0-9 a-z a ship's intact cells by \
                                  seat, * a damaged cell, # the edge; then each ship's class, \
                                  head, facing, hull, mines and scores";

    fn scene(&self) -> Scene {
        self.sea_scene()
    }

    const PALETTE: &'static [Swatch] = &[
        Swatch::new('.', "water", "#cfe3f3"),
        Swatch::new('M', "a mine", "#333"),
        Swatch::new('W', "a wreck", "#8a6d4b"),
        Swatch::new(
            'h',
            "a ship's intact cell, by seat (ring: submerged)",
            "#444",
        ),
        Swatch::new('*', "a ship's damaged cell", "#c0392b"),
    ];

    fn event_text(e: &Event) -> String {
        match e {
            Event::RoundStarted { round, order } => {
                let order: Vec<String> = order.iter().map(|p| p.to_string()).collect();
                format!("round {round}: {}", order.join(" "))
            }
            Event::Moved { ship, back, head } => {
                format!(
                    "{ship} {} to {head}",
                    if *back { "back" } else { "forward" }
                )
            }
            Event::Rotated { ship, dir, .. } => format!("{ship} turns {dir:?}"),
            Event::Rammed { ship, target, cell } => format!("{ship} rams {target} at {cell}"),
            Event::Fired { ship, cell } => format!("{ship} fires at {cell}"),
            Event::Hit {
                ship,
                cell,
                by,
                cause,
            } => format!("{ship} hit at {cell} by {by} ({cause:?})"),
            Event::Absorbed { ship, cell, .. } => format!("{ship} shield absorbs {cell}"),
            Event::MineLaid { ship, cell } => format!("{ship} lays a mine at {cell}"),
            Event::MineExploded { cell, chained, .. } => {
                format!(
                    "mine {cell} explodes{}",
                    if *chained { " (chain)" } else { "" }
                )
            }
            Event::Sunk { ship, by } => format!("{ship} SUNK by {by}"),
            Event::Scanned { ship } => format!("{ship} scans"),
            Event::Dived { ship } => format!("{ship} dives"),
            Event::Surfaced { ship, forced } => {
                format!("{ship} surfaces{}", if *forced { " (forced)" } else { "" })
            }
            Event::Repaired { ship, cell } => format!("{ship} repairs {cell}"),
            Event::ShieldRaised { ship } => format!("{ship} raises its shield"),
            Event::Refused {
                index,
                order,
                reason,
                ..
            } => format!("#{index} {order} refused: {reason}"),
            Event::Ended { reason } => format!("game over: {reason:?}"),
        }
    }

    fn render(&self) -> String {
        let mut s = format!(
            "round {} of {}\n{}",
            self.round(),
            self.rounds(),
            self.picture()
        );
        while s.ends_with('\n') {
            s.pop();
        }
        s
    }

    /// At the start of round 1 + k * [`RENDER_EVERY_ROUNDS`].
    fn render_after(&self, events: &[Event]) -> bool {
        events.iter().any(
            |e| matches!(e, Event::RoundStarted { round, .. } if round % RENDER_EVERY_ROUNDS == 1),
        )
    }

    fn action_text(action: &Orders) -> String {
        action.to_string()
    }

    fn parse_action_text(text: &str) -> Option<Orders> {
        text.parse().ok()
    }

    fn link(_info: &LinkInfo<'_>) -> Result<(), String> {
        Ok(())
    }

    /// The first call: no arguments, no input.
    fn setup_message(_config: &Config, _link: &mut ()) -> Option<Message> {
        Some(Message::args(Vec::new()))
    }

    /// Under the `hitmaster2017` profile only the answer's first word counts.
    fn decode_setup(config: &Config, _link: &mut (), answer: &[u8]) -> Answer<Option<ShipClass>> {
        let class = match config.profile {
            Profile::Rules => parse_class(answer),
            Profile::Hitmaster2017 => parse_class_2017(answer),
        };
        match class {
            Ok(class) => Answer::ok(Some(class)),
            Err(e) => Answer::invalid(
                None,
                format!(
                    "class choice failed, no ship: {e} in output {:?}",
                    preview(answer)
                ),
            ),
        }
    }

    fn encode(&self, seat: PlayerId, _link: &mut ()) -> Message {
        Message::args(vec![observation_line(&self.observation(seat))])
    }

    /// The leniently parsed orders; each malformed piece played `W` and is listed in the
    /// problem (`"xy" at 1 is not an action; played W; ...`).
    ///
    /// Under the `hitmaster2017` profile the answer is read as the 2017 controller read it
    /// ([`parse_answer_2017`](crate::protocol::parse_answer_2017)).
    fn decode(&self, _seat: PlayerId, _link: &mut (), answer: &[u8]) -> Answer<Orders> {
        let parsed = match self.profile {
            Profile::Rules => parse_answer(answer),
            Profile::Hitmaster2017 => parse_answer_2017(answer),
        };
        if parsed.issues.is_empty() {
            return Answer::ok(parsed.orders);
        }
        let problem = parsed
            .issues
            .iter()
            .map(|i| i.to_string())
            .collect::<Vec<_>>()
            .join("; ");
        Answer::invalid(parsed.orders, problem)
    }
}
