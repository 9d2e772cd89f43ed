//! The `gpurace` binary: parses flags, finds the input files, runs the
//! front-end, the static engine and a report format on each, and maps the
//! outcome to an exit code.
//!
//! This is the only crate that uses `anyhow` or `clap`. Exit codes are decided
//! in one place, [`Outcome::exit_code`]: 0 when no race was found, 1 when races
//! were reported, 2 when gpurace could not finish. A broken pipe exits quietly
//! with 0, as ripgrep does.
//!
//! Tests: flag parsing next to the flags (`flags.rs`, `geometry.rs`), and the
//! binary end to end in `tests/`.

mod cache;
mod changed;
mod check;
mod config;
mod confirm;
mod data;
mod finish;
mod flags;
mod geometry;
mod inputs;
mod ir;
mod make;
mod merge;
mod program;
mod progress;
mod run;
mod shards;
mod suggest;
mod trace;
mod worker;

use std::io;
use std::process::ExitCode;

use clap::Parser;
use gpurace_report::FileVerdict;

use crate::flags::{Cli, Command};

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => {
            // `--help` and `--version` are "errors" that print to stdout and
            // succeed; everything else is a usage error.
            let _ = err.print();
            return if err.use_stderr() { Outcome::Error } else { Outcome::NoRace }.exit_code();
        }
    };
    // Every subcommand writes styled text through anstream, which honours
    // this choice, then `NO_COLOR` / `CLICOLOR_FORCE`, then the terminal.
    anstream::ColorChoice::from(cli.color).write_global();
    let result = match cli.command {
        Command::Check(args) => check::run(args),
        Command::Ir(args) => ir::run(args),
        Command::Trace(args) => trace::run(args),
        Command::Run(args) => run::run(args),
        Command::Merge(args) => finish::merge(args),
    };
    match result {
        Ok(outcome) => outcome.exit_code(),
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            Outcome::Error.exit_code()
        }
    }
}

/// How a command ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// No race was found (every file race-free or unknown).
    NoRace,
    /// At least one race was reported.
    Race,
    /// gpurace could not finish: a usage error, a file it could not analyse,
    /// clang missing.
    Error,
}

impl Outcome {
    pub fn from_verdict(verdict: FileVerdict) -> Outcome {
        match verdict {
            FileVerdict::RaceFree | FileVerdict::Unknown => Outcome::NoRace,
            FileVerdict::Race => Outcome::Race,
            FileVerdict::Error => Outcome::Error,
        }
    }

    /// The one place that maps outcomes to exit codes.
    pub fn exit_code(self) -> ExitCode {
        match self {
            Outcome::NoRace => ExitCode::from(0),
            Outcome::Race => ExitCode::from(1),
            Outcome::Error => ExitCode::from(2),
        }
    }
}

/// Looks for a broken pipe in the error chain: when the reader of our output
/// goes away (`gpurace check . | head`), there is nobody left to tell.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| cause.downcast_ref::<io::Error>().is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_map_to_the_contract_exit_codes() {
        let code = |v| Outcome::from_verdict(v).exit_code();
        assert_eq!(code(FileVerdict::RaceFree), ExitCode::from(0));
        assert_eq!(code(FileVerdict::Unknown), ExitCode::from(0));
        assert_eq!(code(FileVerdict::Race), ExitCode::from(1));
        assert_eq!(code(FileVerdict::Error), ExitCode::from(2));
    }

    #[test]
    fn broken_pipe_is_found_under_context() {
        let err = anyhow::Error::new(io::Error::from(io::ErrorKind::BrokenPipe)).context("cannot write the report");
        assert!(is_broken_pipe(&err));
        assert!(!is_broken_pipe(&anyhow::anyhow!("cannot find clang")));
    }
}
