//! What the program's environment gives: library calls whose results are
//! inputs (the command line, files, the clock, random numbers), and the
//! device the program runs on (`cudaGetDeviceProperties`), of which only what
//! every CUDA GPU reports alike is known.

use gpurace_core::term::{self as t, T};
use gpurace_ir::Type;

use super::{Evaluator, State};

/// What a CUDA device reports, by field of the prelude's `cudaDeviceProp`:
/// (byte offset, bytes, lowest, highest, name). A field with one value is
/// the same on every device CUDA 12 supports (compute capability 5.0 and
/// up: `warpSize`, the grid and block limits, 48 KiB of shared memory and
/// 64 Ki registers per block); the others are inputs at least as large as
/// every such device has (one SM, compute capability 5.0, 64 KiB of shared
/// memory per SM), so a program that sizes a launch by them is checked for
/// every device. The highest value is listed but not assumed. Fields not
/// listed are inputs.
const DEVICE_PROPERTIES: &[(u64, u64, u128, u128, &str)] = &[
    (272, 8, 1 << 28, 1 << 40, "totalGlobalMem"),
    (280, 8, 49152, 49152, "sharedMemPerBlock"),
    (288, 4, 65536, 65536, "regsPerBlock"),
    (292, 4, 32, 32, "warpSize"),
    (304, 4, 1024, 1024, "maxThreadsPerBlock"),
    (308, 4, 1024, 1024, "maxThreadsDim[0]"),
    (312, 4, 1024, 1024, "maxThreadsDim[1]"),
    (316, 4, 64, 64, "maxThreadsDim[2]"),
    (320, 4, 2147483647, 2147483647, "maxGridSize[0]"),
    (324, 4, 65535, 65535, "maxGridSize[1]"),
    (328, 4, 65535, 65535, "maxGridSize[2]"),
    (332, 4, 1, 10_000_000, "clockRate"),
    (336, 8, 65536, 65536, "totalConstMem"),
    (344, 4, 5, 12, "major"),
    (348, 4, 0, 9, "minor"),
    (372, 4, 1, 1024, "multiProcessorCount"),
    (456, 4, 0, 1 << 30, "l2CacheSize"),
    (464, 4, 1024, 2048, "maxThreadsPerMultiProcessor"),
    (480, 8, 65536, 233472, "sharedMemPerMultiprocessor"),
    (488, 4, 65536, 65536, "regsPerMultiprocessor"),
    (536, 8, 49152, 232448, "sharedMemPerBlockOptin"),
    (552, 4, 16, 32, "maxBlocksPerMultiProcessor"),
];

/// `cudaDeviceGetAttribute` the same way, as (attribute number, lowest,
/// highest, name).
const DEVICE_ATTRIBUTES: &[(u128, u128, u128, &str)] = &[
    (1, 1024, 1024, "cudaDevAttrMaxThreadsPerBlock"),
    (2, 1024, 1024, "cudaDevAttrMaxBlockDimX"),
    (3, 1024, 1024, "cudaDevAttrMaxBlockDimY"),
    (4, 64, 64, "cudaDevAttrMaxBlockDimZ"),
    (5, 2147483647, 2147483647, "cudaDevAttrMaxGridDimX"),
    (6, 65535, 65535, "cudaDevAttrMaxGridDimY"),
    (7, 65535, 65535, "cudaDevAttrMaxGridDimZ"),
    (8, 49152, 49152, "cudaDevAttrMaxSharedMemoryPerBlock"),
    (9, 65536, 65536, "cudaDevAttrTotalConstantMemory"),
    (10, 32, 32, "cudaDevAttrWarpSize"),
    (12, 65536, 65536, "cudaDevAttrMaxRegistersPerBlock"),
    (13, 1, 10_000_000, "cudaDevAttrClockRate"),
    (16, 1, 1024, "cudaDevAttrMultiProcessorCount"),
    (38, 0, 1 << 30, "cudaDevAttrL2CacheSize"),
    (39, 1024, 2048, "cudaDevAttrMaxThreadsPerMultiProcessor"),
    (75, 5, 12, "cudaDevAttrComputeCapabilityMajor"),
    (76, 0, 9, "cudaDevAttrComputeCapabilityMinor"),
    (81, 65536, 233472, "cudaDevAttrMaxSharedMemoryPerMultiprocessor"),
    (82, 65536, 65536, "cudaDevAttrMaxRegistersPerMultiprocessor"),
    (97, 49152, 232448, "cudaDevAttrMaxSharedMemoryPerBlockOptin"),
    (106, 16, 32, "cudaDevAttrMaxBlocksPerMultiprocessor"),
];

impl Evaluator<'_> {
    /// `cudaGetDeviceProperties(&p, d)`: `p` holds input (the device), with
    /// what every device reports alike and the least the rest can be.
    pub(super) fn device_properties(&mut self, st: &mut State, target: &T) {
        self.clobber(st, target);
        if let Some((slot, _)) = Self::cell_of(target) {
            self.input_slots.insert(slot);
        }
        for (offset, bytes, lo, hi, name) in DEVICE_PROPERTIES {
            let at = t::add(target, &t::constant(u128::from(*offset), 64));
            let value = self.device_value(name, (*bytes * 8) as u32, *lo, *hi);
            self.store(st, &at, *bytes, Some(value));
        }
    }

    /// `cudaDeviceGetAttribute(&v, attr, d)`: the value every device gives
    /// for `attr`, or one at least as large as every device's, else an input.
    pub(super) fn device_attribute(&mut self, st: &mut State, target: &T, attr: &T) {
        self.clobber(st, target);
        let value = match attr.as_const().and_then(|a| DEVICE_ATTRIBUTES.iter().find(|(k, ..)| *k == a)) {
            Some((_, lo, hi, name)) => self.device_value(name, 32, *lo, *hi),
            None => self.input("a device attribute", &Type::INT),
        };
        self.store(st, target, 4, Some(value));
    }

    /// A property of the device: `lo` itself when `lo == hi`, else an input
    /// value with the fact `lo <= v` (unsigned); `hi` documents the range.
    fn device_value(&mut self, name: &str, bits: u32, lo: u128, hi: u128) -> T {
        if lo == hi {
            return t::constant(lo, bits);
        }
        let ty = Type::Int { bits: bits as u8, signed: bits == 32 };
        let v = self.input(&format!("the device's {name}"), &ty);
        self.facts.push(t::ule(&t::constant(lo, bits), &v));
        // Not `v <= hi`: an upper bound on a value a launch depends on
        // left the check of whether a race holds for every value undecided
        // (HeCBench's mpc), where the lower bound alone decides it.
        v
    }
}

/// Library functions whose results (and whatever they write through their
/// pointer arguments) are inputs of the program: what it reads from the
/// command line, files, the terminal, the environment, the clock and random
/// number generators.
const INPUT_FUNCTIONS: &[&str] = &[
    "rand",
    "random",
    "rand_r",
    "drand48",
    "erand48",
    "lrand48",
    "mrand48",
    "atoi",
    "atol",
    "atoll",
    "atof",
    "strtol",
    "strtoul",
    "strtoll",
    "strtoull",
    "strtod",
    "strtof",
    "strtold",
    "stoi",
    "stol",
    "stoll",
    "stoul",
    "stoull",
    "stof",
    "stod",
    "getenv",
    "scanf",
    "fscanf",
    "sscanf",
    "fread",
    "fgets",
    "fgetc",
    "getc",
    "getchar",
    "getline",
    "read",
    // Whether a file opens, and its size, are the environment's.
    "fopen",
    "fopen64",
    "open",
    "ftell",
    "tellg",
    "is_open",
    "good",
    "eof",
    "feof",
    "stat",
    "time",
    "clock",
    "gettimeofday",
    "clock_gettime",
    // A stream extraction (`std::cin >> n`): an overloaded `>>` without a body.
    "operator>>",
];

/// Whether a call to `callee` (qualified or not) reads input.
pub(super) fn is_input(callee: &str) -> bool {
    let name = callee.rsplit("::").next().unwrap_or(callee);
    INPUT_FUNCTIONS.contains(&name)
}
