//! Symbolic execution of one kernel for one symbolic thread.
//!
//! The executor walks the structured IR once, keeping for the thread a path
//! condition and the value of every variable as a [`Term`]. Both arms of an
//! `if` are executed and their states merged with `ite`, so the cost is linear
//! in the size of the kernel. What it produces is every memory access and
//! every barrier the thread may execute, each with:
//!
//! * its guard: the condition under which the thread reaches it;
//! * its address: an object and a byte offset;
//! * its *barrier counts*: how many block, warp and grid barriers the thread
//!   has passed when it gets there.
//!
//! Two threads of one block can only race on accesses made with equal block
//! barrier counts, because a block's barriers are aligned: the n-th barrier one
//! thread passes is the n-th barrier every other thread of the block passes.
//! This is what Faial's barrier-aligned loop split achieves, in a form that
//! also covers nested barrier loops and barriers under uniform conditions.
//!
//! Loops are summarised, not unrolled. On entry, every variable the loop
//! changes gets a per-thread unknown, except induction variables (`i += c`,
//! `i -= c`, `i *= 2^s`, `i <<= s`, `i >>= s`, `i /= 2^s`), which become exact
//! functions of a per-thread iteration number `k`. The body is executed once
//! for "iteration `k`". In a loop that contains barriers, the barrier counts
//! at iteration `k` are `entry + k * m`, where `m` is the (symbolic) number of
//! barriers one iteration passes; after the loop they are `entry + N * m` for
//! the trip count `N`. A loop whose iterations do not all pass the same number
//! of barriers gets unknown counts, marked approximate.
//!
//! [`Term`]: gpurace_core::term::Term

mod broadcast;
mod counts;
mod exited;
mod forms;
mod loops;
mod memory;
mod patterns;
mod scan;
mod stmt;
mod sync;
mod trips;
mod value;

use std::collections::{BTreeSet, HashMap, HashSet};
use std::sync::Arc;

use gpurace_core::c::width;
use gpurace_core::term::{self as t, Deps, FreshKind, Leaf, T};
use gpurace_ir::{AccessId, Dim, Kernel, LoopId, Record, Stmt, Type, VarId};

use crate::trace::{Level, Obj, Trace, COUNT_WIDTH};
use broadcast::{merge_broadcasts, Broadcasts};
use memory::{LocalCell, Seen};
use patterns::{barrier_sync, fence_or_atomic, fine_sync, Sync};
use sync::{merge_sync, SyncState};

pub use memory::obj_of;
pub use scan::{for_each_expr, has_sync, used_dims};
pub use sync::{narrower, scope_rank};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Tag {
    Value,
    Iteration,
    Trip,
    Havoc(u32),
    Exit(u32),
    Before(u32),
    Counts(u8),
    GroupCounts(u8, u32),
    Uninit(u32),
    Product(u8),
    Scaled(u32, u8),
}

#[derive(Clone)]
struct State {
    pc: T,
    env: Vec<Option<T>>,
    block: T,
    warp: T,
    grid: T,
    /// Block count relative to the innermost level (see [`Level`]).
    rel: T,
    /// Counts of the group barriers, as in [`Counts::groups`].
    groups: Vec<T>,
    /// Known contents of thread-local memory. Local memory is private to the
    /// thread, so a load returns exactly what the thread stored.
    local: Vec<LocalCell>,
    /// What this thread read or wrote in shared or global memory since the
    /// last barrier, newest last. Until the first race of an execution, no
    /// other thread writes what this thread touches between two barriers, so
    /// a load at an equal address returns the same value; any execution where
    /// another thread does is racy, and that race is reported on its own.
    seen: Vec<Seen>,
    sync: SyncState,
    /// Stores a block's thread 0 hands the block through a barrier.
    bcast: Broadcasts,
    /// Variables holding a struct read whole from thread-local memory, with
    /// the known fields of that struct (offset from its start, size,
    /// value): a copy of the struct elsewhere in local memory keeps them.
    records: Vec<(u32, Fields)>,
}

/// The known fields of a struct value: offset from its start, size, value.
type Fields = Arc<Vec<(u128, u64, T)>>;

enum Frame {
    Loop { breaks: Vec<State>, continues: Vec<State> },
    Switch { breaks: Vec<State> },
    Inlined { returns: Vec<State> },
}

/// Runs the kernel symbolically.
///
/// With a symbolic block (`sizes.block`), `blockIdx.d * blockDim.d` becomes a
/// leaf of its own; with a symbolic block or grid, so do `blockDim.d *
/// gridDim.d` and the `k * step` of a loop stepping by a launch size (see
/// [`Symbolic`]).
///
/// `pointers` binds pointer parameters to host allocations: parameter `i` is
/// allocation `pointers[i].0` plus the byte offset `pointers[i].1`.
/// `constants` gives the parameters and `struct` parameter fields every
/// launch at the site passes when the host code fixes them (`n = 256`,
/// `p.width = 640`): the trace uses them, so that `row * n` is a linear term
/// rather than an abstracted product.
pub fn trace<'k>(
    kernel: &'k Kernel,
    records: &'k [Record],
    sizes: Symbolic,
    pointers: &[Option<(u32, T)>],
    constants: &Constants,
) -> Trace<'k> {
    let first = run(kernel, records, sizes, pointers, constants, HashSet::new());
    // Which objects the launch never writes is known once every access is;
    // loads from them are then executed again as functions of the address.
    let immutable = memory::immutable(&first);
    if immutable.is_empty() {
        return first;
    }
    run(kernel, records, sizes, pointers, constants, immutable)
}

/// The integer values the host code fixes at one launch site, for every
/// launch there.
#[derive(Clone, Debug, Default)]
pub struct Constants {
    /// Per parameter: its value, when fixed.
    pub params: Vec<Option<u128>>,
    /// Integer fields of `struct` parameters (parameter, `.path`): their
    /// values, when fixed.
    pub fields: HashMap<(u32, String), u128>,
}

fn run<'k>(
    kernel: &'k Kernel,
    records: &'k [Record],
    sizes: Symbolic,
    pointers: &[Option<(u32, T)>],
    constants: &Constants,
    immutable: HashSet<Obj>,
) -> Trace<'k> {
    let mut exec = Exec {
        sizes,
        constants: constants.clone(),
        reductions: HashMap::new(),
        int_products: HashMap::new(),
        product_factors: HashMap::new(),
        signed_sums: HashMap::new(),
        pointers: pointers.to_vec(),
        kernel,
        records,
        frames: Vec::new(),
        record: true,
        trace: Trace::default(),
        fresh: HashMap::new(),
        loop_data: HashMap::new(),
        fields: HashMap::new(),
        sync_iterations: Vec::new(),
        levels: Vec::new(),
        exits: Vec::new(),
        exited: exited::Exited::default(),
        rest: Vec::new(),
        rest_base: Vec::new(),
        loop_vars: Vec::new(),
        fine: fine_sync(&kernel.body),
        fenced: fence_or_atomic(&kernel.body),
        loop_depth: 0,
        immutable,
    };
    gpurace_ir::walk_stmts(&kernel.body, &mut |stmt| {
        if let Stmt::Barrier { barrier, .. } = stmt {
            if let Some(Sync::Group(g)) = barrier_sync(barrier) {
                if !exec.trace.groups.contains(&g) {
                    exec.trace.groups.push(g);
                }
            }
        }
    });
    let zero = t::constant(0, COUNT_WIDTH);
    let state = State {
        pc: t::tru(),
        env: vec![None; kernel.vars.len()],
        block: zero.clone(),
        warp: zero.clone(),
        rel: zero.clone(),
        groups: vec![zero.clone(); exec.trace.groups.len()],
        grid: zero,
        local: Vec::new(),
        seen: Vec::new(),
        sync: SyncState::default(),
        bcast: Broadcasts::default(),
        records: Vec::new(),
    };
    exec.block(state, &kernel.body);
    exec.ticket_bounds();
    exec.trace
}

/// Which launch sizes a trace leaves symbolic. Products of symbolic sizes
/// with per-thread values are nonlinear, so the trace abstracts them into
/// leaves with linear facts (`Abstractions`); products of a concrete block
/// size are linear and stay exact.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Symbolic {
    pub block: bool,
    pub grid: bool,
}

impl Symbolic {
    /// Whether `blockDim * gridDim` and loop steps of launch sizes are
    /// abstracted: when either factor is symbolic.
    pub fn total(self) -> bool {
        self.block || self.grid
    }
}

struct Exec<'k> {
    sizes: Symbolic,
    /// Block-wide reduction calls (`__syncthreads_or`), numbered.
    reductions: HashMap<NodeKey, usize>,
    /// Leaves of abstracted `int` products, by factors.
    int_products: HashMap<(T, T), T>,
    /// The factors of each leaf of `int_products`.
    product_factors: HashMap<T, (T, T)>,
    /// Sums of signed operands the program computes, each with the fact
    /// that it does not overflow (undefined in C), for the loop facts.
    signed_sums: HashMap<T, T>,
    pointers: Vec<Option<(u32, T)>>,
    /// The parameters and fields the host fixes at this launch site.
    constants: Constants,
    kernel: &'k Kernel,
    /// The program's struct layouts, for copies of struct parameters.
    records: &'k [Record],
    frames: Vec<Frame>,
    /// Off while re-evaluating a loop's exit condition.
    record: bool,
    trace: Trace<'k>,
    fresh: HashMap<(NodeKey, Tag), u32>,
    /// Per loop, the variables that only hold values read from memory
    /// (`scan::data_driven`).
    loop_data: HashMap<NodeKey, BTreeSet<VarId>>,
    fields: HashMap<(u32, String), u32>,
    sync_iterations: Vec<T>,
    levels: Vec<Level>,
    /// The block barriers whole loops pass whose iterations pass different
    /// numbers (over-approximated), for loops every enclosing one of which is
    /// a level (`Counts::exits`).
    exits: Vec<T>,
    /// Lanes that leave the outermost barrier loop and exit (`exited.rs`).
    exited: exited::Exited,
    /// Block barriers still to pass, inside the innermost level, after the
    /// statement being executed of each enclosing block (`None`: paths
    /// differ); `Level::rest` sums them.
    rest: Vec<Option<T>>,
    /// Per level, where its entries of `rest` start.
    rest_base: Vec<usize>,
    loop_vars: Vec<(String, T)>,
    /// Track locks and flags: the kernel has a fence and a spin loop.
    fine: bool,
    /// Track which accesses a fence orders before a ticket (or which no fence
    /// does): the kernel has a fence or an atomic.
    fenced: bool,
    loop_depth: usize,
    /// Objects no thread of the launch writes (see `memory::immutable`): a
    /// load from one is a function of its address.
    immutable: HashSet<Obj>,
}

fn dim_index(d: Dim) -> u8 {
    match d {
        Dim::X => 0,
        Dim::Y => 1,
        Dim::Z => 2,
    }
}

/// What the executor keys a fresh value on, so that executing a node again
/// (a loop's exit condition, re-evaluated) gives the same leaf: loops and
/// accesses by their ids (`gpurace_ir::number_nodes`); other statements and
/// expressions, which have no id, by address, which is stable and distinct
/// while the kernel is borrowed for the whole trace.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum NodeKey {
    /// A value keyed by its tag alone.
    None,
    Loop(LoopId),
    Access(AccessId),
    Addr(usize),
}

fn key<N>(node: &N) -> NodeKey {
    NodeKey::Addr(node as *const N as usize)
}

impl<'k> Exec<'k> {
    fn fresh(&mut self, node: NodeKey, tag: Tag, name: impl FnOnce() -> String, width: u32, kind: FreshKind) -> T {
        let index = match self.fresh.get(&(node, tag)) {
            Some(index) => *index,
            None => {
                let index = self.trace.leaves.fresh.len() as u32;
                self.trace.leaves.fresh.push(name());
                self.fresh.insert((node, tag), index);
                if matches!(tag, Tag::Trip | Tag::Product(_) | Tag::Scaled(..)) {
                    self.trace.defined.insert(index);
                }
                index
            }
        };
        let deps = Deps {
            data: kind == FreshKind::Data,
            approx: kind == FreshKind::Approx || kind == FreshKind::Havoc,
            thread: true,
        };
        t::leaf(Leaf::Fresh(index), width, deps)
    }

    fn var_name(&self, var: VarId) -> String {
        self.kernel.vars.get(var.0 as usize).map_or_else(|| format!("v{}", var.0), |v| v.name.clone())
    }

    fn var_ty(&self, var: VarId) -> Type {
        gpurace_core::cexpr::var_type(self.kernel, var)
    }

    fn var_width(&self, var: VarId) -> u32 {
        width(&self.var_ty(var))
    }

    // ---------------------------------------------------------------- values

    // ------------------------------------------------------------ statements

    // ----------------------------------------------------------------- loops
}

fn dead(st: &State) -> State {
    State { pc: t::fals(), ..st.clone() }
}

/// Joins states that reach one program point.
fn merge(states: Vec<State>) -> State {
    let template = states[0].clone();
    let mut live: Vec<State> = states.into_iter().filter(|s| !s.pc.is_false()).collect();
    match live.len() {
        0 => return dead(&template),
        1 => return live.pop().unwrap(),
        _ => {}
    }
    let pc = live.iter().fold(t::fals(), |acc, s| t::or(&acc, &s.pc));
    let pick = |values: Vec<Option<&T>>| -> Option<T> {
        let present: Vec<(usize, &T)> = values.iter().enumerate().filter_map(|(i, v)| v.map(|v| (i, v))).collect();
        let (&(_, last), rest) = present.split_last()?;
        if rest.iter().all(|(_, v)| Arc::ptr_eq(v, last) || *v == last) {
            return Some(last.clone());
        }
        Some(rest.iter().rev().fold(last.clone(), |acc, (i, v)| t::ite(&live[*i].pc, v, &acc)))
    };
    let env = (0..template.env.len()).map(|i| pick(live.iter().map(|s| s.env[i].as_ref()).collect())).collect();
    let block = pick(live.iter().map(|s| Some(&s.block)).collect()).unwrap();
    let warp = pick(live.iter().map(|s| Some(&s.warp)).collect()).unwrap();
    let grid = pick(live.iter().map(|s| Some(&s.grid)).collect()).unwrap();
    let rel = pick(live.iter().map(|s| Some(&s.rel)).collect()).unwrap();
    let groups =
        (0..template.groups.len()).map(|i| pick(live.iter().map(|s| s.groups.get(i)).collect()).unwrap()).collect();
    // Local memory known on every path, merged like variables.
    let mut local = Vec::new();
    for cell in &live[0].local {
        let values: Vec<Option<&T>> = live
            .iter()
            .map(|s| {
                s.local
                    .iter()
                    .find(|c| c.var == cell.var && c.offset == cell.offset && c.size == cell.size)
                    .map(|c| &c.value)
            })
            .collect();
        if values.iter().all(Option::is_some) {
            local.push(LocalCell { value: pick(values).unwrap(), ..cell.clone() });
        }
    }
    // What every path saw, with the same value.
    let seen = live[0]
        .seen
        .iter()
        .filter(|a| {
            live[1..].iter().all(|s| {
                s.seen.iter().any(|b| b.obj == a.obj && b.size == a.size && b.offset == a.offset && b.value == a.value)
            })
        })
        .cloned()
        .collect();
    let sync = merge_sync(&live.iter().map(|s| &s.sync).collect::<Vec<_>>());
    let bcast = merge_broadcasts(&live.iter().map(|s| &s.bcast).collect::<Vec<_>>());
    // Struct values the same on every path.
    let records = live[0]
        .records
        .iter()
        .filter(|(v, cells)| live[1..].iter().all(|s| s.records.iter().any(|(w, c)| w == v && c == cells)))
        .cloned()
        .collect();
    State { pc, env, block, warp, grid, rel, groups, local, seen, sync, bcast, records }
}
