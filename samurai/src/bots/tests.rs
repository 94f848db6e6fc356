use alloc::string::{String, ToString};
use alloc::vec::Vec;

use koth_engine_core::SeedableRng;
use rand_pcg::Pcg64Mcg;

use super::ports::*;
use super::*;

fn args(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn rng() -> Pcg64Mcg {
    Pcg64Mcg::seed_from_u64(7)
}

#[test]
fn ids_are_unique_and_all_resolve() {
    let ids: Vec<_> = BOTS.ids().collect();
    assert_eq!(ids.len(), 19);
    for (i, id) in ids.iter().enumerate() {
        assert!(!ids[i + 1..].contains(id), "duplicate id {id}");
        assert!(BOTS.make(id).is_some());
    }
    assert!(BOTS.make("nobody").is_none());
    for id in BOTS.default_lineup {
        assert!(BOTS.make(id).is_some());
    }
}

#[test]
fn copy_san_bows_then_copies() {
    assert_eq!(
        copy_san(&args(&["20", "20", "1", "1"]), &mut rng()),
        Some("B".into())
    );
    assert_eq!(
        copy_san(&args(&["B", "O", "19", "20", "2", "0"]), &mut rng()),
        Some("O".into())
    );
}

#[test]
fn attacker_crashes_on_the_first_turn() {
    assert_eq!(attacker(&args(&["20", "20", "1", "1"]), &mut rng()), None);
    assert_eq!(
        attacker(&args(&["W", "B", "20", "20", "1", "2"]), &mut rng()),
        Some("I".into())
    );
    assert_eq!(
        attacker(&args(&["W", "I", "20", "20", "1", "0"]), &mut rng()),
        Some("B".into())
    );
}

#[test]
fn master_yi_prints_a_function_when_the_enemy_guarded() {
    let out = master_yi(&args(&["G", "G", "20", "20", "1", "1"]), &mut rng()).unwrap();
    assert_eq!(
        crate::protocol::answer_or_wait(out.as_bytes()),
        Action::Wait
    );
    assert_eq!(
        master_yi(&args(&["G", "B", "20", "20", "1", "2"]), &mut rng()),
        Some("G".into())
    );
    assert_eq!(
        master_yi(&args(&["GBGBG", "BGBGB", "20", "20", "1", "4"]), &mut rng()),
        Some("B".into())
    );
}

#[test]
fn elephant_warrior_counters_the_likeliest_follower() {
    // Pairs counted (all but the last): BB x3, BI x2, IB x2 -> after B, B is likeliest -> O.
    let out = elephant_warrior(
        &args(&["BBBBBBBB", "BBIBBIBB", "20", "20", "9", "3"]),
        &mut rng(),
    );
    assert_eq!(out, Some("O".into()));
    // Short histories: bow.
    let out = elephant_warrior(&args(&["BB", "II", "20", "20", "3", "3"]), &mut rng());
    assert_eq!(out, Some("B".into()));
}

#[test]
fn whack_a_mole_strikes_at_bowers() {
    let mut r = rng();
    for _ in 0..20 {
        let out = whack_a_mole(&args(&["GG", "BB", "20", "20", "1", "3"]), &mut r).unwrap();
        assert!(out == "I" || out == "O");
    }
    assert_eq!(
        whack_a_mole(&args(&["GG", "GB", "20", "20", "1", "3"]), &mut r),
        Some("G".into())
    );
    assert_eq!(
        whack_a_mole(&args(&["GG", "BB", "20", "20", "0", "3"]), &mut r),
        Some("B".into())
    );
}

#[test]
fn observer_bows_until_blessed_then_counters() {
    let mut r = rng();
    assert_eq!(
        observer(&args(&["20", "20", "1", "1"]), &mut r),
        Some("B".into())
    );
    // The enemy always guards: after a G comes a G, whose counter is B.
    let out = observer(&args(&["BBBBBB", "GGGGGG", "20", "20", "7", "1"]), &mut r);
    assert_eq!(out, Some("B".into()));
    // The enemy always waits: counter is I.
    let out = observer(&args(&["BBBBBB", "WWWWWW", "20", "20", "7", "1"]), &mut r);
    assert_eq!(out, Some("I".into()));
}

#[test]
fn observer_prediction_matches_the_cubic_original() {
    // The original's table, built literally, against the fast version: same draws, same pick.
    fn literal(a: &[u8], rng: &mut dyn RngCore) -> Option<u8> {
        let len = a.len() as i64;
        let mut m: alloc::collections::BTreeMap<Vec<u8>, Vec<u8>> = Default::default();
        let slice = |s: i64, e: i64| -> Vec<u8> {
            let s = if s < 0 { (len + s).max(0) } else { s.min(len) };
            let e = if e < 0 { (len + e).max(0) } else { e.min(len) };
            if s >= e {
                Vec::new()
            } else {
                a[s as usize..e as usize].to_vec()
            }
        };
        for k in 0..len {
            for j in 1..len {
                let mut i = k - 1;
                while i < len - j {
                    m.entry(slice(i, i + j))
                        .or_default()
                        .push(a[(i + j) as usize]);
                    i += 1;
                }
            }
        }
        let mut i = 0;
        while i < len {
            i += 1;
            if let Some(arr) = m.get(&slice(i, len)) {
                let x = super::ports::random_for_tests(rng) * arr.len() as f64 - 1.0;
                let idx = x as i64;
                if idx >= 0 {
                    return Some(arr[idx as usize]);
                }
            }
        }
        None
    }
    let mut hist_rng = Pcg64Mcg::seed_from_u64(99);
    for n in 0..40 {
        let hist: Vec<u8> = (0..n)
            .map(|_| b"WBGIPO"[koth_engine_core::draw::below(&mut hist_rng, 3) as usize])
            .collect();
        for seed in 0..5 {
            let mut a = Pcg64Mcg::seed_from_u64(seed);
            let mut b = Pcg64Mcg::seed_from_u64(seed);
            assert_eq!(
                super::ports::observer_predict_for_tests(&hist, &mut a),
                literal(&hist, &mut b),
                "history {:?}",
                String::from_utf8_lossy(&hist)
            );
        }
    }
}

#[test]
fn monk_prays_on_the_first_turn() {
    assert_eq!(
        monk(&args(&["20", "20", "1", "1"]), &mut rng()),
        Some("B".into())
    );
}
