use alloc::vec::Vec;

use super::peacemaker::reversed_spiral_order;
use super::*;

#[test]
fn ids_are_unique_and_all_resolve() {
    let ids: Vec<_> = BOTS.ids().collect();
    assert_eq!(ids, ["passive", "random", "peacemaker", "hunter", "mcts"]);
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
fn every_bot_chooses_a_class() {
    let mut rng = koth_engine_core::draw::MaxRng;
    let config = Config::default();
    let classes: Vec<_> = BOTS
        .entries
        .iter()
        .map(|e| (e.make)().setup(&config, PlayerId(0), &mut rng))
        .collect();
    use ShipClass::*;
    assert_eq!(
        classes,
        [
            Some(Some(Carrier)),
            Some(Some(Carrier)),
            Some(Some(Battleship)),
            Some(Some(Cruiser)),
            Some(Some(Cruiser))
        ]
    );
}

#[test]
fn the_spiral_starts_at_the_centre_and_keeps_the_originals_gaps() {
    // Values printed by the Python original.
    assert_eq!(reversed_spiral_order(3), [4, 8, 5, 2, 1, 0]);
    let order = reversed_spiral_order(19);
    assert_eq!(order.len(), 326);
    assert_eq!(
        order[..10],
        [180, 200, 181, 162, 161, 160, 197, 218, 219, 220]
    );
    let mut sorted = order.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), order.len(), "no cell twice");
    assert!(order.len() < 361, "the original's loop bounds skip cells");
}
