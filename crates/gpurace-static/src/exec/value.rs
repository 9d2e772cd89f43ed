//! Values of expressions: the core evaluator (`gpurace_core::cexpr`)
//! with the kernel's hooks: thread and block indices as leaves, parameters
//! and their fields, pointer parameters bound to host allocations, values
//! not modelled as fresh per-thread unknowns, and the products of symbolic
//! launch sizes replaced by leaves.

use std::collections::{HashMap, HashSet};

use gpurace_core::arith::BvOp;
use gpurace_core::c::{is_float, is_signed, width};
use gpurace_core::cexpr::{unmodelled, ExprEval};
use gpurace_core::poly::{self, Normal};
use gpurace_core::term::{self as t, Deps, FreshKind, Leaf, Node, T};
use gpurace_ir::{Base, Builtin, Expr, Type, VarId};

use super::forms::strip_casts;
use super::{dim_index, key, Exec, NodeKey, State, Tag};
use crate::trace::{object_base, BaseKind, Product};

impl ExprEval for Exec<'_> {
    type State = State;

    fn ty_of(&self, e: &Expr) -> Type {
        gpurace_core::cexpr::kernel_expr_type(self.kernel, e)
    }

    fn var(&mut self, st: &State, var: VarId) -> T {
        match st.env.get(var.0 as usize).cloned().flatten() {
            Some(value) => value,
            None => {
                let w = self.var_width(var);
                let name = self.var_name(var);
                self.fresh(NodeKey::None, Tag::Uninit(var.0), || format!("{name} (uninitialised)"), w, FreshKind::Havoc)
            }
        }
    }

    fn param(&mut self, e: &Expr, index: u32) -> T {
        let ty = self.ty_of(e);
        match ty {
            // A float parameter is an input like any other: its bits.
            Type::Float { bits: 32 | 64 } => t::leaf(Leaf::Param(index), width(&ty), Deps::default()),
            Type::Float { .. } | Type::Record { .. } | Type::Opaque { .. } => self.opaque(e, &ty, unmodelled::VALUE),
            Type::Ptr(_) | Type::Array { .. } => self.param_pointer(index),
            Type::Int { .. } | Type::Bool => match self.constants.params.get(index as usize).copied().flatten() {
                Some(v) => t::constant(v & gpurace_core::arith::mask(width(&ty)), width(&ty)),
                None => t::leaf(Leaf::Param(index), width(&ty), Deps::default()),
            },
            _ => t::leaf(Leaf::Param(index), width(&ty), Deps::default()),
        }
    }

    fn builtin(&mut self, _e: &Expr, b: Builtin) -> T {
        match b {
            Builtin::ThreadIdx(d) => t::leaf(Leaf::Tid(dim_index(d)), 32, Deps::default()),
            Builtin::BlockIdx(d) => t::leaf(Leaf::Bid(dim_index(d)), 32, Deps::default()),
            Builtin::BlockDim(d) => t::leaf(Leaf::BlockDim(dim_index(d)), 32, Deps::default()),
            Builtin::GridDim(d) => t::leaf(Leaf::GridDim(dim_index(d)), 32, Deps::default()),
            Builtin::WarpSize => t::constant(32, 32),
        }
    }

    fn place(&mut self, _st: &State, e: &Expr) -> T {
        match e {
            Expr::SharedAddr(id) => object_base(BaseKind::Shared, id.0),
            Expr::Field { ty, .. } => match self.param_field(e) {
                // A float field of a struct parameter is an input like a
                // float parameter: its bits.
                Some((index, path)) if !is_float(ty) || matches!(ty, Type::Float { bits: 32 | 64 }) => {
                    if let (Type::Int { .. }, Some(v)) = (ty, self.constants.fields.get(&(index, path.clone()))) {
                        return t::constant(v & gpurace_core::arith::mask(width(ty)), width(ty));
                    }
                    let id = self.field_leaf(index, path);
                    if is_float(ty) {
                        self.trace.float_fields.insert(id);
                    }
                    match ty {
                        Type::Ptr(_) | Type::Array { .. } => object_base(BaseKind::Field, id),
                        _ => t::leaf(Leaf::ParamField(id), width(ty), Deps::default()),
                    }
                }
                _ => self.opaque(e, ty, unmodelled::VALUE),
            },
            _ => {
                let ty = self.ty_of(e);
                self.opaque(e, &ty, unmodelled::VALUE)
            }
        }
    }

    fn call(&mut self, st: &State, e: &Expr, func: &str, args: &[Expr], ty: &Type) -> T {
        match func {
            // The address of a device function (`&f`): one constant per
            // function, what a call through a pointer compares with.
            f if f.starts_with(gpurace_ir::FUNCTION_VALUE_PREFIX) && args.is_empty() => {
                t::function(f, Vec::new(), 64, false)
            }
            "__mul24" | "__umul24" if args.len() == 2 => {
                // The product of the low 24 bits (sign-extended for `__mul24`).
                let signed = func == "__mul24";
                let a = t::resize(&t::resize(&self.value_as(st, &args[0], ty), 24, false), 32, signed);
                let b = t::resize(&t::resize(&self.value_as(st, &args[1], ty), 24, false), 32, signed);
                t::mul(&a, &b)
            }
            "__syncthreads_or" | "__syncthreads_and" | "__syncthreads_count" => {
                // A block-wide reduction at a barrier: one value for every
                // thread of the block at that barrier, made of what the
                // threads had (data).
                // The barrier instance is the block and the iteration numbers
                // of the enclosing loops with barriers (which a divergence
                // query makes equal for both threads); one function per call.
                let no = Deps::default();
                let mut uf_args: Vec<T> = (0..3).map(|d| t::leaf(Leaf::Bid(d), 32, no)).collect();
                uf_args.extend(self.sync_iterations.iter().cloned());
                let site = self.reductions.len();
                let site = *self.reductions.entry(key(e)).or_insert(site);
                let w = width(ty);
                let v = t::uf(&format!("{func}#{site}"), uf_args, if w == 0 { 1 } else { w });
                t::with_deps(&v, Deps { data: true, approx: false, thread: true })
            }
            _ => {
                let args: Vec<T> = args.iter().map(|a| t::to_bv(&self.value(st, a))).collect();
                let w = width(ty).max(1);
                // A function of an external library the program declares:
                // what it returns is an input (equal arguments, equal
                // results). Any other function without a body is one gpurace
                // does not model.
                let external = self.kernel.externals.iter().any(|x| x == func);
                let name = args.iter().fold(func.to_string(), |name, a| format!("{name}.{}", a.width));
                t::function(&name, args, w, !external)
            }
        }
    }

    fn base(&mut self, st: &State, base: &Base) -> T {
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

    fn float_literal(&mut self, e: &Expr, value: f64, ty: &Type) -> T {
        match ty {
            Type::Float { bits: 32 } => t::constant(u128::from((value as f32).to_bits()), 32),
            Type::Float { bits: 64 } => t::constant(u128::from(value.to_bits()), 64),
            _ => self.opaque(e, ty, unmodelled::FLOAT),
        }
    }

    /// Floating-point operations are functions of their operands' bits that
    /// the engine does not interpret. A result computed from a value that is
    /// free in the program (read from memory, or a kernel input) is as free
    /// as that value: data-dependent when it depends on memory, definite for
    /// an input. One computed from nothing free (constants, thread indices)
    /// has a value the engine does not know: approximate.
    fn float_op(&mut self, st: &State, _e: &Expr, op: &'static str, args: &[&Expr], ty: &Type) -> T {
        let values: Vec<T> = args.iter().map(|a| t::to_bv(&self.value(st, a))).collect();
        let data = values.iter().any(|v| v.deps.data || has_input(v));
        // One function per operator and operand widths (`folt.32.32`): the
        // solver declares a function once per name.
        let name = values.iter().fold(op.to_string(), |name, v| format!("{name}.{}", v.width));
        match width(ty) {
            0 => t::to_bool(&t::function(&name, values, 1, !data)),
            w => t::function(&name, values, w, !data),
        }
    }

    fn opaque(&mut self, e: &Expr, ty: &Type, what: &'static str) -> T {
        let w = width(ty);
        // An `Unknown` of the lowering says what it stands for and where,
        // which is what a race resting on it names.
        let name = || match e {
            Expr::Unknown { reason, span, .. } if !span.is_none() => format!("{reason} (line {})", span.line),
            Expr::Unknown { reason, .. } => reason.clone(),
            _ => what.to_string(),
        };
        self.fresh(key(e), Tag::Value, name, w, FreshKind::Approx)
    }

    fn product_of(&mut self, lhs: &Expr, rhs: &Expr, ty: &Type) -> Option<T> {
        if !self.sizes.total() {
            return None;
        }
        if let Some(d) = block_product(lhs, rhs).filter(|_| self.sizes.block) {
            let name = || format!("blockIdx.{0} * blockDim.{0}", "xyz".as_bytes()[usize::from(d)] as char);
            let p = self.fresh(NodeKey::None, Tag::Product(d), name, 64, FreshKind::Counter);
            if !self.trace.abstractions.products.iter().any(|x| x.leaf == p) {
                let no = Deps::default();
                self.trace.abstractions.products.push(Product {
                    leaf: p.clone(),
                    x: t::resize(&t::leaf(Leaf::Bid(d), 32, no), 64, false),
                    y: t::resize(&t::leaf(Leaf::BlockDim(d), 32, no), 64, false),
                    fits_int: true,
                    dim: d,
                    signed: false,
                    range: 62,
                    unsigned: false,
                    stride: None,
                });
            }
            return Some(t::resize(&p, width(ty), false));
        }
        let d = grid_product(lhs, rhs)?;
        if !self.trace.abstractions.grid_threads.contains(&d) {
            self.trace.abstractions.grid_threads.push(d);
        }
        Some(t::resize(&t::leaf(Leaf::GridThreads(d), 64, Deps::default()), width(ty), false))
    }

    fn product(&mut self, a: &T, b: &T, ty: &Type) -> Option<T> {
        self.shared_product(a, b, ty)
    }

    /// Index arithmetic in normal form (`gpurace_core::poly`) when that
    /// takes fewer products, quotients and remainders: digits split off a
    /// flat index by divisions and put back together are the index again.
    /// A product the normal form keeps must be one the program computes
    /// (written in the sum itself, or abstracted by `shared_product`, whose
    /// facts such as "an `int` product does not overflow" hold of it);
    /// otherwise the sum stays as written.
    fn sum(&mut self, raw: &T, ty: &Type) -> Option<T> {
        let no_overflow = signed_sum_fits(raw, ty);
        if let Some(fact) = &no_overflow {
            self.signed_sums.insert(raw.clone(), fact.clone());
        }
        if !raw.deps.thread || !poly::within(raw, MAX_NORMAL_SIZE) {
            return None;
        }
        let factors = &self.product_factors;
        let expand = |leaf: &T| factors.get(leaf).cloned();
        let mut normal = Normal::new(&expand);
        let poly = normal.simpler(raw)?;
        let atoms = std::mem::take(&mut normal.atoms);
        drop(normal);
        let written = written_products(raw);
        let normal = poly.term(&atoms, &mut |a, b| {
            let pair = (a.clone(), b.clone());
            written.get(&pair).cloned().or_else(|| self.computed_product(a, b, ty))
        })?;
        if let Some(fact) = no_overflow {
            self.signed_sums.insert(normal.clone(), fact);
        }
        Some(normal)
    }
}

/// The fact that the sum or difference `raw` of two operands of the signed
/// type `ty` does not overflow (which C leaves undefined): computed one bit
/// wider, it is the same number. `None` for other types and for sums the
/// term builder already folded.
fn signed_sum_fits(raw: &T, ty: &Type) -> Option<T> {
    if !is_signed(ty) || is_float(ty) {
        return None;
    }
    let Node::Bin(op @ (BvOp::Add | BvOp::Sub), a, b) = &raw.node else { return None };
    let wide = raw.width + 1;
    let ext = |x: &T| t::resize(x, wide, true);
    Some(t::eq(&ext(raw), &t::bin(*op, &ext(a), &ext(b))))
}

/// The products of two non-constant terms written in `term`, by factors
/// (both orders).
fn written_products(term: &T) -> HashMap<(T, T), T> {
    let mut out = HashMap::new();
    t::visit(term, &mut HashSet::new(), &mut |n| {
        if let Node::Bin(BvOp::Mul, a, b) = &n.node {
            if a.as_const().is_none() && b.as_const().is_none() {
                out.insert((a.clone(), b.clone()), n.clone());
                out.insert((b.clone(), a.clone()), n.clone());
            }
        }
        true
    });
    out
}

/// Sums larger than this (in distinct nodes) are left as they are.
const MAX_NORMAL_SIZE: usize = 160;

/// `blockIdx.d * blockDim.d` (either order, through casts): `d`.
pub(super) fn block_product(lhs: &Expr, rhs: &Expr) -> Option<u8> {
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
pub(super) fn grid_product(lhs: &Expr, rhs: &Expr) -> Option<u8> {
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

impl<'k> Exec<'k> {
    pub(super) fn param_field(&self, e: &Expr) -> Option<(u32, String)> {
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
    pub(super) fn param_pointer(&self, index: u32) -> T {
        match self.pointers.get(index as usize).cloned().flatten() {
            Some((alloc, offset)) => t::add(&object_base(BaseKind::Alloc, alloc), &offset),
            None => object_base(BaseKind::Param, index),
        }
    }

    /// The host allocation and offset a pointer parameter base is bound to.
    pub(super) fn bound_param(&self, base: &Base) -> Option<(u32, T)> {
        match base {
            Base::Param { index, fields } if fields.is_empty() => self.pointers.get(*index as usize).cloned().flatten(),
            _ => None,
        }
    }

    pub(super) fn field_leaf(&mut self, index: u32, path: String) -> u32 {
        let next = self.trace.leaves.fields.len() as u32;
        let id = *self.fields.entry((index, path.clone())).or_insert(next);
        if id == next {
            self.trace.leaves.fields.push((index, path, id));
        }
        id
    }

    /// The leaf of the product `a * b` (per-thread factor first) that
    /// `shared_product` made for the program, if it did.
    fn computed_product(&self, a: &T, b: &T, ty: &Type) -> Option<T> {
        let key = match narrow_product(ty) {
            Some(signed) => (t::resize(a, 64, signed), t::resize(b, 64, signed)),
            None => (a.clone(), b.clone()),
        };
        self.int_products.get(&key).map(|p| t::resize(p, width(ty), false))
    }

    /// A product of a per-thread value and a symbolic value shared by all
    /// threads (`row * width`, `(size_t)row * width`): a 64-bit leaf with
    /// linear facts (see `smt::Solver::assert_products`) instead of a
    /// nonlinear term. Only where the exact product fits in 64 signed bits:
    /// `int` products (which do not overflow, C leaving it undefined),
    /// `unsigned int` products (taken below 2^32: one that wraps is an index
    /// past 4 Gi elements, and a collision through it an index overflow, as
    /// under an extension), 64-bit products of 32-bit values not both
    /// zero-extended, and other 64-bit products of a size the caller
    /// passes (taken below 2^62; unsigned factors below 2^63).
    pub(super) fn shared_product(&mut self, a: &T, b: &T, ty: &Type) -> Option<T> {
        use gpurace_core::term::Node;
        let shared = |v: &T| !v.deps.thread && v.as_const().is_none();
        let (x, y) = if a.deps.thread && shared(b) {
            (a, b)
        } else if b.deps.thread && shared(a) {
            (b, a)
        } else {
            return None;
        };
        let narrow_ty = narrow_product(ty);
        let narrow = |v: &T| match &v.node {
            Node::Ext(signed, inner) if inner.width <= 32 && inner.width > 0 => Some(*signed || inner.width < 32),
            _ => None,
        };
        let wide = width(ty) == 64 && matches!((narrow(x), narrow(y)), (Some(sx), Some(sy)) if sx || sy);
        // An unsigned product of launch values (`blockIdx.x * blockDim.x`,
        // `threadIdx.y * blockDim.x`) has rules of its own; only sizes the
        // caller passes are taken below 2^32.
        if narrow_ty == Some(false) && !has_input(y) {
            return None;
        }
        let (x, y) = match narrow_ty {
            Some(signed) => (t::resize(x, 64, signed), t::resize(y, 64, signed)),
            None if wide => (x.clone(), y.clone()),
            // A 64-bit product of a size the caller passes (`row * nCols`,
            // `size_t` throughout): below 2^62, as an index past that is
            // past every allocation and one that wraps modulo 2^64 an
            // index overflow.
            None if width(ty) == 64 && has_input(y) => (x.clone(), y.clone()),
            None => return None,
        };
        let unsigned = width(ty) == 64 && !is_signed(ty) && !wide;
        let key = (x.clone(), y.clone());
        if let Some(p) = self.int_products.get(&key) {
            return Some(t::resize(p, width(ty), false));
        }
        let index = self.trace.leaves.fresh.len() as u32;
        self.trace.leaves.fresh.push("int product".into());
        let deps = Deps { data: x.deps.data || y.deps.data, approx: x.deps.approx || y.deps.approx, thread: true };
        let leaf = t::leaf(Leaf::Fresh(index), 64, deps);
        self.product_factors.insert(leaf.clone(), key.clone());
        self.int_products.insert(key, leaf.clone());
        let range = match narrow_ty {
            Some(true) => 31,
            Some(false) => 32,
            None => 62,
        };
        let product =
            Product { leaf: leaf.clone(), x, y, fits_int: false, dim: 0, signed: true, range, unsigned, stride: None };
        self.trace.abstractions.products.push(product);
        Some(t::resize(&leaf, width(ty), false))
    }
}

/// For a 32-bit product type, whether it is signed (`int`, `unsigned int`):
/// its factors are extended to 64 bits that way.
fn narrow_product(ty: &Type) -> Option<bool> {
    match ty {
        Type::Int { bits: 32, signed } => Some(*signed),
        _ => None,
    }
}

/// Whether `term` mentions a kernel input: a parameter (or a field of one) or
/// a host value.
fn has_input(term: &T) -> bool {
    let mut found = false;
    t::visit(term, &mut std::collections::HashSet::new(), &mut |n| {
        found |= matches!(n.node, Node::Leaf(Leaf::Param(_) | Leaf::ParamField(_) | Leaf::Host(_)));
        !found
    });
    found
}
