//! The process protocol: one JSON line in per tick, one JSON line out.
//!
//! A bot program runs for the whole game. Before each tick in which it is on the field, it
//! reads one line from its standard input, [`observation_json`]'s object, and writes one line
//! back, an object with `speedX`, `speedY` (JSON numbers, units per tick) and `drop` (a JSON
//! boolean), read by [`parse_action`]. Every line is complete, the rules included, so a bot
//! can start reading at any line. A missing, late
//! ([`TICK_TIMEOUT_MS`] per tick, [`GAME_TIME_MS`] in all) or malformed answer means standing
//! still without dropping ([`Action::IDLE`]), recorded as a fault by the runner.
//!
//! The line's shape (names follow the seed's Java/JavaScript classes; every object carries the
//! seed's `type`, centre `x`, `y` and `size`; positions and sizes are exact decimals, see
//! [`Fixed`]):
//!
//! ```text
//! {"tick":0,
//!  "player":{"type":"Player","playerId":0,"x":15,"y":15,"size":20,"livesLeft":3,"score":0,
//!            "stunDuration":0,"immuneDuration":0,"bombsPower":1,"bombsCount":1,"bombsLeft":1},
//!  "world":{"width":450,"height":450,
//!           "players":[<Player>...],                       (those still on the field)
//!           "obstacles":[{"type":"BrickWall","x":75,"y":15,"size":30,"contents":"BonusBomb"},
//!                        {"type":"ConcreteWall","x":45,"y":45,"size":30,"contents":null}...],
//!           "bombs":[{"type":"Bomb","x":15,"y":15,"size":28,"timeout":50,"owner":0,
//!                     "walkableFor":[0]}...],
//!           "explosions":[{"type":"Explosion","x":45,"y":15,"size":28,"timeout":10,
//!                          "creators":[0,1]}...],
//!           "bonuses":[{"type":"BonusPower","x":75,"y":15,"size":28,"bonusType":"BonusPower",
//!                       "immuneDuration":11}...]},
//!  "rules":{"mode":"standard","players":4,"fieldSize":450,"cells":15,"cellSize":30,
//!           "playerSize":20,"bombSize":28,"explosionSize":28,"bonusSize":28,
//!           "playerMaxSpeed":10,"lives":3,"bombsPower":1,"bombsCount":1,"bombTimeout":50,
//!           "explosionDuration":10,"bonusImmunity":11,"stunDuration":30,"immuneDuration":30,
//!           "maxTicks":1500,"brickPercent":70,"bonusPercent":30,"wallPoints":12,
//!           "hitPoints":240,"selfHitPoints":-60,"bonusPoints":6}}
//! ```
//!
//! (Shown wrapped; the real line has no whitespace.) The field's border is a wall but is not
//! listed in `obstacles`. A player's `immuneDuration` counts its stun too.
//!
//! Only `tick` and `player` differ between the seats' lines of a tick: the runner's lines
//! ([`Contest::encode`](koth_engine_core::Contest::encode)) share one encoding of the rest
//! (with the `std` feature), so a tick costs one world's encoding, not one per seat.
//!
//! Answers are read strictly and totally (no input panics): the line must be one JSON object
//! holding `speedX` and `speedY` (finite numbers) and `drop` (a boolean); other members are
//! ignored; a member given twice is an error. Each speed becomes the nearest 1/256 of a unit
//! (ties away from zero) after a vector whose larger component exceeds 2^20 units has been
//! scaled down to that bound in floating point, keeping its direction; the engine then clamps
//! the vector to `max_speed`. `NaN`, `Infinity` (as Python's `json` writes them) and numbers
//! beyond the double range are [`ActionError::NonFinite`].
//!
//! A complete bot in Python (`examples/example_bot.py`):
//!
//! ```python
#![doc = include_str!("../examples/example_bot.py")]
//! ```

use alloc::string::String;
use core::fmt::{self, Write as _};

use crate::{Action, Bomb, Bonus, Explosion, Fixed, Observation, Player, PlayerSet, Rules, Tile};

/// Milliseconds a program has to answer one tick.
pub const TICK_TIMEOUT_MS: u64 = 2_000;

/// Milliseconds a program may spend answering over a whole game.
pub const GAME_TIME_MS: u64 = 120_000;

/// The memory a program may use, in MiB (the contest's 256 MB).
pub const MEMORY_LIMIT_MB: u64 = 256;

/// The line a bot reads for one tick (without the trailing newline), the rules included.
pub fn observation_json(observation: &Observation) -> String {
    let mut out = String::with_capacity(4096);
    write_head(&mut out, observation);
    write_world(&mut out, &observation.world);
    out
}

/// The part of a tick's line after the seat's own record (`,"world":{...},"rules":{...}}`):
/// the same for every seat that observes `world`.
#[cfg(feature = "std")]
pub(crate) fn world_json(world: &crate::World) -> String {
    let mut out = String::with_capacity(4096);
    write_world(&mut out, world);
    out
}

/// [`observation_json`] of `observation`, whose world's part is already encoded: `world` is
/// [`world_json`] of `observation.world`.
#[cfg(feature = "std")]
pub(crate) fn observation_json_with(observation: &Observation, world: &str) -> String {
    let mut out = String::with_capacity(HEAD_BYTES + world.len());
    write_head(&mut out, observation);
    out.push_str(world);
    out
}

/// Room for a line's head (the tick and the seat's record: some 220 bytes).
#[cfg(feature = "std")]
const HEAD_BYTES: usize = 256;

/// A number as the line writes it: integers in decimal, [`Fixed`] as an exact decimal
/// (its `Display`). Written digit by digit into the line, without `core::fmt` (a bot's line
/// is mostly numbers, and the runner writes one per bot per tick).
trait Number: Copy {
    fn push_to(self, out: &mut String);
}

/// Appends the decimal digits of `v`.
fn push_digits(out: &mut String, v: u64) {
    let mut digits = [0u8; 20];
    let end = digits.len();
    let start = crate::fixed::digits_before(&mut digits, end, v);
    for &d in &digits[start..] {
        out.push(char::from(d));
    }
}

impl Number for u64 {
    fn push_to(self, out: &mut String) {
        push_digits(out, self);
    }
}

impl Number for i64 {
    fn push_to(self, out: &mut String) {
        if self < 0 {
            out.push('-');
        }
        push_digits(out, self.unsigned_abs());
    }
}

impl Number for u32 {
    fn push_to(self, out: &mut String) {
        push_digits(out, u64::from(self));
    }
}

impl Number for i32 {
    fn push_to(self, out: &mut String) {
        i64::from(self).push_to(out);
    }
}

impl Number for u8 {
    fn push_to(self, out: &mut String) {
        push_digits(out, u64::from(self));
    }
}

impl Number for usize {
    fn push_to(self, out: &mut String) {
        push_digits(out, self as u64);
    }
}

impl Number for Fixed {
    fn push_to(self, out: &mut String) {
        out.push_str(self.decimal(&mut [0; crate::fixed::DECIMAL_LEN]));
    }
}

/// Appends the start of a field object: its `type`, centre and `size` (the object is left
/// open for its own members).
fn object_head(out: &mut String, kind: &str, centre: crate::Point, size: u32) {
    out.push_str("{\"type\":\"");
    out.push_str(kind);
    field(out, "\",\"x\":", centre.x);
    field(out, ",\"y\":", centre.y);
    field(out, ",\"size\":", size);
}

/// Appends `text` (a key with its punctuation) and the number `value`.
fn field(out: &mut String, text: &str, value: impl Number) {
    out.push_str(text);
    value.push_to(out);
}

/// The line's head: the tick and the seat's own record.
fn write_head(out: &mut String, o: &Observation) {
    field(out, "{\"tick\":", o.world.tick);
    out.push_str(",\"player\":");
    write_player(out, &o.me, &o.world.config.rules);
}

/// The rest of the line: the world and the rules.
fn write_world(out: &mut String, w: &crate::World) {
    let rules = &w.config.rules;
    let field_size = Fixed::from_units(rules.field_size() as i32);
    field(out, ",\"world\":{\"width\":", field_size);
    field(out, ",\"height\":", field_size);
    out.push_str(",\"players\":[");
    for (i, p) in w.players.iter().enumerate() {
        comma(out, i);
        write_player(out, p, rules);
    }
    out.push_str("],\"obstacles\":[");
    for (i, (cell, tile)) in w.obstacles().enumerate() {
        let (kind, contents) = match tile {
            Tile::Concrete => ("ConcreteWall", None),
            Tile::Brick(contents) => ("BrickWall", contents),
            Tile::Empty => continue,
        };
        comma(out, i);
        object_head(out, kind, w.centre(cell), rules.cell_size);
        out.push_str(",\"contents\":");
        match contents {
            Some(k) => {
                out.push('"');
                out.push_str(k.name());
                out.push_str("\"}");
            }
            None => out.push_str("null}"),
        }
    }
    out.push_str("],\"bombs\":[");
    for (i, b) in w.bombs.iter().enumerate() {
        comma(out, i);
        write_bomb(out, b, w, rules);
    }
    out.push_str("],\"explosions\":[");
    for (i, e) in w.explosions.iter().enumerate() {
        comma(out, i);
        write_explosion(out, e, w, rules);
    }
    out.push_str("],\"bonuses\":[");
    for (i, b) in w.bonuses.iter().enumerate() {
        comma(out, i);
        write_bonus(out, b, w, rules);
    }
    out.push_str("]}");
    out.push_str(",\"rules\":");
    write_rules(out, w.config.mode.name(), w.config.mode.players(), rules);
    out.push('}');
}

fn comma(out: &mut String, i: usize) {
    if i > 0 {
        out.push(',');
    }
}

fn write_player(out: &mut String, p: &Player, rules: &Rules) {
    field(out, "{\"type\":\"Player\",\"playerId\":", p.id.0);
    field(out, ",\"x\":", p.pos.x);
    field(out, ",\"y\":", p.pos.y);
    field(out, ",\"size\":", rules.player_size);
    field(out, ",\"livesLeft\":", p.lives_left);
    field(out, ",\"score\":", p.score);
    field(out, ",\"stunDuration\":", p.stun_duration);
    field(out, ",\"immuneDuration\":", p.immune_duration);
    field(out, ",\"bombsPower\":", p.bombs_power);
    field(out, ",\"bombsCount\":", p.bombs_count);
    field(out, ",\"bombsLeft\":", p.bombs_left);
    out.push('}');
}

fn write_set(out: &mut String, set: PlayerSet) {
    out.push('[');
    for (i, p) in set.iter().enumerate() {
        comma(out, i);
        p.0.push_to(out);
    }
    out.push(']');
}

fn write_bomb(out: &mut String, b: &Bomb, w: &crate::World, rules: &Rules) {
    object_head(out, "Bomb", w.centre(b.cell), rules.bomb_size);
    field(out, ",\"timeout\":", b.timeout);
    field(out, ",\"owner\":", b.owner.0);
    out.push_str(",\"walkableFor\":");
    write_set(out, b.walkable_for);
    out.push('}');
}

fn write_explosion(out: &mut String, e: &Explosion, w: &crate::World, rules: &Rules) {
    object_head(out, "Explosion", w.centre(e.cell), rules.explosion_size);
    field(out, ",\"timeout\":", e.timeout);
    out.push_str(",\"creators\":");
    write_set(out, e.creators);
    out.push('}');
}

fn write_bonus(out: &mut String, b: &Bonus, w: &crate::World, rules: &Rules) {
    let kind = b.kind.name();
    object_head(out, kind, w.centre(b.cell), rules.bonus_size);
    out.push_str(",\"bonusType\":\"");
    out.push_str(kind);
    field(out, "\",\"immuneDuration\":", b.immune_duration);
    out.push('}');
}

fn write_rules(out: &mut String, mode: &str, players: usize, r: &Rules) {
    out.push_str("{\"mode\":\"");
    out.push_str(mode);
    field(out, "\",\"players\":", players);
    field(out, ",\"fieldSize\":", r.field_size());
    field(out, ",\"cells\":", r.cells);
    field(out, ",\"cellSize\":", r.cell_size);
    field(out, ",\"playerSize\":", r.player_size);
    field(out, ",\"bombSize\":", r.bomb_size);
    field(out, ",\"explosionSize\":", r.explosion_size);
    field(out, ",\"bonusSize\":", r.bonus_size);
    field(out, ",\"playerMaxSpeed\":", r.max_speed);
    field(out, ",\"lives\":", r.lives);
    field(out, ",\"bombsPower\":", r.bombs_power);
    field(out, ",\"bombsCount\":", r.bombs_count);
    field(out, ",\"bombTimeout\":", r.bomb_timeout);
    field(out, ",\"explosionDuration\":", r.explosion_duration);
    field(out, ",\"bonusImmunity\":", r.bonus_immunity);
    field(out, ",\"stunDuration\":", r.stun_duration);
    field(out, ",\"immuneDuration\":", r.immune_duration);
    field(out, ",\"maxTicks\":", r.max_ticks);
    field(out, ",\"brickPercent\":", r.brick_percent);
    field(out, ",\"bonusPercent\":", r.bonus_percent);
    field(out, ",\"wallPoints\":", r.wall_points);
    field(out, ",\"hitPoints\":", r.hit_points);
    field(out, ",\"selfHitPoints\":", r.self_hit_points);
    field(out, ",\"bonusPoints\":", r.bonus_points);
    out.push('}');
}

/// The answer line for `action` (without the trailing newline): what a bot would write, and
/// exactly what [`parse_action`] reads back to the same action.
///
/// ```
/// use koth_bomberman::{Action, Fixed, protocol::{action_json, parse_action}};
/// let a = Action::new(Fixed::from_raw(-1280), Fixed::from_raw(1), true);
/// assert_eq!(action_json(&a), r#"{"speedX":-5,"speedY":0.00390625,"drop":true}"#);
/// assert_eq!(parse_action(&action_json(&a)), Ok(a));
/// ```
pub fn action_json(action: &Action) -> String {
    let mut out = String::with_capacity(48);
    let _ = write!(
        out,
        "{{\"speedX\":{},\"speedY\":{},\"drop\":{}}}",
        action.speed_x, action.speed_y, action.drop
    );
    out
}

/// A member of the answer object.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    /// `speedX`.
    SpeedX,
    /// `speedY`.
    SpeedY,
    /// `drop`.
    Drop,
}

impl Field {
    /// The member's name on the wire.
    pub const fn name(self) -> &'static str {
        match self {
            Field::SpeedX => "speedX",
            Field::SpeedY => "speedY",
            Field::Drop => "drop",
        }
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why an answer line is not an action (the runner then plays [`Action::IDLE`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ActionError {
    /// The line is empty or blank.
    #[error("empty answer")]
    Empty,
    /// The line is not valid JSON.
    #[error("malformed JSON at byte {offset}: {reason}")]
    Malformed {
        /// Byte offset of the problem.
        offset: usize,
        /// What was wrong.
        reason: &'static str,
    },
    /// The line is a JSON value other than an object.
    #[error("the answer is not a JSON object")]
    NotAnObject,
    /// A required member is absent.
    #[error("missing member {0}")]
    Missing(Field),
    /// A member appears twice.
    #[error("member {0} appears twice")]
    Duplicate(Field),
    /// A member has the wrong JSON type.
    #[error("member {field} is not a {expected}")]
    WrongType {
        /// The member.
        field: Field,
        /// The JSON type it must have.
        expected: &'static str,
    },
    /// A speed is `NaN`, an infinity, or beyond the double range.
    #[error("member {0} is not a finite number")]
    NonFinite(Field),
}

/// The larger speed component beyond which a speed is scaled down before quantising (2^20).
const SPEED_LIMIT: f64 = 1_048_576.0;

/// Reads a bot's answer line (surrounding whitespace, such as the newline, is allowed).
///
/// ```
/// use koth_bomberman::{Action, protocol::{parse_action, ActionError, Field}};
/// assert_eq!(
///     parse_action(r#"{"speedX": 10, "speedY": -2.5, "drop": false}"#),
///     Ok(Action::new(koth_bomberman::Fixed::from_units(10), koth_bomberman::Fixed::from_raw(-640), false))
/// );
/// assert_eq!(parse_action(r#"{"speedX": 1, "speedY": 0}"#), Err(ActionError::Missing(Field::Drop)));
/// assert_eq!(
///     parse_action(r#"{"speedX": NaN, "speedY": 0, "drop": true}"#),
///     Err(ActionError::NonFinite(Field::SpeedX))
/// );
/// assert!(matches!(parse_action("{\"speedX\": 1,"), Err(ActionError::Malformed { .. })));
/// ```
pub fn parse_action(line: &str) -> Result<Action, ActionError> {
    let mut p = Parser {
        s: line.as_bytes(),
        pos: 0,
    };
    p.ws();
    match p.peek() {
        None => return Err(ActionError::Empty),
        Some(b'{') => {}
        Some(_) => {
            p.value(0, &mut Key::default())?;
            p.end()?;
            return Err(ActionError::NotAnObject);
        }
    }
    let mut members: [Option<Value>; 3] = [None; 3];
    let mut duplicate = None;
    p.pos += 1;
    p.ws();
    if p.peek() == Some(b'}') {
        p.pos += 1;
    } else {
        loop {
            p.ws();
            let mut key = Key::default();
            p.expect(b'"', "expected a member name")?;
            p.string(&mut key)?;
            p.ws();
            p.expect(b':', "expected ':'")?;
            p.ws();
            let value = p.value(1, &mut Key::default())?;
            if let Some(field) = key.field() {
                let slot = &mut members[field as usize];
                if slot.is_some() && duplicate.is_none() {
                    duplicate = Some(field);
                }
                *slot = Some(value);
            }
            p.ws();
            match p.bump() {
                Some(b',') => continue,
                Some(b'}') => break,
                _ => return Err(p.malformed_before("expected ',' or '}'")),
            }
        }
    }
    p.end()?;
    if let Some(field) = duplicate {
        return Err(ActionError::Duplicate(field));
    }
    let number = |field: Field| match members[field as usize] {
        None => Err(ActionError::Missing(field)),
        Some(Value::Number(x)) => Ok(x),
        Some(Value::NonFinite) => Err(ActionError::NonFinite(field)),
        Some(_) => Err(ActionError::WrongType {
            field,
            expected: "number",
        }),
    };
    let mut sx = number(Field::SpeedX)?;
    let mut sy = number(Field::SpeedY)?;
    let drop = match members[Field::Drop as usize] {
        None => return Err(ActionError::Missing(Field::Drop)),
        Some(Value::Bool(b)) => b,
        Some(_) => {
            return Err(ActionError::WrongType {
                field: Field::Drop,
                expected: "boolean",
            });
        }
    };
    let abs = |x: f64| if x < 0.0 { -x } else { x };
    let m = if abs(sx) > abs(sy) { abs(sx) } else { abs(sy) };
    if m > SPEED_LIMIT {
        sx = sx / m * SPEED_LIMIT;
        sy = sy / m * SPEED_LIMIT;
    }
    // Both components are within ±2^20 units now, well inside the fixed-point range.
    let q = |x: f64| Fixed::from_f64(x).unwrap_or(Fixed::ZERO);
    Ok(Action::new(q(sx), q(sy), drop))
}

/// A JSON value, as far as the answer needs to know it.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Value {
    Number(f64),
    NonFinite,
    Bool(bool),
    Other,
}

/// A member name, decoded far enough to compare it with the three the answer needs.
#[derive(Default)]
struct Key {
    buf: [u8; 8],
    len: usize,
    overflow: bool,
}

impl Key {
    fn push(&mut self, bytes: &[u8]) {
        for &b in bytes {
            if self.len < self.buf.len() {
                self.buf[self.len] = b;
                self.len += 1;
            } else {
                self.overflow = true;
            }
        }
    }

    fn field(&self) -> Option<Field> {
        if self.overflow {
            return None;
        }
        match &self.buf[..self.len] {
            b"speedX" => Some(Field::SpeedX),
            b"speedY" => Some(Field::SpeedY),
            b"drop" => Some(Field::Drop),
            _ => None,
        }
    }
}

/// Nesting deeper than this is refused (so skipping a value never exhausts the stack).
const MAX_DEPTH: usize = 64;

struct Parser<'a> {
    s: &'a [u8],
    pos: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.pos).copied()
    }

    fn bump(&mut self) -> Option<u8> {
        let b = self.peek()?;
        self.pos += 1;
        Some(b)
    }

    fn ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.peek() {
            self.pos += 1;
        }
    }

    fn malformed(&self, reason: &'static str) -> ActionError {
        ActionError::Malformed {
            offset: self.pos,
            reason,
        }
    }

    /// An error about the byte just consumed.
    fn malformed_before(&self, reason: &'static str) -> ActionError {
        ActionError::Malformed {
            offset: self.pos.saturating_sub(1),
            reason,
        }
    }

    fn expect(&mut self, b: u8, reason: &'static str) -> Result<(), ActionError> {
        if self.peek() == Some(b) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.malformed(reason))
        }
    }

    /// Only whitespace may follow.
    fn end(&mut self) -> Result<(), ActionError> {
        self.ws();
        if self.pos < self.s.len() {
            Err(self.malformed("trailing characters after the value"))
        } else {
            Ok(())
        }
    }

    fn literal(&mut self, word: &[u8], value: Value) -> Result<Value, ActionError> {
        if self.s[self.pos..].starts_with(word) {
            self.pos += word.len();
            Ok(value)
        } else {
            Err(self.malformed("invalid literal"))
        }
    }

    /// One value at nesting `depth`; member names inside it are decoded into `key` scratch.
    fn value(&mut self, depth: usize, key: &mut Key) -> Result<Value, ActionError> {
        if depth > MAX_DEPTH {
            return Err(self.malformed("nesting too deep"));
        }
        match self.peek() {
            None => Err(self.malformed("expected a value")),
            Some(b'{') => {
                self.pos += 1;
                self.ws();
                if self.peek() == Some(b'}') {
                    self.pos += 1;
                    return Ok(Value::Other);
                }
                loop {
                    self.ws();
                    self.expect(b'"', "expected a member name")?;
                    self.string(key)?;
                    self.ws();
                    self.expect(b':', "expected ':'")?;
                    self.ws();
                    self.value(depth + 1, key)?;
                    self.ws();
                    match self.bump() {
                        Some(b',') => continue,
                        Some(b'}') => return Ok(Value::Other),
                        _ => return Err(self.malformed_before("expected ',' or '}'")),
                    }
                }
            }
            Some(b'[') => {
                self.pos += 1;
                self.ws();
                if self.peek() == Some(b']') {
                    self.pos += 1;
                    return Ok(Value::Other);
                }
                loop {
                    self.ws();
                    self.value(depth + 1, key)?;
                    self.ws();
                    match self.bump() {
                        Some(b',') => continue,
                        Some(b']') => return Ok(Value::Other),
                        _ => return Err(self.malformed_before("expected ',' or ']'")),
                    }
                }
            }
            Some(b'"') => {
                self.pos += 1;
                self.string(key)?;
                Ok(Value::Other)
            }
            Some(b't') => self.literal(b"true", Value::Bool(true)),
            Some(b'f') => self.literal(b"false", Value::Bool(false)),
            Some(b'n') => self.literal(b"null", Value::Other),
            Some(b'N') => self.literal(b"NaN", Value::NonFinite),
            Some(b'I') => self.literal(b"Infinity", Value::NonFinite),
            Some(b'-') if self.s.get(self.pos + 1) == Some(&b'I') => {
                self.literal(b"-Infinity", Value::NonFinite)
            }
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(_) => Err(self.malformed("expected a value")),
        }
    }

    fn digits(&mut self) -> usize {
        let start = self.pos;
        while let Some(b'0'..=b'9') = self.peek() {
            self.pos += 1;
        }
        self.pos - start
    }

    /// A number by the JSON grammar, converted with the standard library's correctly rounded
    /// decimal-to-double conversion.
    fn number(&mut self) -> Result<Value, ActionError> {
        let start = self.pos;
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        match self.peek() {
            Some(b'0') => self.pos += 1,
            Some(b'1'..=b'9') => {
                self.digits();
            }
            _ => return Err(self.malformed("expected a digit")),
        }
        if self.peek() == Some(b'.') {
            self.pos += 1;
            if self.digits() == 0 {
                return Err(self.malformed("expected a digit after '.'"));
            }
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.pos += 1;
            if let Some(b'+' | b'-') = self.peek() {
                self.pos += 1;
            }
            if self.digits() == 0 {
                return Err(self.malformed("expected an exponent"));
            }
        }
        let text = core::str::from_utf8(&self.s[start..self.pos])
            .map_err(|_| self.malformed("invalid number"))?;
        let x: f64 = text.parse().map_err(|_| self.malformed("invalid number"))?;
        Ok(if x.is_finite() {
            Value::Number(x)
        } else {
            Value::NonFinite
        })
    }

    fn hex4(&mut self) -> Result<u32, ActionError> {
        let mut v = 0;
        for _ in 0..4 {
            let d = match self.bump() {
                Some(b @ b'0'..=b'9') => b - b'0',
                Some(b @ b'a'..=b'f') => b - b'a' + 10,
                Some(b @ b'A'..=b'F') => b - b'A' + 10,
                _ => return Err(self.malformed_before("invalid \\u escape")),
            };
            v = v * 16 + u32::from(d);
        }
        Ok(v)
    }

    /// The rest of a string after its opening quote, decoded into `key`.
    fn string(&mut self, key: &mut Key) -> Result<(), ActionError> {
        loop {
            match self.bump() {
                None => return Err(self.malformed("unterminated string")),
                Some(b'"') => return Ok(()),
                Some(b'\\') => {
                    let c = match self.bump() {
                        Some(b'"') => '"',
                        Some(b'\\') => '\\',
                        Some(b'/') => '/',
                        Some(b'b') => '\u{8}',
                        Some(b'f') => '\u{c}',
                        Some(b'n') => '\n',
                        Some(b'r') => '\r',
                        Some(b't') => '\t',
                        Some(b'u') => {
                            let hi = self.hex4()?;
                            let code = match hi {
                                0xD800..=0xDBFF => {
                                    if self.bump() != Some(b'\\') || self.bump() != Some(b'u') {
                                        return Err(self.malformed_before("lone surrogate"));
                                    }
                                    let lo = self.hex4()?;
                                    if !(0xDC00..=0xDFFF).contains(&lo) {
                                        return Err(self.malformed_before("lone surrogate"));
                                    }
                                    0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)
                                }
                                0xDC00..=0xDFFF => {
                                    return Err(self.malformed_before("lone surrogate"));
                                }
                                c => c,
                            };
                            char::from_u32(code)
                                .ok_or_else(|| self.malformed_before("invalid \\u escape"))?
                        }
                        _ => return Err(self.malformed_before("invalid escape")),
                    };
                    let mut buf = [0; 4];
                    key.push(c.encode_utf8(&mut buf).as_bytes());
                }
                Some(b) if b < 0x20 => {
                    return Err(self.malformed_before("control character in a string"));
                }
                Some(b) => key.push(&[b]),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_decoded() {
        assert_eq!(
            parse_action(r#"{"speed\u0058":1,"\u0073peedY":2,"dr\/op":true}"#),
            Err(ActionError::Missing(Field::Drop))
        );
        assert_eq!(
            parse_action(r#"{"speed\u0058":1,"\u0073peedY":2,"drop":true}"#),
            Ok(Action::units(1, 2, true))
        );
    }

    #[test]
    fn huge_speeds_keep_their_direction() {
        let a = parse_action(r#"{"speedX":1e300,"speedY":-5e299,"drop":false}"#).unwrap();
        assert_eq!(a.speed_x, Fixed::from_units(1 << 20));
        assert_eq!(a.speed_y, Fixed::from_units(-(1 << 19)));
        assert_eq!(
            parse_action(r#"{"speedX":1e400,"speedY":0,"drop":false}"#),
            Err(ActionError::NonFinite(Field::SpeedX))
        );
    }
}
