//! Observed races in the common race format: both source locations, the
//! class, the threads and blocks that raced and the byte they raced on, as
//! the witness. A race a run observed happened: it is `definite`.

use gpurace_core::{AccessMode, Certainty, Location, Race, RaceKind, Witness};
use gpurace_ir::{Program, Span};

use crate::detect::{Mode, Side};
use crate::machine::coords;
use crate::memory::SHARED_BASE;
use crate::Outcome;

fn location(program: &Program, outcome: &Outcome, side: &Side) -> (Location, Span) {
    let info = &outcome.code.accesses[side.access as usize];
    let mode = match side.mode {
        Mode::Read => AccessMode::Read,
        Mode::Write => AccessMode::Write,
        Mode::Atomic(..) => AccessMode::Atomic,
    };
    let (file, line, col) = program.locate(info.span);
    (Location { file, line, col, text: info.name.clone(), mode: Some(mode) }, info.span)
}

/// The races of `outcome`, each with the engine that saw it in its notes,
/// sorted as every report sorts races.
pub fn races(program: &Program, kernel: usize, outcome: &Outcome) -> Vec<Race> {
    let params: Vec<(String, i64)> = program.kernels[kernel]
        .params
        .iter()
        .zip(&outcome.launch.params)
        .filter(|(p, _)| p.ty.is_integer())
        .map(|(p, v)| {
            let bits = gpurace_core::c::width(&p.ty).max(1);
            (p.name.clone(), gpurace_core::arith::signed(*v, bits) as i64)
        })
        .collect();
    let mut out = Vec::new();
    for (engine, observed) in &outcome.observed {
        for o in observed {
            let (mut a, mut b) = (o.first, o.second);
            let (mut la, mut sa) = location(program, outcome, &a);
            let (mut lb, mut sb) = location(program, outcome, &b);
            if sb < sa {
                std::mem::swap(&mut a, &mut b);
                std::mem::swap(&mut la, &mut lb);
                std::mem::swap(&mut sa, &mut sb);
            }
            let class = crate::detect::race_class(a.who, b.who);
            let info = &outcome.code.accesses[b.access as usize];
            let (array, offset) = match outcome.memory.object_of(o.at) {
                Some((name, off)) => (name.to_string(), off),
                None if o.at.space == gpurace_ir::Space::Shared => (info.name.clone(), o.at.addr - SHARED_BASE),
                None => (info.name.clone(), o.at.addr),
            };
            let launch = &outcome.launch;
            let witness = Witness {
                grid: Some(launch.grid),
                block: Some(launch.block),
                blocks: vec![coords(a.who.block, launch.grid), coords(b.who.block, launch.grid)],
                threads: vec![coords(a.who.thread, launch.block), coords(b.who.thread, launch.block)],
                params: params.clone(),
                element: None,
                byte_offset: Some(offset as i64),
                values: Vec::new(),
                site: None,
                launch: None,
                host: Vec::new(),
            };
            let schedule = launch.schedule.name();
            out.push(Race {
                class,
                kind: RaceKind::DataRace,
                certainty: Certainty::Definite,
                array: Some(array),
                space: Some(o.at.space),
                first: la,
                second: lb,
                witness: Some(witness),
                notes: vec![match o.check {
                    Some(check) => format!(
                        "observed by the `{engine}` detector's {check} check in a simulated run (schedule {schedule}, \
                         seed {})",
                        launch.seed
                    ),
                    None => format!(
                        "observed by the `{engine}` detector in a simulated run (schedule {schedule}, seed {})",
                        launch.seed
                    ),
                }],
                rests_on: Vec::new(),
                possible: false,
                holds: Default::default(),
                condition: None,
                engine: gpurace_core::race::Engine::of_detector(engine),
                replay: None,
            });
        }
    }
    out.sort_by(|x, y| x.sort_key().cmp(&y.sort_key()));
    out
}
