//! Bomberman as a contest: everything a runner needs besides the rules.

use alloc::format;
use alloc::string::String;
use core::ops::RangeInclusive;

use koth_engine_core::scene::{Scene, Swatch};
use koth_engine_core::{
    Answer, BotList, Contest, Family, FaultKind, LinkInfo, Message, PlayerId, Protocol, Ranking,
    preview,
};

use crate::protocol::{GAME_TIME_MS, MEMORY_LIMIT_MB, TICK_TIMEOUT_MS, action_json, parse_action};
use crate::{Action, Bomberman, Config, Event, bots};

/// A log shows the lattice every this many ticks (and the first and final state).
const RENDER_EVERY_TICKS: u32 = 100;

/// A player's final statistics, as reports show them (the score is in the outcome).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Stats {
    /// Lives left (0: out of the game).
    pub lives_left: u32,
    /// Bricks destroyed by explosions it was a creator of (shared ones count fully).
    pub walls: u32,
    /// Bonuses picked up.
    pub bonuses: u32,
    /// Hits on opponents by explosions it was a creator of (shared ones count fully).
    pub kills: u32,
    /// Hits on itself by explosions it was a creator of.
    pub self_hits: u32,
}

/// One program's protocol state during a game: none, as every line is complete (the rules
/// included), so the contest's [`Contest::Link`] is this empty type.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ProgramLink;

/// The contest's program protocol ([`crate::protocol`]): one process per player for the whole
/// game; before each tick in which the player is on the field it gets one
/// [`observation_json`](crate::protocol::observation_json) line (complete, the rules included) and answers one line
/// `{"speedX": f, "speedY": f, "drop": bool}`. [`TICK_TIMEOUT_MS`] per tick,
/// [`GAME_TIME_MS`] per game, [`MEMORY_LIMIT_MB`] of memory. A late, malformed or missing
/// answer means standing still without dropping ([`Action::IDLE`]).
impl Contest for Bomberman {
    const NAME: &'static str = "bomberman";
    const ABOUT: &'static str =
        "continuous-space Bomberman on a 15 x 15 lattice (4 players, or 2 in duel mode)";
    const RANKING: Ranking = Ranking::Points;
    const TOURNAMENT_GAMES: u32 = 20;
    const LOG_ACTIONS: bool = false;
    const PROTOCOL: Protocol = Protocol {
        family: Family::LongRunning,
        call_ms: TICK_TIMEOUT_MS,
        game_ms: Some(GAME_TIME_MS),
        memory_mb: Some(MEMORY_LIMIT_MB),
        state_file: false,
    };
    const DIALECTS: &'static [&'static str] = &[];

    type Setup = ();
    type Stats = Stats;
    type Link = ProgramLink;

    /// Exactly the mode's number of players ([`Mode::players`](crate::Mode::players)): 4 in
    /// standard and fragile mode, 2 in a duel.
    fn seats(config: &Config) -> RangeInclusive<usize> {
        let n = config.mode.players();
        n..=n
    }

    fn bots() -> &'static BotList<Self> {
        &bots::BOTS
    }

    fn substitute(&self, _seat: PlayerId, _kind: FaultKind) -> Action {
        Action::IDLE
    }

    fn substitute_setup(_config: &Config, _seat: PlayerId, _kind: FaultKind) {}

    fn stats(&self, seat: PlayerId) -> Stats {
        let s = Bomberman::stats(self, seat);
        Stats {
            lives_left: s.lives_left,
            walls: s.walls,
            bonuses: s.bonuses,
            kills: s.kills,
            self_hits: s.self_hits,
        }
    }

    const LEGEND: &'static str = "# concrete, + brick, % brick with a bonus, * explosion, o bomb, \
                                  p/b power/bomb bonus, . floor, 0-3 a player; then each \
                                  player's record and the bombs";

    fn scene(&self) -> Scene {
        self.world().scene()
    }

    const PALETTE: &'static [Swatch] = &[
        Swatch::new('.', "floor", "#e9efe3"),
        Swatch::new('#', "concrete", "#5d5d5d"),
        Swatch::new('+', "brick", "#b5651d"),
        Swatch::new('%', "brick with a bonus", "#d08a3c"),
        Swatch::new('p', "power bonus", "#8e44ad"),
        Swatch::new('b', "bomb bonus", "#2980b9"),
        Swatch::new('o', "a bomb, with its timeout", "#222"),
        Swatch::new('*', "explosion", "#f39c12"),
        Swatch::new('P', "a player, by seat (ring: stunned)", "#444"),
    ];

    fn event_text(event: &Event) -> String {
        alloc::string::ToString::to_string(event)
    }

    fn render(&self) -> String {
        let mut s = Bomberman::render(self);
        while s.ends_with('\n') {
            s.pop();
        }
        s
    }

    /// Every 100 ticks.
    fn render_after(&self, _events: &[Event]) -> bool {
        self.tick() % RENDER_EVERY_TICKS == 0
    }

    fn action_text(action: &Action) -> String {
        action_json(action)
    }

    fn parse_action_text(text: &str) -> Option<Action> {
        parse_action(text).ok()
    }

    fn link(_info: &LinkInfo<'_>) -> Result<ProgramLink, String> {
        Ok(ProgramLink)
    }

    fn decode_setup(_config: &Config, _link: &mut ProgramLink, _answer: &[u8]) -> Answer<()> {
        Answer::ok(())
    }

    fn encode(&self, seat: PlayerId, _link: &mut ProgramLink) -> Message {
        Message::input(self.observation_line(seat))
    }

    fn decode(&self, _seat: PlayerId, _link: &mut ProgramLink, answer: &[u8]) -> Answer<Action> {
        match parse_action(&String::from_utf8_lossy(answer)) {
            Ok(action) => Answer::ok(action),
            Err(e) => Answer::invalid(Action::IDLE, format!("{e} in answer {:?}", preview(answer))),
        }
    }
}
