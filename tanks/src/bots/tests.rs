use alloc::vec;
use alloc::vec::Vec;

use koth_engine_core::{Coord, Dir4, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::*;
use crate::TankView;

fn rng() -> Pcg64Mcg {
    Pcg64Mcg::seed_from_u64(7)
}

pub(super) fn obs(you: u32, width: u16, tanks: &[(u32, i32, i32)]) -> Observation {
    Observation {
        you,
        width,
        tanks: tanks
            .iter()
            .map(|&(id, x, y)| TankView {
                id,
                at: Coord::new(x, y),
            })
            .collect(),
    }
}

#[test]
fn ids_are_unique_and_all_resolve() {
    let ids: Vec<_> = BOTS.ids().collect();
    assert_eq!(ids, ["idle", "random", "sniper", "hunter", "mcts"]);
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
fn sniper_fires_across_the_axis_like_the_original() {
    // The seed's example line: nobody shares a row or column with 9999 -> a random move.
    let out = sniper("9999;3;0,0,2;9999,2,1;50000,1,0", &mut rng()).unwrap();
    assert!(
        ["mu\n", "md\n", "ml\n", "mr\n"].contains(&out.as_str()),
        "{out:?}"
    );
    // Tank 5 shares 9999's column (x = 2): the original prints `sl`, along the row.
    assert_eq!(
        sniper("9999;4;5,2,3;9999,2,1", &mut rng()).as_deref(),
        Some("sl\n")
    );
    // Tank 5 shares the row (y = 1): `su`, along the column.
    assert_eq!(
        sniper("9999;4;5,0,1;9999,2,1", &mut rng()).as_deref(),
        Some("su\n")
    );
    // inline[0] is the lowest id in line: 3 shares the row, 8 the column.
    assert_eq!(
        sniper("9999;9;3,7,1;8,2,5;9999,2,1", &mut rng()).as_deref(),
        Some("su\n")
    );
}

#[test]
fn sniper_crashes_where_the_original_does() {
    // Its own id is missing: StopIteration.
    assert_eq!(sniper("1;3;0,0,0", &mut rng()), None);
    // No line at all: EOFError. One field: ValueError on unpacking.
    assert_eq!(sniper("", &mut rng()), None);
    assert_eq!(sniper("1", &mut rng()), None);
    // A short entry for another tank: IndexError.
    assert_eq!(sniper("1;3;1,0,0;2,1", &mut rng()), None);
}

#[test]
fn sniper_draws_its_moves_from_the_rng() {
    let line = "0;5;0,0,0;1,1,1;2,2,2";
    let mut seen = Vec::new();
    let mut r = rng();
    for _ in 0..40 {
        let a = BOTS
            .make("sniper")
            .unwrap()
            .act(&crate::protocol::parse_observation(line).unwrap(), &mut r);
        if !seen.contains(&a) {
            seen.push(a);
        }
    }
    seen.sort();
    assert_eq!(
        seen,
        vec![
            Action::Move(Dir4::Up),
            Action::Move(Dir4::Right),
            Action::Move(Dir4::Down),
            Action::Move(Dir4::Left)
        ]
    );
}

#[test]
fn random_plays_every_command() {
    let mut r = rng();
    let o = obs(0, 2, &[(0, 0, 0), (1, 1, 1)]);
    let mut seen: Vec<Action> = (0..200).map(|_| Random.act(&o, &mut r)).collect();
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), 8);
    assert!(!seen.contains(&Action::Idle));
}

#[test]
fn hunter_leaves_a_line_of_fire_for_a_safe_square() {
    // 7 x 7 torus. The hunter (0) at (3, 3); tank 1 at (0, 3) shares its row. Tank 2 at
    // (5, 5) covers row 5 and column 5. Moving up or down leaves row 3 for a square that
    // no one else can see; staying could be fatal.
    let o = obs(0, 7, &[(0, 3, 3), (1, 0, 3), (2, 5, 5)]);
    let mut r = rng();
    for _ in 0..20 {
        let a = Hunter::new().act(&o, &mut r);
        assert!(
            matches!(a, Action::Move(Dir4::Up | Dir4::Down)),
            "{a:?} stays in the line of fire"
        );
    }
}

#[test]
fn hunter_fires_where_a_tank_must_step() {
    // The hunter at (2, 2) is safe; tank 1 at (0, 1) sits one row below and can only
    // enter the hunter's lines by moving up into row 2, where a shell along row 2 meets it.
    let o = obs(0, 9, &[(0, 2, 2), (1, 0, 1)]);
    let a = Hunter::new().act(&o, &mut rng());
    assert!(
        matches!(a, Action::Shoot(Dir4::Left | Dir4::Right)),
        "{a:?}"
    );
}

#[test]
fn hunter_idles_alone_and_when_dead() {
    let alone = obs(4, 3, &[(4, 1, 1)]);
    assert_eq!(Hunter::new().act(&alone, &mut rng()), Action::Idle);
    let dead = obs(4, 3, &[(1, 1, 1), (2, 2, 2)]);
    assert_eq!(Hunter::new().act(&dead, &mut rng()), Action::Idle);
}
