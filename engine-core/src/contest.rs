//! A game as a contest: everything a runner needs besides the rules, described by the game
//! crate itself in one place ([`Contest`]).

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Debug;
use core::ops::RangeInclusive;

use crate::scene::{Scene, Swatch};
use crate::{Bot, Game, PlayerId};

/// Why a player's answer was not used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum FaultKind {
    /// No answer in time (the program was killed).
    Timeout,
    /// An answer that is not a valid action, or an action the rules refused.
    Invalid,
    /// The program exited unsuccessfully or was killed by a signal.
    Crash,
    /// The program could not be started or talked to.
    Io,
}

impl FaultKind {
    /// The kind's name in reports (`timeout`, `invalid`, `crash`, `io`).
    pub const fn as_str(self) -> &'static str {
        match self {
            FaultKind::Timeout => "timeout",
            FaultKind::Invalid => "invalid",
            FaultKind::Crash => "crash",
            FaultKind::Io => "io",
        }
    }
}

/// How tournaments order a game's standings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ranking {
    /// Most points first, then most wins. Points are 1 / 0.5 / 0 for a duel's win, draw and
    /// loss, and the game's score in a free-for-all.
    Points,
    /// Best average place first, then most wins (points are still shown).
    AveragePlace,
}

/// The family of process protocol an external program speaks; a runner has one transport
/// per family.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// The program is run once per call: [`Message::args`] after its own arguments,
    /// [`Message::input`] on its standard input; its standard output is the answer.
    PerCall,
    /// One process for the whole game: each call writes [`Message::input`] and a newline to
    /// its standard input and reads one line back.
    LongRunning,
    /// The bot is an HTTP server: each call POSTs [`Message::input`] (with
    /// [`Message::content_type`]) to its URL; the reply body is the answer.
    Http,
}

/// The limits and conventions of a game's process protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Protocol {
    /// Which transport carries it.
    pub family: Family,
    /// The time for one call, in milliseconds.
    pub call_ms: u64,
    /// The time for all of one player's calls of a game together, if limited.
    pub game_ms: Option<u64>,
    /// The memory a bot process may use, in MiB, if the contest set a limit.
    pub memory_mb: Option<u64>,
    /// The program keeps a state file `<NAME>.txt` in its working folder, emptied before each
    /// game (naval).
    pub state_file: bool,
}

/// What a program is given for one call (see [`Family`] for how each transport sends it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Message {
    /// Arguments after the program's own (one-run-per-call programs).
    pub args: Vec<String>,
    /// The standard input (per call), the line (long-running, without its newline) or the
    /// request body (HTTP). `None`: nothing (a per-call program's input is then empty).
    pub input: Option<Vec<u8>>,
    /// The body's media type (HTTP).
    pub content_type: Option<String>,
}

impl Message {
    /// A message of arguments only.
    pub fn args(args: Vec<String>) -> Self {
        Message {
            args,
            ..Message::default()
        }
    }

    /// A message of input only.
    pub fn input(input: impl Into<Vec<u8>>) -> Self {
        Message {
            input: Some(input.into()),
            ..Message::default()
        }
    }
}

/// A decoded answer: the value to play, and what was wrong with the text if anything (the
/// value is then the protocol's substitute, and the runner records an `invalid` fault).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer<T> {
    /// What to play.
    pub value: T,
    /// Why the answer was not (entirely) valid.
    pub problem: Option<String>,
}

impl<T> Answer<T> {
    /// A valid answer.
    pub fn ok(value: T) -> Self {
        Answer {
            value,
            problem: None,
        }
    }

    /// An invalid answer replaced by `value`.
    pub fn invalid(value: T, problem: impl Into<String>) -> Self {
        Answer {
            value,
            problem: Some(problem.into()),
        }
    }
}

/// Who a seat's protocol link talks to, given once before a match (see [`Contest::link`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LinkInfo<'a> {
    /// The seat.
    pub seat: PlayerId,
    /// Every seat's name, in seat order.
    pub names: &'a [String],
    /// The match seed.
    pub seed: u64,
    /// The dialect the bot speaks (one of [`Contest::DIALECTS`]; empty for games with one).
    pub dialect: &'a str,
    /// A number that tells this runner's matches apart from another runner's with the same
    /// seed (a runner passes its process id).
    pub runner: u64,
}

/// A built-in bot's listing and constructor.
pub struct BotEntry<G: Contest> {
    /// The stable id (`builtin:ID`).
    pub id: &'static str,
    /// The bot's name (the original entry's, for ports).
    pub name: &'static str,
    /// A one-line description.
    pub about: &'static str,
    /// Makes a fresh bot.
    pub make: fn() -> Box<dyn Bot<G>>,
}

impl<G: Contest> Debug for BotEntry<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("BotEntry")
            .field("id", &self.id)
            .field("name", &self.name)
            .field("about", &self.about)
            .finish()
    }
}

/// A game's built-in bots and its default line-up: one static value per game crate.
#[derive(Debug)]
pub struct BotList<G: Contest> {
    /// Every bot, in listing order.
    pub entries: &'static [BotEntry<G>],
    /// The ids `koth play` seats without `--bot` (cycled or cut to the config's seat range
    /// by [`BotList::lineup`]).
    pub default_lineup: &'static [&'static str],
}

impl<G: Contest> BotList<G> {
    /// The entry with this id.
    pub fn get(&self, id: &str) -> Option<&'static BotEntry<G>> {
        self.entries.iter().find(|e| e.id == id)
    }

    /// A fresh bot by id, or `None` for an unknown id.
    pub fn make(&self, id: &str) -> Option<Box<dyn Bot<G>>> {
        self.get(id).map(|e| (e.make)())
    }

    /// Every id, in listing order.
    pub fn ids(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.entries.iter().map(|e| e.id)
    }

    /// The default line-up fitted to `seats`: cut to the most seats, or repeated from the
    /// start up to the fewest. Empty when no seat count is possible (a config whose range is
    /// empty, say a torus too small for two tanks).
    pub fn lineup(&self, seats: RangeInclusive<usize>) -> Vec<&'static str> {
        let base = self.default_lineup;
        if base.is_empty() || seats.is_empty() {
            return Vec::new();
        }
        let n = base.len().clamp(*seats.start(), *seats.end());
        (0..n).map(|i| base[i % base.len()]).collect()
    }
}

/// A game as a contest: its name, seats, built-in bots, pre-game choices, statistics,
/// rendering and process protocol. One implementation per game crate; runners (the `koth`
/// binary, the [`runner`](crate::runner) module, tests) are generic over it.
pub trait Contest: Game + 'static {
    /// The game's name on the command line and in reports.
    const NAME: &'static str;
    /// A one-line description.
    const ABOUT: &'static str;
    /// How tournaments rank this game's players.
    const RANKING: Ranking;
    /// Matches per pair (duels) or games per series (free-for-all) in a default tournament.
    const TOURNAMENT_GAMES: u32;
    /// Whether a readable log lists every turn's actions.
    const LOG_ACTIONS: bool;
    /// How external programs play.
    const PROTOCOL: Protocol;
    /// The dialects of the protocol, the first being the default (empty: one dialect).
    const DIALECTS: &'static [&'static str];

    /// A seat's pre-game choice (naval: the ship class; `()` where there is none).
    type Setup: Clone + Debug;
    /// Final per-player statistics.
    type Stats: Clone + Debug + PartialEq;
    /// Per-seat protocol state kept between one player's calls (`()` where none is needed).
    type Link: Send;

    /// How many players `config` seats.
    fn seats(config: &Self::Config) -> RangeInclusive<usize>;

    /// The built-in bots.
    fn bots() -> &'static BotList<Self>;

    /// Writes `seat`'s pre-game choice into the config [`Game::new`] is built from. The
    /// default ignores it (for games without choices).
    fn apply_setup(config: &mut Self::Config, seat: PlayerId, setup: Self::Setup) {
        let _ = (config, seat, setup);
    }

    /// The action `seat` plays when its player failed: no answer in time, a crash or an I/O
    /// error, or (`FaultKind::Invalid`) an action the rules refused.
    fn substitute(&self, seat: PlayerId, kind: FaultKind) -> Self::Action;

    /// The pre-game choice of a program whose setup call failed (naval: no ship).
    fn substitute_setup(config: &Self::Config, seat: PlayerId, kind: FaultKind) -> Self::Setup;

    /// Final statistics of `seat`.
    fn stats(&self, seat: PlayerId) -> Self::Stats;

    /// The whole state as text, for logs and playthroughs (no trailing newline).
    fn render(&self) -> String;

    /// An event as a log shows it (the effects of a turn: hits, refusals, kills); by
    /// default its `Debug` form.
    fn event_text(event: &Self::Event) -> String {
        alloc::format!("{event:?}")
    }

    /// What the characters of [`Contest::render`] mean, one line or a few (no trailing
    /// newline; empty where the rendering explains itself).
    const LEGEND: &'static str = "";

    /// The state as a viewer draws it: boards, pieces and numbers per seat. By default an
    /// empty scene (a viewer then shows [`Contest::render`] alone).
    fn scene(&self) -> Scene {
        Scene::default()
    }

    /// What the marks of [`Contest::scene`] mean and their colours: the viewer's legend.
    const PALETTE: &'static [Swatch] = &[];

    /// Whether a log shows [`Contest::render`] after a turn with these events (the first and
    /// the final state are always shown).
    fn render_after(&self, events: &[Self::Event]) -> bool;

    /// An action as protocol text (replays record actions this way).
    fn action_text(action: &Self::Action) -> String;

    /// Parses [`Contest::action_text`] back.
    fn parse_action_text(text: &str) -> Option<Self::Action>;

    /// A seat's protocol state for a match, or why the dialect is not spoken.
    fn link(info: &LinkInfo<'_>) -> Result<Self::Link, String>;

    /// The pre-game call of a program, if the protocol has one (naval asks for the class).
    fn setup_message(config: &Self::Config, link: &mut Self::Link) -> Option<Message> {
        let _ = (config, link);
        None
    }

    /// Decodes the answer to [`Contest::setup_message`] (never called where that is `None`).
    fn decode_setup(
        config: &Self::Config,
        link: &mut Self::Link,
        answer: &[u8],
    ) -> Answer<Self::Setup>;

    /// What `seat`'s program is given to decide its action now.
    fn encode(&self, seat: PlayerId, link: &mut Self::Link) -> Message;

    /// Decodes `seat`'s program's answer (invalid text gives the protocol's substitute).
    fn decode(&self, seat: PlayerId, link: &mut Self::Link, answer: &[u8]) -> Answer<Self::Action>;

    /// A last message after the game is over (its answer is ignored), if the protocol has one.
    fn final_message(&self, seat: PlayerId, link: &mut Self::Link) -> Option<Message> {
        let _ = (seat, link);
        None
    }
}

/// The first 80 bytes of a program's answer as text, with `…` when cut: for the problem
/// text of an invalid answer.
///
/// ```
/// assert_eq!(koth_engine_core::preview(b"hello"), "hello");
/// assert_eq!(koth_engine_core::preview(&[b'x'; 100]).chars().count(), 81);
/// ```
pub fn preview(bytes: &[u8]) -> String {
    let cut = &bytes[..bytes.len().min(80)];
    let mut s = String::from_utf8_lossy(cut).into_owned();
    if bytes.len() > cut.len() {
        s.push('…');
    }
    s
}
