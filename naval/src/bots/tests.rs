use alloc::vec::Vec;

use super::peacemaker::reversed_spiral_order;
use super::*;

#[test]
fn ids_are_unique_and_all_resolve() {
    let ids: Vec<_> = list().map(|b| b.id).collect();
    for (i, id) in ids.iter().enumerate() {
        assert!(!ids[i + 1..].contains(id), "duplicate id {id}");
        assert!(by_id(id).is_some());
    }
    assert!(by_id("nobody").is_none());
    for id in DEFAULT_LINEUP {
        assert!(by_id(id).is_some());
    }
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
