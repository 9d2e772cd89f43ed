//! A race: two accesses (or a barrier) that the engine shows can conflict,
//! with the evidence it has for it.

use serde::{Deserialize, Serialize};

/// Which threads race, named by the smallest scope that contains both.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum RaceClass {
    /// Threads of different blocks.
    InterBlock,
    /// Threads of one block, in different warps (or warps not known).
    IntraBlock,
    /// Threads of one warp.
    IntraWarp,
}

impl RaceClass {
    pub fn as_str(self) -> &'static str {
        match self {
            RaceClass::InterBlock => "inter-block",
            RaceClass::IntraBlock => "intra-block",
            RaceClass::IntraWarp => "intra-warp",
        }
    }
}

/// What goes wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum RaceKind {
    /// Two accesses to one element, at least one a write, not ordered by a
    /// barrier and not both atomic.
    DataRace,
    /// A barrier that some threads of a block reach and others skip.
    BarrierDivergence,
}

impl RaceKind {
    pub fn as_str(self) -> &'static str {
        match self {
            RaceKind::DataRace => "data-race",
            RaceKind::BarrierDivergence => "barrier-divergence",
        }
    }
}

/// How much the engine trusts the race.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Certainty {
    /// A concrete witness exists for every run of the launch.
    Definite,
    /// The race needs particular values read from memory (input data).
    DataDependent,
    /// The race touches a construct the lowering over-approximated.
    Approximate,
}

impl Certainty {
    pub fn as_str(self) -> &'static str {
        match self {
            Certainty::Definite => "definite",
            Certainty::DataDependent => "data-dependent",
            Certainty::Approximate => "approximate",
        }
    }
}

/// How a race depends on the values gpurace does not know: host values it
/// could not compute, inputs of the program, the launch of a kernel it sees
/// no launch of. Each such value ranges over its plausible domain (sizes at
/// least 1, blocks of a multiple of 32 threads, ...), and the race is decided
/// against that domain.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Holds {
    /// It uses no such value: it happens at the launch the program makes.
    #[default]
    Always,
    /// It happens for every plausible value of the values it uses (above a
    /// threshold, said in [`Race::condition`]), checked by the solver.
    EveryValue,
    /// It happens for some plausible values and not for others: under the
    /// condition [`Race::condition`] says.
    Conditional,
    /// It needs a value no launch can have (a negative size, a block of 33
    /// threads): [`Race::condition`] names it. Only possible.
    Implausible,
    /// It rests on a construct gpurace over-approximates ([`Race::rests_on`]),
    /// or on a value it could not decide over: only possible.
    Unmodelled,
}

impl Holds {
    pub fn as_str(self) -> &'static str {
        match self {
            Holds::Always => "always",
            Holds::EveryValue => "every-value",
            Holds::Conditional => "conditional",
            Holds::Implausible => "implausible",
            Holds::Unmodelled => "unmodelled",
        }
    }
}

/// How an access touches memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum AccessMode {
    Read,
    Write,
    Atomic,
}

impl AccessMode {
    pub fn as_str(self) -> &'static str {
        match self {
            AccessMode::Read => "read",
            AccessMode::Write => "write",
            AccessMode::Atomic => "atomic",
        }
    }
}

/// One side of a race: an access expression (or a barrier) in the source.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Location {
    /// The file as the front-end named it.
    pub file: String,
    /// 1-based line and column of the start of the access expression.
    pub line: u32,
    pub col: u32,
    /// The access expression as written, e.g. `tile[ty][tx]`; may be empty.
    pub text: String,
    /// `None` for a barrier (in a barrier-divergence race).
    pub mode: Option<AccessMode>,
}

/// Concrete values under which the race happens. Every field is optional so
/// that an engine can report what it knows.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Witness {
    /// `gridDim` and `blockDim` of the launch.
    pub grid: Option<[u32; 3]>,
    pub block: Option<[u32; 3]>,
    /// `blockIdx` of the first and second thread.
    pub blocks: Vec<[u32; 3]>,
    /// `threadIdx` of the first and second thread.
    pub threads: Vec<[u32; 3]>,
    /// Kernel parameters (scalars) as `(name, value)`.
    pub params: Vec<(String, i64)>,
    /// The element both threads touch, e.g. `tile[1][0]`.
    pub element: Option<String>,
    /// The byte offset of that element in its object (the address, for a
    /// pointer the engine could not trace to an object).
    pub byte_offset: Option<i64>,
    /// Per thread, the values of the loop variables around its access, e.g.
    /// `[("i", 3)]`.
    pub values: Vec<Vec<(String, i64)>>,
    /// The launch site that allows the race, e.g. `main.cu:88 (main)`.
    pub site: Option<String>,
    /// The launch configuration at that site as written.
    pub launch: Option<String>,
    /// Host values at the launch, e.g. `[("n", 4097)]`.
    pub host: Vec<(String, i64)>,
}

/// The engine that found a race: the static engine, or a detector of the
/// simulator that observed it in a run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Engine {
    #[default]
    Static,
    /// The happens-before detector of `gpurace run`.
    Hb,
    /// iGUARD's detector of `gpurace run`.
    Iguard,
    /// SuperCollider's detector of `gpurace run`.
    Supercollider,
    /// LDetector's detector of `gpurace run`.
    Ldetector,
}

impl Engine {
    pub fn as_str(self) -> &'static str {
        match self {
            Engine::Static => "static",
            Engine::Hb => "hb",
            Engine::Iguard => "iguard",
            Engine::Supercollider => "supercollider",
            Engine::Ldetector => "ldetector",
        }
    }

    /// The engine of a detector by its name (`hb`, `iguard`,
    /// `supercollider`, `ldetector`).
    pub fn of_detector(name: &str) -> Engine {
        match name {
            "iguard" => Engine::Iguard,
            "supercollider" => Engine::Supercollider,
            "ldetector" => Engine::Ldetector,
            _ => Engine::Hb,
        }
    }
}

/// What replaying a static race's witness on the simulator showed
/// (`gpurace check --confirm`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Replay {
    /// The simulator observed the two accesses conflict.
    pub confirmed: bool,
    /// What was run and what it showed, or why it could not be replayed.
    pub detail: String,
}

/// A race found in one kernel.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Race {
    pub class: RaceClass,
    pub kind: RaceKind,
    pub certainty: Certainty,
    /// The array (or variable) both accesses touch, when known.
    pub array: Option<String>,
    /// The memory space of that array; `None` for a barrier.
    pub space: Option<gpurace_ir::Space>,
    /// The access that comes first in the source (or the reached barrier).
    pub first: Location,
    /// The other access; the primary location of the report.
    pub second: Location,
    pub witness: Option<Witness>,
    /// Why synchronisation around the accesses does not order them (the
    /// locks differ, a fence is missing...).
    pub notes: Vec<String>,
    /// For an `approximate` race: the values and constructs gpurace did not
    /// model that it rests on, each said so a user can act on it
    /// ("`wB`, which gpurace could not compute at main.cu:88").
    pub rests_on: Vec<String>,
    /// A possible race: `approximate`, so it does not make the kernel `race`
    /// (unless the user asks for every candidate, `--report-possible`).
    pub possible: bool,
    /// How the race depends on values gpurace does not know.
    #[serde(default)]
    pub holds: Holds,
    /// For a race over such values, the condition under which it happens, in
    /// words: "for every `wlsize` >= 2", "with `n` = 300 (not for every
    /// value: not with `n` = 256)", or the value no launch can have that it
    /// needs.
    #[serde(default)]
    pub condition: Option<String>,
    /// Who found it.
    #[serde(default)]
    pub engine: Engine,
    /// Its witness replayed on the simulator, when the run asked for it.
    #[serde(default)]
    pub replay: Option<Replay>,
}

impl Race {
    /// The rule ID that names this race in every output format. Rule IDs are
    /// suppression names and SARIF `ruleId`s: never rename one.
    pub fn rule_id(&self) -> &'static str {
        match (self.kind, self.class) {
            (RaceKind::BarrierDivergence, _) => "barrier-divergence",
            (RaceKind::DataRace, RaceClass::InterBlock) => "inter-block-race",
            (RaceKind::DataRace, RaceClass::IntraBlock) => "intra-block-race",
            (RaceKind::DataRace, RaceClass::IntraWarp) => "intra-warp-race",
        }
    }

    /// The key races are sorted by: location first, then class, so that the
    /// output never depends on the order the engine found them in.
    pub fn sort_key(&self) -> (&Location, &Location, RaceClass, RaceKind) {
        (&self.first, &self.second, self.class, self.kind)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn loc(line: u32) -> Location {
        Location { file: "k.cu".into(), line, col: 5, text: "s[i]".into(), mode: Some(AccessMode::Write) }
    }

    #[test]
    fn rule_ids_follow_class_and_kind() {
        let mut race = Race {
            class: RaceClass::IntraWarp,
            kind: RaceKind::DataRace,
            certainty: Certainty::Definite,
            array: None,
            space: None,
            first: loc(1),
            second: loc(2),
            witness: None,
            notes: Vec::new(),
            rests_on: Vec::new(),
            possible: false,
            holds: Holds::Always,
            condition: None,
            engine: Engine::Static,
            replay: None,
        };
        assert_eq!(race.rule_id(), "intra-warp-race");
        race.class = RaceClass::InterBlock;
        assert_eq!(race.rule_id(), "inter-block-race");
        race.kind = RaceKind::BarrierDivergence;
        assert_eq!(race.rule_id(), "barrier-divergence");
    }
}
