//! The wording of a race, shared by the human and SARIF formats so that both
//! say the same thing. Messages follow the rustc guide: lowercase, no trailing
//! period, code in backticks, and no fix (fixes go in [`help`]).

use gpurace_core::{Certainty, Holds, Location, Race, RaceClass, RaceKind, Witness};
use gpurace_ir::Space;

/// The one-line message of a race found in `kernel`. A race that counts
/// (not `possible`) but is approximate is said to be possible unless a
/// replay confirmed it.
pub(crate) fn message(race: &Race, kernel: &str) -> String {
    let approximate = race.certainty == Certainty::Approximate && !confirmed(race);
    let possible = if race.possible || approximate { "possible " } else { "" };
    match race.kind {
        RaceKind::DataRace => {
            let target = match (&race.array, race.space) {
                (Some(array), Some(space)) => format!("{} `{array}`", space_name(space)),
                (Some(array), None) => format!("`{array}`"),
                (None, Some(space)) => format!("the same {} memory", space_name(space)),
                (None, None) => "the same memory".to_string(),
            };
            format!("{possible}{}-{} race on {target} in kernel `{kernel}`", mode(&race.first), mode(&race.second))
        }
        RaceKind::BarrierDivergence => {
            format!("{possible}barrier in kernel `{kernel}` is reached by some threads of a block but not all")
        }
    }
}

/// The label under one side of a race: `first write, by thread (0,1,0)`.
pub(crate) fn label(race: &Race, second: bool) -> String {
    let (location, order, index) = if second { (&race.second, "second", 1) } else { (&race.first, "first", 0) };
    let mut label = match (race.kind, location.mode) {
        (RaceKind::BarrierDivergence, _) if second => "barrier reached by only some threads".to_string(),
        (RaceKind::BarrierDivergence, _) => "threads of one block diverge here".to_string(),
        (RaceKind::DataRace, Some(mode)) => format!("{order} {}", mode.as_str()),
        (RaceKind::DataRace, None) => format!("{order} access"),
    };
    if let Some(witness) = &race.witness {
        if let Some(thread) = witness.threads.get(index) {
            label.push_str(&format!(", by thread {}", dim3(*thread)));
            if race.class == RaceClass::InterBlock {
                if let Some(block) = witness.blocks.get(index) {
                    label.push_str(&format!(" of block {}", dim3(*block)));
                }
            }
            // The loop variables of that thread at its access.
            if let Some(values) = witness.values.get(index).filter(|v| !v.is_empty()) {
                let values: Vec<String> = values.iter().map(|(n, v)| format!("{n} = {v}")).collect();
                label.push_str(&format!(" at {}", values.join(", ")));
            }
        }
    }
    if second && race.kind == RaceKind::DataRace && race.witness.as_ref().is_some_and(|w| w.threads.len() == 2) {
        label.push_str(", to the same element");
    }
    label
}

/// Whether a replay of the race's witness (`check --confirm`) observed it.
pub(crate) fn confirmed(race: &Race) -> bool {
    race.replay.as_ref().is_some_and(|r| r.confirmed)
}

/// Notes that explain a race: the witness, what the certainty means, and
/// what a replay of the witness showed. A race the replay confirmed is not
/// said to be maybe spurious: the replay observed it, and its note says how.
/// A possible race it confirmed was observed with the witness's values of
/// what gpurace could not compute: its note says so, and what it rests on.
pub(crate) fn notes(race: &Race) -> Vec<String> {
    let mut notes = Vec::new();
    if let Some(witness) = &race.witness {
        if let Some(text) = witness_text(witness) {
            notes.push(format!("witness: {text}"));
        }
        if let Some(text) = site_text(witness) {
            notes.push(text);
        }
    }
    notes.extend(race.notes.iter().cloned());
    if let Some(text) = condition_text(race) {
        notes.push(text);
    }
    match race.certainty {
        Certainty::Definite => {}
        Certainty::DataDependent => notes.push("the race depends on values read from memory".to_string()),
        Certainty::Approximate if confirmed(race) && (!race.possible || race.rests_on.is_empty()) => {}
        Certainty::Approximate if confirmed(race) => notes.push(format!(
            "the replay ran with the witness's values; whether the program gives them rests on {}",
            race.rests_on.join("; on ")
        )),
        // The condition said it.
        Certainty::Approximate if race.holds == Holds::Implausible => {}
        Certainty::Approximate if race.rests_on.is_empty() => {
            notes.push("the race involves code that gpurace over-approximated, so it may be spurious".to_string())
        }
        Certainty::Approximate => {
            notes.push(format!("the race may be spurious: it rests on {}", race.rests_on.join("; on ")))
        }
    }
    // The replay's detail is a sentence of its own: `confirmed: a replay of
    // the witness ... observed ...`, `not confirmed: ...`, `not replayed: ...`.
    if let Some(replay) = &race.replay {
        notes.push(replay.detail.clone());
    }
    notes
}

/// How the race depends on the values gpurace does not know, in words:
/// "the race happens for every `n` >= 257".
pub(crate) fn condition_text(race: &Race) -> Option<String> {
    let condition = race.condition.as_deref()?;
    let what = if race.kind == RaceKind::BarrierDivergence { "divergence" } else { "race" };
    Some(match race.holds {
        Holds::Always | Holds::Unmodelled => return None,
        Holds::EveryValue | Holds::Conditional => format!("the {what} happens {condition}"),
        Holds::Implausible => format!("the {what} needs {condition}: it is only possible"),
    })
}

/// How to remove a race, one line.
pub(crate) fn help(race: &Race) -> String {
    let (a, b) = (&race.first, &race.second);
    // Where the missing barrier goes: between the lines, or between
    // iterations of a loop around one line.
    let fix = |barrier: &str| {
        if a.file != b.file {
            format!("a `{barrier}` between the two accesses would order them")
        } else if a.line == b.line {
            format!(
                "a `{barrier}` between iterations of a loop around line {} would order these accesses; \
                 without a loop, give each thread its own element or use atomics",
                a.line
            )
        } else {
            let (x, y) = (a.line.min(b.line), a.line.max(b.line));
            format!("a `{barrier}` between line {x} and line {y} would order these accesses")
        }
    };
    match (race.kind, race.class) {
        (RaceKind::BarrierDivergence, _) => "make every thread of the block reach the barrier, or none of them".into(),
        (RaceKind::DataRace, RaceClass::IntraWarp) => fix("__syncwarp()"),
        (RaceKind::DataRace, RaceClass::IntraBlock) => fix("__syncthreads()"),
        (RaceKind::DataRace, RaceClass::InterBlock) => {
            "no barrier orders threads of different blocks: give each block its own elements, or use atomics".into()
        }
    }
}

/// The name of a memory space, the same in every format: the headline says
/// `race on shared `s``, JSON and SARIF carry it as the race's `space`.
/// `generic` is a pointer whose space the front-end could not trace (global
/// or shared).
pub(crate) fn space_name(space: Space) -> &'static str {
    space.name()
}

fn mode(location: &Location) -> &'static str {
    location.mode.map_or("access", |m| m.as_str())
}

pub(crate) fn dim3(d: [u32; 3]) -> String {
    format!("({},{},{})", d[0], d[1], d[2])
}

/// `launched at main.cu:88 (main) with grid (n + 255) / 256, block 256, where n = 4097`.
pub(crate) fn site_text(witness: &Witness) -> Option<String> {
    let site = witness.site.as_ref()?;
    let mut text = format!("launched at {site}");
    if let Some(launch) = &witness.launch {
        text.push_str(&format!(" with {launch}"));
    }
    let values: Vec<String> = witness.host.iter().map(|(n, v)| format!("{n} = {v}")).collect();
    if !values.is_empty() {
        text.push_str(&format!(", where {}", values.join(", ")));
    }
    Some(text)
}

fn witness_text(witness: &Witness) -> Option<String> {
    let mut parts = Vec::new();
    if let Some(grid) = witness.grid {
        parts.push(format!("gridDim {}", dim3(grid)));
    }
    if let Some(block) = witness.block {
        parts.push(format!("blockDim {}", dim3(block)));
    }
    let blocks: Vec<String> = witness.blocks.iter().map(|b| dim3(*b)).collect();
    match blocks.as_slice() {
        [] => {}
        [one] => parts.push(format!("block {one}")),
        [a, b] if a == b => parts.push(format!("block {a}")),
        many => parts.push(format!("blocks {}", many.join(" and "))),
    }
    for (name, value) in &witness.params {
        parts.push(format!("`{name}` = {value}"));
    }
    if let Some(element) = &witness.element {
        parts.push(format!("element `{element}`"));
    }
    if parts.is_empty() {
        None
    } else {
        Some(parts.join(", "))
    }
}

/// `"s"` after a count other than one.
pub(crate) fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gpurace_core::AccessMode;

    fn race(array: Option<&str>, space: Option<Space>) -> Race {
        let at = |line, mode| Location { file: "k.cu".into(), line, col: 5, text: "s[i]".into(), mode: Some(mode) };
        Race {
            class: RaceClass::IntraBlock,
            kind: RaceKind::DataRace,
            certainty: Certainty::Definite,
            array: array.map(str::to_string),
            space,
            first: at(1, AccessMode::Write),
            second: at(2, AccessMode::Read),
            witness: None,
            notes: Vec::new(),
            rests_on: Vec::new(),
            possible: false,
            holds: Default::default(),
            condition: None,
            engine: gpurace_core::race::Engine::Static,
            replay: None,
        }
    }

    /// A confirmed race says what the replay observed instead of what it
    /// may be spurious for; one the replay did not confirm keeps both.
    #[test]
    fn a_confirmed_race_is_not_said_to_be_spurious() {
        let mut race = race(Some("out"), Some(Space::Global));
        race.certainty = Certainty::Approximate;
        race.possible = true;
        race.rests_on = vec!["`n`, which gpurace could not compute at main.cu:9".into()];
        let observed = "confirmed: a replay of the witness on gpurace's simulator (block 0 of grid (1,1,1), block \
                        (128,1,1)) observed thread (2,0,0) read and thread (64,0,0) write `out[0]`";
        race.replay = Some(gpurace_core::Replay { confirmed: false, detail: "not confirmed: ...".into() });
        let spurious = "the race may be spurious: it rests on `n`, which gpurace could not compute at main.cu:9";
        assert_eq!(notes(&race), [spurious, "not confirmed: ..."]);
        assert_eq!(message(&race, "k"), "possible write-read race on global `out` in kernel `k`");
        // Confirmed, a possible race stays possible: the replay ran with the
        // witness's `n`, which the program may never give.
        race.replay = Some(gpurace_core::Replay { confirmed: true, detail: observed.into() });
        let values = "the replay ran with the witness's values; whether the program gives them rests on `n`, which \
                      gpurace could not compute at main.cu:9";
        assert_eq!(notes(&race), [values, observed]);
        assert_eq!(message(&race, "k"), "possible write-read race on global `out` in kernel `k`");
        // A race that counts, approximate for a construct, is observed.
        race.possible = false;
        race.rests_on.clear();
        assert_eq!(notes(&race), [observed]);
        assert_eq!(message(&race, "k"), "write-read race on global `out` in kernel `k`");
    }

    #[test]
    fn the_headline_names_the_memory_space() {
        let headline = |array, space| message(&race(array, space), "k");
        assert_eq!(headline(Some("s"), Some(Space::Shared)), "write-read race on shared `s` in kernel `k`");
        assert_eq!(headline(Some("p"), Some(Space::Generic)), "write-read race on generic `p` in kernel `k`");
        assert_eq!(headline(None, Some(Space::Global)), "write-read race on the same global memory in kernel `k`");
        assert_eq!(headline(Some("a"), None), "write-read race on `a` in kernel `k`");
    }
}
