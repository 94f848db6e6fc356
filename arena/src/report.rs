//! What a match or a tournament reports: the `--json` schema and the readable summary.

use koth_engine_core::runner::Transcript;
use koth_engine_core::{Contest, PlayerId};
use serde::{Deserialize, Serialize};

use crate::ArenaGame;

pub use koth_engine_core::FaultKind;

/// The longest bot-provided text (a fault's detail) a readable report prints, in characters.
pub const MAX_SHOWN: usize = 300;

/// `text` as it is safe to print on a terminal line: control characters (newlines and escape
/// sequences included) and bidirectional overrides are written as visible escapes (`\n`,
/// `\u{1b}`), so bot-provided text (names, standard error, replay contents) can neither start
/// a line of its own, forge a `result:` line nor drive the terminal; and it is cut to
/// `max_chars` characters (marked `…`).
pub fn visible(text: &str, max_chars: usize) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == max_chars {
            out.push('…');
            break;
        }
        let bidi = matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
        if c.is_control() || bidi {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// One fault of one player, recorded while the match went on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fault {
    /// The player's name.
    pub player: String,
    /// The 1-based turn it happened on (0 for setup calls before the first turn).
    pub turn: u32,
    /// What went wrong.
    pub kind: FaultKind,
    /// Details (reason, truncated stderr).
    pub detail: String,
}

/// One player's line of a match report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerReport {
    /// The player's name.
    pub name: String,
    /// 1-based place; ties share it.
    pub place: u32,
    /// The match's score, one convention per game in match reports and tournaments (see
    /// [`match_score`]): in duels 1 for a win, 0.5 for a draw, 0 for a loss; in free-for-all
    /// games the game's own score.
    pub score: f64,
    /// Game-specific final statistics.
    pub stats: serde_json::Value,
}

/// A finished match, as `koth play --json` prints it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchReport {
    /// The game's name.
    pub game: String,
    /// The match seed.
    pub seed: u64,
    /// The full game config the match was played with.
    pub config: serde_json::Value,
    /// Turns (or ticks) played.
    pub turns: u32,
    /// `win`, `draw` or `ranking`.
    pub outcome: koth_engine_core::OutcomeKind,
    /// The players in seat order.
    pub players: Vec<PlayerReport>,
    /// Every fault recorded, in order.
    pub faults: Vec<Fault>,
}

/// One line of a tournament's standings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Standing {
    /// The player's name.
    pub name: String,
    /// Points: win 1, draw 0.5, loss 0 (two-player games); total score in free-for-all games.
    pub points: f64,
    /// Matches won (sole first place).
    pub wins: u32,
    /// Matches drawn (shared first place).
    pub draws: u32,
    /// Matches lost.
    pub losses: u32,
    /// Average place over the matches played.
    pub average_place: f64,
    /// Matches played.
    pub played: u32,
    /// Faults recorded over all matches.
    pub faults: u32,
    /// The rating (see [`TournamentReport::rating_model`]); none when the results cannot be
    /// rated (too few matches to connect every bot).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<f64>,
    /// The rating's 95% interval half width: `rating ± margin`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub margin: Option<f64>,
    /// Duels: the likelihood of superiority over the next bot in the standings (the chance
    /// that this bot's true rating is the higher).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub los: Option<f64>,
}

/// Who did how against whom, rows and columns in the standings' order: `score[i][j]` is what
/// bot `i` scored against bot `j` over their `games[i][j]` meetings (1 for each match it
/// placed ahead, 0.5 level, 0 behind; in free-for-all games every two bots in one match meet).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct HeadToHead {
    /// The bots, in the standings' order.
    pub names: Vec<String>,
    /// What the row's bot scored against the column's.
    pub score: Vec<Vec<f64>>,
    /// How often they met.
    pub games: Vec<Vec<u32>>,
}

/// A finished tournament, as `koth tournament --json` prints it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentReport {
    /// The game's name.
    pub game: String,
    /// The tournament seed (each match's seed is derived from it and the match's index).
    pub seed: u64,
    /// Matches played (when interrupted: finished before the interruption).
    pub matches: u32,
    /// Standings, best first.
    pub standings: Vec<Standing>,
    /// How the standings' ratings are computed, one maximum-likelihood fit over all the
    /// matches on the Elo scale averaging 0 (see [`crate::ratings`]): `elo` (duels: Bradley–Terry,
    /// a draw half a win), `plackett-luce` (free-for-all games: the places, ties averaged over
    /// their orders), or empty when there are none (the results do not connect every bot, or a
    /// perfect record with no prior). Older reports may say `weng-lin`.
    #[serde(default)]
    pub rating_model: String,
    /// The ratings' prior: virtual draws per bot, spread over its opponents (`--prior-draws`);
    /// 0 when there are no ratings.
    #[serde(default)]
    pub prior_draws: f64,
    /// The part of the schedule played (`--shard K/N`): the standings then count only its
    /// matches; `koth merge` of every part gives the whole tournament's. Written only for a
    /// part.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<crate::records::Shard>,
    /// The head-to-head table.
    #[serde(default)]
    pub head_to_head: HeadToHead,
    /// Whether `koth` was interrupted (SIGINT, SIGTERM): the standings then count only the
    /// matches finished before. Written only when true.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub interrupted: bool,
    /// Whether the bots played different numbers of matches (an interrupted run): a game
    /// ranked by points is then ranked by points per match played, and the LOS column
    /// compares rows of that order. Written only when true.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub per_match: bool,
}

impl MatchReport {
    /// The report of a finished match.
    pub fn from_transcript<G: ArenaGame>(t: &Transcript<G>) -> MatchReport {
        MatchReport {
            game: G::NAME.to_string(),
            seed: t.seed,
            config: serde_json::to_value(&t.config).unwrap_or(serde_json::Value::Null),
            turns: t.turns_played,
            outcome: t.outcome.kind(),
            players: PlayerId::all(t.names.len())
                .map(|p| PlayerReport {
                    name: t.names[p.index()].clone(),
                    place: t.outcome.place(p),
                    score: match_score::<G>(&t.config, &t.outcome, p),
                    stats: serde_json::to_value(&t.stats[p.index()])
                        .unwrap_or(serde_json::Value::Null),
                })
                .collect(),
            faults: t
                .faults
                .iter()
                .map(|f| Fault {
                    player: t.names[f.seat.index()].clone(),
                    turn: f.turn,
                    kind: f.kind,
                    detail: f.detail.clone(),
                })
                .collect(),
        }
    }
}

/// The score a match gives `p`: one convention per game, for match reports and tournaments
/// alike. In duels (samurai, battleship) it is the points of the contests' round robins, win
/// 1, draw 0.5, loss 0, from the places; in free-for-all games (naval, tanks, bomberman) it is
/// the game's own score (naval's points, tanks' kills, bomberman's points).
pub fn match_score<G: Contest>(
    config: &G::Config,
    outcome: &koth_engine_core::Outcome,
    p: PlayerId,
) -> f64 {
    match crate::Seats::of::<G>(config) {
        crate::Seats::Duel => {
            let firsts = outcome
                .places()
                .iter()
                .filter(|(_, place)| **place == 1)
                .count();
            match (outcome.place(p), firsts) {
                (1, 1) => 1.0,
                (1, _) => 0.5,
                _ => 0.0,
            }
        }
        crate::Seats::FreeForAll { .. } => outcome.score(p) as f64,
    }
}
