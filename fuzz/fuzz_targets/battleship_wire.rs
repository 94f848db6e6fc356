//! The HTTP Battleship dialect parsers on arbitrary input.
//!
//! - `Request::decode` never panics, whatever the content type and dialect restriction;
//!   whenever it accepts a body, the request encodes to a body that decodes to the same
//!   request (a `form` init is read back as the same fields with the `form` restriction);
//! - form fields decoded from the bytes read as draft or form requests without panicking;
//! - the reply parsers never panic, and an accepted placement or shot re-encodes to a reply
//!   that parses to the same value;
//! - the arena's decoding of the bytes as a bot's answer (`Contest::decode`, every dialect,
//!   placing and shooting) never panics, the engine accepts whatever it plays, and that
//!   action's replay text reads back as the same action.
#![no_main]

use std::sync::OnceLock;

use koth_engine_core::draw::MinRng;
use koth_engine_core::{Contest, Game, LinkInfo, PlayerId};
use koth_http_battleship::wire::{Fields, Reply, Request, parse_placement_reply, parse_shot_reply};
use koth_http_battleship::{Battleship, Config, Dialect, Placement, Scenario};
use libfuzzer_sys::fuzz_target;

/// A match about to be placed and one about to be shot in (default settings).
fn games() -> &'static [Battleship; 2] {
    static GAMES: OnceLock<[Battleship; 2]> = OnceLock::new();
    GAMES.get_or_init(|| {
        let config = Config::default();
        let fleet = Placement::from(&config.packed_fleet().unwrap());
        let shooting = Scenario::new(config)
            .placement(PlayerId(0), fleet.clone())
            .placement(PlayerId(1), fleet)
            .build()
            .unwrap();
        [Battleship::new(&config, 2, &mut MinRng).unwrap(), shooting]
    })
}

fuzz_target!(|data: &[u8]| {
    let (selector, body) = match data.split_first() {
        Some((&s, rest)) => (s, rest),
        None => (0, data),
    };
    let content_type = [
        None,
        Some("application/x-www-form-urlencoded"),
        Some("application/json"),
        Some("application/json; charset=utf-8"),
    ][(selector & 3) as usize];
    let only = [
        None,
        Some(Dialect::Draft),
        Some(Dialect::Form),
        Some(Dialect::Json),
    ][((selector >> 2) & 3) as usize];
    if let Ok(request) = Request::decode(content_type, body, only) {
        let encoded = request.encode();
        let back = Request::decode(
            Some(encoded.content_type),
            &encoded.bytes,
            Some(request.dialect()),
        );
        assert_eq!(back.as_ref(), Ok(&request));
    }
    let _ = Request::from_fields(&Fields::from_urlencoded(body), only);
    for dialect in Dialect::ALL {
        if let Ok(p) = parse_placement_reply(dialect, body) {
            let again = Reply::Placement(p.clone()).encode(dialect, "fuzz");
            assert_eq!(parse_placement_reply(dialect, &again.bytes), Ok(p));
        }
        if let Ok((x, y)) = parse_shot_reply(dialect, body) {
            let again = Reply::Shot { x, y }.encode(dialect, "fuzz");
            assert_eq!(parse_shot_reply(dialect, &again.bytes), Ok((x, y)));
        }
    }
    let names = ["a".to_string(), "b".to_string()];
    for game in games() {
        let seat = game.to_act().players()[0];
        for dialect in Battleship::DIALECTS {
            let info = LinkInfo {
                seat,
                names: &names,
                seed: 0,
                dialect,
                runner: 0,
            };
            let mut link = Battleship::link(&info).unwrap();
            let answer = game.decode(seat, &mut link, body);
            let text = Battleship::action_text(&answer.value);
            assert_eq!(
                Battleship::parse_action_text(&text).as_ref(),
                Some(&answer.value)
            );
            let mut after = game.clone();
            after
                .step(&[answer.value], &mut MinRng, &mut Vec::new())
                .unwrap();
        }
    }
});
