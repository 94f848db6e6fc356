//! The seed's program protocol: argument strings and answers.

use koth_engine_core::{Game, PlayerId, SeedableRng};
use koth_samurai::protocol::{
    AnswerError, ArgsError, ProgramArgs, answer_or_wait, history_text, parse_answer,
};
use koth_samurai::{Action, Config, Samurai};
use proptest::prelude::*;
use rand_pcg::Pcg64Mcg;

fn action() -> impl Strategy<Value = Action> {
    prop::sample::select(Action::ALL.to_vec())
}

fn history() -> impl Strategy<Value = Vec<Action>> {
    prop::collection::vec(action(), 0..40)
}

fn program_args() -> impl Strategy<Value = ProgramArgs> {
    (
        history(),
        history(),
        any::<i32>(),
        any::<i32>(),
        any::<i32>(),
        any::<i32>(),
    )
        .prop_map(
            |(history, enemy_history, health, enemy_health, honour, enemy_honour)| ProgramArgs {
                history,
                enemy_history,
                health,
                enemy_health,
                honour,
                enemy_honour,
            },
        )
}

fn strings(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

proptest! {
    #[test]
    fn args_round_trip(args in program_args()) {
        let text = args.to_args();
        prop_assert_eq!(ProgramArgs::parse(&text), Ok(args.clone()));
        // 4 arguments exactly when both histories are empty, 6 otherwise.
        let first_turn = args.history.is_empty() && args.enemy_history.is_empty();
        prop_assert_eq!(text.len(), if first_turn { 4 } else { 6 });
        let numbers = &text[text.len() - 4..];
        prop_assert_eq!(numbers[0].clone(), args.health.to_string());
        prop_assert_eq!(numbers[1].clone(), args.enemy_health.to_string());
        prop_assert_eq!(numbers[2].clone(), args.honour.to_string());
        prop_assert_eq!(numbers[3].clone(), args.enemy_honour.to_string());
        if !first_turn {
            prop_assert_eq!(text[0].clone(), history_text(&args.history));
            prop_assert_eq!(text[1].clone(), history_text(&args.enemy_history));
        }
    }

    #[test]
    fn parse_answer_follows_the_first_byte_rule(bytes in prop::collection::vec(any::<u8>(), 0..16)) {
        let got = parse_answer(&bytes);
        match bytes.first() {
            None => prop_assert_eq!(got, Err(AnswerError::Empty)),
            Some(&b) => match b"WBGIPO".iter().position(|&l| l == b) {
                Some(i) => prop_assert_eq!(got, Ok(Action::ALL[i])),
                None => prop_assert_eq!(got, Err(AnswerError::Unknown(b))),
            },
        }
        prop_assert_eq!(answer_or_wait(&bytes), got.unwrap_or(Action::Wait));
    }

    #[test]
    fn only_the_first_byte_counts(a in action(), tail in prop::collection::vec(any::<u8>(), 0..16)) {
        let mut bytes = vec![a.letter() as u8];
        bytes.extend(tail);
        prop_assert_eq!(parse_answer(&bytes), Ok(a));
    }

    #[test]
    fn parse_never_panics_on_arbitrary_strings(args in prop::collection::vec(".{0,12}", 0..8)) {
        match ProgramArgs::parse(&args) {
            Ok(parsed) => prop_assert_eq!(ProgramArgs::parse(&parsed.to_args()), Ok(parsed)),
            Err(ArgsError::Count(n)) => {
                prop_assert_eq!(n, args.len());
                prop_assert!(n != 4 && n != 6);
            }
            Err(_) => prop_assert!(args.len() == 4 || args.len() == 6),
        }
    }

    #[test]
    fn wrong_argument_counts_are_typed(n in 0usize..20) {
        prop_assume!(n != 4 && n != 6);
        let args = vec!["1".to_string(); n];
        prop_assert_eq!(ProgramArgs::parse(&args), Err(ArgsError::Count(n)));
    }

    #[test]
    fn non_numbers_are_typed(junk in "[^0-9]{0,6}|[0-9]{11,14}", at in 0usize..4, six in any::<bool>()) {
        let mut args = if six {
            strings(&["BW", "GI", "20", "19", "1", "0"])
        } else {
            strings(&["20", "19", "1", "0"])
        };
        let i = args.len() - 4 + at;
        args[i] = junk.clone();
        prop_assume!(junk.parse::<i32>().is_err());
        prop_assert_eq!(ProgramArgs::parse(&args), Err(ArgsError::Number(junk)));
    }

    #[test]
    fn non_letters_are_typed(c in any::<char>(), enemy in any::<bool>()) {
        prop_assume!(Action::from_letter(c).is_none());
        let bad = format!("WB{c}");
        let args = if enemy {
            vec!["GG".to_string(), bad, "20".into(), "19".into(), "1".into(), "0".into()]
        } else {
            vec![bad, "GG".to_string(), "20".into(), "19".into(), "1".into(), "0".into()]
        };
        prop_assert_eq!(ProgramArgs::parse(&args), Err(ArgsError::Letter(c)));
    }
}

#[test]
fn four_arguments_on_the_first_turn_and_six_after() {
    let mut rng = Pcg64Mcg::seed_from_u64(0);
    let mut duel = Samurai::new(&Config::default(), 2, &mut rng).unwrap();
    let first = ProgramArgs::from(&duel.observe(PlayerId(1))).to_args();
    assert_eq!(first, strings(&["20", "20", "1", "1"]));
    let mut events = Vec::new();
    duel.step(&[Action::Bow, Action::QuickDraw], &mut rng, &mut events)
        .unwrap();
    duel.step(&[Action::Guard, Action::Wait], &mut rng, &mut events)
        .unwrap();
    // Each side sees its own history first, then the enemy's; health, then honour.
    let p0 = ProgramArgs::from(&duel.observe(PlayerId(0))).to_args();
    assert_eq!(p0, strings(&["BG", "IW", "19", "20", "2", "0"]));
    let p1 = ProgramArgs::from(&duel.observe(PlayerId(1))).to_args();
    assert_eq!(p1, strings(&["IW", "BG", "20", "19", "0", "2"]));
}

#[test]
fn malformed_arguments_get_typed_errors() {
    let cases: Vec<(Vec<String>, ArgsError)> = vec![
        (strings(&[]), ArgsError::Count(0)),
        (strings(&["20", "20", "1"]), ArgsError::Count(3)),
        (strings(&["W", "20", "20", "1", "1"]), ArgsError::Count(5)),
        (
            strings(&["W", "B", "20", "20", "1", "1", "x"]),
            ArgsError::Count(7),
        ),
        (
            strings(&["", "", "20", "20", "1", "1"]),
            ArgsError::EmptyHistories,
        ),
        (
            strings(&["Wb", "B", "20", "20", "1", "1"]),
            ArgsError::Letter('b'),
        ),
        (
            strings(&["W", "B ", "20", "20", "1", "1"]),
            ArgsError::Letter(' '),
        ),
        (
            strings(&["20", "20", "1", "one"]),
            ArgsError::Number("one".into()),
        ),
        (strings(&["20", "", "1", "1"]), ArgsError::Number("".into())),
        (
            strings(&["20", " 20", "1", "1"]),
            ArgsError::Number(" 20".into()),
        ),
        (
            strings(&["2147483648", "20", "1", "1"]),
            ArgsError::Number("2147483648".into()),
        ),
        (
            strings(&["W", "B", "20", "20", "1.5", "1"]),
            ArgsError::Number("1.5".into()),
        ),
    ];
    for (args, expected) in cases {
        assert_eq!(ProgramArgs::parse(&args), Err(expected), "{args:?}");
    }
    // One empty history of two is a valid later turn (the other side's is not empty).
    let parsed = ProgramArgs::parse(&strings(&["", "B", "20", "20", "1", "2"])).unwrap();
    assert!(parsed.history.is_empty());
    assert_eq!(parsed.enemy_history, vec![Action::Bow]);
    assert_eq!(
        ArgsError::Count(5).to_string(),
        "expected 4 or 6 arguments, got 5"
    );
}

#[test]
fn answers_as_the_controller_read_them() {
    assert_eq!(parse_answer(b"Parry"), Ok(Action::Parry));
    assert_eq!(parse_answer(b"O\n"), Ok(Action::Overhead));
    assert_eq!(parse_answer(b"w"), Err(AnswerError::Unknown(b'w')));
    assert_eq!(parse_answer(b"\nB"), Err(AnswerError::Unknown(b'\n')));
    assert_eq!(
        parse_answer("Ｗ".as_bytes()),
        Err(AnswerError::Unknown(0xEF))
    );
    assert_eq!(parse_answer(b""), Err(AnswerError::Empty));
    assert_eq!(answer_or_wait(b"<function <lambda> at 0x7f>"), Action::Wait);
    assert_eq!(answer_or_wait(b"Guard"), Action::Guard);
}
