//! The duel as a contest: everything a runner needs besides the rules, and the arena's side
//! of the HTTP protocol (what it POSTs, how it reads the replies).

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::ops::RangeInclusive;

use koth_engine_core::draw::derive_seed;
use koth_engine_core::scene::{Scene, Swatch};
use koth_engine_core::{
    Answer, BotList, Contest, Family, FaultKind, Game, LinkInfo, Message, PlayerId, Protocol,
    Ranking, preview,
};

use crate::wire::{
    Body, DraftRequest, FormAct, FormRequest, JsonAction, JsonRequest, MatchId, ReplyError,
    Request, Settings, TIMEOUT_MS, parse_placement_reply, shot_reply_text,
};
use crate::{
    Action, Battleship, Cell, Config, Dialect, Event, ForfeitReason, Phase, bots, parse_xy,
};

/// A player's final statistics.
///
/// With the `serde` feature it serialises to exactly the keys `shots`, `hits` and `sunk`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Stats {
    /// Shots fired.
    pub shots: u32,
    /// Shots that struck a ship afloat (sinking and winning shots included).
    pub hits: u32,
    /// The opponent's ships this player sank.
    pub sunk: u16,
}

/// What the arena keeps for one seat's HTTP bot during one match (its [`Contest::Link`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// The dialect the bot speaks.
    pub dialect: Dialect,
    /// The match number sent as `match_id` / `game-id`: the same for both seats of a match,
    /// different between matches (see [`Link::new`]).
    pub number: u64,
    /// The other seat's name, sent as `opponent`.
    pub opponent: String,
}

impl Link {
    /// The link of `info.seat`: the dialect named by `info.dialect` (empty: `draft`, the
    /// default), the opponent's name, and the match number
    /// `derive_seed(seed, runner) >> 11`. Both seats of a match derive the same number from
    /// the match seed; the runner's number (its process id) keeps two arenas playing the same
    /// seed apart; the shift keeps it below 2^53, so JavaScript bots read it exactly.
    pub fn new(info: &LinkInfo<'_>) -> Result<Link, String> {
        let dialect = match info.dialect {
            "" => Dialect::default(),
            name => name.parse().map_err(|_| {
                format!("unknown battleship dialect {name:?} (known: draft, form, json)")
            })?,
        };
        Ok(Link {
            dialect,
            number: derive_seed(info.seed, info.runner) >> 11,
            opponent: info
                .names
                .get(info.seat.opponent().index())
                .cloned()
                .unwrap_or_default(),
        })
    }

    /// The request `seat` is sent to decide its action in `game`: `init` while placing, then
    /// a turn (`play` in `draft`, `fight` in `form`, `play-turn` in `json`).
    pub fn request(&self, game: &Battleship, seat: PlayerId) -> Request {
        let obs = game.observe(seat);
        let settings = Settings::from(game.config());
        let match_id = MatchId {
            number: self.number,
            seat,
        };
        let opponent = self.opponent.clone();
        let placing = obs.phase == Phase::Placing;
        match self.dialect {
            Dialect::Draft if placing => Request::Draft(DraftRequest::Init {
                match_id,
                opponent,
                settings,
            }),
            Dialect::Draft => Request::Draft(DraftRequest::play(match_id, &obs)),
            Dialect::Form => Request::Form(FormRequest {
                match_id,
                opponent,
                settings,
                act: if placing {
                    FormAct::Init
                } else {
                    FormAct::Fight {
                        your_strikes: obs.my_shots.to_vec(),
                        his_strikes: obs.their_shots.to_vec(),
                    }
                },
            }),
            Dialect::Json => Request::Json(JsonRequest {
                game_id: self.number,
                seat,
                opponent,
                settings,
                action: if placing {
                    JsonAction::Init
                } else {
                    JsonAction::PlayTurn {
                        your_strikes: obs.my_shots.to_vec(),
                        his_strikes: obs.their_shots.to_vec(),
                    }
                },
            }),
        }
    }
}

/// A request body as the message a transport POSTs.
fn message(body: Body) -> Message {
    Message {
        args: Vec::new(),
        input: Some(body.bytes),
        content_type: Some(body.content_type.to_string()),
    }
}

/// The Bots Arena as the runner: each bot is an HTTP server that is POSTed one request per
/// decision ([`Link::request`], in the bot's dialect) and answers with a placement or a shot.
/// A request that times out ([`TIMEOUT_MS`]), cannot be sent, gets a non-2xx status or an
/// answer that is no placement or shot forfeits the match
/// ([`Action::Forfeit`] with the matching [`ForfeitReason`]); a placement that breaks the rules
/// or a shot off the grid is played, and the engine ends the match on it. In the `draft`
/// dialect each bot still reachable is told the result (`act=end`).
impl Contest for Battleship {
    const NAME: &'static str = "battleship";
    const ABOUT: &'static str =
        "the Bots Arena Battleship duel, bots served over HTTP (2 players, turn by turn)";
    const RANKING: Ranking = Ranking::Points;
    const TOURNAMENT_GAMES: u32 = 20;
    const LOG_ACTIONS: bool = true;
    const PROTOCOL: Protocol = Protocol {
        family: Family::Http,
        call_ms: TIMEOUT_MS,
        game_ms: None,
        memory_mb: None,
        state_file: false,
    };
    /// [`Dialect::ALL`] by name, `draft` (the default) first.
    const DIALECTS: &'static [&'static str] = &["draft", "form", "json"];

    type Setup = ();
    type Stats = Stats;
    type Link = Link;

    fn seats(_config: &Config) -> RangeInclusive<usize> {
        2..=2
    }

    fn bots() -> &'static BotList<Self> {
        &bots::BOTS
    }

    /// A failed request forfeits: a timeout as [`ForfeitReason::Timeout`], a connection
    /// failure as [`ForfeitReason::ConnectionError`], a non-2xx status as
    /// [`ForfeitReason::ErrorStatus`], an oversized answer (or an action of the wrong phase)
    /// as [`ForfeitReason::InvalidAnswer`].
    fn substitute(&self, _seat: PlayerId, kind: FaultKind) -> Action {
        Action::Forfeit(match kind {
            FaultKind::Timeout => ForfeitReason::Timeout,
            FaultKind::Io => ForfeitReason::ConnectionError,
            FaultKind::Crash => ForfeitReason::ErrorStatus,
            FaultKind::Invalid => ForfeitReason::InvalidAnswer,
        })
    }

    fn substitute_setup(_config: &Config, _seat: PlayerId, _kind: FaultKind) {}

    fn stats(&self, seat: PlayerId) -> Stats {
        let shots = self.shots(seat);
        Stats {
            shots: shots.len() as u32,
            hits: shots.iter().filter(|s| s.result.is_hit()).count() as u32,
            sunk: self.ships_lost(seat.opponent()),
        }
    }

    /// Before anything is placed: the settings on one line. Then both boards
    /// ([`Battleship::render_boards`]) and, once over, `P0 wins (Reason)` or
    /// `draw (Reason)`.
    const LEGEND: &'static str = "each player's own grid: . water, # ship, X ship hit, * ship \
                                  sunk, o shot in the water, ? no fleet yet";

    fn scene(&self) -> Scene {
        self.boards_scene()
    }

    const PALETTE: &'static [Swatch] = &[
        Swatch::new('.', "water", "#cfe3f3"),
        Swatch::new('#', "ship", "#7f8c8d"),
        Swatch::new('X', "ship hit", "#e67e22"),
        Swatch::new('*', "ship sunk", "#c0392b"),
        Swatch::new('o', "shot in the water", "#7fb3d5"),
        Swatch::new('?', "no fleet yet", "#ddd"),
    ];

    fn event_text(event: &Event) -> String {
        match event {
            Event::Placed { player } => format!("{player} placed its fleet"),
            Event::Shot { player, at, result } => {
                let word = match result.word() {
                    "" => "miss",
                    word => word,
                };
                format!("{player} shot {at}: {word}")
            }
            Event::Forfeited { player, reason } => format!("{player} forfeited ({reason})"),
            Event::Ended(end) => match end.winner {
                Some(p) => format!("{p} wins ({})", end.reason.word()),
                None => format!("the match ended ({})", end.reason.word()),
            },
        }
    }

    fn render(&self) -> String {
        let c = self.config();
        if self.phase() == Phase::Placing && self.fleet(PlayerId(0)).is_none() {
            return format!(
                "           {}x{} grid, ships of length 1..6: {:?}",
                c.width, c.height, c.ships
            );
        }
        let mut s = self.render_boards();
        match self.end() {
            Some(end) => s.push_str(&match end.winner {
                Some(p) => format!("{p} wins ({:?})", end.reason),
                None => format!("draw ({:?})", end.reason),
            }),
            None => {
                s.pop();
            }
        }
        s
    }

    /// The boards are shown at the start and at the end only.
    fn render_after(&self, _events: &[Event]) -> bool {
        false
    }

    /// `place 1,0-1,3 2,4-3,4`, `3,4` or `forfeit timeout` (the [`Action`]'s `Display`).
    fn action_text(action: &Action) -> String {
        action.to_string()
    }

    fn parse_action_text(text: &str) -> Option<Action> {
        text.parse().ok()
    }

    fn link(info: &LinkInfo<'_>) -> Result<Link, String> {
        Link::new(info)
    }

    fn decode_setup(_config: &Config, _link: &mut Link, _answer: &[u8]) -> Answer<()> {
        Answer::ok(())
    }

    fn encode(&self, seat: PlayerId, link: &mut Link) -> Message {
        message(link.request(self, seat).encode())
    }

    /// While placing: the dialect's placement reply, played as it is (a placement that
    /// breaks the rules is recorded as invalid and loses). Then the dialect's shot reply (a
    /// shot off the grid is recorded as invalid and loses). An answer that is neither
    /// forfeits with [`ForfeitReason::InvalidAnswer`].
    fn decode(&self, _seat: PlayerId, link: &mut Link, answer: &[u8]) -> Answer<Action> {
        let config = self.config();
        let unreadable = |e: &dyn core::fmt::Display| {
            Answer::invalid(
                Action::Forfeit(ForfeitReason::InvalidAnswer),
                format!("{e} in reply {:?}", preview(answer)),
            )
        };
        if self.phase() == Phase::Placing {
            match parse_placement_reply(link.dialect, answer) {
                Ok(p) => match p.validate(config) {
                    Ok(_) => Answer::ok(Action::Place(p)),
                    Err(e) => Answer::invalid(Action::Place(p), format!("invalid placement: {e}")),
                },
                Err(e) => unreadable(&e),
            }
        } else {
            let text = match shot_reply_text(link.dialect, answer) {
                Ok(text) => text,
                Err(e) => return unreadable(&e),
            };
            match parse_xy(&text) {
                Some((x, y)) if Cell::checked(x, y, config.width, config.height).is_some() => {
                    Answer::ok(Action::Shoot { x, y })
                }
                // Quoted as sent: a number too large for u32 is not shown saturated.
                Some((x, y)) => Answer::invalid(
                    Action::Shoot { x, y },
                    format!(
                        "shot {text} is off the {}x{} grid",
                        config.width, config.height
                    ),
                ),
                None => unreadable(&ReplyError::Shot),
            }
        }
    }

    /// The `draft` dialect tells the bot how the match ended (`act=end`; the reply is
    /// ignored), but only a bot that was sent `init` in this match: player 1 is always asked
    /// first, player 2 only once player 1 has placed a valid fleet (after an invalid one,
    /// player 2 wins without ever being asked, and hears nothing). The other dialects have no
    /// end message.
    fn final_message(&self, seat: PlayerId, link: &mut Link) -> Option<Message> {
        let end = self.end()?;
        let sent_init = seat == PlayerId(0) || self.fleet(PlayerId(0)).is_some();
        if link.dialect != Dialect::Draft || !sent_init {
            return None;
        }
        let request = Request::Draft(DraftRequest::End {
            match_id: MatchId {
                number: link.number,
                seat,
            },
            winner: end.winner,
            reason: end.reason.into(),
        });
        Some(message(request.encode()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dialect_names_are_the_dialects() {
        let names: Vec<&str> = Dialect::ALL.iter().map(|d| d.as_str()).collect();
        assert_eq!(Battleship::DIALECTS, names.as_slice());
        assert_eq!(Dialect::default().as_str(), Battleship::DIALECTS[0]);
    }
}
