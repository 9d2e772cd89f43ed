//! A synthetic run that every format's snapshot test renders: one racy file
//! with source at hand (its race confirmed by a replay, `check --confirm`),
//! one whose races span a header (not replayed) and a divergent barrier,
//! and one that clang could not parse.

use gpurace_core::{
    AccessMode, Certainty, KernelResult, Location, Race, RaceClass, RaceKind, Replay, Verdict, Witness,
};
use gpurace_ir::{Diagnostic, Severity, Space};

use crate::{FileReport, Run, Sources, Timings};

const REDUCE: &str = "\
__global__ void reduce(float *out, const float *in) {
\t__shared__ float s[256];
    unsigned tid = threadIdx.x;
    s[tid] = in[tid];
    for (unsigned stride = 128; stride > 0; stride /= 2) {
        if (tid < stride) s[tid] += s[tid + stride];
    }
    if (tid == 0) out[blockIdx.x] = s[0];
}
";

const TILE: &str = "\
#include \"tile.cuh\"
__global__ void tile(int *a, int n) {
    if (threadIdx.x < n) __syncthreads();
    a[threadIdx.x] = load(a);
}
";

fn at(file: &str, line: u32, col: u32, text: &str, mode: Option<AccessMode>) -> Location {
    Location { file: file.into(), line, col, text: text.into(), mode }
}

fn kernel(name: &str, file: &str, line: u32, verdict: Verdict, races: Vec<Race>) -> KernelResult {
    KernelResult {
        kernel: name.into(),
        file: file.into(),
        line,
        col: 17,
        verdict,
        races,
        diagnostics: Vec::new(),
        sites: vec![format!("{file}:40 (main)")],
        undecided: None,
    }
}

pub(crate) fn sample_sources() -> Sources {
    let mut sources = Sources::new();
    sources.insert("examples/reduce.cu", REDUCE);
    sources.insert("tile.cu", TILE);
    sources
}

pub(crate) fn sample_run() -> Run {
    let reduce_race = Race {
        class: RaceClass::IntraBlock,
        kind: RaceKind::DataRace,
        certainty: Certainty::Definite,
        array: Some("s".into()),
        space: Some(Space::Shared),
        first: at("examples/reduce.cu", 6, 27, "s[tid]", Some(AccessMode::Write)),
        second: at("examples/reduce.cu", 6, 37, "s[tid + stride]", Some(AccessMode::Read)),
        witness: Some(Witness {
            grid: Some([1, 1, 1]),
            block: Some([256, 1, 1]),
            blocks: vec![[0, 0, 0], [0, 0, 0]],
            threads: vec![[0, 0, 0], [128, 0, 0]],
            params: Vec::new(),
            element: Some("s[128]".into()),
            byte_offset: Some(512),
            values: vec![Vec::new(), Vec::new()],
            site: Some("examples/reduce.cu:40 (main)".into()),
            launch: Some("grid 1, block n".into()),
            host: vec![("n".into(), 256)],
        }),
        notes: Vec::new(),
        rests_on: Vec::new(),
        possible: false,
        holds: Default::default(),
        condition: None,
        engine: gpurace_core::race::Engine::Static,
        replay: Some(Replay {
            confirmed: true,
            detail: "confirmed: a replay of the witness on gpurace's simulator (block 0 of grid (1,1,1), block \
                     (256,1,1)) observed thread (0,0,0) write and thread (128,0,0) read `s`"
                .into(),
        }),
    };
    let mut scale = kernel("scale", "examples/reduce.cu", 12, Verdict::RaceFree, Vec::new());
    scale.diagnostics.push(Diagnostic::new(Severity::Note, "solver-stats", "proved with 3 queries").at(
        "examples/reduce.cu",
        12,
        17,
    ));
    let racy = FileReport {
        file: "examples/reduce.cu".into(),
        kernels: vec![scale, kernel("reduce<256>", "examples/reduce.cu", 1, Verdict::Race, vec![reduce_race])],
        diagnostics: vec![Diagnostic::new(Severity::Warning, "unsupported-construct", "`asm` is not modelled").at(
            "examples/reduce.cu",
            2,
            2,
        )],
        timings: Timings { clang_ms: 40.1234, lower_ms: 1.5, analysis_ms: 12.0, total_ms: 55.0, ..Timings::default() },
        reported_elsewhere: 0,
    };

    let header_race = Race {
        class: RaceClass::InterBlock,
        kind: RaceKind::DataRace,
        certainty: Certainty::Approximate,
        array: Some("a".into()),
        space: Some(Space::Global),
        first: at("tile.cuh", 3, 12, "a[i]", Some(AccessMode::Read)),
        second: at("tile.cu", 4, 5, "a[threadIdx.x]", Some(AccessMode::Write)),
        witness: None,
        notes: Vec::new(),
        rests_on: Vec::new(),
        possible: false,
        holds: Default::default(),
        condition: None,
        engine: gpurace_core::race::Engine::Static,
        replay: Some(Replay { confirmed: false, detail: "not replayed: the race has no witness".into() }),
    };
    let divergence = Race {
        class: RaceClass::IntraBlock,
        kind: RaceKind::BarrierDivergence,
        certainty: Certainty::DataDependent,
        array: None,
        space: None,
        first: at("tile.cu", 3, 5, "if (threadIdx.x < n)", None),
        second: at("tile.cu", 3, 26, "__syncthreads()", None),
        witness: Some(Witness { params: vec![("n".into(), 7)], ..Witness::default() }),
        notes: Vec::new(),
        rests_on: Vec::new(),
        possible: false,
        holds: Default::default(),
        condition: None,
        engine: gpurace_core::race::Engine::Static,
        replay: None,
    };
    let tile = FileReport {
        file: "tile.cu".into(),
        kernels: vec![kernel("tile", "tile.cu", 2, Verdict::Race, vec![header_race, divergence])],
        diagnostics: Vec::new(),
        timings: Timings { clang_ms: 30.0, lower_ms: 2.0, analysis_ms: 5.0, total_ms: 38.0, ..Timings::default() },
        reported_elsewhere: 0,
    };

    let broken = FileReport {
        file: "dir with space/broken.cu".into(),
        kernels: Vec::new(),
        diagnostics: vec![
            Diagnostic::new(Severity::Error, "clang-error", "unknown type name `flaot`").at(
                "dir with space/broken.cu",
                1,
                1,
            ),
            Diagnostic::new(Severity::Note, "no-kernel", "no kernel was lowered"),
        ],
        timings: Timings { clang_ms: 10.0, lower_ms: 0.0, analysis_ms: 0.0, total_ms: 11.0, ..Timings::default() },
        reported_elsewhere: 0,
    };

    Run { files: vec![racy, tile, broken], total_ms: 70.25, ..Run::default() }
}
