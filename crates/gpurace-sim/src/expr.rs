//! IR expressions to compiled [`Value`]s, through the shared C-semantics
//! core.
//!
//! The compiler implements `gpurace_core::cexpr::ExprEval`, the evaluator
//! host evaluation and the static engine use: every variable, parameter and
//! builtin is a leaf, so an expression becomes a term with C's conversions,
//! promotions and wrap made explicit (and its constant parts folded, by the
//! same rules). The term is then flattened into operations. The simulator
//! and the static engine therefore cannot disagree about what an operator
//! means; what the static engine leaves opaque (floats, math functions) is
//! a [`Func`] here.

use std::collections::HashMap;
use std::sync::Arc;

use gpurace_core::c::{convert, width};
use gpurace_core::cexpr::ExprEval;
use gpurace_core::term::{self as t, Deps, Leaf, Node, Term, T};
use gpurace_ir::{Base, BinOp, Builtin, Dim, Expr, Kernel, Program, Span, Type, VarId};

use crate::code::{FaultInfo, Op, Scalar, Slot, Value};
use crate::funcs::{self, Func};
use crate::memory::Layout;

/// Compiles the expressions of one kernel.
pub(crate) struct Compiler<'a> {
    pub program: &'a Program,
    pub kernel: &'a Kernel,
    pub layout: &'a Layout,
    pub funcs: Vec<Func>,
    pub faults: Vec<FaultInfo>,
    /// Struct parameter fields read: parameter, byte offset, width.
    pub fields: Vec<(u32, u64, u32)>,
    /// Where the statement being compiled is, for faults without a span.
    pub span: Span,
    /// Host code ([`crate::program`]): the offsets in the function's frame
    /// of its variables that live in memory; the frame's address is
    /// parameter 0.
    pub host_frame: Option<HashMap<u32, u64>>,
}

/// How the simulator computes with a C type.
pub(crate) fn scalar(ty: &Type) -> Scalar {
    match ty {
        Type::Bool => Scalar { bits: 0, float: false, signed: false },
        Type::Int { bits, signed } => Scalar { bits: u32::from(*bits), float: false, signed: *signed },
        Type::Float { bits } => Scalar { bits: u32::from(*bits), float: true, signed: true },
        _ => Scalar { bits: 64, float: false, signed: false },
    }
}

fn dim(d: Dim) -> u8 {
    match d {
        Dim::X => 0,
        Dim::Y => 1,
        Dim::Z => 2,
    }
}

impl<'a> Compiler<'a> {
    pub fn new(program: &'a Program, kernel: &'a Kernel, layout: &'a Layout) -> Compiler<'a> {
        Compiler {
            program,
            kernel,
            layout,
            funcs: Vec::new(),
            faults: Vec::new(),
            fields: Vec::new(),
            span: kernel.span,
            host_frame: None,
        }
    }

    pub fn var_ty(&self, var: VarId) -> Type {
        gpurace_core::cexpr::var_type(self.kernel, var)
    }

    /// A term that faults when it runs, saying `reason` at `span`.
    pub fn fault(&mut self, reason: String, span: Span, width: u32) -> T {
        self.faults.push(FaultInfo { reason, span });
        t::uf(&format!("!{}", self.faults.len() - 1), Vec::new(), width)
    }

    fn func(&mut self, func: Func, args: Vec<T>, width: u32) -> T {
        self.funcs.push(func);
        t::function(&format!("#{}", self.funcs.len() - 1), args, width, false)
    }

    /// `e` converted to type `to` with C's rules, floats included.
    pub fn value_to(&mut self, e: &Expr, to: &Type) -> T {
        let from = self.ty_of(e);
        let v = self.value(&(), e);
        self.convert_term(v, &from, to)
    }

    fn convert_term(&mut self, v: T, from: &Type, to: &Type) -> T {
        let (f, g) = (scalar(from), scalar(to));
        if (f.float || g.float) && f != g {
            return self.func(Func::Convert(f, g), vec![v], width(to));
        }
        convert(&v, from, to)
    }

    /// The parameter and byte offset a struct field expression reads, with the
    /// field's type: `p.a.b` for a by-value struct parameter `p`.
    fn field_place(&self, e: &Expr) -> Option<(u32, Type, u64)> {
        match e {
            Expr::Param(i) => Some((*i, self.kernel.params.get(*i as usize)?.ty.clone(), 0)),
            Expr::Field { value, field, .. } => {
                let (param, ty, offset) = self.field_place(value)?;
                let (fty, foff) = self.field_of(&ty, field)?;
                Some((param, fty, offset + foff))
            }
            _ => None,
        }
    }

    fn field_of(&self, ty: &Type, field: &str) -> Option<(Type, u64)> {
        let Type::Record { name, .. } = ty else { return None };
        let record = self.program.records.iter().find(|r| &r.name == name)?;
        let f = record.fields.iter().find(|f| f.name == field)?;
        Some((f.ty.clone(), f.offset))
    }

    fn field_leaf(&mut self, param: u32, offset: u64, width: u32) -> T {
        let key = (param, offset, width);
        let index = match self.fields.iter().position(|f| *f == key) {
            Some(i) => i,
            None => {
                self.fields.push(key);
                self.fields.len() - 1
            }
        };
        t::leaf(Leaf::ParamField(index as u32), width, Deps::default())
    }

    /// Flattens a term into operations.
    pub fn compile(&self, term: &T) -> Value {
        let mut out = Value::default();
        let mut memo = HashMap::new();
        self.emit(term, &mut out, &mut memo);
        out
    }

    fn emit(&self, term: &T, out: &mut Value, memo: &mut HashMap<*const Term, Slot>) -> Slot {
        if let Some(slot) = memo.get(&Arc::as_ptr(term)) {
            return *slot;
        }
        let w = term.width;
        let op = match &term.node {
            Node::Bool(b) => Op::Const(u128::from(*b)),
            Node::Const(c) => Op::Const(*c),
            Node::Leaf(leaf) => match *leaf {
                Leaf::Fresh(v) => Op::Var(v),
                Leaf::Tid(d) => Op::Tid(d),
                Leaf::Bid(d) => Op::Bid(d),
                Leaf::BlockDim(d) => Op::BlockDim(d),
                Leaf::GridDim(d) => Op::GridDim(d),
                Leaf::Param(i) => Op::Param(i),
                Leaf::ParamField(i) => Op::Field(i),
                Leaf::GridThreads(_) | Leaf::Host(_) => Op::Fault(u32::MAX),
            },
            Node::Not(a) => Op::Not(self.emit(a, out, memo)),
            Node::And(a, b) => Op::And(self.emit(a, out, memo), self.emit(b, out, memo)),
            Node::Or(a, b) => Op::Or(self.emit(a, out, memo), self.emit(b, out, memo)),
            Node::Ite(c, a, b) => Op::Ite(self.emit(c, out, memo), self.emit(a, out, memo), self.emit(b, out, memo)),
            Node::Bin(op, a, b) => Op::Bin(*op, self.emit(a, out, memo), self.emit(b, out, memo), w),
            Node::Cmp(op, a, b) => Op::Cmp(*op, self.emit(a, out, memo), self.emit(b, out, memo), a.width),
            Node::Ext(s, a) => Op::Ext(*s, self.emit(a, out, memo), a.width, w),
            Node::Trunc(a) => Op::Trunc(self.emit(a, out, memo), w),
            Node::Uf(name, args) => {
                let index = name.get(1..).and_then(|i| i.parse::<usize>().ok());
                match (name.as_bytes().first(), index) {
                    (Some(b'#'), Some(i)) => {
                        let slots = args.iter().map(|a| self.emit(a, out, memo)).collect();
                        Op::Call(self.funcs[i], slots)
                    }
                    (Some(b'!'), Some(i)) => Op::Fault(i as u32),
                    _ => Op::Fault(u32::MAX),
                }
            }
        };
        out.ops.push(op);
        let slot = (out.ops.len() - 1) as Slot;
        memo.insert(Arc::as_ptr(term), slot);
        slot
    }
}

impl ExprEval for Compiler<'_> {
    type State = ();

    fn ty_of(&self, e: &Expr) -> Type {
        gpurace_core::cexpr::kernel_expr_type(self.kernel, e)
    }

    fn var(&mut self, _st: &(), var: VarId) -> T {
        t::leaf(Leaf::Fresh(var.0), width(&self.var_ty(var)), Deps::default())
    }

    fn param(&mut self, e: &Expr, index: u32) -> T {
        let ty = self.ty_of(e);
        if matches!(ty, Type::Record { .. } | Type::Opaque { .. } | Type::Array { .. }) {
            let name = self.kernel.params.get(index as usize).map_or("?", |p| p.name.as_str()).to_string();
            return self.fault(format!("the struct parameter `{name}` used as a value"), self.span, 64);
        }
        t::leaf(Leaf::Param(index), width(&ty), Deps::default())
    }

    fn builtin(&mut self, _e: &Expr, b: Builtin) -> T {
        let leaf = match b {
            Builtin::ThreadIdx(d) => Leaf::Tid(dim(d)),
            Builtin::BlockIdx(d) => Leaf::Bid(dim(d)),
            Builtin::BlockDim(d) => Leaf::BlockDim(dim(d)),
            Builtin::GridDim(d) => Leaf::GridDim(dim(d)),
            Builtin::WarpSize => return t::constant(32, 32),
        };
        t::leaf(leaf, 32, Deps::default())
    }

    fn place(&mut self, _st: &(), e: &Expr) -> T {
        match e {
            Expr::SharedAddr(id) => t::constant(u128::from(self.layout.shared(id.0)), 64),
            Expr::Field { ty, .. } => match self.field_place(e) {
                Some((param, _, offset)) => self.field_leaf(param, offset, width(ty)),
                None => self.fault("a field of a value that is not a parameter".into(), self.span, width(ty)),
            },
            _ => self.fault("an unmodelled place".into(), self.span, 64),
        }
    }

    fn call(&mut self, _st: &(), _e: &Expr, func: &str, args: &[Expr], ty: &Type) -> T {
        if matches!(func, "__syncthreads_count" | "__syncthreads_and" | "__syncthreads_or") {
            // The barrier before this use left its result in the last register.
            let reg = t::leaf(Leaf::Fresh(self.kernel.vars.len() as u32), 32, Deps::default());
            return convert(&reg, &Type::INT, ty);
        }
        if let Type::Float { bits } = ty {
            if let Some(f) = funcs::float_math(func, args.len(), u32::from(*bits)) {
                let vals = args.iter().map(|a| self.value_to(a, ty)).collect();
                return self.func(f, vals, width(ty));
            }
        }
        // Handles of cooperative groups carry no value the simulator needs
        // (their syncs and ranks are lowered on their own); a generator's
        // state is not kept (its numbers are hashes, below).
        if func.starts_with("construct cooperative_groups::") || func == "curand_init" {
            return t::constant(0, width(ty).max(1));
        }
        // Random numbers: a hash of the arguments (a generator's state
        // address, a seed), so a run stays a function of its request.
        if let Some(kind) = funcs::random(func, ty) {
            let vals = args.iter().map(|a| self.value_to(a, &Type::ULONG)).collect();
            return self.func(kind, vals, width(ty).max(1));
        }
        if let Some(sig) = funcs::int_intrinsic(func) {
            let vals = args
                .iter()
                .zip(&sig.params)
                .map(|(a, p)| {
                    let pty = scalar_type(*p);
                    self.value_to(a, &pty)
                })
                .collect();
            let result = self.func(sig.func, vals, sig.result.bits.max(1));
            return self.convert_term(result, &scalar_type(sig.result), ty);
        }
        self.fault(format!("a call to `{func}`, which the simulator does not compute"), self.span, width(ty))
    }

    fn base(&mut self, _st: &(), base: &Base) -> T {
        match base {
            Base::Param { index, fields } if fields.is_empty() => t::leaf(Leaf::Param(*index), 64, Deps::default()),
            Base::Param { index, fields } => {
                let mut place = self.kernel.params.get(*index as usize).map(|p| (p.ty.clone(), 0u64));
                for field in fields {
                    place = place.and_then(|(ty, off)| self.field_of(&ty, field).map(|(t, o)| (t, off + o)));
                }
                match place {
                    Some((_, offset)) => self.field_leaf(*index, offset, 64),
                    None => self.fault(format!("the pointer field `{}`", fields.join(".")), self.span, 64),
                }
            }
            Base::Shared(id) => t::constant(u128::from(self.layout.shared(id.0)), 64),
            Base::Global(id) => t::constant(u128::from(self.layout.global(id.0)), 64),
            Base::Local(var) | Base::Host(var) if self.host_frame.is_some() => {
                let at = self.host_frame.as_ref().and_then(|f| f.get(&var.0)).copied().unwrap_or(0);
                t::add(&t::leaf(Leaf::Param(0), 64, Deps::default()), &t::constant(u128::from(at), 64))
            }
            Base::Local(var) => t::constant(u128::from(self.layout.local(var.0)), 64),
            Base::Host(_) => self.fault("host memory in a kernel".into(), self.span, 64),
            Base::Dynamic(e) => self.value_to(e, &Type::ULONG),
        }
    }

    fn opaque(&mut self, e: &Expr, ty: &Type, what: &'static str) -> T {
        let w = width(ty);
        match e {
            Expr::Unknown { reason, span, .. } => self.fault(reason.clone(), *span, w),
            _ => self.fault(what.to_string(), self.span, w),
        }
    }

    fn float_literal(&mut self, _e: &Expr, value: f64, ty: &Type) -> T {
        let bits = width(ty);
        t::constant(funcs::bits_of(value, bits), bits)
    }

    fn float_op(&mut self, _st: &(), _e: &Expr, op: &'static str, args: &[&Expr], ty: &Type) -> T {
        let tys: Vec<Type> = args.iter().map(|a| self.ty_of(a)).collect();
        match op {
            "fpext" | "sitofp" | "uitofp" | "fptosi" | "fptoui" | "fne0" => {
                let from = tys.first().cloned().unwrap_or(Type::INT);
                let v = self.value(&(), args[0]);
                self.convert_term(v, &from, ty)
            }
            "fneg" => {
                let v = self.value_to(args[0], ty);
                self.func(Func::Float1(|x| -x, width(ty)), vec![v], width(ty))
            }
            "fnot" => {
                let v = self.value(&(), args[0]);
                let nonzero = self.convert_term(v, &tys[0], &Type::Bool);
                convert(&t::not(&nonzero), &Type::Bool, ty)
            }
            "foeq" | "fone" | "folt" | "fole" | "fogt" | "foge" => {
                let bits = tys.iter().filter_map(|t| if let Type::Float { bits } = t { Some(*bits) } else { None });
                let common = Type::Float { bits: bits.max().unwrap_or(64) };
                let vals = args.iter().map(|a| self.value_to(a, &common)).collect();
                let cmp = match op {
                    "foeq" => BinOp::Eq,
                    "fone" => BinOp::Ne,
                    "folt" => BinOp::Lt,
                    "fole" => BinOp::Le,
                    "fogt" => BinOp::Gt,
                    _ => BinOp::Ge,
                };
                self.func(Func::FloatCmp(cmp, width(&common)), vals, width(ty))
            }
            _ => {
                let bits = width(ty);
                let f: fn(f64, f64) -> f64 = match op {
                    "fadd" => |a, b| a + b,
                    "fsub" => |a, b| a - b,
                    "fmul" => |a, b| a * b,
                    "fdiv" => |a, b| a / b,
                    "frem" => |a, b| a % b,
                    "fmin" => f64::min,
                    "fmax" => f64::max,
                    _ => return self.fault(format!("the float operation `{op}`"), self.span, bits),
                };
                let vals = args.iter().map(|a| self.value_to(a, ty)).collect();
                self.func(Func::Float2(f, bits), vals, bits)
            }
        }
    }
}

/// The C type of a simulator scalar.
fn scalar_type(s: Scalar) -> Type {
    match (s.float, s.bits) {
        (true, b) => Type::Float { bits: b as u8 },
        (false, 0) => Type::Bool,
        (false, b) => Type::Int { bits: b as u8, signed: s.signed },
    }
}
