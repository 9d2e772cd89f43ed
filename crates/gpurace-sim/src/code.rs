//! The compiled form of a kernel: a flat list of instructions with jumps,
//! each expression a short list of operations over the thread's registers.
//!
//! A kernel is compiled once per launch ([`crate::compile`]); every thread
//! runs the same [`Code`] with its own registers and program counter, so
//! executing an instruction is an index into a vector, not a walk of the
//! IR's tree.

use gpurace_core::arith::{BvOp, CmpOp};
use gpurace_ir::{AccessKind, AtomicOp, Scope, Space, Span};

use crate::funcs::Func;

/// Index of an operation's result within one [`Value`].
pub type Slot = u32;

/// One operation of a compiled expression; operands are earlier slots.
#[derive(Debug, Clone)]
pub enum Op {
    Const(u128),
    /// A register of the thread (a variable of the kernel).
    Var(u32),
    Tid(u8),
    Bid(u8),
    BlockDim(u8),
    GridDim(u8),
    /// A scalar parameter's bits.
    Param(u32),
    /// An integer field of a by-value struct parameter, by index into
    /// [`Code::fields`].
    Field(u32),
    Not(Slot),
    And(Slot, Slot),
    Or(Slot, Slot),
    Ite(Slot, Slot, Slot),
    Bin(BvOp, Slot, Slot, u32),
    /// The comparison and its operands' width.
    Cmp(CmpOp, Slot, Slot, u32),
    /// Zero (`false`) or sign extension from `from` bits to `to` bits.
    Ext(bool, Slot, u32, u32),
    Trunc(Slot, u32),
    /// A function the simulator computes (floating point, math, bit tricks).
    Call(Func, Vec<Slot>),
    /// A value the lowering could not model: running it is an error, by
    /// index into [`Code::faults`].
    Fault(u32),
}

/// A compiled expression: its result is the last operation's.
#[derive(Debug, Clone, Default)]
pub struct Value {
    pub ops: Vec<Op>,
}

impl Value {
    /// The constant a value folded to at compile time, if it did.
    pub fn as_const(&self) -> Option<u128> {
        match self.ops.as_slice() {
            [Op::Const(c)] => Some(*c),
            _ => None,
        }
    }
}

/// What the simulator knows of one memory access of the source.
#[derive(Debug, Clone, PartialEq)]
pub struct AccessInfo {
    pub kind: AccessKind,
    pub space: Space,
    pub size: u64,
    /// How the accessed element's bits are read (float, signed, width).
    pub elem: Scalar,
    pub name: String,
    pub span: Span,
    /// Made in a loop's condition: a spin-wait's read (a flag, a lock's CAS).
    pub wait: bool,
}

impl AccessInfo {
    pub fn atomic(&self) -> Option<(AtomicOp, Scope)> {
        match self.kind {
            AccessKind::Atomic { op, scope } => Some((op, scope)),
            _ => None,
        }
    }
}

/// A scalar type as the simulator computes with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scalar {
    /// Width in bits; 0 for a boolean.
    pub bits: u32,
    pub float: bool,
    pub signed: bool,
}

/// The barriers and warp synchronisations a thread waits at.
#[derive(Debug, Clone)]
pub enum Sync {
    /// `__syncthreads()`; `__syncthreads_count/and/or(p)` also reduce `p`
    /// over the block into each thread's barrier-result register.
    Block(Option<(Reduction, Value)>),
    /// `__syncwarp(mask)`.
    Warp(Value),
    /// A cooperative-groups tile wider than a warp, by its size.
    Tile(Value),
    Grid,
}

/// What `__syncthreads_count`, `_and` and `_or` compute.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reduction {
    Count,
    And,
    Or,
}

/// A warp collective's operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Collective {
    Shfl,
    ShflUp,
    ShflDown,
    ShflXor,
    Ballot,
    All,
    Any,
    Uni,
    MatchAny,
    MatchAll,
    ReduceAdd,
    ReduceMin,
    ReduceMax,
    ReduceAnd,
    ReduceOr,
    ReduceXor,
    ActiveMask,
}

impl Collective {
    /// The collective a lowered `WarpOp` names (`__shfl_down_sync`, `__ballot`...).
    pub fn from_name(name: &str) -> Option<Collective> {
        let base = name.trim_start_matches('_').trim_end_matches("_sync");
        Some(match base {
            "shfl" => Collective::Shfl,
            "shfl_up" => Collective::ShflUp,
            "shfl_down" => Collective::ShflDown,
            "shfl_xor" => Collective::ShflXor,
            "ballot" => Collective::Ballot,
            "all" => Collective::All,
            "any" => Collective::Any,
            "uni" => Collective::Uni,
            "match_any" => Collective::MatchAny,
            "match_all" => Collective::MatchAll,
            "reduce_add" => Collective::ReduceAdd,
            "reduce_min" => Collective::ReduceMin,
            "reduce_max" => Collective::ReduceMax,
            "reduce_and" => Collective::ReduceAnd,
            "reduce_or" => Collective::ReduceOr,
            "reduce_xor" => Collective::ReduceXor,
            "activemask" => Collective::ActiveMask,
            _ => return None,
        })
    }
}

/// One instruction.
#[derive(Debug, Clone)]
pub enum Instr {
    /// `var = value` (already converted to the variable's type).
    Set {
        var: u32,
        value: Value,
    },
    Read {
        dst: u32,
        addr: Value,
        access: u32,
    },
    Write {
        addr: Value,
        value: Value,
        access: u32,
    },
    Atomic {
        dst: Option<u32>,
        addr: Value,
        args: Vec<Value>,
        access: u32,
    },
    /// Jumps to `target` unless `cond` holds.
    Unless {
        cond: Value,
        target: u32,
    },
    Jump(u32),
    Sync {
        sync: Sync,
        span: Span,
    },
    Fence(Scope),
    Warp {
        dst: Option<u32>,
        op: Collective,
        mask: Value,
        args: Vec<Value>,
        span: Span,
    },
    Assume {
        cond: Value,
        span: Span,
    },
    Assert {
        cond: Value,
        span: Span,
    },
    /// Device `printf`: the format and each value with its C type.
    Print {
        format: String,
        args: Vec<(Value, Scalar)>,
    },
    /// Something the simulator cannot run: by index into [`Code::faults`].
    Fault(u32),
    /// The thread ends (`return` from the kernel, `exit`).
    Exit,
    /// Host code only ([`crate::program`]): a call the compiler did not
    /// inline (a host function, a library call), each argument with its C
    /// type; `dst` receives what it returns.
    Call {
        callee: String,
        args: Vec<(Value, gpurace_ir::Type)>,
        dst: Option<u32>,
    },
    /// Host code only: launch `launch` of the program with its geometry and
    /// arguments (converted to the kernel's parameter types; a struct
    /// argument is the address of its bytes).
    Launch {
        launch: u32,
        grid: [Value; 3],
        block: [Value; 3],
        shmem: Option<Value>,
        args: Vec<Value>,
    },
    /// Host code only: `return value` (the function's result register is
    /// set, then it returns).
    Return(Value),
}

/// Why an operation or instruction cannot run, and where.
#[derive(Debug, Clone, PartialEq)]
pub struct FaultInfo {
    pub reason: String,
    pub span: Span,
}

/// A compiled kernel.
#[derive(Debug, Clone, Default)]
pub struct Code {
    pub instrs: Vec<Instr>,
    /// Per instruction, the source position it came from (for errors).
    pub spans: Vec<Span>,
    pub accesses: Vec<AccessInfo>,
    pub faults: Vec<FaultInfo>,
    /// Struct parameter fields: parameter, byte offset, width in bits.
    pub fields: Vec<(u32, u64, u32)>,
    /// Per register: its type and its name. The last register holds the
    /// result of the thread's latest `__syncthreads_count/and/or`.
    pub regs: Vec<(Scalar, String)>,
    /// Bytes of each thread's local memory (arrays and structs of the thread).
    pub local_bytes: u64,
    /// Bytes of static shared memory of a block; dynamic shared memory
    /// starts after it (16-byte aligned).
    pub shared_bytes: u64,
    /// Byte offset of each `__shared__` variable of the kernel.
    pub shared_offsets: Vec<u64>,
}
