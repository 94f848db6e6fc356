//! Faithful ports of the seed's entries. Each function is the original program: it gets the
//! argument strings (without the command) and returns what it printed, or `None` where the
//! original crashed or printed nothing. Comments name the quirks that are kept on purpose.

use alloc::string::String;
use alloc::vec::Vec;

use koth_engine_core::{RngCore, draw};

/// `Math.random()`, `random.random()`: a uniform double in `[0, 1)`.
fn random(rng: &mut dyn RngCore) -> f64 {
    draw::unit_f64(rng)
}

/// `s.charAt((int)(Math.random() * s.length()))`, `sample(...)`, `random.choice(...)`: a
/// uniform character of `choices` (never empty), drawn the engines' way.
fn pick(choices: &str, rng: &mut dyn RngCore) -> char {
    let bytes = choices.as_bytes();
    bytes[draw::index(rng, bytes.len())] as char
}

fn out(c: char) -> Option<String> {
    Some(String::from(c))
}

/// `Integer.parseInt`, `atoi`-free: a bad number crashes the original (`None`).
fn int(s: &str) -> Option<i32> {
    s.parse().ok()
}

/// C's `atoi`: leading digits, 0 when there are none.
fn atoi(s: &str) -> i32 {
    let s = s.trim_start();
    let (neg, digits) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let mut v: i32 = 0;
    for b in digits.bytes().take_while(u8::is_ascii_digit) {
        v = v.wrapping_mul(10).wrapping_add((b - b'0') as i32);
    }
    if neg { -v } else { v }
}

/// JavaScript's unary `+` on an argument (`undefined` or junk is NaN).
fn js_number(s: Option<&String>) -> f64 {
    s.and_then(|s| s.trim().parse::<f64>().ok())
        .unwrap_or(f64::NAN)
}

fn last(s: &str) -> Option<char> {
    s.chars().last()
}

/// The Waiter (`echo W`).
pub fn waiter(_: &[String], _: &mut dyn RngCore) -> Option<String> {
    out('W')
}

/// Spork Holder (Ruby): bows on the first turn, then a uniform choice of all six.
pub fn spork_holder(args: &[String], rng: &mut dyn RngCore) -> Option<String> {
    if args.len() == 4 {
        out('B')
    } else {
        out(pick("WBGIPO", rng))
    }
}

/// The node.js boilerplate of The Observer and Coward.
struct Node {
    history: String,
    enemy_history: String,
    health: f64,
    honor: f64,
    enemy_health: f64,
    enemy_honor: f64,
}

impl Node {
    fn new(args: &[String]) -> Node {
        // process.argv holds `node` and the script before the arguments.
        let argc = args.len() + 2;
        let arg = |i: i64| {
            if i < 2 {
                None
            } else {
                args.get(i as usize - 2)
            }
        };
        let offset = 8 - argc as i64;
        let hist = |i| {
            if argc > 6 {
                args.get(i).cloned().unwrap_or_default()
            } else {
                String::new()
            }
        };
        Node {
            history: hist(0),
            enemy_history: hist(1),
            health: js_number(arg(4 - offset)),
            honor: js_number(arg(6 - offset)),
            enemy_health: js_number(arg(5 - offset)),
            enemy_honor: js_number(arg(7 - offset)),
        }
    }
}

/// The Observer (node.js). Builds a table from every substring of the enemy history to the
/// moves that followed it (each start position weighted by how many passes of its outer loop
/// reach it), looks up the longest proper suffix of the enemy history it has seen, draws one
/// follower with the original's `0 | Math.random() * n - 1` index (which never picks the last
/// entry), and plays a counter to it once it has the Sword of the Gods; before that it bows.
/// The original's cubic loops are computed here in linear-size steps with the same result.
pub fn observer(args: &[String], rng: &mut dyn RngCore) -> Option<String> {
    let node = Node::new(args);
    let predicted = observer_predict(node.enemy_history.as_bytes(), rng);
    // decide.apply(0, my.honor < 7 ? ["B"] : g[c].split(''))
    if node.honor < 7.0 {
        return out('B');
    }
    let counters = match predicted? {
        b'B' => "IPO",
        b'G' => "B",
        b'I' => "PG",
        b'O' => "IG",
        b'P' => "OG",
        b'W' => "I",
        _ => return None, // g[c] undefined: a TypeError, no output
    };
    out(pick(counters, rng))
}

fn observer_predict(a: &[u8], rng: &mut dyn RngCore) -> Option<u8> {
    let len = a.len();
    // z[q]: the longest common prefix of the reversed history and its suffix from q, so a
    // suffix of length l of `a` occurs ending at an earlier position p+l-1 iff z[len-p-l] >= l.
    let rev: Vec<u8> = a.iter().rev().copied().collect();
    let z = z_function(&rev);
    // while (!c && i++ < length) c = m.a(history.slice(i)): suffixes of length len-1 down to 0.
    for l in (0..len).rev() {
        let positions: Vec<usize> = if l == 0 {
            // m[""] only comes from slice(-1, j-1) for j in 1..len: followers a[0..len-1].
            (0..len.saturating_sub(1)).collect()
        } else {
            (0..len - l).filter(|&p| z[len - p - l] >= l).collect()
        };
        if positions.is_empty() {
            continue; // this.m[a] undefined
        }
        let follower = |p: usize| if l == 0 { a[p] } else { a[p + l] };
        // Each start p was pushed once per outer pass k with k - 1 <= p (k < len), in k-major
        // order; for the empty key only pass k = 0 pushes.
        let weight = |p: usize| if l == 0 { 1 } else { (p + 2).min(len) };
        let n: usize = positions.iter().map(|&p| weight(p)).sum();
        let x = random(rng) * n as f64 - 1.0;
        let idx = x as i64; // ToInt32 truncates toward zero; only r == 0 gives -1
        if idx < 0 {
            continue; // this.m[a][-1] is undefined
        }
        let mut idx = idx as usize;
        if l == 0 {
            return Some(follower(positions[idx]));
        }
        for k in 0..len {
            let block: Vec<usize> = positions.iter().copied().filter(|&p| p + 1 >= k).collect();
            if idx < block.len() {
                return Some(follower(block[idx]));
            }
            idx -= block.len();
        }
    }
    None
}

fn z_function(s: &[u8]) -> Vec<usize> {
    let n = s.len();
    let mut z = alloc::vec![0; n];
    if n == 0 {
        return z;
    }
    z[0] = n;
    let (mut l, mut r) = (0, 0);
    for i in 1..n {
        if i < r {
            z[i] = (r - i).min(z[i - l]);
        }
        while i + z[i] < n && s[z[i]] == s[i + z[i]] {
            z[i] += 1;
        }
        if i + z[i] > r {
            l = i;
            r = i + z[i];
        }
    }
    z
}

/// Coward (node.js).
pub fn coward(args: &[String], rng: &mut dyn RngCore) -> Option<String> {
    let node = Node::new(args);
    let enemy = node.enemy_history.as_bytes();
    let tail = |pattern: &[u8]| {
        enemy.len() >= pattern.len()
            && enemy[enemy.len() - pattern.len()..]
                .iter()
                .zip(pattern)
                .all(|(c, p)| *p == b'.' || c == p)
    };
    let enemy_guards = tail(b"G.G.G.");
    let enemy_bows = tail(b"B.B.B.") || tail(b"BBB");
    let god_sword = node.honor >= 7.0;
    let enemy_god_sword = node.enemy_honor >= 7.0;
    let truthy = |v: f64| v != 0.0 && !v.is_nan();

    if node.history.is_empty() {
        return out('B');
    }
    if !truthy(node.enemy_honor) || enemy_bows {
        return out(if god_sword { pick("PIO", rng) } else { 'B' });
    }
    if enemy_guards {
        return out('B');
    }
    let mut bravery = 0.3;
    bravery += (god_sword as u8 as f64 * 0.2) - (enemy_god_sword as u8 as f64 * 0.2);
    bravery -= ((node.enemy_health - node.health) > 5.0) as u8 as f64 * 0.1;
    if random(rng) < bravery && truthy(node.honor) {
        return out(pick("PIO", rng));
    }
    if !node.history.ends_with('G') {
        return out('G');
    }
    out(if god_sword { pick("BPIO", rng) } else { 'B' })
}

/// Monk (Java). Note `args[0]` is the health on the first turn, and the history after it.
pub fn monk(args: &[String], rng: &mut dyn RngCore) -> Option<String> {
    let mut r = 'B';
    let s = random(rng);
    let n = (args.first()?.chars().count() as i32 - 8).max(1);
    let p = if args.len() > 4 { int(&args[4])? } else { 0 };
    let l = int(args.get(3)?)?;
    let m = int(args.get(2)?)?;
    let d = (1 + (20 - m) / n) as f64;
    let e = (1 + (20 - l) / n) as f64;
    if ((p > 8 && s < 0.7) || l < 11 || m < 2) && p > 0 {
        r = if s < 0.14 || d >= 2.0 || e / d < 0.618 {
            'G'
        } else {
            pick("OPI", rng)
        };
    }
    out(r)
}

/// Elephant Warrior (Java). Counts consecutive pairs of enemy moves (all but the last pair),
/// predicts the most frequent follower of the enemy's last move (the first-seen pair wins
/// ties; `B` when none) and answers with a fixed counter.
pub fn elephant_warrior(args: &[String], _: &mut dyn RngCore) -> Option<String> {
    if args.len() < 6 {
        return out('B');
    }
    let en_his = args[1].as_bytes();
    let _health = int(&args[2])?;
    let _en_health = int(&args[3])?;
    let honour = int(&args[4])?;
    let en_honour = int(&args[5])?;
    if en_his.len() <= 5 || honour <= 0 {
        return out('B');
    }
    let mut analysis: Vec<([u8; 2], u32)> = Vec::new();
    for i in 0..en_his.len() - 2 {
        let pattern = [en_his[i], en_his[i + 1]];
        match analysis.iter_mut().find(|(p, _)| *p == pattern) {
            Some((_, count)) => *count += 1,
            None => analysis.push((pattern, 1)),
        }
    }
    let his_last = *en_his.last()?;
    let mut his_next = b'B';
    let mut most_likely = 0;
    for (pattern, count) in analysis.iter().filter(|(p, _)| p[0] == his_last) {
        if *count > most_likely {
            most_likely = *count;
            his_next = pattern[1];
        }
    }
    out(match his_next {
        b'W' => 'I',
        b'B' => 'O',
        b'G' => 'B',
        b'I' if en_honour > 0 => 'P',
        b'I' => 'B',
        b'P' => 'O',
        b'O' => 'I',
        _ => 'G',
    })
}

/// Whack-a-mole (R).
pub fn whack_a_mole(args: &[String], rng: &mut dyn RngCore) -> Option<String> {
    let n = args.len();
    if n < 4 {
        return None;
    }
    let my_honour = int(&args[n - 2])?;
    let enemy_honour = int(&args[n - 1])?;
    let enemy_history = if n > 4 { args[n - 5].as_str() } else { "" };
    out(if my_honour < 1 {
        'B'
    } else if enemy_honour <= 1 || enemy_history.ends_with("BB") {
        pick("IO", rng)
    } else {
        'G'
    })
}

/// Copy-san (C): bows first, then repeats the enemy's last move.
pub fn copy_san(args: &[String], _: &mut dyn RngCore) -> Option<String> {
    if args.len() == 4 {
        out('B')
    } else {
        out(last(args.get(1)?)?)
    }
}

/// Ninja (Java). `n` is the length of `args[0]` (the health on the first turn).
pub fn ninja(args: &[String], _: &mut dyn RngCore) -> Option<String> {
    let n = args.first()?.chars().count();
    let p = if args.len() > 4 { int(&args[4])? } else { 0 };
    let m = int(args.get(2)?)?;
    let a = n % 3;
    let at = |s: &str, i: usize| s.as_bytes()[i] as char;
    out(if p > 7 {
        if m > 17 {
            at("BBI", a)
        } else if m > 13 {
            at("BII", a)
        } else {
            at("GIG", a)
        }
    } else if p > 0 {
        if m > 10 {
            at("BBI", a)
        } else {
            at("IGI", n % 2)
        }
    } else {
        'B'
    })
}

/// Kakashi (Java). `h == "W"` compared references in Java and is never true; the copied index
/// `(int)(length - Math.random() * 2)` picks the last or second-last enemy move.
pub fn kakashi(args: &[String], rng: &mut dyn RngCore) -> Option<String> {
    let h = args.get(1)?;
    let honour = if args.len() > 4 { int(&args[4])? } else { 0 };
    if honour < 1 {
        return out('B');
    }
    if random(rng) < 0.1 {
        return out('I');
    }
    let len = h.chars().count();
    let idx = if len == 1 {
        0
    } else {
        (len as f64 - random(rng) * 2.0) as usize
    };
    // charAt(length) throws when Math.random() returned exactly 0.
    out(h.chars().nth(idx)?)
}

/// Meiyo Senshi (Java): bows while its health is above 12 or it has no honour.
pub fn meiyo_senshi(args: &[String], rng: &mut dyn RngCore) -> Option<String> {
    let four = args.len() < 5;
    let health = int(args.get(if four { 0 } else { 2 })?)?;
    let honour = int(args.get(if four { 2 } else { 4 })?)?;
    out(if health > 12 || honour < 1 {
        'B'
    } else {
        pick("IPO", rng)
    })
}

/// Gargoyle (Java): strikes at random whenever it has honour (even on the first turn).
pub fn gargoyle(args: &[String], rng: &mut dyn RngCore) -> Option<String> {
    if args.len() < 5 || int(&args[4])? > 0 {
        out(pick("IPO", rng))
    } else if last(&args[0]) != Some('G') {
        out('G')
    } else {
        out('B')
    }
}

/// Swordsman (C).
pub fn swordsman(args: &[String], rng: &mut dyn RngCore) -> Option<String> {
    if args.len() == 4 || atoi(args.get(4)?) == 0 {
        return out('B');
    }
    let enemy_last = last(&args[1]);
    if !matches!(enemy_last, Some('B' | 'G' | 'W')) {
        out(pick("IPO", rng))
    } else if last(&args[0]) != Some('G') {
        out('G')
    } else {
        out('B')
    }
}

/// Predictor (C).
pub fn predictor(args: &[String], rng: &mut dyn RngCore) -> Option<String> {
    if args.len() == 4 {
        return out(pick("BGIPO", rng));
    }
    let enemy_last = last(args.get(1)?);
    Some(String::from(if atoi(args.get(4)?) <= 0 {
        'B'
    } else if atoi(args.get(5)?) <= 0 || enemy_last == Some('G') {
        'O'
    } else if last(&args[0]) != Some('G') {
        'G'
    } else if enemy_last != Some('W') {
        enemy_last?
    } else {
        'B'
    }))
}

/// The Honourable (Java): bows while the enemy's honour is at least its own.
pub fn the_honourable(args: &[String], rng: &mut dyn RngCore) -> Option<String> {
    if args.len() < 5 {
        return out('B');
    }
    if int(args.get(5)?)? >= int(&args[4])? {
        return out('B');
    }
    out(if args[0].ends_with('G') {
        pick("IPO", rng)
    } else {
        pick("GIPO", rng)
    })
}

/// Warrior Princess (Julia).
pub fn warrior_princess(args: &[String], _: &mut dyn RngCore) -> Option<String> {
    let a: Vec<&str> = if args.len() < 5 {
        ["", ""]
            .into_iter()
            .chain(args.iter().map(String::as_str))
            .collect()
    } else {
        args.iter().map(String::as_str).collect()
    };
    let (me_history, me_health, me_honor) = (*a.first()?, int(a.get(2)?)?, int(a.get(4)?)?);
    let (op_history, op_honor) = (*a.get(1)?, int(a.get(5)?)?);
    let _ = int(a.get(3)?)?;
    out(if me_history.is_empty() {
        'B'
    } else if (!op_history.contains(['O', 'I', 'P']) && last(me_history) != Some('G'))
        || (me_health < 2 && me_honor > 0)
    {
        'G'
    } else if me_honor < 2 {
        'B'
    } else if op_honor >= 7 && matches!(last(op_history), Some('B' | 'W')) {
        'I'
    } else {
        'P'
    })
}

/// Master Yi (Python 2). Its honour values stay strings, and Python 2 orders every string
/// above every number, so `hon < 1` is never true and `hon > 6`, `ohon > 6` always are; when
/// the enemy last guarded it returns the attack function uncalled and prints its repr.
pub fn master_yi(args: &[String], _: &mut dyn RngCore) -> Option<String> {
    let (_hist, ohist) = if args.len() > 5 {
        (args[0].as_str(), args[1].as_str())
    } else {
        ("", "")
    };
    let olast = last(ohist).unwrap_or('W');
    let o = ohist.as_bytes();
    let o_guarder = o.len() > 4 && o[o.len() - 4] == o[o.len() - 2] && o[o.len() - 2] == b'G';
    if olast == 'G' {
        return Some(String::from("<function <lambda> at 0x7f3a2c1d5e60>"));
    }
    out(if o_guarder { 'B' } else { 'G' })
}

/// Attacker (Java): `argv[5]` does not exist on the first turn (a crash); afterwards it bows
/// when the enemy has no honour and otherwise always quick draws (its static counter starts
/// afresh in every process).
pub fn attacker(args: &[String], _: &mut dyn RngCore) -> Option<String> {
    if args.len() != 5 && int(args.get(5)?)? == 0 {
        out('B')
    } else {
        out('I')
    }
}

#[cfg(test)]
pub(super) fn random_for_tests(rng: &mut dyn RngCore) -> f64 {
    random(rng)
}

#[cfg(test)]
pub(super) fn observer_predict_for_tests(a: &[u8], rng: &mut dyn RngCore) -> Option<u8> {
    observer_predict(a, rng)
}
