//! What a match writes as it goes: the readable log and the JSON Lines replay, as one
//! [`Observer`] of the match runner.

use std::io::Write;

use koth_engine_core::runner::{Fault, Observer, Start, Turn};

use crate::ArenaGame;
use crate::replay::{self, ReplayLine};

/// Where a match writes. Write errors are kept (the first one) and returned by
/// [`Outputs::finish`]; the match itself goes on.
#[derive(Default)]
pub struct Outputs<'a> {
    /// The readable turn-by-turn log.
    pub log: Option<&'a mut dyn Write>,
    /// The JSON Lines replay.
    pub replay: Option<&'a mut dyn Write>,
    /// The log shows the board after every turn (`--board`), not only now and then.
    pub board: bool,
    /// The log shows each turn's effects (`--effects`): hits, refusals, kills.
    pub effects: bool,
    names: Vec<String>,
    error: Option<std::io::Error>,
}

impl<'a> Outputs<'a> {
    /// Writes the log and/or the replay.
    pub fn new(log: Option<&'a mut dyn Write>, replay: Option<&'a mut dyn Write>) -> Self {
        Outputs {
            log,
            replay,
            board: false,
            effects: false,
            names: Vec::new(),
            error: None,
        }
    }

    fn keep(&mut self, r: std::io::Result<()>) {
        if let Err(e) = r {
            self.error.get_or_insert(e);
        }
    }

    /// Writes the replay's result line and flushes; returns the first write error.
    pub fn finish(mut self, report: &crate::report::MatchReport) -> std::io::Result<()> {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        if let Some(w) = self.replay.as_deref_mut() {
            ReplayLine::<()>::Result(report.clone()).write(w)?;
            w.flush()?;
        }
        Ok(())
    }
}

impl<G: ArenaGame> Observer<G> for Outputs<'_> {
    fn started(&mut self, start: &Start<'_, G>, game: &G) {
        self.names = start.names.to_vec();
        if let Some(w) = self.replay.as_deref_mut() {
            let r = ReplayLine::Header(replay::header(start)).write(w);
            self.keep(r);
        }
        if let Some(w) = self.log.as_deref_mut() {
            let r = writeln!(
                w,
                "{} seed {}: {}",
                G::NAME,
                start.seed,
                start
                    .names
                    .iter()
                    .map(|n| crate::report::visible(n, 64))
                    .collect::<Vec<_>>()
                    .join(" vs ")
            )
            .and_then(|()| match G::LEGEND {
                "" => Ok(()),
                legend => writeln!(w, "legend: {legend}"),
            })
            .and_then(|()| writeln!(w, "{}", game.render()));
            self.keep(r);
        }
    }

    fn fault(&mut self, fault: &Fault) {
        if let Some(w) = self.replay.as_deref_mut() {
            let line = ReplayLine::<()>::Fault(replay::ReplayFault {
                seat: fault.seat.0,
                player: self
                    .names
                    .get(fault.seat.index())
                    .cloned()
                    .unwrap_or_default(),
                turn: fault.turn,
                fault: fault.kind,
                detail: fault.detail.clone(),
            });
            let r = line.write(w);
            self.keep(r);
        }
    }

    fn turn(&mut self, turn: &Turn<G>, game: &G) {
        if let Some(w) = self.replay.as_deref_mut() {
            let r = ReplayLine::<()>::Turn(replay::turn_line::<G>(turn)).write(w);
            self.keep(r);
        }
        if let Some(w) = self.log.as_deref_mut() {
            let mut r = Ok(());
            if G::LOG_ACTIONS {
                let acts: Vec<String> = turn
                    .actors
                    .iter()
                    .zip(&turn.actions)
                    .map(|(p, a)| {
                        let name = self.names.get(p.index()).map_or("?", String::as_str);
                        format!("{}={}", crate::report::visible(name, 64), G::action_text(a))
                    })
                    .collect();
                r = writeln!(w, "turn {:>4}: {}", turn.turn, acts.join("  "));
            }
            if r.is_ok() && self.effects && !turn.events.is_empty() {
                let events: Vec<String> = turn.events.iter().map(G::event_text).collect();
                r = writeln!(w, "  effects: {}", events.join("; "));
            }
            let show = self.board || game.render_after(&turn.events) || game.to_act().is_over();
            if r.is_ok() && show {
                r = writeln!(w, "{}", game.render());
            }
            self.keep(r);
        }
    }
}
