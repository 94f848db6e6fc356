//! Bomberman as a learning environment ([`Learn`]), and the state's serde form.
//!
//! The engine takes any speed; learners get 34 discrete actions, a motion and whether to
//! drop a bomb: `id = 2 * motion + drop`.
//!
//! | motion | speed (units per tick, y downward) |
//! |---|---|
//! | 0 | stand still |
//! | 1 to 8 | full speed (`max_speed`) up, up-right, right, down-right, down, down-left, left, up-left |
//! | 9 to 16 | half speed, the same eight directions |
//!
//! A diagonal at full speed is `(±d, ±d)` with `d` the longest whole number of 1/256 units
//! for which the vector is no longer than `max_speed` (so the engine never rescales it); half
//! speed halves each component (rounded toward zero). Every id is legal for every player on the
//! field while the game runs (stunned players' actions are ignored by the rules; a drop
//! without a bomb left does nothing); players out of the game, and everyone once it is over,
//! have an all-`false` mask. The score is the game's points, paid as they are scored
//! ([`Event::Scored`]); the last tick adds minus the middle of the
//! score bounds (see [`Learn`]'s docs).
//!
//! With feature `serde` the whole state ([`Bomberman`]) saves and restores as its config,
//! tick, tiles, bombs, explosions, bonuses, players and statistics; the derived grids are
//! rebuilt, and a state that breaks the engine's invariants (the checks of
//! [`Scenario::build`](crate::Scenario::build), scores and finished games allowed) is refused.
//! It holds no randomness of its own (bricks' bonuses are drawn from the caller's RNG).
//!
//! # Observation tensor
//!
//! Twenty-one planes over the lattice (`[21, cells, cells]`, [`Tensor`]), row `y` (downward),
//! column `x`, the same field for every player but planes 7 to 9 for the player itself:
//!
//! | plane | what |
//! |---|---|
//! | 0 | a concrete wall |
//! | 1 | a brick |
//! | 2, 3 | a power bonus, a bomb bonus on the floor |
//! | 4 | a bomb: its ticks to explosion divided by `bomb_timeout` (so never 0) |
//! | 5 | a bomb: the cells its rays reach now (its owner's `bombs_power`) |
//! | 6 | an explosion: its ticks left divided by `explosion_duration` |
//! | 7 | the player: 1 at its cell |
//! | 8, 9 | the player's offset from its cell's centre, x and y, in cells (-0.5 to 0.5) |
//! | 10 | the other players on the field: how many stand in the cell |
//! | 11, 12 | the offset of the lowest seat among them, x and y, as in 8 and 9 |
//! | 13 | every player on the field: its lives left divided by `lives` |
//! | 14, 15 | every player: bombs it may still drop, its `bombs_power` (whole numbers) |
//! | 16, 17 | every player: 1 while stunned, 1 while immune |
//! | 18 | the ticks played divided by `max_ticks` (every cell) |
//! | 19, 20 | a brick hiding a power bonus, a bomb bonus |
//!
//! A player stands in the cell containing its centre (a centre on a border between two cells
//! counts in the cell to its right, below); its exact place in the engine's fixed point is
//! the cell plus its offset (8, 9, 11, 12). Planes 13 to 17 hold the values of the lowest
//! seat where players share a cell. A player out of the game has planes 7 to 9 all 0.
//!
//! Every player sees the whole field, bricks' contents included (the contest's protocol sends
//! them), so bomberman has no hidden state to sample (no [`Determinize`](koth_engine_core::Determinize)).

use koth_engine_core::{Learn, PlayerId, Tensor};

use crate::{Action, Bomberman, BonusKind, Event, Fixed, Tile};

/// Motions: stand, then eight directions clockwise from up (y downward).
const DIRECTIONS: [(i32, i32); 8] = [
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

/// Motions (stand, eight at full speed, eight at half) times drop or not.
const IDS: usize = 34;

impl Bomberman {
    /// The speed of `motion` (0..17) for this game's `max_speed`.
    fn motion_speed(&self, motion: usize) -> (i32, i32) {
        if motion == 0 || motion > 16 {
            return (0, 0);
        }
        let max = self.dims.max_speed;
        // The longest d with 2 d^2 <= max^2.
        let diagonal = isqrt((i64::from(max) * i64::from(max)) / 2) as i32;
        let (dx, dy) = DIRECTIONS[(motion - 1) % 8];
        let full = if dx != 0 && dy != 0 { diagonal } else { max };
        let speed = if motion > 8 { full / 2 } else { full };
        (dx * speed, dy * speed)
    }
}

/// The integer square root, rounded down.
fn isqrt(v: i64) -> i64 {
    if v <= 0 {
        return 0;
    }
    // Newton's method from above: the iterates fall to the root and stop there.
    let mut x = v;
    let mut y = (x + 1) / 2;
    while y < x {
        x = y;
        y = (x + v / x) / 2;
    }
    x
}

impl Learn for Bomberman {
    fn num_actions(&self) -> usize {
        IDS
    }

    fn action_id(&self, action: &Action) -> Option<usize> {
        let speed = (action.speed_x.raw(), action.speed_y.raw());
        let motion = (0..17).find(|&m| self.motion_speed(m) == speed)?;
        Some(2 * motion + usize::from(action.drop))
    }

    fn action(&self, id: usize) -> Option<Action> {
        (id < IDS).then(|| {
            let (sx, sy) = self.motion_speed(id / 2);
            Action {
                speed_x: Fixed::from_raw(sx),
                speed_y: Fixed::from_raw(sy),
                drop: id % 2 == 1,
            }
        })
    }

    fn legal_mask(&self, player: PlayerId, mask: &mut [bool]) {
        let n = IDS.min(mask.len());
        mask[..n].fill(self.acts(player));
    }

    fn score_changes(&self, events: &[Event], changes: &mut [i64]) {
        for event in events {
            if let Event::Scored { player, points, .. } = event
                && let Some(c) = changes.get_mut(player.index())
            {
                *c += points;
            }
        }
    }
}

impl Bomberman {
    /// Whether `player` acts now: the game runs and it is on the field.
    pub(crate) fn acts(&self, player: PlayerId) -> bool {
        !self.is_over() && self.acting.contains(&player)
    }

    /// The learning encoding's 34 actions, for a player who acts (see [`crate::learn`]).
    pub(crate) fn encoded_actions(&self, player: PlayerId, out: &mut alloc::vec::Vec<Action>) {
        if self.acts(player) {
            out.extend((0..IDS).filter_map(|id| self.action(id)));
        }
    }
}

/// The planes of the tensor.
const PLANES: usize = 21;

impl Tensor for Bomberman {
    fn obs_shape(&self) -> [usize; 3] {
        let n = self.dims.n.max(0) as usize;
        [PLANES, n, n]
    }

    fn write_obs(&self, player: PlayerId, out: &mut [f32]) {
        let n = self.dims.n.max(0) as usize;
        let area = n * n;
        let len = (PLANES * area).min(out.len());
        let out = &mut out[..len];
        out.fill(0.0);
        let rules = &self.config.rules;
        let per = |v: u32, unit: u32| v as f32 / unit.max(1) as f32;
        let mut set = |plane: usize, i: usize, v: f32| {
            if let Some(o) = out.get_mut(plane * area + i) {
                *o = v;
            }
        };
        for (i, tile) in self.tiles.cells().iter().enumerate() {
            match tile {
                Tile::Empty => {}
                Tile::Concrete => set(0, i, 1.0),
                Tile::Brick(contents) => {
                    set(1, i, 1.0);
                    match contents {
                        Some(BonusKind::Power) => set(19, i, 1.0),
                        Some(BonusKind::Bomb) => set(20, i, 1.0),
                        None => {}
                    }
                }
            }
        }
        for bonus in &self.bonuses {
            if let Some(i) = self.dims.index(bonus.cell) {
                let plane = match bonus.kind {
                    BonusKind::Power => 2,
                    BonusKind::Bomb => 3,
                };
                set(plane, i, 1.0);
            }
        }
        for bomb in &self.bombs {
            if let Some(i) = self.dims.index(bomb.cell) {
                set(4, i, per(bomb.timeout, rules.bomb_timeout));
                let power = self
                    .players
                    .get(bomb.owner.index())
                    .map_or(0, |p| p.bombs_power);
                set(5, i, power as f32);
            }
        }
        for explosion in &self.explosions {
            if let Some(i) = self.dims.index(explosion.cell) {
                set(6, i, per(explosion.timeout, rules.explosion_duration));
            }
        }
        let cell = self.dims.cell as f32;
        let cell_of = |p: &crate::Player| {
            let (x, y) = (i64::from(p.pos.x.raw()), i64::from(p.pos.y.raw()));
            let at = self.dims.nearest_cell(x, y);
            Some((self.dims.index(at)?, at, x, y))
        };
        // Highest seat first, so that the lowest seat's values stay where players share a cell.
        for p in self.players.iter().rev().filter(|p| p.is_on_field()) {
            let Some((i, at, x, y)) = cell_of(p) else {
                continue;
            };
            let (cx, cy) = self.dims.centre(at);
            let offset = ((x - cx) as f32 / cell, (y - cy) as f32 / cell);
            if p.id == player {
                set(7, i, 1.0);
                set(8, i, offset.0);
                set(9, i, offset.1);
            } else {
                let others = self.players.iter().filter(|q| {
                    q.is_on_field() && q.id != player && cell_of(q).is_some_and(|c| c.0 == i)
                });
                set(10, i, others.count() as f32);
                set(11, i, offset.0);
                set(12, i, offset.1);
            }
            set(13, i, per(p.lives_left, rules.lives));
            set(14, i, p.bombs_left as f32);
            set(15, i, p.bombs_power as f32);
            set(16, i, if p.stun_duration > 0 { 1.0 } else { 0.0 });
            set(17, i, if p.immune_duration > 0 { 1.0 } else { 0.0 });
        }
        let progress = per(self.tick, rules.max_ticks);
        for i in 0..area {
            set(18, i, progress);
        }
    }
}

#[cfg(feature = "serde")]
pub(crate) mod state_serde {
    use alloc::string::{String, ToString};
    use alloc::vec::Vec;

    use koth_engine_core::Grid;

    use crate::scenario::{Position, check_position};
    use crate::state::Parts;
    use crate::{Bomb, Bomberman, Bonus, Config, Explosion, Player, PlayerStats, Tile};

    /// What a [`Bomberman`] state is, without what derives from it.
    #[derive(serde::Serialize, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    pub(crate) struct BombermanState {
        config: Config,
        tick: u32,
        tiles: Grid<Tile>,
        bombs: Vec<Bomb>,
        explosions: Vec<Explosion>,
        bonuses: Vec<Bonus>,
        players: Vec<Player>,
        stats: Vec<PlayerStats>,
    }

    impl From<Bomberman> for BombermanState {
        fn from(g: Bomberman) -> Self {
            BombermanState {
                config: g.config,
                tick: g.tick,
                tiles: g.tiles,
                bombs: g.bombs,
                explosions: g.explosions,
                bonuses: g.bonuses,
                players: g.players,
                stats: g.stats,
            }
        }
    }

    impl TryFrom<BombermanState> for Bomberman {
        type Error = String;

        fn try_from(s: BombermanState) -> Result<Bomberman, String> {
            check_position(
                &Position {
                    config: &s.config,
                    tick: s.tick,
                    tiles: &s.tiles,
                    players: &s.players,
                    bombs: &s.bombs,
                    explosions: &s.explosions,
                    bonuses: &s.bonuses,
                },
                true,
            )
            .map_err(|e| e.to_string())?;
            if s.stats.len() != s.players.len() {
                return Err("one statistics record per player".into());
            }
            let mut game = Bomberman::from_parts(Parts {
                config: s.config,
                tick: s.tick,
                tiles: s.tiles,
                bombs: s.bombs,
                explosions: s.explosions,
                bonuses: s.bonuses,
                players: s.players,
            });
            game.stats = s.stats;
            Ok(game)
        }
    }
}
