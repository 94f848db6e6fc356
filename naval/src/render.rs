//! An ASCII picture of the whole sea, for logs and snapshots.

use alloc::string::String;
use core::fmt::{self, Write};

use koth_engine_core::scene::{Board, Meter, Piece, Scene, Shape};
use koth_engine_core::{Dir4, PlayerId};

use crate::Naval;
use crate::state::Cell;

/// The character of a seat's intact hull cells: `0`-`9`, then `a`-`z`, then `@`.
pub fn seat_symbol(seat: PlayerId) -> char {
    match seat.0 {
        n @ 0..=9 => (b'0' + n) as char,
        n @ 10..=35 => (b'a' + n - 10) as char,
        _ => '@',
    }
}

fn dir_name(d: Dir4) -> &'static str {
    match d {
        Dir4::Up => "up",
        Dir4::Right => "right",
        Dir4::Down => "down",
        Dir4::Left => "left",
    }
}

impl Naval {
    /// The whole sea as ASCII (like the seed's example grid): a status line, a `#` border,
    /// `.` water, `M` mines, `W` wrecks, a ship's intact cells as its seat symbol
    /// ([`seat_symbol`]) and its damaged cells as `*`; then one status line per seat. Logs
    /// show it under a `round R of N` line ([`Contest::render`](koth_engine_core::Contest::render)).
    ///
    /// ```
    /// use koth_engine_core::{Game, SeedableRng};
    /// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
    /// let game = koth_naval::Naval::new(&koth_naval::Config::default(), 2, &mut rng).unwrap();
    /// let picture = game.picture();
    /// assert!(picture.lines().nth(1).unwrap().starts_with("################"));
    /// ```
    pub fn picture(&self) -> String {
        let mut out = String::new();
        // Writing to a String cannot fail.
        let _ = self.write_sea(&mut out);
        out
    }

    /// The sea for a viewer: `.` water, `M` mines and `W` wrecks as cells; each afloat ship's
    /// cells as its seat's squares (rings while submerged), its head labelled with the seat
    /// symbol and its damaged cells as `*`; score, hits and intact hull cells per seat.
    pub(crate) fn sea_scene(&self) -> Scene {
        let side = self.side;
        let mut board = Board::filled("", side, side, '.');
        for (c, cell) in self.cells.iter() {
            match cell {
                Cell::Mine => board.set(c.x, c.y, 'M'),
                Cell::Wreck => board.set(c.x, c.y, 'W'),
                Cell::Water | Cell::Ship(_) => {}
            }
        }
        let mut scene = Scene {
            boards: alloc::vec![board],
            ..Scene::default()
        };
        for (seat, s) in self.seats.iter().enumerate() {
            let p = PlayerId(seat as u8);
            let mut intact = 0;
            if let Some(ship) = s.ship.as_ref().filter(|s| s.afloat()) {
                let shape = if ship.submerged {
                    Shape::Ring
                } else {
                    Shape::Square
                };
                for (i, c) in ship.cells().enumerate() {
                    let label = if i == 0 {
                        String::from(seat_symbol(p))
                    } else {
                        String::new()
                    };
                    let piece = if ship.hull.is_intact(i) {
                        intact += 1;
                        Piece::on_cell(0, c.x, c.y, 0.9, shape, 'h').of(p.0)
                    } else {
                        Piece::on_cell(0, c.x, c.y, 0.9, shape, '*')
                    };
                    scene.pieces.push(piece.labelled(label));
                }
            }
            let stats = self.stats(p);
            scene.meters.push(Meter::new(p.0, "score", stats.score()));
            scene
                .meters
                .push(Meter::new(p.0, "hits", i64::from(stats.hits)));
            scene.meters.push(Meter::new(p.0, "hull", intact));
        }
        scene
    }

    fn write_sea(&self, out: &mut String) -> fmt::Result {
        match self.end {
            Some(reason) => writeln!(
                out,
                "round {}/{}, turn {}: game over ({reason:?})",
                self.round, self.rounds, self.turn
            )?,
            None => writeln!(
                out,
                "round {}/{}, turn {}: {} to act",
                self.round,
                self.rounds,
                self.turn,
                self.order.get(self.next).copied().unwrap_or(PlayerId(0))
            )?,
        }
        let side = self.side as usize;
        let mut picture: alloc::vec::Vec<char> = self
            .cells
            .cells()
            .iter()
            .map(|cell| match cell {
                Cell::Water => '.',
                Cell::Mine => 'M',
                Cell::Wreck => 'W',
                Cell::Ship(p) => seat_symbol(*p),
            })
            .collect();
        for (seat, s) in self.seats.iter().enumerate() {
            let Some(ship) = s.ship.as_ref().filter(|s| s.afloat()) else {
                continue;
            };
            for (i, c) in ship.cells().enumerate() {
                if let Some(j) = self.size().index_of(c) {
                    picture[j] = if ship.hull.is_intact(i) {
                        seat_symbol(PlayerId(seat as u8))
                    } else {
                        '*'
                    };
                }
            }
        }
        let border: String = core::iter::repeat_n('#', side + 2).collect();
        writeln!(out, "{border}")?;
        for row in picture.chunks(side.max(1)) {
            out.push('#');
            out.extend(row);
            out.push_str("#\n");
        }
        writeln!(out, "{border}")?;
        for (seat, s) in self.seats.iter().enumerate() {
            let p = PlayerId(seat as u8);
            let stats = self.stats(p);
            let Some(ship) = &s.ship else {
                writeln!(out, "{p} no ship (bad class choice): score 0")?;
                continue;
            };
            write!(
                out,
                "{p} {:<10} ({:>2},{:>2}) {:<5} hull {:<5} mines {} cd {}",
                ship.class.name(),
                ship.head.x,
                ship.head.y,
                dir_name(ship.dir),
                ship.hull,
                ship.mines,
                ship.cooldown
            )?;
            for (on, word) in [
                (!ship.afloat(), " SUNK"),
                (ship.submerged, " submerged"),
                (ship.shield, " shield"),
                (ship.scan, " scan"),
            ] {
                if on {
                    out.push_str(word);
                }
            }
            writeln!(
                out,
                " | hits {} sunken {} damage {} score {}",
                stats.hits,
                stats.sunken,
                stats.damage,
                stats.score()
            )?;
        }
        Ok(())
    }
}
