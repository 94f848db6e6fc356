//! The `koth` binary: parse arguments, run, map errors to exit codes.

use std::process::ExitCode;

fn main() -> ExitCode {
    koth_cli::main_with_args(std::env::args_os())
}
