//! A concrete launch that a site allows: geometry and integer arguments
//! that satisfy everything the host code says at the launch (its facts and
//! what it binds the launch's sizes and parameters to), for running the
//! kernel on the simulator with inputs the program could give it.
//!
//! z3 picks the values; among the launches the facts allow it is asked
//! first for a small one (32 to 256 threads a block, at most 4 blocks a
//! dimension, arguments from 1 to 256), then for a larger one, then for
//! any. A dimension the kernel does not read is 1, as the engine assumes
//! when the host code does not give the geometry. The answer is
//! deterministic, like every solver call of the engine.

use gpurace_core::c::{is_signed, width};
use gpurace_core::term::{self as t, CmpOp, Deps, Leaf, T};
use gpurace_core::Site;
use gpurace_ir::Kernel;

use crate::config::{SolverDebug, SolverKind};
use crate::smt::{Answer, Solver};

/// Numbers of the leaves that name a pointer's extent and a struct field in
/// the query (no trace numbers fresh leaves here).
const EXTENT: u32 = 1 << 20;
const FIELD: u32 = 2 << 20;

/// A launch the facts of a site allow.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sample {
    pub grid: [u32; 3],
    pub block: [u32; 3],
    /// Per kernel parameter: the value of an integer parameter.
    pub params: Vec<Option<i128>>,
    /// Per kernel parameter: the bytes a pointer parameter can reach in its
    /// allocation (from its offset to the allocation's end).
    pub extents: Vec<Option<u64>>,
    /// Integer fields of by-value struct parameters: parameter, path
    /// (`.pitch`), value.
    pub fields: Vec<(u32, String, i128)>,
}

fn c32(v: u128) -> T {
    t::constant(v, 32)
}

fn within(x: &T, lo: i128, hi: i128, signed: bool) -> T {
    let w = x.width.max(1);
    let le = if signed { CmpOp::Sle } else { CmpOp::Ule };
    t::and(&t::cmp(le, &t::constant_i(lo, w), x), &t::cmp(le, x, &t::constant_i(hi, w)))
}

/// Why there is no sample.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoSample {
    /// The site's facts contradict each other: the host code never reaches
    /// the launch.
    Unreachable,
    /// The solver did not decide within its budget.
    Undecided,
}

/// A launch of `kernel` that `site` allows, small where it can be.
pub fn sample_launch(kernel: &Kernel, site: &Site) -> Result<Sample, NoSample> {
    let mut solver = Solver::new(SolverKind::default(), 20_000_000, 5_000, &SolverDebug::default());
    let leaf = |l: Leaf, w: u32| t::leaf(l, w, Deps::default());
    let mut facts: Vec<T> = site.facts.clone();
    for (l, value) in &site.bindings {
        facts.push(t::eq(&leaf(*l, value.width), value));
    }
    let block: Vec<T> = (0..3).map(|d| leaf(Leaf::BlockDim(d), 32)).collect();
    let grid: Vec<T> = (0..3).map(|d| leaf(Leaf::GridDim(d), 32)).collect();
    let wide = |x: &T| t::resize(x, 64, false);
    let threads = t::mul(&t::mul(&wide(&block[0]), &wide(&block[1])), &wide(&block[2]));
    for d in 0..3 {
        match site.block {
            Some(b) => facts.push(t::eq(&block[d], &c32(u128::from(b[d])))),
            None => facts.push(within(&block[d], 1, 1024, false)),
        }
        match site.grid {
            Some(g) => facts.push(t::eq(&grid[d], &c32(u128::from(g[d])))),
            None => facts.push(within(&grid[d], 1, 65_535, false)),
        }
    }
    // The engine's model: a dimension the kernel does not read is 1 unless
    // the host code gives the geometry (`check::used_dims`).
    let used = if site.geometry { [true; 4] } else { crate::exec::used_dims(kernel) };
    for (i, used) in used.iter().enumerate() {
        let dim = if i < 2 { &block[i + 1] } else { &grid[i - 1] };
        if !used {
            facts.push(t::eq(dim, &c32(1)));
        }
    }
    facts.push(within(&block[2], 1, 64, false));
    facts.push(within(&threads, 1, 1024, false));
    let ints: Vec<(T, bool)> = kernel
        .params
        .iter()
        .enumerate()
        .filter(|(_, p)| p.ty.is_integer() && width(&p.ty) > 0)
        .map(|(i, p)| (leaf(Leaf::Param(i as u32), width(&p.ty)), is_signed(&p.ty)))
        .collect();
    // Named leaves for what the model must also give: each pointer's extent
    // and each struct field the host code sets.
    let mut extents = Vec::new();
    for (i, pointer) in site.pointers.iter().enumerate() {
        let Some((alloc, offset)) = pointer else { continue };
        let Some(Some(size)) = site.extents.get(*alloc as usize) else { continue };
        let named = leaf(Leaf::Fresh(EXTENT + i as u32), 64);
        facts.push(t::eq(&named, &t::bin(gpurace_core::term::BvOp::Sub, size, offset)));
        extents.push((i, named));
    }
    let mut fields = Vec::new();
    for (k, (param, path, term)) in site.fields.iter().enumerate() {
        let named = leaf(Leaf::Fresh(FIELD + k as u32), term.width);
        facts.push(t::eq(&named, term));
        fields.push((*param, path.clone(), named, term.width));
    }
    let tiers = [Some((32, 256, 4, 256)), Some((1, 1024, 64, 1 << 16)), None];
    let mut answer = Answer::Unsat;
    for tier in tiers {
        let mut asked = facts.clone();
        if let Some((lo_threads, hi_threads, max_grid, max_arg)) = tier {
            if site.block.is_none() {
                asked.push(within(&threads, lo_threads, hi_threads, false));
            }
            if site.grid.is_none() {
                grid.iter().for_each(|g| asked.push(within(g, 1, max_grid, false)));
            }
            for (_, size) in &extents {
                asked.push(within(size, 0, 1 << 28, false));
            }
            for (p, signed) in &ints {
                let w = p.width;
                let max = if *signed { (1i128 << (w - 1)) - 1 } else { (1i128 << w.min(126)) - 1 };
                asked.push(within(p, 1, max_arg.min(max), *signed));
            }
        }
        answer = solver.sample(&asked);
        if matches!(answer, Answer::Sat(_)) {
            break;
        }
    }
    let model = match answer {
        Answer::Sat(model) => model,
        Answer::Unsat => return Err(NoSample::Unreachable),
        Answer::Unknown(_) => return Err(NoSample::Undecided),
    };
    let get = |l: Leaf| model.values.get(&(l, 0)).copied();
    let dims = |f: fn(u8) -> Leaf| [0u8, 1, 2].map(|d| get(f(d)).unwrap_or(1).clamp(1, u128::from(u32::MAX)) as u32);
    let params = kernel
        .params
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let v = get(Leaf::Param(i as u32))?;
            p.ty.is_integer().then(|| {
                let w = width(&p.ty).max(1);
                if is_signed(&p.ty) {
                    gpurace_core::arith::signed(v, w)
                } else {
                    v as i128
                }
            })
        })
        .collect();
    let extents = (0..kernel.params.len())
        .map(|i| {
            let (_, named) = extents.iter().find(|(j, _)| *j == i)?;
            get(Leaf::Fresh(EXTENT + i as u32)).filter(|_| named.width == 64).map(|v| v as u64)
        })
        .collect();
    let fields = fields
        .iter()
        .enumerate()
        .filter_map(|(k, (param, path, _, w))| {
            let v = get(Leaf::Fresh(FIELD + k as u32))?;
            Some((*param, path.clone(), gpurace_core::arith::signed(v, (*w).max(1))))
        })
        .collect();
    Ok(Sample { grid: dims(Leaf::GridDim), block: dims(Leaf::BlockDim), params, extents, fields })
}
