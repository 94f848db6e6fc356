//! The seed's program protocol.
//!
//! Every tick a program is run with one line on its standard input,
//! `YourUserID;GridWidth;id,x,y;id,x,y;...` ([`format_observation`]): the observer's tank id,
//! the side of the torus, then every living tank (the observer included) in ascending id
//! order, y growing **up**. It answers with two lowercase letters and a newline: `mu md ml mr`
//! move up (+y), down, left (-x), right; `su sd sl sr` shoot ([`parse_action`]). Leading and
//! trailing ASCII whitespace is ignored. Anything else — unknown text, empty output, a crash,
//! or no answer within [`TIMEOUT_MS`] — means the tank does nothing that tick
//! ([`action_or_idle`]); the runner records it as a fault and the match goes on.
//!
//! ```
//! use koth_engine_core::{Coord, Dir4};
//! use koth_tanks::{protocol, Action, Observation, TankView};
//!
//! // The seed's example: user 9999 on a 3 x 3 torus.
//! let obs = Observation {
//!     you: 9999,
//!     width: 3,
//!     tanks: vec![
//!         TankView { id: 0, at: Coord::new(0, 2) },
//!         TankView { id: 9999, at: Coord::new(2, 1) },
//!         TankView { id: 50000, at: Coord::new(1, 0) },
//!     ],
//! };
//! let line = protocol::format_observation(&obs);
//! assert_eq!(line, "9999;3;0,0,2;9999,2,1;50000,1,0");
//! assert_eq!(protocol::parse_observation(&line), Ok(obs));
//!
//! assert_eq!(protocol::parse_action(b"  sl\n"), Ok(Action::Shoot(Dir4::Left)));
//! assert_eq!(protocol::parse_action(b"SL\n"), Err(protocol::ParseError::Kind(b'S')));
//! assert_eq!(protocol::action_or_idle(b"fire!"), Action::Idle);
//! ```

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;

use koth_engine_core::{Coord, Dir4};

use crate::{Action, Observation, TankView};

/// Milliseconds a program has to answer before it does nothing that tick (the seed's 3 s;
/// a runner may make it configurable).
pub const TIMEOUT_MS: u64 = 3000;

/// Why a program's answer is not a command (the tank then does nothing).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// Nothing but whitespace was printed.
    #[error("empty output")]
    Empty,
    /// The answer, whitespace trimmed, is not two bytes long.
    #[error("expected two letters, got {0} bytes")]
    Length(usize),
    /// The first letter is not `m` (move) or `s` (shoot).
    #[error("{:?} is neither m (move) nor s (shoot)", char::from(*.0))]
    Kind(u8),
    /// The second letter is not one of `u d l r`.
    #[error("{:?} is not a direction (u d l r)", char::from(*.0))]
    Direction(u8),
}

/// Reads a program's answer: two lowercase letters, surrounding ASCII whitespace ignored.
pub fn parse_action(output: &[u8]) -> Result<Action, ParseError> {
    let text = output.trim_ascii();
    let &[kind, dir] = text else {
        return Err(if text.is_empty() {
            ParseError::Empty
        } else {
            ParseError::Length(text.len())
        });
    };
    let dir = match dir {
        b'u' => Dir4::Up,
        b'd' => Dir4::Down,
        b'l' => Dir4::Left,
        b'r' => Dir4::Right,
        _ if !matches!(kind, b'm' | b's') => return Err(ParseError::Kind(kind)),
        other => return Err(ParseError::Direction(other)),
    };
    match kind {
        b'm' => Ok(Action::Move(dir)),
        b's' => Ok(Action::Shoot(dir)),
        other => Err(ParseError::Kind(other)),
    }
}

/// [`parse_action`] with the controller's default: anything that is not a command is `Idle`.
pub fn action_or_idle(output: &[u8]) -> Action {
    parse_action(output).unwrap_or(Action::Idle)
}

/// What a program prints to play `action`: its two letters, or nothing for `Idle` (which
/// [`action_or_idle`] reads back as `Idle`).
pub fn format_action(action: Action) -> &'static str {
    action.wire().unwrap_or("")
}

/// The stdin line `YourUserID;GridWidth;id,x,y;...` (no newline), tanks in the order the
/// observation lists them (ascending id).
pub fn format_observation(obs: &Observation) -> String {
    let mut line = String::with_capacity(8 + 12 * obs.tanks.len());
    // Writing to a String cannot fail.
    let _ = write!(line, "{};{}", obs.you, obs.width);
    for t in &obs.tanks {
        let _ = write!(line, ";{},{},{}", t.id, t.at.x, t.at.y);
    }
    line
}

/// Why a line is not a game state.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum ObservationError {
    /// Fewer than the two header fields and one tank.
    #[error("expected YourUserID;GridWidth;id,x,y;..., got {0} fields")]
    Fields(usize),
    /// A number that does not parse (or is out of range).
    #[error("{0:?} is not a valid number")]
    Number(String),
    /// A tank entry without exactly three comma-separated numbers.
    #[error("tank entry {0:?} is not id,x,y")]
    Tank(String),
    /// Tanks out of ascending id order, or an id listed twice.
    #[error("tank ids are not strictly ascending at id {0}")]
    Order(u32),
    /// A tank off the torus.
    #[error("tank {id} at {at} lies off the torus")]
    OffBoard {
        /// Its id.
        id: u32,
        /// Its square.
        at: Coord,
    },
}

/// Parses a line as [`format_observation`] writes it (a trailing newline is allowed).
pub fn parse_observation(line: &str) -> Result<Observation, ObservationError> {
    let line = line.trim_end_matches(['\n', '\r']);
    let fields: Vec<&str> = line.split(';').collect();
    if fields.len() < 3 {
        return Err(ObservationError::Fields(fields.len()));
    }
    let you = number::<u32>(fields[0])?;
    let width = number::<u16>(fields[1])?;
    let mut tanks: Vec<TankView> = Vec::with_capacity(fields.len() - 2);
    for entry in &fields[2..] {
        let parts: Vec<&str> = entry.split(',').collect();
        let &[id, x, y] = parts.as_slice() else {
            return Err(ObservationError::Tank(String::from(*entry)));
        };
        let id = number::<u32>(id)?;
        let at = Coord::new(number::<i32>(x)?, number::<i32>(y)?);
        if !(0..i32::from(width)).contains(&at.x) || !(0..i32::from(width)).contains(&at.y) {
            return Err(ObservationError::OffBoard { id, at });
        }
        if tanks.last().is_some_and(|t| t.id >= id) {
            return Err(ObservationError::Order(id));
        }
        tanks.push(TankView { id, at });
    }
    Ok(Observation { you, width, tanks })
}

fn number<T: core::str::FromStr>(s: &str) -> Result<T, ObservationError> {
    // Only plain decimal digits, as the engine writes them (no sign, no spaces).
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ObservationError::Number(String::from(s)));
    }
    s.parse()
        .map_err(|_| ObservationError::Number(String::from(s)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons() {
        assert_eq!(parse_action(b""), Err(ParseError::Empty));
        assert_eq!(parse_action(b" \n\t"), Err(ParseError::Empty));
        assert_eq!(parse_action(b"m"), Err(ParseError::Length(1)));
        assert_eq!(parse_action(b"mu sd"), Err(ParseError::Length(5)));
        assert_eq!(parse_action(b"xu"), Err(ParseError::Kind(b'x')));
        assert_eq!(parse_action(b"mx"), Err(ParseError::Direction(b'x')));
        assert_eq!(parse_action(b"xx"), Err(ParseError::Kind(b'x')));
        assert_eq!(parse_action(b"\r\nmd\r\n"), Ok(Action::Move(Dir4::Down)));
        assert_eq!(parse_action("é".as_bytes()), Err(ParseError::Kind(0xc3)));
    }

    #[test]
    fn observation_refusals() {
        assert_eq!(parse_observation("1;3"), Err(ObservationError::Fields(2)));
        assert!(matches!(
            parse_observation("1;3;1,0"),
            Err(ObservationError::Tank(_))
        ));
        assert!(matches!(
            parse_observation("1;3;1,0,-1"),
            Err(ObservationError::Number(_))
        ));
        assert!(matches!(
            parse_observation("1;3;1,0,3"),
            Err(ObservationError::OffBoard { .. })
        ));
        assert_eq!(
            parse_observation("1;3;2,0,0;1,1,1"),
            Err(ObservationError::Order(1))
        );
        assert!(parse_observation("1;3;1,0,0\n").is_ok());
    }
}
