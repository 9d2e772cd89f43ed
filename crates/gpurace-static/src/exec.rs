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
//! [`Term`]: crate::term::Term

use std::collections::{BTreeSet, HashMap, HashSet};
use std::sync::Arc;

use gpurace_ir::{
    Access, AccessKind, AtomicOp, Barrier, Base, BinOp, Builtin, Dim, Expr, Kernel, Loop, LoopKind, Scope, Span, Stmt,
    Type, UnOp, VarId,
};

use crate::smt::Group;
use crate::term::{self as t, BvOp, CmpOp, Deps, FreshKind, Leaf, Leaves, T};

/// The memory object an access touches.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Obj {
    /// A pointer parameter (and a field path of a struct parameter).
    Param(u32, Vec<String>),
    /// An allocation of the host program (pointer parameters the host code
    /// traced to one); offsets are from the allocation's start.
    Alloc(u32),
    Shared(u32),
    Global(u32),
    /// Thread-private memory: never shared.
    Local,
    /// A pointer computed at run time: `offset` is then the full address.
    Dynamic,
}

/// Barrier counts of a thread at one point.
#[derive(Debug, Clone)]
pub struct Counts {
    pub block: T,
    pub warp: T,
    pub grid: T,
    /// Barriers of each group of [`Trace::groups`] (tiles, partial masks).
    pub groups: Vec<T>,
    /// The loops with barriers around the point whose iterations all pass
    /// the same number of block barriers, outermost first.
    pub levels: Vec<Level>,
    /// Block barriers passed since the start of the innermost level's
    /// iteration (since kernel entry without levels).
    pub rel: T,
}

/// One iteration of a loop with barriers, as the block count sees it: the
/// count is `entry + k * m + (count within the iteration)`, `entry` relative
/// to the enclosing level's iteration. Two accesses in one loop nest compare
/// iteration numbers level by level instead of these nonlinear sums.
#[derive(Debug, Clone)]
pub struct Level {
    pub node: usize,
    /// The thread's iteration number (32 bits).
    pub k: T,
    /// Block barriers one iteration passes.
    pub m: T,
    /// Block count at loop entry, relative to the enclosing level.
    pub entry: T,
}

/// One memory access a thread may execute.
#[derive(Debug, Clone)]
pub struct AccessEv<'k> {
    pub access: &'k Access,
    pub guard: T,
    pub obj: Obj,
    /// The object's address (64 bits); 0 for `Dynamic`.
    pub base: T,
    /// Byte offset from the object's start (64 bits); the address for `Dynamic`.
    pub offset: T,
    pub counts: Counts,
    /// Induction variables of the loops around the access, for witnesses.
    pub vars: Vec<(String, T)>,
    /// The locks and flags that order the access (fine-grain synchronisation).
    pub order: SyncOrder,
}

/// What a synchronisation event is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SyncKind {
    /// A lock acquired by a `atomicCAS(&l, e, n) != e` spin loop.
    Lock,
    /// A spin loop on a flag: the thread leaves it once the flag holds a
    /// value that ends the wait.
    Wait,
    /// A store to memory (an atomic or a plain write) that may end a wait:
    /// a release when a fence precedes it.
    Store,
}

/// One lock acquire, flag wait or store of one thread.
#[derive(Debug, Clone)]
pub struct SyncEv {
    pub kind: SyncKind,
    pub obj: Obj,
    /// The absolute address: the object's address plus the offset (the
    /// address itself for `Dynamic`).
    pub addr: T,
    /// The path condition; for a wait, with the condition that ends it.
    pub guard: T,
    /// The scope of the atomic (a plain access: device; volatile: system).
    pub scope: Scope,
    /// Store: the value stored (`None`: not known, e.g. `atomicAdd`). Wait:
    /// the value the spin loop read last.
    pub value: Option<T>,
    /// The index of the event's access in `Trace::accesses`.
    pub access: usize,
    /// Wait: inside another loop.
    pub nested: bool,
}

/// A release that reaches a wait through other threads (HRF-indirect): the
/// thread that waits for `first` releases again after the wait, and so on,
/// until a thread waits with `last`. Every hop is a usable (release, wait)
/// pair whose scope covers any two threads that can take it. `links` are the
/// address pairs of the hops, release then wait; the addresses in between
/// do not depend on the thread, so the query evaluates the first of each pair
/// for the releasing thread and the second for the waiting one.
#[derive(Debug, Clone)]
pub struct Chain {
    pub first: usize,
    /// The scope of the fence between an access and `first`.
    pub scope: Scope,
    pub last: usize,
    pub links: Vec<(T, T)>,
}

/// How fine-grain synchronisation orders one access, in indices of
/// `Trace::syncs`.
#[derive(Debug, Clone, Default)]
pub struct SyncOrder {
    /// Locks held at the access: acquired and then fenced before it, released
    /// after a fence that follows it; with the narrowest scope of the parts
    /// (the CAS, both fences and the release).
    pub locks: Vec<(usize, Scope)>,
    /// Stores that follow the access with a fence between them, with the
    /// narrower of the fence's and the store's scope.
    pub released: Vec<(usize, Scope)>,
    /// Flag waits that precede the access.
    pub waited: Vec<usize>,
    /// Why a lock around the access does not order it.
    pub notes: Vec<&'static str>,
}

/// A leaf standing for `x * y` (64 bits, both factors zero-extended): `x` a
/// per-thread value that is never negative, `y` a launch size.
#[derive(Debug, Clone)]
pub struct Product {
    pub leaf: T,
    pub x: T,
    pub y: T,
    /// `blockIdx * blockDim`: ends inside the `int` range.
    pub fits_int: bool,
    pub dim: u8,
    /// A product of a per-thread value and a symbolic shared one (`y *
    /// pitch`) as signed 64-bit values whose exact product fits: `int`
    /// factors sign-extended, or 32-bit factors extended to 64 bits.
    pub signed: bool,
    /// An `int` product: signed overflow being undefined, it lies in the
    /// `int` range.
    pub int_range: bool,
    /// For `k * step` of an induction variable `v = start + k * step`.
    pub stride: Option<Stride>,
}

/// An induction variable `value = start + k * step` (a grid-stride loop):
/// threads whose starts lie in `[0, step)` take disjoint values when the sum
/// does not wrap (`fits`).
#[derive(Debug, Clone)]
pub struct Stride {
    /// The start, extended to 64 bits.
    pub start: T,
    /// The variable's value, at its own width.
    pub value: T,
    /// The value is the exact sum.
    pub fits: T,
    /// The start lies in `[0, step)` for every thread, by its form:
    /// `threadIdx` stepping by `blockDim`, `blockIdx` by `gridDim`, or
    /// `threadIdx + blockIdx * blockDim` by `blockDim * gridDim`.
    pub below: bool,
}

/// An atomic that moves a counter by a nonzero constant (`atomicAdd(&n, 1)`,
/// `atomicInc`): two threads that apply it to one address get different old
/// values, as long as every atomic on that object moves it the same way.
#[derive(Debug, Clone)]
pub struct Ticket {
    pub obj: Obj,
    pub offset: T,
    pub guard: T,
    pub result: T,
    /// +1 counting up, -1 counting down.
    pub direction: i8,
}

/// Which threads must all reach a barrier.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BarrierKind {
    /// `__syncthreads()`: the threads of a block.
    Block,
    /// `__syncwarp()` with a full mask: the lanes of a warp.
    Warp,
    /// `this_grid().sync()`: every thread of the grid.
    Grid,
    /// A tile or partial-mask warp barrier: the threads of one group.
    Group(Group),
}

/// One block, warp or grid barrier a thread may execute.
#[derive(Debug, Clone)]
pub struct BarrierEv {
    pub span: Span,
    pub kind: BarrierKind,
    pub guard: T,
    /// Iteration numbers of the barrier loops around it: both threads of a
    /// divergence query are put in the same iteration.
    pub iterations: Vec<T>,
}

/// Everything one symbolic thread may do.
#[derive(Debug, Default)]
pub struct Trace<'k> {
    pub accesses: Vec<AccessEv<'k>>,
    pub barriers: Vec<BarrierEv>,
    /// Facts the kernel states (`__assume`, `__requires`), guarded.
    pub assumptions: Vec<T>,
    pub leaves: Leaves,
    /// Statements whose memory effects cannot be over-approximated: a kernel
    /// with one cannot be proved race-free.
    pub unsupported: Vec<(Span, String)>,
    /// Results of atomics that count up (or down) on one address.
    pub tickets: Vec<Ticket>,
    /// Every atomic's object and the direction it counts in (`None`: not a
    /// counter): tickets are distinct only on objects where all agree.
    pub atomics: Vec<(Obj, Option<i8>)>,
    /// Products of a per-thread value and a symbolic launch size replaced by
    /// leaves (`blockIdx.d * blockDim.d`, iteration number * stride): the
    /// product is not linear, so the solver gets linear facts about it instead
    /// (see `smt::Solver::assert_products`).
    pub abstractions: crate::smt::Abstractions,
    /// Lock acquires, flag waits and stores, when the kernel has a fence and
    /// a spin loop (fine-grain synchronisation); empty otherwise.
    pub syncs: Vec<SyncEv>,
    /// The (release, wait) pairs of `syncs` that order accesses, decided by
    /// the checker (`check::usable_flags`).
    pub usable: HashSet<(usize, usize)>,
    /// Hand-offs of flags through other threads, decided with `usable`.
    pub chains: Vec<Chain>,
    /// The groups of the kernel's tile and partial-mask warp barriers, in the
    /// order of [`Counts::groups`].
    pub groups: Vec<Group>,
}

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
    /// Known contents of thread-local memory: (variable, byte offset, size) and
    /// the value last stored there. Local memory is private to the thread, so a
    /// load returns exactly what the thread stored.
    local: Vec<(u32, u128, u64, T)>,
    /// What this thread read or wrote in shared or global memory since the
    /// last barrier: (object, size, offset, value), newest last. Until the
    /// first race of an execution, no other thread writes what this thread
    /// touches between two barriers, so a load at an equal address returns
    /// the same value; any execution where another thread does is racy, and
    /// that race is reported on its own.
    seen: Vec<(Obj, u64, T, T)>,
    sync: SyncState,
}

/// Fine-grain synchronisation on one path: locks held, flags waited for,
/// and the accesses made so far with the widest fence that followed each.
#[derive(Clone, Default)]
struct SyncState {
    held: Vec<Held>,
    waited: Vec<usize>,
    /// Access index and the widest fence after it (`None`: no fence yet).
    pending: Vec<(usize, Option<Scope>)>,
}

/// A lock this path acquired: `active` once a fence followed the acquire
/// (with the narrower scope of the CAS and the fence).
#[derive(Clone)]
struct Held {
    id: usize,
    obj: Obj,
    addr: T,
    scope: Scope,
    active: Option<Scope>,
    inside: Vec<usize>,
}

/// Scopes from the narrowest.
pub fn scope_rank(s: Scope) -> u8 {
    match s {
        Scope::Warp => 0,
        Scope::Block => 1,
        Scope::Device => 2,
        Scope::System => 3,
    }
}

pub fn narrower(a: Scope, b: Scope) -> Scope {
    if scope_rank(a) <= scope_rank(b) {
        a
    } else {
        b
    }
}

fn wider(a: Scope, b: Scope) -> Scope {
    if scope_rank(a) >= scope_rank(b) {
        a
    } else {
        b
    }
}

/// The sync state where paths meet: locks held and waits done on every path;
/// an access unfenced on some path is unfenced.
fn merge_sync(states: &[&SyncState]) -> SyncState {
    let Some((first, rest)) = states.split_first() else { return SyncState::default() };
    let mut held = Vec::new();
    for h in &first.held {
        let others: Vec<&Held> =
            rest.iter().filter_map(|s| s.held.iter().find(|g| g.id == h.id && g.addr == h.addr)).collect();
        if others.len() != rest.len() {
            continue;
        }
        let mut h = h.clone();
        for g in others {
            h.active = match (h.active, g.active) {
                (Some(a), Some(b)) => Some(narrower(a, b)),
                _ => None,
            };
            for i in &g.inside {
                if !h.inside.contains(i) {
                    h.inside.push(*i);
                }
            }
        }
        held.push(h);
    }
    let waited = first.waited.iter().copied().filter(|w| rest.iter().all(|s| s.waited.contains(w))).collect();
    let mut pending: Vec<(usize, Option<Scope>)> = Vec::new();
    for s in states {
        for &(i, f) in &s.pending {
            match pending.iter_mut().find(|(j, _)| *j == i) {
                Some(p) => {
                    p.1 = match (p.1, f) {
                        (Some(a), Some(b)) => Some(narrower(a, b)),
                        _ => None,
                    }
                }
                None => pending.push((i, f)),
            }
        }
    }
    pending.sort_by_key(|(i, _)| *i);
    SyncState { held, waited, pending }
}

enum Frame {
    Loop { breaks: Vec<State>, continues: Vec<State> },
    Switch { breaks: Vec<State> },
    Inlined { returns: Vec<State> },
}

/// How an induction variable moves each iteration.
#[derive(Debug, Clone)]
struct Induction {
    op: BinOp,
    step: T,
    signed: bool,
}

pub const COUNT_WIDTH: u32 = 64;

/// Runs the kernel symbolically.
///
/// With `abstract_products`, `blockIdx.d * blockDim.d` becomes a leaf of its
/// own (for symbolic launch geometry).
///
/// `pointers` binds pointer parameters to host allocations: parameter `i` is
/// allocation `pointers[i].0` plus the byte offset `pointers[i].1`.
pub fn trace<'k>(kernel: &'k Kernel, abstract_products: bool, pointers: &[Option<(u32, T)>]) -> Trace<'k> {
    let mut exec = Exec {
        abstract_products,
        reductions: HashMap::new(),
        int_products: HashMap::new(),
        pointers: pointers.to_vec(),
        kernel,
        frames: Vec::new(),
        record: true,
        trace: Trace::default(),
        fresh: HashMap::new(),
        fields: HashMap::new(),
        sync_iterations: Vec::new(),
        levels: Vec::new(),
        loop_vars: Vec::new(),
        fine: fine_sync(&kernel.body),
        loop_depth: 0,
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
    };
    exec.block(state, &kernel.body);
    exec.trace
}

struct Exec<'k> {
    abstract_products: bool,
    /// Block-wide reduction calls (`__syncthreads_or`), numbered.
    reductions: HashMap<usize, usize>,
    /// Leaves of abstracted `int` products, by factors.
    int_products: HashMap<(T, T), T>,
    pointers: Vec<Option<(u32, T)>>,
    kernel: &'k Kernel,
    frames: Vec<Frame>,
    /// Off while re-evaluating a loop's exit condition.
    record: bool,
    trace: Trace<'k>,
    fresh: HashMap<(usize, Tag), u32>,
    fields: HashMap<(u32, String), u32>,
    sync_iterations: Vec<T>,
    levels: Vec<Level>,
    loop_vars: Vec<(String, T)>,
    /// Track locks and flags: the kernel has a fence and a spin loop.
    fine: bool,
    loop_depth: usize,
}

/// The bit width a value of type `ty` has in terms; 0 for booleans.
pub fn width(ty: &Type) -> u32 {
    match ty {
        Type::Bool => 0,
        Type::Int { bits, .. } | Type::Float { bits } => u32::from(*bits).max(1),
        _ => 64,
    }
}

fn is_signed(ty: &Type) -> bool {
    matches!(ty, Type::Int { signed: true, .. })
}

fn is_float(ty: &Type) -> bool {
    matches!(ty, Type::Float { .. })
}

fn dim_index(d: Dim) -> u8 {
    match d {
        Dim::X => 0,
        Dim::Y => 1,
        Dim::Z => 2,
    }
}

fn key<N>(node: &N) -> usize {
    node as *const N as usize
}

impl<'k> Exec<'k> {
    fn fresh(&mut self, node: usize, tag: Tag, name: impl FnOnce() -> String, width: u32, kind: FreshKind) -> T {
        let index = match self.fresh.get(&(node, tag)) {
            Some(index) => *index,
            None => {
                let index = self.trace.leaves.fresh.len() as u32;
                self.trace.leaves.fresh.push(name());
                self.fresh.insert((node, tag), index);
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
        self.kernel.vars.get(var.0 as usize).map_or(Type::INT, |v| v.ty.clone())
    }

    fn var_width(&self, var: VarId) -> u32 {
        width(&self.var_ty(var))
    }

    // ---------------------------------------------------------------- values

    fn ty_of(&self, e: &Expr) -> Type {
        match e {
            Expr::Var(v) => self.var_ty(*v),
            Expr::Param(i) => self.kernel.params.get(*i as usize).map_or(Type::INT, |p| p.ty.clone()),
            Expr::SharedAddr(_) => Type::Ptr(Box::new(Type::Void)),
            other => other.own_type().cloned().unwrap_or(Type::INT),
        }
    }

    fn opaque(&mut self, e: &Expr, ty: &Type) -> T {
        let w = width(ty);
        self.fresh(key(e), Tag::Value, || "opaque value".to_string(), w, FreshKind::Approx)
    }

    /// The value of `e`, converted to the width of type `ty`.
    fn value_as(&mut self, st: &State, e: &Expr, ty: &Type) -> T {
        let v = self.value(st, e);
        self.convert(&v, &self.ty_of(e), ty)
    }

    fn convert(&self, v: &T, from: &Type, to: &Type) -> T {
        match width(to) {
            0 => t::to_bool(v),
            w => t::resize(v, w, is_signed(from)),
        }
    }

    fn value(&mut self, st: &State, e: &Expr) -> T {
        match e {
            Expr::Int { value, ty } => match width(ty) {
                0 => t::boolean(*value != 0),
                w => t::constant_i(*value, w),
            },
            Expr::Float { ty, .. } => self.opaque(e, ty),
            Expr::Var(v) => match st.env.get(v.0 as usize).cloned().flatten() {
                Some(value) => value,
                None => {
                    let w = self.var_width(*v);
                    let name = self.var_name(*v);
                    self.fresh(0, Tag::Uninit(v.0), || format!("{name} (uninitialised)"), w, FreshKind::Havoc)
                }
            },
            Expr::Param(i) => {
                let ty = self.ty_of(e);
                match ty {
                    Type::Float { .. } | Type::Record { .. } | Type::Opaque { .. } => self.opaque(e, &ty),
                    Type::Ptr(_) | Type::Array { .. } => self.param_pointer(*i),
                    _ => t::leaf(Leaf::Param(*i), width(&ty), Deps::default()),
                }
            }
            Expr::Builtin(b) => match b {
                Builtin::ThreadIdx(d) => t::leaf(Leaf::Tid(dim_index(*d)), 32, Deps::default()),
                Builtin::BlockIdx(d) => t::leaf(Leaf::Bid(dim_index(*d)), 32, Deps::default()),
                Builtin::BlockDim(d) => t::leaf(Leaf::BlockDim(dim_index(*d)), 32, Deps::default()),
                Builtin::GridDim(d) => t::leaf(Leaf::GridDim(dim_index(*d)), 32, Deps::default()),
                Builtin::WarpSize => t::constant(32, 32),
            },
            Expr::Unary { op, arg, ty } => {
                if is_float(ty) {
                    return self.opaque(e, ty);
                }
                match op {
                    UnOp::Not => {
                        let a = self.value(st, arg);
                        let r = t::not(&t::to_bool(&a));
                        self.convert(&r, &Type::Bool, ty)
                    }
                    UnOp::Neg => {
                        let a = self.value_as(st, arg, ty);
                        t::bin(BvOp::Sub, &t::constant(0, a.width), &a)
                    }
                    UnOp::BitNot => {
                        let a = self.value_as(st, arg, ty);
                        t::bin(BvOp::Xor, &a, &t::constant(t::mask(a.width), a.width))
                    }
                }
            }
            Expr::Binary { op, lhs, rhs, ty } => self.binary(st, e, *op, lhs, rhs, ty),
            Expr::Cast { ty, arg } => {
                let from = self.ty_of(arg);
                if is_float(ty) || (is_float(&from) && !matches!(ty, Type::Bool)) {
                    return self.opaque(e, ty);
                }
                if matches!(ty, Type::Record { .. } | Type::Opaque { .. }) {
                    return self.opaque(e, ty);
                }
                let v = self.value(st, arg);
                self.convert(&v, &from, ty)
            }
            Expr::Select { cond, then, els, ty } => {
                let c = self.value(st, cond);
                let a = self.value_as(st, then, ty);
                let b = self.value_as(st, els, ty);
                t::ite(&t::to_bool(&c), &a, &b)
            }
            Expr::Addr { base, offset, .. } => {
                let b = self.base_value(st, base);
                let o = self.value_as(st, offset, &Type::LONG);
                t::add(&b, &o)
            }
            Expr::SharedAddr(id) => object_base(BaseKind::Shared, id.0),
            Expr::Field { ty, .. } => match self.param_field(e) {
                Some((index, path)) if !is_float(ty) => {
                    let id = self.field_leaf(index, path);
                    match ty {
                        Type::Ptr(_) | Type::Array { .. } => object_base(BaseKind::Field, id),
                        _ => t::leaf(Leaf::ParamField(id), width(ty), Deps::default()),
                    }
                }
                _ => self.opaque(e, ty),
            },
            Expr::Call { func, args: call_args, ty }
                if (func == "__mul24" || func == "__umul24") && call_args.len() == 2 =>
            {
                // The product of the low 24 bits (sign-extended for `__mul24`).
                let signed = func == "__mul24";
                let a = t::resize(&t::resize(&self.value_as(st, &call_args[0], ty), 24, false), 32, signed);
                let b = t::resize(&t::resize(&self.value_as(st, &call_args[1], ty), 24, false), 32, signed);
                t::mul(&a, &b)
            }
            Expr::Call { func, ty, .. }
                if matches!(func.as_str(), "__syncthreads_or" | "__syncthreads_and" | "__syncthreads_count") =>
            {
                // A block-wide reduction at a barrier: one value for every
                // thread of the block at that barrier, made of what the
                // threads had (data).
                // The barrier instance is the block and the iteration numbers
                // of the enclosing loops with barriers (which a divergence
                // query makes equal for both threads); one function per call.
                let no = Deps::default();
                let mut args: Vec<T> = (0..3).map(|d| t::leaf(Leaf::Bid(d), 32, no)).collect();
                args.extend(self.sync_iterations.iter().cloned());
                let site = self.reductions.len();
                let site = *self.reductions.entry(key(e)).or_insert(site);
                let w = width(ty);
                let v = t::uf(&format!("{func}#{site}"), args, if w == 0 { 1 } else { w });
                t::with_deps(&v, Deps { data: true, approx: false, thread: true })
            }
            Expr::Call { func, args, ty } => {
                let args: Vec<T> = args.iter().map(|a| t::to_bv(&self.value(st, a))).collect();
                let w = width(ty);
                t::uf(func, args, if w == 0 { 1 } else { w })
            }
            Expr::Unknown { ty, .. } => self.opaque(e, ty),
        }
    }

    fn param_field(&self, e: &Expr) -> Option<(u32, String)> {
        match e {
            Expr::Param(i) => Some((*i, String::new())),
            Expr::Field { value, field, .. } => {
                let (i, path) = self.param_field(value)?;
                Some((i, format!("{path}.{field}")))
            }
            Expr::Cast { arg, .. } => self.param_field(arg),
            _ => None,
        }
    }

    /// The address a pointer parameter holds: inside its host allocation
    /// when the host code says which, else an object of its own.
    fn param_pointer(&self, index: u32) -> T {
        match self.pointers.get(index as usize).cloned().flatten() {
            Some((alloc, offset)) => t::add(&object_base(BaseKind::Alloc, alloc), &offset),
            None => object_base(BaseKind::Param, index),
        }
    }

    /// The host allocation and offset a pointer parameter base is bound to.
    fn bound_param(&self, base: &Base) -> Option<(u32, T)> {
        match base {
            Base::Param { index, fields } if fields.is_empty() => self.pointers.get(*index as usize).cloned().flatten(),
            _ => None,
        }
    }

    fn field_leaf(&mut self, index: u32, path: String) -> u32 {
        let next = self.trace.leaves.fields.len() as u32;
        let id = *self.fields.entry((index, path.clone())).or_insert(next);
        if id == next {
            self.trace.leaves.fields.push((index, path, id));
        }
        id
    }

    fn binary(&mut self, st: &State, e: &Expr, op: BinOp, lhs: &Expr, rhs: &Expr, ty: &Type) -> T {
        let lty = self.ty_of(lhs);
        let rty = self.ty_of(rhs);
        if op == BinOp::LAnd || op == BinOp::LOr {
            let a = t::to_bool(&self.value(st, lhs));
            let b = t::to_bool(&self.value(st, rhs));
            let r = if op == BinOp::LAnd { t::and(&a, &b) } else { t::or(&a, &b) };
            return self.convert(&r, &Type::Bool, ty);
        }
        if op.is_comparison() {
            if is_float(&lty) || is_float(&rty) {
                let w = width(ty);
                return self.fresh(key(e), Tag::Value, || "float comparison".into(), w, FreshKind::Approx);
            }
            // Operands have one type after C's usual conversions; use the wider.
            let common = if width(&rty) > width(&lty) { rty.clone() } else { lty.clone() };
            let signed = is_signed(&common) && (is_signed(&lty) || width(&lty) < width(&common)) && {
                is_signed(&rty) || width(&rty) < width(&common)
            };
            let common = if width(&common) == 0 { Type::INT } else { common };
            let a = self.value_as(st, lhs, &common);
            let b = self.value_as(st, rhs, &common);
            let r = t::c_compare(op, &a, &b, signed).expect("a comparison");
            return self.convert(&r, &Type::Bool, ty);
        }
        if is_float(ty) || is_float(&lty) || is_float(&rty) {
            return self.opaque(e, ty);
        }
        let ty = if width(ty) == 0 { Type::INT } else { ty.clone() };
        let signed = is_signed(&ty);
        if op == BinOp::Mul && self.abstract_products {
            if let Some(d) = block_product(lhs, rhs) {
                let name = || format!("blockIdx.{0} * blockDim.{0}", "xyz".as_bytes()[usize::from(d)] as char);
                let p = self.fresh(0, Tag::Product(d), name, 64, FreshKind::Counter);
                if !self.trace.abstractions.products.iter().any(|x| x.leaf == p) {
                    let no = Deps::default();
                    self.trace.abstractions.products.push(Product {
                        leaf: p.clone(),
                        x: t::resize(&t::leaf(Leaf::Bid(d), 32, no), 64, false),
                        y: t::resize(&t::leaf(Leaf::BlockDim(d), 32, no), 64, false),
                        fits_int: true,
                        dim: d,
                        signed: false,
                        int_range: false,
                        stride: None,
                    });
                }
                return t::resize(&p, width(&ty), false);
            }
            if let Some(d) = grid_product(lhs, rhs) {
                if !self.trace.abstractions.grid_threads.contains(&d) {
                    self.trace.abstractions.grid_threads.push(d);
                }
                return t::resize(&t::leaf(Leaf::GridThreads(d), 64, Deps::default()), width(&ty), false);
            }
        }
        let a = self.value_as(st, lhs, &ty);
        let b = match op {
            BinOp::Shl | BinOp::Shr => {
                let b = self.value(st, rhs);
                t::resize(&b, a.width, false)
            }
            _ => self.value_as(st, rhs, &ty),
        };
        if op == BinOp::Mul {
            if let Some(p) = self.shared_product(&a, &b, &ty) {
                return p;
            }
        }
        t::c_arith(op, &a, &b, signed).expect("logical and comparison operators are handled above")
    }

    fn base_value(&mut self, st: &State, base: &Base) -> T {
        match base {
            Base::Param { index, fields } if fields.is_empty() => self.param_pointer(*index),
            Base::Param { index, fields } => {
                let id = self.field_leaf(*index, fields.iter().map(|f| format!(".{f}")).collect());
                object_base(BaseKind::Field, id)
            }
            Base::Dynamic(e) => {
                let v = self.value(st, e);
                t::resize(&v, 64, false)
            }
            Base::Shared(id) => object_base(BaseKind::Shared, id.0),
            Base::Global(id) => object_base(BaseKind::Global, id.0),
            Base::Local(v) | Base::Host(v) => object_base(BaseKind::Local, v.0),
        }
    }

    // ------------------------------------------------------------ statements

    fn block(&mut self, mut st: State, stmts: &'k [Stmt]) -> State {
        for stmt in stmts {
            if st.pc.is_false() {
                break;
            }
            st = self.stmt(st, stmt);
        }
        st
    }

    fn set(&self, st: &mut State, var: VarId, value: T) {
        let ty = self.var_ty(var);
        let value = match width(&ty) {
            0 => t::to_bool(&value),
            w if value.width == 0 => t::bool_to_bv(&value, w),
            w if value.width != w => t::resize(&value, w, false),
            _ => value,
        };
        if let Some(slot) = st.env.get_mut(var.0 as usize) {
            *slot = Some(value);
        }
    }

    fn define_fresh(&mut self, st: &mut State, node: usize, var: VarId, kind: FreshKind) {
        let w = self.var_width(var);
        let name = self.var_name(var);
        let v = self.fresh(node, Tag::Value, || name, w, kind);
        self.set(st, var, v);
    }

    fn stmt(&mut self, mut st: State, stmt: &'k Stmt) -> State {
        match stmt {
            Stmt::Decl { var, init } => {
                let v = match init {
                    Some(init) => self.value_as(&st, init, &self.var_ty(*var)),
                    None => {
                        let w = self.var_width(*var);
                        let name = self.var_name(*var);
                        self.fresh(key(stmt), Tag::Value, || format!("{name} (uninitialised)"), w, FreshKind::Havoc)
                    }
                };
                self.set(&mut st, *var, v);
            }
            Stmt::Assign { var, value } => {
                let v = self.value_as(&st, value, &self.var_ty(*var));
                self.set(&mut st, *var, v);
            }
            Stmt::Read { dst, access } => {
                let ev = self.access(&mut st, access);
                if let Some(value) = self.known_load(&st, access) {
                    self.set(&mut st, *dst, value);
                } else {
                    let kind = if is_float(&self.var_ty(*dst)) { FreshKind::Approx } else { FreshKind::Data };
                    self.define_fresh(&mut st, key(stmt), *dst, kind);
                    if let (Some((obj, offset)), Some(fresh)) = (ev, st.env[dst.0 as usize].clone()) {
                        let value = forward(&st.seen, &obj, access.size, &offset, fresh);
                        self.set(&mut st, *dst, value.clone());
                        remember(
                            &mut st.seen,
                            obj,
                            access.size,
                            offset,
                            st.env[dst.0 as usize].clone().unwrap_or(value),
                        );
                    }
                }
            }
            Stmt::Write { access, value } => {
                let ev = self.access(&mut st, access);
                let v = self.value_as(&st, value, &access.ty);
                self.store(&mut st, access, Some(v.clone()));
                if let Some((obj, offset)) = ev {
                    // A store through an unknown pointer may change anything seen;
                    // a store to an object may change what was seen through one.
                    if obj == Obj::Dynamic {
                        st.seen.clear();
                    } else {
                        st.seen.retain(|(o, ..)| *o != Obj::Dynamic);
                    }
                    let v = if width(&access.ty) == 0 { t::bool_to_bv(&v, 8) } else { v };
                    remember(&mut st.seen, obj, access.size, offset, v.clone());
                    self.sync_store(&mut st, access, Some(v));
                }
            }
            Stmt::Atomic { dst, access, args } => {
                for arg in args {
                    let _ = self.value(&st, arg);
                }
                let ev = self.access(&mut st, access);
                if let Some((obj, _)) = &ev {
                    forget(&mut st.seen, obj);
                    if let AccessKind::Atomic { op, .. } = access.kind {
                        let arg =
                            |i: usize, exec: &mut Exec<'k>| args.get(i).map(|a| exec.value_as(&st, a, &access.ty));
                        let identity = arg(0, self).and_then(|v| v.as_const()) == Some(0);
                        let stored = match op {
                            AtomicOp::Load => None,
                            AtomicOp::Add | AtomicOp::Sub | AtomicOp::Or | AtomicOp::Xor if identity => None,
                            AtomicOp::Exch | AtomicOp::Store => Some(arg(0, self)),
                            AtomicOp::Cas => Some(arg(1, self)),
                            _ => Some(None),
                        };
                        if let Some(value) = stored {
                            self.sync_store(&mut st, access, value);
                        }
                    }
                }
                self.store(&mut st, access, None);
                let step = args.first().map(|a| self.value(&st, a)).and_then(|v| v.as_const());
                let direction = counting(access, step);
                if let (Some((obj, _)), true) = (&ev, self.record) {
                    self.trace.atomics.push((obj.clone(), direction));
                }
                if let Some(dst) = dst {
                    self.define_fresh(&mut st, key(stmt), *dst, FreshKind::Data);
                    if let (Some((obj, offset)), Some(result), Some(direction), true) =
                        (ev, st.env[dst.0 as usize].clone(), direction, self.record)
                    {
                        self.trace.tickets.push(Ticket { obj, offset, guard: st.pc.clone(), result, direction });
                    }
                }
            }
            Stmt::If { cond, then, els, .. } => {
                let c = t::to_bool(&self.value(&st, cond));
                let mut a = st.clone();
                a.pc = t::and(&st.pc, &c);
                let mut b = st;
                b.pc = t::and(&b.pc, &t::not(&c));
                let a = self.block(a, then);
                let b = self.block(b, els);
                st = merge(vec![a, b]);
            }
            Stmt::Loop(lp) => st = self.exec_loop(st, lp),
            Stmt::Switch { value, cases, .. } => {
                let v = t::to_bv(&self.value(&st, value));
                let matches: Vec<T> = cases
                    .iter()
                    .map(|c| {
                        c.values.iter().fold(t::fals(), |acc, x| t::or(&acc, &t::eq(&v, &t::constant_i(*x, v.width))))
                    })
                    .collect();
                let none = t::not(&matches.iter().fold(t::fals(), |acc, m| t::or(&acc, m)));
                self.frames.push(Frame::Switch { breaks: Vec::new() });
                let mut fall = dead(&st);
                for (case, m) in cases.iter().zip(&matches) {
                    let m = if case.is_default { t::or(m, &none) } else { m.clone() };
                    let mut entry = st.clone();
                    entry.pc = t::and(&st.pc, &m);
                    fall = self.block(merge(vec![fall, entry]), &case.body);
                }
                let Some(Frame::Switch { mut breaks }) = self.frames.pop() else { unreachable!() };
                if !cases.iter().any(|c| c.is_default) {
                    let mut skip = st.clone();
                    skip.pc = t::and(&st.pc, &none);
                    breaks.push(skip);
                }
                breaks.push(fall);
                st = merge(breaks);
            }
            Stmt::Break => {
                for frame in self.frames.iter_mut().rev() {
                    match frame {
                        Frame::Loop { breaks, .. } | Frame::Switch { breaks } => {
                            breaks.push(st.clone());
                            break;
                        }
                        Frame::Inlined { .. } => {}
                    }
                }
                st.pc = t::fals();
            }
            Stmt::Continue => {
                for frame in self.frames.iter_mut().rev() {
                    if let Frame::Loop { continues, .. } = frame {
                        continues.push(st.clone());
                        break;
                    }
                }
                st.pc = t::fals();
            }
            Stmt::Return(_) => {
                for frame in self.frames.iter_mut().rev() {
                    if let Frame::Inlined { returns } = frame {
                        returns.push(st.clone());
                        break;
                    }
                }
                st.pc = t::fals();
            }
            Stmt::Exit { .. } => st.pc = t::fals(),
            Stmt::Scope(body) => st = self.block(st, body),
            Stmt::Inlined { body, .. } => {
                self.frames.push(Frame::Inlined { returns: Vec::new() });
                let end = self.block(st, body);
                let Some(Frame::Inlined { mut returns }) = self.frames.pop() else { unreachable!() };
                returns.push(end);
                st = merge(returns);
            }
            Stmt::Barrier { barrier, span } => match barrier_sync(barrier) {
                Some(Sync::Block) => {
                    self.barrier(&st, *span, BarrierKind::Block);
                    st.seen.clear();
                    st.block = t::add(&st.block, &t::constant(1, COUNT_WIDTH));
                    st.rel = t::add(&st.rel, &t::constant(1, COUNT_WIDTH));
                }
                Some(Sync::Grid) => {
                    self.barrier(&st, *span, BarrierKind::Grid);
                    st.seen.clear();
                    st.block = t::add(&st.block, &t::constant(1, COUNT_WIDTH));
                    st.rel = t::add(&st.rel, &t::constant(1, COUNT_WIDTH));
                    st.grid = t::add(&st.grid, &t::constant(1, COUNT_WIDTH));
                }
                Some(Sync::Warp) => {
                    self.barrier(&st, *span, BarrierKind::Warp);
                    st.seen.clear();
                    st.warp = t::add(&st.warp, &t::constant(1, COUNT_WIDTH));
                }
                Some(Sync::Group(g)) => {
                    self.barrier(&st, *span, BarrierKind::Group(g));
                    st.seen.clear();
                    if let Some(i) = self.trace.groups.iter().position(|x| *x == g) {
                        st.groups[i] = t::add(&st.groups[i], &t::constant(1, COUNT_WIDTH));
                    }
                }
                // A warp barrier whose mask or a tile barrier whose size is not
                // a constant orders nothing: ignoring a barrier can only add
                // races.
                None => {}
            },
            Stmt::Fence { scope, .. } => {
                if self.fine && self.record {
                    for p in &mut st.sync.pending {
                        p.1 = Some(p.1.map_or(*scope, |f| wider(f, *scope)));
                    }
                    for h in &mut st.sync.held {
                        if h.active.is_none() {
                            h.active = Some(narrower(h.scope, *scope));
                        }
                    }
                }
            }
            Stmt::Assert { .. } | Stmt::Launch { .. } => {}
            Stmt::WarpOp { dst, mask, args, .. } => {
                let _ = self.value(&st, mask);
                for arg in args {
                    let _ = self.value(&st, arg);
                }
                if let Some(dst) = dst {
                    self.define_fresh(&mut st, key(stmt), *dst, FreshKind::Data);
                }
            }
            Stmt::Assume { cond, .. } => {
                let c = t::to_bool(&self.value(&st, cond));
                if self.record {
                    self.trace.assumptions.push(t::implies(&st.pc, &c));
                }
            }
            Stmt::Call { callee, dst, span, .. } => {
                st.seen.clear();
                if self.record {
                    self.trace.unsupported.push((*span, format!("call to `{callee}` is not inlined")));
                }
                if let Some(dst) = dst {
                    self.define_fresh(&mut st, key(stmt), *dst, FreshKind::Approx);
                }
            }
            Stmt::Unknown { reason, span } => {
                st.seen.clear();
                if self.record {
                    self.trace.unsupported.push((*span, reason.clone()));
                }
            }
        }
        st
    }

    /// The value a load from thread-local memory (or from the by-value
    /// parameters, which every thread sees alike) returns, when known.
    fn known_load(&mut self, st: &State, access: &Access) -> Option<T> {
        match &access.base {
            Base::Local(var) => {
                let offset = self.value_as(st, &access.offset, &Type::LONG).as_const()?;
                let (_, _, _, v) =
                    st.local.iter().find(|(x, o, size, _)| *x == var.0 && *o == offset && *size == access.size)?;
                Some(v.clone())
            }
            Base::Dynamic(e) => {
                let pointer = self.value(st, e);
                let offset = self.value_as(st, &access.offset, &Type::LONG);
                if let Some((var, offset)) =
                    t::add(&t::resize(&pointer, 64, false), &offset).as_const().and_then(local_slot)
                {
                    let (_, _, _, v) =
                        st.local.iter().find(|(x, o, size, _)| *x == var && *o == offset && *size == access.size)?;
                    return Some(v.clone());
                }
                // `s.array[4]` of a struct parameter: parameter memory.
                let (index, path) = self.param_field(e)?;
                if !matches!(self.ty_of(e), Type::Array { .. }) || is_float(&access.ty) {
                    return None;
                }
                let offset = self.value_as(st, &access.offset, &Type::LONG).as_const()?;
                let id = self.field_leaf(index, format!("{path}+{offset}"));
                Some(t::leaf(Leaf::ParamField(id), width(&access.ty).max(1), Deps::default()))
            }
            _ => None,
        }
    }

    /// The local variable a store through a pointer writes, when the pointer
    /// is known to point into one; `None` offset when the offset is unknown.
    fn local_target(&mut self, st: &State, access: &Access) -> Option<(u32, Option<u128>)> {
        match &access.base {
            Base::Local(var) => Some((var.0, self.value_as(st, &access.offset, &Type::LONG).as_const())),
            Base::Dynamic(e) => {
                let pointer = self.value(st, e);
                let offset = self.value_as(st, &access.offset, &Type::LONG);
                let address = t::add(&t::resize(&pointer, 64, false), &offset);
                let (var, offset) = address.as_const().and_then(local_slot)?;
                Some((var, Some(offset)))
            }
            _ => None,
        }
    }

    /// Records a store to thread-local memory; a store the engine cannot place
    /// (a pointer into local memory at an unknown offset) forgets everything.
    fn store(&mut self, st: &mut State, access: &Access, value: Option<T>) {
        match self.local_target(st, access) {
            Some((var, Some(offset))) => self.store_local(st, var, offset, access.size, value),
            Some((var, None)) => st.local.retain(|(x, ..)| *x != var),
            None => {
                let pointer = match &access.base {
                    Base::Dynamic(e) => Some(self.value(st, e)),
                    _ => None,
                };
                if pointer.is_some_and(|p| points_to_local(&p) || p.deps.data || p.deps.approx) {
                    st.local.clear();
                }
            }
        }
    }

    fn store_local(&mut self, st: &mut State, var: u32, o: u128, size: u64, value: Option<T>) {
        st.local.retain(|(x, p, s, _)| *x != var || p + u128::from(*s) <= o || o + u128::from(size) <= *p);
        if let Some(v) = value {
            st.local.push((var, o, size, v));
        }
    }

    /// The object an access touches, the object's address and the offset.
    fn locate(&mut self, st: &State, access: &Access) -> (Obj, T, T) {
        let mut offset = self.value_as(st, &access.offset, &Type::LONG);
        let mut obj = obj_of(&access.base);
        let mut base = t::constant(0, 64);
        if let Base::Dynamic(e) = &access.base {
            let pointer = self.value(st, e);
            offset = t::add(&t::resize(&pointer, 64, false), &offset);
            // Thread-local memory, or the kernel's by-value parameters (an
            // array inside a struct parameter): nothing another thread writes.
            let in_params = self.param_field(e).is_some() && matches!(self.ty_of(e), Type::Array { .. });
            if points_to_local(&pointer) || in_params {
                obj = Obj::Local;
            }
        } else if let Some((alloc, start)) = self.bound_param(&access.base) {
            obj = Obj::Alloc(alloc);
            offset = t::add(&start, &offset);
            base = object_base(BaseKind::Alloc, alloc);
        } else {
            base = self.base_value(st, &access.base);
        }
        (obj, base, offset)
    }

    /// Records an access; returns its object and offset when the access is to
    /// memory other threads may touch.
    fn access(&mut self, st: &mut State, access: &'k Access) -> Option<(Obj, T)> {
        if st.pc.is_false() {
            return None;
        }
        let (obj, base, offset) = self.locate(st, access);
        let out = (obj != Obj::Local).then(|| (obj.clone(), offset.clone()));
        if self.record {
            let index = self.trace.accesses.len();
            let mut order = SyncOrder::default();
            if self.fine && obj != Obj::Local {
                order.waited = st.sync.waited.clone();
                st.sync.pending.push((index, None));
                for h in &mut st.sync.held {
                    match h.active {
                        Some(_) => h.inside.push(index),
                        None => order.notes.push("no fence between the lock's acquire and this access"),
                    }
                }
            }
            self.trace.accesses.push(AccessEv {
                access,
                guard: st.pc.clone(),
                obj,
                base,
                offset,
                counts: Counts {
                    block: st.block.clone(),
                    warp: st.warp.clone(),
                    grid: st.grid.clone(),
                    groups: st.groups.clone(),
                    levels: self.levels.clone(),
                    rel: st.rel.clone(),
                },
                vars: self.loop_vars.clone(),
                order,
            });
        }
        out
    }

    /// A store that may end another thread's wait (a release when a fence
    /// precedes it), and the release of a lock this path holds at its address.
    fn sync_store(&mut self, st: &mut State, access: &'k Access, value: Option<T>) {
        if !self.fine || !self.record || st.pc.is_false() {
            return;
        }
        let index = self.trace.accesses.len() - 1;
        let ev = &self.trace.accesses[index];
        if ev.obj == Obj::Local {
            return;
        }
        let scope = match access.kind {
            AccessKind::Atomic { scope, .. } => scope,
            _ if access.volatile => Scope::System,
            _ => Scope::Device,
        };
        let (obj, addr) = (ev.obj.clone(), t::add(&ev.base, &ev.offset));
        let id = self.trace.syncs.len();
        self.trace.syncs.push(SyncEv {
            kind: SyncKind::Store,
            obj: obj.clone(),
            addr: addr.clone(),
            guard: st.pc.clone(),
            scope,
            value,
            access: index,
            nested: false,
        });
        for &(i, fence) in &st.sync.pending {
            if let (Some(f), true) = (fence, i != index) {
                self.trace.accesses[i].order.released.push((id, narrower(f, scope)));
            }
        }
        let (released, kept): (Vec<Held>, Vec<Held>) =
            st.sync.held.drain(..).partition(|h| h.obj == obj && h.addr == addr);
        st.sync.held = kept;
        for h in released {
            for i in h.inside {
                let fence = st.sync.pending.iter().find(|(j, _)| *j == i).and_then(|(_, f)| *f);
                let order = &mut self.trace.accesses[i].order;
                match (fence, h.active) {
                    (Some(f), Some(a)) => order.locks.push((h.id, narrower(narrower(f, a), narrower(h.scope, scope)))),
                    _ => order.notes.push("no fence between this access and the lock's release"),
                }
            }
        }
    }

    fn barrier(&mut self, st: &State, span: Span, kind: BarrierKind) {
        if self.record {
            let iterations = self.sync_iterations.clone();
            self.trace.barriers.push(BarrierEv { span, kind, guard: st.pc.clone(), iterations });
        }
    }

    // ----------------------------------------------------------------- loops

    fn exec_loop(&mut self, st: State, lp: &'k Loop) -> State {
        let st = self.block(st, &lp.init);
        if st.pc.is_false() {
            return st;
        }
        let node = key(lp);
        let mut defs: HashMap<VarId, usize> = HashMap::new();
        for b in [&lp.cond_pre, &lp.body, &lp.step] {
            count_defs(b, &mut defs);
        }
        let modified: BTreeSet<VarId> = defs.keys().copied().collect();
        let inductions = self.inductions(&st, lp, &defs, &modified);
        let k = self.fresh(node, Tag::Iteration, || "iteration".into(), 32, FreshKind::Counter);
        let n = self.fresh(node, Tag::Trip, || "trip count".into(), 32, FreshKind::Counter);

        let sync = has_sync(&lp.cond_pre) || has_sync(&lp.body) || has_sync(&lp.step);
        let per_iteration = if sync { self.loop_increment(lp) } else { None };
        // Counts at iteration `iter` (tag 0) or after the loop (tag 1): block,
        // warp, grid, the block count relative to the innermost level (zero
        // at the start of an iteration of a loop that is a level itself),
        // then the group counts.
        let counts_at = |exec: &mut Exec<'k>, iter: &T, tag: u8| -> Vec<T> {
            let mut entry = vec![st.block.clone(), st.warp.clone(), st.grid.clone(), st.rel.clone()];
            entry.extend(st.groups.iter().cloned());
            if !sync {
                return entry;
            }
            match &per_iteration {
                Some(m) => {
                    let k64 = t::resize(iter, COUNT_WIDTH, false);
                    // `m` has no entry for `rel`, which grows like the block count.
                    let step = |i: usize| match i {
                        0..=2 => &m[i],
                        3 => &m[0],
                        _ => &m[i - 1],
                    };
                    let mut out: Vec<T> =
                        entry.iter().enumerate().map(|(i, e)| t::add(e, &t::mul(&k64, step(i)))).collect();
                    if tag == 0 {
                        out[3] = t::constant(0, COUNT_WIDTH);
                    }
                    out
                }
                None => {
                    let extra: Vec<T> = (0..entry.len() - 1)
                        .map(|i| {
                            let tag = match i {
                                0..=2 => Tag::Counts(tag * 3 + i as u8),
                                _ => Tag::GroupCounts(tag, (i - 3) as u32),
                            };
                            exec.fresh(node, tag, || "barrier count".into(), COUNT_WIDTH, FreshKind::Approx)
                        })
                        .collect();
                    let extra_of = |i: usize| match i {
                        0..=2 => &extra[i],
                        3 => &extra[0],
                        _ => &extra[i - 1],
                    };
                    entry.iter().enumerate().map(|(i, e)| t::add(e, extra_of(i))).collect()
                }
            }
        };

        // One symbolic iteration: iteration number k.
        let env = self.loop_env(&st, node, &modified, &inductions, &k, Tag::Havoc, 0);
        let (block, warp, grid, rel, groups) = split_counts(counts_at(self, &k, 0));
        let mut written = BTreeSet::new();
        for b in [&lp.cond_pre, &lp.body, &lp.step] {
            local_writes(b, &mut written);
        }
        let mut local = st.local.clone();
        local.retain(|(v, ..)| !written.contains(v) && !written.contains(&u32::MAX));
        // A lock held at the loop's entry may be released in any iteration.
        let mut entry_sync = st.sync.clone();
        if has_store(&lp.cond_pre) || has_store(&lp.body) || has_store(&lp.step) {
            entry_sync.held.clear();
        }
        let mut it = State {
            pc: st.pc.clone(),
            env,
            block,
            warp,
            grid,
            rel,
            groups,
            local: local.clone(),
            seen: Vec::new(),
            sync: entry_sync,
        };
        let wait = if self.fine { wait_pattern(lp) } else { None };
        let first_access = self.trace.accesses.len();
        self.loop_depth += 1;
        let outer_vars = self.loop_vars.len();
        let mut ind_vars: Vec<&VarId> = inductions.keys().collect();
        ind_vars.sort();
        for var in ind_vars {
            if let Some(value) = it.env[var.0 as usize].clone() {
                self.loop_vars.push((self.var_name(*var), value));
            }
        }
        if sync {
            self.sync_iterations.push(k.clone());
        }
        let level = per_iteration.as_ref().filter(|_| sync).map(|m| Level {
            node,
            k: k.clone(),
            m: m[0].clone(),
            entry: st.rel.clone(),
        });
        let leveled = level.is_some();
        if let Some(level) = level {
            self.levels.push(level);
        }
        self.frames.push(Frame::Loop { breaks: Vec::new(), continues: Vec::new() });
        it = self.block(it, &lp.cond_pre);
        if let (Some(cond), false) = (&lp.cond, lp.kind == LoopKind::DoWhile) {
            let c = t::to_bool(&self.value(&it, cond));
            it.pc = t::and(&it.pc, &c);
        }
        if let Some(cond) = &lp.cond {
            // An iteration whose induction variables wrap around does not
            // happen (signed overflow is undefined): a fact about the thread's
            // iteration number, not a path condition, so that it cannot make
            // one thread of a block skip a barrier another reaches.
            let no_wrap = self.no_wrap(&st, node, 0, &inductions, &k, cond);
            if self.record && !no_wrap.is_true() {
                self.trace.assumptions.push(t::implies(&it.pc, &no_wrap));
            }
        }
        let end = self.block(it, &lp.body);
        let Some(Frame::Loop { breaks, mut continues }) = self.frames.pop() else { unreachable!() };
        continues.push(end);
        let stepped = self.block(merge(continues), &lp.step);
        self.loop_depth -= 1;
        let after = if stepped.pc.is_false() { st.sync.clone() } else { merge_sync(&[&st.sync, &stepped.sync]) };
        self.loop_vars.truncate(outer_vars);
        if sync {
            self.sync_iterations.pop();
        }
        if leveled {
            self.levels.pop();
        }

        // Leaving the loop after N iterations.
        let Some(cond) = &lp.cond else {
            return merge(breaks);
        };
        let env = self.loop_env(&st, node, &modified, &inductions, &n, Tag::Exit, 1);
        let (block, warp, grid, rel, groups) = split_counts(counts_at(self, &n, 1));
        let mut exit =
            State { pc: st.pc.clone(), env, block, warp, grid, rel, groups, local, seen: Vec::new(), sync: after };
        let record = std::mem::replace(&mut self.record, false);
        exit = self.block(exit, &lp.cond_pre);
        let c = t::to_bool(&self.value(&exit, cond));
        // What the exit values satisfy is a fact about them, not a path
        // condition: a thread that reaches the loop leaves it with some trip
        // count (this matters when asking whether a thread skips a barrier).
        let mut facts = t::not(&c);
        if lp.cond_pre.is_empty() && !inductions.is_empty() {
            facts = t::and(&facts, &self.trip_is_least(&st, node, &modified, &inductions, &n, cond));
        }
        facts = t::and(&facts, &self.no_wrap(&st, node, 1, &inductions, &n, cond));
        self.record = record;
        if record {
            self.trace.assumptions.push(t::implies(&st.pc, &facts));
        }
        if let (Some((access, dst, lock)), true, true) = (wait, record, breaks.is_empty()) {
            let index = (first_access..self.trace.accesses.len())
                .find(|&i| std::ptr::eq(self.trace.accesses[i].access, access));
            let (obj, base, offset) = self.locate(&exit, access);
            if let (Some(index), Some(value), false) = (index, exit.env[dst.0 as usize].clone(), obj == Obj::Local) {
                let scope = match access.kind {
                    AccessKind::Atomic { scope, .. } => scope,
                    _ if access.volatile => Scope::System,
                    _ => Scope::Device,
                };
                let id = self.trace.syncs.len();
                let addr = t::add(&base, &offset);
                let kind = if lock { SyncKind::Lock } else { SyncKind::Wait };
                self.trace.syncs.push(SyncEv {
                    kind,
                    obj: obj.clone(),
                    addr: addr.clone(),
                    guard: t::and(&st.pc, &t::not(&c)),
                    scope,
                    value: Some(value),
                    access: index,
                    nested: self.loop_depth > 0,
                });
                if lock {
                    exit.sync.held.push(Held { id, obj, addr, scope, active: None, inside: Vec::new() });
                } else {
                    exit.sync.waited.push(id);
                }
            }
        }
        let mut out = breaks;
        out.push(exit);
        merge(out)
    }

    /// `N == 0 || cond(N - 1)`: the trip count is the first iteration whose
    /// condition fails, when the condition depends only on induction
    /// variables and values the loop does not change.
    #[allow(clippy::too_many_arguments)]
    fn trip_is_least(
        &mut self,
        st: &State,
        node: usize,
        modified: &BTreeSet<VarId>,
        inductions: &HashMap<VarId, Induction>,
        n: &T,
        cond: &'k Expr,
    ) -> T {
        let prev = t::bin(BvOp::Sub, n, &t::constant(1, 32));
        let env = self.loop_env(st, node, modified, inductions, &prev, Tag::Before, 2);
        let before = State { env, ..st.clone() };
        let c = t::to_bool(&self.value(&before, cond));
        let mut seen = BTreeSet::new();
        t::leaves(&c, &mut seen, &mut HashSet::new());
        let mentions_havoc = modified.iter().any(|v| {
            !inductions.contains_key(v)
                && self
                    .fresh
                    .get(&(node, Tag::Before(v.0)))
                    .is_some_and(|index| seen.iter().any(|(l, _)| *l == Leaf::Fresh(*index)))
        });
        if mentions_havoc {
            return t::tru();
        }
        t::or(&t::eq(n, &t::constant(0, 32)), &c)
    }

    /// Induction variables do not wrap around while the loop runs: signed
    /// overflow is undefined, and an unsigned variable the loop test bounds
    /// leaves the loop before it could wrap.
    #[allow(clippy::too_many_arguments)]
    fn no_wrap(
        &mut self,
        st: &State,
        node: usize,
        purpose: u8,
        inductions: &HashMap<VarId, Induction>,
        k: &T,
        cond: &Expr,
    ) -> T {
        let mut out = t::tru();
        let mut vars: Vec<&VarId> = inductions.keys().collect();
        vars.sort();
        for var in vars {
            let ind = &inductions[var];
            let Some(v0) = st.env.get(var.0 as usize).cloned().flatten() else { continue };
            if !ind.signed && !bounds_var(cond, *var) {
                continue;
            }
            let w = v0.width;
            let wide = (2 * w + 34).min(128);
            let ext = |x: &T| t::resize(x, wide, ind.signed);
            let exact = match ind.op {
                BinOp::Add | BinOp::Sub => {
                    // k * step is exact in 64 bits (k < 2^32, |step| < 2^32 for
                    // 32-bit variables); wider variables are approximated there.
                    let scaled = self.scaled(node, *var, purpose, k, ind, &v0);
                    // An abstracted product is never negative; otherwise the
                    // 64-bit product has the variable's signedness.
                    let abstracted = matches!(scaled.node, crate::term::Node::Leaf(_));
                    let delta = t::resize(&scaled, wide, ind.signed && !abstracted);
                    if ind.op == BinOp::Add {
                        t::add(&ext(&v0), &delta)
                    } else {
                        t::bin(BvOp::Sub, &ext(&v0), &delta)
                    }
                }
                BinOp::Mul | BinOp::Shl => {
                    // v0 * 2^(k*s) fits when shifting back gives v0.
                    let value = induction_value(&v0, ind, k);
                    let back = if ind.signed { BvOp::AShr } else { BvOp::LShr };
                    let s: u128 = match ind.op {
                        BinOp::Mul => ind.step.as_const().unwrap_or(1).trailing_zeros().into(),
                        _ => ind.step.as_const().unwrap_or(0),
                    };
                    let k64 = t::resize(k, 64, false);
                    let total = t::mul(&k64, &t::constant(s, 64));
                    let fits = t::ult(&total, &t::constant(u128::from(w), 64));
                    let amount = t::resize(&total, w, false);
                    let restored = t::eq(&t::bin(back, &value, &amount), &v0);
                    let sign_kept = if ind.signed {
                        t::eq(
                            &t::cmp(CmpOp::Slt, &value, &t::constant(0, w)),
                            &t::cmp(CmpOp::Slt, &v0, &t::constant(0, w)),
                        )
                    } else {
                        t::tru()
                    };
                    out = t::and(&out, &t::and(&fits, &t::and(&restored, &sign_kept)));
                    continue;
                }
                _ => continue,
            };
            let fits = t::eq(&t::resize(&t::resize(&exact, w, false), wide, ind.signed), &exact);
            out = t::and(&out, &fits);
        }
        out
    }

    /// A product of a per-thread value and a symbolic value shared by all
    /// threads (`row * width`, `(size_t)row * width`): a 64-bit leaf with
    /// linear facts (see `smt::Solver::assert_products`) instead of a
    /// nonlinear term. Only where the exact product fits in 64 signed bits:
    /// `int` products, and 64-bit products of 32-bit values not both
    /// zero-extended.
    fn shared_product(&mut self, a: &T, b: &T, ty: &Type) -> Option<T> {
        use crate::term::Node;
        let shared = |v: &T| !v.deps.thread && v.as_const().is_none();
        let (x, y) = if a.deps.thread && shared(b) {
            (a, b)
        } else if b.deps.thread && shared(a) {
            (b, a)
        } else {
            return None;
        };
        let int = *ty == Type::INT;
        let narrow = |v: &T| match &v.node {
            Node::Ext(signed, inner) if inner.width <= 32 && inner.width > 0 => Some(*signed || inner.width < 32),
            _ => None,
        };
        let wide = width(ty) == 64 && matches!((narrow(x), narrow(y)), (Some(sx), Some(sy)) if sx || sy);
        if !int && !wide {
            return None;
        }
        let (x, y) = if int { (t::resize(x, 64, true), t::resize(y, 64, true)) } else { (x.clone(), y.clone()) };
        let key = (x.clone(), y.clone());
        if let Some(p) = self.int_products.get(&key) {
            return Some(t::resize(p, width(ty), false));
        }
        let index = self.trace.leaves.fresh.len() as u32;
        self.trace.leaves.fresh.push("int product".into());
        let deps = Deps { data: x.deps.data || y.deps.data, approx: x.deps.approx || y.deps.approx, thread: true };
        let leaf = t::leaf(Leaf::Fresh(index), 64, deps);
        self.int_products.insert(key, leaf.clone());
        let product =
            Product { leaf: leaf.clone(), x, y, fits_int: false, dim: 0, signed: true, int_range: int, stride: None };
        self.trace.abstractions.products.push(product);
        Some(t::resize(&leaf, width(ty), false))
    }

    /// `k * step` (64 bits) for an additive induction variable; a leaf with
    /// linear facts when the step is a symbolic launch size.
    fn scaled(&mut self, node: usize, var: VarId, purpose: u8, k: &T, ind: &Induction, start: &T) -> T {
        use crate::term::Node;
        let mut step = &ind.step;
        while let Node::Ext(_, inner) | Node::Trunc(inner) = &step.node {
            step = inner;
        }
        let dim = match &step.node {
            Node::Leaf(Leaf::BlockDim(d) | Leaf::GridThreads(d) | Leaf::GridDim(d)) if self.abstract_products => {
                Some(*d)
            }
            _ => None,
        };
        let k64 = t::resize(k, 64, false);
        let Some(dim) = dim else {
            return t::mul(&k64, &t::resize(&ind.step, 64, ind.signed));
        };
        let name = self.var_name(var);
        let q = self.fresh(
            node,
            Tag::Scaled(var.0, purpose),
            || format!("iterations of {name} * step"),
            64,
            FreshKind::Counter,
        );
        if !self.trace.abstractions.products.iter().any(|x| x.leaf == q) {
            let y = t::resize(step, 64, false);
            let stride = (ind.op == BinOp::Add).then(|| {
                let w = start.width;
                let wide = (2 * w + 34).min(128);
                let value = t::add(start, &t::resize(&q, w, false));
                let exact = t::add(&t::resize(start, wide, ind.signed), &t::resize(&q, wide, false));
                let fits = t::eq(&t::resize(&value, wide, ind.signed), &exact);
                let below = self.start_below(start, step);
                Stride { start: t::resize(start, 64, ind.signed), value, fits, below }
            });
            let product =
                Product { leaf: q.clone(), x: k64, y, fits_int: false, dim, signed: false, int_range: false, stride };
            self.trace.abstractions.products.push(product);
        }
        q
    }

    /// Whether `start` lies in `[0, step)` by its form (see [`Stride::below`]).
    fn start_below(&self, start: &T, step: &T) -> bool {
        use crate::term::Node;
        // Zero extensions, and truncations to at least 32 bits (which keep
        // these values, all below 2^31, and their sign).
        let strip = |mut t: &T| loop {
            match &t.node {
                Node::Ext(false, inner) => t = inner,
                Node::Trunc(inner) if t.width >= 32 => t = inner,
                _ => return t.clone(),
            }
        };
        let (start, Node::Leaf(step)) = (strip(start), &step.node) else { return false };
        match (&start.node, step) {
            (Node::Leaf(Leaf::Tid(d)), Leaf::BlockDim(e)) | (Node::Leaf(Leaf::Bid(d)), Leaf::GridDim(e)) => d == e,
            (Node::Bin(BvOp::Add, x, y), Leaf::GridThreads(e)) => {
                let block_product = |t: &T| {
                    let t = strip(t);
                    self.trace.abstractions.products.iter().any(|p| p.fits_int && p.dim == *e && p.leaf == t)
                };
                let tid = |t: &T| matches!(strip(t).node, Node::Leaf(Leaf::Tid(d)) if d == *e);
                (tid(x) && block_product(y)) || (block_product(x) && tid(y))
            }
            _ => false,
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn loop_env(
        &mut self,
        st: &State,
        node: usize,
        modified: &BTreeSet<VarId>,
        inductions: &HashMap<VarId, Induction>,
        iteration: &T,
        tag: fn(u32) -> Tag,
        purpose: u8,
    ) -> Vec<Option<T>> {
        let mut env = st.env.clone();
        for var in modified {
            let entry = st.env.get(var.0 as usize).cloned().flatten();
            let value = match (inductions.get(var), entry) {
                (Some(ind), Some(v0)) if matches!(ind.op, BinOp::Add | BinOp::Sub) => {
                    let scaled = self.scaled(node, *var, purpose, iteration, ind, &v0);
                    let delta = t::resize(&scaled, v0.width, false);
                    if ind.op == BinOp::Add {
                        t::add(&v0, &delta)
                    } else {
                        t::bin(BvOp::Sub, &v0, &delta)
                    }
                }
                (Some(ind), Some(v0)) => induction_value(&v0, ind, iteration),
                _ => {
                    let w = self.var_width(*var);
                    let name = self.var_name(*var);
                    self.fresh(node, tag(var.0), || name, w, FreshKind::Havoc)
                }
            };
            if let Some(slot) = env.get_mut(var.0 as usize) {
                *slot = Some(value);
            }
        }
        env
    }

    /// Induction variables of `lp`: assigned exactly once in the loop, at the
    /// top level of the body or the step, as `v = v OP e` with `e` unchanged by
    /// the loop.
    fn inductions(
        &mut self,
        st: &State,
        lp: &'k Loop,
        defs: &HashMap<VarId, usize>,
        modified: &BTreeSet<VarId>,
    ) -> HashMap<VarId, Induction> {
        let body_jumps = has_jump(&lp.body);
        let mut out = HashMap::new();
        let top = lp.step.iter().chain(if body_jumps { [].iter() } else { lp.body.iter() });
        for stmt in top {
            let Stmt::Assign { var, value } = stmt else { continue };
            if defs.get(var) != Some(&1) {
                continue;
            }
            let Some((op, step)) = induction_form(*var, value) else { continue };
            if mentions_any(step, modified) || step.has_unknown() {
                continue;
            }
            let ty = self.var_ty(*var);
            if width(&ty) == 0 || is_float(&ty) {
                continue;
            }
            let step_value = self.value_as(st, step, &ty);
            if step_value.deps.data {
                continue;
            }
            let ok = match op {
                BinOp::Add | BinOp::Sub => true,
                BinOp::Shl | BinOp::Shr => step_value.as_const().is_some(),
                BinOp::Mul | BinOp::Div => step_value.as_const().is_some_and(|c| c.is_power_of_two()),
                _ => false,
            };
            if ok {
                out.insert(*var, Induction { op, step: step_value, signed: is_signed(&ty) });
            }
        }
        out
    }

    /// Barriers one iteration of `lp` passes, when every iteration passes the
    /// same number.
    /// Barriers one iteration of `lp` passes, when every iteration passes the
    /// same number: block, warp, grid, then each group of `Trace::groups`.
    fn loop_increment(&mut self, lp: &'k Loop) -> Option<Vec<T>> {
        let mut total = self.zero_counts();
        for b in [&lp.cond_pre, &lp.body, &lp.step] {
            let m = self.increment(b)?;
            total = total.iter().zip(&m).map(|(x, y)| t::add(x, y)).collect();
        }
        Some(total)
    }

    fn zero_counts(&self) -> Vec<T> {
        vec![t::constant(0, COUNT_WIDTH); 3 + self.trace.groups.len()]
    }

    fn unit(&self, i: usize) -> Vec<T> {
        let mut m = self.zero_counts();
        m[i] = t::constant(1, COUNT_WIDTH);
        m
    }

    fn increment(&mut self, stmts: &'k [Stmt]) -> Option<Vec<T>> {
        let mut total = self.zero_counts();
        for stmt in stmts {
            let m = match stmt {
                Stmt::Barrier { barrier, .. } => match barrier_sync(barrier) {
                    Some(Sync::Block) => self.unit(0),
                    Some(Sync::Grid) => {
                        let mut m = self.unit(0);
                        m[2] = t::constant(1, COUNT_WIDTH);
                        m
                    }
                    Some(Sync::Warp) => self.unit(1),
                    Some(Sync::Group(g)) => match self.trace.groups.iter().position(|x| *x == g) {
                        Some(i) => self.unit(3 + i),
                        None => self.zero_counts(),
                    },
                    None => self.zero_counts(),
                },
                Stmt::Break | Stmt::Continue | Stmt::Return(_) | Stmt::Exit { .. } => return None,
                Stmt::If { then, els, .. } => {
                    let a = self.increment(then)?;
                    let b = self.increment(els)?;
                    if a.iter().zip(&b).any(|(x, y)| x != y) {
                        return None;
                    }
                    a
                }
                Stmt::Scope(body) | Stmt::Inlined { body, .. } => self.increment(body)?,
                Stmt::Loop(inner) => {
                    if !(has_sync(&inner.cond_pre) || has_sync(&inner.body) || has_sync(&inner.step)) {
                        self.zero_counts()
                    } else {
                        let m = self.loop_increment(inner)?;
                        let n = self.fresh(key(&**inner), Tag::Trip, || "trip count".into(), 32, FreshKind::Counter);
                        let n = t::resize(&n, COUNT_WIDTH, false);
                        m.iter().map(|x| t::mul(&n, x)).collect()
                    }
                }
                Stmt::Switch { .. } if has_sync(std::slice::from_ref(stmt)) => return None,
                _ => self.zero_counts(),
            };
            total = total.iter().zip(&m).map(|(x, y)| t::add(x, y)).collect();
        }
        Some(total)
    }
}

/// The direction an atomic moves its counter, when it adds a nonzero constant.
fn counting(access: &Access, step: Option<u128>) -> Option<i8> {
    use gpurace_ir::{AccessKind, AtomicOp};
    let AccessKind::Atomic { op, .. } = access.kind else { return None };
    let bits = (access.size * 8).min(128) as u32;
    let step = t::signed(step?, bits.max(1));
    match op {
        AtomicOp::Add if step > 0 => Some(1),
        AtomicOp::Add if step < 0 => Some(-1),
        AtomicOp::Sub if step > 0 => Some(-1),
        AtomicOp::Sub if step < 0 => Some(1),
        _ => None,
    }
}

/// Most entries kept per object for forwarding (each adds an `ite` to loads).
const SEEN_PER_OBJECT: usize = 8;

/// The value a load at `offset` returns given what the thread saw: the
/// newest entry at an equal address, else `fresh`.
fn forward(seen: &[(Obj, u64, T, T)], obj: &Obj, size: u64, offset: &T, fresh: T) -> T {
    seen.iter().filter(|(o, z, ..)| o == obj && *z == size).fold(fresh, |acc, (_, _, off, v)| {
        if v.width == acc.width {
            t::ite(&t::eq(off, offset), v, &acc)
        } else {
            acc
        }
    })
}

fn remember(seen: &mut Vec<(Obj, u64, T, T)>, obj: Obj, size: u64, offset: T, value: T) {
    // Entries of another size, or at offsets that may overlap without being
    // equal, cannot be kept next to this one.
    if !aligned(&offset, size) || seen.iter().any(|(o, z, ..)| *o == obj && *z != size) {
        forget(seen, &obj);
        if !aligned(&offset, size) {
            return;
        }
    }
    if seen.iter().filter(|(o, ..)| *o == obj).count() >= SEEN_PER_OBJECT {
        if let Some(i) = seen.iter().position(|(o, ..)| *o == obj) {
            seen.remove(i);
        }
    }
    seen.push((obj, size, offset, value));
}

fn forget(seen: &mut Vec<(Obj, u64, T, T)>, obj: &Obj) {
    if *obj == Obj::Dynamic {
        seen.clear();
    } else {
        seen.retain(|(o, ..)| o != obj && *o != Obj::Dynamic);
    }
}

/// Whether an offset is a multiple of `size` by its form (`i * 4`, `i << 2`,
/// a constant, sums of those), so that two such offsets overlap only when equal.
fn aligned(offset: &T, size: u64) -> bool {
    use crate::term::Node;
    let size = u128::from(size.max(1));
    if size == 1 {
        return true;
    }
    match &offset.node {
        Node::Const(c) => c.is_multiple_of(size),
        Node::Bin(BvOp::Mul, a, b) => {
            b.as_const().is_some_and(|c| c.is_multiple_of(size)) || a.as_const().is_some_and(|c| c.is_multiple_of(size))
        }
        Node::Bin(BvOp::Shl, _, b) => b.as_const().is_some_and(|c| c < 64 && (1u128 << c).is_multiple_of(size)),
        Node::Bin(BvOp::Add | BvOp::Sub, a, b) => aligned(a, size as u64) && aligned(b, size as u64),
        Node::Ext(_, a) => aligned(a, size as u64),
        Node::Ite(_, a, b) => aligned(a, size as u64) && aligned(b, size as u64),
        _ => false,
    }
}

/// Block, warp, grid, relative block and group counts from one vector.
fn split_counts(mut counts: Vec<T>) -> (T, T, T, T, Vec<T>) {
    let groups = counts.split_off(4);
    let [block, warp, grid, rel]: [T; 4] = counts.try_into().unwrap_or_else(|_| unreachable!("four counts"));
    (block, warp, grid, rel, groups)
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
    for (var, offset, size, _) in &live[0].local {
        let values: Vec<Option<&T>> = live
            .iter()
            .map(|s| s.local.iter().find(|(v, o, z, _)| v == var && o == offset && z == size).map(|(.., t)| t))
            .collect();
        if values.iter().all(Option::is_some) {
            local.push((*var, *offset, *size, pick(values).unwrap()));
        }
    }
    // What every path saw, with the same value.
    let seen = live[0]
        .seen
        .iter()
        .filter(|(o, z, off, v)| {
            live[1..]
                .iter()
                .all(|s| s.seen.iter().any(|(o2, z2, off2, v2)| o2 == o && z2 == z && off2 == off && v2 == v))
        })
        .cloned()
        .collect();
    let sync = merge_sync(&live.iter().map(|s| &s.sync).collect::<Vec<_>>());
    State { pc, env, block, warp, grid, rel, groups, local, seen, sync }
}

fn induction_value(v0: &T, ind: &Induction, k: &T) -> T {
    let w = v0.width;
    let kw = t::resize(k, w, false);
    let c = &ind.step;
    // Shift amount after k steps of `shift`, capped at the width (a shift by
    // the width or more gives 0, or the sign for an arithmetic shift).
    let amount = |shift: u128| -> T {
        let k64 = t::resize(k, 64, false);
        let total = t::mul(&k64, &t::constant(shift, 64));
        let capped = t::ite(&t::ult(&total, &t::constant(u128::from(w), 64)), &total, &t::constant(u128::from(w), 64));
        t::resize(&capped, w, false)
    };
    match ind.op {
        BinOp::Add => t::add(v0, &t::mul(&kw, c)),
        BinOp::Sub => t::bin(BvOp::Sub, v0, &t::mul(&kw, c)),
        BinOp::Mul => t::bin(BvOp::Shl, v0, &amount(c.as_const().unwrap_or(1).trailing_zeros().into())),
        BinOp::Shl => t::bin(BvOp::Shl, v0, &amount(c.as_const().unwrap_or(0))),
        BinOp::Shr | BinOp::Div if !ind.signed || ind.op == BinOp::Shr => {
            let shift = if ind.op == BinOp::Shr {
                c.as_const().unwrap_or(0)
            } else {
                c.as_const().unwrap_or(1).trailing_zeros().into()
            };
            let op = if ind.signed { BvOp::AShr } else { BvOp::LShr };
            t::bin(op, v0, &amount(shift))
        }
        _ => {
            // Signed division by 2^s, k times: truncating division by 2^(k*s).
            let shift: u128 = c.as_const().unwrap_or(1).trailing_zeros().into();
            let k64 = t::resize(k, 64, false);
            let total = t::mul(&k64, &t::constant(shift, 64));
            let capped = t::ite(&t::ult(&total, &t::constant(62, 64)), &total, &t::constant(62, 64));
            let divisor = t::bin(BvOp::Shl, &t::constant(1, 64), &capped);
            let wide = t::resize(v0, 64, true);
            t::resize(&t::bin(BvOp::SDiv, &wide, &divisor), w, false)
        }
    }
}

/// `blockIdx.d * blockDim.d` (either order, through casts): `d`.
fn block_product(lhs: &Expr, rhs: &Expr) -> Option<u8> {
    match (strip_casts(lhs), strip_casts(rhs)) {
        (Expr::Builtin(Builtin::BlockIdx(a)), Expr::Builtin(Builtin::BlockDim(b)))
        | (Expr::Builtin(Builtin::BlockDim(b)), Expr::Builtin(Builtin::BlockIdx(a)))
            if a == b =>
        {
            Some(dim_index(*a))
        }
        _ => None,
    }
}

/// `blockDim.d * gridDim.d` (either order, through casts): `d`.
fn grid_product(lhs: &Expr, rhs: &Expr) -> Option<u8> {
    match (strip_casts(lhs), strip_casts(rhs)) {
        (Expr::Builtin(Builtin::BlockDim(a)), Expr::Builtin(Builtin::GridDim(b)))
        | (Expr::Builtin(Builtin::GridDim(b)), Expr::Builtin(Builtin::BlockDim(a)))
            if a == b =>
        {
            Some(dim_index(*a))
        }
        _ => None,
    }
}

/// Whether the loop test compares `var` with `<`, `<=`, `>` or `>=`.
fn bounds_var(cond: &Expr, var: VarId) -> bool {
    let mut found = false;
    cond.visit(&mut |e| {
        if let Expr::Binary { op: BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge, lhs, rhs, .. } = e {
            found |= [lhs, rhs].iter().any(|x| matches!(strip_casts(x), Expr::Var(v) if *v == var));
        }
    });
    found
}

fn strip_casts(e: &Expr) -> &Expr {
    match e {
        Expr::Cast { arg, .. } => strip_casts(arg),
        other => other,
    }
}

/// `v = v OP e` (through casts): the operator and `e`.
fn induction_form(var: VarId, value: &Expr) -> Option<(BinOp, &Expr)> {
    let Expr::Binary { op, lhs, rhs, .. } = strip_casts(value) else { return None };
    let is_var = |e: &Expr| matches!(strip_casts(e), Expr::Var(v) if *v == var);
    match op {
        BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Shl | BinOp::Shr if is_var(lhs) => Some((*op, rhs)),
        BinOp::Add | BinOp::Mul if is_var(rhs) => Some((*op, lhs)),
        _ => None,
    }
}

fn mentions_any(e: &Expr, vars: &BTreeSet<VarId>) -> bool {
    let mut found = false;
    e.visit(&mut |x| found |= matches!(x, Expr::Var(v) if vars.contains(v)));
    found
}

/// Local variables a block may write through memory (any depth).
fn local_writes(stmts: &[Stmt], out: &mut BTreeSet<u32>) {
    gpurace_ir::walk_stmts(stmts, &mut |stmt| {
        if let Stmt::Write { access, .. } | Stmt::Atomic { access, .. } = stmt {
            match &access.base {
                Base::Local(v) => {
                    out.insert(v.0);
                }
                // Through a pointer: may be any local variable.
                Base::Dynamic(_) => {
                    out.insert(u32::MAX);
                }
                _ => {}
            }
        }
    });
}

/// How many times each variable is defined in a block (any depth): `Decl`,
/// `Assign`, and the results of reads, atomics, warp collectives, calls and
/// inlined functions.
fn count_defs(stmts: &[Stmt], out: &mut HashMap<VarId, usize>) {
    gpurace_ir::walk_stmts(stmts, &mut |stmt| match stmt {
        Stmt::Decl { var: v, .. }
        | Stmt::Assign { var: v, .. }
        | Stmt::Read { dst: v, .. }
        | Stmt::Atomic { dst: Some(v), .. }
        | Stmt::WarpOp { dst: Some(v), .. }
        | Stmt::Call { dst: Some(v), .. }
        | Stmt::Inlined { result: Some(v), .. } => *out.entry(*v).or_default() += 1,
        _ => {}
    });
}

/// Whether a loop body may leave an iteration early (`continue`, `break`,
/// `return`, `exit`), ignoring jumps that stay inside nested loops.
fn has_jump(stmts: &[Stmt]) -> bool {
    stmts.iter().any(|s| match s {
        Stmt::Break | Stmt::Continue | Stmt::Return(_) | Stmt::Exit { .. } => true,
        Stmt::If { then, els, .. } => has_jump(then) || has_jump(els),
        Stmt::Scope(b) | Stmt::Inlined { body: b, .. } => has_jump(b),
        Stmt::Switch { cases, .. } => cases.iter().any(|c| {
            c.body.iter().any(|s| matches!(s, Stmt::Continue | Stmt::Return(_) | Stmt::Exit { .. }))
                || c.body.iter().any(|s| !matches!(s, Stmt::Break) && has_jump(std::slice::from_ref(s)))
        }),
        Stmt::Loop(lp) => lp.body.iter().any(|s| matches!(s, Stmt::Return(_) | Stmt::Exit { .. })),
        _ => false,
    })
}

/// What a barrier statement synchronises, decided from the IR alone so that
/// a loop's per-iteration counts and the barriers its body executes agree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sync {
    Block,
    Grid,
    Warp,
    Group(Group),
}

/// `None`: the barrier orders nothing the engine can name (a mask or tile
/// size that is not a constant, an empty mask, a size that is not a power of
/// two), so it is ignored, which can only add races.
fn barrier_sync(barrier: &Barrier) -> Option<Sync> {
    let constant = |e: &Expr| match strip_casts(e) {
        Expr::Int { value, .. } => Some(*value),
        _ => None,
    };
    match barrier {
        Barrier::Block { .. } => Some(Sync::Block),
        Barrier::Grid => Some(Sync::Grid),
        Barrier::Warp { mask } => match constant(mask)? as u32 {
            u32::MAX => Some(Sync::Warp),
            0 => None,
            m => Some(Sync::Group(Group::Lanes(m))),
        },
        Barrier::Tile { size } => match u32::try_from(constant(size)?).ok()? {
            32 => Some(Sync::Warp),
            n if n.is_power_of_two() && n <= 1024 => Some(Sync::Group(Group::Tile(n))),
            _ => None,
        },
    }
}

/// Whether a block contains a barrier the engine counts.
pub fn has_sync(stmts: &[Stmt]) -> bool {
    stmts.iter().any(|s| match s {
        Stmt::Barrier { barrier, .. } => barrier_sync(barrier).is_some(),
        Stmt::If { then, els, .. } => has_sync(then) || has_sync(els),
        Stmt::Scope(b) | Stmt::Inlined { body: b, .. } => has_sync(b),
        Stmt::Switch { cases, .. } => cases.iter().any(|c| has_sync(&c.body)),
        Stmt::Loop(lp) => has_sync(&lp.init) || has_sync(&lp.cond_pre) || has_sync(&lp.body) || has_sync(&lp.step),
        _ => false,
    })
}

/// Whether a kernel synchronises at a finer grain than barriers: a fence
/// and a spin loop on memory. Only then are locks and flags tracked.
fn fine_sync(stmts: &[Stmt]) -> bool {
    let (mut fence, mut spin) = (false, false);
    gpurace_ir::walk_stmts(stmts, &mut |s| match s {
        Stmt::Fence { .. } => fence = true,
        Stmt::Loop(lp) if wait_pattern(lp).is_some() => spin = true,
        _ => {}
    });
    fence && spin
}

/// Whether statements write memory (a write or an atomic).
fn has_store(stmts: &[Stmt]) -> bool {
    let mut found = false;
    gpurace_ir::walk_stmts(stmts, &mut |s| {
        found |= matches!(s, Stmt::Write { .. } | Stmt::Atomic { .. } | Stmt::Call { .. } | Stmt::Unknown { .. })
    });
    found
}

/// A spin loop: its condition reads one memory location (an atomic or a
/// read) and tests the value read; its body and step touch no memory. Gives
/// the access, the variable read, and whether it acquires a lock: an
/// `atomicCAS(&l, e, n)` repeated while it returns something other than `e`.
fn wait_pattern(lp: &Loop) -> Option<(&Access, VarId, bool)> {
    let cond = lp.cond.as_ref()?;
    let mut memory = Vec::new();
    let mut other = false;
    for s in &lp.cond_pre {
        match s {
            Stmt::Read { dst, access } => memory.push((access, *dst, None)),
            Stmt::Atomic { dst: Some(dst), access, args } => memory.push((access, *dst, Some(args))),
            Stmt::Decl { .. } | Stmt::Assign { .. } => {}
            _ => other = true,
        }
    }
    let [(access, dst, args)] = memory.as_slice() else { return None };
    if other || !mentions_any(cond, &BTreeSet::from([*dst])) {
        return None;
    }
    let mut quiet = true;
    for b in [&lp.body, &lp.step] {
        gpurace_ir::walk_stmts(b, &mut |s| {
            quiet &= matches!(s, Stmt::Decl { .. } | Stmt::Assign { .. } | Stmt::Scope(_) | Stmt::If { .. })
        });
    }
    if !quiet || lp.kind == LoopKind::DoWhile && !lp.body.is_empty() {
        return None;
    }
    let lock = match (access.kind, args) {
        (AccessKind::Atomic { op: AtomicOp::Cas, .. }, Some(args)) => match strip_casts(cond) {
            Expr::Binary { op: BinOp::Ne, lhs, rhs, .. } => {
                let is_dst = |e: &Expr| matches!(strip_casts(e), Expr::Var(v) if v == dst);
                let expected = args.first().map(strip_casts);
                (is_dst(lhs) && expected == Some(strip_casts(rhs)))
                    || (is_dst(rhs) && expected == Some(strip_casts(lhs)))
            }
            _ => false,
        },
        _ => false,
    };
    Some((access, *dst, lock))
}

pub fn obj_of(base: &Base) -> Obj {
    match base {
        Base::Param { index, fields } => Obj::Param(*index, fields.clone()),
        Base::Shared(id) => Obj::Shared(id.0),
        Base::Global(id) => Obj::Global(id.0),
        Base::Local(_) | Base::Host(_) => Obj::Local,
        Base::Dynamic(_) => Obj::Dynamic,
    }
}

/// Whether every object a pointer may point to is thread-local.
fn points_to_local(pointer: &T) -> bool {
    use crate::term::Node;
    match &pointer.node {
        Node::Const(c) => local_slot(*c).is_some(),
        Node::Bin(BvOp::Add | BvOp::Sub, a, b) => {
            points_to_local(a) && !b.deps.data
                || points_to_local(b) && !a.deps.data && matches!(&a.node, Node::Const(_))
        }
        Node::Ite(_, a, b) => points_to_local(a) && points_to_local(b),
        Node::Ext(_, a) | Node::Trunc(a) => points_to_local(a),
        _ => false,
    }
}

/// The local variable and byte offset a constant address falls in.
fn local_slot(address: u128) -> Option<(u32, u128)> {
    let slot = address >> 40;
    let first = (BaseKind::Local as u128) * 4096 + 1;
    (first..first + 4096).contains(&slot).then(|| ((slot - first) as u32, address & ((1 << 40) - 1)))
}

/// Kinds of objects with an address of their own.
#[derive(Debug, Clone, Copy)]
pub enum BaseKind {
    Param,
    Alloc,
    Field,
    Shared,
    Global,
    Local,
}

/// The address of a distinct object: objects are 2^40 bytes apart, so two
/// distinct objects never overlap. This is the assumption GPUVerify and Faial
/// make about pointer parameters (they do not alias); host-guided analysis
/// can relate them.
pub fn object_base(kind: BaseKind, id: u32) -> T {
    let slot = (kind as u128) * 4096 + u128::from(id) + 1;
    t::constant(slot << 40, 64)
}

/// Calls `f` on every expression of a block (any depth).
pub fn for_each_expr(stmts: &[Stmt], f: &mut dyn FnMut(&Expr)) {
    let access = |a: &Access, f: &mut dyn FnMut(&Expr)| {
        a.offset.visit(f);
        if let Base::Dynamic(e) = &a.base {
            e.visit(f);
        }
    };
    for stmt in stmts {
        match stmt {
            Stmt::Decl { init, .. } => init.iter().for_each(|e| e.visit(f)),
            Stmt::Assign { value, .. } => value.visit(f),
            Stmt::Read { access: a, .. } => access(a, f),
            Stmt::Write { access: a, value } => {
                access(a, f);
                value.visit(f);
            }
            Stmt::Atomic { access: a, args, .. } => {
                access(a, f);
                args.iter().for_each(|e| e.visit(f));
            }
            Stmt::If { cond, then, els, .. } => {
                cond.visit(f);
                for_each_expr(then, f);
                for_each_expr(els, f);
            }
            Stmt::Loop(lp) => {
                lp.cond.iter().for_each(|e| e.visit(f));
                for b in [&lp.init, &lp.cond_pre, &lp.body, &lp.step] {
                    for_each_expr(b, f);
                }
            }
            Stmt::Switch { value, cases, .. } => {
                value.visit(f);
                cases.iter().for_each(|c| for_each_expr(&c.body, f));
            }
            Stmt::Scope(b) | Stmt::Inlined { body: b, .. } => for_each_expr(b, f),
            Stmt::Barrier { barrier: Barrier::Warp { mask: e } | Barrier::Tile { size: e }, .. } => e.visit(f),
            Stmt::WarpOp { mask, args, .. } => {
                mask.visit(f);
                args.iter().for_each(|e| e.visit(f));
            }
            Stmt::Assume { cond, .. } | Stmt::Assert { cond, .. } => cond.visit(f),
            Stmt::Return(Some(e)) => e.visit(f),
            Stmt::Call { args, .. } => args.iter().for_each(|e| e.visit(f)),
            _ => {}
        }
    }
}

/// Which dimensions beyond `x` the kernel reads: `[block y, block z, grid y, grid z]`.
pub fn used_dims(kernel: &Kernel) -> [bool; 4] {
    let mut used = [false; 4];
    for_each_expr(&kernel.body, &mut |e| {
        if let Expr::Builtin(b) = e {
            match b {
                Builtin::ThreadIdx(Dim::Y) | Builtin::BlockDim(Dim::Y) => used[0] = true,
                Builtin::ThreadIdx(Dim::Z) | Builtin::BlockDim(Dim::Z) => used[1] = true,
                Builtin::BlockIdx(Dim::Y) | Builtin::GridDim(Dim::Y) => used[2] = true,
                Builtin::BlockIdx(Dim::Z) | Builtin::GridDim(Dim::Z) => used[3] = true,
                _ => {}
            }
        }
    });
    used
}
