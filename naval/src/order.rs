//! Orders (the single actions of a turn) and [`Orders`], a turn's whole action string.

use core::fmt;

/// The most orders one turn holds; the protocol drops what follows (and says so).
///
/// No class can use more than a handful of orders in a turn (three moves plus three shots),
/// so 64 leaves room for free Destroyer rotations, waits and refused orders while keeping
/// [`Orders`] a small `Copy` value.
pub const MAX_ORDERS: usize = 64;

/// An offset `(dx, dy)` from the ship's head, each in `-9..=9` (`[+-]digit[+-]digit` on the
/// wire; y grows downward).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Target {
    dx: i8,
    dy: i8,
}

impl Target {
    /// The offset `(dx, dy)`, if both lie in `-9..=9`.
    pub const fn new(dx: i32, dy: i32) -> Option<Target> {
        if dx >= -9 && dx <= 9 && dy >= -9 && dy <= 9 {
            Some(Target {
                dx: dx as i8,
                dy: dy as i8,
            })
        } else {
            None
        }
    }

    /// Column offset.
    pub const fn dx(self) -> i32 {
        self.dx as i32
    }

    /// Row offset (positive is down).
    pub const fn dy(self) -> i32 {
        self.dy as i32
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = |v: i8| if v < 0 { '-' } else { '+' };
        write!(
            f,
            "{}{}{}{}",
            sign(self.dx),
            self.dx.unsigned_abs(),
            sign(self.dy),
            self.dy.unsigned_abs()
        )
    }
}

/// One action of a turn's string.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Order {
    /// `M`: forward one cell (1 move).
    Move,
    /// `B`: back one cell (1 move).
    Back,
    /// `C`: rotate clockwise about the head (1 move; free for the Destroyer).
    Clockwise,
    /// `K`: rotate counter-clockwise about the head (1 move; free for the Destroyer).
    CounterClockwise,
    /// `A`: ram the ship cell ahead (no move used yet; uses all moves).
    Ram,
    /// `F±x±y`: fire at the cell at this offset from the head (1 shot).
    Fire(Target),
    /// `N±x±y`: lay a mine at this offset (no shot used yet; uses all shots and 1 mine).
    Mine(Target),
    /// `S`: scan next turn (no shot used yet; uses all shots).
    Scan,
    /// `R`: Cruiser repair (no shot used yet, cooldown 0; uses all shots).
    Repair,
    /// `P`: Submarine plunge or surface (no shot used yet; uses all shots).
    Plunge,
    /// `D`: Battleship shield (no shot used yet, cooldown 0; uses all shots).
    Shield,
    /// `W`: wait. Malformed pieces of an action string become `W` too.
    Wait,
    /// `F????` on the wire: an `F` whose four target characters are no target. Only the
    /// 2017 controller's reading makes it (see [`protocol::parse_orders_2017`]): under the
    /// `hitmaster2017` profile it spends a shot like `F` when it can, and then ends the turn.
    /// The rules refuse it.
    ///
    /// [`protocol::parse_orders_2017`]: crate::protocol::parse_orders_2017
    GarbledFire,
    /// `N????` on the wire: an `N` whose four target characters are no target. Under the
    /// `hitmaster2017` profile it spends the action and, while mines remain, a mine, and then
    /// ends the turn. The rules refuse it.
    GarbledMine,
}

impl Order {
    /// The wire letter.
    pub const fn letter(self) -> char {
        match self {
            Order::Move => 'M',
            Order::Back => 'B',
            Order::Clockwise => 'C',
            Order::CounterClockwise => 'K',
            Order::Ram => 'A',
            Order::Fire(_) => 'F',
            Order::Mine(_) => 'N',
            Order::Scan => 'S',
            Order::Repair => 'R',
            Order::Plunge => 'P',
            Order::Shield => 'D',
            Order::Wait => 'W',
            Order::GarbledFire => 'F',
            Order::GarbledMine => 'N',
        }
    }

    /// The order for a letter that takes no target (`F` and `N` need one: `None`).
    pub const fn from_letter(c: u8) -> Option<Order> {
        Some(match c {
            b'M' => Order::Move,
            b'B' => Order::Back,
            b'C' => Order::Clockwise,
            b'K' => Order::CounterClockwise,
            b'A' => Order::Ram,
            b'S' => Order::Scan,
            b'R' => Order::Repair,
            b'P' => Order::Plunge,
            b'D' => Order::Shield,
            b'W' => Order::Wait,
            _ => return None,
        })
    }
}

impl fmt::Display for Order {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Order::Fire(t) => write!(f, "F{t}"),
            Order::Mine(t) => write!(f, "N{t}"),
            Order::GarbledFire => f.write_str("F????"),
            Order::GarbledMine => f.write_str("N????"),
            other => write!(f, "{}", other.letter()),
        }
    }
}

/// A turn's action: up to [`MAX_ORDERS`] orders executed left to right. A small `Copy` value
/// (a fixed-capacity list, no allocation).
///
/// `Display` writes the wire string; [`protocol::parse_orders`](crate::protocol::parse_orders)
/// reads one (leniently, reporting every malformed piece) and `FromStr` strictly.
///
/// ```
/// use koth_naval::{Order, Orders, Target};
/// let orders: Orders = "MF+9-8CM".parse().unwrap();
/// assert_eq!(orders.as_slice()[1], Order::Fire(Target::new(9, -8).unwrap()));
/// assert_eq!(orders.to_string(), "MF+9-8CM");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Orders {
    len: u8,
    // Slots past `len` always hold `Wait`, so the derived comparisons are correct.
    items: [Order; MAX_ORDERS],
}

/// [`Orders`] is full: it already holds [`MAX_ORDERS`] orders.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a turn holds at most {MAX_ORDERS} orders")]
pub struct OrdersFull;

impl Default for Orders {
    fn default() -> Self {
        Orders::new()
    }
}

impl Orders {
    /// No orders (the same as waiting).
    pub const fn new() -> Orders {
        Orders {
            len: 0,
            items: [Order::Wait; MAX_ORDERS],
        }
    }

    /// The single order `W`: what a late, crashed or silent program plays.
    pub const fn wait() -> Orders {
        let mut o = Orders::new();
        o.len = 1;
        o
    }

    /// The orders of `slice`, or an error if it holds more than [`MAX_ORDERS`].
    pub fn from_slice(slice: &[Order]) -> Result<Orders, OrdersFull> {
        let mut o = Orders::new();
        for &order in slice {
            o.push(order)?;
        }
        Ok(o)
    }

    /// Appends an order.
    pub fn push(&mut self, order: Order) -> Result<(), OrdersFull> {
        let slot = self.items.get_mut(self.len as usize).ok_or(OrdersFull)?;
        *slot = order;
        self.len += 1;
        Ok(())
    }

    /// The orders, first to execute first.
    pub fn as_slice(&self) -> &[Order] {
        &self.items[..self.len as usize]
    }

    /// The number of orders.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there are no orders.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether no more order fits.
    pub fn is_full(&self) -> bool {
        self.len() == MAX_ORDERS
    }

    /// The orders in execution order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = Order> + '_ {
        self.as_slice().iter().copied()
    }
}

impl fmt::Debug for Orders {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Orders({self:#})")
    }
}

impl fmt::Display for Orders {
    /// The wire string (empty for no orders).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for o in self.as_slice() {
            write!(f, "{o}")?;
        }
        Ok(())
    }
}

impl core::str::FromStr for Orders {
    type Err = crate::protocol::OrdersError;

    /// Strict parsing: any malformed piece is an error (see
    /// [`protocol::parse_orders`](crate::protocol::parse_orders) for the lenient reading).
    fn from_str(s: &str) -> Result<Orders, Self::Err> {
        crate::protocol::parse_orders_strict(s)
    }
}

impl<'a> IntoIterator for &'a Orders {
    type Item = &'a Order;
    type IntoIter = core::slice::Iter<'a, Order>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    //! Orders and single orders serialize as their wire text (`"MF+9-8CM"`, `"F+1-2"`).
    use alloc::string::ToString;
    use core::fmt;

    use serde::de::{Error, Visitor};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::{Order, Orders, Target};

    impl Serialize for Orders {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_str(&self.to_string())
        }
    }

    impl Serialize for Order {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_str(&self.to_string())
        }
    }

    impl Serialize for Target {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_str(&self.to_string())
        }
    }

    struct Text;

    impl Visitor<'_> for Text {
        type Value = Orders;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a naval action string such as \"MF+9-8CM\"")
        }
        fn visit_str<E: Error>(self, v: &str) -> Result<Orders, E> {
            v.parse().map_err(E::custom)
        }
    }

    impl<'de> Deserialize<'de> for Orders {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Orders, D::Error> {
            d.deserialize_str(Text)
        }
    }

    impl<'de> Deserialize<'de> for Order {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Order, D::Error> {
            let orders = d.deserialize_str(Text)?;
            match orders.as_slice() {
                &[one] => Ok(one),
                _ => Err(D::Error::custom("expected exactly one order")),
            }
        }
    }

    impl<'de> Deserialize<'de> for Target {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Target, D::Error> {
            struct T;
            impl Visitor<'_> for T {
                type Value = Target;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("a target offset such as \"+1-2\"")
                }
                fn visit_str<E: Error>(self, v: &str) -> Result<Target, E> {
                    crate::protocol::parse_target(v.as_bytes())
                        .ok_or_else(|| E::custom("expected [+-]digit[+-]digit"))
                }
            }
            d.deserialize_str(T)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn small_copy_types() {
        assert_eq!(core::mem::size_of::<Order>(), 3);
        assert!(core::mem::size_of::<Orders>() <= 1 + 3 * MAX_ORDERS);
    }

    #[test]
    fn push_until_full() {
        let mut o = Orders::new();
        for _ in 0..MAX_ORDERS {
            o.push(Order::Move).unwrap();
        }
        assert!(o.is_full());
        assert_eq!(o.push(Order::Wait), Err(OrdersFull));
        assert_eq!(o.len(), MAX_ORDERS);
    }

    #[test]
    fn targets_format_with_signs() {
        assert_eq!(Target::new(0, -3).unwrap().to_string(), "+0-3");
        assert_eq!(Target::new(10, 0), None);
        assert_eq!(
            Order::Mine(Target::new(-1, 1).unwrap()).to_string(),
            "N-1+1"
        );
    }
}
