//! The seed's 6 x 6 interaction table, played through the engine.
//!
//! Every pair of actions is played as a real turn of a [`Samurai`] duel in three situations,
//! each reached by playing real preceding turns:
//! - **normal**: the first turn of a fresh duel (honour 1, no guard before);
//! - **Sword of the Gods**: both samurai bowed six times, so both start the turn at honour 7;
//! - **guarded last turn**: both samurai guarded on the turn before.
//!
//! Two independent checks: a hand transcription of the seed's HTML table compared cell by cell,
//! and an insta snapshot of the rendered tables (which also shows the events).

use std::fmt::Write as _;

use koth_engine_core::{Contest, Game, PlayerId, SeedableRng};
use koth_samurai::{Action, Config, Event, Samurai};
use rand_pcg::Pcg64Mcg;

/// The three situations of the table.
#[derive(Clone, Copy, Debug)]
enum Situation {
    Normal,
    GodSword,
    GuardedLastTurn,
}

impl Situation {
    const ALL: [Situation; 3] = [
        Situation::Normal,
        Situation::GodSword,
        Situation::GuardedLastTurn,
    ];

    /// The real turns played before the turn under test.
    fn setup(self) -> Vec<[Action; 2]> {
        match self {
            Situation::Normal => Vec::new(),
            Situation::GodSword => vec![[Action::Bow, Action::Bow]; 6],
            Situation::GuardedLastTurn => vec![[Action::Guard, Action::Guard]],
        }
    }

    fn title(self) -> &'static str {
        match self {
            Situation::Normal => "normal sword (turn 1: honour 1 each, no guard before)",
            Situation::GodSword => "Sword of the Gods (after 6 x B/B: honour 7 each)",
            Situation::GuardedLastTurn => "guarded last turn (after G/G: honour 1 each)",
        }
    }
}

/// What one turn did to both samurai.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Turn {
    /// Honour change of P0, P1.
    honour: [i32; 2],
    /// Health lost by P0, P1.
    damage: [i32; 2],
    /// The turn's events.
    events: Vec<Event>,
}

/// Plays the situation's preceding turns, then `pair`, and measures the last turn.
fn play(situation: Situation, pair: [Action; 2]) -> Turn {
    let mut rng = Pcg64Mcg::seed_from_u64(0);
    let mut duel = Samurai::new(&Config::default(), 2, &mut rng).unwrap();
    let mut events = Vec::new();
    for actions in situation.setup() {
        duel.step(&actions, &mut rng, &mut events).unwrap();
    }
    // The setup really produced the situation.
    let (p0, p1) = (PlayerId(0), PlayerId(1));
    match situation {
        Situation::Normal => assert_eq!(duel.turn(), 0),
        Situation::GodSword => {
            assert_eq!([duel.honour(p0), duel.honour(p1)], [7, 7]);
        }
        Situation::GuardedLastTurn => {
            assert_eq!(duel.history(p0).last(), Some(&Action::Guard));
            assert_eq!(duel.history(p1).last(), Some(&Action::Guard));
            assert_eq!([duel.honour(p0), duel.honour(p1)], [1, 1]);
        }
    }
    assert_eq!(duel.end(), None);
    let honour = [duel.honour(p0), duel.honour(p1)];
    let health = [duel.health(p0), duel.health(p1)];
    events.clear();
    duel.step(&pair, &mut rng, &mut events).unwrap();
    assert_eq!(
        duel.end(),
        None,
        "no cell of the table ends a match from these situations"
    );
    Turn {
        honour: [duel.honour(p0) - honour[0], duel.honour(p1) - honour[1]],
        damage: [health[0] - duel.health(p0), health[1] - duel.health(p1)],
        events,
    }
}

/// One cell: `[honour change P0, honour change P1, damage to P0, damage to P1]`.
type Cell = [i32; 4];

/// Rows are P0's action, columns P1's, both in the seed's order `W B G I P O`.
type Table = [[Cell; 6]; 6];

// Transcribed by hand from the seed's HTML table (row = P0, column = P1). "The player that
// struck loses 1 Honour", "the player that waited/bowed takes 1 damage (or 2 if the Sword of
// the Gods was used)", "I beats O, O beats P, P beats I", "if the guarding player guarded the
// previous turn, that player loses 1 Honour".
#[rustfmt::skip]
const SEED_NORMAL: Table = [
    //  W               B               G               I                P                O
    [[0, 0, 0, 0],  [0, 1, 0, 0],  [0, 0, 0, 0],  [0, -1, 1, 0],   [0, -1, 1, 0],   [0, -1, 1, 0]],   // W
    [[1, 0, 0, 0],  [1, 1, 0, 0],  [1, 0, 0, 0],  [1, -1, 1, 0],   [1, -1, 1, 0],   [1, -1, 1, 0]],   // B
    [[0, 0, 0, 0],  [0, 1, 0, 0],  [0, 0, 0, 0],  [0, -1, 0, 0],   [0, -1, 0, 0],   [0, -1, 0, 0]],   // G
    [[-1, 0, 0, 1], [-1, 1, 0, 1], [-1, 0, 0, 0], [-1, -1, 0, 0],  [-1, -1, 1, 0],  [-1, -1, 0, 1]],  // I
    [[-1, 0, 0, 1], [-1, 1, 0, 1], [-1, 0, 0, 0], [-1, -1, 0, 1],  [-1, -1, 0, 0],  [-1, -1, 1, 0]],  // P
    [[-1, 0, 0, 1], [-1, 1, 0, 1], [-1, 0, 0, 0], [-1, -1, 1, 0],  [-1, -1, 0, 1],  [-1, -1, 0, 0]],  // O
];

#[rustfmt::skip]
const SEED_GOD_SWORD: Table = [
    //  W               B               G               I                P                O
    [[0, 0, 0, 0],  [0, 1, 0, 0],  [0, 0, 0, 0],  [0, -1, 2, 0],   [0, -1, 2, 0],   [0, -1, 2, 0]],   // W
    [[1, 0, 0, 0],  [1, 1, 0, 0],  [1, 0, 0, 0],  [1, -1, 2, 0],   [1, -1, 2, 0],   [1, -1, 2, 0]],   // B
    [[0, 0, 0, 0],  [0, 1, 0, 0],  [0, 0, 0, 0],  [0, -1, 0, 0],   [0, -1, 0, 0],   [0, -1, 0, 0]],   // G
    [[-1, 0, 0, 2], [-1, 1, 0, 2], [-1, 0, 0, 0], [-1, -1, 0, 0],  [-1, -1, 2, 0],  [-1, -1, 0, 2]],  // I
    [[-1, 0, 0, 2], [-1, 1, 0, 2], [-1, 0, 0, 0], [-1, -1, 0, 2],  [-1, -1, 0, 0],  [-1, -1, 2, 0]],  // P
    [[-1, 0, 0, 2], [-1, 1, 0, 2], [-1, 0, 0, 0], [-1, -1, 2, 0],  [-1, -1, 0, 2],  [-1, -1, 0, 0]],  // O
];

#[rustfmt::skip]
const SEED_GUARDED_LAST_TURN: Table = [
    //  W               B               G                I                P                O
    [[0, 0, 0, 0],  [0, 1, 0, 0],  [0, -1, 0, 0],  [0, -1, 1, 0],   [0, -1, 1, 0],   [0, -1, 1, 0]],   // W
    [[1, 0, 0, 0],  [1, 1, 0, 0],  [1, -1, 0, 0],  [1, -1, 1, 0],   [1, -1, 1, 0],   [1, -1, 1, 0]],   // B
    [[-1, 0, 0, 0], [-1, 1, 0, 0], [-1, -1, 0, 0], [-1, -1, 0, 0],  [-1, -1, 0, 0],  [-1, -1, 0, 0]],  // G
    [[-1, 0, 0, 1], [-1, 1, 0, 1], [-1, -1, 0, 0], [-1, -1, 0, 0],  [-1, -1, 1, 0],  [-1, -1, 0, 1]],  // I
    [[-1, 0, 0, 1], [-1, 1, 0, 1], [-1, -1, 0, 0], [-1, -1, 0, 1],  [-1, -1, 0, 0],  [-1, -1, 1, 0]],  // P
    [[-1, 0, 0, 1], [-1, 1, 0, 1], [-1, -1, 0, 0], [-1, -1, 1, 0],  [-1, -1, 0, 1],  [-1, -1, 0, 0]],  // O
];

fn seed_table(situation: Situation) -> &'static Table {
    match situation {
        Situation::Normal => &SEED_NORMAL,
        Situation::GodSword => &SEED_GOD_SWORD,
        Situation::GuardedLastTurn => &SEED_GUARDED_LAST_TURN,
    }
}

#[test]
fn engine_matches_the_seed_table_cell_by_cell() {
    let mut mismatches = Vec::new();
    for situation in Situation::ALL {
        let table = seed_table(situation);
        for (r, &a) in Action::ALL.iter().enumerate() {
            for (c, &b) in Action::ALL.iter().enumerate() {
                let turn = play(situation, [a, b]);
                let got = [
                    turn.honour[0],
                    turn.honour[1],
                    turn.damage[0],
                    turn.damage[1],
                ];
                if got != table[r][c] {
                    mismatches.push(format!(
                        "{situation:?} {a}/{b}: expected {:?}, engine {got:?}",
                        table[r][c]
                    ));
                }
            }
        }
    }
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

/// The table is symmetric: swapping the seats swaps every effect.
#[test]
fn seed_transcription_is_seat_symmetric() {
    for situation in Situation::ALL {
        let t = seed_table(situation);
        for (r, row) in t.iter().enumerate() {
            for (c, &[h0, h1, d0, d1]) in row.iter().enumerate() {
                let mirrored = t[c][r];
                assert_eq!(
                    mirrored,
                    [h1, h0, d1, d0],
                    "{situation:?} row {r} column {c}"
                );
            }
        }
    }
}

/// The engine's sentences, but the end as its full `Debug` form.
fn event_text(e: &Event) -> String {
    match e {
        Event::Ended(end) => format!("ended {end:?}"),
        e => Samurai::event_text(e),
    }
}

fn render() -> String {
    let mut out = String::new();
    for situation in Situation::ALL {
        writeln!(out, "== {}", situation.title()).unwrap();
        writeln!(out, "P0 P1 | honour P0 P1 | damage P0 P1 | events").unwrap();
        for a in Action::ALL {
            for b in Action::ALL {
                let t = play(situation, [a, b]);
                let mut events: Vec<String> = t.events.iter().map(event_text).collect();
                if events.is_empty() {
                    events.push("-".into());
                }
                writeln!(
                    out,
                    "{a}  {b}  |        {:>+2} {:>+2} |        {:>2} {:>2} | {}",
                    t.honour[0],
                    t.honour[1],
                    t.damage[0],
                    t.damage[1],
                    events.join(", ")
                )
                .unwrap();
            }
        }
        writeln!(out).unwrap();
    }
    out
}

#[test]
fn interaction_table_snapshot() {
    insta::assert_snapshot!("interaction_table", render());
}
