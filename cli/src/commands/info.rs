//! `koth games`, `bots`, `protocol` and `config`: what koth knows.

use std::io::{IsTerminal, Write};

use koth_engine_core::Contest;

use crate::games::{self, game};

/// Each game's page for bot authors (`docs/GAME.md`, linked into the crate as
/// `cli/docs/GAME.md`).
pub const PROTOCOL_PAGES: &[(&str, &str)] = &[
    ("samurai", include_str!("../../docs/samurai.md")),
    ("naval", include_str!("../../docs/naval.md")),
    ("tanks", include_str!("../../docs/tanks.md")),
    ("bomberman", include_str!("../../docs/bomberman.md")),
    ("battleship", include_str!("../../docs/battleship.md")),
];

/// `koth bots` for game `G`.
pub fn list_bots<G: Contest>(w: &mut dyn Write) -> std::io::Result<()> {
    let lineup = G::bots().lineup(G::seats(&G::Config::default()));
    for entry in G::bots().entries {
        let mark = if lineup.contains(&entry.id) {
            " (default line-up)"
        } else {
            ""
        };
        writeln!(w, "{:<18} {}{mark}", entry.id, entry.about)?;
    }
    Ok(())
}

/// `koth games`: every game with its description.
pub(crate) fn games() -> anyhow::Result<()> {
    let stdout = std::io::stdout();
    let mut w = stdout.lock();
    for g in games::GAMES {
        writeln!(w, "{:<12} {}", g.name(), g.about())?;
    }
    Ok(())
}

/// `koth bots GAME`: its built-in bots, the default line-up marked.
pub(crate) fn bots(name: &str) -> anyhow::Result<()> {
    let stdout = std::io::stdout();
    let mut w = stdout.lock();
    game(name)?.list_bots(&mut w)?;
    if std::io::stdout().is_terminal() {
        writeln!(w, "\nuse as --bot builtin:ID")?;
    }
    Ok(())
}

/// `koth protocol GAME`: its page for bot authors.
pub(crate) fn protocol(name: &str) -> anyhow::Result<()> {
    let entry = game(name)?;
    let page = PROTOCOL_PAGES
        .iter()
        .find(|(g, _)| *g == entry.name())
        .map(|(_, page)| *page)
        .ok_or_else(|| anyhow::anyhow!("no protocol page for {}", entry.name()))?;
    std::io::stdout().write_all(page.as_bytes())?;
    Ok(())
}

/// `koth config GAME [--schema]`: its default config, or the config's JSON Schema.
pub(crate) fn config(name: &str, schema: bool) -> anyhow::Result<()> {
    let entry = game(name)?;
    let config = if schema {
        entry.config_schema()
    } else {
        entry.default_config()
    };
    println!("{}", serde_json::to_string_pretty(&config)?);
    Ok(())
}
