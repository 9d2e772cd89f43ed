//! gpurace reports: turns the results of a run into text for people (`human`),
//! the JSON object of the tool contract (`json`), SARIF 2.1.0 (`sarif`) or a
//! self-contained HTML page with a picture of each race's witness (`html`).
//!
//! This is the only crate that knows output formats. Each format is one module
//! with its own serializable types, converted by hand from the IR and engine
//! types, so that serialization never freezes the internal types.
//!
//! The crate does no IO besides writing to the `io::Write` it is given: the
//! caller reads the source lines that the human and HTML formats show
//! ([`Sources`]).
//! Output is deterministic: kernels, races and diagnostics are sorted by
//! location, and the only numbers that change between runs are the timings.
//!
//! Tests: unit tests next to each format render a synthetic run (`sample.rs`) and compare it with an insta snapshot in `src/snapshots/`;
//! the SARIF tests also validate it against the official 2.1.0 schema in
//! `../shared/schemas/`.

mod file;
pub mod fingerprint;
pub mod html;
pub mod human;
pub mod json;
mod message;
#[cfg(test)]
mod sample;
pub mod sarif;
mod sources;
pub mod suppress;

use std::io;

pub use file::{CacheUse, FileReport, FileVerdict, Run, Timings};
pub use sources::Sources;

/// The name and version every format reports.
pub const TOOL_NAME: &str = "gpurace";
pub const TOOL_VERSION: &str = env!("CARGO_PKG_VERSION");

/// An output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Human,
    Json,
    Sarif,
}

/// Writes `run` to `out` in `format`. `sources` is only read by the human
/// format, for the source lines under each race.
pub fn render(run: &Run, format: Format, sources: &Sources, out: &mut dyn io::Write) -> io::Result<()> {
    match format {
        Format::Human => human::render(run, sources, out),
        Format::Json => json::render(run, out),
        Format::Sarif => sarif::render(run, out),
    }
}
