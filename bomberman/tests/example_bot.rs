//! `examples/example_bot.py` speaks the protocol: one observation line in, one answer line
//! out, for every tick of a game. Skipped (with a note) where `python3` is not installed.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use bomberman::{Bomberman, Config, bots, protocol};
use engine_core::{Game, PlayerId, SeedableRng};
use rand_pcg::Pcg64Mcg;

#[test]
fn the_python_example_bot_plays_a_game() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/example_bot.py");
    let Ok(mut child) = Command::new("python3")
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
    else {
        eprintln!("python3 is not available: skipped");
        return;
    };
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut rng = Pcg64Mcg::seed_from_u64(2);
    let mut game = Bomberman::new(&Config::default(), 4, &mut rng).unwrap();
    let mut others: Vec<_> = (0..3).map(|_| bots::by_id("idle").unwrap()).collect();
    let mut events = Vec::new();
    let mut answers = 0;
    while game.tick() < 300 && !game.to_act().is_over() {
        let acting = game.to_act().players().to_vec();
        let mut actions = Vec::new();
        for &p in &acting {
            if p == PlayerId(0) {
                let line = protocol::observation_json(&game.observe(p), game.tick() == 0);
                writeln!(stdin, "{line}").unwrap();
                stdin.flush().unwrap();
                let mut answer = String::new();
                stdout.read_line(&mut answer).unwrap();
                let action = protocol::parse_action(&answer)
                    .unwrap_or_else(|e| panic!("tick {}: {e} in {answer:?}", game.tick()));
                actions.push(action);
                answers += 1;
            } else {
                actions.push(others[p.index() - 1].act(&game.observe(p), &mut rng));
            }
        }
        game.step(&actions, &mut rng, &mut events).unwrap();
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
    assert!(answers > 0);
    let stats = game.stats(PlayerId(0));
    assert!(stats.bombs_dropped > 0 && stats.walls > 0, "{stats:?}");
}
