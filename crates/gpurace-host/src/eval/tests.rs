//! The host evaluation on programs built by hand: a `main` whose statements
//! compute the arguments of one launch of `k(int, int, ...)`, and what the
//! launch binds each parameter to, evaluated for inputs of the program.

use std::collections::HashMap;

use gpurace_core::eval::{eval, Valuation};
use gpurace_core::term::{Leaf, Node, T};
use gpurace_core::{Origin, Site, Unrolling};
use gpurace_ir::{
    BinOp, Block, Expr, HostFunction, Kernel, Launch, LaunchForm, Loop, LoopKind, Param, Program, Span, Stmt, Type,
    Var, VarId, VarKind,
};

pub const F64: Type = Type::Float { bits: 64 };
pub const F32: Type = Type::Float { bits: 32 };

/// Builds `main`: variables, statements, then `k<<<1, 1>>>(args...)`.
#[derive(Default)]
pub struct Main {
    vars: Vec<Var>,
    body: Block,
}

impl Main {
    pub fn var(&mut self, name: &str, ty: Type) -> VarId {
        self.vars.push(Var { name: name.into(), ty, kind: VarKind::Local, span: Span::NONE });
        VarId(self.vars.len() as u32 - 1)
    }

    /// `TYPE name = init;`
    pub fn decl(&mut self, name: &str, ty: Type, init: Expr) -> Expr {
        let v = self.var(name, ty);
        self.body.push(Stmt::Decl { var: v, init: Some(init) });
        Expr::Var(v)
    }

    /// `int name = atoi(...);`: an input.
    pub fn input(&mut self, name: &str) -> Expr {
        self.decl(name, Type::INT, Expr::Call { func: "atoi".into(), args: Vec::new(), ty: Type::INT })
    }

    pub fn push(&mut self, stmt: Stmt) {
        self.body.push(stmt);
    }

    /// The site of `k<<<1, 1>>>(args...)` at the end of `main`.
    pub fn launch(mut self, args: Vec<Expr>) -> Site {
        self.body.push(Stmt::Launch { launch: 0, span: Span::NONE });
        let mut sites = self.sites(args);
        assert_eq!(sites.len(), 1, "one launch site");
        sites.remove(0)
    }

    /// The sites of `k<<<1, 1>>>(args...)` where `main`'s statements launch
    /// it.
    pub fn sites(self, args: Vec<Expr>) -> Vec<Site> {
        let params = (0..args.len()).map(|i| Param { name: format!("p{i}"), ty: Type::INT }).collect();
        let kernel = Kernel {
            name: "k".into(),
            template_args: String::new(),
            span: Span::NONE,
            params,
            vars: Vec::new(),
            shared: Vec::new(),
            body: Vec::new(),
            approximate: false,
            externals: Vec::new(),
        };
        let one = || Expr::int(1, Type::UINT);
        let launch = Launch {
            form: LaunchForm::Chevrons,
            kernel: Some(0),
            kernel_name: "k".into(),
            host_function: "main".into(),
            span: Span::NONE,
            grid: [one(), one(), one()],
            block: [one(), one(), one()],
            shmem: None,
            stream: None,
            args,
            facts: Vec::new(),
            callee: None,
        };
        let main = HostFunction {
            name: "main".into(),
            span: Span::NONE,
            params: Vec::new(),
            vars: self.vars,
            body: self.body,
        };
        let program =
            Program { kernels: vec![kernel], host_functions: vec![main], launches: vec![launch], ..Program::default() };
        crate::sites(&program)
    }
}

/// What the site binds parameter `i` to.
pub fn bound(site: &Site, i: u32) -> T {
    site.bindings.iter().find(|(l, _)| *l == Leaf::Param(i)).map(|(_, t)| t.clone()).expect("a bound parameter")
}

/// The host value named `name`.
pub fn value(site: &Site, name: &str) -> u32 {
    site.values.iter().position(|v| v.name == name).expect("a named host value") as u32
}

/// The origins of the host values a term uses.
pub fn origins(site: &Site, term: &T) -> Vec<Origin> {
    let mut leaves = std::collections::BTreeSet::new();
    gpurace_core::term::leaves(term, &mut leaves, &mut std::collections::HashSet::new());
    leaves
        .into_iter()
        .filter_map(|(l, _)| match l {
            Leaf::Host(i) => site.values.get(i as usize).map(|v| v.origin),
            _ => None,
        })
        .collect()
}

struct Inputs<'a>(&'a [(u32, i128)]);

impl Valuation for Inputs<'_> {
    fn leaf(&self, leaf: Leaf, _thread: usize, _width: u32) -> u128 {
        match leaf {
            Leaf::Host(i) => self.0.iter().find(|(j, _)| *j == i).map_or(0, |(_, v)| *v as u128),
            _ => 0,
        }
    }
    fn uf(&self, name: &str, _args: &[u128], _width: u32) -> u128 {
        panic!("a function reached a launch: {name}")
    }
}

/// `term` (an integer of its width, signed) where host value `i` is `v`.
pub fn at(term: &T, inputs: &[(u32, i128)]) -> i128 {
    gpurace_core::arith::signed(eval(term, 0, &Inputs(inputs), &mut HashMap::new()), term.width)
}

pub fn cast(ty: Type, e: Expr) -> Expr {
    Expr::Cast { ty, arg: Box::new(e) }
}

pub fn call(func: &str, args: Vec<Expr>, ty: Type) -> Expr {
    Expr::Call { func: func.into(), args, ty }
}

pub fn float(value: f64, ty: Type) -> Expr {
    Expr::Float { value, ty }
}

pub fn div(a: Expr, b: Expr, ty: Type) -> Expr {
    Expr::binary(BinOp::Div, a, b, ty)
}

/// `if (cond) return;`
pub fn exit_if(cond: Expr) -> Stmt {
    Stmt::If { cond, then: vec![Stmt::Return(None)], els: Vec::new(), span: Span::NONE }
}

#[test]
fn ceil_and_floor_of_an_int_over_a_constant_are_exact() {
    let mut m = Main::default();
    let n = m.input("n");
    // (int)ceil((double)n / 256), (int)floor(n / 256.0) + 1, (int)(1.0 * n / 256)
    let q = div(cast(F64, n.clone()), cast(F64, Expr::int(256, Type::INT)), F64);
    let up = cast(Type::INT, call("ceil", vec![q], F64));
    let down = call("floor", vec![div(cast(F64, n.clone()), float(256.0, F64), F64)], F64);
    let down = Expr::binary(BinOp::Add, cast(Type::INT, down), Expr::int(1, Type::INT), Type::INT);
    let scaled = Expr::binary(BinOp::Mul, float(1.0, F64), cast(F64, n), F64);
    let truncated = cast(Type::INT, div(scaled, cast(F64, Expr::int(256, Type::INT)), F64));
    let site = m.launch(vec![up, down, truncated]);
    let n = value(&site, "n");
    let (up, down, truncated) = (bound(&site, 0), bound(&site, 1), bound(&site, 2));
    for v in [0i128, 1, 255, 256, 257, 1000, -1, -255, -256, -257, i32::MAX as i128, i32::MIN as i128] {
        let q = v as f64 / 256.0;
        assert_eq!(at(&up, &[(n, v)]), q.ceil() as i128, "ceil({v} / 256)");
        assert_eq!(at(&down, &[(n, v)]), q.floor() as i128 + 1, "floor({v} / 256) + 1");
        assert_eq!(at(&truncated, &[(n, v)]), q.trunc() as i128, "(int)({v} / 256.0)");
    }
    // Computed from the input alone: nothing unmodelled.
    assert!(origins(&site, &up).iter().all(|o| *o == Origin::Input));
    assert!(site.facts.iter().all(|f| !crate::eval::has_float(f)));
}

#[test]
fn float_precision_is_exact_by_a_power_of_two_and_within_two_to_the_24() {
    // int g = ceilf((float)n / 256.0f): exact for every int n ((float)n is
    // rounded exactly, and a division by 256 is exact). By 3: exact where
    // |n| <= 2^24, else an unknown value; after `if (n < -(1 << 20) || n > 1
    // << 20) return;` exact everywhere.
    for (divisor, bounded) in [(256.0, false), (3.0, false), (3.0, true)] {
        let mut m = Main::default();
        let n = m.input("n");
        if bounded {
            let big = Expr::binary(BinOp::Gt, n.clone(), Expr::int(1 << 20, Type::INT), Type::Bool);
            let small = Expr::binary(BinOp::Lt, n.clone(), Expr::int(-(1 << 20), Type::INT), Type::Bool);
            m.push(exit_if(Expr::binary(BinOp::LOr, small, big, Type::Bool)));
        }
        let q = div(cast(F32, n), float(divisor, F32), F32);
        let g = m.decl("g", Type::INT, cast(Type::INT, call("ceilf", vec![q], F32)));
        let site = m.launch(vec![g]);
        let (n, g) = (value(&site, "n"), bound(&site, 0));
        let mut values = vec![1i128, 255, 256, 257, 1 << 20, -(1 << 20), -3];
        if divisor == 256.0 {
            values.extend([(1 << 24) + 1, (1 << 24) + 3, (1 << 25) + 255, i32::MAX as i128, i32::MIN as i128 + 1]);
        }
        for v in values {
            let want = ((v as i32) as f32 / divisor as f32).ceil() as i128;
            assert_eq!(at(&g, &[(n, v)]), want, "ceilf({v} / {divisor})");
        }
        let unmodelled = origins(&site, &g).contains(&Origin::Unmodelled);
        assert_eq!(unmodelled, divisor == 3.0 && !bounded, "an unknown only for / 3 where n may be past 2^24");
    }
}

#[test]
fn math_functions_of_constants_are_computed() {
    let m = Main::default();
    let c = |v: f64| float(v, F64);
    let args = vec![
        cast(Type::INT, call("pow", vec![c(2.0), cast(F64, Expr::int(8, Type::INT))], F64)),
        cast(Type::INT, call("sqrt", vec![c(1024.0)], F64)),
        cast(Type::INT, call("log2", vec![c(4096.0)], F64)),
        cast(Type::INT, call("fmin", vec![c(3.0), c(4.0)], F64)),
        cast(Type::INT, call("ceilf", vec![float(2.5, F32)], F32)),
        cast(Type::INT, call("round", vec![c(-2.5)], F64)),
        call("abs", vec![Expr::int(-7, Type::INT)], Type::INT),
    ];
    let site = m.launch(args);
    let got: Vec<Option<u128>> = (0..7).map(|i| bound(&site, i).as_const()).collect();
    let want: Vec<Option<u128>> = [256i128, 32, 12, 3, 3, -3, 7].iter().map(|v| Some(*v as u32 as u128)).collect();
    assert_eq!(got, want);
}

/// The site's facts over host values only (not the launch's bindings).
fn host_facts(site: &Site) -> Vec<T> {
    let host_only = |f: &T| {
        let mut leaves = std::collections::BTreeSet::new();
        gpurace_core::term::leaves(f, &mut leaves, &mut std::collections::HashSet::new());
        !leaves.is_empty() && leaves.iter().all(|(l, _)| matches!(l, Leaf::Host(_)))
    };
    site.facts.iter().filter(|f| host_only(f)).cloned().collect()
}

#[test]
fn an_unsigned_conversion_is_in_range_where_it_happens() {
    // (unsigned)ceil((double)n / 256): C leaves a negative value's
    // conversion undefined, so where it happens the quotient is >= 0. In
    // the arm of `n > 0 ? ... : 1` that is known, and no fact is needed
    // (a fact there must not exclude n <= 0, where the arm does not run).
    for guarded in [false, true] {
        let mut m = Main::default();
        let n = m.input("n");
        let q = div(cast(F64, n.clone()), float(256.0, F64), F64);
        let up = cast(Type::UINT, call("ceil", vec![q], F64));
        let arg = if guarded {
            let positive = Expr::binary(BinOp::Gt, n, Expr::int(0, Type::INT), Type::Bool);
            let one = Expr::int(1, Type::UINT);
            Expr::Select { cond: Box::new(positive), then: Box::new(up), els: Box::new(one), ty: Type::UINT }
        } else {
            up
        };
        let site = m.launch(vec![cast(Type::INT, arg)]);
        let n = value(&site, "n");
        let facts = host_facts(&site);
        if guarded {
            assert!(facts.is_empty(), "no range fact: {facts:?}");
            continue;
        }
        assert_eq!(facts.len(), 1, "one range fact: {facts:?}");
        for (v, holds) in [(-1000i128, false), (-256, false), (-255, true), (0, true), (1000, true)] {
            assert_eq!(at(&facts[0], &[(n, v)]) != 0, holds, "the range fact at n = {v}");
        }
    }
}

#[test]
fn a_converted_input_is_an_input() {
    let mut m = Main::default();
    let x = m.decl("x", F64, call("atof", Vec::new(), F64));
    let site = m.launch(vec![cast(Type::INT, x)]);
    assert_eq!(origins(&site, &bound(&site, 0)), vec![Origin::Input]);
}

#[test]
fn a_macro_statement_runs_once() {
    // `do { x = 5; } while (0)` leaves x = 5, not an unknown.
    let mut m = Main::default();
    let x = m.decl("x", Type::INT, Expr::int(1, Type::INT));
    let Expr::Var(xv) = x else { unreachable!("a variable") };
    let body = vec![Stmt::Assign { var: xv, value: Expr::int(5, Type::INT) }];
    m.push(Stmt::Loop(Box::new(Loop {
        id: Default::default(),
        kind: LoopKind::DoWhile,
        init: Vec::new(),
        cond_pre: Vec::new(),
        cond: Some(Expr::int(0, Type::Bool)),
        step: Vec::new(),
        body,
        pattern: None,
        span: Span::NONE,
    })));
    let site = m.launch(vec![x]);
    assert_eq!(bound(&site, 0).as_const(), Some(5));
    assert!(site.facts.iter().all(|f| !f.is_false()));
    assert!(!matches!(bound(&site, 0).node, Node::Leaf(_)));
}

/// `for (int s = 1; s <= last; s += 2) k<<<1, 1>>>(s);`: its sites.
fn odd_sizes_up_to(last: i128) -> Vec<Site> {
    let mut m = Main::default();
    let s = m.var("s", Type::INT);
    let int = |v| Expr::int(v, Type::INT);
    let sum = Expr::Binary { op: BinOp::Add, lhs: Box::new(Expr::Var(s)), rhs: Box::new(int(2)), ty: Type::INT };
    let cond = Expr::Binary { op: BinOp::Le, lhs: Box::new(Expr::Var(s)), rhs: Box::new(int(last)), ty: Type::Bool };
    m.push(Stmt::Loop(Box::new(Loop {
        id: Default::default(),
        kind: LoopKind::For,
        init: vec![Stmt::Decl { var: s, init: Some(int(1)) }],
        cond_pre: Vec::new(),
        cond: Some(cond),
        step: vec![Stmt::Assign { var: s, value: sum }],
        body: vec![Stmt::Launch { launch: 0, span: Span::NONE }],
        pattern: None,
        span: Span::NONE,
    })));
    m.push(Stmt::Launch { launch: 0, span: Span::NONE });
    m.sites(vec![Expr::Var(s)])
}

#[test]
fn a_loop_of_a_few_constant_iterations_launches_at_its_summary_and_each() {
    // `for (s = 1; s <= 9; s += 2) k<<<1, 1>>>(s); k<<<1, 1>>>(s);`
    let sites = odd_sizes_up_to(9);
    // The summary: one arbitrary iteration, `s` not a constant
    assert_eq!(sites[0].unrolling, Some(Unrolling::Summary(0)));
    assert_eq!(bound(&sites[0], 0).as_const(), None);
    // After the loop, from the last iteration
    assert_eq!(sites[1].unrolling, None);
    assert_eq!(bound(&sites[1], 0).as_const(), Some(11));
    // Each iteration
    let sizes: Vec<Option<u128>> = sites[2..].iter().map(|site| bound(site, 0).as_const()).collect();
    assert_eq!(sizes, [1, 3, 5, 7, 9].map(Some));
    assert!(sites[2..].iter().all(|s| s.unrolling == Some(Unrolling::Iteration(0))));
    // 50 iterations: the summary alone
    let sites = odd_sizes_up_to(99);
    assert_eq!(sites.len(), 2);
    assert!(sites.iter().all(|s| s.unrolling.is_none()));
    assert_eq!(bound(&sites[0], 0).as_const(), None);
}

/// A host access to all of variable `v` (of type `ty`).
fn whole(v: VarId, ty: Type) -> gpurace_ir::Access {
    gpurace_ir::Access {
        id: Default::default(),
        kind: gpurace_ir::AccessKind::Write,
        space: gpurace_ir::Space::Host,
        base: gpurace_ir::Base::Host(v),
        offset: Expr::int(0, Type::LONG),
        size: ty.size().unwrap_or(4),
        ty,
        name: "v".into(),
        span: Span::NONE,
        volatile: false,
    }
}

#[test]
fn std_swap_exchanges_two_variables() {
    // int a = n, b = 7; std::swap(a, b); k(a, b)
    let mut m = Main::default();
    let n = m.input("n");
    let (a, b) = (m.var("a", Type::INT), m.var("b", Type::INT));
    m.push(Stmt::Write { access: whole(a, Type::INT), value: n });
    m.push(Stmt::Write { access: whole(b, Type::INT), value: Expr::int(7, Type::INT) });
    let addr = |v| Expr::Addr {
        base: Box::new(gpurace_ir::Base::Host(v)),
        offset: Box::new(Expr::int(0, Type::LONG)),
        ty: Type::Ptr(Box::new(Type::INT)),
    };
    m.push(Stmt::Call { callee: "swap".into(), args: vec![addr(a), addr(b)], dst: None, span: Span::NONE });
    let (ra, rb) = (m.var("a.v", Type::INT), m.var("b.v", Type::INT));
    m.push(Stmt::Read { dst: ra, access: whole(a, Type::INT) });
    m.push(Stmt::Read { dst: rb, access: whole(b, Type::INT) });
    let site = m.launch(vec![Expr::Var(ra), Expr::Var(rb)]);
    let n = value(&site, "n");
    assert_eq!(bound(&site, 0).as_const(), Some(7));
    assert_eq!(bound(&site, 1), gpurace_core::term::leaf(Leaf::Host(n), 32, Default::default()));
}

#[test]
fn a_vector_remembers_its_size() {
    // std::vector<float> v(n); std::vector<float> w; if (n > 8) w = v; else
    // w.push_back(x); k(v.size(), w.size(), u.size()) with `u` changed.
    let vector = Type::Opaque { name: "vector<float>".into(), size: Some(24) };
    let mut m = Main::default();
    let n = m.input("n");
    let sized = |n: Expr| call("std::vector::sized", vec![n], vector.clone());
    let v = m.decl("v", vector.clone(), sized(cast(Type::ULONG, n.clone())));
    let w = m.decl("w", vector.clone(), sized(Expr::int(0, Type::ULONG)));
    let Expr::Var(wv) = w.clone() else { unreachable!("a variable") };
    let big = Expr::binary(BinOp::Gt, n, Expr::int(8, Type::INT), Type::Bool);
    let grown = call("std::vector::grown", vec![w.clone()], vector.clone());
    m.push(Stmt::If {
        cond: big,
        then: vec![Stmt::Assign { var: wv, value: v.clone() }],
        els: vec![Stmt::Assign { var: wv, value: grown }],
        span: Span::NONE,
    });
    let u = m.decl("u", vector.clone(), call("std::vector::changed", Vec::new(), vector.clone()));
    let size = |v: Expr| cast(Type::INT, call("std::vector::size", vec![v], Type::ULONG));
    let site = m.launch(vec![size(v), size(w), size(u)]);
    let n = value(&site, "n");
    for x in [0i128, 3, 8, 9, 1000] {
        assert_eq!(at(&bound(&site, 0), &[(n, x)]), x, "v.size() at n = {x}");
        assert_eq!(at(&bound(&site, 1), &[(n, x)]), if x > 8 { x } else { 1 }, "w.size() at n = {x}");
    }
    assert!(origins(&site, &bound(&site, 0)).iter().all(|o| *o == Origin::Input));
    assert_eq!(origins(&site, &bound(&site, 2)), vec![Origin::Unmodelled]);
}

#[test]
fn a_power_of_two_of_an_integer_is_exact() {
    // int size = pow(2, k) for an input k: exactly 1 << k for 0 <= k <= 53;
    // beyond, a value gpurace does not compute.
    let mut m = Main::default();
    let k = m.input("k");
    let size = cast(Type::INT, call("pow", vec![float(2.0, F64), cast(F64, k)], F64));
    let site = m.launch(vec![size]);
    let (k, size) = (value(&site, "k"), bound(&site, 0));
    for v in [0i128, 1, 10, 30] {
        assert_eq!(at(&size, &[(k, v)]), 1 << v, "pow(2, {v})");
    }
    assert!(origins(&site, &size).contains(&Origin::Unmodelled), "k < 0 or k > 53 is not computed");
}

#[test]
fn log2_of_an_integer_rounds_as_the_library_does() {
    // (int)log2((double)n) and (int)ceil(log2((double)n)) for n >= 1.
    let mut m = Main::default();
    let n = m.input("n");
    let small = Expr::binary(BinOp::Lt, n.clone(), Expr::int(1, Type::INT), Type::Bool);
    m.push(exit_if(small));
    let log = || call("log2", vec![cast(F64, n.clone())], F64);
    let down = cast(Type::INT, log());
    let up = cast(Type::INT, call("ceil", vec![log()], F64));
    let site = m.launch(vec![down, up]);
    let n = value(&site, "n");
    for v in [1i128, 2, 3, 4, 5, 7, 8, 255, 256, 257, 1 << 20, (1 << 30) - 1, 1 << 30, i32::MAX as i128] {
        let l = (v as f64).log2();
        assert_eq!(at(&bound(&site, 0), &[(n, v)]), l as i128, "(int)log2({v})");
        assert_eq!(at(&bound(&site, 1), &[(n, v)]), l.ceil() as i128, "ceil(log2({v}))");
    }
    assert!(origins(&site, &bound(&site, 0)).iter().all(|o| *o == Origin::Input));
}
