//! What the engine sees of a kernel: the trace of one symbolic thread.
//!
//! Symbolic execution ([`crate::exec`]) produces a [`Trace`]; checking
//! ([`crate::check`]) pairs its events and the solver encoding ([`crate::smt`])
//! reads them. These types are the interface between the three, so that
//! execution and encoding do not import each other.

use std::collections::HashSet;

use gpurace_core::term::{self as t, Leaves, T};
use gpurace_ir::{Access, AccessId, LoopId, Scope, Span};

/// Barrier counts are 64-bit values.
pub const COUNT_WIDTH: u32 = 64;

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
    /// The counts of the block barriers whole loops pass whose iterations
    /// pass different numbers (over-approximated, one symbol per thread), of
    /// loops inside levels only. Two threads of a block that both left such
    /// a loop in one iteration of each level around it passed it alike
    /// (else its barriers diverge, a defect reported on its own): where both
    /// counts hold one, it cancels.
    pub exits: Vec<T>,
}

/// One iteration of a loop with barriers, as the block count sees it: the
/// count is `entry + k * m + (count within the iteration)`, `entry` relative
/// to the enclosing level's iteration. Two accesses in one loop nest compare
/// iteration numbers level by level instead of these nonlinear sums.
#[derive(Debug, Clone)]
pub struct Level {
    pub node: LoopId,
    /// The thread's iteration number (32 bits).
    pub k: T,
    /// Block barriers one iteration passes: the thread's own iteration's
    /// where they vary between iterations (see `exit`).
    pub m: T,
    /// Block barriers the iterations before the thread's passed, relative
    /// to `entry`: `k * m`, or an over-approximated count where `m` varies.
    pub before: T,
    /// Where iterations pass different numbers of block barriers (an inner
    /// barrier loop whose trip count follows the outer loop's, as in a
    /// bitonic sort): the over-approximated count the whole loop passes,
    /// which the counts after the loop add to `entry`. `None` where every
    /// iteration passes `m`.
    pub exit: Option<T>,
    /// Block count at loop entry, relative to the enclosing level.
    pub entry: T,
    /// The loop's trip count for the thread (32 bits): `k < trip`.
    pub trip: T,
    /// Block barriers from the loop's exit to the end of the enclosing
    /// level's iteration, so that that iteration passes `entry + trip * m +
    /// rest`; `None` outside a level or where paths pass different numbers.
    pub rest: Option<T>,
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
    /// Flag waits that precede the access on every path to it.
    pub waited: Vec<usize>,
    /// Flag waits that precede it on some paths: they order the access of a
    /// thread that satisfies the wait's guard.
    pub maybe: Vec<usize>,
    /// Why a lock around the access does not order it.
    pub notes: Vec<&'static str>,
    /// Tickets (indices of `Trace::tickets`) taken after the access with a
    /// fence between them (or by the access itself), with the narrower of the
    /// fence's and the atomic's scope.
    pub ticketed: Vec<(usize, Scope)>,
    /// Tickets taken before the access.
    pub taken: Vec<TakenBefore>,
    /// Tickets taken after the access with no fence between them.
    pub unfenced: Vec<usize>,
}

impl SyncOrder {
    /// Every flag wait before the access: on every path, then on some.
    pub fn waits(&self) -> impl Iterator<Item = &usize> {
        self.waited.iter().chain(&self.maybe)
    }
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
    /// `|P| < 2^range`: 31 for an `int` product (signed overflow being
    /// undefined, it lies in the `int` range), 32 for an `unsigned int` one
    /// (a collision through its wrap-around is an index overflow), 62
    /// otherwise.
    pub range: u32,
    /// 64-bit factors read as unsigned (`size_t`): each is below 2^63
    /// where the other is not 0, so their signed product is the exact one.
    pub unsigned: bool,
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
    /// The atomic that takes it.
    pub access: AccessId,
    /// The tickets count (are distinct, in the counter's order) when this
    /// holds: `true` but for `atomicInc(&count, gridDim.x)`, which wraps
    /// unless one thread per block of a grid of one dimension takes one.
    pub when: T,
    /// Where one thread of each block takes the ticket (`if (threadIdx.x ==
    /// 0) t = atomicAdd(&count, 1)`, outside loops): the block's thread
    /// (0,0,0) does so when a condition the whole block shares holds.
    pub taker: Option<Taker>,
}

/// The ticket of a block's thread (0,0,0), as any thread of the block may
/// name it: `value` (the atomic's result for that thread) when `exists`.
#[derive(Debug, Clone)]
pub struct Taker {
    pub value: T,
    pub exists: T,
    /// Every thread that takes the ticket is its block's thread (0,0,0)
    /// when this holds (`blockDim` is 1 in the dimensions the atomic's
    /// condition does not pin to 0).
    pub alone: T,
}

/// A ticket taken before an access, in the order of the counter: the
/// thread's own (`value` its result, `cond` the atomic's guard) or its block's
/// thread (0,0,0)'s before a barrier the access follows.
#[derive(Debug, Clone)]
pub struct TakenBefore {
    pub ticket: usize,
    pub cond: T,
    pub value: T,
}

/// The object an atomic applies to, and the direction it counts in (+1 up,
/// -1 down; `None`: not a counter).
#[derive(Debug, Clone)]
pub struct AtomicUse {
    pub obj: Obj,
    pub direction: Option<i8>,
    pub access: AccessId,
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
    /// When a thread that does not reach the barrier has exited instead (it
    /// left the outermost barrier loop, and nothing after it synchronises):
    /// such a lane does not make a warp barrier diverge (`exec/exited.rs`).
    /// False for other barriers.
    pub exits: T,
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
    /// Every atomic, for the tickets: they are distinct only on objects where
    /// every atomic counts in one direction.
    pub atomics: Vec<AtomicUse>,
    /// Products of a per-thread value and a symbolic launch size replaced by
    /// leaves (`blockIdx.d * blockDim.d`, iteration number * stride): the
    /// product is not linear, so the solver gets linear facts about it instead
    /// (see `smt::Solver::assert_products`).
    pub abstractions: crate::trace::Abstractions,
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
    /// Per-thread leaves that facts define as functions of other values (a
    /// loop's trip count, an abstracted product): a witness of other values
    /// fixes them, so they are not pinned when a race is checked against
    /// other values of a shared one (`check::robust`).
    pub defined: HashSet<u32>,
    /// Fields of struct parameters (`ParamField` ids) that are floats: inputs
    /// like float parameters, which the host code does not bind.
    pub float_fields: HashSet<u32>,
    /// Indices in `assumptions` of the facts that define a loop's trip count
    /// (the loop's exit), as opposed to facts that constrain a thread.
    pub definitions: Vec<usize>,
    /// Global addresses the kernel sets to 0 with a plain store (a counter
    /// reset for the next launch: `count = 0`).
    pub resets: Vec<(Obj, T)>,
}

impl Trace<'_> {
    /// Whether the atomics on `obj` all count in `direction`: its tickets are
    /// distinct and follow the counter's order.
    pub fn is_counter(&self, obj: &Obj, direction: i8) -> bool {
        *obj != Obj::Dynamic && self.atomics.iter().filter(|u| u.obj == *obj).all(|u| u.direction == Some(direction))
    }
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

/// The threads a tile or partial-mask warp barrier synchronises, as a
/// partition of a block: two threads are in one group when they are in one
/// block and in one part.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Group {
    /// Tiles of this many consecutive threads (a power of two, linear
    /// thread ids): `thread_block_tile<N>::sync()`.
    Tile(u32),
    /// The lanes of one warp named by a constant mask: `__syncwarp(mask)`.
    Lanes(u32),
}

/// Products of symbolic launch sizes the engine replaced by leaves.
#[derive(Debug, Clone, Default)]
pub struct Abstractions {
    pub products: Vec<crate::trace::Product>,
    /// Dimensions whose `blockDim * gridDim` is the leaf `GridThreads(d)`.
    pub grid_threads: Vec<u8>,
}
