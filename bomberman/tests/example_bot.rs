//! `examples/example_bot.py` speaks the protocol: one observation line in, one answer line
//! out, for every tick of a game, through the contest's own `encode` / `decode`. Skipped (with
//! a note) where `python3` is not installed.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use koth_bomberman::{Action, Bomberman, Config, ProgramLink, Rules};
use koth_engine_core::runner::{self, Decision, Options, Player, Seat};
use koth_engine_core::{Contest, LinkInfo, PlayerId, RngCore};

/// The Python bot as a runner player: one line per tick, as `koth` sends it.
struct Program {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
    link: ProgramLink,
    answers: u32,
}

impl Player<Bomberman> for Program {
    fn act(&mut self, game: &Bomberman, seat: PlayerId, _: &mut dyn RngCore) -> Decision<Action> {
        let message = game.encode(seat, &mut self.link);
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(&message.input.unwrap()).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
        let mut answer = String::new();
        self.stdout.read_line(&mut answer).unwrap();
        let decoded = game.decode(seat, &mut self.link, answer.trim_end().as_bytes());
        assert_eq!(decoded.problem, None, "tick {}: {answer:?}", game.tick());
        self.answers += 1;
        Decision::ok(decoded.value)
    }

    fn finish(&mut self, _: &Bomberman, _: PlayerId) {
        drop(self.stdin.take());
        assert!(self.child.wait().unwrap().success());
        assert!(self.answers > 0);
    }
}

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
    let names = [
        "example".to_string(),
        "idle".into(),
        "idle#2".into(),
        "idle#3".into(),
    ];
    let link = Bomberman::link(&LinkInfo {
        seat: PlayerId(0),
        names: &names,
        seed: 2,
        dialect: "",
        runner: 0,
    })
    .unwrap();
    let program = Program {
        stdin: child.stdin.take(),
        stdout: BufReader::new(child.stdout.take().unwrap()),
        child,
        link,
        answers: 0,
    };
    let mut seats = vec![Seat {
        name: names[0].clone(),
        player: Box::new(program) as Box<dyn Player<Bomberman>>,
    }];
    seats.extend(runner::builtin_seats::<Bomberman>(&["idle"; 3]).unwrap());
    let config = Config {
        rules: Rules {
            max_ticks: 300,
            ..Rules::default()
        },
        ..Config::default()
    };
    let transcript = runner::play(&config, 2, &mut seats, Options::default(), &mut ()).unwrap();
    assert!(transcript.faults.is_empty(), "{:?}", transcript.faults);
    let stats = transcript.last.stats(PlayerId(0));
    assert!(stats.bombs_dropped > 0 && stats.walls > 0, "{stats:?}");
}
