//! The seed's program protocol.
//!
//! A program is run once with no argument and prints its class, an integer `1..=5`
//! ([`parse_class`]); anything else gives it no ship. Then, for each of its turns, it is run
//! with one argument, its [`observation_line`], and prints an action string
//! ([`parse_orders`]). Each call has [`TIMEOUT_MS`]; a late, crashed or empty answer is `W`.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use koth_engine_core::{Dir4, PlayerId};

use crate::observation::SIGHT_CELLS;
use crate::order::MAX_ORDERS;
use crate::{Hull, Observation, Order, Orders, ShipClass, Sight, SightCell, Target};

/// Milliseconds a program has for any call (the class choice or a turn).
pub const TIMEOUT_MS: u64 = 1000;
/// Milliseconds for the first call, the class choice.
pub const CLASS_TIMEOUT_MS: u64 = TIMEOUT_MS;
/// Milliseconds for a turn.
pub const TURN_TIMEOUT_MS: u64 = TIMEOUT_MS;

// ---------------------------------------------------------------------- class choice

/// Why a first-call answer chooses no class (the player then has no ship and scores 0).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ClassError {
    /// Nothing but whitespace was printed.
    #[error("empty output")]
    Empty,
    /// The output is not an integer.
    #[error("{0:?} is not an integer")]
    NotAnInteger(String),
    /// An integer outside `1..=5`.
    #[error("{0} is not a class number (1..=5)")]
    OutOfRange(String),
}

/// Reads a program's first answer: an integer `1..=5`, with surrounding whitespace allowed
/// (and, as Java's `Integer.parseInt` read it, an optional `+` and leading zeros).
///
/// ```
/// use koth_naval::{protocol::{parse_class, ClassError}, ShipClass};
/// assert_eq!(parse_class(b" 4\n"), Ok(ShipClass::Battleship));
/// assert_eq!(parse_class(b"6"), Err(ClassError::OutOfRange("6".into())));
/// assert_eq!(parse_class(b"two"), Err(ClassError::NotAnInteger("two".into())));
/// ```
pub fn parse_class(stdout: &[u8]) -> Result<ShipClass, ClassError> {
    let text = stdout.trim_ascii();
    if text.is_empty() {
        return Err(ClassError::Empty);
    }
    let lossy = || String::from_utf8_lossy(text).into_owned();
    let digits = text.strip_prefix(b"+").unwrap_or(text);
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return Err(ClassError::NotAnInteger(lossy()));
    }
    let significant = digits.trim_ascii_start();
    let significant = match significant.iter().position(|&b| b != b'0') {
        Some(i) => &significant[i..],
        None => return Err(ClassError::OutOfRange(lossy())),
    };
    match significant {
        [d] => ShipClass::from_id(d - b'0').ok_or_else(|| ClassError::OutOfRange(lossy())),
        _ => Err(ClassError::OutOfRange(lossy())),
    }
}

// ---------------------------------------------------------------------- observation line

/// The program's argument:
/// `Round;PlayerId;X,Y,Direction;Hull;Moves,Shots,Mines,Cooldown;Hits,Sunken,Damage;Underwater,Shield,Scan;Map`.
pub fn observation_line(obs: &Observation) -> String {
    use core::fmt::Write as _;
    let b = |v: bool| u8::from(v);
    let mut line = String::with_capacity(64 + SIGHT_CELLS);
    // Writing to a String cannot fail.
    let _ = write!(
        line,
        "{};{};{},{},{};{};{},{},{},{};{},{},{};{},{},{};",
        obs.round,
        obs.player.0,
        obs.x,
        obs.y,
        obs.dir.index(),
        obs.hull,
        obs.moves,
        obs.shots,
        obs.mines,
        obs.cooldown,
        obs.hits,
        obs.sunken,
        obs.damage,
        b(obs.underwater),
        b(obs.shield),
        b(obs.scan),
    );
    line.extend(obs.map.cells().iter().map(|c| c.char()));
    line
}

/// Why an input line does not parse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ObservationError {
    /// Not 8 `;`-separated fields.
    #[error("expected 8 ';'-separated fields, got {0}")]
    Fields(usize),
    /// A field with the wrong number of `,`-separated numbers.
    #[error("field {field} should hold {expected} values")]
    Arity {
        /// The field's name.
        field: &'static str,
        /// How many values it holds.
        expected: usize,
    },
    /// A number that does not parse (or does not fit).
    #[error("{field}: {text:?} is not a valid number")]
    Number {
        /// The value's name.
        field: &'static str,
        /// Its text.
        text: String,
    },
    /// A direction outside `0..=3`.
    #[error("direction {0} is not 0..=3")]
    Direction(u8),
    /// A flag other than `0` or `1`.
    #[error("{field}: {text:?} is not 0 or 1")]
    Flag {
        /// The flag's name.
        field: &'static str,
        /// Its text.
        text: String,
    },
    /// A hull that is not `0`/`1` characters, or longer than [`Hull::MAX_LEN`].
    #[error("hull {0:?} is not a string of 0 and 1")]
    Hull(String),
    /// A map that is not 361 map characters.
    #[error("{0}")]
    Map(SightError),
}

/// Why a map does not parse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SightError {
    /// Not 361 characters.
    #[error("a map has 361 characters, not {0}")]
    Length(usize),
    /// A character that is no map cell.
    #[error("{ch:?} at {at} is not a map character")]
    Char {
        /// The character.
        ch: char,
        /// Its index.
        at: usize,
    },
}

/// Parses a 361-character map.
pub fn parse_sight(text: &str) -> Result<Sight, SightError> {
    let bytes = text.as_bytes();
    if bytes.len() != SIGHT_CELLS {
        return Err(SightError::Length(text.chars().count()));
    }
    let mut cells = [SightCell::Unknown; SIGHT_CELLS];
    for (at, (&b, out)) in bytes.iter().zip(cells.iter_mut()).enumerate() {
        *out = SightCell::from_byte(b).ok_or_else(|| SightError::Char {
            ch: text[at..].chars().next().unwrap_or('?'),
            at,
        })?;
    }
    Ok(Sight::from_cells(cells))
}

fn values<'a, const N: usize>(
    text: &'a str,
    field: &'static str,
) -> Result<[&'a str; N], ObservationError> {
    let mut out = [""; N];
    let mut parts = text.split(',');
    for slot in &mut out {
        *slot = parts
            .next()
            .ok_or(ObservationError::Arity { field, expected: N })?;
    }
    if parts.next().is_some() {
        return Err(ObservationError::Arity { field, expected: N });
    }
    Ok(out)
}

fn number<T: core::str::FromStr>(text: &str, field: &'static str) -> Result<T, ObservationError> {
    text.parse().map_err(|_| ObservationError::Number {
        field,
        text: text.to_string(),
    })
}

fn flag(text: &str, field: &'static str) -> Result<bool, ObservationError> {
    match text {
        "0" => Ok(false),
        "1" => Ok(true),
        _ => Err(ObservationError::Flag {
            field,
            text: text.to_string(),
        }),
    }
}

/// Parses an input line as [`observation_line`] writes it (for tests and bots).
pub fn parse_observation(line: &str) -> Result<Observation, ObservationError> {
    let fields: Vec<&str> = line.split(';').collect();
    let &[round, player, pos, hull, budget, score, flags, map] = fields.as_slice() else {
        return Err(ObservationError::Fields(fields.len()));
    };
    let [x, y, dir] = values::<3>(pos, "X,Y,Direction")?;
    let dir: u8 = number(dir, "Direction")?;
    if dir > 3 {
        return Err(ObservationError::Direction(dir));
    }
    if hull.len() > Hull::MAX_LEN || !hull.bytes().all(|b| b == b'0' || b == b'1') {
        return Err(ObservationError::Hull(hull.to_string()));
    }
    let mask = hull
        .bytes()
        .enumerate()
        .fold(0u8, |m, (i, b)| if b == b'1' { m | 1 << i } else { m });
    let [moves, shots, mines, cooldown] = values::<4>(budget, "Moves,Shots,Mines,Cooldown")?;
    let [hits, sunken, damage] = values::<3>(score, "Hits,Sunken,Damage")?;
    let [underwater, shield, scan] = values::<3>(flags, "Underwater,Shield,Scan")?;
    Ok(Observation {
        round: number(round, "Round")?,
        player: PlayerId(number(player, "PlayerId")?),
        x: number(x, "X")?,
        y: number(y, "Y")?,
        dir: Dir4::from_index(dir),
        hull: Hull::from_mask(hull.len() as u8, mask),
        moves: number(moves, "Moves")?,
        shots: number(shots, "Shots")?,
        mines: number(mines, "Mines")?,
        cooldown: number(cooldown, "Cooldown")?,
        hits: number(hits, "Hits")?,
        sunken: number(sunken, "Sunken")?,
        damage: number(damage, "Damage")?,
        underwater: flag(underwater, "Underwater")?,
        shield: flag(shield, "Shield")?,
        scan: flag(scan, "Scan")?,
        map: parse_sight(map).map_err(ObservationError::Map)?,
    })
}

// ---------------------------------------------------------------------- action strings

/// What is wrong with one piece of an action string.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum PieceError {
    /// Characters that are no action letter (a run of them is one piece).
    Unknown,
    /// `F` or `N` not followed by `[+-]digit[+-]digit`; the piece is the letter and the
    /// characters after it that still fit that pattern.
    BadTarget {
        /// `F` or `N`.
        letter: char,
    },
    /// Text past the first [`MAX_ORDERS`] orders: dropped, not executed.
    TooManyOrders,
}

/// One malformed piece of an action string.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Issue {
    /// Byte offset of the piece in the parsed string.
    pub at: usize,
    /// The piece's text.
    pub text: String,
    /// The index of the `W` it became in [`Parsed::orders`] (`None` when dropped).
    pub index: Option<usize>,
    /// What is wrong.
    pub error: PieceError,
}

impl fmt::Display for Issue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.error {
            PieceError::Unknown => write!(f, "{:?} at {} is not an action", self.text, self.at),
            PieceError::BadTarget { letter } => write!(
                f,
                "{:?} at {}: {letter} needs a target [+-]digit[+-]digit",
                self.text, self.at
            ),
            PieceError::TooManyOrders => write!(
                f,
                "{:?} at {} dropped: a turn holds at most {MAX_ORDERS} orders",
                self.text, self.at
            ),
        }?;
        if self.index.is_some() {
            f.write_str("; played W")?;
        }
        Ok(())
    }
}

/// A leniently parsed action string: the orders to execute (each malformed piece became `W`)
/// and why each malformed piece is malformed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Parsed {
    /// The orders, malformed pieces as `W`.
    pub orders: Orders,
    /// The malformed pieces, in order.
    pub issues: Vec<Issue>,
}

/// A strictly parsed action string had a malformed piece.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct OrdersError(pub Issue);

/// Reads `[+-]digit[+-]digit` (exactly 4 bytes).
pub fn parse_target(b: &[u8]) -> Option<Target> {
    let &[sx, x, sy, y] = b else { return None };
    let sign = |s: u8| match s {
        b'+' => Some(1),
        b'-' => Some(-1),
        _ => None,
    };
    let digit = |d: u8| d.is_ascii_digit().then(|| i32::from(d - b'0'));
    Target::new(sign(sx)? * digit(x)?, sign(sy)? * digit(y)?)
}

fn is_letter(b: u8) -> bool {
    b == b'F' || b == b'N' || Order::from_letter(b).is_some()
}

/// Reads an action string leniently, as the engine executes it: surrounding whitespace is
/// ignored; each malformed piece becomes `W` (the rest still runs) and is reported; pieces
/// past [`MAX_ORDERS`] orders are dropped and reported.
///
/// ```
/// use koth_naval::protocol::{parse_orders, PieceError};
/// let parsed = parse_orders("MxyF+1C\n");
/// assert_eq!(parsed.orders.to_string(), "MWWC");
/// assert_eq!(parsed.issues[0].error, PieceError::Unknown);
/// assert_eq!(parsed.issues[1].text, "F+1");
/// ```
pub fn parse_orders(text: &str) -> Parsed {
    let lead = text.len() - text.trim_start().len();
    let s = text.trim();
    let bytes = s.as_bytes();
    let mut orders = Orders::new();
    let mut issues = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        if orders.is_full() {
            issues.push(Issue {
                at: lead + start,
                text: s[start..].to_string(),
                index: None,
                error: PieceError::TooManyOrders,
            });
            break;
        }
        let b = bytes[i];
        let (order, error) = if (b == b'F' || b == b'N') && bytes.get(i + 1..i + 5) == Some(b"????")
        {
            // The wire text of a garbled target (the 2017 reading's; the rules refuse it).
            i += 5;
            (
                if b == b'F' {
                    Order::GarbledFire
                } else {
                    Order::GarbledMine
                },
                None,
            )
        } else if b == b'F' || b == b'N' {
            match bytes.get(i + 1..i + 5).and_then(parse_target) {
                Some(t) => {
                    i += 5;
                    (
                        if b == b'F' {
                            Order::Fire(t)
                        } else {
                            Order::Mine(t)
                        },
                        None,
                    )
                }
                None => {
                    i += 1;
                    let pattern: [fn(u8) -> bool; 2] =
                        [|c: u8| c == b'+' || c == b'-', |c: u8| c.is_ascii_digit()];
                    let mut k = 0;
                    while i < bytes.len() && k < 4 && pattern[k % 2](bytes[i]) {
                        i += 1;
                        k += 1;
                    }
                    (
                        Order::Wait,
                        Some(PieceError::BadTarget { letter: b as char }),
                    )
                }
            }
        } else if let Some(o) = Order::from_letter(b) {
            i += 1;
            (o, None)
        } else {
            while i < bytes.len() && !is_letter(bytes[i]) {
                i += 1;
            }
            (Order::Wait, Some(PieceError::Unknown))
        };
        if let Some(error) = error {
            issues.push(Issue {
                at: lead + start,
                text: s[start..i].to_string(),
                index: Some(orders.len()),
                error,
            });
        }
        // Cannot fail: fullness was checked above.
        let _ = orders.push(order);
    }
    Parsed { orders, issues }
}

/// Reads a program's raw standard output (invalid UTF-8 is replaced, then parsed leniently).
pub fn parse_answer(stdout: &[u8]) -> Parsed {
    parse_orders(&String::from_utf8_lossy(stdout))
}

/// Reads an action string strictly: surrounding whitespace is ignored, any malformed piece is
/// an error.
pub fn parse_orders_strict(text: &str) -> Result<Orders, OrdersError> {
    let mut parsed = parse_orders(text);
    if parsed.issues.is_empty() {
        Ok(parsed.orders)
    } else {
        Err(OrdersError(parsed.issues.swap_remove(0)))
    }
}

// ---------------------------------------------------------------------- the 2017 reading

/// Whether Java's `Character.isWhitespace` holds for `c`: what the 2017 controller's
/// `Scanner` splits a program's output at.
pub fn is_java_whitespace(c: char) -> bool {
    matches!(c, '\t'..='\r' | '\u{1c}'..='\u{1f}')
        || (c.is_whitespace() && !matches!(c, '\u{85}' | '\u{a0}' | '\u{2007}' | '\u{202f}'))
}

/// The string the 2017 controller executed for a program's output: the output split into
/// words at Java whitespace ([`is_java_whitespace`]), the words joined by single spaces, and
/// the result trimmed of characters up to `' '` (Java's `String.trim`). Invalid UTF-8 reads
/// as U+FFFD.
///
/// ```
/// use koth_naval::protocol::read_answer_2017;
/// assert_eq!(read_answer_2017(b"M\nF+1\n+1\n"), "M F+1 +1");
/// assert_eq!(read_answer_2017(b"\x01S\x01M \x01"), "S\x01M");
/// ```
pub fn read_answer_2017(stdout: &[u8]) -> String {
    let text = String::from_utf8_lossy(stdout);
    let joined = text
        .split(is_java_whitespace)
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    joined.trim_matches(|c: char| c <= ' ').to_string()
}

/// The class the 2017 controller read from a program's first answer: its first word
/// ([`is_java_whitespace`] separates words), which must be an integer `1..=5`.
///
/// ```
/// use koth_naval::{protocol::parse_class_2017, ShipClass};
/// assert_eq!(parse_class_2017(b"4 Battleship ready\n"), Ok(ShipClass::Battleship));
/// assert!(parse_class_2017(b"Battleship 4").is_err());
/// ```
pub fn parse_class_2017(stdout: &[u8]) -> Result<ShipClass, ClassError> {
    let text = String::from_utf8_lossy(stdout);
    let first = text.split(is_java_whitespace).find(|w| !w.is_empty());
    parse_class(first.unwrap_or("").as_bytes())
}

/// Reads an action string as the 2017 controller executed it (the `hitmaster2017` profile),
/// from its [`read_answer_2017`] form:
/// - the letters `M B C K A S R P D` are their orders;
/// - `F` and `N` take the next four characters as their target. With fewer than four left,
///   the turn ends there. A sign other than `+` counts as `-`. A target whose digits are not
///   digits is [`Order::GarbledFire`] or [`Order::GarbledMine`] (which spends the budget and
///   ends the turn, see their docs). The four characters are skipped either way.
/// - Every other character, `W` and spaces included, is a wait, and is left out.
///
/// Orders past [`MAX_ORDERS`] are dropped and reported as [`PieceError::TooManyOrders`].
///
/// ```
/// use koth_naval::protocol::parse_orders_2017;
/// assert_eq!(parse_orders_2017("MFx1y2 K").orders.to_string(), "MF-1-2K");
/// assert_eq!(parse_orders_2017("F+a+1M").orders.to_string(), "F????M");
/// assert_eq!(parse_orders_2017("MF+1").orders.to_string(), "M");
/// ```
pub fn parse_orders_2017(read: &str) -> Parsed {
    let chars: Vec<(usize, char)> = read.char_indices().collect();
    let mut orders = Orders::new();
    let mut issues = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let (at, c) = chars[i];
        let order = match c {
            'F' | 'N' => {
                let Some(target) = chars.get(i + 1..i + 5) else {
                    break;
                };
                i += 4;
                let sign = |s: char| if s == '+' { 1 } else { -1 };
                let digit = |d: char| d.to_digit(10).map(|d| d as i32);
                let t = match (digit(target[1].1), digit(target[3].1)) {
                    (Some(x), Some(y)) => Target::new(sign(target[0].1) * x, sign(target[2].1) * y),
                    _ => None,
                };
                Some(match (c, t) {
                    ('F', Some(t)) => Order::Fire(t),
                    ('F', None) => Order::GarbledFire,
                    (_, Some(t)) => Order::Mine(t),
                    (_, None) => Order::GarbledMine,
                })
            }
            'W' => None,
            c if c.is_ascii() => Order::from_letter(c as u8),
            _ => None,
        };
        i += 1;
        if let Some(order) = order
            && orders.push(order).is_err()
        {
            issues.push(Issue {
                at,
                text: read[at..].to_string(),
                index: None,
                error: PieceError::TooManyOrders,
            });
            break;
        }
    }
    Parsed { orders, issues }
}

/// [`parse_orders_2017`] of [`read_answer_2017`]: a program's output as the `hitmaster2017`
/// profile executes it.
pub fn parse_answer_2017(stdout: &[u8]) -> Parsed {
    parse_orders_2017(&read_answer_2017(stdout))
}

/// The wire string of `orders` (the same as their `Display`); [`parse_orders`] reads it back
/// to the same orders.
pub fn format_orders(orders: &Orders) -> String {
    orders.to_string()
}
