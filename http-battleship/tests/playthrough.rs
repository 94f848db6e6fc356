//! Playthroughs (insta): a recorded seed, bots' actions, each state rendered with both
//! players' boards, the acting player's observation summary and the events.

use std::fmt::Write as _;

use engine_core::{Game, PlayerId, SeedableRng};
use http_battleship::{Action, Battleship, Config, Event, Placement, bots};
use rand_pcg::Pcg64Mcg;

fn record(ids: [&str; 2], config: &Config, seed: u64) -> String {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut game = Battleship::new(config, 2, &mut rng).unwrap();
    let mut players = ids.map(|id| bots::by_id(id).unwrap());
    let mut out = String::new();
    writeln!(
        out,
        "P0 {} vs P1 {}, seed {seed}, {config:?}",
        ids[0], ids[1]
    )
    .unwrap();
    while let Some(p) = game.next_player() {
        let obs = game.observe(p);
        let action = players[p.index()].act(&obs, &mut rng);
        let mut events = Vec::new();
        game.step(std::slice::from_ref(&action), &mut rng, &mut events)
            .unwrap();
        writeln!(
            out,
            "turn {:>3} {p} ({} shots, {} incoming) plays {action}",
            game.turn(),
            obs.my_shots.len(),
            obs.their_shots.len()
        )
        .unwrap();
        for e in &events {
            writeln!(out, "    {e:?}").unwrap();
        }
        out.push_str(&game.render_boards());
    }
    out
}

#[test]
fn hunter_vs_random_seed_3() {
    let config = Config {
        width: 5,
        height: 5,
        ships: [0, 1, 1, 0, 0, 0],
        shot_limit: None,
    };
    insta::assert_snapshot!(record(["hunter", "random"], &config, 3));
}

#[test]
fn density_vs_hunter_seed_11() {
    let config = Config {
        width: 6,
        height: 5,
        ships: [1, 1, 1, 0, 0, 0],
        shot_limit: None,
    };
    insta::assert_snapshot!(record(["density", "hunter"], &config, 11));
}

#[test]
fn scripted_invalid_placement_and_shot_limit() {
    // A recorded action list (not bots): player 2 places diagonally and loses at once.
    let config = Config {
        width: 4,
        height: 4,
        ships: [0, 1, 0, 0, 0, 0],
        shot_limit: Some(2),
    };
    let mut out = String::new();
    for script in [
        &["place 0,0-1,0", "place 2,2-3,3"][..],
        &["place 0,0-1,0", "place 3,3-3,2", "3,0", "0,0", "3,1", "0,0"][..],
    ] {
        let mut rng = Pcg64Mcg::seed_from_u64(0);
        let mut game = Battleship::new(&config, 2, &mut rng).unwrap();
        for text in script {
            let action: Action = text.parse().unwrap();
            let mut events: Vec<Event> = Vec::new();
            game.step(&[action], &mut rng, &mut events).unwrap();
            writeln!(out, "{text:<16} {events:?}").unwrap();
        }
        out.push_str(&game.render_boards());
        writeln!(
            out,
            "outcome {:?}\n",
            game.outcome().map(|o| o.places().values().to_vec())
        )
        .unwrap();
        assert!(game.to_act().is_over());
    }
    insta::assert_snapshot!(out);
    assert_eq!(
        Placement::parse(["0,0-1,0"]).unwrap().to_string(),
        "0,0-1,0"
    );
    let _ = PlayerId(0);
}
