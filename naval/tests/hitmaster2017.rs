//! The `hitmaster2017` profile against 40 games recorded from the 2017 contest controller
//! (`tests/data/naval-2017/`, format in its README): fed each game's start positions, round
//! orders and the programs' answers, the profile must give every ship exactly the input line
//! the controller gave it, and end with the controller's statistics. The same games under the
//! rules of record are measured too: how many of them the rules would have played otherwise.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use koth_engine_core::{Contest, Dir4, Game, PlayerId, SeedableRng};
use koth_naval::protocol::{observation_line, read_answer_2017};
use koth_naval::{Config, Naval, Profile, Scenario, ShipClass, Start};
use serde_json::Value;

/// A recorded seat: its name, its class answer, and (class, x, y, facing) when it has a ship.
type Seat = (String, String, Option<(ShipClass, i32, i32, u8)>);

/// One recorded game, read from its file.
struct Recording {
    file: String,
    players: usize,
    map_size: u64,
    /// Per seat: name, class answer, and (class, x, y, facing) when it has a ship.
    seats: Vec<Seat>,
    /// Each line after the header, in order.
    lines: Vec<Value>,
}

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/naval-2017")
}

fn recordings() -> Vec<Recording> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(data_dir())
        .expect("the recorded games are in tests/data/naval-2017")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .collect();
    files.sort();
    files.iter().map(|p| read(p)).collect()
}

fn read(path: &Path) -> Recording {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap());
    let header = lines.next().unwrap();
    assert_eq!(header["kind"], "header");
    let seats = header["ships"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let ship = s["class"].as_str().map(|c| {
                let class = match c {
                    "Destroyer" => ShipClass::Destroyer,
                    "Submarine" => ShipClass::Submarine,
                    "Cruiser" => ShipClass::Cruiser,
                    "Battleship" => ShipClass::Battleship,
                    "Carrier" => ShipClass::Carrier,
                    other => panic!("unknown class {other}"),
                };
                let n = |k: &str| s[k].as_i64().unwrap();
                (class, n("x") as i32, n("y") as i32, n("facing") as u8)
            });
            (
                s["name"].as_str().unwrap().to_string(),
                s["class_answer"].as_str().unwrap().to_string(),
                ship,
            )
        })
        .collect::<Vec<_>>();
    Recording {
        file: path.file_name().unwrap().to_string_lossy().into_owned(),
        players: seats.len(),
        map_size: header["map_size"].as_u64().unwrap(),
        seats,
        lines: lines.collect(),
    }
}

impl Recording {
    fn seat(&self, name: &str) -> usize {
        self.seats.iter().position(|s| s.0 == name).unwrap()
    }

    /// The game at its start, under `profile`, with the recorded starts and round orders.
    fn scenario(&self, profile: Profile) -> Scenario {
        let mut scenario = Scenario::new(self.players).profile(profile);
        for (seat, (_, _, ship)) in self.seats.iter().enumerate() {
            if let Some((class, x, y, facing)) = *ship {
                scenario = scenario.ship(seat, class, Start::new(x, y, Dir4::from_index(facing)));
            }
        }
        for line in self.lines.iter().filter(|l| l["kind"] == "round") {
            let order: Vec<usize> = line["order"]
                .as_array()
                .unwrap()
                .iter()
                .map(|n| self.seat(n.as_str().unwrap()))
                .collect();
            scenario = scenario.round_order(&order);
        }
        scenario
    }
}

/// Where two input lines first differ, in the line's own terms.
fn first_difference(ours: &str, theirs: &str) -> String {
    let at = ours
        .bytes()
        .zip(theirs.bytes())
        .position(|(a, b)| a != b)
        .unwrap_or(ours.len().min(theirs.len()));
    let field = theirs[..at.min(theirs.len())].matches(';').count();
    let names = [
        "Round",
        "PlayerId",
        "X,Y,Direction",
        "Hull",
        "Moves,Shots,Mines,Cooldown",
        "Hits,Sunken,Damage",
        "Underwater,Shield,Scan",
        "Map",
    ];
    let mut s = format!(
        "character {at}, field {} ({}): ours {:?}, the controller's {:?}",
        field + 1,
        names.get(field).unwrap_or(&"?"),
        ours.get(at..(at + 12).min(ours.len())).unwrap_or(""),
        theirs.get(at..(at + 12).min(theirs.len())).unwrap_or(""),
    );
    if field == 7 {
        let map_start = theirs.rfind(';').unwrap() + 1;
        let i = (at - map_start) as i64;
        let _ = write!(s, "; map cell (dx, dy) = ({}, {})", i % 19 - 9, i / 19 - 9);
    }
    s
}

/// Plays a recording through `profile`; `Err` names the first place where it differs.
fn replay(rec: &Recording, profile: Profile) -> Result<(), String> {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(2017);
    let config = rec.scenario(profile).config().clone();
    if u64::from(Config::side(rec.players)) != rec.map_size {
        return Err(format!(
            "map size {} for {} seats",
            rec.map_size, rec.players
        ));
    }
    for (seat, (name, answer, ship)) in rec.seats.iter().enumerate() {
        let class = <Naval as Contest>::decode_setup(&config, &mut (), answer.as_bytes()).value;
        if class != ship.map(|s| s.0) {
            return Err(format!(
                "seat {seat} ({name}): class answer {answer:?} read as {class:?}"
            ));
        }
    }
    let mut game = rec
        .scenario(profile)
        .build(&mut rng)
        .map_err(|e| e.to_string())?;
    let mut events = Vec::new();
    for line in &rec.lines {
        let round = line["round"].as_u64().unwrap_or(0) as u32;
        match line["kind"].as_str().unwrap() {
            "round" => {
                if game.round() != round || game.end().is_some() {
                    return Err(format!(
                        "round {round}: the game is at round {} (ended: {:?})",
                        game.round(),
                        game.end()
                    ));
                }
            }
            "turn" => {
                let name = line["ship"].as_str().unwrap();
                let seat = PlayerId(rec.seat(name) as u8);
                let here = format!("round {round}, ship {name} (seat {})", seat.0);
                if game.to_act().players() != [seat] {
                    return Err(format!("{here}: to act is {:?}", game.to_act().players()));
                }
                let ours = observation_line(&game.observation(seat));
                let theirs = line["input"].as_str().unwrap();
                if ours != theirs {
                    return Err(format!(
                        "{here}: input differs at {}",
                        first_difference(&ours, theirs)
                    ));
                }
                let answer = line["answer"].as_str().unwrap();
                if profile == Profile::Hitmaster2017 {
                    let read = read_answer_2017(answer.as_bytes());
                    if read != line["read"].as_str().unwrap() {
                        return Err(format!("{here}: answer {answer:?} read as {read:?}"));
                    }
                }
                let orders = game.decode(seat, &mut (), answer.as_bytes()).value;
                events.clear();
                game.step(&[orders], &mut rng, &mut events)
                    .map_err(|e| format!("{here}: {e}"))?;
            }
            "result" => {
                let Some(outcome) = game.outcome() else {
                    return Err(format!(
                        "after the last turn the game goes on at round {}",
                        game.round()
                    ));
                };
                let mut ranked: Vec<usize> = (0..rec.players).collect();
                ranked.sort_by_key(|&s| (outcome.places().values()[s], s));
                for (seat, want) in line["ships"].as_array().unwrap().iter().enumerate() {
                    let st = game.stats(PlayerId(seat as u8));
                    let death = u64::from(st.class.is_some() && !st.alive);
                    let ours = (
                        u64::from(st.hits),
                        u64::from(st.sunken),
                        u64::from(st.damage),
                        death,
                        st.score(),
                        st.class.map(|_| st.alive),
                        ranked.iter().position(|&s| s == seat).unwrap() as u64 + 1,
                    );
                    let theirs = (
                        want["hits"].as_u64().unwrap(),
                        want["sunken"].as_u64().unwrap(),
                        want["damage"].as_u64().unwrap(),
                        want["death"].as_u64().unwrap(),
                        want["score"].as_i64().unwrap(),
                        want["alive"].as_bool(),
                        want["rank"].as_u64().unwrap(),
                    );
                    if ours != theirs {
                        return Err(format!(
                            "result of seat {seat}: (hits, sunken, damage, death, score, alive, rank) \
                             {ours:?}, the controller's {theirs:?}"
                        ));
                    }
                }
            }
            other => return Err(format!("unknown line kind {other}")),
        }
    }
    Ok(())
}

#[test]
fn the_profile_reproduces_every_recorded_2017_game() {
    let recs = recordings();
    assert_eq!(recs.len(), 40, "the 40 recorded games");
    let failures: Vec<String> = recs
        .iter()
        .filter_map(|r| {
            replay(r, Profile::Hitmaster2017)
                .err()
                .map(|e| format!("{}: {e}", r.file))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of 40 games differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn the_rules_of_record_play_38_of_the_40_recorded_games_otherwise() {
    // The distance between the profile and the rules, measured: fed the same answers, the
    // rules give some ship another input line, or end with other results, in every recorded
    // game but two (PeaceMakers and a PassiveBot that never hit anything the rules treat
    // otherwise).
    let same: Vec<String> = recordings()
        .iter()
        .filter(|r| replay(r, Profile::Rules).is_ok())
        .map(|r| r.file.clone())
        .collect();
    assert_eq!(
        same,
        [
            "b03-passive-peacemaker.jsonl",
            "b05-peacemaker-peacemaker.jsonl"
        ],
        "the recorded games the rules play the same"
    );
}

/// Random orders for the profile: every letter, the garbled targets, and targets near the
/// head (self-hits, mines around the ship) as often as far ones.
fn random_orders_2017(rng: &mut dyn koth_engine_core::RngCore) -> koth_naval::Orders {
    use koth_naval::{Order, Orders, Target};
    let mut orders = Orders::new();
    for _ in 0..rng.next_u32() % 10 {
        let r = rng.next_u32();
        let t = if r % 2 == 0 {
            Target::new((r / 2 % 5) as i32 - 2, (r / 10 % 5) as i32 - 2)
        } else {
            Target::new((r / 2 % 19) as i32 - 9, (r / 38 % 19) as i32 - 9)
        }
        .unwrap();
        let order = match rng.next_u32() % 15 {
            0 => Order::Move,
            1 => Order::Back,
            2 => Order::Clockwise,
            3 => Order::CounterClockwise,
            4 => Order::Ram,
            5 | 6 => Order::Fire(t),
            7 => Order::Mine(t),
            8 => Order::Scan,
            9 => Order::Repair,
            10 => Order::Plunge,
            11 => Order::Shield,
            12 => Order::GarbledFire,
            13 => Order::GarbledMine,
            _ => Order::Wait,
        };
        let _ = orders.push(order);
    }
    orders
}

#[test]
fn the_profile_passes_the_generic_conformance_check() {
    // Determinism, clones, observations and score bounds, on crowded seas with every class.
    use koth_engine_core::testing::Conformance;
    for players in [2, 4, 7] {
        let config = Config {
            rounds: 25,
            profile: Profile::Hitmaster2017,
            ..Config::default()
        };
        Conformance::<Naval>::new(config, players)
            .cases(24)
            .run(|_, _, rng| random_orders_2017(rng));
    }
}
