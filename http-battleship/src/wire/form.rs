//! The `form` dialect.

use super::*;

impl FormRequest {
    /// The form fields: `game`, `match_id`, `act`, `opponent`, the settings, then for
    /// `fight` the two strike lists as JSON strings.
    pub fn to_fields(&self) -> Fields {
        let mut f = Fields::default();
        f.push("game", "Battleship");
        f.push("match_id", self.match_id);
        f.push(
            "act",
            match self.act {
                FormAct::Init => "init",
                FormAct::Fight { .. } => "fight",
            },
        );
        f.push("opponent", &self.opponent);
        f.push_settings(&self.settings);
        if let FormAct::Fight {
            your_strikes,
            his_strikes,
        } = &self.act
        {
            f.push("your_strikes", strikes_value(your_strikes));
            f.push("his_strikes", strikes_value(his_strikes));
        }
        f
    }

    /// Reads a form request from form fields.
    pub fn from_fields(f: &Fields) -> Result<FormRequest, WireError> {
        f.check_game()?;
        let match_id = f.match_id()?;
        let act = f.need("act")?;
        if act != "init" && act != "fight" {
            return Err(WireError::UnknownAct {
                field: "act",
                value: truncate(act),
            });
        }
        let opponent = f.need("opponent")?.to_owned();
        let settings = f.settings()?;
        let act = if act == "init" {
            FormAct::Init
        } else {
            let list = |name: &'static str| -> Result<Vec<ShotRecord>, WireError> {
                strikes_from_value(&Value::String(f.need(name)?.to_owned()), name, &settings)
            };
            FormAct::Fight {
                your_strikes: list("your_strikes")?,
                his_strikes: list("his_strikes")?,
            }
        };
        Ok(FormRequest {
            match_id,
            opponent,
            settings,
            act,
        })
    }
}
