//! The three dialects on the wire: fixtures exactly as the arena sent them (with insta
//! snapshots of a seeded bot's replies), malformed inputs with their typed errors, and
//! parse/format round trips (proptest).

use koth_engine_core::{PlayerId, SeedableRng};
use koth_http_battleship::wire::{
    DraftRequest, EndCause, Fields, FormAct, FormRequest, JsonAction, JsonRequest, MatchId, Reply,
    ReplyError, Request, Session, Settings, WireError, parse_placement_reply, parse_shot_reply,
};
use koth_http_battleship::{
    Action, Cell, Dialect, ForfeitReason, Placement, ShipSpan, ShotRecord, ShotResult, bots,
};
use proptest::prelude::*;
use rand_pcg::Pcg64Mcg;

const FORM: Option<&str> = Some("application/x-www-form-urlencoded");
const JSON: Option<&str> = Some("application/json");

/// Plays `requests` (content type, body) against one seeded bot session per match seat and
/// renders each request's dialect, match key and reply.
fn transcript(bot: &str, requests: &[(Option<&str>, &str)]) -> String {
    let mut bots_by_seat = [bots::BOTS.make(bot).unwrap(), bots::BOTS.make(bot).unwrap()];
    let mut sessions = [None, None];
    let mut rng = Pcg64Mcg::seed_from_u64(2024);
    let mut out = String::new();
    for (ct, body) in requests {
        let request = Request::decode(*ct, body.as_bytes(), None).unwrap();
        let (number, seat) = request.match_key();
        let i = seat.index();
        let reply = Session::respond(
            &mut sessions[i],
            &request,
            bots_by_seat[i].as_mut(),
            &mut rng,
        )
        .unwrap();
        let dialect = request.dialect();
        let encoded = reply.encode(dialect, bot);
        out += &format!(
            "> {dialect} match {number} seat {}: {}\n< {} {}\n",
            seat.0,
            body.split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .chars()
                .take(100)
                .collect::<String>(),
            encoded.content_type,
            String::from_utf8(encoded.bytes).unwrap()
        );
    }
    out
}

#[test]
fn draft_fixtures() {
    let init = |seat| {
        format!(
            "game=Battleship&match_id=42-{seat}&act=init&opponent=Deep+Blue&width=10&height=10\
             &ship1=0&ship2=1&ship3=2&ship4=1&ship5=1&ship6=0"
        )
    };
    let requests = [
        init(1),
        init(2),
        "game=Battleship&match_id=42-1&act=play".to_string(),
        "game=Battleship&match_id=42-2&act=play&shot=4%2C5&shot_result=".to_string(),
        "game=Battleship&match_id=42-1&act=play&shot=0%2C0&shot_result=hit&last_result="
            .to_string(),
        "game=Battleship&match_id=42-2&act=play&shot=1%2C1&shot_result=&last_result=hit"
            .to_string(),
        "game=Battleship&match_id=42-1&act=end&winner=2&reason=invalid+shot".to_string(),
    ];
    let reqs: Vec<_> = requests.iter().map(|b| (FORM, b.as_str())).collect();
    insta::assert_snapshot!(transcript("density", &reqs));
}

#[test]
fn form_fixtures() {
    let base = "game=Battleship&match_id=7-2&opponent=hunter&width=8&height=6\
                &ship1=0&ship2=1&ship3=1&ship4=0&ship5=0&ship6=0";
    let fight = format!(
        "{base}&act=fight&your_strikes={}&his_strikes={}",
        "%5B%7B%22target%22%3A%220%2C0%22%2C%22result%22%3A%22%22%7D%2C\
         %7B%22target%22%3A%223%2C3%22%2C%22result%22%3A%22hit%22%7D%5D",
        "%5B%7B%22target%22%3A%221%2C1%22%2C%22result%22%3A%22%22%7D%2C\
         %7B%22target%22%3A%221%2C2%22%2C%22result%22%3A%22%22%7D%5D"
    );
    let requests = [format!("{base}&act=init"), fight];
    let reqs: Vec<_> = requests.iter().map(|b| (FORM, b.as_str())).collect();
    insta::assert_snapshot!(transcript("hunter", &reqs));
}

#[test]
fn json_fixtures_with_numbers_as_strings() {
    // The arena's init: lowercase game, bare game-id, `players`, numbers as strings.
    let init = r#"{"game-id":"1234","game":"battleship","action":"init","players":2,"player-index":0,
        "board":{"opponent":"hunter","width":"10","height":"10","ship1":"0","ship2":"1",
        "ship3":"2","ship4":"1","ship5":"1","ship6":"0"}}"#;
    // The arena's turn: game-id "N-k", strike histories as arrays.
    let turn = r#"{"game":"Battleship","game-id":"1234-1","action":"play-turn","player-index":0,
        "board":{"opponent":"hunter","width":"10","height":"10","ship1":"0","ship2":"1",
        "ship3":"2","ship4":"1","ship5":"1","ship6":"0",
        "your_strikes":[{"target":"4,4","result":""},{"target":"5,5","result":"hit"}],
        "his_strikes":[{"target":"0,0","result":""},{"target":"9,9","result":""}]}}"#;
    let reqs = [(JSON, init), (JSON, turn)];
    insta::assert_snapshot!(transcript("density", &reqs));
    // The same without a content type is sniffed as JSON.
    let r = Request::decode(None, init.as_bytes(), None).unwrap();
    assert_eq!(r.dialect(), Dialect::Json);
    assert_eq!(r.match_key(), (1234, PlayerId(0)));
    let r = Request::decode(JSON, turn.as_bytes(), None).unwrap();
    assert_eq!(r.match_key(), (1234, PlayerId(0)));
}

#[test]
fn a_draft_turn_without_init_is_refused() {
    let r = Request::decode(FORM, b"game=Battleship&match_id=9-1&act=play", None).unwrap();
    let mut bot = bots::BOTS.make("random").unwrap();
    let mut rng = Pcg64Mcg::seed_from_u64(0);
    assert_eq!(
        Session::respond(&mut None, &r, bot.as_mut(), &mut rng),
        Err(WireError::UnknownMatch(9))
    );
}

#[test]
fn malformed_requests_get_typed_errors() {
    let draft = |body: &str| Request::decode(FORM, body.as_bytes(), None).unwrap_err();
    let ok_init = "game=Battleship&match_id=1-1&act=init&opponent=x&width=10&height=10\
                   &ship1=0&ship2=1&ship3=0&ship4=0&ship5=0&ship6=0";
    assert!(Request::decode(FORM, ok_init.as_bytes(), None).is_ok());
    assert_eq!(
        draft(&ok_init.replace("game=Battleship", "game=Chess")),
        WireError::WrongGame("Chess".into())
    );
    assert_eq!(
        draft(&ok_init.replace("match_id=1-1", "match_id=1-3")),
        WireError::BadMatchId("1-3".into())
    );
    assert_eq!(
        draft(&ok_init.replace("match_id=1-1&", "")),
        WireError::Missing("match_id")
    );
    assert_eq!(
        draft(&ok_init.replace("act=init", "act=dance")),
        WireError::UnknownAct {
            field: "act",
            value: "dance".into()
        }
    );
    assert_eq!(
        draft(&ok_init.replace("width=10", "width=ten")),
        WireError::BadNumber("width")
    );
    assert_eq!(
        draft(&ok_init.replace("width=10", "width=101")),
        WireError::OutOfRange {
            field: "width",
            value: "101".into(),
            min: 1,
            max: 100
        }
    );
    assert_eq!(
        draft(&ok_init.replace("ship2=1", "ship2=11")),
        WireError::OutOfRange {
            field: "ship2",
            value: "11".into(),
            min: 0,
            max: 10
        }
    );
    assert_eq!(
        draft(&ok_init.replace("&opponent=x", "")),
        WireError::Missing("opponent")
    );
    // A number too large for u32 is shown as sent; a field given twice is refused.
    assert_eq!(
        draft(&ok_init.replace("width=10", "width=99999999999")),
        WireError::OutOfRange {
            field: "width",
            value: "99999999999".into(),
            min: 1,
            max: 100
        }
    );
    assert_eq!(
        draft(&format!("{ok_init}&width=12")),
        WireError::Duplicate("width".into())
    );
    assert_eq!(
        draft("game=Battleship&match_id=1-1&act=play&shot=1%2C1"),
        WireError::ShotWithoutResult
    );
    assert_eq!(
        draft("game=Battleship&match_id=1-1&act=play&shot=x&shot_result="),
        WireError::BadCell("shot")
    );
    assert_eq!(
        draft("game=Battleship&match_id=1-1&act=play&last_result=missed"),
        WireError::BadResult("last_result")
    );
    assert_eq!(
        draft("game=Battleship&match_id=1-1&act=end&winner=3&reason=sunk"),
        WireError::BadWinner
    );
    assert_eq!(
        draft("game=Battleship&match_id=1-1&act=end&winner=1&reason=bored"),
        WireError::BadReason("bored".into())
    );
    let fight =
        ok_init.replace("act=init", "act=fight") + "&your_strikes=%5B%5D&his_strikes=%5B%7B%7D%5D";
    assert_eq!(
        draft(&fight),
        WireError::BadStrike {
            field: "his_strikes",
            index: 0
        }
    );
    let fight = ok_init.replace("act=init", "act=fight") + "&your_strikes=%5B&his_strikes=%5B%5D";
    assert!(matches!(draft(&fight), WireError::Json(_)));
    // Off-grid strike.
    let fight = ok_init.replace("act=init", "act=fight")
        + "&his_strikes=%5B%5D&your_strikes=%5B%7B%22target%22%3A%2210%2C0%22%2C%22result%22%3A%22%22%7D%5D";
    assert_eq!(
        draft(&fight),
        WireError::BadStrike {
            field: "your_strikes",
            index: 0
        }
    );

    let json = |body: &str| Request::decode(JSON, body.as_bytes(), None).unwrap_err();
    assert!(matches!(json("{"), WireError::Json(_)));
    assert!(matches!(json("[]"), WireError::Json(_)));
    assert_eq!(
        json(r#"{"game":"Battleship"}"#),
        WireError::Missing("game-id")
    );
    assert_eq!(
        json(r#"{"game":"Battleship","game-id":"abc"}"#),
        WireError::BadNumber("game-id")
    );
    assert_eq!(
        json(r#"{"game":"Battleship","game-id":1,"player-index":2}"#),
        WireError::OutOfRange {
            field: "player-index",
            value: "2".into(),
            min: 0,
            max: 1
        }
    );
    assert_eq!(
        json(r#"{"game":"Battleship","game-id":1,"player-index":0}"#),
        WireError::Missing("board")
    );
    assert_eq!(
        Request::decode(JSON, &[0xff, 0xfe], None).unwrap_err(),
        WireError::NotUtf8
    );
    assert_eq!(
        Request::decode(Some("text/html"), b"x", None).unwrap_err(),
        WireError::ContentType("text/html".into())
    );
    // Restricting the dialect.
    assert_eq!(
        Request::decode(JSON, b"{}", Some(Dialect::Draft)).unwrap_err(),
        WireError::WrongDialect {
            expected: Dialect::Draft,
            got: Dialect::Json
        }
    );
    assert_eq!(
        Request::decode(FORM, ok_init.as_bytes(), Some(Dialect::Json)).unwrap_err(),
        WireError::WrongDialect {
            expected: Dialect::Json,
            got: Dialect::Draft
        }
    );
    assert_eq!(
        Request::decode(FORM, ok_init.as_bytes(), Some(Dialect::Form))
            .unwrap()
            .dialect(),
        Dialect::Form
    );
    // Settings no match can be played with.
    let crowded = ok_init
        .replace("ship2=1", "ship2=0")
        .replace("ship6=0", "ship6=10");
    let r = Request::decode(FORM, crowded.as_bytes(), None).unwrap();
    let mut bot = bots::BOTS.make("random").unwrap();
    assert!(matches!(
        Session::respond(&mut None, &r, bot.as_mut(), &mut Pcg64Mcg::seed_from_u64(0)),
        Err(WireError::Settings(_))
    ));
}

#[test]
fn malformed_replies_get_typed_errors() {
    for d in [Dialect::Draft, Dialect::Form] {
        assert_eq!(
            parse_placement_reply(d, b" [\"1,0-1,3\"]\n")
                .unwrap()
                .0
                .len(),
            1
        );
        assert!(matches!(
            parse_placement_reply(d, b"garbage"),
            Err(ReplyError::NotJson(_))
        ));
        assert!(matches!(
            parse_placement_reply(d, b"{}"),
            Err(ReplyError::Shape(_))
        ));
        assert_eq!(
            parse_placement_reply(d, b"[\"1,0-1,3\",3]"),
            Err(ReplyError::Ship(1))
        );
        assert_eq!(
            parse_placement_reply(d, b"[\"1,0_1,3\"]"),
            Err(ReplyError::Ship(0))
        );
        assert_eq!(parse_placement_reply(d, &[0xff]), Err(ReplyError::NotUtf8));
        assert_eq!(parse_shot_reply(d, b"3,4\r\n"), Ok((3, 4)));
        assert_eq!(parse_shot_reply(d, b"3;4"), Err(ReplyError::Shot));
        assert_eq!(
            parse_shot_reply(d, b"{\"play\":\"3,4\"}"),
            Err(ReplyError::Shot)
        );
    }
    let j = Dialect::Json;
    assert_eq!(
        parse_placement_reply(j, br#"{"name":"b","boats":["0,0-0,1"]}"#)
            .unwrap()
            .0
            .len(),
        1
    );
    assert!(matches!(
        parse_placement_reply(j, br#"["0,0-0,1"]"#),
        Err(ReplyError::Shape(_))
    ));
    assert_eq!(parse_shot_reply(j, br#"{"play":"3,4"}"#), Ok((3, 4)));
    // Trimmed of ASCII whitespace as in the text dialects (rules of record).
    assert_eq!(parse_shot_reply(j, br#"{"play":" 3,4"}"#), Ok((3, 4)));
    assert_eq!(
        parse_shot_reply(j, br#"{"play":"3 ,4"}"#),
        Err(ReplyError::Shot)
    );
    assert!(matches!(
        parse_shot_reply(j, br#"{"play":[3,4]}"#),
        Err(ReplyError::Shape(_))
    ));
    assert!(matches!(
        parse_shot_reply(j, b"3,4"),
        Err(ReplyError::NotJson(_))
    ));
}

// --- Round trips ----------------------------------------------------------------------------

fn settings() -> impl Strategy<Value = Settings> {
    (1u16..=100, 1u16..=100, prop::array::uniform6(0u8..=10)).prop_map(|(width, height, ships)| {
        Settings {
            width,
            height,
            ships,
        }
    })
}

fn result() -> impl Strategy<Value = ShotResult> {
    prop::sample::select(ShotResult::ALL.to_vec())
}

fn strikes(s: Settings) -> impl Strategy<Value = Vec<ShotRecord>> {
    prop::collection::vec(
        (0..s.width as u8, 0..s.height as u8, result()).prop_map(|(x, y, result)| ShotRecord {
            at: Cell::new(x, y),
            result,
        }),
        0..30,
    )
}

fn match_id() -> impl Strategy<Value = MatchId> {
    (any::<u64>(), 0u8..2).prop_map(|(number, s)| MatchId {
        number,
        seat: PlayerId(s),
    })
}

fn end_cause() -> impl Strategy<Value = EndCause> {
    let mut all = vec![
        EndCause::Sunk,
        EndCause::InvalidPlacement,
        EndCause::InvalidShot,
        EndCause::ShotLimit,
    ];
    all.extend(ForfeitReason::ALL.map(EndCause::Forfeit));
    prop::sample::select(all)
}

fn draft() -> impl Strategy<Value = DraftRequest> {
    prop_oneof![
        (match_id(), any::<String>(), settings()).prop_map(|(match_id, opponent, settings)| {
            DraftRequest::Init {
                match_id,
                opponent,
                settings,
            }
        }),
        (
            match_id(),
            prop::option::of((0u8..100, 0u8..100, result())),
            prop::option::of(result())
        )
            .prop_map(|(match_id, incoming, last_result)| DraftRequest::Play {
                match_id,
                incoming: incoming.map(|(x, y, result)| ShotRecord {
                    at: Cell::new(x, y),
                    result
                }),
                last_result
            }),
        (
            match_id(),
            prop::option::of((0u8..2).prop_map(PlayerId)),
            end_cause()
        )
            .prop_map(|(match_id, winner, reason)| DraftRequest::End {
                match_id,
                winner,
                reason
            }),
    ]
}

fn form() -> impl Strategy<Value = FormRequest> {
    (match_id(), any::<String>(), settings(), any::<bool>()).prop_flat_map(
        |(match_id, opponent, settings, init)| {
            (strikes(settings), strikes(settings)).prop_map(move |(your_strikes, his_strikes)| {
                FormRequest {
                    match_id,
                    opponent: opponent.clone(),
                    settings,
                    act: if init {
                        FormAct::Init
                    } else {
                        FormAct::Fight {
                            your_strikes,
                            his_strikes,
                        }
                    },
                }
            })
        },
    )
}

fn json() -> impl Strategy<Value = JsonRequest> {
    (
        any::<u64>(),
        0u8..2,
        any::<String>(),
        settings(),
        any::<bool>(),
    )
        .prop_flat_map(|(game_id, seat, opponent, settings, init)| {
            (strikes(settings), strikes(settings)).prop_map(move |(your_strikes, his_strikes)| {
                JsonRequest {
                    game_id,
                    seat: PlayerId(seat),
                    opponent: opponent.clone(),
                    settings,
                    action: if init {
                        JsonAction::Init
                    } else {
                        JsonAction::PlayTurn {
                            your_strikes,
                            his_strikes,
                        }
                    },
                }
            })
        })
}

fn span() -> impl Strategy<Value = ShipSpan> {
    (any::<u32>(), any::<u32>(), any::<u32>(), any::<u32>())
        .prop_map(|(a, b, c, d)| ShipSpan::new((a, b), (c, d)))
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        prop::collection::vec(span(), 0..8).prop_map(|v| Action::Place(Placement(v))),
        (any::<u32>(), any::<u32>()).prop_map(|(x, y)| Action::Shoot { x, y }),
        prop::sample::select(ForfeitReason::ALL.to_vec()).prop_map(Action::Forfeit),
    ]
}

proptest! {
    #[test]
    fn draft_round_trips(r in draft()) {
        let body = Request::Draft(r.clone()).encode();
        prop_assert_eq!(body.content_type, "application/x-www-form-urlencoded");
        let back = Request::decode(Some(body.content_type), &body.bytes, Some(Dialect::Draft));
        prop_assert_eq!(back, Ok(Request::Draft(r.clone())));
        prop_assert_eq!(DraftRequest::from_fields(&r.to_fields()), Ok(r));
    }

    #[test]
    fn form_round_trips(r in form()) {
        let body = Request::Form(r.clone()).encode();
        let back = Request::decode(Some(body.content_type), &body.bytes, Some(Dialect::Form));
        prop_assert_eq!(back, Ok(Request::Form(r.clone())));
        // Autodetection reads a form init as a draft init (the fields are the same).
        let auto = Request::decode(Some(body.content_type), &body.bytes, None).unwrap();
        prop_assert_eq!(auto.match_key(), (r.match_id.number, r.match_id.seat));
    }

    #[test]
    fn json_round_trips(r in json()) {
        let body = Request::Json(r.clone()).encode();
        prop_assert_eq!(body.content_type, "application/json");
        prop_assert_eq!(Request::decode(None, &body.bytes, None), Ok(Request::Json(r)));
    }

    #[test]
    fn replies_round_trip(spans in prop::collection::vec(span(), 0..10), x in any::<u32>(), y in any::<u32>()) {
        for d in Dialect::ALL {
            let p = Placement(spans.clone());
            let body = Reply::Placement(p.clone()).encode(d, "bot");
            prop_assert_eq!(parse_placement_reply(d, &body.bytes), Ok(p));
            let body = Reply::Shot { x, y }.encode(d, "bot");
            prop_assert_eq!(parse_shot_reply(d, &body.bytes), Ok((x, y)));
        }
    }

    #[test]
    fn actions_round_trip_through_text(a in action()) {
        prop_assert_eq!(a.to_string().parse::<Action>(), Ok(a));
    }

    #[test]
    fn fields_round_trip(pairs in prop::collection::vec((any::<String>(), any::<String>()), 0..8)) {
        let f = Fields(pairs);
        prop_assert_eq!(Fields::from_urlencoded(f.to_urlencoded().as_bytes()), f);
    }

    #[test]
    fn arbitrary_bodies_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..300), ct in 0usize..4, only in 0usize..4) {
        let ct = [None, FORM, JSON, Some("multipart/form-data")][ct];
        let only = [None, Some(Dialect::Draft), Some(Dialect::Form), Some(Dialect::Json)][only];
        let _ = Request::decode(ct, &bytes, only);
        for d in Dialect::ALL {
            let _ = parse_placement_reply(d, &bytes);
            let _ = parse_shot_reply(d, &bytes);
        }
        if let Ok(text) = std::str::from_utf8(&bytes) {
            let _ = text.parse::<Action>();
            let _ = Placement::parse(text.split('"'));
        }
    }

    #[test]
    fn mutated_valid_bodies_never_panic(r in json(), cut in any::<prop::sample::Index>(), byte in any::<u8>()) {
        let mut bytes = Request::Json(r).encode().bytes;
        let i = cut.index(bytes.len());
        bytes[i] = byte;
        let _ = Request::decode(JSON, &bytes, None);
        bytes.truncate(i);
        let _ = Request::decode(JSON, &bytes, None);
    }
}
