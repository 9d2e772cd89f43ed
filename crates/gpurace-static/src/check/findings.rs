//! Findings: a checked witness turned into a [`Race`] with both
//! locations, its class, certainty and notes; barrier divergence; and the
//! warnings and verdict of a kernel.

use std::collections::{BTreeSet, HashMap, HashSet};

use gpurace_core::arith;
use gpurace_core::term::{self as t, Leaf, Node, T};
use gpurace_core::{AccessMode, Certainty, Holds, Location, Origin, Race, RaceClass, RaceKind, Site, Witness};
use gpurace_ir::{Diagnostic, Kernel, Program, Scope, Severity, Space, Span, Type};

use super::concrete::Eval;
use super::flags::covers;
use super::intervals;
use super::lanes::{Found, Hit};
use super::pairs::{address, mode, Job};
use super::plausible::Holding;
use crate::exec;
use crate::smt::{self, Assignment, Relation};
use crate::trace::{AccessEv, BarrierEv, BarrierKind, Group, Obj, Trace};

/// What a finding over `terms` rests on: the constructs gpurace did not
/// model (a value of the kernel it over-approximated, an `Unknown` of the
/// lowering, an opaque call), and the values it could not compute (host
/// values the terms depend on through the site's facts, fields of struct
/// arguments it did not follow). Geometry is part of every witness, so host
/// values the launch geometry depends on count too.
pub(super) struct Basis {
    /// `Approximate` when a construct is over-approximated, else
    /// `DataDependent` or `Definite`, whatever the values are.
    pub(super) certainty: Certainty,
    pub(super) constructs: Vec<String>,
    pub(super) values: Vec<String>,
}

impl Basis {
    /// The race's certainty, whether it is only possible, what it rests on,
    /// and how it holds, given how it depends on the open values.
    pub(super) fn settle(self, holding: Holding, race: &mut Race) {
        let Basis { certainty, constructs, values } = self;
        race.condition = holding.condition.clone();
        // A race only values no launch can have give is implausible first:
        // what gpurace over-approximates only adds behaviours, so such a
        // race needs those values whatever the approximation.
        let (certainty, holds, possible, rests_on) = if holding.holds == Holds::Implausible {
            (Certainty::Approximate, Holds::Implausible, true, holding.rests_on.into_iter().collect())
        } else if certainty == Certainty::Approximate || !constructs.is_empty() {
            let mut on = constructs;
            on.extend(values);
            (Certainty::Approximate, Holds::Unmodelled, true, on)
        } else {
            match holding.holds {
                Holds::Conditional if holding.unmodelled => (Certainty::Approximate, Holds::Conditional, true, values),
                Holds::Always if !values.is_empty() => (Certainty::Approximate, Holds::Unmodelled, true, values),
                Holds::Unmodelled => (Certainty::Approximate, Holds::Unmodelled, true, values),
                holds => (certainty, holds, false, Vec::new()),
            }
        };
        race.certainty = certainty;
        race.holds = holds;
        race.possible = possible;
        race.rests_on = rests_on;
    }
}

pub(super) fn certainty(program: &Program, terms: &[&T], site: &Site, trace: &Trace<'_>) -> Basis {
    let (leaves, products, floats) = (&trace.leaves, &trace.abstractions.products, &trace.float_fields);
    let mut rests_on = Vec::new();
    let mut values = Vec::new();
    let mut seen = HashSet::new();
    let mut relevant = BTreeSet::new();
    // A product the engine abstracted by a leaf (`y * pitch`) rests on its
    // factors.
    let mut terms: Vec<&T> = terms.to_vec();
    for _ in 0..2 {
        let mut mentioned = BTreeSet::new();
        for term in &terms {
            t::leaves(term, &mut mentioned, &mut HashSet::new());
        }
        let factors: Vec<&T> = products
            .iter()
            .filter(|p| matches!(&p.leaf.node, Node::Leaf(l) if mentioned.contains(&(*l, p.leaf.width))))
            .flat_map(|p| [&p.x, &p.y])
            .filter(|f| !terms.iter().any(|t| std::ptr::eq(*t, *f)))
            .collect();
        if factors.is_empty() {
            break;
        }
        terms.extend(factors);
    }
    for term in &terms {
        t::visit(term, &mut seen, &mut |n| {
            match &n.node {
                Node::Leaf(Leaf::Fresh(i)) if n.deps.approx => {
                    let name = leaves.fresh.get(*i as usize).map_or("a value", String::as_str);
                    rests_on.push(format!("{name}, which gpurace over-approximates"));
                }
                Node::Uf(name, _) if n.deps.approx && !name.contains('#') => {
                    let name = name.split('.').next().unwrap_or(name);
                    rests_on.push(match float_operation(name) {
                        Some(op) => format!("{op} over values that are not inputs, which gpurace does not compute"),
                        None => format!("`{name}`, a function gpurace does not model"),
                    });
                }
                Node::Leaf(l) => {
                    relevant.insert(*l);
                }
                _ => {}
            }
            true
        });
    }
    // A field of a struct passed by value that the host evaluation did not
    // bind (a struct it did not read whole, `cudaPitchedPtr`'s pitch): at a
    // launch from host code such a field is a value the program computed
    // and gpurace did not. A bound one rests on what it is bound to.
    if site.span.is_some() {
        for leaf in &relevant {
            if let Leaf::ParamField(i) = leaf {
                if site.bindings.iter().any(|(l, _)| l == leaf) || floats.contains(i) {
                    continue;
                }
                let field = leaves.fields.iter().find(|(_, _, id)| id == i);
                let name = field.and_then(|(p, path, _)| {
                    let param = program.kernels.get(site.kernel)?.params.get(*p as usize)?;
                    Some(format!("`{}{path}`", param.name))
                });
                let name = name.unwrap_or_else(|| "a field of a struct argument".into());
                values.push(format!(
                    "{name}, a field of a struct argument, which gpurace does not follow from the host code"
                ));
            }
        }
    }
    for d in 0..3 {
        relevant.insert(Leaf::BlockDim(d));
        relevant.insert(Leaf::GridDim(d));
    }
    for i in unmodelled_host_values(relevant, site) {
        let v = &site.values[i];
        let name = if v.name.is_empty() { "a host value".to_string() } else { format!("`{}`", v.name) };
        let at = v.span.map(|s| program.locate(s)).map(|(f, l, _)| format!(" at {f}:{l}")).unwrap_or_default();
        values.push(format!("{name}, which gpurace could not compute{at}"));
    }
    rests_on.sort();
    rests_on.dedup();
    values.sort();
    values.dedup();
    let certainty = if !rests_on.is_empty() || terms.iter().any(|t| t.deps.approx) {
        Certainty::Approximate
    } else if terms.iter().any(|t| t.deps.data) {
        Certainty::DataDependent
    } else {
        Certainty::Definite
    };
    Basis { certainty, constructs: rests_on, values }
}

/// The statements of the trace gpurace does not model that may be a
/// barrier: all but control flow (`goto`) and exception handling.
fn may_synchronise(program: &Program, trace: &Trace<'_>) -> Vec<String> {
    const CONTROL: &[&str] = &["`GotoStmt`", "`LabelStmt`", "`IndirectGotoStmt`", "`CXXTryStmt`", "`CoreturnStmt`"];
    let mut out: Vec<String> = trace
        .unsupported
        .iter()
        .filter(|(_, reason)| !CONTROL.iter().any(|c| reason.starts_with(c)))
        .map(|(span, reason)| {
            let (file, line, _) = program.locate(*span);
            format!("{reason} at {file}:{line}, which gpurace does not model (it may synchronise the block)")
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The unmodelled host values (indices into `site.values`) the leaves in
/// `relevant` rest on: host values among them, and those the launch binds a
/// relevant launch size or parameter to (`Site::bindings`). Facts that only
/// say the launch was reached (guards, asserts) are not followed: the race
/// happens on the path that reaches it.
fn unmodelled_host_values(relevant: BTreeSet<Leaf>, site: &Site) -> Vec<usize> {
    let mut hosts = BTreeSet::new();
    for leaf in &relevant {
        if let Leaf::Host(i) = leaf {
            hosts.insert(*i as usize);
        }
    }
    for (leaf, term) in &site.bindings {
        if relevant.contains(leaf) {
            let mut leaves = BTreeSet::new();
            t::leaves(term, &mut leaves, &mut HashSet::new());
            hosts.extend(leaves.into_iter().filter_map(|(l, _)| match l {
                Leaf::Host(i) => Some(i as usize),
                _ => None,
            }));
        }
    }
    hosts.into_iter().filter(|i| site.values.get(*i).is_some_and(|v| v.origin == Origin::Unmodelled)).collect()
}

pub(super) fn location(program: &Program, span: Span, text: &str, mode: Option<AccessMode>) -> Location {
    let (file, line, col) = program.locate(span);
    Location { file, line, col, text: text.to_string(), mode }
}

pub(super) fn dim3(a: &Assignment, leaf: fn(u8) -> Leaf, thread: usize) -> [u32; 3] {
    [0, 1, 2].map(|d| a.values.get(&(leaf(d), thread)).copied().unwrap_or(0) as u32)
}

pub(super) fn class_of(relation: Relation, a: &Assignment) -> RaceClass {
    match relation {
        Relation::InterBlock => RaceClass::InterBlock,
        Relation::IntraBlock => RaceClass::IntraBlock,
        Relation::IntraWarp | Relation::IntraWarpApart(_) => RaceClass::IntraWarp,
        Relation::SameBlock if smt::relation_holds(Relation::IntraWarp, a) => RaceClass::IntraWarp,
        Relation::SameBlock => RaceClass::IntraBlock,
    }
}

pub(super) fn base_witness(kernel: &Kernel, site: &Site, a: &Assignment) -> Witness {
    let mut params = Vec::new();
    for (i, p) in kernel.params.iter().enumerate() {
        let Some(v) = a.values.get(&(Leaf::Param(i as u32), 0)) else { continue };
        match &p.ty {
            Type::Int { bits, signed } => {
                let bits = u32::from(*bits);
                let v = if *signed { arith::signed(*v, bits) as i64 } else { *v as i64 };
                params.push((p.name.clone(), v));
            }
            // A flag (`bool`, a template kernel's `bool Accumulate`): 0 or 1.
            Type::Bool => params.push((p.name.clone(), i64::from(*v & 1 != 0))),
            _ => {}
        }
    }
    Witness {
        grid: Some(dim3(a, Leaf::GridDim, 0)),
        block: Some(dim3(a, Leaf::BlockDim, 0)),
        blocks: vec![dim3(a, Leaf::Bid, 0), dim3(a, Leaf::Bid, 1)],
        threads: vec![dim3(a, Leaf::Tid, 0), dim3(a, Leaf::Tid, 1)],
        params,
        site: (!site.label.is_empty()).then(|| site.label.clone()),
        launch: (!site.config.is_empty()).then(|| site.config.clone()),
        host: site
            .values
            .iter()
            .enumerate()
            .filter(|(_, v)| !v.name.is_empty())
            .filter_map(|(i, v)| {
                let raw = *a.values.get(&(Leaf::Host(i as u32), 0))?;
                let value = if v.signed { arith::signed(raw, v.width) as i64 } else { raw as i64 };
                Some((v.name.clone(), value))
            })
            .collect(),
        ..Witness::default()
    }
}

/// Lengths of the array dimensions of an object's type, outermost first.
pub(super) fn dims(ty: &Type) -> Vec<u64> {
    let mut out = Vec::new();
    let mut ty = ty;
    while let Type::Array { elem, len } = ty {
        out.push(len.unwrap_or(0));
        ty = elem;
    }
    out
}

pub(super) fn element(program: &Program, kernel: &Kernel, ev: &AccessEv<'_>, offset: i64) -> String {
    let size = ev.access.size.max(1) as i64;
    let name = &ev.access.name;
    if ev.obj == Obj::Dynamic {
        return format!("address {offset:#x} of `{name}`");
    }
    if offset % size != 0 {
        return format!("{name} + {offset} bytes");
    }
    let index = offset / size;
    let ty = match &ev.obj {
        Obj::Shared(id) => kernel.shared.get(*id as usize).map(|s| &s.ty),
        Obj::Global(id) => program.globals.get(*id as usize).map(|g| &g.ty),
        _ => None,
    };
    let dims = ty.map(dims).unwrap_or_default();
    let inner: Vec<u64> = dims.iter().skip(1).copied().collect();
    let elem_size = ty.and_then(|ty| {
        let mut ty = ty;
        while let Type::Array { elem, .. } = ty {
            ty = elem;
        }
        ty.size()
    });
    if !inner.is_empty() && inner.iter().all(|d| *d > 0) && elem_size == Some(size as u64) && index >= 0 {
        let mut rest = index as u64;
        let mut parts = Vec::new();
        for d in inner.iter().rev() {
            parts.push(rest % d);
            rest /= d;
        }
        parts.push(rest);
        parts.reverse();
        let subscripts: String = parts.iter().map(|p| format!("[{p}]")).collect();
        return format!("{name}{subscripts}");
    }
    format!("{name}[{index}]")
}

pub(super) fn loop_values(ev: &AccessEv<'_>, eval: &mut Eval<'_>, thread: usize) -> Vec<(String, i64)> {
    ev.vars
        .iter()
        .map(|(name, term)| {
            let v = eval.value(term, thread);
            (name.clone(), arith::signed(v, term.width) as i64)
        })
        .collect()
}

#[allow(clippy::too_many_arguments)]
pub(super) fn pair_race(
    program: &Program,
    kernel: &Kernel,
    site: &Site,
    a: &AccessEv<'_>,
    b: &AccessEv<'_>,
    relation: Relation,
    assignment: &Assignment,
    trace: &Trace<'_>,
    holding: &Holding,
) -> Race {
    let notes = sync_notes(a, b, relation, trace);
    let mut witness = base_witness(kernel, site, assignment);
    let mut eval = Eval { assignment, memo: HashMap::new() };
    let absolute = a.obj == Obj::Dynamic;
    let offset = arith::signed(eval.value(&address(a, absolute), 0), 64) as i64;
    witness.element = Some(element(program, kernel, a, offset));
    witness.byte_offset = Some(offset);
    witness.values = vec![loop_values(a, &mut eval, 0), loop_values(b, &mut eval, 1)];
    let la = location(program, a.access.span, &a.access.name, Some(mode(a)));
    let lb = location(program, b.access.span, &b.access.name, Some(mode(b)));
    // Counts over-approximated in loops whose iterations pass different
    // numbers of barriers are exact where the witness meets the exact link.
    let exact_counts =
        (intervals::varying(a) || intervals::varying(b)) && intervals::counts_exact(a, b, relation, assignment);
    let terms: Vec<&T> = match exact_counts {
        true => vec![&a.guard, &b.guard, &a.offset, &b.offset],
        false => vec![&a.guard, &b.guard, &a.offset, &b.offset, &a.counts.block, &b.counts.block],
    };
    let mut basis = certainty(program, &terms, site, trace);
    // The access that comes first in the source is `first`; the witness
    // threads follow the accesses.
    let (first, second) = if (lb.line, lb.col) < (la.line, la.col) {
        witness.blocks.reverse();
        witness.threads.reverse();
        witness.values.reverse();
        (lb, la)
    } else {
        (la, lb)
    };
    let class = class_of(relation, assignment);
    // Threads of different blocks meet in a pointer's memory only when it
    // is global: a pointer whose space the front-end lost may be shared.
    let generic = [a, b].into_iter().find(|e| e.access.space == Space::Generic);
    if let (RaceClass::InterBlock, Some(e)) = (class, generic) {
        basis.constructs.push(format!(
            "the memory space of `{}`, which gpurace could not trace (global or shared memory)",
            e.access.name
        ));
    }
    // A wait between the two that orders them unless another store ends
    // it: the witness needs that store, which the solver did not show.
    let unresolved = unresolved_waits(program, a, b, relation, trace, &mut eval);
    basis.constructs.extend(unresolved);
    // A statement gpurace does not model may be a barrier of the block (a
    // call it cannot follow, inline PTX it does not know): threads of one
    // block may be ordered by it.
    if class != RaceClass::InterBlock {
        basis.constructs.extend(may_synchronise(program, trace));
    }
    let mut notes = notes;
    // Legacy warp-synchronous code relies on lockstep lanes and `volatile`
    // shared memory to see each other's writes; neither orders the lanes
    // since Volta. (A `volatile` global buffer is usually a flag protocol.)
    let legacy = |ev: &AccessEv<'_>| ev.access.volatile && ev.access.space == Space::Shared;
    if class == RaceClass::IntraWarp && (legacy(a) || legacy(b)) {
        notes.push(VOLATILE_NOTE.into());
    }
    let mut race = Race {
        class,
        kind: RaceKind::DataRace,
        certainty: Certainty::Definite,
        array: Some(a.access.name.clone()),
        // A pointer of unknown provenance may point to either space; the
        // other access may know which.
        space: Some(if a.access.space == Space::Generic { b.access.space } else { a.access.space }),
        first,
        second,
        witness: Some(witness),
        notes,
        rests_on: Vec::new(),
        possible: false,
        holds: Holds::Always,
        condition: None,
        engine: gpurace_core::race::Engine::Static,
        replay: None,
    };
    basis.settle(holding.clone(), &mut race);
    race
}

pub(super) const VOLATILE_NOTE: &str =
    "warps do not run in lockstep since Volta (independent thread scheduling): a `volatile` \
                             warp-synchronous reduction needs `__syncwarp()` between its steps";

/// The flag waits that would order the witness's two accesses (a release
/// after one, whose address the other thread waits at, in a scope that
/// covers the relation) had gpurace shown that no other store ends them:
/// the race rests on such a store.
fn unresolved_waits(
    program: &Program,
    a: &AccessEv<'_>,
    b: &AccessEv<'_>,
    r: Relation,
    trace: &Trace<'_>,
    eval: &mut Eval<'_>,
) -> Vec<String> {
    let mut out = Vec::new();
    for (x, y, tx, ty) in [(a, b, 0, 1), (b, a, 1, 0)] {
        for (rel, s) in &x.order.released {
            for w in y.order.waits() {
                let (rv, wv) = (&trace.syncs[*rel], &trace.syncs[*w]);
                let meets = rv.obj == wv.obj
                    && covers(exec::narrower(*s, wv.scope), r)
                    && !trace.usable.contains(&(*rel, *w))
                    && eval.holds(&wv.guard, ty)
                    && eval.holds(&rv.guard, tx)
                    && eval.value(&rv.addr, tx) == eval.value(&wv.addr, ty);
                if meets {
                    let line = |i: usize| program.locate(trace.accesses[i].access.span).1;
                    let text = format!(
                        "the wait at line {} being ended by a store other than the release at line {}, which gpurace could not rule out",
                        line(wv.access),
                        line(rv.access)
                    );
                    if !out.contains(&text) {
                        out.push(text);
                    }
                }
            }
        }
    }
    out
}

/// Why the locks and flags around two racing accesses do not order them.
pub(super) fn sync_notes(a: &AccessEv<'_>, b: &AccessEv<'_>, r: Relation, trace: &Trace<'_>) -> Vec<String> {
    let mut notes: Vec<String> = Vec::new();
    for n in a.order.notes.iter().chain(&b.order.notes) {
        if !notes.iter().any(|m| m == n) {
            notes.push(n.to_string());
        }
    }
    let (la, lb) = (&a.order.locks, &b.order.locks);
    if !la.is_empty() && !lb.is_empty() {
        let covering = la.iter().any(|(_, x)| lb.iter().any(|(_, y)| covers(exec::narrower(*x, *y), r)));
        if covering {
            notes.push("both accesses hold a lock, but the locks differ".into());
        } else {
            let scope = la.iter().chain(lb).map(|(_, s)| *s).fold(Scope::System, exec::narrower);
            notes.push(format!(
                "the locks have {} scope, which does not order threads of different {}",
                scope.name(),
                if scope == Scope::Block { "blocks" } else { "warps" }
            ));
        }
    } else if la.is_empty() != lb.is_empty() {
        notes.push("only one of the two accesses holds a lock".into());
    }
    let flag = |x: &AccessEv<'_>, y: &AccessEv<'_>, notes: &mut Vec<String>| {
        for (rel, s) in &x.order.released {
            for w in y.order.waits() {
                let alias = trace.syncs[*rel].obj == trace.syncs[*w].obj;
                if !alias {
                    continue;
                }
                let scope = exec::narrower(*s, trace.syncs[*w].scope);
                if !covers(scope, r) {
                    notes.push(format!(
                        "the flag's release has {} scope (fence or atomic), which does not order threads of different {}",
                        scope.name(),
                        if scope == Scope::Block { "blocks" } else { "warps" }
                    ));
                } else if !trace.usable.contains(&(*rel, *w)) {
                    notes.push("another store to the flag may end the wait".into());
                }
            }
        }
    };
    flag(a, b, &mut notes);
    flag(b, a, &mut notes);
    // The last-block pattern, missing a fence or with too narrow a one
    // (between blocks: a barrier orders the threads of one).
    let ticket = |x: &AccessEv<'_>, y: &AccessEv<'_>, notes: &mut Vec<String>| {
        if r != Relation::InterBlock {
            return;
        }
        let counter = |k: usize| &trace.tickets[k].obj;
        let later = |k: usize| y.order.taken.iter().any(|tb| counter(tb.ticket) == counter(k));
        if x.order.unfenced.iter().any(|k| later(*k)) {
            notes.push(
                "no fence between this access and the ticket its thread then takes from the counter: a later ticket does not order it".into(),
            );
        }
        for (k, scope) in &x.order.ticketed {
            if later(*k) && !covers(*scope, r) {
                notes.push(format!(
                    "the fence before the counter's ticket has {} scope, which does not order threads of different {}",
                    scope.name(),
                    if *scope == Scope::Block { "blocks" } else { "warps" }
                ));
            }
        }
    };
    ticket(a, b, &mut notes);
    ticket(b, a, &mut notes);
    notes.dedup();
    notes
}

pub(super) fn divergence_race(
    program: &Program,
    kernel: &Kernel,
    site: &Site,
    ev: &BarrierEv,
    assignment: &Assignment,
    trace: &Trace<'_>,
    holding: &Holding,
) -> Race {
    let text = match ev.kind {
        BarrierKind::Block => "__syncthreads()".to_string(),
        BarrierKind::Warp => "__syncwarp()".to_string(),
        BarrierKind::Grid => "grid.sync()".to_string(),
        BarrierKind::Group(Group::Tile(n)) => format!("the barrier of a tile of {n} threads"),
        BarrierKind::Group(Group::Lanes(m)) => format!("__syncwarp({m:#010x})"),
    };
    let at = location(program, ev.span, &text, None);
    let class = if smt::relation_holds(Relation::InterBlock, assignment) {
        RaceClass::InterBlock
    } else {
        class_of(Relation::SameBlock, assignment)
    };
    let basis = certainty(program, &[&ev.guard], site, trace);
    let mut race = Race {
        class,
        kind: RaceKind::BarrierDivergence,
        certainty: Certainty::Definite,
        rests_on: Vec::new(),
        possible: false,
        holds: Holds::Always,
        condition: None,
        engine: gpurace_core::race::Engine::Static,
        replay: None,
        array: None,
        space: None,
        first: at.clone(),
        second: at,
        witness: Some(base_witness(kernel, site, assignment)),
        notes: Vec::new(),
    };
    basis.settle(holding.clone(), &mut race);
    race
}

/// The pairs that collide only when an index wraps around (`index-overflow`)
/// or beyond the end of their allocation (`out-of-bounds`): warnings, not
/// races.
pub(super) fn out_of_bounds(
    program: &Program,
    kernel: &Kernel,
    site: &Site,
    trace: &Trace<'_>,
    found: &Found,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for Hit { job, assignment, .. } in &found.overflows {
        let Job::Pair { a, b, .. } = job else { continue };
        let (ea, eb) = (&trace.accesses[*a], &trace.accesses[*b]);
        let witness = base_witness(kernel, site, assignment);
        let params: Vec<String> = witness.params.iter().map(|(n, v)| format!("{n} = {v}")).collect();
        let message = format!(
            "`{}` (line {}) and `{}` (line {}) touch the same element only if an index computation wraps around{}: an out-of-bounds access, not reported as a race",
            ea.access.name,
            ea.access.span.line,
            eb.access.name,
            eb.access.span.line,
            if params.is_empty() { String::new() } else { format!(" (e.g. with {})", params.join(", ")) }
        );
        out.push(program.diag_at(Diagnostic::new(Severity::Warning, "index-overflow", message), eb.access.span));
    }
    for Hit { job, assignment, .. } in &found.out_of_bounds {
        let Job::Pair { a, b, .. } = job else { continue };
        let (ea, eb) = (&trace.accesses[*a], &trace.accesses[*b]);
        let witness = base_witness(kernel, site, assignment);
        // The host values when there are any (they determine the parameters).
        let shown = if witness.host.is_empty() { &witness.params } else { &witness.host };
        let values: Vec<String> = shown.iter().map(|(n, v)| format!("{n} = {v}")).collect();
        let allocation = match &ea.obj {
            Obj::Alloc(g) => site.allocations.get(*g as usize).cloned().unwrap_or_default(),
            _ => String::new(),
        };
        let message = format!(
            "`{}` (line {}) and `{}` (line {}) touch the same element only beyond the end of {}{}{}: \
             an out-of-bounds access, not reported as a race",
            ea.access.name,
            ea.access.span.line,
            eb.access.name,
            eb.access.span.line,
            if allocation.is_empty() {
                "its allocation".to_string()
            } else {
                format!("the allocation at {allocation}")
            },
            if site.label.is_empty() { String::new() } else { format!(" (launch at {})", site.label) },
            if values.is_empty() { String::new() } else { format!(", e.g. with {}", values.join(", ")) }
        );
        out.push(program.diag_at(Diagnostic::new(Severity::Warning, "out-of-bounds", message), eb.access.span));
    }
    out
}

/// The words for a float operation of the core evaluator (`folt`: `<`).
fn float_operation(name: &str) -> Option<&'static str> {
    Some(match name {
        "fadd" => "a float `+`",
        "fsub" => "a float `-`",
        "fmul" => "a float `*`",
        "fdiv" => "a float `/`",
        "frem" => "a float `%`",
        "fmin" => "a float `min`",
        "fmax" => "a float `max`",
        "fneg" => "a float negation",
        "foeq" => "a float `==`",
        "fone" => "a float `!=`",
        "folt" => "a float `<`",
        "fole" => "a float `<=`",
        "fogt" => "a float `>`",
        "foge" => "a float `>=`",
        "fpext" => "a float-to-float conversion",
        "sitofp" | "uitofp" => "an int-to-float conversion",
        "fptosi" | "fptoui" => "a float-to-int conversion",
        "fne0" => "a float's truth value",
        _ => return None,
    })
}
