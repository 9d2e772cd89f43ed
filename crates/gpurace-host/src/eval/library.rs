//! Calls to library functions the evaluation models: the CUDA runtime's
//! allocations and device queries, C's allocations, `std::swap`, and the C++
//! library's containers (`std::vector`'s size). Any other call the
//! evaluation does not follow makes what its pointer arguments point to
//! unknown (`mod.rs`).

use gpurace_core::cexpr::ExprEval;
use gpurace_core::term::{self as t, Leaf, Node, T};
use gpurace_ir::{Expr, Span, Type, VarId};

use super::{Allocation, Evaluator, State, ALLOC_SLOT, MAX_ALLOC, SLOT_BITS};

/// CUDA's integer vector types, whose constructors set their fields in order.
const VECTOR_TYPES: &[&str] = &["dim3", "uint3", "int3", "uint2", "int2", "uint4", "int4"];

impl Evaluator<'_> {
    /// A call statement to a library function this models, on `st`;
    /// whether it was one.
    pub(super) fn library_call(
        &mut self,
        st: &mut State,
        callee: &str,
        args: &[Expr],
        values: &[T],
        dst: Option<VarId>,
        span: Span,
    ) -> bool {
        let size_of = |i: usize| values.get(i).map(|v| t::resize(v, 64, false));
        // `std::swap(a, b)` (the library's: a user's `swap` is followed).
        if callee == "swap" && !self.functions.contains_key(callee) && self.swap(st, args, values) {
            return true;
        }
        match callee {
            "cudaMalloc"
            | "cudaMallocAsync"
            | "cudaMallocFromPoolAsync"
            | "cudaMallocManaged"
            | "cudaMallocHost"
            | "cudaHostAlloc"
                if values.len() >= 2 =>
            {
                let size = size_of(1).unwrap_or_else(|| t::constant(0, 64));
                let p = self.allocate(st, size, span);
                let target = values[0].clone();
                self.store(st, &target, 8, Some(p));
                self.ret_status(st, dst);
                return true;
            }
            "cudaMallocPitch" if values.len() >= 4 => {
                let width = size_of(2).unwrap_or_else(|| t::constant(0, 64));
                let height = size_of(3).unwrap_or_else(|| t::constant(0, 64));
                let pitch = self.input("the pitch of cudaMallocPitch", &Type::ULONG);
                self.facts.push(t::ule(&width, &pitch));
                self.facts.push(t::ule(&pitch, &t::constant(MAX_ALLOC, 64)));
                let p = self.allocate(st, t::mul(&pitch, &height), span);
                let (target, pitch_at) = (values[0].clone(), values[1].clone());
                self.store(st, &target, 8, Some(p));
                self.store(st, &pitch_at, 8, Some(pitch));
                self.ret_status(st, dst);
                return true;
            }
            "cudaGetDeviceProperties" | "cudaGetDeviceProperties_v2" if !values.is_empty() => {
                self.device_properties(st, &values[0]);
                self.ret_status(st, dst);
                return true;
            }
            "cudaDeviceGetAttribute" if values.len() >= 2 => {
                self.device_attribute(st, &values[0], &values[1]);
                self.ret_status(st, dst);
                return true;
            }
            "malloc" | "calloc" | "aligned_alloc" | "operator new" | "operator new[]" if dst.is_some() => {
                let size = match callee {
                    "calloc" if values.len() >= 2 => t::mul(&size_of(0).unwrap(), &size_of(1).unwrap()),
                    "aligned_alloc" if values.len() >= 2 => size_of(1).unwrap(),
                    _ => size_of(0).unwrap_or_else(|| t::constant(0, 64)),
                };
                let p = self.allocate(st, size, span);
                if let Some(d) = dst {
                    self.set(st, d, p);
                }
                return true;
            }
            _ => {}
        }
        false
    }

    /// `std::swap(a, b)` of two tracked objects (`a` and `b` are their
    /// addresses): their integer and pointer members change places; their
    /// other bytes (floats, arrays) become unknown. Whether it was done so.
    fn swap(&mut self, st: &mut State, args: &[Expr], values: &[T]) -> bool {
        let ([a, b], [arg, _]) = (values, args) else { return false };
        if Self::cell_of(a).is_none() || Self::cell_of(b).is_none() {
            return false;
        }
        let Type::Ptr(elem) = self.ty_of(arg) else { return false };
        let (cells, whole) = match &*elem {
            Type::Record { name, size, .. } => {
                let fields = self.scalar_fields(name, 0, "");
                let covered: u64 = fields.iter().map(|(_, _, ty)| ty.size().unwrap_or(0)).sum();
                let cells: Vec<(u64, Type)> = fields.into_iter().map(|(_, offset, ty)| (offset, ty)).collect();
                (cells, covered == *size)
            }
            Type::Int { .. } | Type::Ptr(_) | Type::Opaque { .. } => (vec![(0, (*elem).clone())], true),
            _ => return false,
        };
        let mut moved = Vec::new();
        for (offset, ty) in &cells {
            let size = ty.size().unwrap_or(0);
            let (at_a, at_b) =
                (t::add(a, &t::constant(u128::from(*offset), 64)), t::add(b, &t::constant(u128::from(*offset), 64)));
            let va = self.load_at(st, &at_a, size, ty, ty, "a swapped value");
            let vb = self.load_at(st, &at_b, size, ty, ty, "a swapped value");
            moved.push((at_a, at_b, size, va, vb));
        }
        if !whole {
            for address in [a, b] {
                self.clobber(st, address);
                if let Some((slot, _)) = Self::cell_of(address) {
                    self.input_slots.remove(&slot);
                }
            }
        }
        for (at_a, at_b, size, va, vb) in moved {
            self.store(st, &at_a, size, Some(vb));
            self.store(st, &at_b, size, Some(va));
        }
        true
    }

    /// A call the front-end lowers a `std::vector` method or constructor
    /// to (`gpurace-front`'s `lower/containers.rs`): a vector is a value
    /// that remembers its size (a record with the one field `.size`); `None`
    /// for another function.
    pub(super) fn container_call(&mut self, st: &State, func: &str, args: &[Expr], ty: &Type) -> Option<T> {
        match (func, args) {
            ("std::vector::sized", [n]) => {
                let n = self.value_as(st, n, &Type::ULONG);
                Some(self.vector(Some(n), ty))
            }
            ("std::vector::grown", [v]) => {
                let v = self.value(st, v);
                let n = self.vector_size(&v, 0).map(|n| t::add(&n, &t::constant(1, 64)));
                Some(self.vector(n, ty))
            }
            ("std::vector::changed", []) => Some(self.vector(None, ty)),
            ("std::vector::size", [v]) => {
                let v = self.value(st, v);
                Some(match self.vector_size(&v, 0) {
                    Some(n) => gpurace_core::c::convert(&n, &Type::ULONG, ty),
                    None => self.unknown("size(...)", ty),
                })
            }
            _ => None,
        }
    }

    /// A vector of `size` elements (unknown without one).
    fn vector(&mut self, size: Option<T>, ty: &Type) -> T {
        let v = self.unknown("a std::vector", ty);
        if let (Some(n), Node::Leaf(Leaf::Host(i))) = (size, &v.node) {
            self.records.insert(*i, vec![(".size".into(), Type::ULONG, n)]);
        }
        v
    }

    /// The size of the vector `v`, through the `ite`s of variables assigned
    /// on both sides of an `if`.
    fn vector_size(&self, v: &T, depth: usize) -> Option<T> {
        match &v.node {
            Node::Ite(c, a, b) if depth < 8 => {
                Some(t::ite(c, &self.vector_size(a, depth + 1)?, &self.vector_size(b, depth + 1)?))
            }
            _ => self.record_field(v, ".size").map(|(_, n)| n),
        }
    }

    /// `dim3 b = dim3(16, 16)` and CUDA's other integer vector types built
    /// by their constructor: the fields get the arguments, in order. Other
    /// constructors without a body are not modelled (their fields stay
    /// unknown). Whether the write was done so.
    pub(super) fn construct_vector(&mut self, st: &mut State, address: &T, ty: &Type, value: &Expr) -> bool {
        let Expr::Call { func, args, .. } = value else { return false };
        let Some(fields) = self.vector_fields(ty, func, args) else { return false };
        for (field, arg) in fields.iter().zip(args) {
            let v = self.value_as(st, arg, &field.ty);
            let at = t::add(address, &t::constant(u128::from(field.offset), 64));
            self.store(st, &at, field.ty.size().unwrap_or(4), Some(v));
        }
        true
    }

    /// `dim3(n / 256)` as a value (an argument of a launch wrapper that
    /// takes `dim3 grid`): a `struct` value whose fields are the
    /// constructor's arguments, in order; `None` for other calls.
    pub(super) fn vector_value(&mut self, st: &State, func: &str, args: &[Expr], ty: &Type) -> Option<T> {
        let fields = self.vector_fields(ty, func, args)?;
        let snapshot: Vec<(String, Type, T)> = fields
            .iter()
            .zip(args)
            .map(|(f, a)| (format!(".{}", f.name), f.ty.clone(), self.value_as(st, a, &f.ty)))
            .collect();
        let name = match ty {
            Type::Record { name, .. } => name.as_str(),
            _ => "a vector",
        };
        let v = self.unknown(&format!("{name}(...)"), ty);
        if let Node::Leaf(Leaf::Host(i)) = &v.node {
            self.records.insert(*i, snapshot);
        }
        Some(v)
    }

    /// The fields of a CUDA integer vector type that the call `func(args)`
    /// constructs whole (`construct dim3` with one argument per field).
    fn vector_fields(&self, ty: &Type, func: &str, args: &[Expr]) -> Option<Vec<gpurace_ir::Field>> {
        let Type::Record { name, .. } = ty else { return None };
        if !VECTOR_TYPES.contains(&name.as_str()) || func.strip_prefix("construct ") != Some(name.as_str()) {
            return None;
        }
        let record = self.program.records.iter().find(|r| &r.name == name)?;
        let scalar = record.fields.iter().all(|f| matches!(f.ty, Type::Int { .. }));
        (scalar && record.fields.len() == args.len()).then(|| record.fields.clone())
    }

    /// `cudaError_t` results are unknown (the analysis assumes success).
    fn ret_status(&mut self, st: &mut State, dst: Option<VarId>) {
        if let Some(d) = dst {
            let ty = self.var_ty(d);
            let v = self.input("a CUDA status", &ty);
            self.set(st, d, v);
        }
    }

    pub(super) fn allocate(&mut self, st: &State, size: T, span: Span) -> T {
        let index = self.allocations.len() as u128;
        // A real allocation has a positive size that did not wrap around.
        let sane = t::and(&t::ult(&t::constant(0, 64), &size), &t::ule(&size, &t::constant(MAX_ALLOC, 64)));
        self.facts.push(t::implies(&st.alive, &sane));
        self.allocations.push(Allocation { size, span });
        t::constant((ALLOC_SLOT + index) << SLOT_BITS, 64)
    }
}
