//! The HTTP Battleship dialect parsers on arbitrary input.
//!
//! - `Request::decode` never panics, whatever the content type and dialect restriction;
//!   whenever it accepts a body, the request encodes to a body that decodes to the same
//!   request (a `form` init is read back as the same fields with the `form` restriction);
//! - form fields decoded from the bytes read as draft or form requests without panicking;
//! - the reply parsers never panic, and an accepted placement or shot re-encodes to a reply
//!   that parses to the same value.
#![no_main]

use http_battleship::Dialect;
use http_battleship::wire::{Fields, Reply, Request, parse_placement_reply, parse_shot_reply};
use libfuzzer_sys::fuzz_target;

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
});
