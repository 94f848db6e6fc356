//! Hand-made positions, for rule tests and tools.

use alloc::vec::Vec;

use koth_engine_core::{Coord, Grid, PlayerId, Size};

use crate::geometry::circle_overlaps_square;
use crate::map::{self, Dims};
use crate::state::Parts;
use crate::{
    Bomb, Bomberman, Bonus, BonusKind, Config, ConfigError, Explosion, Mode, Observation, Player,
    Point, Tile,
};

/// A builder of hand-made positions: for rule tests, puzzles and tools, not for play (games
/// start with [`Game::new`](koth_engine_core::Game::new)).
///
/// [`Scenario::new`] starts from the mode's bare map (concrete pillars in standard and duel
/// mode, no bricks) with every player in its corner and the starting record of the rules;
/// every object can then be placed by hand. [`Scenario::build`] checks the position so that the
/// engine's invariants hold (players inside the field and out of walls, lattice objects on
/// free cells, one bomb and one bonus per cell, no score yet, lives within the rules).
///
/// ```
/// use koth_bomberman::{Action, Bomb, Config, PlayerSet, Point, Scenario, Tile};
/// use koth_engine_core::{Coord, Game, PlayerId, SeedableRng};
///
/// let game = Scenario::new(Config::default())
///     .tile(Coord::new(2, 0), Tile::Brick(None))
///     .player_at(PlayerId(0), Point::units(45, 15))
///     .bomb(Bomb {
///         cell: Coord::new(0, 0),
///         owner: PlayerId(0),
///         timeout: 1,
///         walkable_for: PlayerSet::EMPTY,
///     })
///     .build()
///     .unwrap();
/// let mut game = game;
/// let mut events = Vec::new();
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(0);
/// game.step(&[Action::IDLE; 4], &mut rng, &mut events).unwrap();
/// // The bomb's ray reached P0 in the next cell.
/// assert_eq!(game.player(PlayerId(0)).lives_left, 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scenario {
    config: Config,
    tick: u32,
    tiles: Grid<Tile>,
    players: Vec<Player>,
    bombs: Vec<Bomb>,
    explosions: Vec<Explosion>,
    bonuses: Vec<Bonus>,
}

impl Scenario {
    /// The mode's bare map with every player in its corner.
    pub fn new(config: Config) -> Scenario {
        let rules = &config.rules;
        let n = rules.cells.clamp(1, 255) as u16;
        let tiles = Grid::from_fn(Size::square(n), |c| {
            if map::is_pillar(c) && config.mode != Mode::Fragile {
                Tile::Concrete
            } else {
                Tile::Empty
            }
        });
        let dims = Dims::new(rules);
        let players = map::spawn_cells(config.mode, i32::from(n))
            .into_iter()
            .enumerate()
            .map(|(i, cell)| Player {
                id: PlayerId(i as u8),
                pos: map::centre_point(&dims, cell),
                lives_left: rules.lives,
                score: 0,
                stun_duration: 0,
                immune_duration: 0,
                bombs_power: rules.bombs_power,
                bombs_count: rules.bombs_count,
                bombs_left: rules.bombs_count,
            })
            .collect();
        Scenario {
            config,
            tick: 0,
            tiles,
            players,
            bombs: Vec::new(),
            explosions: Vec::new(),
            bonuses: Vec::new(),
        }
    }

    /// Removes every wall.
    pub fn clear(mut self) -> Scenario {
        self.tiles.cells_mut().fill(Tile::Empty);
        self
    }

    /// Sets the tile of cell `c` (ignored off the lattice).
    pub fn tile(mut self, c: Coord, tile: Tile) -> Scenario {
        if let Some(t) = self.tiles.get_mut(c) {
            *t = tile;
        }
        self
    }

    /// Puts a brick holding `contents` on cell `c`.
    pub fn brick(self, c: Coord, contents: Option<BonusKind>) -> Scenario {
        self.tile(c, Tile::Brick(contents))
    }

    /// Moves player `p` to `pos` (ignored for a seat that does not exist).
    pub fn player_at(self, p: PlayerId, pos: Point) -> Scenario {
        self.with_player(p, |q| q.pos = pos)
    }

    /// Edits player `p`'s record (its `id` is kept).
    pub fn with_player(mut self, p: PlayerId, edit: impl FnOnce(&mut Player)) -> Scenario {
        if let Some(q) = self.players.get_mut(p.index()) {
            edit(q);
            q.id = p;
        }
        self
    }

    /// Adds a bomb.
    pub fn bomb(mut self, bomb: Bomb) -> Scenario {
        self.bombs.push(bomb);
        self
    }

    /// Adds an explosion square.
    pub fn explosion(mut self, explosion: Explosion) -> Scenario {
        self.explosions.push(explosion);
        self
    }

    /// Adds a bonus on the floor.
    pub fn bonus(mut self, bonus: Bonus) -> Scenario {
        self.bonuses.push(bonus);
        self
    }

    /// Sets the number of ticks already played.
    pub fn at_tick(mut self, tick: u32) -> Scenario {
        self.tick = tick;
        self
    }

    /// Checks the position and builds the game state.
    pub fn build(self) -> Result<Bomberman, ScenarioError> {
        check_position(
            &Position {
                config: &self.config,
                tick: self.tick,
                tiles: &self.tiles,
                players: &self.players,
                bombs: &self.bombs,
                explosions: &self.explosions,
                bonuses: &self.bonuses,
            },
            false,
        )?;
        // Explosion squares sharing a cell and a timeout are one square (see the blast phase).
        let mut explosions: Vec<Explosion> = Vec::new();
        for e in self.explosions {
            match explosions
                .iter_mut()
                .find(|o| o.cell == e.cell && o.timeout == e.timeout)
            {
                Some(o) => o.creators = o.creators.union(e.creators),
                None => explosions.push(e),
            }
        }
        Ok(Bomberman::from_parts(Parts {
            config: self.config,
            tick: self.tick,
            tiles: self.tiles,
            bombs: self.bombs,
            explosions,
            bonuses: self.bonuses,
            players: self.players,
        }))
    }
}

impl Bomberman {
    /// The state a player sees in `observation`: where a bot that searches the engine itself
    /// starts.
    ///
    /// An observation holds the whole state except the seats out of the game: the world lists
    /// only the players on the field, while a player out still owns its bombs (they explode
    /// with its `bombs_power` and score for it). `out` gives those seats' records, in any
    /// order (the last record the caller saw of each: a bot's memory); their lives, stun and
    /// immunity are taken as 0. A seat neither on the field, nor the observer, nor in `out`
    /// gets the rules' starting record, out of the game with no score. Statistics other than
    /// lives and score ([`Bomberman::stats`]) start at zero. Nothing else is missing: the
    /// rules are in the world, and the state holds no randomness of its own.
    ///
    /// Refused, as a saved state would be ([`Scenario::build`]'s checks, with scores and
    /// finished games allowed), when the world breaks the engine's invariants: a world no
    /// game produced.
    ///
    /// ```
    /// use koth_bomberman::{Bomberman, Config};
    /// use koth_engine_core::{Game, PlayerId, SeedableRng};
    ///
    /// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
    /// let game = Bomberman::new(&Config::default(), 4, &mut rng).unwrap();
    /// let rebuilt = Bomberman::from_observation(&game.observe(PlayerId(2)), &[]).unwrap();
    /// assert_eq!(rebuilt.world(), game.world());
    /// assert_eq!(rebuilt.players(), game.players());
    /// ```
    pub fn from_observation(
        observation: &Observation,
        out: &[Player],
    ) -> Result<Bomberman, ScenarioError> {
        let world = &*observation.world;
        let config = world.config;
        let rules = &config.rules;
        let players: Vec<Player> = (0..config.mode.players())
            .map(|i| {
                let id = PlayerId(i as u8);
                if let Some(p) = world.player(id) {
                    return Player { id, ..*p };
                }
                let seen = if observation.me.id == id {
                    Some(observation.me)
                } else {
                    out.iter().find(|p| p.id == id).copied()
                };
                let mut p = seen.unwrap_or(Player {
                    id,
                    pos: Point::units(0, 0),
                    lives_left: 0,
                    score: 0,
                    stun_duration: 0,
                    immune_duration: 0,
                    bombs_power: rules.bombs_power,
                    bombs_count: rules.bombs_count,
                    bombs_left: rules.bombs_count,
                });
                p.id = id;
                p.lives_left = 0;
                p.stun_duration = 0;
                p.immune_duration = 0;
                p
            })
            .collect();
        check_position(
            &Position {
                config: &config,
                tick: world.tick,
                tiles: &world.tiles,
                players: &players,
                bombs: &world.bombs,
                explosions: &world.explosions,
                bonuses: &world.bonuses,
            },
            true,
        )?;
        Ok(Bomberman::from_parts(Parts {
            config,
            tick: world.tick,
            tiles: world.tiles.clone(),
            bombs: world.bombs.clone(),
            explosions: world.explosions.clone(),
            bonuses: world.bonuses.clone(),
            players,
        }))
    }
}

/// Why a hand-made position was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ScenarioError {
    /// The config (with the mode's number of players) is invalid.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// The tick is not before `max_ticks` (past it, for a saved state).
    #[error("tick {0} is not before max_ticks")]
    Tick(u32),
    /// The tiles are not the rules' lattice.
    #[error("the tiles are not the rules' lattice")]
    Lattice,
    /// The players are not one per seat, in seat order.
    #[error("the players are not one per seat, in seat order")]
    Seats,
    /// More lives than the rules give.
    #[error("{player} has {lives} lives, more than the rules give")]
    Lives {
        /// The player.
        player: PlayerId,
        /// Its lives.
        lives: u32,
    },
    /// Scores start at 0.
    #[error("{0} has a score; hand-made positions start with none")]
    Score(PlayerId),
    /// A player's circle is not inside the field.
    #[error("{0} is not inside the field")]
    PlayerOutside(PlayerId),
    /// A player's circle overlaps a wall.
    #[error("{player} overlaps the wall at {cell}")]
    PlayerInWall {
        /// The player.
        player: PlayerId,
        /// The wall's cell.
        cell: Coord,
    },
    /// Every player is out.
    #[error("no player is on the field")]
    NoPlayerOnField,
    /// An object is off the lattice.
    #[error("{what} at {cell} is off the lattice")]
    OffLattice {
        /// `bomb`, `explosion` or `bonus`.
        what: &'static str,
        /// Its cell.
        cell: Coord,
    },
    /// A bomb or bonus is on a wall.
    #[error("{what} at {cell} is on a wall")]
    OnWall {
        /// `bomb` or `bonus`.
        what: &'static str,
        /// Its cell.
        cell: Coord,
    },
    /// Two bombs or two bonuses share a cell.
    #[error("two of {what} at {cell}")]
    Duplicate {
        /// `bomb` or `bonus`.
        what: &'static str,
        /// The cell.
        cell: Coord,
    },
    /// A timeout of 0 (it would already have run out).
    #[error("{what} at {cell} has timeout 0")]
    ZeroTimeout {
        /// `bomb` or `explosion`.
        what: &'static str,
        /// Its cell.
        cell: Coord,
    },
    /// A bomb or explosion names a seat that does not exist, or an explosion has no creator.
    #[error("the object at {cell} names no player or one that does not exist")]
    UnknownPlayer {
        /// Its cell.
        cell: Coord,
    },
}

/// A position's parts, borrowed for [`check_position`].
pub(crate) struct Position<'a> {
    pub config: &'a Config,
    pub tick: u32,
    pub tiles: &'a Grid<Tile>,
    pub players: &'a [Player],
    pub bombs: &'a [Bomb],
    pub explosions: &'a [Explosion],
    pub bonuses: &'a [Bonus],
}

/// Checks that a position keeps the engine's invariants: a valid config for its players, the
/// lattice of the rules, players inside the field and out of walls with lives within the
/// rules, lattice objects on free cells, one bomb and one bonus per cell, known players. A
/// hand-made position (`saved` false) also starts before the last tick with someone on the
/// field and no score; a `saved` one (a state restored from its serde form) may hold scores
/// and be over.
pub(crate) fn check_position(p: &Position<'_>, saved: bool) -> Result<(), ScenarioError> {
    let n = p.players.len();
    p.config.validate(n)?;
    let rules = &p.config.rules;
    let dims = Dims::new(rules);
    if p.tick > rules.max_ticks || (!saved && p.tick == rules.max_ticks) {
        return Err(ScenarioError::Tick(p.tick));
    }
    let lattice = dims.size();
    if p.tiles.size() != lattice || p.tiles.cells().len() != lattice.area() {
        return Err(ScenarioError::Lattice);
    }
    if p.players.iter().enumerate().any(|(i, q)| q.id.index() != i) {
        return Err(ScenarioError::Seats);
    }
    let seat_ok = |seat: PlayerId| seat.index() < n;
    let seats_ok = |s: crate::PlayerSet| s.iter().all(seat_ok);
    for q in p.players {
        if q.lives_left > rules.lives {
            return Err(ScenarioError::Lives {
                player: q.id,
                lives: q.lives_left,
            });
        }
        if !saved && q.score != 0 {
            return Err(ScenarioError::Score(q.id));
        }
        if !q.is_on_field() {
            continue;
        }
        let (x, y) = (i64::from(q.pos.x.raw()), i64::from(q.pos.y.raw()));
        let r = dims.player_r;
        if x < r || y < r || x > dims.field() - r || y > dims.field() - r {
            return Err(ScenarioError::PlayerOutside(q.id));
        }
        for (c, t) in p.tiles.iter() {
            let (cx, cy) = dims.centre(c);
            if t.is_wall() && circle_overlaps_square(x, y, r, cx, cy, dims.cell / 2) {
                return Err(ScenarioError::PlayerInWall {
                    player: q.id,
                    cell: c,
                });
            }
        }
    }
    if !saved && !p.players.iter().any(Player::is_on_field) {
        return Err(ScenarioError::NoPlayerOnField);
    }
    let free = |what: &'static str, cell: Coord| match p.tiles.get(cell) {
        None => Err(ScenarioError::OffLattice { what, cell }),
        Some(t) if t.is_wall() => Err(ScenarioError::OnWall { what, cell }),
        Some(_) => Ok(()),
    };
    for (i, b) in p.bombs.iter().enumerate() {
        free("bomb", b.cell)?;
        if p.bombs[..i].iter().any(|o| o.cell == b.cell) {
            return Err(ScenarioError::Duplicate {
                what: "bomb",
                cell: b.cell,
            });
        }
        if b.timeout == 0 {
            return Err(ScenarioError::ZeroTimeout {
                what: "bomb",
                cell: b.cell,
            });
        }
        if !seat_ok(b.owner) || !seats_ok(b.walkable_for) {
            return Err(ScenarioError::UnknownPlayer { cell: b.cell });
        }
    }
    for e in p.explosions {
        if p.tiles.get(e.cell).is_none() {
            return Err(ScenarioError::OffLattice {
                what: "explosion",
                cell: e.cell,
            });
        }
        if e.timeout == 0 {
            return Err(ScenarioError::ZeroTimeout {
                what: "explosion",
                cell: e.cell,
            });
        }
        if e.creators.is_empty() || !seats_ok(e.creators) {
            return Err(ScenarioError::UnknownPlayer { cell: e.cell });
        }
    }
    for (i, b) in p.bonuses.iter().enumerate() {
        free("bonus", b.cell)?;
        if p.bonuses[..i].iter().any(|o| o.cell == b.cell) {
            return Err(ScenarioError::Duplicate {
                what: "bonus",
                cell: b.cell,
            });
        }
    }
    Ok(())
}
