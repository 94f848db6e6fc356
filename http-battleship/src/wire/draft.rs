//! The `draft` dialect.

use super::*;

impl DraftRequest {
    /// The match and seat.
    pub fn match_id(&self) -> MatchId {
        match self {
            DraftRequest::Init { match_id, .. }
            | DraftRequest::Play { match_id, .. }
            | DraftRequest::End { match_id, .. } => *match_id,
        }
    }

    /// The `play` request for the player of `obs` (its latest incoming shot and own result).
    pub fn play(match_id: MatchId, obs: &Observation) -> DraftRequest {
        DraftRequest::Play {
            match_id,
            incoming: obs.their_shots.last().copied(),
            last_result: obs.my_shots.last().map(|s| s.result),
        }
    }

    /// The form fields, in the order `game`, `match_id`, `act`, then the act's own.
    pub fn to_fields(&self) -> Fields {
        let mut f = Fields::default();
        f.push("game", "Battleship");
        f.push("match_id", self.match_id());
        match self {
            DraftRequest::Init {
                opponent, settings, ..
            } => {
                f.push("act", "init");
                f.push("opponent", opponent);
                f.push_settings(settings);
            }
            DraftRequest::Play {
                incoming,
                last_result,
                ..
            } => {
                f.push("act", "play");
                if let Some(s) = incoming {
                    f.push("shot", s.at);
                    f.push("shot_result", s.result.word());
                }
                if let Some(r) = last_result {
                    f.push("last_result", r.word());
                }
            }
            DraftRequest::End { winner, reason, .. } => {
                f.push("act", "end");
                f.push(
                    "winner",
                    match winner {
                        Some(p) => {
                            if p.0 == 0 {
                                "1"
                            } else {
                                "2"
                            }
                        }
                        None => "draw",
                    },
                );
                f.push("reason", reason.word());
            }
        }
        f
    }

    /// Reads a draft request from form fields.
    pub fn from_fields(f: &Fields) -> Result<DraftRequest, WireError> {
        f.check_game()?;
        let match_id = f.match_id()?;
        match f.need("act")? {
            "init" => Ok(DraftRequest::Init {
                match_id,
                opponent: f.need("opponent")?.to_owned(),
                settings: f.settings()?,
            }),
            "play" => {
                let result = |name| -> Result<Option<ShotResult>, WireError> {
                    f.get(name)
                        .map(|w| ShotResult::from_word(w).ok_or(WireError::BadResult(name)))
                        .transpose()
                };
                let incoming = match (f.get("shot"), result("shot_result")?) {
                    (None, None) => None,
                    (Some(shot), Some(result)) => {
                        let (x, y) = parse_xy(shot).ok_or(WireError::BadCell("shot"))?;
                        let at = Cell::checked(x, y, MAX_SIDE, MAX_SIDE)
                            .ok_or(WireError::BadCell("shot"))?;
                        Some(ShotRecord { at, result })
                    }
                    _ => return Err(WireError::ShotWithoutResult),
                };
                Ok(DraftRequest::Play {
                    match_id,
                    incoming,
                    last_result: result("last_result")?,
                })
            }
            "end" => Ok(DraftRequest::End {
                match_id,
                winner: match f.need("winner")? {
                    "1" => Some(PlayerId(0)),
                    "2" => Some(PlayerId(1)),
                    "draw" => None,
                    _ => return Err(WireError::BadWinner),
                },
                reason: {
                    let w = f.need("reason")?;
                    EndCause::from_word(w).ok_or_else(|| WireError::BadReason(truncate(w)))?
                },
            }),
            other => Err(WireError::UnknownAct {
                field: "act",
                value: truncate(other),
            }),
        }
    }
}
