//! The match state and the [`Game`] implementation.

use alloc::sync::Arc;
use alloc::vec::Vec;
use core::fmt;
use core::ops::Deref;

use koth_engine_core::{Game, Outcome, PlayerId, RngCore, StepError, ToAct};

use crate::board::Board;
use crate::cell::Cell;
use crate::placement::{Fleet, Placement, PlacementError};
use crate::{Action, Config, ConfigError, ForfeitReason};

/// What a shot did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum ShotResult {
    /// Water, or a ship already sunk (wire: the empty string).
    Miss,
    /// A ship still afloat (wire: `hit`).
    Hit,
    /// The ship's last unstruck cell (wire: `hit and sunk`).
    Sunk,
    /// The last ship's last unstruck cell: the shooter wins (wire: `hit sunk and win`).
    Win,
}

impl ShotResult {
    /// Every result, in declaration order.
    pub const ALL: [ShotResult; 4] = [
        ShotResult::Miss,
        ShotResult::Hit,
        ShotResult::Sunk,
        ShotResult::Win,
    ];

    /// The result's wire word: `""`, `hit`, `hit and sunk`, `hit sunk and win`.
    pub const fn word(self) -> &'static str {
        match self {
            ShotResult::Miss => "",
            ShotResult::Hit => "hit",
            ShotResult::Sunk => "hit and sunk",
            ShotResult::Win => "hit sunk and win",
        }
    }

    /// The result for its wire word.
    pub fn from_word(word: &str) -> Option<ShotResult> {
        ShotResult::ALL.into_iter().find(|r| r.word() == word)
    }

    /// Whether a ship was hit (every result but a miss).
    pub const fn is_hit(self) -> bool {
        !matches!(self, ShotResult::Miss)
    }
}

/// One shot and its result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ShotRecord {
    /// The target.
    pub at: Cell,
    /// What it did.
    pub result: ShotResult,
}

/// A player's shots, oldest first: shared, so that observing is cheap (copy-on-write).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct History(Arc<Vec<ShotRecord>>);

impl History {
    fn push(&mut self, record: ShotRecord) {
        Arc::make_mut(&mut self.0).push(record);
    }
}

impl Deref for History {
    type Target = [ShotRecord];
    fn deref(&self) -> &[ShotRecord] {
        &self.0
    }
}

impl From<Vec<ShotRecord>> for History {
    fn from(v: Vec<ShotRecord>) -> Self {
        History(Arc::new(v))
    }
}

/// Where a match stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Phase {
    /// The fleets are being placed (player 1 first, then player 2).
    Placing,
    /// The players shoot in turn, player 1 first.
    Shooting,
    /// The match is over.
    Over,
}

/// Why a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum EndReason {
    /// The loser's whole fleet was sunk.
    Sunk,
    /// The loser's placement was invalid.
    InvalidPlacement(PlacementError),
    /// The loser shot off the grid.
    InvalidShot {
        /// The shot's column.
        x: u32,
        /// The shot's row.
        y: u32,
    },
    /// The loser forfeited.
    Forfeit(ForfeitReason),
    /// Both players fired their shot limit: a draw.
    ShotLimit,
}

impl EndReason {
    /// The reason as the draft dialect's `end` message words it: `sunk`, `invalid placement`,
    /// `invalid shot`, the forfeit reason's word, or `turn limit`.
    pub const fn word(self) -> &'static str {
        match self {
            EndReason::Sunk => "sunk",
            EndReason::InvalidPlacement(_) => "invalid placement",
            EndReason::InvalidShot { .. } => "invalid shot",
            EndReason::Forfeit(r) => r.word(),
            EndReason::ShotLimit => "turn limit",
        }
    }
}

/// How a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct End {
    /// The winner, or `None` for a draw.
    pub winner: Option<PlayerId>,
    /// Why it ended.
    pub reason: EndReason,
}

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Event {
    /// `player`'s fleet is on its grid.
    Placed {
        /// Who placed.
        player: PlayerId,
    },
    /// `player` shot at `at` on the opponent's grid.
    Shot {
        /// The shooter.
        player: PlayerId,
        /// The target.
        at: Cell,
        /// What it did.
        result: ShotResult,
    },
    /// `player` gave up.
    Forfeited {
        /// Who.
        player: PlayerId,
        /// Why.
        reason: ForfeitReason,
    },
    /// The match ended.
    Ended(End),
}

/// What one player knows: the settings, its own shots and results, and the opponent's shots
/// at it. Never the opponent's fleet.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Observation {
    /// Whose view this is.
    pub me: PlayerId,
    /// The match settings.
    pub config: Config,
    /// Where the match stands.
    pub phase: Phase,
    /// Own shots, oldest first.
    pub my_shots: History,
    /// The opponent's shots at this player, oldest first.
    pub their_shots: History,
    /// How the match ended, once over.
    pub end: Option<End>,
}

impl Observation {
    /// A view built outside a match (by a bot server from a request's fields).
    pub fn new(
        me: PlayerId,
        config: Config,
        phase: Phase,
        my_shots: Vec<ShotRecord>,
        their_shots: Vec<ShotRecord>,
    ) -> Self {
        Observation {
            me,
            config,
            phase,
            my_shots: my_shots.into(),
            their_shots: their_shots.into(),
            end: None,
        }
    }
}

/// Why the engine refused an action. Rule breaks (an invalid placement, a shot off the grid)
/// are not refused: they end the match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum ActionError {
    /// A shot while placing, or a placement while shooting.
    #[error("a {got} action in the {phase:?} phase")]
    WrongPhase {
        /// The phase.
        phase: Phase,
        /// `"place"` or `"shoot"`.
        got: &'static str,
    },
}

/// One state of a battleship match.
///
/// ```
/// use koth_engine_core::{Game, PlayerId, SeedableRng, ToAct};
/// use koth_http_battleship::{Action, Battleship, Config, Placement, ShotResult, Event, Cell};
///
/// let config = Config { width: 4, height: 4, ships: [0, 1, 0, 0, 0, 0], shot_limit: None };
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
/// let mut game = Battleship::new(&config, 2, &mut rng).unwrap();
/// let mut events = Vec::new();
/// let place = |s: &str| Action::Place(Placement::parse([s]).unwrap());
/// game.step(&[place("0,0-1,0")], &mut rng, &mut events).unwrap();
/// game.step(&[place("3,3-3,2")], &mut rng, &mut events).unwrap();
/// assert_eq!(game.to_act(), ToAct::One(PlayerId(0)));
/// game.step(&[Action::Shoot { x: 3, y: 2 }], &mut rng, &mut events).unwrap();
/// assert_eq!(
///     events.last(),
///     Some(&Event::Shot { player: PlayerId(0), at: Cell::new(3, 2), result: ShotResult::Hit })
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "BattleshipState", try_from = "BattleshipState")
)]
pub struct Battleship {
    config: Config,
    shot_limit: u32,
    /// `boards[p]`: player `p`'s own fleet, shot at by the other player.
    boards: [Option<Board>; 2],
    /// `shots[p]`: the shots player `p` fired.
    shots: [History; 2],
    turn: u32,
    end: Option<End>,
}

impl Battleship {
    /// A match from checked settings (the match draws no randomness).
    pub fn with_config(config: &Config) -> Result<Self, ConfigError> {
        config.validate()?;
        Ok(Battleship {
            config: *config,
            shot_limit: config.effective_shot_limit(),
            boards: [None, None],
            shots: Default::default(),
            turn: 0,
            end: None,
        })
    }

    /// A state from its parts: the fleets (valid for the settings), each player's shots fired
    /// in order at the other's grid (a grid not yet laid takes misses), the turn and the end.
    /// The results are the grids' own.
    pub(crate) fn from_parts(
        config: &Config,
        fleets: [Option<Fleet>; 2],
        shots: [&[Cell]; 2],
        turn: u32,
        end: Option<End>,
    ) -> Result<Self, ConfigError> {
        let mut game = Battleship::with_config(config)?;
        let (w, h) = (config.width, config.height);
        for (board, fleet) in game.boards.iter_mut().zip(fleets) {
            *board = fleet.map(|f| Board::new(f, w, h));
        }
        for (p, shots) in shots.iter().enumerate() {
            let mut fired = Vec::with_capacity(shots.len());
            for &at in *shots {
                let result = match game.boards[1 - p].as_mut() {
                    Some(board) => board.fire(at),
                    None => ShotResult::Miss,
                };
                fired.push(ShotRecord { at, result });
            }
            game.shots[p] = fired.into();
        }
        game.turn = turn;
        game.end = end;
        Ok(game)
    }

    /// The settings.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Where the match stands.
    pub fn phase(&self) -> Phase {
        if self.end.is_some() {
            Phase::Over
        } else if self.boards[1].is_none() {
            Phase::Placing
        } else {
            Phase::Shooting
        }
    }

    /// How the match ended, once it has.
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// The shots `player` fired, oldest first.
    pub fn shots(&self, player: PlayerId) -> &[ShotRecord] {
        &self.shots[player.index() & 1]
    }

    /// `player`'s fleet, once placed.
    pub fn fleet(&self, player: PlayerId) -> Option<&Fleet> {
        self.boards[player.index() & 1].as_ref().map(Board::fleet)
    }

    /// Ships of `player` sunk by the opponent.
    pub fn ships_lost(&self, player: PlayerId) -> u16 {
        self.boards[player.index() & 1]
            .as_ref()
            .map_or(0, Board::sunk)
    }

    /// The player whose action comes next, if any.
    pub fn next_player(&self) -> Option<PlayerId> {
        match self.phase() {
            Phase::Over => None,
            Phase::Placing if self.boards[0].is_none() => Some(PlayerId(0)),
            Phase::Placing => Some(PlayerId(1)),
            Phase::Shooting if self.shots[0].len() == self.shots[1].len() => Some(PlayerId(0)),
            Phase::Shooting => Some(PlayerId(1)),
        }
    }

    /// Placement: a valid fleet goes on its grid; an invalid one loses at once.
    fn place(&mut self, player: PlayerId, placement: &Placement, events: &mut Vec<Event>) {
        match placement.validate(&self.config) {
            Ok(fleet) => {
                let (w, h) = (self.config.width, self.config.height);
                self.boards[player.index() & 1] = Some(Board::new(fleet, w, h));
                events.push(Event::Placed { player });
            }
            Err(e) => self.finish(
                Some(player.opponent()),
                EndReason::InvalidPlacement(e),
                events,
            ),
        }
    }

    /// A shot: off the grid loses; otherwise resolved on the opponent's board; the last
    /// ship's sinking wins; both players at the shot limit is a draw.
    fn shoot(&mut self, player: PlayerId, x: u32, y: u32, events: &mut Vec<Event>) {
        let (w, h) = (self.config.width, self.config.height);
        let Some(at) = Cell::checked(x, y, w, h) else {
            self.finish(
                Some(player.opponent()),
                EndReason::InvalidShot { x, y },
                events,
            );
            return;
        };
        let opponent = player.opponent().index() & 1;
        let result = match self.boards[opponent].as_mut() {
            Some(board) => board.fire(at),
            None => ShotResult::Miss,
        };
        self.shots[player.index() & 1].push(ShotRecord { at, result });
        events.push(Event::Shot { player, at, result });
        if result == ShotResult::Win {
            self.finish(Some(player), EndReason::Sunk, events);
        } else if self
            .shots
            .iter()
            .all(|s| s.len() as u64 >= self.shot_limit as u64)
        {
            self.finish(None, EndReason::ShotLimit, events);
        }
    }

    fn finish(&mut self, winner: Option<PlayerId>, reason: EndReason, events: &mut Vec<Event>) {
        let end = End { winner, reason };
        self.end = Some(end);
        events.push(Event::Ended(end));
    }

    /// Both grids as text, side by side, seen from above: `#` an intact ship cell, `X` a
    /// struck ship cell (`*` once that ship is sunk), `o` a shot in the water, `.` water.
    pub fn render_boards(&self) -> alloc::string::String {
        use core::fmt::Write as _;
        let (w, h) = (self.config.width as usize, self.config.height as usize);
        let mut s = alloc::string::String::new();
        let _ = writeln!(s, "{:<w$}   P1", "P0", w = w.max(2));
        for y in 0..h {
            for p in 0..2 {
                if p == 1 {
                    s.push_str("   ");
                }
                for x in 0..w {
                    let c = Cell::from_index(y * w + x, w);
                    s.push(self.cell_char(p, c));
                }
                if w < 2 && p == 0 {
                    s.push(' ');
                }
            }
            s.push('\n');
        }
        s
    }

    /// Both grids for a viewer, each player's own waters with the cells of
    /// [`render_boards`](Self::render_boards) (`.` water, `#` ship, `X` hit, `*` sunk, `o`
    /// shot in the water, `?` no fleet yet); shots fired and ships lost per seat.
    pub fn boards_scene(&self) -> koth_engine_core::scene::Scene {
        use koth_engine_core::scene::{Board, Meter, Scene};
        let (w, h) = (self.config.width, self.config.height);
        let mut scene = Scene::default();
        for p in 0..2u8 {
            let mut board = Board::filled(alloc::format!("P{p}'s waters"), w, h, '.');
            for y in 0..usize::from(h) {
                for x in 0..usize::from(w) {
                    let c = Cell::from_index(y * usize::from(w) + x, usize::from(w));
                    board.set(x as i32, y as i32, self.cell_char(usize::from(p), c));
                }
            }
            scene.boards.push(board);
            let seat = PlayerId(p);
            scene
                .meters
                .push(Meter::new(p, "shots", self.shots(seat).len() as i64));
            scene.meters.push(Meter::new(
                p,
                "ships lost",
                i64::from(self.ships_lost(seat)),
            ));
        }
        scene
    }

    fn cell_char(&self, player: usize, c: Cell) -> char {
        let Some(board) = self.boards[player].as_ref() else {
            return '?';
        };
        match (board.ship_at(c), board.struck(c)) {
            (Some(i), true) if board.is_sunk(i) => '*',
            (Some(_), true) => 'X',
            (Some(_), false) => '#',
            (None, true) => 'o',
            (None, false) => '.',
        }
    }
}

impl fmt::Display for Battleship {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render_boards())
    }
}

impl Game for Battleship {
    type Config = Config;
    type ConfigError = ConfigError;
    type Action = Action;
    type ActionError = ActionError;
    type Observation = Observation;
    type Event = Event;

    fn new<R: RngCore + ?Sized>(
        config: &Config,
        players: usize,
        _rng: &mut R,
    ) -> Result<Self, ConfigError> {
        if players != 2 {
            return Err(ConfigError::Players(players));
        }
        Battleship::with_config(config)
    }

    fn num_players(&self) -> usize {
        2
    }

    fn to_act(&self) -> ToAct<'_> {
        match self.next_player() {
            Some(p) => ToAct::One(p),
            None => ToAct::Nobody,
        }
    }

    fn observe(&self, player: PlayerId) -> Observation {
        let me = player.index() & 1;
        Observation {
            me: PlayerId(me as u8),
            config: self.config,
            phase: self.phase(),
            my_shots: self.shots[me].clone(),
            their_shots: self.shots[1 - me].clone(),
            end: self.end,
        }
    }

    /// The one action of the player to act: a forfeit ends the match at once; a placement
    /// while placing and a shot while shooting are resolved by the rules (breaking them ends
    /// the match too); anything else is refused ([`ActionError::WrongPhase`]).
    fn apply<R: RngCore + ?Sized>(
        &mut self,
        actions: &[Action],
        _rng: &mut R,
        events: &mut Vec<Event>,
    ) -> Result<(), StepError<ActionError>> {
        // `Game::step` checked that the match runs and that there is exactly one action.
        let Some(player) = self.next_player() else {
            return Err(StepError::GameOver);
        };
        let [action] = actions else {
            return Err(StepError::WrongActionCount {
                expected: 1,
                got: actions.len(),
            });
        };
        let phase = self.phase();
        let illegal = |got| StepError::Illegal {
            player,
            reason: ActionError::WrongPhase { phase, got },
        };
        match (phase, action) {
            (_, Action::Forfeit(reason)) => {
                events.push(Event::Forfeited {
                    player,
                    reason: *reason,
                });
                self.finish(Some(player.opponent()), EndReason::Forfeit(*reason), events);
            }
            (Phase::Placing, Action::Place(placement)) => self.place(player, placement, events),
            (Phase::Shooting, &Action::Shoot { x, y }) => self.shoot(player, x, y, events),
            (_, Action::Place(_)) => return Err(illegal("place")),
            (_, Action::Shoot { .. }) => return Err(illegal("shoot")),
        }
        self.turn = self.turn.saturating_add(1);
        Ok(())
    }

    /// Half-points: 2 for a win, 1 each for a draw, 0 for a loss.
    fn outcome(&self) -> Option<Outcome> {
        Some(Outcome::duel(self.end?.winner))
    }

    fn score_bounds(&self) -> (i64, i64) {
        (0, 2)
    }

    /// In the shooting phase, for the player to act: a shot at every cell of the grid
    /// (repeats included); nothing for the other player. Shots off the grid and forfeits are
    /// accepted too but lose, so they are not listed. Placements are too many to list
    /// (returns `false`).
    fn legal_actions(&self, player: PlayerId, out: &mut Vec<Action>) -> bool {
        match self.phase() {
            Phase::Placing => false,
            Phase::Over => true,
            Phase::Shooting if self.next_player() != Some(player) => true,
            Phase::Shooting => {
                let (w, h) = (self.config.width as u32, self.config.height as u32);
                out.extend((0..h).flat_map(|y| (0..w).map(move |x| Action::Shoot { x, y })));
                true
            }
        }
    }

    fn turn(&self) -> u32 {
        self.turn
    }
}

/// What a [`Battleship`] state is, without what derives from it (the grids).
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct BattleshipState {
    config: Config,
    fleets: [Option<Fleet>; 2],
    shots: [Vec<ShotRecord>; 2],
    turn: u32,
    end: Option<End>,
}

#[cfg(feature = "serde")]
impl From<Battleship> for BattleshipState {
    fn from(b: Battleship) -> Self {
        BattleshipState {
            config: b.config,
            fleets: [
                b.boards[0].as_ref().map(|x| x.fleet().clone()),
                b.boards[1].as_ref().map(|x| x.fleet().clone()),
            ],
            shots: [b.shots[0].to_vec(), b.shots[1].to_vec()],
            turn: b.turn,
            end: b.end,
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<BattleshipState> for Battleship {
    type Error = alloc::string::String;

    /// The settings checked, each fleet checked against them, and the grids rebuilt by
    /// replaying each player's shots, which must give their recorded results.
    fn try_from(s: BattleshipState) -> Result<Battleship, Self::Error> {
        use alloc::string::ToString;
        let mut fleets = [None, None];
        for (p, fleet) in s.fleets.iter().enumerate() {
            if let Some(fleet) = fleet {
                let checked = Placement::from(fleet)
                    .validate(&s.config)
                    .map_err(|e| alloc::format!("player {p}'s fleet: {e}"))?;
                fleets[p] = Some(checked);
            }
        }
        let (w, h) = (s.config.width, s.config.height);
        let mut cells: [Vec<Cell>; 2] = Default::default();
        for (p, shots) in s.shots.iter().enumerate() {
            for record in shots {
                let at = Cell::checked(u32::from(record.at.x), u32::from(record.at.y), w, h)
                    .ok_or("a shot off the grid")?;
                cells[p].push(at);
            }
        }
        let game = Battleship::from_parts(&s.config, fleets, [&cells[0], &cells[1]], s.turn, s.end)
            .map_err(|e| e.to_string())?;
        for (p, shots) in s.shots.iter().enumerate() {
            for (record, fired) in shots.iter().zip(game.shots[p].iter()) {
                if fired.result != record.result {
                    return Err(alloc::format!(
                        "player {p}'s shot at {:?} gives {:?}, not {:?}",
                        record.at,
                        fired.result,
                        record.result
                    ));
                }
            }
        }
        Ok(game)
    }
}
