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

mod bounds;
mod environment;
mod float;
mod globals;
mod ieee;
mod launch;
mod library;
mod loops;
mod memory;
mod rounding;
mod value;

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use gpurace_core::c::{assigned, is_signed, width};
use gpurace_core::cexpr::ExprEval;
use gpurace_core::term::{self as t, Deps, Leaf, T};
use gpurace_core::{HostValue, Origin, Unrolling};
use gpurace_ir::{source_name, Expr, HostFunction, Program, Span, Stmt, Type, VarId};

use environment::is_input;
pub use float::has_float;
use launch::kernel_choices;
pub use memory::allocation_of;

/// How deep calls to user host functions are followed.
const MAX_DEPTH: usize = 6;
/// An allocation is at most this many bytes (1 TiB): a size computed with
/// wrap-around (a negative count) is not a real allocation.
const MAX_ALLOC: u128 = 1 << 40;
/// Address slots (address >> 40) of allocations and of host variables.
const ALLOC_SLOT: u128 = 0x2000;
const VAR_SLOT: u128 = 0x4000;
/// Address slot of pointers to user host functions (the low bits index
/// `Program::host_functions`).
const FUNC_SLOT: u128 = 0x6000;
/// The addresses of kernels (a launch through a pointer).
const KERNEL_SLOT: u128 = 0x6800;

const SLOT_BITS: u32 = 40;

/// The frame id of host variables at namespace scope (see `globals.rs`).
const GLOBAL_FRAME: u32 = u32::MAX;

/// What the evaluation saw at one launch statement.
#[derive(Debug, Clone)]
pub struct LaunchState {
    pub launch: usize,
    /// The kernel launched: the launch's own, or the one the pointer it
    /// launches through holds here.
    pub kernel: Option<usize>,
    pub alive: T,
    pub grid: [T; 3],
    pub block: [T; 3],
    /// Argument values (64-bit addresses for pointers).
    pub args: Vec<T>,
    /// The chain of calls that led here, outermost first (for reports):
    /// each call's place and the function it is in.
    pub calls: Vec<(Span, String)>,
    /// Whether the launch is in a summary or an iteration of a host loop
    /// run both ways (`loops.rs`).
    pub unrolling: Option<Unrolling>,
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
    /// Host functions whose bodies were evaluated: a launch in one of them
    /// that `launches` lacks is in code no path reaches.
    pub entered: HashSet<&'p str>,
    /// Address-taken variables, by slot: (frame, variable).
    vars: Vec<(u32, VarId)>,
    /// Their sizes in bytes, by slot, when their type has one.
    slot_bytes: Vec<Option<u64>>,
    /// The condition under which the statement being evaluated runs (and,
    /// within it, the operand being evaluated).
    alive_now: T,
    /// `alive_now` outside each `?:` arm or `&&`/`||` operand entered.
    branches: Vec<T>,
    frames: Vec<Frame<'p>>,
    next_frame: u32,
    calls: Vec<(Span, String)>,
    /// Host values named after a call, renamed after the variable they
    /// initialise (`n = atoi(argv[1])` is `n`).
    renamable: HashSet<u32>,
    /// The statement being evaluated, for where host values come from.
    here: Span,
    /// Variables a call that reads input (`scanf`, `fread`) wrote into: what
    /// of them the evaluation does not know is input.
    input_slots: HashSet<u32>,
    /// Unknown contents of cells: (slot, offset, bytes, generation) -> value.
    contents: HashMap<(u32, u64, u64, u32), T>,
    next_gen: u32,
    /// The fields of `struct` values read whole, by their host value:
    /// `(".rows", value)`.
    records: HashMap<u32, Vec<(String, Type, T)>>,
    /// The evaluation started at `main`: host variables at namespace scope
    /// hold their initial values until stored to.
    from_main: bool,
    /// The program has no `main` (a library, an extension, a header of
    /// kernels): the parameters of the functions evaluated from their entry
    /// are its callers' values, which it quantifies over.
    pub library: bool,
    /// The host functions that launch a kernel (`crate::launchers`).
    launchers: HashSet<&'p str>,
    /// Host loop iterations run one by one so far (`loops.rs`).
    unrolled: u32,
    /// The part of a host loop run both ways the evaluation is in, if any
    /// (`loops.rs`): the launches it records are tagged with it.
    unrolling: Option<Unrolling>,
    /// Host loops run both ways so far.
    unrollings: u32,
    /// Per host loop run both ways, the facts its iterations added: only
    /// its iterations' launches have them (`loops.rs`).
    pub iteration_facts: HashMap<u32, Vec<T>>,
}

fn no() -> Deps {
    Deps::default()
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
            entered: HashSet::new(),
            vars: Vec::new(),
            slot_bytes: Vec::new(),
            alive_now: t::tru(),
            branches: Vec::new(),
            frames: Vec::new(),
            next_frame: 0,
            calls: Vec::new(),
            renamable: HashSet::new(),
            here: Span::NONE,
            input_slots: HashSet::new(),
            contents: HashMap::new(),
            next_gen: 1,
            from_main: false,
            library: false,
            records: HashMap::new(),
            launchers: crate::launchers(program),
            unrolled: 0,
            unrolling: None,
            unrollings: 0,
            iteration_facts: HashMap::new(),
        }
    }

    /// Evaluates `func` from its entry with unknown arguments. `main`'s are
    /// the program's inputs. Another entry is a function no code gpurace saw
    /// calls. In a program with `main` (a launch wrapper called from another
    /// file) its arguments are values gpurace could not compute, so that
    /// what rests on them is only possible. In a library ([`Self::library`])
    /// it is an entry point, and its arguments are its caller's: inputs,
    /// over which a race holds for every value or under a condition.
    pub fn run(&mut self, func: &'p HostFunction) {
        self.from_main = func.is_main();
        let (origin, caller) = if self.library {
            (Origin::Input, format!("(parameter of {}, an entry point of the library)", source_name(&func.name)))
        } else {
            (Origin::Unmodelled, format!("(parameter of {}, which no code gpurace saw calls)", source_name(&func.name)))
        };
        let params: Vec<T> = func
            .params
            .iter()
            .map(|p| {
                if func.is_main() {
                    self.input(&format!("{} (parameter of main)", p.name), &p.ty)
                } else {
                    let v = self.host_value(&format!("{} {caller}", p.name), &p.ty, origin);
                    // A `struct` parameter: each integer field a value of
                    // its own (`d.rows (parameter of ...)`).
                    if let (Type::Record { name, .. }, t::Node::Leaf(Leaf::Host(i))) = (&p.ty, &v.node) {
                        let i = *i;
                        let fields = self.scalar_fields(name, 0, "");
                        let snapshot = fields
                            .into_iter()
                            .map(|(path, _, ty)| {
                                let f = self.host_value(&format!("{}{path} {caller}", p.name), &ty, origin);
                                (path, ty, f)
                            })
                            .collect();
                        self.records.insert(i, snapshot);
                    }
                    v
                }
            })
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
        self.entered.insert(func.name.as_str());
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

    /// A new host value for something the evaluation does not model.
    fn unknown(&mut self, name: &str, ty: &Type) -> T {
        self.host_value(name, ty, Origin::Unmodelled)
    }

    /// A new host value for an input of the program.
    fn input(&mut self, name: &str, ty: &Type) -> T {
        self.host_value(name, ty, Origin::Input)
    }

    pub(super) fn host_value(&mut self, name: &str, ty: &Type, origin: Origin) -> T {
        let w = match width(ty) {
            0 => 1,
            w => w,
        };
        let index = self.values.len() as u32;
        let span = (!self.here.is_none()).then_some(self.here);
        self.values.push(HostValue { name: name.to_string(), width: w, signed: is_signed(ty), origin, span });
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
                self.slot_bytes.push(self.var_ty(v).size());
                (self.vars.len() - 1) as u32
            }
        }
    }

    // ------------------------------------------------------------ statements

    fn block(&mut self, mut st: State, stmts: &'p [Stmt]) -> State {
        for stmt in stmts {
            if st.alive.is_false() {
                break;
            }
            self.alive_now = st.alive.clone();
            st = self.stmt(st, stmt);
        }
        st
    }

    fn set(&mut self, st: &mut State, var: VarId, value: T) {
        let value = assigned(&value, &self.var_ty(var));
        if let t::Node::Leaf(Leaf::Host(i)) = &value.node {
            let read = self.frame().func.vars.get(var.0 as usize).is_some_and(|v| v.kind == gpurace_ir::VarKind::Read);
            // An input a call statement returned passes through the call's
            // result variable (`stoi.ret`) to the variable it initialises
            // (`st = stoi.ret`), which names it; another value keeps the
            // call's name (`config_shift(...)`), which says why it is unknown.
            let name = self.var_name(var);
            let input = self.values.get(*i as usize).is_some_and(|v| v.origin == Origin::Input);
            let through = name.contains(".ret");
            let keep = read || (through && input);
            if !keep && self.renamable.remove(i) && !through {
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
                if self.construct_vector(&mut st, &address, &access.ty, value) {
                    return st;
                }
                if let Type::Record { name, .. } = &access.ty {
                    let whole = self.value(&st, value);
                    if self.store_record(&mut st, &address, name, &whole) {
                        return st;
                    }
                }
                let record = matches!(access.ty, Type::Record { .. });
                let v = (!record && !matches!(access.ty, Type::Float { .. }))
                    .then(|| self.value_as(&st, value, &access.ty));
                // `d.rows = atoi(argv[1])` names the value `d.rows`.
                if let Some(t::Node::Leaf(Leaf::Host(i))) = v.as_ref().map(|v| &v.node) {
                    if self.renamable.remove(i) {
                        if let Some(h) = self.values.get_mut(*i as usize) {
                            h.name.clone_from(&access.name);
                        }
                    }
                }
                // A `struct` copied whole is not tracked field by field, but
                // what it holds stays input when it was (a graph read from a
                // file and returned by value).
                let input = record && {
                    let whole = self.value(&st, value);
                    self.only_inputs(&whole)
                };
                self.store(&mut st, &address, access.size, v);
                if let Some((slot, _)) = Self::cell_of(&address) {
                    if input {
                        self.input_slots.insert(slot);
                    } else if record {
                        self.input_slots.remove(&slot);
                    }
                }
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
            Stmt::Call { callee, args, dst, span } => {
                self.here = *span;
                st = self.call_stmt(st, callee, args, *dst, *span);
            }
            Stmt::Launch { launch, span } => {
                self.here = *span;
                self.launch(&st, *launch, *span);
            }
            Stmt::WarpOp { dst: None, .. }
            | Stmt::Barrier { .. }
            | Stmt::Fence { .. }
            | Stmt::Print { .. }
            | Stmt::Unknown { .. } => {}
        }
        st
    }

    fn call_stmt(&mut self, mut st: State, callee: &str, args: &'p [Expr], dst: Option<VarId>, span: Span) -> State {
        let values: Vec<T> = args.iter().map(|a| self.value(&st, a)).collect();
        let dst_ty = dst.map(|d| self.var_ty(d));
        if self.library_call(&mut st, callee, args, &values, dst, span) {
            return st;
        }
        if callee == gpurace_ir::INDIRECT_CALL {
            // Through a pointer to a user function: that function's call; a
            // pointer that may hold several (read from a table of handlers
            // at a computed index): each one's call under its condition.
            let mut found = Vec::new();
            if let Some(v) = values.first() {
                kernel_choices(v, &t::tru(), &mut found);
            }
            let targets: Vec<(String, T)> = found
                .into_iter()
                .filter_map(|(c, cond)| {
                    let index = c.checked_sub(FUNC_SLOT << SLOT_BITS)?;
                    let f = self.program.host_functions.get(usize::try_from(index).ok()?)?;
                    Some((f.name.clone(), cond))
                })
                .collect();
            if let [(name, _)] = targets.as_slice() {
                return self.call_stmt(st, name, &args[1..], dst, span);
            }
            if !targets.is_empty() {
                return self.call_each(st, &targets, &args[1..], dst, span);
            }
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
                .map(|(p, (a, v))| {
                    let from = self.ty_of(a);
                    self.convert_value(v, &from, &p.ty)
                })
                .collect();
            let params = if params.len() == func.params.len() {
                params
            } else {
                func.params.iter().map(|p| self.unknown(&p.name, &p.ty)).collect()
            };
            let caller = self.frames.last().map(|f| f.func.name.clone()).unwrap_or_default();
            self.calls.push((span, caller));
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
        // A user function gpurace does not follow (too deep, recursive, or
        // defined in a unit it did not see) may store to any host variable
        // at namespace scope.
        if self.functions.contains_key(callee)
            || self.program.externals.iter().any(|e| e == callee)
            || callee == gpurace_ir::INDIRECT_CALL
        {
            self.forget_globals(&mut st);
        }
        // A call the analysis does not follow: whatever its pointer arguments
        // point to may change (to input, for a function that reads input).
        let input = is_input(callee);
        for v in &values {
            self.clobber(&mut st, v);
            if let Some((slot, _)) = Self::cell_of(v) {
                if input {
                    self.input_slots.insert(slot);
                } else {
                    self.input_slots.remove(&slot);
                }
            }
        }
        if let (Some(d), Some(ty)) = (dst, dst_ty) {
            let name = format!("{callee}(...)");
            let v = if input { self.input(&name, &ty) } else { self.unknown(&name, &ty) };
            if let t::Node::Leaf(Leaf::Host(i)) = &v.node {
                self.renamable.insert(*i);
            }
            self.set(&mut st, d, v);
        }
        st
    }
}

impl<'p> Evaluator<'p> {
    /// A call through a pointer that holds one of `targets` (function, the
    /// condition that it is that one): each call on its own path, joined as
    /// an `if` chain joins its branches. What the conditions leave over (a
    /// value no target has) is a path that calls none.
    fn call_each(
        &mut self,
        st: State,
        targets: &[(String, T)],
        args: &'p [Expr],
        dst: Option<VarId>,
        span: Span,
    ) -> State {
        let Some(((name, cond), rest)) = targets.split_first() else { return st };
        let mut here = st.clone();
        here.alive = t::and(&st.alive, cond);
        let mut other = st;
        other.alive = t::and(&other.alive, &t::not(cond));
        let called = self.call_stmt(here, name, args, dst, span);
        let others = self.call_each(other, rest, args, dst, span);
        self.merge(cond, called, others)
    }

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

#[cfg(test)]
mod tests;
