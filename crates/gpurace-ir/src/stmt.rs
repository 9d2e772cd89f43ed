use serde::{Deserialize, Serialize};

use crate::{Expr, GlobalId, SharedId, Span, Type, VarId};

/// Memory spaces of CUDA.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Space {
    Global,
    Shared,
    Local,
    Constant,
    /// Host memory, touched by host code.
    Host,
    /// A pointer whose provenance the lowering could not see (e.g. loaded
    /// from memory): may be global or shared.
    Generic,
}

impl Space {
    /// The name of a memory space, the same in every format and printer
    /// (`generic`: a pointer whose space the front-end could not trace).
    pub fn name(self) -> &'static str {
        match self {
            Space::Global => "global",
            Space::Shared => "shared",
            Space::Local => "local",
            Space::Constant => "constant",
            Space::Host => "host",
            Space::Generic => "generic",
        }
    }
}

/// The object an access addresses; two accesses can only touch the same
/// memory when their bases may alias.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Base {
    /// A pointer parameter, or a pointer field reached through `fields` from a
    /// by-value struct parameter.
    Param {
        index: u32,
        fields: Vec<String>,
    },
    Shared(SharedId),
    /// A `__device__`, `__constant__` or `__managed__` variable.
    Global(GlobalId),
    /// A thread-local array or struct (or a local scalar whose address is taken).
    Local(VarId),
    /// A host variable or allocation (host code only).
    Host(VarId),
    /// A pointer value computed at run time (loaded from memory, chosen by a
    /// data-dependent condition...): the access may touch any object of its space.
    Dynamic(Box<Expr>),
}

/// Synchronisation scope of atomics and fences.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Scope {
    Warp,
    Block,
    Device,
    System,
}

impl Scope {
    /// The name of a scope, as CUDA's `thread_scope` spells it without the prefix.
    pub fn name(self) -> &'static str {
        match self {
            Scope::Warp => "warp",
            Scope::Block => "block",
            Scope::Device => "device",
            Scope::System => "system",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AtomicOp {
    Add,
    Sub,
    Exch,
    Min,
    Max,
    Inc,
    Dec,
    Cas,
    And,
    Or,
    Xor,
    Load,
    Store,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AccessKind {
    Read,
    Write,
    Atomic { op: AtomicOp, scope: Scope },
}

/// One memory access: `size` bytes at `base + offset` (offset in bytes).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Access {
    /// Identity of the access within its function, unique and in source
    /// order (see [`number_nodes`]); the engine keys what it derives from an
    /// access on it, never on the access's address.
    pub id: AccessId,
    pub kind: AccessKind,
    pub space: Space,
    pub base: Base,
    /// Byte offset from the start of `base`. Byte addressing makes `char*` and
    /// `int*` views of one buffer collide exactly where the hardware would.
    pub offset: Expr,
    /// Bytes accessed (the element size).
    pub size: u64,
    /// The accessed element's type.
    pub ty: Type,
    /// Source text of the object, e.g. `tile` or `s.data`, for reports.
    pub name: String,
    pub span: Span,
    /// Set when the volatile qualifier is on the accessed lvalue.
    pub volatile: bool,
}

impl Access {
    /// The element index (`offset / size`) when the offset is a multiple of
    /// the element size by construction, for display.
    pub fn is_atomic(&self) -> bool {
        matches!(self.kind, AccessKind::Atomic { .. })
    }
}

/// Block, warp and grid barriers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Barrier {
    /// `__syncthreads()` and its `_count/_and/_or` forms, `this_thread_block().sync()`.
    Block { variant: String },
    /// `__syncwarp(mask)` and tile syncs.
    Warp { mask: Expr },
    /// The barrier of a cooperative-groups tile wider than a warp: the
    /// `size` consecutive threads of the tile (by linear thread id) wait for
    /// each other.
    Tile { size: Expr },
    /// `this_grid().sync()`.
    Grid,
}

pub type Block = Vec<Stmt>;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum LoopKind {
    For,
    While,
    DoWhile,
}

/// How a loop's induction variable moves each iteration.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum StepOp {
    Add,
    Sub,
    Mul,
    Div,
    Shl,
    Shr,
}

/// The callee of a host call through a function pointer (its first argument
/// is the pointer).
pub const INDIRECT_CALL: &str = "(*)";

/// A pure call `&f()` names the address of the user host function or the
/// kernel `f` (a function pointer value in host code).
pub const FUNCTION_VALUE_PREFIX: &str = "&";

/// A recognised `for (v = init; v CMP bound; v = v STEP step)` loop.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LoopPattern {
    pub var: VarId,
    pub init: Expr,
    pub cmp: crate::BinOp,
    pub bound: Expr,
    pub step_op: StepOp,
    pub step: Expr,
}

/// A loop. Each iteration runs `cond_pre`, tests `cond` (none: always true),
/// runs `body`, then `step`. A `do`-loop runs `body` before its first test.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Loop {
    /// Identity of the loop within its function, unique and in source order
    /// (see [`number_nodes`]).
    pub id: LoopId,
    pub kind: LoopKind,
    pub init: Block,
    pub cond_pre: Block,
    pub cond: Option<Expr>,
    pub step: Block,
    pub body: Block,
    pub pattern: Option<LoopPattern>,
    pub span: Span,
}

/// One arm of a C `switch`: control falls through to the next arm unless the
/// body ends in `Break` (C semantics are kept).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Case {
    /// Empty for `default`.
    pub values: Vec<i128>,
    pub is_default: bool,
    pub body: Block,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Stmt {
    /// Declares a local variable; `None` leaves it uninitialised.
    Decl {
        var: VarId,
        init: Option<Expr>,
    },
    Assign {
        var: VarId,
        value: Expr,
    },
    /// Reads memory into the fresh variable `dst`.
    Read {
        dst: VarId,
        access: Access,
    },
    Write {
        access: Access,
        value: Expr,
    },
    /// An atomic read-modify-write; `dst` receives the old value.
    Atomic {
        dst: Option<VarId>,
        access: Access,
        args: Vec<Expr>,
    },
    If {
        cond: Expr,
        then: Block,
        els: Block,
        span: Span,
    },
    Loop(Box<Loop>),
    Switch {
        value: Expr,
        cases: Vec<Case>,
        span: Span,
    },
    Break,
    Continue,
    Return(Option<Expr>),
    /// A nested `{}` block.
    Scope(Block),
    /// The body of an inlined call. A `Return` inside it (not inside a
    /// nested `Inlined`) leaves this statement, not the kernel; the returned
    /// value has already been assigned to `result`.
    Inlined {
        callee: String,
        result: Option<VarId>,
        body: Block,
        span: Span,
    },
    Barrier {
        barrier: Barrier,
        span: Span,
    },
    Fence {
        scope: Scope,
        span: Span,
    },
    /// A warp collective (`__shfl*_sync`, `__ballot_sync`, ...): `dst` gets
    /// the result, computed from the other lanes' `args`.
    WarpOp {
        dst: Option<VarId>,
        op: String,
        mask: Expr,
        args: Vec<Expr>,
        span: Span,
    },
    /// `__assume`/`__requires` (GPUVerify) and the like: the analyses may rely on it.
    Assume {
        cond: Expr,
        span: Span,
    },
    /// `assert`/`__assert`: checked, not assumed.
    Assert {
        cond: Expr,
        span: Span,
    },
    /// A call the lowering did not inline: a user host function (host code
    /// is kept as a call graph), recursion, or the inlining depth limit. A
    /// host call through a function pointer has the callee
    /// [`INDIRECT_CALL`] and the pointer as its first argument.
    Call {
        callee: String,
        args: Vec<Expr>,
        dst: Option<VarId>,
        span: Span,
    },
    /// A kernel launch (host code), index into [`crate::Program::launches`].
    Launch {
        launch: usize,
        span: Span,
    },
    /// `exit`, `abort`, `std::exit`...: the program stops.
    Exit {
        span: Span,
    },
    /// Device `printf`: its format and the values after it. No effect the
    /// analyses need; the simulator prints it.
    Print {
        format: String,
        args: Vec<Expr>,
        span: Span,
    },
    /// A statement the lowering does not model. Analyses treat it as able to
    /// do anything to local state, and mark what depends on it approximate.
    Unknown {
        reason: String,
        span: Span,
    },
}

/// Calls `f` on every statement of a block and of the blocks nested in it
/// (branches, loop parts, cases, scopes, inlined bodies), pre-order.
/// Identity of a memory access within one function (see [`number_nodes`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct AccessId(pub u32);

/// Identity of a loop within one function (see [`number_nodes`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct LoopId(pub u32);

/// Numbers the loops and the accesses of a function body 0, 1, 2, ... in
/// the order of [`walk_stmts`], so that every copy of an inlined function
/// gets ids of its own. The front-end calls it once per lowered function.
pub fn number_nodes(stmts: &mut [Stmt]) {
    fn walk(stmts: &mut [Stmt], loops: &mut u32, accesses: &mut u32) {
        for stmt in stmts {
            match stmt {
                Stmt::Read { access, .. } | Stmt::Write { access, .. } | Stmt::Atomic { access, .. } => {
                    access.id = AccessId(*accesses);
                    *accesses += 1;
                }
                Stmt::If { then, els, .. } => {
                    walk(then, loops, accesses);
                    walk(els, loops, accesses);
                }
                Stmt::Loop(lp) => {
                    lp.id = LoopId(*loops);
                    *loops += 1;
                    for b in [&mut lp.init, &mut lp.cond_pre, &mut lp.body, &mut lp.step] {
                        walk(b, loops, accesses);
                    }
                }
                Stmt::Switch { cases, .. } => cases.iter_mut().for_each(|c| walk(&mut c.body, loops, accesses)),
                Stmt::Scope(b) | Stmt::Inlined { body: b, .. } => walk(b, loops, accesses),
                _ => {}
            }
        }
    }
    walk(stmts, &mut 0, &mut 0);
}

pub fn walk_stmts(stmts: &[Stmt], f: &mut dyn FnMut(&Stmt)) {
    for stmt in stmts {
        f(stmt);
        match stmt {
            Stmt::If { then, els, .. } => {
                walk_stmts(then, f);
                walk_stmts(els, f);
            }
            Stmt::Loop(lp) => {
                for b in [&lp.init, &lp.cond_pre, &lp.body, &lp.step] {
                    walk_stmts(b, f);
                }
            }
            Stmt::Switch { cases, .. } => cases.iter().for_each(|c| walk_stmts(&c.body, f)),
            Stmt::Scope(b) | Stmt::Inlined { body: b, .. } => walk_stmts(b, f),
            _ => {}
        }
    }
}
