//! Symbolic evaluation of host code, from `main` to every launch.
//!
//! One pass over each function, no path enumeration: a state holds the
//! condition under which execution reaches the current point (`alive`), the
//! variables' values as terms over host values (`Leaf::Host`), and the
//! address-taken host variables' memory, cell by cell. `if` merges both
//! branches with `ite`; `exit`, `return`, failed `assert`s and early-exit
//! guards only narrow `alive`. A loop runs its body once on a state where
//! everything the loop changes is an unknown that satisfies the loop
//! condition, so a launch inside sees every iteration at once. Calls to user
//! host functions are followed to a bounded depth; any other call returns an
//! unknown and makes unknown whatever its pointer arguments point to.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use gpurace_core::arith;
use gpurace_core::c::{convert, is_signed, width};
use gpurace_core::cexpr::{unmodelled, ExprEval};
use gpurace_core::term::{self as t, BvOp, CmpOp, Deps, Leaf, T};
use gpurace_core::HostValue;
use gpurace_ir::{Access, Base, BinOp, Builtin, Expr, HostFunction, Loop, Program, Span, StepOp, Stmt, Type, VarId};

/// How deep calls to user host functions are followed.
const MAX_DEPTH: usize = 6;
/// An allocation is at most this many bytes (1 TiB): a size computed with
/// wrap-around (a negative count) is not a real allocation.
const MAX_ALLOC: u128 = 1 << 40;
/// Address slots (address >> 40) of allocations and of host variables.
const ALLOC_SLOT: u128 = 0x2000;
const VAR_SLOT: u128 = 0x4000;
const SLOT_BITS: u32 = 40;

/// What the evaluation saw at one launch statement.
#[derive(Debug, Clone)]
pub struct LaunchState {
    pub launch: usize,
    pub alive: T,
    pub grid: [T; 3],
    pub block: [T; 3],
    /// Argument values (64-bit addresses for pointers).
    pub args: Vec<T>,
    /// The chain of calls that led here, outermost first (for reports).
    pub calls: Vec<Span>,
}

/// One allocation of the host program.
#[derive(Debug, Clone)]
pub struct Allocation {
    pub size: T,
    pub span: Span,
}

#[derive(Debug, Clone)]
pub struct State {
    alive: T,
    env: HashMap<VarId, T>,
    /// Cells of address-taken variables: (slot, byte offset) -> (value, bytes).
    mem: BTreeMap<(u32, u64), (T, u64)>,
    /// Per slot, a generation that changes whenever cells are forgotten: a
    /// cell never written in one generation reads as the same unknown.
    gens: BTreeMap<u32, u32>,
    /// The condition under which the innermost function (or inlined call)
    /// has returned, and the value it returned.
    returned: T,
    ret: Option<T>,
    /// The condition under which the innermost loop was left by `break`.
    broke: T,
}

struct Frame<'p> {
    func: &'p HostFunction,
    params: Vec<T>,
    id: u32,
}

pub struct Evaluator<'p> {
    program: &'p Program,
    functions: HashMap<&'p str, &'p HostFunction>,
    pub values: Vec<HostValue>,
    /// Facts about host values that hold on every path (ranges of `rand`).
    pub facts: Vec<T>,
    pub allocations: Vec<Allocation>,
    pub launches: Vec<LaunchState>,
    /// Address-taken variables, by slot: (frame, variable).
    vars: Vec<(u32, VarId)>,
    frames: Vec<Frame<'p>>,
    next_frame: u32,
    calls: Vec<Span>,
    /// Host values named after a call, renamed after the variable they
    /// initialise (`n = atoi(argv[1])` is `n`).
    renamable: HashSet<u32>,
    /// Unknown contents of cells: (slot, offset, bytes, generation) -> value.
    contents: HashMap<(u32, u64, u64, u32), T>,
    next_gen: u32,
}

fn no() -> Deps {
    Deps::default()
}

/// `(slot, offset)` of an address that is a slot base plus an offset. The
/// slot is the nearest one, so that constant parts below the base (`p + n -
/// 1` folds to `n + (base - 1)`) keep their object: offsets within 2^39
/// bytes of the base either way.
pub fn split_address(a: &T) -> Option<(u128, T)> {
    let split = |c: u128| {
        let slot = (c + (1 << (SLOT_BITS - 1))) >> SLOT_BITS;
        (slot, t::constant(c.wrapping_sub(slot << SLOT_BITS) & arith::mask(64), 64))
    };
    match &a.node {
        t::Node::Const(c) => Some(split(*c)),
        t::Node::Bin(BvOp::Add, x, c) => {
            let (slot, low) = split(c.as_const()?);
            (slot > 0).then(|| (slot, t::add(x, &low)))
        }
        _ => None,
    }
}

/// The allocation and byte offset a pointer value points into.
pub fn allocation_of(a: &T) -> Option<(u32, T)> {
    let (slot, offset) = split_address(a)?;
    (ALLOC_SLOT..VAR_SLOT).contains(&slot).then(|| ((slot - ALLOC_SLOT) as u32, offset))
}

impl<'p> Evaluator<'p> {
    pub fn new(program: &'p Program) -> Evaluator<'p> {
        Evaluator {
            program,
            functions: program.host_functions.iter().map(|f| (f.name.as_str(), f)).collect(),
            values: Vec::new(),
            facts: Vec::new(),
            allocations: Vec::new(),
            launches: Vec::new(),
            vars: Vec::new(),
            frames: Vec::new(),
            next_frame: 0,
            calls: Vec::new(),
            renamable: HashSet::new(),
            contents: HashMap::new(),
            next_gen: 1,
        }
    }

    /// Evaluates `func` from its entry with unknown arguments.
    pub fn run(&mut self, func: &'p HostFunction) {
        let params: Vec<T> = func
            .params
            .iter()
            .map(|p| self.unknown(&format!("{} (parameter of {})", p.name, func.name), &p.ty))
            .collect();
        let st = State {
            alive: t::tru(),
            env: HashMap::new(),
            mem: BTreeMap::new(),
            gens: BTreeMap::new(),
            returned: t::fals(),
            ret: None,
            broke: t::fals(),
        };
        self.call(func, params, st);
    }

    fn call(&mut self, func: &'p HostFunction, params: Vec<T>, st: State) -> (State, Option<T>) {
        let id = self.next_frame;
        self.next_frame += 1;
        self.frames.push(Frame { func, params, id });
        let entry = State { env: HashMap::new(), returned: t::fals(), ret: None, broke: t::fals(), ..st };
        let end = self.block(entry, &func.body);
        self.frames.pop();
        let alive = t::or(&end.alive, &end.returned);
        let out = State {
            alive,
            env: HashMap::new(),
            returned: t::fals(),
            ret: None,
            broke: t::fals(),
            mem: end.mem,
            gens: end.gens,
        };
        (out, end.ret)
    }

    fn frame(&self) -> &Frame<'p> {
        self.frames.last().expect("evaluation runs inside a function")
    }

    /// A new host value.
    fn unknown(&mut self, name: &str, ty: &Type) -> T {
        let w = match width(ty) {
            0 => 1,
            w => w,
        };
        let index = self.values.len() as u32;
        self.values.push(HostValue { name: name.to_string(), width: w, signed: is_signed(ty) });
        let v = t::leaf(Leaf::Host(index), w, no());
        if width(ty) == 0 {
            t::to_bool(&v)
        } else {
            v
        }
    }

    fn var_ty(&self, v: VarId) -> Type {
        self.frame().func.vars.get(v.0 as usize).map_or(Type::INT, |x| x.ty.clone())
    }

    fn var_name(&self, v: VarId) -> String {
        self.frame().func.vars.get(v.0 as usize).map_or_else(|| format!("v{}", v.0), |x| x.name.clone())
    }

    fn var_slot(&mut self, v: VarId) -> u32 {
        let key = (self.frame().id, v);
        match self.vars.iter().position(|x| *x == key) {
            Some(i) => i as u32,
            None => {
                self.vars.push(key);
                (self.vars.len() - 1) as u32
            }
        }
    }

    // ------------------------------------------------------------ values

    // ------------------------------------------------------------ memory

    /// The variable slot and constant offset an address falls in.
    fn cell_of(address: &T) -> Option<(u32, u64)> {
        let (slot, offset) = split_address(address)?;
        let offset = offset.as_const()?;
        (slot >= VAR_SLOT).then(|| ((slot - VAR_SLOT) as u32, offset as u64))
    }

    fn address(&mut self, st: &State, access: &Access) -> T {
        let base = self.base(st, &access.base);
        let offset = self.value_as(st, &access.offset, &Type::LONG);
        t::add(&base, &offset)
    }

    fn load(&mut self, st: &State, access: &Access, ty: &Type) -> T {
        let address = self.address(st, access);
        let scalar = !matches!(ty, Type::Record { .. } | Type::Array { .. } | Type::Float { .. });
        if let (Some((slot, offset)), true) = (Self::cell_of(&address), scalar) {
            if let Some((v, size)) = st.mem.get(&(slot, offset)) {
                if *size == access.size {
                    return convert(v, &access.ty, ty);
                }
            }
            let overlapped =
                st.mem.range((slot, 0)..(slot, offset + access.size)).any(|((_, o), (_, s))| o + s > offset);
            if !overlapped {
                // Never written in this generation: the same unknown at
                // every read.
                let generation = st.gens.get(&slot).copied().unwrap_or(0);
                let key = (slot, offset, access.size, generation);
                let v = match self.contents.get(&key) {
                    Some(v) => v.clone(),
                    None => {
                        let v = self.unknown(&access.name, &access.ty);
                        self.contents.insert(key, v.clone());
                        v
                    }
                };
                return convert(&v, &access.ty, ty);
            }
        }
        self.unknown(&format!("{} (read from memory)", access.name), ty)
    }

    fn forget(&mut self, st: &mut State, slot: u32) {
        st.gens.insert(slot, self.next_gen);
        self.next_gen += 1;
    }

    fn store(&mut self, st: &mut State, address: &T, size: u64, value: Option<T>) {
        let Some((slot, offset)) = Self::cell_of(address) else {
            // Memory the analysis does not track (host arrays, device
            // memory): its values are unknown when read back.
            return;
        };
        let end = offset + size.max(1);
        let stale: Vec<(u32, u64)> =
            st.mem.range((slot, 0)..(slot, end)).filter(|((_, o), (_, s))| o + s > offset).map(|(k, _)| *k).collect();
        for k in stale {
            st.mem.remove(&k);
        }
        // Unknown parts of other cells may overlap the written bytes.
        self.forget(st, slot);
        if let Some(v) = value {
            st.mem.insert((slot, offset), (v, size));
        }
    }

    /// Forgets everything stored in the variable an address points into.
    fn clobber(&mut self, st: &mut State, address: &T) {
        if let Some((slot, _)) = Self::cell_of(address) {
            let keys: Vec<(u32, u64)> = st.mem.range((slot, 0)..(slot + 1, 0)).map(|(k, _)| *k).collect();
            for k in keys {
                st.mem.remove(&k);
            }
            self.forget(st, slot);
        }
    }

    // ------------------------------------------------------------ statements

    fn block(&mut self, mut st: State, stmts: &'p [Stmt]) -> State {
        for stmt in stmts {
            if st.alive.is_false() {
                break;
            }
            st = self.stmt(st, stmt);
        }
        st
    }

    fn set(&mut self, st: &mut State, var: VarId, value: T) {
        let ty = self.var_ty(var);
        let value = match width(&ty) {
            0 => t::to_bool(&value),
            w if value.width == 0 => t::bool_to_bv(&value, w),
            w if value.width != w => t::resize(&value, w, false),
            _ => value,
        };
        if let t::Node::Leaf(Leaf::Host(i)) = &value.node {
            if self.renamable.remove(i) && !self.var_name(var).contains(".ret") {
                let name = self.var_name(var);
                if let Some(v) = self.values.get_mut(*i as usize) {
                    v.name = name;
                }
            }
        }
        st.env.insert(var, value);
    }

    fn stmt(&mut self, mut st: State, stmt: &'p Stmt) -> State {
        match stmt {
            Stmt::Decl { var, init } => {
                let ty = self.var_ty(*var);
                let v = match init {
                    Some(init) => self.value_as(&st, init, &ty),
                    None if matches!(ty, Type::Record { .. } | Type::Array { .. }) => {
                        // Its memory starts empty (unknown).
                        let slot = self.var_slot(*var);
                        let address = t::constant((VAR_SLOT + u128::from(slot)) << SLOT_BITS, 64);
                        self.clobber(&mut st, &address);
                        return st;
                    }
                    None => {
                        let name = self.var_name(*var);
                        self.unknown(&format!("{name} (uninitialised)"), &ty)
                    }
                };
                self.set(&mut st, *var, v);
            }
            Stmt::Assign { var, value } => {
                let ty = self.var_ty(*var);
                let v = self.value_as(&st, value, &ty);
                self.set(&mut st, *var, v);
            }
            Stmt::Read { dst, access } => {
                let ty = self.var_ty(*dst);
                let v = self.load(&st, access, &ty);
                self.set(&mut st, *dst, v);
            }
            Stmt::Write { access, value } => {
                let address = self.address(&st, access);
                let v = (!matches!(access.ty, Type::Record { .. } | Type::Float { .. }))
                    .then(|| self.value_as(&st, value, &access.ty));
                self.store(&mut st, &address, access.size, v);
            }
            Stmt::Atomic { dst, access, .. } => {
                let address = self.address(&st, access);
                self.store(&mut st, &address, access.size, None);
                if let Some(d) = dst {
                    let ty = self.var_ty(*d);
                    let v = self.unknown("an atomic's result", &ty);
                    self.set(&mut st, *d, v);
                }
            }
            Stmt::WarpOp { dst: Some(d), .. } => {
                let ty = self.var_ty(*d);
                let v = self.unknown("a warp collective", &ty);
                self.set(&mut st, *d, v);
            }
            Stmt::If { cond, then, els, .. } => {
                let c = t::to_bool(&self.value(&st, cond));
                let mut a = st.clone();
                a.alive = t::and(&st.alive, &c);
                let mut b = st;
                b.alive = t::and(&b.alive, &t::not(&c));
                let a = self.block(a, then);
                let b = self.block(b, els);
                st = self.merge(&c, a, b);
            }
            Stmt::Loop(lp) => st = self.exec_loop(st, lp),
            Stmt::Switch { value, cases, .. } => {
                let v = self.value(&st, value);
                let mut out: Option<State> = None;
                let mut others = t::tru();
                let mut bodies: Vec<(T, &'p [Stmt])> = Vec::new();
                for case in cases.iter().filter(|c| !c.is_default) {
                    let hit = case
                        .values
                        .iter()
                        .fold(t::fals(), |acc, x| t::or(&acc, &t::eq(&v, &t::constant_i(*x, v.width.max(1)))));
                    others = t::and(&others, &t::not(&hit));
                    bodies.push((hit, &case.body));
                }
                if let Some(d) = cases.iter().find(|c| c.is_default) {
                    bodies.push((others.clone(), &d.body));
                } else {
                    bodies.push((others.clone(), &[]));
                }
                // Fall-through is not followed: each case runs on its own.
                for (hit, body) in bodies {
                    let mut s = st.clone();
                    s.alive = t::and(&st.alive, &hit);
                    s.broke = t::fals();
                    let mut s = self.block(s, body);
                    s.alive = t::or(&s.alive, &s.broke);
                    s.broke = st.broke.clone();
                    out = Some(match out {
                        None => s,
                        Some(prev) => self.merge(&hit, s, prev),
                    });
                }
                st = out.unwrap_or(st);
            }
            Stmt::Break => {
                st.broke = t::or(&st.broke, &st.alive);
                st.alive = t::fals();
            }
            Stmt::Continue => st.alive = t::fals(),
            Stmt::Return(value) => {
                if let Some(e) = value {
                    let v = self.value(&st, e);
                    st.ret = Some(match st.ret.take() {
                        Some(prev) if prev.width == v.width => t::ite(&st.alive, &v, &prev),
                        _ => v,
                    });
                }
                st.returned = t::or(&st.returned, &st.alive);
                st.alive = t::fals();
            }
            Stmt::Scope(b) => st = self.block(st, b),
            Stmt::Inlined { body, .. } => {
                let outer = (st.returned.clone(), st.ret.take());
                st.returned = t::fals();
                let mut end = self.block(st, body);
                end.alive = t::or(&end.alive, &end.returned);
                end.returned = outer.0;
                end.ret = outer.1;
                st = end;
            }
            Stmt::Assume { cond, .. } | Stmt::Assert { cond, .. } => {
                // A failed `assert` aborts the program: what follows runs
                // only where it held.
                let c = t::to_bool(&self.value(&st, cond));
                st.alive = t::and(&st.alive, &c);
            }
            Stmt::Exit { .. } => st.alive = t::fals(),
            Stmt::Call { callee, args, dst, span } => st = self.call_stmt(st, callee, args, *dst, *span),
            Stmt::Launch { launch, span } => self.launch(&st, *launch, *span),
            Stmt::WarpOp { dst: None, .. } | Stmt::Barrier { .. } | Stmt::Fence { .. } | Stmt::Unknown { .. } => {}
        }
        st
    }

    fn call_stmt(&mut self, mut st: State, callee: &str, args: &'p [Expr], dst: Option<VarId>, span: Span) -> State {
        let values: Vec<T> = args.iter().map(|a| self.value(&st, a)).collect();
        let size_of = |i: usize| values.get(i).map(|v| t::resize(v, 64, false));
        let dst_ty = dst.map(|d| self.var_ty(d));
        match callee {
            "cudaMalloc" | "cudaMallocManaged" | "cudaMallocHost" | "cudaHostAlloc" if values.len() >= 2 => {
                let size = size_of(1).unwrap_or_else(|| t::constant(0, 64));
                let p = self.allocate(&st, size, span);
                let target = values[0].clone();
                self.store(&mut st, &target, 8, Some(p));
                self.ret_status(&mut st, dst);
                return st;
            }
            "cudaMallocPitch" if values.len() >= 4 => {
                let width = size_of(2).unwrap_or_else(|| t::constant(0, 64));
                let height = size_of(3).unwrap_or_else(|| t::constant(0, 64));
                let pitch = self.unknown("the pitch of cudaMallocPitch", &Type::ULONG);
                self.facts.push(t::ule(&width, &pitch));
                self.facts.push(t::ule(&pitch, &t::constant(MAX_ALLOC, 64)));
                let p = self.allocate(&st, t::mul(&pitch, &height), span);
                let (target, pitch_at) = (values[0].clone(), values[1].clone());
                self.store(&mut st, &target, 8, Some(p));
                self.store(&mut st, &pitch_at, 8, Some(pitch));
                self.ret_status(&mut st, dst);
                return st;
            }
            "malloc" | "calloc" | "aligned_alloc" | "operator new" | "operator new[]" if dst.is_some() => {
                let size = match callee {
                    "calloc" if values.len() >= 2 => t::mul(&size_of(0).unwrap(), &size_of(1).unwrap()),
                    "aligned_alloc" if values.len() >= 2 => size_of(1).unwrap(),
                    _ => size_of(0).unwrap_or_else(|| t::constant(0, 64)),
                };
                let p = self.allocate(&st, size, span);
                if let Some(d) = dst {
                    self.set(&mut st, d, p);
                }
                return st;
            }
            _ => {}
        }
        let followed = self
            .functions
            .get(callee)
            .copied()
            .filter(|f| self.frames.len() < MAX_DEPTH && !self.frames.iter().any(|fr| std::ptr::eq(fr.func, *f)));
        if let Some(func) = followed {
            let params: Vec<T> = func
                .params
                .iter()
                .zip(args.iter().zip(&values))
                .map(|(p, (a, v))| convert(v, &self.ty_of(a), &p.ty))
                .collect();
            let params = if params.len() == func.params.len() {
                params
            } else {
                func.params.iter().map(|p| self.unknown(&p.name, &p.ty)).collect()
            };
            self.calls.push(span);
            let outer = (st.returned.clone(), st.ret.clone(), st.broke.clone(), st.env.clone());
            let (mut end, ret) = self.call(func, params, st);
            self.calls.pop();
            end.returned = outer.0;
            end.ret = outer.1;
            end.broke = outer.2;
            end.env = outer.3;
            if let (Some(d), Some(ty)) = (dst, dst_ty) {
                let v = match ret {
                    Some(v) => v,
                    None => self.unknown(&format!("{callee}(...)"), &ty),
                };
                self.set(&mut end, d, v);
            }
            return end;
        }
        // A call the analysis does not follow: whatever its pointer arguments
        // point to may change.
        for v in &values {
            self.clobber(&mut st, v);
        }
        if let (Some(d), Some(ty)) = (dst, dst_ty) {
            let v = self.unknown(&format!("{callee}(...)"), &ty);
            if let t::Node::Leaf(Leaf::Host(i)) = &v.node {
                self.renamable.insert(*i);
            }
            self.set(&mut st, d, v);
        }
        st
    }

    /// `cudaError_t` results are unknown (the analysis assumes success).
    fn ret_status(&mut self, st: &mut State, dst: Option<VarId>) {
        if let Some(d) = dst {
            let ty = self.var_ty(d);
            let v = self.unknown("a CUDA status", &ty);
            self.set(st, d, v);
        }
    }

    fn allocate(&mut self, st: &State, size: T, span: Span) -> T {
        let index = self.allocations.len() as u128;
        // A real allocation has a positive size that did not wrap around.
        let sane = t::and(&t::ult(&t::constant(0, 64), &size), &t::ule(&size, &t::constant(MAX_ALLOC, 64)));
        self.facts.push(t::implies(&st.alive, &sane));
        self.allocations.push(Allocation { size, span });
        t::constant((ALLOC_SLOT + index) << SLOT_BITS, 64)
    }

    fn launch(&mut self, st: &State, index: usize, _span: Span) {
        let Some(l) = self.program.launches.get(index) else { return };
        let dim = |ev: &mut Self, e: &Expr| ev.value_as(st, e, &Type::UINT);
        let grid = [dim(self, &l.grid[0]), dim(self, &l.grid[1]), dim(self, &l.grid[2])];
        let block = [dim(self, &l.block[0]), dim(self, &l.block[1]), dim(self, &l.block[2])];
        let args = l.args.iter().map(|a| self.value(st, a)).collect();
        self.launches.push(LaunchState {
            launch: index,
            alive: st.alive.clone(),
            grid,
            block,
            args,
            calls: self.calls.clone(),
        });
    }

    // ------------------------------------------------------------ loops

    fn exec_loop(&mut self, st: State, lp: &'p Loop) -> State {
        let mut st = self.block(st, &lp.init);
        if st.alive.is_false() {
            return st;
        }
        // Everything the loop may change becomes unknown: the variables it
        // assigns, and the memory cells an iteration changes (found by
        // running the body until no new cell changes).
        let mut assigned = HashSet::new();
        assigned_vars(&[&lp.cond_pre[..], &lp.body[..], &lp.step[..]].concat(), &mut assigned);
        let mut entry = st.clone();
        let mut vars: Vec<VarId> = assigned.into_iter().collect();
        vars.sort();
        for v in &vars {
            let (name, ty) = (self.var_name(*v), self.var_ty(*v));
            let x = self.unknown(&format!("{name} (in the loop at line {})", lp.span.line), &ty);
            self.set(&mut entry, *v, x);
        }
        let pattern_facts = self.pattern_facts(&st, &entry, lp);
        entry.alive = t::and(&entry.alive, &pattern_facts);
        let mut havocked = BTreeSet::new();
        for round in 0.. {
            let recorded = self.launches.len();
            let (end, _) = self.iteration(entry.clone(), lp);
            self.launches.truncate(recorded);
            let mut changed: BTreeSet<u32> =
                entry.mem.iter().filter(|(k, v)| end.mem.get(k) != Some(v)).map(|(k, _)| k.0).collect();
            changed.extend(end.gens.iter().filter(|(s, g)| entry.gens.get(s) != Some(g)).map(|(s, _)| *s));
            changed.extend(end.mem.keys().filter(|k| !entry.mem.contains_key(k)).map(|k| k.0));
            changed.retain(|s| !havocked.contains(s));
            if changed.is_empty() {
                break;
            }
            if round == 3 {
                entry.mem.clear();
                let all: Vec<u32> = end.gens.keys().chain(entry.gens.keys()).copied().collect();
                for slot in all {
                    self.forget(&mut entry, slot);
                }
                break;
            }
            for slot in changed {
                havocked.insert(slot);
                let keys: Vec<(u32, u64)> = entry.mem.range((slot, 0)..(slot + 1, 0)).map(|(k, _)| *k).collect();
                for k in keys {
                    entry.mem.remove(&k);
                }
                self.forget(&mut entry, slot);
            }
        }
        let after = entry.clone();
        let (body, cond) = self.iteration(entry, lp);
        // Launches inside were recorded; after the loop, the state is the
        // unknown one, left when the condition fails or by a `break`.
        let mut out = after;
        out.alive = if body.broke.is_false() && lp.cond_pre.is_empty() {
            t::and(&out.alive, &t::not(&cond))
        } else {
            st.alive.clone()
        };
        out.returned = t::or(&st.returned, &body.returned);
        out.ret = body.ret.or(st.ret.take());
        out.broke = st.broke;
        out
    }

    /// One iteration from `entry`: condition, body and step. Returns the
    /// state after the body and the loop condition.
    fn iteration(&mut self, entry: State, lp: &'p Loop) -> (State, T) {
        let mut body = self.block(entry, &lp.cond_pre);
        let cond = match &lp.cond {
            Some(c) => t::to_bool(&self.value(&body, c)),
            None => t::tru(),
        };
        body.alive = t::and(&body.alive, &cond);
        body.broke = t::fals();
        let started = body.alive.clone();
        let body = self.block(body, &lp.body);
        // `continue` still runs the step.
        let mut step = body.clone();
        step.alive = started;
        let step = self.block(step, &lp.step);
        let mut out = body;
        // The memory after the step is what the next iteration sees.
        out.mem = step.mem;
        (out, cond)
    }

    /// What a recognised loop shape says about its variable at any
    /// iteration: `for (i = a; i < n; i += c)` has `i >= a` and
    /// `(i - a) % c == 0`; `for (s = a; ...; s *= 2)` with `a > 0` has `s`
    /// a multiple of `a`, and a power of two when `a` is 1.
    fn pattern_facts(&mut self, before: &State, entry: &State, lp: &Loop) -> T {
        let Some(p) = &lp.pattern else { return t::tru() };
        let ty = self.var_ty(p.var);
        if !matches!(ty, Type::Int { .. }) {
            return t::tru();
        }
        let signed = is_signed(&ty);
        let w = width(&ty);
        let Some(i) = entry.env.get(&p.var).cloned() else { return t::tru() };
        let init = self.value_as(before, &p.init, &ty);
        let step = self.value_as(before, &p.step, &ty);
        let (le, lt) = if signed { (CmpOp::Sle, CmpOp::Slt) } else { (CmpOp::Ule, CmpOp::Ult) };
        let zero = t::constant(0, w);
        match p.step_op {
            StepOp::Add if matches!(p.cmp, BinOp::Lt | BinOp::Le | BinOp::Ne) => {
                let positive = t::cmp(lt, &zero, &step);
                let from = t::cmp(le, &init, &i);
                let diff = t::bin(BvOp::Sub, &i, &init);
                let on_step = t::eq(&t::bin(BvOp::URem, &diff, &step), &zero);
                t::implies(&positive, &t::and(&from, &on_step))
            }
            StepOp::Sub if matches!(p.cmp, BinOp::Gt | BinOp::Ge | BinOp::Ne) => {
                let positive = t::cmp(lt, &zero, &step);
                let below = t::cmp(le, &i, &init);
                let diff = t::bin(BvOp::Sub, &init, &i);
                let on_step = t::eq(&t::bin(BvOp::URem, &diff, &step), &zero);
                t::implies(&positive, &t::and(&below, &on_step))
            }
            StepOp::Mul | StepOp::Shl if matches!(p.cmp, BinOp::Lt | BinOp::Le) => {
                let grows = match p.step_op {
                    StepOp::Mul => t::cmp(lt, &t::constant(1, w), &step),
                    _ => t::cmp(lt, &zero, &step),
                };
                let positive = t::cmp(lt, &zero, &init);
                let from = t::cmp(le, &init, &i);
                let multiple = t::eq(&t::bin(BvOp::URem, &i, &init), &zero);
                let mut fact = t::and(&from, &multiple);
                let pow2 = |x: &T| t::eq(&t::bin(BvOp::And, x, &t::bin(BvOp::Sub, x, &t::constant(1, w))), &zero);
                let step_two = match p.step_op {
                    StepOp::Mul => t::eq(&step, &t::constant(2, w)),
                    _ => t::eq(&step, &t::constant(1, w)),
                };
                if init.as_const() == Some(1) {
                    fact = t::and(&fact, &t::implies(&step_two, &pow2(&i)));
                }
                t::implies(&t::and(&grows, &positive), &fact)
            }
            StepOp::Div | StepOp::Shr if matches!(p.cmp, BinOp::Gt | BinOp::Ge | BinOp::Ne) => {
                let positive = t::cmp(lt, &zero, &init);
                let below = t::cmp(le, &i, &init);
                let nonneg = t::cmp(le, &zero, &i);
                t::implies(&positive, &t::and(&below, &nonneg))
            }
            _ => t::tru(),
        }
    }
}

/// Host code evaluates expressions with the core evaluator: every value it
/// does not model is a fresh host value, named for the report.
impl<'p> ExprEval for Evaluator<'p> {
    type State = State;

    fn ty_of(&self, e: &Expr) -> Type {
        match e {
            Expr::Var(v) => self.var_ty(*v),
            Expr::Param(i) => self.frame().func.params.get(*i as usize).map_or(Type::INT, |p| p.ty.clone()),
            other => other.own_type().cloned().unwrap_or(Type::INT),
        }
    }

    fn var(&mut self, st: &State, var: VarId) -> T {
        match st.env.get(&var) {
            Some(value) => value.clone(),
            None => {
                let (name, ty) = (self.var_name(var), self.var_ty(var));
                self.unknown(&format!("{name} (uninitialised)"), &ty)
            }
        }
    }

    fn param(&mut self, _e: &Expr, index: u32) -> T {
        match self.frame().params.get(index as usize) {
            Some(v) => v.clone(),
            None => self.unknown("a parameter", &Type::INT),
        }
    }

    fn builtin(&mut self, e: &Expr, _b: Builtin) -> T {
        let ty = self.ty_of(e);
        self.unknown(unmodelled::VALUE, &ty)
    }

    fn place(&mut self, _st: &State, e: &Expr) -> T {
        let ty = self.ty_of(e);
        self.unknown(unmodelled::VALUE, &ty)
    }

    fn call(&mut self, st: &State, _e: &Expr, func: &str, args: &[Expr], ty: &Type) -> T {
        if func == "new" && args.len() == 1 {
            // `new T[n]`: n elements.
            let elem = match ty {
                Type::Ptr(elem) => elem.size().unwrap_or(1),
                _ => 1,
            };
            let count = self.value_as(st, &args[0], &Type::ULONG);
            let size = t::mul(&count, &t::constant(u128::from(elem), 64));
            // The expression has no location of its own: the function's.
            let span = self.frame().func.span;
            return self.allocate(st, size, span);
        }
        let v = self.unknown(&format!("{func}(...)"), ty);
        if let t::Node::Leaf(Leaf::Host(i)) = &v.node {
            self.renamable.insert(*i);
        }
        if func == "rand" && width(ty) == 32 {
            self.facts.push(t::cmp(CmpOp::Sle, &t::constant(0, 32), &v));
        }
        v
    }

    fn base(&mut self, st: &State, base: &Base) -> T {
        match base {
            Base::Host(v) | Base::Local(v) => {
                let slot = self.var_slot(*v);
                t::constant((VAR_SLOT + u128::from(slot)) << SLOT_BITS, 64)
            }
            Base::Dynamic(e) => {
                let v = self.value(st, e);
                t::resize(&v, 64, false)
            }
            Base::Param { index, fields } if fields.is_empty() => {
                let v = self.value(st, &Expr::Param(*index));
                t::resize(&v, 64, false)
            }
            _ => self.unknown("an address", &Type::ULONG),
        }
    }

    fn opaque(&mut self, _e: &Expr, ty: &Type, what: &'static str) -> T {
        self.unknown(what, ty)
    }
}

impl Evaluator<'_> {
    /// Joins the states after the two branches of `if (c)`.
    fn merge(&mut self, c: &T, a: State, b: State) -> State {
        let mut out = merge(c, a.clone(), b.clone());
        if a.alive.is_false() || b.alive.is_false() {
            return out;
        }
        // A slot whose cells or generation differ between the branches
        // starts a new generation.
        let mut slots: BTreeSet<u32> = BTreeSet::new();
        for (k, _) in a.mem.iter().chain(b.mem.iter()) {
            if !out.mem.contains_key(k) {
                slots.insert(k.0);
            }
        }
        for slot in a.gens.keys().chain(b.gens.keys()) {
            if a.gens.get(slot) != b.gens.get(slot) {
                slots.insert(*slot);
            }
        }
        for slot in slots {
            self.forget(&mut out, slot);
        }
        out
    }
}

/// Joins the states after the two branches of `if (c)` (memory generations
/// aside, see [`Evaluator::merge`]).
fn merge(c: &T, a: State, b: State) -> State {
    if a.alive.is_false() && b.alive.is_false() {
        let mut out = b;
        out.returned = t::or(&a.returned, &out.returned);
        out.broke = t::or(&a.broke, &out.broke);
        out.ret = join(c, a.ret, out.ret);
        return out;
    }
    let pick = |x: &T, y: &T| if x == y { x.clone() } else { t::ite(c, x, y) };
    let env = if a.alive.is_false() {
        b.env.clone()
    } else if b.alive.is_false() {
        a.env.clone()
    } else {
        let mut env = HashMap::new();
        for (k, va) in &a.env {
            match b.env.get(k) {
                Some(vb) if va.width == vb.width => {
                    env.insert(*k, pick(va, vb));
                }
                Some(_) => {}
                None => {
                    env.insert(*k, va.clone());
                }
            }
        }
        for (k, vb) in &b.env {
            env.entry(*k).or_insert_with(|| vb.clone());
        }
        env
    };
    let mem = if a.alive.is_false() {
        b.mem.clone()
    } else if b.alive.is_false() {
        a.mem.clone()
    } else {
        a.mem
            .iter()
            .filter_map(|(k, (va, sa))| match b.mem.get(k) {
                Some((vb, sb)) if sa == sb && va.width == vb.width => Some((*k, (pick(va, vb), *sa))),
                _ => None,
            })
            .collect()
    };
    State {
        alive: t::or(&a.alive, &b.alive),
        gens: a.gens.clone(),
        env,
        mem,
        returned: t::or(&a.returned, &b.returned),
        ret: join(c, a.ret, b.ret),
        broke: t::or(&a.broke, &b.broke),
    }
}

fn join(c: &T, a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(x), Some(y)) if x.width == y.width => Some(if x == y { x } else { t::ite(c, &x, &y) }),
        (Some(x), _) => Some(x),
        (None, y) => y,
    }
}

/// Variables a block assigns.
fn assigned_vars(stmts: &[Stmt], out: &mut HashSet<VarId>) {
    gpurace_ir::walk_stmts(stmts, &mut |s| match s {
        Stmt::Decl { var, .. } | Stmt::Assign { var, .. } | Stmt::Read { dst: var, .. } => {
            out.insert(*var);
        }
        Stmt::Atomic { dst: Some(d), .. } | Stmt::Call { dst: Some(d), .. } | Stmt::WarpOp { dst: Some(d), .. } => {
            out.insert(*d);
        }
        _ => {}
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn base(index: u128) -> T {
        t::constant((ALLOC_SLOT + index) << SLOT_BITS, 64)
    }

    #[test]
    fn addresses_split_into_allocation_and_offset() {
        let n = t::leaf(Leaf::Host(0), 64, no());
        // `p + n` and `p + 8`.
        let (a, off) = allocation_of(&t::add(&base(3), &n)).unwrap();
        assert_eq!((a, off), (3, n.clone()));
        let (a, off) = allocation_of(&t::add(&base(3), &t::constant(8, 64))).unwrap();
        assert_eq!((a, off.as_const()), (3, Some(8)));
        // `p + n - 4` folds to `n + (base - 4)`: still allocation 3, offset n - 4.
        let minus = t::add(&t::add(&base(3), &n), &t::constant_i(-4, 64));
        let (a, off) = allocation_of(&minus).unwrap();
        assert_eq!(a, 3);
        assert_eq!(off, t::add(&n, &t::constant_i(-4, 64)));
        // A host variable's address is not an allocation; an unknown pointer neither.
        assert!(allocation_of(&t::constant(VAR_SLOT << SLOT_BITS, 64)).is_none());
        assert!(allocation_of(&n).is_none());
    }
}
