//! Whole replay files: the bytes are a file given to `koth replay`. Whatever they hold,
//! verifying them ends with a verdict (verified or an error naming a line) for every game of
//! the table, never a panic; lines are read bounded.
#![no_main]

use koth_cli::games::GAMES;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for game in GAMES {
        let mut reader = std::io::BufReader::new(data);
        let _ = game.verify(&mut reader);
    }
});
