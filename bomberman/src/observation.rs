//! What a player sees: its own record and a read-only view of the world.

use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::fmt::Write as _;

use koth_engine_core::scene::{Board, Meter, Piece, Scene, Shape};
use koth_engine_core::{Coord, Grid, PlayerId};

use crate::map::{self, Dims};
use crate::{Bomb, Bonus, BonusKind, Config, Explosion, Player, Point, Rules, Tile};

/// The seed's `getAction(Player, World)` arguments: the player's own record and the world.
///
/// The world is shared, not copied: every observation of one state holds the same
/// [`Arc`] (the state keeps it up to date as it steps), so observing costs no allocation. An
/// observation kept past the next step keeps the world it saw (the state then makes itself a
/// new one).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Observation {
    /// The observing player's record (with no lives left once it is out).
    pub me: Player,
    /// Everything on the field, shared by every observation of the state.
    pub world: Arc<World>,
}

/// The seed's `World`: every object on the field, plus the rules (`getRules()`).
///
/// Walls are kept as a lattice of [`Tile`]s (each brick with its `contents`, as in the seed's
/// `Obstacle`); [`World::obstacles`] lists them the seed's way. The field's border is a wall
/// too, but is not listed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct World {
    /// Ticks played so far.
    pub tick: u32,
    /// The mode and the rules' constants.
    pub config: Config,
    /// The lattice of walls, row-major (row 0 at the top).
    pub tiles: Grid<Tile>,
    /// The players still on the field, in seat order.
    pub players: Vec<Player>,
    /// The bombs, in placement order.
    pub bombs: Vec<Bomb>,
    /// The explosion squares, in creation order.
    pub explosions: Vec<Explosion>,
    /// The bonuses on the floor, in reveal order.
    pub bonuses: Vec<Bonus>,
}

impl World {
    /// The rules' constants.
    pub fn rules(&self) -> &Rules {
        &self.config.rules
    }

    /// The centre of lattice cell `c`.
    pub fn centre(&self, c: Coord) -> Point {
        map::centre_point(&Dims::new(&self.config.rules), c)
    }

    /// The lattice cell whose centre is nearest `p` (a point on a border between two cells
    /// counts as in the right or lower one), clamped onto the lattice: where a bomb dropped at
    /// `p` goes.
    pub fn cell_of(&self, p: Point) -> Coord {
        Dims::new(&self.config.rules).nearest_cell(p.x.raw().into(), p.y.raw().into())
    }

    /// The tile of cell `c`; off the lattice, [`Tile::Concrete`] (the border).
    pub fn tile(&self, c: Coord) -> Tile {
        self.tiles.get(c).copied().unwrap_or(Tile::Concrete)
    }

    /// The walls (the seed's `getObstacles()`), row by row: each cell and its tile.
    pub fn obstacles(&self) -> impl Iterator<Item = (Coord, Tile)> + '_ {
        self.tiles
            .iter()
            .filter(|(_, t)| t.is_wall())
            .map(|(c, &t)| (c, t))
    }

    /// The record of player `p`, if it is on the field.
    pub fn player(&self, p: PlayerId) -> Option<&Player> {
        self.players.iter().find(|q| q.id == p)
    }

    /// The field for a viewer: the lattice's tiles as cells (`.` floor, `#` concrete, `+`
    /// brick, `%` brick holding a bonus), then bonuses (`p`, `b`), bombs (`o`, labelled with
    /// their timeout), explosions (`*`) and the players (by seat, where they stand between
    /// cells) at their sizes; lives and score per player on the field.
    pub fn scene(&self) -> Scene {
        let rules = self.rules();
        let n = self.tiles.size().width;
        let mut board = Board::filled("", n, n, '.');
        for (c, t) in self.tiles.iter() {
            board.set(
                c.x,
                c.y,
                match t {
                    Tile::Empty => '.',
                    Tile::Concrete => '#',
                    Tile::Brick(None) => '+',
                    Tile::Brick(Some(_)) => '%',
                },
            );
        }
        let cell = rules.cell_size.max(1) as f32;
        let size = |units: u32| units as f32 / cell;
        let mut scene = Scene {
            boards: alloc::vec![board],
            ..Scene::default()
        };
        for b in &self.bonuses {
            let mark = match b.kind {
                BonusKind::Power => 'p',
                BonusKind::Bomb => 'b',
            };
            let piece = Piece::on_cell(
                0,
                b.cell.x,
                b.cell.y,
                size(rules.bonus_size),
                Shape::Disc,
                mark,
            );
            scene.pieces.push(piece.labelled(String::from(mark)));
        }
        for b in &self.bombs {
            let piece = Piece::on_cell(
                0,
                b.cell.x,
                b.cell.y,
                size(rules.bomb_size),
                Shape::Disc,
                'o',
            );
            scene
                .pieces
                .push(piece.labelled(alloc::format!("{}", b.timeout)));
        }
        for e in &self.explosions {
            let piece = Piece::on_cell(
                0,
                e.cell.x,
                e.cell.y,
                size(rules.explosion_size),
                Shape::Square,
                '*',
            );
            scene.pieces.push(piece);
        }
        for p in &self.players {
            scene.pieces.push(Piece {
                board: 0,
                x: (p.pos.x.to_f64() / f64::from(rules.cell_size.max(1))) as f32,
                y: (p.pos.y.to_f64() / f64::from(rules.cell_size.max(1))) as f32,
                size: size(rules.player_size),
                shape: if p.stun_duration > 0 {
                    Shape::Ring
                } else {
                    Shape::Disc
                },
                seat: Some(p.id.0),
                mark: 'P',
                label: alloc::format!("{}", p.id.0),
            });
            scene.meters.push(
                Meter::new(p.id.0, "lives", i64::from(p.lives_left)).out_of(i64::from(rules.lives)),
            );
            scene.meters.push(Meter::new(p.id.0, "score", p.score));
        }
        scene
    }

    /// An ASCII picture of the lattice, framed, one character per cell, then one line per
    /// player on the field and one line listing the bombs.
    ///
    /// Cells: `#` concrete, `+` brick, `%` brick holding a bonus, `*` explosion, `o` bomb,
    /// `p`/`b` power/bomb bonus, `.` floor, and a digit for a player (the cell nearest its
    /// centre). When objects share a cell the first in the order player, explosion, bomb,
    /// bonus, wall is shown.
    pub fn render(&self) -> String {
        let n = self.tiles.size().width as usize;
        let mut rows: Vec<Vec<u8>> = self
            .tiles
            .rows()
            .map(|row| {
                row.iter()
                    .map(|t| match t {
                        Tile::Empty => b'.',
                        Tile::Concrete => b'#',
                        Tile::Brick(None) => b'+',
                        Tile::Brick(Some(_)) => b'%',
                    })
                    .collect()
            })
            .collect();
        let mut put = |c: Coord, ch: u8| {
            if let Some(cell) = rows
                .get_mut(c.y as usize)
                .and_then(|r| r.get_mut(c.x as usize))
            {
                *cell = ch;
            }
        };
        for b in &self.bonuses {
            put(
                b.cell,
                match b.kind {
                    BonusKind::Power => b'p',
                    BonusKind::Bomb => b'b',
                },
            );
        }
        for b in &self.bombs {
            put(b.cell, b'o');
        }
        for e in &self.explosions {
            put(e.cell, b'*');
        }
        for p in &self.players {
            put(self.cell_of(p.pos), b'0' + (p.id.0 % 10));
        }
        let mut out = String::new();
        let frame = "=".repeat(n + 2);
        let _ = writeln!(out, "tick {}", self.tick);
        let _ = writeln!(out, "{frame}");
        for row in rows {
            out.push('|');
            out.push_str(core::str::from_utf8(&row).unwrap_or("?"));
            out.push_str("|\n");
        }
        let _ = writeln!(out, "{frame}");
        for p in &self.players {
            let _ = write!(
                out,
                "{} at {} lives {} score {} power {} bombs {}/{}",
                p.id, p.pos, p.lives_left, p.score, p.bombs_power, p.bombs_left, p.bombs_count
            );
            if p.stun_duration > 0 {
                let _ = write!(out, " stunned {}", p.stun_duration);
            }
            if p.immune_duration > 0 {
                let _ = write!(out, " immune {}", p.immune_duration);
            }
            out.push('\n');
        }
        if !self.bombs.is_empty() {
            out.push_str("bombs:");
            for b in &self.bombs {
                let _ = write!(out, " {}@{}:{}", b.owner, b.cell, b.timeout);
            }
            out.push('\n');
        }
        out
    }
}
