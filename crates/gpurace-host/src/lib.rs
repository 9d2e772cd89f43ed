//! gpurace host-guided analysis: what the host program knows at each kernel
//! launch, as facts for the static engine.
//!
//! [`sites`] evaluates the host code symbolically from `main` (or, in a file
//! without `main`, from each host function that launches a kernel, its
//! parameters unknown) to every launch ([`eval`]), and turns each launch into
//! a [`Site`]: the condition under which it runs (asserts, early exits,
//! enclosing `if`s, host loop bounds), the grid and block sizes, the values of
//! the scalar arguments, which allocation and offset each pointer argument
//! points into, and the allocations' sizes. All of them are terms over host
//! values (`Leaf::Host`): two arguments computed from one host value stay
//! related.
//!
//! This crate does no IO and knows no output format.

mod assume;
mod eval;
mod merge;
mod show;

pub use assume::Assumption;

use std::collections::{HashMap, HashSet};

use gpurace_core::c::width;
use gpurace_core::term::{self as t, Leaf, T};
use gpurace_core::{Site, Unrolling};
use gpurace_ir::{source_name, HostFunction, Program, Stmt, Type};

use eval::{allocation_of, Evaluator, LaunchState};

/// What the host code (and the user) say about the launches of `program`.
#[derive(Debug, Default)]
pub struct HostFacts {
    /// One per launch statement reached (a launch in a helper called twice is
    /// two sites), plus one without a span for a kernel with no launch that
    /// has facts by hand.
    pub sites: Vec<Site>,
    /// Facts by hand that could not be used, and why.
    pub errors: Vec<String>,
}

/// The launch sites of `program` (none when `use_host` is false: every
/// kernel on its own) with the facts by hand added to them.
pub fn host_facts(program: &Program, use_host: bool, assumptions: &[Assumption]) -> HostFacts {
    let sites = if use_host { sites(program) } else { Vec::new() };
    let mut out = HostFacts { sites, errors: Vec::new() };
    for a in assumptions {
        if let Err(e) = assume::check_syntax(&a.expr) {
            out.errors.push(format!("cannot read the assumption `{}`: {e}", a.expr));
            continue;
        }
        for (i, kernel) in program.kernels.iter().enumerate() {
            let named = a.kernel.as_deref().is_some_and(|k| k == kernel.name || k == kernel.display_name());
            if a.kernel.is_some() && !named {
                continue;
            }
            // Each site of the kernel gets the fact (a member it names
            // becomes one of the site's values); a kernel with no site gets
            // one for its facts by hand.
            let mut fresh = Site::empty(i);
            let has_site = out.sites.iter().any(|s| s.kernel == i);
            let mut usable = true;
            for site in out.sites.iter_mut().filter(|s| s.kernel == i).chain((!has_site).then_some(&mut fresh)) {
                match assume::fact(program, kernel, site, &a.expr) {
                    Ok(Some(fact)) => {
                        site.tests.push(fact.clone());
                        site.facts.push(fact);
                    }
                    Ok(None) => {
                        if named {
                            out.errors.push(format!(
                                "the assumption `{}` names something kernel `{}` has no integer parameter, field or \
                                 launch size for",
                                a.expr, kernel.name
                            ));
                        }
                        usable = false;
                    }
                    Err(e) => {
                        out.errors.push(format!("cannot read the assumption `{}`: {e}", a.expr));
                        usable = false;
                    }
                }
                // Whether a fact applies depends on the kernel, not the site.
                if !usable {
                    break;
                }
            }
            if usable && !has_site {
                out.sites.push(fresh);
            }
        }
    }
    out
}

/// The launch sites of `program`, one [`Site`] per launch statement reached
/// (a launch in a helper called twice is two sites).
pub fn sites(program: &Program) -> Vec<Site> {
    let mut ev = Evaluator::new(program);
    ev.library = !program.main_elsewhere && !program.host_functions.iter().any(|f| f.is_main());
    // Every program's `main`: the units of several programs linked together
    // (a library unit two executables call) keep one each.
    for main in program.host_functions.iter().filter(|f| f.is_main()) {
        ev.run(main);
    }
    // A library's entry points: the functions nothing calls that reach a
    // launch, each from its entry with its caller's arguments, so that a
    // launch helper's parameters are what its entry point passes.
    if ev.library {
        for f in entry_points(program) {
            ev.run(f);
        }
    }
    // Launches none of these reach (or all, without `main`): from their
    // host function's entry, its parameters unknown.
    let reached: HashSet<usize> = ev.launches.iter().map(|l| l.launch).collect();
    // Launches in functions `main` evaluated but did not reach: dead code
    // (`if (zeroflux) ... else k<<<g, b>>>(...)` with `zeroflux = true`).
    let dead: Vec<usize> = (0..program.launches.len())
        .filter(|i| !reached.contains(i) && ev.entered.contains(program.launches[*i].host_function.as_str()))
        .collect();
    let mut started = HashSet::new();
    for l in program.launches.iter().enumerate().filter(|(i, _)| !reached.contains(i)).map(|(_, l)| l) {
        if ev.entered.contains(l.host_function.as_str()) || !started.insert(l.host_function.clone()) {
            continue;
        }
        if let Some(f) = program.host_functions.iter().find(|f| f.name == l.host_function) {
            ev.run(f);
        }
    }
    let mut out: Vec<Site> = Vec::new();
    let mut seen = HashSet::new();
    for state in &ev.launches {
        let Some(site) = site(program, &ev, state) else { continue };
        let key = fingerprint(&site);
        if seen.insert((state.launch, key)) {
            out.push(site);
        }
    }
    // A kernel launched from many sites is checked at the first few; the
    // others are checked together (`merge.rs`). So are the iterations of
    // one loop run both ways: they stand in for its summary, each kernel's
    // together.
    let (iterations, out): (Vec<Site>, Vec<Site>) =
        out.into_iter().partition(|s| matches!(s.unrolling, Some(Unrolling::Iteration(_))));
    let per_kernel: Vec<usize> =
        (0..program.kernels.len()).map(|k| out.iter().filter(|s| s.kernel == k).count()).collect();
    let mut out = at_most(out, |s| s.kernel, |_| None);
    let summaries: HashSet<(usize, Unrolling)> = out.iter().filter_map(|s| Some((s.kernel, s.unrolling?))).collect();
    let iterations = at_most(iterations, |s| (s.kernel, s.unrolling), |s| s.unrolling);
    // The iterations of a summary merged with other sites have nothing to
    // stand in for.
    out.extend(iterations.into_iter().filter(|s| match s.unrolling {
        Some(Unrolling::Iteration(g)) => summaries.contains(&(s.kernel, Unrolling::Summary(g))),
        _ => false,
    }));
    // A kernel whose every launch is dead code never runs: one site with
    // the fact `false` (every query unsatisfiable) names the launch, rather
    // than an analysis of the kernel on its own.
    for i in dead {
        let launch = &program.launches[i];
        let Some(kernel) = launch.kernel else { continue };
        if per_kernel[kernel] > 0 || out.iter().any(|s| s.kernel == kernel) {
            continue;
        }
        let (file, line, _) = program.locate(launch.span);
        let mut never = Site::empty(kernel);
        never.span = Some(launch.span);
        never.label = format!("{file}:{line} ({}), which the host code never reaches", launch.host_function);
        never.facts.push(t::fals());
        out.push(never);
    }
    never_launched(program, &mut out);
    out
}

/// The host functions of `program` that no host function calls and that
/// launch a kernel, themselves or through the functions they call, in the
/// program's order: a library's entry points.
fn entry_points(program: &Program) -> Vec<&HostFunction> {
    let mut called: HashSet<String> = HashSet::new();
    for f in &program.host_functions {
        gpurace_ir::walk_stmts(&f.body, &mut |s| {
            if let Stmt::Call { callee, .. } = s {
                called.insert(callee.clone());
            }
        });
    }
    let launchers = launchers(program);
    program
        .host_functions
        .iter()
        .filter(|f| launchers.contains(f.name.as_str()) && !called.contains(f.name.as_str()))
        .collect()
}

/// The host functions that launch a kernel, themselves or through the
/// functions they call.
pub(crate) fn launchers(program: &Program) -> HashSet<&str> {
    let calls: Vec<HashSet<String>> = program
        .host_functions
        .iter()
        .map(|f| {
            let mut mine = HashSet::new();
            gpurace_ir::walk_stmts(&f.body, &mut |s| {
                if let Stmt::Call { callee, .. } = s {
                    mine.insert(callee.clone());
                }
            });
            mine
        })
        .collect();
    let mut launchers: HashSet<&str> = program.launches.iter().map(|l| l.host_function.as_str()).collect();
    loop {
        let before = launchers.len();
        for (f, callees) in program.host_functions.iter().zip(&calls) {
            if callees.iter().any(|c| launchers.contains(c.as_str())) {
                launchers.insert(f.name.as_str());
            }
        }
        if launchers.len() == before {
            return launchers;
        }
    }
}

/// Kernels of a whole program (one with `main`) that no launch names: the
/// program never runs them (`#if USE_SIMPLE_FILTER` around the only launch,
/// a kernel kept for reference). They are still checked with any launch,
/// but their integer parameters are values no launch passes: a race that
/// needs particular values of them (`width = -64`) rests on that and is
/// `approximate`, while one that happens whatever they are stays as certain
/// as the kernel makes it. Files without `main` (a kernel library, a unit
/// of a larger program) keep the analysis on its own.
fn never_launched(program: &Program, out: &mut Vec<Site>) {
    if !program.host_functions.iter().any(|f| f.is_main()) {
        return;
    }
    let no = t::Deps::default();
    for (k, kernel) in program.kernels.iter().enumerate() {
        if out.iter().any(|s| s.kernel == k) || program.launches.iter().any(|l| l.kernel == Some(k)) {
            continue;
        }
        let mut site = Site::empty(k);
        // No label: the kernel reads as "no launch seen"; its races name the
        // parameters no launch passes.
        for (i, p) in kernel.params.iter().enumerate() {
            site.pointers.push(None);
            if !matches!(p.ty, Type::Int { .. }) {
                continue;
            }
            let w = width(&p.ty);
            let j = site.values.len() as u32;
            site.values.push(gpurace_core::HostValue {
                name: format!("{} (parameter of {}, which no launch passes)", p.name, kernel.display_name()),
                width: w,
                signed: matches!(p.ty, Type::Int { signed: true, .. }),
                origin: gpurace_core::Origin::Unmodelled,
                span: None,
            });
            let host = t::leaf(Leaf::Host(j), w, no);
            site.facts.push(t::eq(&t::leaf(Leaf::Param(i as u32), w, no), &host));
            site.bindings.push((Leaf::Param(i as u32), host));
        }
        if !site.values.is_empty() {
            out.push(site);
        }
    }
}

/// Launch sites checked one by one per kernel.
const MAX_SITES: usize = 8;

/// `sites` with the first [`MAX_SITES`] of each `group` (in order) as they
/// are, and the others of the group merged into one, tagged `unrolling`.
fn at_most<G: Eq + std::hash::Hash>(
    sites: Vec<Site>,
    group: impl Fn(&Site) -> G,
    unrolling: impl Fn(&Site) -> Option<Unrolling>,
) -> Vec<Site> {
    let mut count: HashMap<G, usize> = HashMap::new();
    let mut kept = Vec::with_capacity(sites.len());
    let mut rest: Vec<(G, Vec<Site>)> = Vec::new();
    for s in sites {
        let g = group(&s);
        let n = count.entry(group(&s)).or_default();
        *n += 1;
        if *n <= MAX_SITES {
            kept.push(s);
        } else if let Some((_, r)) = rest.iter_mut().find(|(h, _)| *h == g) {
            r.push(s);
        } else {
            rest.push((g, vec![s]));
        }
    }
    for (_, sites) in rest {
        let mut merged = merge::merge(sites[0].kernel, &sites);
        merged.unrolling = unrolling(&sites[0]);
        kept.push(merged);
    }
    kept
}

fn fingerprint(site: &Site) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    site.unrolling.hash(&mut h);
    site.facts.iter().for_each(|f| f.hash.hash(&mut h));
    for p in &site.pointers {
        p.as_ref().map(|(a, o)| (a, o.hash)).hash(&mut h);
    }
    h.finish()
}

fn site(program: &Program, ev: &Evaluator<'_>, state: &LaunchState) -> Option<Site> {
    let launch = program.launches.get(state.launch)?;
    let kernel_index = state.kernel?;
    let kernel = program.kernels.get(kernel_index)?;
    let no = t::Deps::default();
    let mut facts = ev.facts.clone();
    // An iteration's launch has what its iterations know as well.
    if let Some(Unrolling::Iteration(g)) = state.unrolling {
        facts.extend(ev.iteration_facts.get(&g).into_iter().flatten().cloned());
    }
    facts.push(state.alive.clone());
    let mut bindings = Vec::new();
    for d in 0..3u8 {
        let i = usize::from(d);
        facts.push(t::eq(&t::leaf(Leaf::BlockDim(d), 32, no), &state.block[i]));
        facts.push(t::eq(&t::leaf(Leaf::GridDim(d), 32, no), &state.grid[i]));
        bindings.push((Leaf::BlockDim(d), state.block[i].clone()));
        bindings.push((Leaf::GridDim(d), state.grid[i].clone()));
    }
    let mut pointers = Vec::new();
    let mut fields = Vec::new();
    for (i, p) in kernel.params.iter().enumerate() {
        let arg = state.args.get(i);
        match (&p.ty, arg) {
            (Type::Record { .. }, Some(v)) => {
                fields.extend(ev.record_ints(v).into_iter().map(|(path, term)| (i as u32, path, term)));
                pointers.push(None);
            }
            (Type::Ptr(_), Some(v)) => pointers.push(allocation_of(v)),
            (Type::Int { .. }, Some(v)) => {
                let w = width(&p.ty);
                let leaf = t::leaf(Leaf::Param(i as u32), w, no);
                facts.push(t::eq(&leaf, &t::resize(v, w, false)));
                bindings.push((Leaf::Param(i as u32), v.clone()));
                pointers.push(None);
            }
            _ => pointers.push(None),
        }
    }
    // Constant geometry lets the engine use its exact, solver-free paths.
    let constant = |dims: &[T; 3]| -> Option<[u32; 3]> {
        let v: Vec<u32> = dims.iter().filter_map(|d| d.as_const().map(|c| c as u32)).collect();
        (v.len() == 3).then(|| [v[0], v[1], v[2]])
    };
    let (file, line, _) = program.locate(launch.span);
    // The whole chain, innermost first: `k.cu:88 (launch_scale), called at
    // matrix.cpp:412 (scale), called at main.cpp:30 (main)`.
    let mut label = format!("{file}:{line} ({})", source_name(&launch.host_function));
    for (span, caller) in state.calls.iter().rev() {
        let (f, l, _) = program.locate(*span);
        label.push_str(&format!(", called at {f}:{l} ({})", source_name(caller)));
    }
    let entry = state.calls.first().map_or(launch.host_function.as_str(), |(_, caller)| caller.as_str());
    if ev.library {
        label.push_str(&format!(", {}: an entry point of the library", source_name(entry)));
    } else if !program.host_functions.iter().any(|f| f.name == entry && f.is_main()) {
        label.push_str(&format!(", {} called from no code gpurace saw", source_name(entry)));
    }
    // Only the host values the launch's own expressions use are named in
    // witnesses; the others are facts' side variables.
    let mut used = std::collections::BTreeSet::new();
    let mut visited = HashSet::new();
    for term in state.grid.iter().chain(&state.block).chain(&state.args).chain(fields.iter().map(|(_, _, t)| t)) {
        t::leaves(term, &mut used, &mut visited);
    }
    let mut values = ev.values.clone();
    for (i, v) in values.iter_mut().enumerate() {
        if !used.iter().any(|(l, _)| *l == Leaf::Host(i as u32)) {
            v.name.clear();
        }
    }
    show::distinct_names(&mut values);
    // The evaluation's floats turn into integers or unknowns before they
    // reach a launch (`eval/float.rs`).
    debug_assert!(
        !facts.iter().chain(bindings.iter().map(|(_, t)| t)).any(eval::has_float),
        "a host float reached the facts of a launch"
    );
    let config = format!("grid {}, block {}", show::dims(&state.grid, &values), show::dims(&state.block, &values));
    Some(Site {
        kernel: kernel_index,
        span: Some(launch.span),
        label,
        config,
        facts,
        tests: vec![state.alive.clone()],
        block: constant(&state.block),
        grid: constant(&state.grid),
        geometry: true,
        pointers,
        extents: ev.allocations.iter().map(|a| Some(a.size.clone())).collect(),
        allocations: ev
            .allocations
            .iter()
            .map(|a| {
                let (f, l, _) = program.locate(a.span);
                format!("{f}:{l}")
            })
            .collect(),
        bindings,
        fields,
        values,
        unrolling: state.unrolling,
    })
}
