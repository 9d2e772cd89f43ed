//! The outcome of checking one kernel.

use serde::{Deserialize, Serialize};

use gpurace_ir::Diagnostic;

use crate::Race;

/// What the engine concluded about one kernel.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Verdict {
    /// At least one race was found; see [`KernelResult::races`].
    Race,
    /// The kernel was proved free of races for the analysed launches.
    RaceFree,
    /// Neither a race nor a proof: the solver gave up, the kernel uses a
    /// construct the engine cannot model, or there is no analysis yet.
    Unknown { reason: String },
}

impl Verdict {
    /// The stable name used in every output format.
    pub fn as_str(&self) -> &'static str {
        match self {
            Verdict::Race => "race",
            Verdict::RaceFree => "race-free",
            Verdict::Unknown { .. } => "unknown",
        }
    }

    /// Why the verdict is `Unknown`, `None` otherwise.
    pub fn reason(&self) -> Option<&str> {
        match self {
            Verdict::Unknown { reason } => Some(reason),
            Verdict::Race | Verdict::RaceFree => None,
        }
    }
}

/// The result of checking one kernel (one template instantiation).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KernelResult {
    /// The kernel's display name, `name<args>` for template instantiations.
    pub kernel: String,
    /// Where the kernel is defined, as the front-end named the file.
    pub file: String,
    pub line: u32,
    pub col: u32,
    pub verdict: Verdict,
    /// Sorted by location, then class; empty unless `verdict` is `Race`.
    pub races: Vec<Race>,
    /// Problems the engine met in this kernel (solver timeouts, approximations).
    pub diagnostics: Vec<Diagnostic>,
    /// The launch sites the kernel was analysed at, e.g. `main.cu:88 (main)`;
    /// empty when no launch was seen and the kernel was analysed on its own.
    pub sites: Vec<String>,
    /// Why the verdict would be `unknown` without the races (some pairs were
    /// not decided); `None` when every pair was. A baseline that removes all
    /// races falls back to it.
    pub undecided: Option<String>,
}

impl KernelResult {
    /// Sets the verdict from the races and `undecided`: `race` when some race
    /// is more than possible; `unknown` when the only findings are possible
    /// races (they rest on what gpurace does not model) or some pairs were
    /// not decided; `race-free` otherwise.
    pub fn settle(&mut self) {
        let possible: Vec<&Race> = self.races.iter().filter(|r| r.possible).collect();
        self.verdict = if possible.len() < self.races.len() {
            Verdict::Race
        } else if let Some(first) = possible.first() {
            let on = first.rests_on.first().map_or("what gpurace does not model", String::as_str);
            let n = possible.len();
            let races = if n == 1 { "1 possible race".to_string() } else { format!("{n} possible races") };
            Verdict::Unknown { reason: format!("{races}, resting on what gpurace does not know (e.g. {on})") }
        } else {
            match &self.undecided {
                Some(reason) => Verdict::Unknown { reason: reason.clone() },
                None => Verdict::RaceFree,
            }
        };
    }
}
