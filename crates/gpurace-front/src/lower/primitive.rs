//! CUDA primitives recognised by name: barriers (`__syncthreads` and its
//! variants, grid and group syncs), fences, atomics (CUDA's and the prelude's
//! `__gpurace_atomic*` family for libcu++), warp collectives, GPUVerify's
//! annotations and device `memcpy`/`memset`. Child module of `func`, sharing
//! `FnLower`'s state; calls with bodies are in `call.rs`.

use gpurace_ir::{AccessKind, AtomicOp, Barrier, BinOp, Expr, Scope, Span, Stmt, Type, VarKind};

use super::exprs::expr_type;
use super::{FnLower, LValue};
use crate::ast::Node;

/// The operation and scope of an atomic primitive: CUDA's `atomicAdd`,
/// `atomicAdd_block`, `atomicAdd_system`, ..., and the prelude's
/// `__gpurace_atomicAdd<T>` family (any element type, for libcu++'s
/// `cuda::atomic<T>`), with `__gpurace_atomicLoad`/`__gpurace_atomicStore`
/// for its atomic loads and stores.
fn atomic_op(name: &str) -> Option<(AtomicOp, Scope)> {
    let generic = name.strip_prefix("__gpurace_");
    let name = generic.unwrap_or(name);
    let (base, scope) = if let Some(b) = name.strip_suffix("_block") {
        (b, Scope::Block)
    } else if let Some(b) = name.strip_suffix("_system") {
        (b, Scope::System)
    } else {
        (name, Scope::Device)
    };
    let op = match base {
        "atomicAdd" => AtomicOp::Add,
        "atomicSub" => AtomicOp::Sub,
        "atomicExch" => AtomicOp::Exch,
        "atomicMin" => AtomicOp::Min,
        "atomicMax" => AtomicOp::Max,
        "atomicInc" => AtomicOp::Inc,
        "atomicDec" => AtomicOp::Dec,
        "atomicCAS" => AtomicOp::Cas,
        "atomicAnd" => AtomicOp::And,
        "atomicOr" => AtomicOp::Or,
        "atomicXor" => AtomicOp::Xor,
        "atomicLoad" if generic.is_some() => AtomicOp::Load,
        "atomicStore" if generic.is_some() => AtomicOp::Store,
        _ => return None,
    };
    Some((op, scope))
}

const WARP_OPS: &[&str] = &[
    "__shfl_sync",
    "__shfl_up_sync",
    "__shfl_down_sync",
    "__shfl_xor_sync",
    "__ballot_sync",
    "__all_sync",
    "__any_sync",
    "__uni_sync",
    "__match_any_sync",
    "__match_all_sync",
    "__reduce_add_sync",
    "__reduce_min_sync",
    "__reduce_max_sync",
    "__reduce_and_sync",
    "__reduce_or_sync",
    "__reduce_xor_sync",
    "__shfl",
    "__shfl_up",
    "__shfl_down",
    "__shfl_xor",
    "__ballot",
    "__any",
    "__activemask",
];

impl FnLower<'_, '_> {
    /// CUDA primitives recognised by name. `None`: not a primitive.
    pub(super) fn primitive(&mut self, name: &str, args: &[&Node], span: Span, ty: &Type) -> Option<Expr> {
        let void = Expr::int(0, Type::Void);
        match name {
            "__syncthreads" | "__syncthreads_count" | "__syncthreads_and" | "__syncthreads_or" | "__barrier_sync" => {
                let vals: Vec<Expr> = args.iter().map(|a| self.rvalue(a)).collect();
                let variant: &'static str = match name {
                    "__syncthreads_count" => "count",
                    "__syncthreads_and" => "and",
                    "__syncthreads_or" => "or",
                    _ => "plain",
                };
                self.emit(Stmt::Barrier { barrier: Barrier::Block { variant: variant.to_string() }, span });
                if variant == "plain" {
                    return Some(void);
                }
                return Some(Expr::Call { func: name.to_string(), args: vals, ty: ty.clone() });
            }
            "__syncwarp" => {
                let mask = args.first().map(|a| self.rvalue(a)).unwrap_or(Expr::int(0xffff_ffff, Type::UINT));
                self.emit(Stmt::Barrier { barrier: Barrier::Warp { mask }, span });
                return Some(void);
            }
            "__gpurace_tile_sync" => {
                let size = args.first().map(|a| self.rvalue(a)).unwrap_or(Expr::int(32, Type::UINT));
                self.emit(Stmt::Barrier { barrier: Barrier::Tile { size }, span });
                return Some(void);
            }
            "__gpurace_grid_sync" => {
                self.emit(Stmt::Barrier { barrier: Barrier::Grid, span });
                return Some(void);
            }
            "__threadfence" | "__threadfence_block" | "__threadfence_system" => {
                let scope = match name {
                    "__threadfence_block" => Scope::Block,
                    "__threadfence_system" => Scope::System,
                    _ => Scope::Device,
                };
                self.emit(Stmt::Fence { scope, span });
                return Some(void);
            }
            "__requires" | "__assume" | "__global_requires" => {
                let c = args.first().map(|a| self.rvalue(a))?;
                self.emit(Stmt::Assume { cond: c, span });
                return Some(void);
            }
            "__assert" | "__global_assert" | "__invariant" | "__global_invariant" | "__function_wide_invariant" => {
                let c = args.first().map(|a| self.rvalue(a))?;
                self.emit(Stmt::Assert { cond: c, span });
                return Some(void);
            }
            "__ensures" | "__global_ensures" | "__function_wide_candidate_invariant" | "__candidate_invariant" => {
                return Some(void)
            }
            "exit" | "abort" | "_Exit" | "quick_exit" | "__trap" | "__brkpt" => {
                for a in args {
                    let _ = self.rvalue(a);
                }
                self.emit(Stmt::Exit { span });
                return Some(void);
            }
            "cudaLaunchKernel" | "cudaLaunchCooperativeKernel" if self.is_host() => {
                return Some(self.launch_api(name, args, span));
            }
            "cudaLaunchKernelEx" if self.is_host() && args.len() >= 2 => {
                return Some(self.launch_ex(args, span));
            }
            _ => {}
        }
        if let Some((op, scope)) = atomic_op(name) {
            let ptr = args.first().map(|a| self.rvalue(a))?;
            let vals: Vec<Expr> = args.iter().skip(1).map(|a| self.rvalue(a)).collect();
            let elem = match expr_type(&ptr) {
                Some(Type::Ptr(t)) => *t,
                _ => ty.clone(),
            };
            let LValue::Mem(place) = self.deref(ptr, None, elem, args[0], span) else { return None };
            let access = self.access(&place, AccessKind::Atomic { op, scope }, span);
            // An atomic store returns nothing.
            if *ty == Type::Void {
                self.emit(Stmt::Atomic { dst: None, access, args: vals });
                return Some(void);
            }
            let dst = self.new_var("old", ty.clone(), VarKind::Read, span);
            self.emit(Stmt::Atomic { dst: Some(dst), access, args: vals });
            return Some(Expr::Var(dst));
        }
        // Cache-hinted loads and stores (`__ldg(p)`, `__stcg(p, v)`) are plain
        // memory accesses for the analyses.
        let load = matches!(name, "__ldg" | "__ldcg" | "__ldca" | "__ldcs" | "__ldlu" | "__ldcv");
        let store = matches!(name, "__stcg" | "__stcs" | "__stwb" | "__stwt");
        if load || store {
            let ptr = args.first().map(|a| self.rvalue(a))?;
            let elem = match expr_type(&ptr) {
                Some(Type::Ptr(t)) => *t,
                _ => ty.clone(),
            };
            let lv = self.deref(ptr, None, elem, args[0], span);
            if load {
                return Some(self.load(lv, span));
            }
            let value = args.get(1).map(|a| self.rvalue(a))?;
            self.store(&lv, value, span);
            return Some(void);
        }
        if WARP_OPS.contains(&name) {
            let mut vals: Vec<Expr> = args.iter().map(|a| self.rvalue(a)).collect();
            let mask = if name.ends_with("_sync") && !vals.is_empty() {
                vals.remove(0)
            } else {
                Expr::int(0xffff_ffff, Type::UINT)
            };
            return Some(self.warp_op(name, mask, vals, ty, span));
        }
        if matches!(name, "min" | "max" | "umin" | "umax" | "llmin" | "llmax") && args.len() == 2 {
            {
                let a = self.rvalue(args[0]);
                let b = self.rvalue(args[1]);
                let op = if name.ends_with("min") { BinOp::Min } else { BinOp::Max };
                return Some(Expr::binary(op, a, b, ty.clone()));
            }
        }
        None
    }

    /// The warp collective `name` (`__shfl_sync`, `__ballot_sync`...) over
    /// the lanes of `mask`, with its arguments after the mask; its result.
    pub(super) fn warp_op(&mut self, name: &str, mask: Expr, args: Vec<Expr>, ty: &Type, span: Span) -> Expr {
        let dst =
            (*ty != Type::Void).then(|| self.new_var(name.trim_start_matches('_'), ty.clone(), VarKind::Read, span));
        self.emit(Stmt::WarpOp { dst, op: name.to_string(), mask, args, span });
        dst.map(Expr::Var).unwrap_or(Expr::int(0, Type::Void))
    }

    /// `memcpy(dst, src, n)` and `memset(dst, v, n)` in device code, when `n`
    /// is a constant: a read of `n` bytes at `src` and a write of `n` bytes at
    /// `dst`. `None` when the call is not one of them or `n` is not known.
    pub(super) fn memory_builtin(&mut self, name: &str, args: &[&Node], vals: &[Expr], span: Span) -> Option<Expr> {
        let name = name.trim_start_matches("__builtin_");
        if name != "memcpy" && name != "memset" && name != "memmove" {
            return None;
        }
        let len = u64::try_from(self.fold_with_consts(vals.get(2)?)?).ok().filter(|n| *n > 0)?;
        let bytes = Type::Array { elem: Box::new(Type::Int { bits: 8, signed: false }), len: Some(len) };
        let place = |this: &mut Self, i: usize| match this.deref(vals[i].clone(), None, bytes.clone(), args[i], span) {
            LValue::Mem(p) => Some(p),
            _ => None,
        };
        let dst = place(self, 0)?;
        let value = if name == "memset" {
            vals[1].clone()
        } else {
            let src = place(self, 1)?;
            let read = self.access(&src, AccessKind::Read, span);
            let v = self.new_var(&format!("{name}.bytes"), bytes.clone(), VarKind::Read, span);
            self.emit(Stmt::Read { dst: v, access: read });
            Expr::Var(v)
        };
        let write = self.access(&dst, AccessKind::Write, span);
        self.emit(Stmt::Write { access: write, value });
        Some(vals[0].clone())
    }
}

/// `threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y`.
pub(super) fn linear_thread_id() -> Expr {
    use gpurace_ir::{Builtin, Dim};
    let b = |x| Expr::Builtin(x);
    let mul = |l, r| Expr::binary(BinOp::Mul, l, r, Type::UINT);
    let add = |l, r| Expr::binary(BinOp::Add, l, r, Type::UINT);
    let y = mul(b(Builtin::ThreadIdx(Dim::Y)), b(Builtin::BlockDim(Dim::X)));
    let z = mul(mul(b(Builtin::ThreadIdx(Dim::Z)), b(Builtin::BlockDim(Dim::X))), b(Builtin::BlockDim(Dim::Y)));
    add(add(b(Builtin::ThreadIdx(Dim::X)), y), z)
}
