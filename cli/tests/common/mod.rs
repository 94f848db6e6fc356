//! Helpers shared by the `koth` end-to-end tests: run the binary, read its JSON, write bot
//! scripts, look for leftover bot processes.
#![allow(dead_code)]

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

/// Runs `koth` with `args` in `dir`.
pub fn koth(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_koth"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("koth runs")
}

/// The one JSON object a successful `koth ... --json` printed.
pub fn json(out: &Output) -> Value {
    assert!(
        out.status.success(),
        "koth failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object on stdout")
}

/// Writes an executable `sh` script `name` into `dir`.
pub fn script(dir: &Path, name: &str, body: &str) {
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// Whether any process's command line contains `marker`.
pub fn process_running(marker: &str) -> bool {
    std::fs::read_dir("/proc").unwrap().flatten().any(|e| {
        std::fs::read(e.path().join("cmdline"))
            .map(|c| {
                String::from_utf8_lossy(&c)
                    .replace('\0', " ")
                    .contains(marker)
            })
            .unwrap_or(false)
    })
}
