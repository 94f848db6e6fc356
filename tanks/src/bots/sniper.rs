//! The seed's example entry, ported line by line.

use alloc::string::String;
use alloc::vec::Vec;

use koth_engine_core::RngCore;

use koth_engine_core::draw;

/// The seed's example bot (Python 3), as a program: gets its stdin line, returns what it
/// printed, or `None` where the original crashes (no output: the tank does nothing).
///
/// ```python
/// import random
/// stdin = input() # Get the world state
/// my_id, width, *tanks = stdin.split(';')
/// tanks = [t.split(',') for t in tanks]
/// my_x, my_y = next(t for t in tanks if t[0] == my_id)[1:]
/// inline = [t for t in tanks if t[0] != my_id and (t[1] == my_x or t[2] == my_y)]
/// if inline:
///     other_tank = inline[0]
///     if other_tank[1] == my_x:
///         print('sl')
///     else:
///         print('su')
/// else:
///     print(random.choice(['mu', 'md', 'ml', 'mr']))
/// ```
///
/// Kept on purpose: the comparisons are on the text of the numbers; `inline[0]` is the
/// in-line tank with the lowest id (the line lists tanks in ascending id order); and the
/// axes are crossed — a tank in the same **column** (`t[1] == my_x`) makes it fire **left**
/// along its row, a tank in the same **row** makes it fire **up** along its column — so it
/// hits only what happens to stand on the other axis. `random.choice` of four is one
/// uniform draw from the runner's RNG.
pub fn sniper(stdin: &str, rng: &mut dyn RngCore) -> Option<String> {
    // input() reads one line and drops its newline; no line at all is an EOFError.
    let stdin = stdin.lines().next()?;
    // my_id, width, *tanks = ...: fewer than two fields is a ValueError.
    let mut fields = stdin.split(';');
    let my_id = fields.next()?;
    let _width = fields.next()?;
    let tanks: Vec<Vec<&str>> = fields.map(|t| t.split(',').collect()).collect();
    // next(...) raises StopIteration when it is missing; [1:] must unpack into two names.
    let me = tanks.iter().find(|t| t[0] == my_id)?;
    let &[_, my_x, my_y] = me.as_slice() else {
        return None;
    };
    let mut inline = Vec::new();
    for t in &tanks {
        // `or` short-circuits; a short entry is an IndexError.
        if t[0] != my_id && (*t.get(1)? == my_x || *t.get(2)? == my_y) {
            inline.push(t);
        }
    }
    let out = match inline.first() {
        Some(other_tank) if other_tank[1] == my_x => "sl",
        Some(_) => "su",
        None => ["mu", "md", "ml", "mr"][draw::index(rng, 4)],
    };
    // print() adds the newline.
    let mut printed = String::from(out);
    printed.push('\n');
    Some(printed)
}
