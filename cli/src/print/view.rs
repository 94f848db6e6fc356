//! `koth view`: a replay as one self-contained HTML page that plays it back.
//!
//! The page is `view.html` (HTML, CSS and a short script; it loads nothing from the network)
//! with the match's data in it: the header's game, seed and players, the game's palette and
//! legend, the result, and one frame per turn, frame 0 being the start. A frame holds the
//! turn's actions and events as a log words them ([`Contest::action_text`],
//! [`Contest::event_text`]), the engine's [`Scene`] (what the page draws) and its text
//! rendering ([`Contest::render`]).
//!
//! A replay records actions and events, not states, so the frames come from replaying the
//! engine: the page is made while the replay is verified, and a replay that does not verify
//! has no page.

use std::io::BufRead;
use std::marker::PhantomData;

use koth_engine_core::Contest;
use koth_engine_core::runner::{Observer, Start, Turn};
use koth_engine_core::scene::{Scene, Swatch};
use serde::Serialize;

use crate::arena::replay::{self, ReplayError};
use crate::games::CliGame;

/// The page, with [`SLOT`] where the data goes.
const TEMPLATE: &str = include_str!("view.html");

/// The placeholder in [`TEMPLATE`] (a JSON string, so the template parses as it is).
const SLOT: &str = "\"__KOTH_DATA__\"";

/// What the page's script reads.
#[derive(Serialize)]
struct Page {
    game: &'static str,
    seed: u64,
    players: Vec<String>,
    legend: &'static str,
    palette: &'static [Swatch],
    seat_colours: &'static [&'static str],
    result: String,
    frames: Vec<Frame>,
}

/// The state after one turn (turn 0: the start).
#[derive(Serialize)]
struct Frame {
    turn: u32,
    actions: Vec<String>,
    events: Vec<String>,
    scene: Scene,
    text: String,
}

/// Collects a frame per turn while a replay is re-simulated.
struct Frames<G> {
    names: Vec<String>,
    frames: Vec<Frame>,
    game: PhantomData<fn() -> G>,
}

impl<G: Contest> Frames<G> {
    fn frame(turn: u32, actions: Vec<String>, events: Vec<String>, game: &G) -> Frame {
        Frame {
            turn,
            actions,
            events,
            scene: game.scene(),
            text: game.render(),
        }
    }
}

impl<G: Contest> Observer<G> for Frames<G> {
    fn started(&mut self, start: &Start<'_, G>, game: &G) {
        self.names = start.names.to_vec();
        self.frames
            .push(Self::frame(0, Vec::new(), Vec::new(), game));
    }

    fn turn(&mut self, turn: &Turn<G>, game: &G) {
        let actions = turn
            .actors
            .iter()
            .zip(&turn.actions)
            .map(|(p, a)| {
                let name = self.names.get(usize::from(p.0)).map_or("?", String::as_str);
                match G::action_text(a) {
                    text if text.is_empty() => format!("{p} {name}: (nothing)"),
                    text => format!("{p} {name}: {text}"),
                }
            })
            .collect();
        let events = turn.events.iter().map(G::event_text).collect();
        self.frames
            .push(Self::frame(turn.turn, actions, events, game));
    }
}

/// The viewer page of a replay of game `G` (all of its lines), or why the replay does not
/// verify.
pub fn page<G: CliGame>(lines: &mut dyn BufRead) -> Result<String, ReplayError> {
    let mut frames = Frames::<G> {
        names: Vec::new(),
        frames: Vec::new(),
        game: PhantomData,
    };
    let (verified, report) = replay::verify_observed::<G>(lines, &mut frames)?;
    let mut result = Vec::new();
    // Writing to a Vec cannot fail.
    let _ = crate::print::print_match(&mut result, &report);
    let page = Page {
        game: G::NAME,
        seed: report.seed,
        players: verified.players,
        legend: G::LEGEND,
        palette: G::PALETTE,
        seat_colours: &koth_engine_core::scene::SEAT_COLOURS,
        result: String::from_utf8_lossy(&result).trim().to_string(),
        frames: frames.frames,
    };
    Ok(html(&page))
}

/// The template with the page's data in it. The data is JSON in a `<script>` element, with
/// every `<` written `\u003c` so that no name or event a bot chose can close the element.
fn html(page: &Page) -> String {
    // The page holds strings, integers and finite floats: serializing it cannot fail.
    let json = serde_json::to_string(page).unwrap_or_else(|_| "null".to_string());
    TEMPLATE.replacen(SLOT, &json.replace('<', "\\u003c"), 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_template_has_one_slot() {
        assert_eq!(TEMPLATE.matches(SLOT).count(), 1);
    }

    #[test]
    fn no_bot_name_closes_the_data_element() {
        let page = Page {
            game: "tanks",
            seed: 1,
            players: vec!["</script><script>alert(1)</script>".into()],
            legend: "",
            palette: &[],
            seat_colours: &[],
            result: String::new(),
            frames: Vec::new(),
        };
        let html = html(&page);
        assert_eq!(
            html.matches("</script>").count(),
            TEMPLATE.matches("</script>").count()
        );
        assert!(html.contains(r"\u003c/script>\u003cscript>alert(1)"));
    }
}
