//! `gpurace ir`: prints the IR of one file and the diagnostics of lowering it,
//! for debugging the front-end.

use std::io::{self, Write};

use anyhow::Context;
use gpurace_ir::Severity;

use crate::flags::IrArgs;
use crate::Outcome;

/// Prints the IR (the IR's `Display`), then one diagnostic per line. The
/// outcome is `Error` when a diagnostic is an error.
pub fn run(args: IrArgs) -> anyhow::Result<Outcome> {
    let lowered = gpurace_front::lower_file(&args.file, &args.front.options())?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    write!(out, "{}", lowered.program).context("cannot write the IR")?;
    for diagnostic in &lowered.diagnostics {
        writeln!(out, "{diagnostic}").context("cannot write the IR")?;
    }
    out.flush().context("cannot write the IR")?;
    let failed = lowered.diagnostics.iter().any(|d| d.severity == Severity::Error);
    Ok(if failed { Outcome::Error } else { Outcome::NoRace })
}
