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

use koth_engine_core::{Learn, PlayerId};

use crate::{Action, Bomberman, Event, Fixed};

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
