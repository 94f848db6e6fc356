//! A bot's side of one match.

use super::*;

/// What a bot server keeps for one seat of one match: the settings, and the shots as the
/// requests told them (the `draft` dialect tells only the latest; `form` and `json` re-send
/// them all, and those lists replace what was kept).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Session {
    me: PlayerId,
    config: Config,
    my_shots: Vec<ShotRecord>,
    their_shots: Vec<ShotRecord>,
    /// The draft dialect: our latest shot, whose result the next `play` brings.
    pending: Option<Cell>,
}

impl Session {
    /// A session for `me` with these settings (refused if no match can be played with them).
    pub fn new(me: PlayerId, settings: &Settings) -> Result<Session, WireError> {
        let config = settings.config();
        config.validate().map_err(WireError::Settings)?;
        Ok(Session {
            me,
            config,
            my_shots: Vec::new(),
            their_shots: Vec::new(),
            pending: None,
        })
    }

    /// The match settings.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// What the bot sees now.
    pub fn observation(&self, phase: Phase) -> Observation {
        Observation::new(
            self.me,
            self.config,
            phase,
            self.my_shots.clone(),
            self.their_shots.clone(),
        )
    }

    /// Answers `request` with `bot`. `session` is this match seat's session (`None` if there
    /// is none yet): `init` starts a fresh one, a `form`/`json` turn starts one if needed, a
    /// `draft` turn needs one. The bot must be fresh at `init`.
    pub fn respond(
        session: &mut Option<Session>,
        request: &Request,
        bot: &mut dyn Bot<Battleship>,
        rng: &mut dyn RngCore,
    ) -> Result<Reply, WireError> {
        let (number, me) = request.match_key();
        match request {
            Request::Draft(DraftRequest::Init { settings, .. }) => {
                Session::init(session, me, settings, bot, rng)
            }
            Request::Form(FormRequest {
                settings,
                act: FormAct::Init,
                ..
            })
            | Request::Json(JsonRequest {
                settings,
                action: JsonAction::Init,
                ..
            }) => Session::init(session, me, settings, bot, rng),
            Request::Draft(DraftRequest::End { .. }) => {
                *session = None;
                Ok(Reply::Ack)
            }
            Request::Draft(DraftRequest::Play {
                incoming,
                last_result,
                ..
            }) => {
                let s = session.as_mut().ok_or(WireError::UnknownMatch(number))?;
                if let Some(rec) = incoming {
                    if Cell::checked(
                        rec.at.x as u32,
                        rec.at.y as u32,
                        s.config.width,
                        s.config.height,
                    )
                    .is_none()
                    {
                        return Err(WireError::BadCell("shot"));
                    }
                    s.their_shots.push(*rec);
                }
                if let (Some(at), Some(result)) = (s.pending.take(), last_result) {
                    s.my_shots.push(ShotRecord {
                        at,
                        result: *result,
                    });
                }
                let (x, y) = s.shoot(bot, rng);
                s.pending = Cell::checked(x, y, s.config.width, s.config.height);
                Ok(Reply::Shot { x, y })
            }
            Request::Form(FormRequest {
                settings,
                act:
                    FormAct::Fight {
                        your_strikes,
                        his_strikes,
                    },
                ..
            })
            | Request::Json(JsonRequest {
                settings,
                action:
                    JsonAction::PlayTurn {
                        your_strikes,
                        his_strikes,
                    },
                ..
            }) => {
                let fresh = Session::new(me, settings)?;
                let s = match session {
                    Some(s) if s.config == fresh.config && s.me == me => s,
                    other => other.insert(fresh),
                };
                s.my_shots.clone_from(your_strikes);
                s.their_shots.clone_from(his_strikes);
                let (x, y) = s.shoot(bot, rng);
                Ok(Reply::Shot { x, y })
            }
        }
    }

    fn init(
        session: &mut Option<Session>,
        me: PlayerId,
        settings: &Settings,
        bot: &mut dyn Bot<Battleship>,
        rng: &mut dyn RngCore,
    ) -> Result<Reply, WireError> {
        let s = session.insert(Session::new(me, settings)?);
        match bot.act(&s.observation(Phase::Placing), rng) {
            Action::Place(p) => Ok(Reply::Placement(p)),
            _ => Ok(Reply::Placement(Placement::default())),
        }
    }

    fn shoot(&self, bot: &mut dyn Bot<Battleship>, rng: &mut dyn RngCore) -> (u32, u32) {
        match bot.act(&self.observation(Phase::Shooting), rng) {
            Action::Shoot { x, y } => (x, y),
            _ => (0, 0),
        }
    }
}
