//! The five ship classes and their numbers.

use core::fmt;

/// A ship class, chosen by each program before the game (`1..=5` on the wire).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[repr(u8)]
pub enum ShipClass {
    /// `1`: length 2, 3 moves, 1 shot, range 9, 4 mines; rotations cost no move.
    Destroyer = 1,
    /// `2`: length 3, 2 moves, 1 shot, range 5, 4 mines; `P` plunges and surfaces.
    Submarine = 2,
    /// `3`: length 3, 1 move, 2 shots, range 9, 2 mines; `R` repairs.
    Cruiser = 3,
    /// `4`: length 4, 1 move, 3 shots, range 7, 1 mine; `D` raises a shield.
    Battleship = 4,
    /// `5`: length 5, 1 move, 1 shot, range 7, 3 mines; shots hit a 3 x 3 area.
    Carrier = 5,
}

impl ShipClass {
    /// All five classes in wire order (`1..=5`).
    pub const ALL: [ShipClass; 5] = [
        ShipClass::Destroyer,
        ShipClass::Submarine,
        ShipClass::Cruiser,
        ShipClass::Battleship,
        ShipClass::Carrier,
    ];

    /// The wire number, `1..=5`.
    pub const fn id(self) -> u8 {
        self as u8
    }

    /// The class with wire number `id`, if it is in `1..=5`.
    pub const fn from_id(id: u8) -> Option<ShipClass> {
        match id {
            1..=5 => Some(ShipClass::ALL[id as usize - 1]),
            _ => None,
        }
    }

    /// Hull length in cells.
    pub const fn length(self) -> u8 {
        [2, 3, 3, 4, 5][self as usize - 1]
    }

    /// Moves per turn (`M`, `B`, and rotations except for the Destroyer).
    pub const fn moves(self) -> u8 {
        [3, 2, 1, 1, 1][self as usize - 1]
    }

    /// Shots per turn.
    pub const fn shots(self) -> u8 {
        [1, 1, 2, 3, 1][self as usize - 1]
    }

    /// Firing range: `|dx| <= range` and `|dy| <= range` from the head.
    pub const fn range(self) -> u8 {
        [9, 5, 9, 7, 7][self as usize - 1]
    }

    /// Mines carried at the start.
    pub const fn mines(self) -> u8 {
        [4, 4, 2, 1, 3][self as usize - 1]
    }

    /// The class name in English.
    pub const fn name(self) -> &'static str {
        match self {
            ShipClass::Destroyer => "Destroyer",
            ShipClass::Submarine => "Submarine",
            ShipClass::Cruiser => "Cruiser",
            ShipClass::Battleship => "Battleship",
            ShipClass::Carrier => "Carrier",
        }
    }

    /// The class a seat gets when [`Config::classes`](crate::Config::classes) has no entry for
    /// it: the five classes in turn, `Destroyer` for seat 0, `Submarine` for seat 1, ...
    pub const fn default_for_seat(seat: usize) -> ShipClass {
        ShipClass::ALL[seat % 5]
    }

    /// The class whose hull length, moves and shots are these (each class has its own triple),
    /// as a program can tell from its input line.
    pub const fn from_numbers(length: u8, moves: u8, shots: u8) -> Option<ShipClass> {
        let mut i = 0;
        while i < 5 {
            let c = ShipClass::ALL[i];
            if c.length() == length && c.moves() == moves && c.shots() == shots {
                return Some(c);
            }
            i += 1;
        }
        None
    }
}

impl fmt::Display for ShipClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_numbers() {
        for (i, c) in ShipClass::ALL.into_iter().enumerate() {
            assert_eq!(c.id() as usize, i + 1);
            assert_eq!(ShipClass::from_id(c.id()), Some(c));
            assert_eq!(
                ShipClass::from_numbers(c.length(), c.moves(), c.shots()),
                Some(c)
            );
        }
        assert_eq!(ShipClass::from_id(0), None);
        assert_eq!(ShipClass::from_id(6), None);
        assert_eq!(ShipClass::default_for_seat(7), ShipClass::Cruiser);
    }
}
