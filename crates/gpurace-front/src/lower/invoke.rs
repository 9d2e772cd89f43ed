//! Callables the host program hands to the C++ library, which calls them out
//! of gpurace's sight (the library's bodies are not lowered): the function
//! given to a `std::thread` (`std::jthread`) constructor, to `std::async`,
//! `std::invoke` or `pthread_create`; a `std::function` (or a variable
//! holding a lambda or a function) called later; and a lambda or function
//! given to any other library call (`std::for_each`, `std::transform`).
//!
//! A thread's function runs once with the given arguments, and the lowering
//! runs it where the thread starts, as a call: a lambda is inlined (its body
//! sees the variables it captures, and `this` is the enclosing method's
//! object), a user host function is a call the host evaluation follows. The
//! arguments are copied as `std::thread` copies them (`std::ref(x)` passes
//! `x` itself). This assumes the thread runs where it starts: what it reads
//! of captured variables is what they hold there, what it writes is visible
//! after it, and a `join` changes nothing. A launch inside is the program's
//! launch, with the geometry it computes, instead of no launch at all.
//!
//! A callable handed to another library function may run any number of
//! times, none included (a `std::for_each` body runs once per element): it
//! is lowered as a loop with an unknown condition around a call whose
//! arguments are unknown, which the host evaluation summarises like any
//! loop. A device-only lambda (`[=] __device__`) or a kernel is never run
//! on the host. Child module of `func`, sharing `FnLower`'s state.

use gpurace_ir::{Expr, Loop, LoopKind, Span, Type};

use super::{strip_casts, takes_this, FnLower, LValue};
use crate::ast::Node;

/// What a callable expression names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Callable {
    /// A lambda, by the addresses of its call operators (one, or the
    /// instantiations of a generic lambda's).
    Lambda(Vec<u64>),
    /// A function, named directly or through a pointer.
    Function(String, u64),
    /// A pointer to a member function (`&W::run`): the object comes first
    /// among the arguments.
    Method(String, u64),
}

/// The library functions that run a callable they are given once, where
/// they are called, and the position of the callable among their arguments.
const RUNS_ONCE: &[(&str, usize)] = &[("async", 0), ("invoke", 0), ("pthread_create", 2)];

/// The type names of the library's thread objects.
const THREADS: &[&str] = &["std::thread", "thread", "std::jthread", "jthread"];

/// Whether a type spells a callable object a variable can hold: a lambda, a
/// `std::function` or a function pointer.
fn holds_callable(ty: &str) -> bool {
    let t = ty.trim().trim_start_matches("const ").trim();
    t.starts_with("(lambda at ")
        || t.starts_with("std::function<")
        || t.starts_with("function<")
        || (t.contains("(*)") && !t.contains("(*)["))
}

/// The object a `std::ref(x)` or `std::cref(x)` argument wraps (a thread
/// gets `x` itself); any other argument is itself.
pub(super) fn unwrap_ref(n: &Node) -> &Node {
    let s = strip_casts(n);
    if s.kind == "CallExpr" && s.children.len() == 2 {
        let callee = s.children.first().and_then(|c| strip_casts(c).referenced());
        if matches!(callee, Some(("Function", _, "ref" | "cref"))) && s.ty().contains("reference_wrapper") {
            return &s.children[1];
        }
    }
    n
}

/// Whether a function definition runs on the host: not a kernel, not a
/// `__device__`-only function or lambda.
fn runs_on_host(def: &Node) -> bool {
    let device_only = def.has_child("CUDADeviceAttr") && !def.has_child("CUDAHostAttr");
    !def.has_child("CUDAGlobalAttr") && !device_only
}

/// The call operators a `LambdaExpr` defines, with bodies.
fn lambda_operators(lambda: &Node) -> Vec<u64> {
    let class = lambda.children.iter().filter(|c| c.kind == "CXXRecordDecl");
    let mut out = Vec::new();
    for member in class.flat_map(|c| &c.children) {
        let methods: Vec<&Node> = match member.kind.as_str() {
            "CXXMethodDecl" => vec![member],
            "FunctionTemplateDecl" => member.children.iter().filter(|m| m.kind == "CXXMethodDecl").collect(),
            _ => Vec::new(),
        };
        out.extend(
            methods
                .into_iter()
                .filter(|m| m.decl_name_and_type().0 == "operator()" && m.has_child("CompoundStmt"))
                .map(|m| m.addr),
        );
    }
    out
}

/// The variables a function body assigns whole (`f = other;`, also through
/// a class's `operator=`): a callable variable assigned so is not trusted.
pub(super) fn scan_reassigned(n: &Node, out: &mut std::collections::HashSet<u64>) {
    let target = match n.kind.as_str() {
        "BinaryOperator" if n.last_quoted() == "=" => n.children.first(),
        "CXXOperatorCallExpr" if n.text.ends_with("'='") => n.children.get(1),
        _ => None,
    };
    let target = target.map(strip_casts).filter(|t| t.kind == "DeclRefExpr");
    if let Some((_, addr, _)) = target.and_then(|t| t.referenced()) {
        out.insert(addr);
    }
    for c in &n.children {
        scan_reassigned(c, out);
    }
}

/// The thread type `ty` spells (`const` and references aside), if any.
fn thread_type(ty: &str) -> Option<&str> {
    let t = ty.trim().trim_start_matches("const ").trim_end_matches('&').trim();
    THREADS.contains(&t).then_some(t)
}

impl FnLower<'_, '_> {
    /// What `n` names as a callable: a lambda, a function (`f`, `&f`), a
    /// pointer to a member function, or a variable known to hold one;
    /// `None` for anything else (a functor object, a `std::bind`).
    pub(super) fn callable_of(&self, n: &Node) -> Option<Callable> {
        let mut s = strip_casts(n);
        // `std::function<void()>(f)`, a copy of a lambda, `std::move(f)`:
        // what it holds.
        for _ in 0..4 {
            let copy = matches!(s.kind.as_str(), "CXXConstructExpr" | "CXXFunctionalCastExpr") && s.children.len() == 1;
            let callee = s.children.first().and_then(|c| strip_casts(c).referenced());
            let moved = s.kind == "CallExpr"
                && s.children.len() == 2
                && matches!(callee, Some(("Function", _, "move" | "forward")))
                && self.ix.function(callee.map_or(0, |c| c.1)).is_none();
            match (copy, moved) {
                (true, _) => s = strip_casts(&s.children[0]),
                (_, true) => s = strip_casts(&s.children[1]),
                _ => break,
            }
        }
        if s.kind == "UnaryOperator" && s.last_quoted() == "&" {
            s = strip_casts(s.children.first()?);
        }
        match s.kind.as_str() {
            "LambdaExpr" => {
                let ops = lambda_operators(s);
                (!ops.is_empty()).then_some(Callable::Lambda(ops))
            }
            "DeclRefExpr" => {
                let (kind, addr, name) = s.referenced()?;
                match kind {
                    "Function" => Some(Callable::Function(name.to_string(), addr)),
                    "CXXMethod" => Some(Callable::Method(name.to_string(), addr)),
                    "Var" | "ParmVar" => self.callables.get(&addr).cloned().or_else(|| {
                        let (name, addr) = self.fn_targets.get(&addr)?;
                        Some(Callable::Function(name.clone(), *addr))
                    }),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// Remembers what a host variable declared as `decl` with the
    /// initializer `init` holds, when it is a callable (`auto f = [&] {..};`,
    /// `std::function<void(int)> g = worker;`) and the function never
    /// assigns the variable again.
    pub(super) fn remember_callable(&mut self, decl: &Node, ty: &str, init: Option<&Node>) {
        if !self.is_host() || !holds_callable(ty) || self.reassigned.contains(&decl.addr) {
            return;
        }
        if let Some(c) = init.and_then(|i| self.callable_of(i)) {
            self.callables.insert(decl.addr, c);
        }
    }

    /// `std::thread(f, args...)` (a `std::jthread`, a temporary, `new
    /// std::thread(...)`) in host code: `f(args...)` runs here, once.
    /// Whether it did; else the construction is lowered as before (a thread
    /// whose function gpurace does not know, a copy or move of a thread).
    pub(super) fn thread_construct(&mut self, n: &Node) -> bool {
        let c = strip_casts(n);
        if !self.is_host() || !matches!(c.kind.as_str(), "CXXConstructExpr" | "CXXTemporaryObjectExpr") {
            return false;
        }
        if !self.is_library_thread(c.ty()) {
            return false;
        }
        let args: Vec<&Node> = c.children.iter().filter(|a| a.kind != "CXXDefaultArgExpr").collect();
        let Some((callable, rest)) = args.split_first() else { return false };
        if thread_type(strip_casts(callable).ty()).is_some() {
            return false;
        }
        let span = self.span(c);
        self.run_callable_node(callable, rest, span).is_some()
    }

    /// `threads.emplace_back(f, args...)` on a container of threads: the
    /// thread it constructs runs `f(args...)` here.
    pub(super) fn thread_emplace(&mut self, container: &Node, args: &[&Node], span: Span) -> bool {
        let ty = container.ty();
        let element = ty.find('<').map(|i| &ty[i + 1..]).and_then(|t| t.split([',', '>']).next()).unwrap_or("");
        if !self.is_library_thread(element) {
            return false;
        }
        match args.split_first() {
            Some((callable, rest)) if thread_type(strip_casts(callable).ty()).is_none() => {
                self.run_callable_node(callable, rest, span).is_some()
            }
            _ => false,
        }
    }

    /// Whether the function at `addr`, called in host code, is the
    /// library's: no body here, and not declared in the user's files.
    pub(super) fn is_library(&self, addr: u64) -> bool {
        self.is_host() && self.ix.function(addr).is_none() && !self.ix.user_declared(addr)
    }

    /// A call of the library function `name` that runs a callable it is
    /// given where it is called: once (`std::async`), or the callable a
    /// `std::function` holds (`g(n)`). `None`: not such a call, or its
    /// callable is not known (the caller lowers the call as before).
    pub(super) fn library_call(
        &mut self,
        name: &str,
        object: Option<&Node>,
        args: &[&Node],
        span: Span,
        ty: &Type,
    ) -> Option<Expr> {
        if let (Some(obj), "operator()") = (object, name) {
            return self.call_held(obj, args, span, ty);
        }
        self.library_runs_once(name, args, span, ty)
    }

    /// The value of the parameter `name` (of type `ty`) of a callable the
    /// library calls with arguments gpurace does not see: unknown.
    pub(super) fn passed_by_library(&mut self, name: &str, ty: &str, span: Span) -> Expr {
        let ty = self.types.parse(ty);
        Expr::Unknown { reason: format!("`{name}`, passed by the library"), span, ty }
    }

    /// A call of the library function `name` that runs a callable it is
    /// given once (`std::async`, `std::invoke`, `pthread_create`): the
    /// callable's call, then the call's result, which gpurace does not know.
    fn library_runs_once(&mut self, name: &str, args: &[&Node], span: Span, ty: &Type) -> Option<Expr> {
        let &(_, at) = RUNS_ONCE.iter().find(|(n, _)| *n == name)?;
        // `std::async(std::launch::async, f, ...)`: the launch policy first.
        let policy = name == "async" && args.first().is_some_and(|a| strip_casts(a).ty().contains("launch"));
        let at = at + usize::from(policy);
        let callable = args.get(at)?;
        let rest: Vec<&Node> = if name == "pthread_create" {
            args.get(at + 1).into_iter().copied().collect()
        } else {
            args[at + 1..].to_vec()
        };
        self.run_callable_node(callable, &rest, span)?;
        let why = format!("the result of `{name}`");
        Some(if *ty == Type::Void {
            Expr::int(0, Type::Void)
        } else {
            Expr::Unknown { reason: why, span, ty: ty.clone() }
        })
    }

    /// `f(args...)` of a variable that holds a known callable (a
    /// `std::function`, whose call operator has no body here): the
    /// callable's call and its result; `None` when `object` holds none.
    fn call_held(&mut self, object: &Node, args: &[&Node], span: Span, ty: &Type) -> Option<Expr> {
        let c = self.callable_of(object)?;
        self.run_callable(&c, args, span, ty)
    }

    /// The lambdas and user host functions among the arguments of a call of
    /// a library function without a body: each may run any number of times
    /// there (a loop of calls with unknown arguments).
    pub(super) fn run_handed_callables(&mut self, args: &[&Node], span: Span) {
        for a in args {
            let Some(c) = self.callable_of(a) else { continue };
            // A pointer to a member function is called on an object the
            // library supplies; gpurace does not know which. (A kernel named
            // as an argument, `cudaFuncGetAttributes(&a, k)`, is not run:
            // see `run_function`.)
            if matches!(c, Callable::Method(..)) {
                continue;
            }
            self.blocks.push(Vec::new());
            let ran = self.run_callable(&c, &[], span, &Type::Void);
            let body = self.blocks.pop().unwrap_or_default();
            if ran.is_none() {
                continue;
            }
            let cond = Expr::Unknown { reason: "whether the library calls it again".into(), span, ty: Type::Bool };
            self.emit_loop(Loop {
                id: Default::default(),
                kind: LoopKind::While,
                init: Vec::new(),
                cond_pre: Vec::new(),
                cond: Some(cond),
                step: Vec::new(),
                body,
                pattern: None,
                span,
            });
        }
    }

    /// Inlines a lambda's call operator `op`: `this` in its body is the
    /// enclosing method's object (captured by `[this]` or `[&]`), not the
    /// lambda, whose captures its body names directly.
    pub(super) fn inline_lambda(&mut self, op: &Node, args: &[&Node], span: Span, ty: &Type) -> Expr {
        let this_lv = self.this_places.last().cloned().flatten();
        let fields = self.this_fields.last().cloned().flatten();
        self.inline_as(op, "operator()", fields, this_lv, args, span, ty)
    }

    /// Whether `ty` is the library's thread object, not a user's record of
    /// that name.
    fn is_library_thread(&self, ty: &str) -> bool {
        thread_type(ty).is_some_and(|t| !self.ix.records_by_name.contains_key(t))
    }

    /// Runs what `callable` names with `args`, for its effects (a thread's
    /// function: its result is not used).
    fn run_callable_node(&mut self, callable: &Node, args: &[&Node], span: Span) -> Option<Expr> {
        let c = self.callable_of(callable)?;
        self.run_callable(&c, args, span, &Type::Void)
    }

    /// Calls `c` with `args` (each copied, as a thread copies them; a
    /// reference parameter gets the object a `std::ref` names) and returns
    /// the call's value, of type `ty`. `None`: not lowered, since a
    /// function without a body here, a kernel or a device-only function is
    /// not run.
    fn run_callable(&mut self, c: &Callable, args: &[&Node], span: Span, ty: &Type) -> Option<Expr> {
        match c {
            Callable::Lambda(ops) => {
                let defs: Vec<&Node> = ops.iter().filter_map(|a| self.ix.function(*a)).collect();
                let arity = |d: &&Node| d.children.iter().filter(|p| p.kind == "ParmVarDecl").count();
                let op = defs.iter().find(|d| arity(d) == args.len()).or(defs.first()).copied()?;
                if !runs_on_host(op) {
                    return None;
                }
                let args: Vec<&Node> = args.iter().map(|a| unwrap_ref(a)).collect();
                Some(self.inline_lambda(op, &args, span, ty))
            }
            Callable::Function(name, addr) => self.run_function(name, *addr, None, args, span, ty),
            Callable::Method(name, addr) => {
                let static_method = self.ix.function(*addr).is_some_and(|d| !takes_this(d));
                match args.split_first() {
                    _ if static_method => self.run_function(name, *addr, None, args, span, ty),
                    Some((object, rest)) => self.run_function(name, *addr, Some(unwrap_ref(object)), rest, span, ty),
                    None => None,
                }
            }
        }
    }

    /// Calls the function `name` at `addr` (on `object` for a method) with
    /// copied arguments: a user host function is a call the host evaluation
    /// follows, another function with a body is inlined.
    fn run_function(
        &mut self,
        name: &str,
        addr: u64,
        object: Option<&Node>,
        args: &[&Node],
        span: Span,
        ty: &Type,
    ) -> Option<Expr> {
        let def = self.ix.function(addr).filter(|d| runs_on_host(d))?;
        let canon = self.ix.canonical(addr);
        let user = self.host.as_ref().is_some_and(|h| h.user_functions.contains(&canon));
        let args: Vec<&Node> = args.iter().map(|a| unwrap_ref(a)).collect();
        if !user {
            return Some(self.inline(def, name, object, &args, span, ty));
        }
        let refs = self.ix.reference_params(addr);
        let mut vals: Vec<Expr> = Vec::new();
        for (i, a) in args.iter().enumerate() {
            let v = if refs.get(i).copied().unwrap_or(false) {
                match self.lvalue(a) {
                    LValue::Mem(p) => self.addr_of(p),
                    other => self.load(other, span),
                }
            } else {
                // The function gets a copy of the argument (the library
                // takes it by forwarding reference, so clang shows an lvalue
                // where the function takes a value).
                self.host_function_value(strip_casts(a)).unwrap_or_else(|| self.rvalue(a))
            };
            vals.push(v);
        }
        if let Some(obj) = object.filter(|_| takes_this(def)) {
            let this = if strip_casts(obj).ty().trim_end().ends_with('*') {
                self.rvalue(obj)
            } else {
                match self.lvalue(obj) {
                    LValue::Mem(p) => self.addr_of(p),
                    other => {
                        let _ = self.load(other, span);
                        Expr::Unknown { reason: "the address of an object".into(), span, ty: Type::ULONG }
                    }
                }
            };
            vals.push(this);
        }
        Some(self.host_call(name, addr, vals, span, ty, true))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `std::ref(out);`, a lambda `[] {}`, and `g = h;` of two
    /// `std::function`s, as clang dumps them.
    const DUMP: &str = "TranslationUnitDecl 0x1 <<invalid sloc>> <invalid sloc>
`-FunctionDecl 0x2 <t.cu:1:1, line:9:1> line:1:5 main 'int ()'
  `-CompoundStmt 0x3 <col:12, line:9:1>
    |-CallExpr 0x10 <line:2:3, col:15> 'reference_wrapper<int>':'std::reference_wrapper<int>'
    | |-ImplicitCastExpr 0x11 <col:3, col:8> 'reference_wrapper<int> (*)(int &) noexcept' <FunctionToPointerDecay>
    | | `-DeclRefExpr 0x12 <col:3, col:8> 'reference_wrapper<int> (int &) noexcept' lvalue Function 0x13 'ref' 'reference_wrapper<int> (int &) noexcept'
    | `-DeclRefExpr 0x14 <col:12> 'int' lvalue Var 0x15 'out' 'int'
    |-LambdaExpr 0x20 <line:3:3, col:20> '(lambda at t.cu:3:3)'
    | `-CXXRecordDecl 0x21 <col:3> col:3 implicit class definition
    |   |-CXXMethodDecl 0x22 <col:6, col:20> col:3 used constexpr operator() 'void () const' inline
    |   | `-CompoundStmt 0x23 <col:8, col:20>
    |   `-CXXMethodDecl 0x24 <col:3> col:3 implicit constexpr operator= 'void ()' inline
    `-CXXOperatorCallExpr 0x30 <line:4:3, col:7> 'std::function<void ()>' lvalue '='
      |-ImplicitCastExpr 0x31 <col:5> 'function<void ()> &(*)(const function<void ()> &)' <FunctionToPointerDecay>
      | `-DeclRefExpr 0x32 <col:5> 'function<void ()> &(const function<void ()> &)' lvalue CXXMethod 0x33 'operator=' 'function<void ()> &(const function<void ()> &)'
      |-DeclRefExpr 0x34 <col:3> 'std::function<void ()>' lvalue Var 0x35 'g' 'std::function<void ()>'
      `-ImplicitCastExpr 0x36 <col:7> 'const std::function<void ()>' lvalue <NoOp>
        `-DeclRefExpr 0x37 <col:7> 'std::function<void ()>' lvalue Var 0x38 'h' 'std::function<void ()>'
";

    fn main_body() -> Node {
        let dump = crate::ast::parse(DUMP.as_bytes(), &|_: &str| true).expect("the dump parses");
        let main = dump.decls.into_iter().next().expect("main is kept");
        main.children.into_iter().find(|c| c.kind == "CompoundStmt").expect("main has a body")
    }

    #[test]
    fn std_ref_passes_its_object() {
        let body = main_body();
        let wrapped = &body.children[0];
        assert_eq!(unwrap_ref(wrapped).referenced(), Some(("Var", 0x15, "out")));
        // Anything else is passed as it is.
        let lambda = &body.children[1];
        assert!(std::ptr::eq(unwrap_ref(lambda), lambda));
    }

    #[test]
    fn a_lambda_is_its_call_operator() {
        let body = main_body();
        assert_eq!(lambda_operators(&body.children[1]), [0x22]);
    }

    #[test]
    fn assignments_through_operator_equals_are_found() {
        let body = main_body();
        let mut out = std::collections::HashSet::new();
        scan_reassigned(&body, &mut out);
        assert_eq!(out.into_iter().collect::<Vec<_>>(), [0x35]);
    }

    #[test]
    fn thread_types_are_recognised_by_their_spelling() {
        assert_eq!(thread_type("std::thread"), Some("std::thread"));
        assert_eq!(thread_type("const std::thread &"), Some("std::thread"));
        assert_eq!(thread_type("std::jthread"), Some("std::jthread"));
        assert_eq!(thread_type("thread"), Some("thread"));
        assert_eq!(thread_type("std::thread *"), None);
        assert_eq!(thread_type("std::vector<std::thread>"), None);
    }

    #[test]
    fn callable_variables_are_recognised_by_their_type() {
        assert!(holds_callable("(lambda at main.cu:12:3)"));
        assert!(holds_callable("const (lambda at main.cu:12:3)"));
        assert!(holds_callable("std::function<void (int)>"));
        assert!(holds_callable("void (*)(int *, int)"));
        assert!(!holds_callable("int (*)[4]"));
        assert!(!holds_callable("int"));
        assert!(!holds_callable("std::thread"));
    }
}
