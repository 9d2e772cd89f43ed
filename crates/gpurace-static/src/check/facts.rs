//! Step 0: the facts of one kernel at one launch site, below every query:
//! the launch geometry, the thread's ids inside it, the kernel's own
//! assumptions and the site's facts; and the solver that holds them.

use gpurace_core::term::{self as t, Leaf, T};
use gpurace_core::Site;
use gpurace_ir::Kernel;

use crate::config::Config;
use crate::exec;
use crate::smt;
use crate::trace::Trace;

/// The constants every launch at `site` passes, where the host code fixes
/// them: per kernel parameter, and per integer field of a `struct`
/// parameter.
pub fn constant_params(kernel: &Kernel, site: &Site) -> exec::Constants {
    let mut params = vec![None; kernel.params.len()];
    for (leaf, term) in &site.bindings {
        if let (Leaf::Param(i), Some(v)) = (leaf, term.as_const()) {
            if let Some(slot) = params.get_mut(*i as usize) {
                *slot = Some(v);
            }
        }
    }
    let fields =
        site.fields.iter().filter_map(|(i, path, term)| Some(((*i, path.clone()), term.as_const()?))).collect();
    exec::Constants { params, fields }
}

/// `site` with its bindings of `struct` parameter fields (`d.rows`) as facts
/// and bindings of the field leaves `trace` numbered.
pub(super) fn with_fields(site: &Site, trace: &Trace) -> Site {
    let mut out = site.clone();
    for (index, path, id) in &trace.leaves.fields {
        let Some((_, _, term)) = site.fields.iter().find(|(i, p, _)| i == index && p == path) else { continue };
        let leaf = t::leaf(Leaf::ParamField(*id), term.width, t::Deps::default());
        out.facts.push(t::eq(&leaf, term));
        out.bindings.push((Leaf::ParamField(*id), term.clone()));
    }
    out
}

/// The dimensions a kernel reads (`exec::used_dims`), or all of them when
/// the host code gives the geometry.
pub(super) fn used_dims(kernel: &Kernel, config: &Config) -> [bool; 4] {
    if config.host_geometry {
        [true; 4]
    } else {
        exec::used_dims(kernel)
    }
}

/// Facts of every query of a kernel: the launch geometry, the thread's ids
/// inside it, and the kernel's own assumptions. `one` also holds the facts
/// shared by both threads.
pub(super) fn common_facts(trace: &Trace<'_>, kernel: &Kernel, config: &Config) -> (Vec<T>, Vec<T>) {
    let no = t::Deps::default();
    // A dimension the kernel never reads is assumed to be 1: a kernel that
    // only uses `threadIdx.x` is written for one-dimensional launches.
    let used = used_dims(kernel, config);
    let dim = |l: Leaf| t::leaf(l, 32, no);
    let c32 = |v: u128| t::constant(v, 32);
    let mut shared = Vec::new();
    match config.block {
        Some(b) => (0..3).for_each(|d| shared.push(t::eq(&dim(Leaf::BlockDim(d)), &c32(u128::from(b[d as usize]))))),
        None => {
            // CUDA's limits: 1024 x 1024 x 64 threads, at most 1024 in all.
            for (d, max) in [(0u8, 1024), (1, 1024), (2, 64)] {
                let v = dim(Leaf::BlockDim(d));
                if d > 0 && !used[usize::from(d) - 1] {
                    shared.push(t::eq(&v, &c32(1)));
                    continue;
                }
                shared.push(t::ule(&c32(1), &v));
                shared.push(t::ule(&v, &c32(max)));
            }
            let wide = |d| t::resize(&dim(Leaf::BlockDim(d)), 64, false);
            let total = t::mul(&t::mul(&wide(0), &wide(1)), &wide(2));
            shared.push(t::ule(&total, &t::constant(1024, 64)));
        }
    }
    match config.grid {
        Some(g) => (0..3).for_each(|d| shared.push(t::eq(&dim(Leaf::GridDim(d)), &c32(u128::from(g[d as usize]))))),
        None => {
            for (d, max) in [(0u8, (1u128 << 31) - 1), (1, 65535), (2, 65535)] {
                let v = dim(Leaf::GridDim(d));
                if d > 0 && !used[usize::from(d) + 1] {
                    shared.push(t::eq(&v, &c32(1)));
                    continue;
                }
                shared.push(t::ule(&c32(1), &v));
                shared.push(t::ule(&v, &c32(max)));
            }
        }
    }
    // Global thread indices fit in an `int`: at most 2^31 threads along
    // each dimension of the grid.
    // (With a symbolic `blockDim` the products are abstracted and their
    // facts say the same, see `Solver::assert_products`.)
    if let (Some(b), None) = (config.block, config.grid) {
        // `blockDim * gridDim` abstracted with a concrete block: exact,
        // and linear.
        for d in &trace.abstractions.grid_threads {
            let gdim = t::resize(&dim(Leaf::GridDim(*d)), 64, false);
            let total = t::mul(&t::constant(u128::from(b[usize::from(*d)]), 64), &gdim);
            shared.push(t::eq(&t::leaf(Leaf::GridThreads(*d), 64, no), &total));
        }
        for d in 0..3 {
            let wide = |l: Leaf| t::resize(&dim(l), 64, false);
            let threads = t::mul(&wide(Leaf::BlockDim(d)), &wide(Leaf::GridDim(d)));
            shared.push(t::ule(&threads, &t::constant(1 << 31, 64)));
        }
    }
    let mut per_thread = Vec::new();
    for d in 0..3 {
        per_thread.push(t::ult(&t::leaf(Leaf::Tid(d), 32, no), &dim(Leaf::BlockDim(d))));
        per_thread.push(t::ult(&t::leaf(Leaf::Bid(d), 32, no), &dim(Leaf::GridDim(d))));
    }
    per_thread.extend(trace.assumptions.iter().cloned());
    let mut one = shared;
    one.extend(per_thread.iter().cloned());
    (one, per_thread)
}

pub(super) fn facts_fingerprint(one: &[T], two: &[T]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    one.iter().for_each(|x| x.hash.hash(&mut h));
    2u8.hash(&mut h);
    two.iter().for_each(|x| x.hash.hash(&mut h));
    h.finish()
}

/// A solver with the kernel's common facts (`one`, `two`) and the facts of
/// its abstracted products.
pub(super) fn kernel_solver(kernel: &Kernel, config: &Config, trace: &Trace<'_>, one: &[T], two: &[T]) -> smt::Solver {
    let mut solver = smt::Solver::new(config.solver, config.query_rlimit, timeout_ms(config), &config.debug);
    solver.block_dims_used = block_dims_used(kernel, config);
    solver.block = config.block;
    solver.assert_common(one, two);
    solver.assert_products(&trace.abstractions);
    solver
}

/// Which of `blockDim.x/y/z` may be above 1, for linear thread ids.
pub(super) fn block_dims_used(kernel: &Kernel, config: &Config) -> [bool; 3] {
    let used = used_dims(kernel, config);
    [true, used[0] || config.block.is_some(), used[1] || config.block.is_some()]
}

/// The wall-clock safety net of one query, in milliseconds.
pub(super) fn timeout_ms(config: &Config) -> u32 {
    u32::try_from(config.query_timeout.as_millis()).unwrap_or(u32::MAX)
}
