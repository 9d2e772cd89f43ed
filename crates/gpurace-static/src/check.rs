//! The entry point of the engine. Input: a lowered [`Program`] and the launch
//! geometry the user gave. Output: one [`KernelResult`] per kernel.

use gpurace_ir::Program;

use crate::{KernelResult, Verdict};

/// What the user told us about the launches, and how much parallelism to use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// `blockDim` from `--block`; overrides what the host code says.
    pub block: Option<[u32; 3]>,
    /// `gridDim` from `--grid`; overrides what the host code says.
    pub grid: Option<[u32; 3]>,
    /// Worker threads for checking kernels in parallel.
    pub jobs: usize,
}

impl Default for Config {
    fn default() -> Config {
        Config { block: None, grid: None, jobs: 1 }
    }
}

/// Checks every kernel of `program`. Results come in the order of
/// `program.kernels`.
pub fn check(program: &Program, config: &Config) -> Vec<KernelResult> {
    let _ = config;
    program
        .kernels
        .iter()
        .map(|kernel| {
            let (file, line, col) = program.locate(kernel.span);
            KernelResult {
                kernel: kernel.display_name(),
                file,
                line,
                col,
                verdict: Verdict::Unknown { reason: "no analysis yet".to_string() },
                races: Vec::new(),
                diagnostics: Vec::new(),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_program_has_no_results() {
        assert!(check(&Program::default(), &Config::default()).is_empty());
    }
}
