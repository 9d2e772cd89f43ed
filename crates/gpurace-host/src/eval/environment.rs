//! What the program's environment gives: library calls whose results are
//! inputs (the command line, files, the clock, random numbers), and the
//! device the program runs on (`cudaGetDeviceProperties`), of which only what
//! every CUDA GPU reports alike is known.

use gpurace_core::term::{self as t, T};
use gpurace_ir::Type;

use super::{Evaluator, State};

/// What every CUDA GPU reports, as (byte offset in the prelude's
/// `cudaDeviceProp`, bytes, value): `warpSize`, `maxThreadsPerBlock`,
/// `maxThreadsDim`. The other properties are inputs (the device the program
/// runs on).
const DEVICE_PROPERTIES: &[(u64, u64, u128)] =
    &[(292, 4, 32), (304, 4, 1024), (308, 4, 1024), (312, 4, 1024), (316, 4, 64)];

/// `cudaDeviceGetAttribute` answers every device gives, as (attribute
/// number, value): `cudaDevAttrMaxThreadsPerBlock`, the block dimensions,
/// `cudaDevAttrWarpSize`.
const DEVICE_ATTRIBUTES: &[(u128, u128)] = &[(1, 1024), (2, 1024), (3, 1024), (4, 64), (10, 32)];

impl Evaluator<'_> {
    /// `cudaGetDeviceProperties(&p, d)`: `p` holds input (the device),
    /// except what every CUDA device reports alike (`warpSize` is 32).
    pub(super) fn device_properties(&mut self, st: &mut State, target: &T) {
        self.clobber(st, target);
        if let Some((slot, _)) = Self::cell_of(target) {
            self.input_slots.insert(slot);
        }
        for (offset, bytes, value) in DEVICE_PROPERTIES {
            let at = t::add(target, &t::constant(u128::from(*offset), 64));
            self.store(st, &at, *bytes, Some(t::constant(*value, (*bytes * 8) as u32)));
        }
    }

    /// `cudaDeviceGetAttribute(&v, attr, d)`: the value every device gives
    /// for `attr`, else an input.
    pub(super) fn device_attribute(&mut self, st: &mut State, target: &T, attr: &T) {
        self.clobber(st, target);
        let value = match attr.as_const().and_then(|a| DEVICE_ATTRIBUTES.iter().find(|(k, _)| *k == a)) {
            Some((_, v)) => t::constant(*v, 32),
            None => self.input("a device attribute", &Type::INT),
        };
        self.store(st, target, 4, Some(value));
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
