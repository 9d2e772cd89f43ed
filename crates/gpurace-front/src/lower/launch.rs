//! Host-side calls: kernel launches (chevrons and the launch API) with
//! their geometry and arguments, `new`, allocations, and calls to other
//! host functions. Child module of `func`, sharing `FnLower`'s state.

use gpurace_ir::{Base, BinOp, Expr, HostFact, Launch, LaunchForm, Span, Stmt, Type, VarKind};

use super::places::ptr_parts;
use super::{add_offset, decl_ref, strip_casts, FnLower, LValue, Place};
use crate::ast::Node;

/// Host functions without effects whose result depends only on their
/// arguments (and, for the conversions, on the memory they read).
const PURE_HOST: &[&str] = &[
    "atoi",
    "atol",
    "atoll",
    "atof",
    "strtol",
    "strtoul",
    "strtoll",
    "strtoull",
    "strtof",
    "strtod",
    "abs",
    "labs",
    "llabs",
    "sqrt",
    "sqrtf",
    "pow",
    "powf",
    "ceil",
    "ceilf",
    "floor",
    "floorf",
    "trunc",
    "truncf",
    "round",
    "roundf",
    "rint",
    "rintf",
    "nearbyint",
    "nearbyintf",
    "log",
    "logf",
    "log2",
    "log2f",
    "log10",
    "log10f",
    "exp",
    "expf",
    "exp2",
    "exp2f",
    "cbrt",
    "cbrtf",
    "fabs",
    "fabsf",
    "fmin",
    "fminf",
    "fmax",
    "fmaxf",
    "fmod",
    "fmodf",
    "min",
    "max",
    "strlen",
    "strcmp",
    "sizeof",
];

/// A launch's configuration, and the pointer it launches through when the
/// kernel is not known (see [`FnLower::kernel_pointer`]).
pub(super) struct Config {
    pub grid: [Expr; 3],
    pub block: [Expr; 3],
    pub shmem: Option<Expr>,
    pub stream: Option<Expr>,
    pub pointer: Option<Expr>,
}

impl FnLower<'_, '_> {
    pub(super) fn launch(&mut self, n: &Node, span: Span) -> Expr {
        let kernels = self.launched(n.children.first().and_then(decl_ref));
        let pointer = n.children.first().and_then(|c| self.kernel_pointer(c, &kernels));
        let mut grid = [Expr::int(1, Type::UINT), Expr::int(1, Type::UINT), Expr::int(1, Type::UINT)];
        let mut block = grid.clone();
        let (mut shmem, mut stream) = (None, None);
        if let Some(cfg) = n.children.get(1) {
            let cfg_args: Vec<&Node> = cfg.children.iter().skip(1).collect();
            if let Some(g) = cfg_args.first() {
                grid = self.dim3(g);
            }
            if let Some(b) = cfg_args.get(1) {
                block = self.dim3(b);
            }
            if let Some(s) = cfg_args.get(2).filter(|s| s.kind != "CXXDefaultArgExpr") {
                shmem = Some(self.rvalue(s));
            }
            if let Some(s) = cfg_args.get(3).filter(|s| s.kind != "CXXDefaultArgExpr") {
                stream = Some(self.rvalue(s));
            }
        }
        let args: Vec<Expr> = n.children.iter().skip(2).map(|a| self.rvalue(a)).collect();
        for kernel in kernels {
            let (grid, block, args) = (grid.clone(), block.clone(), args.clone());
            let site = Config { grid, block, shmem: shmem.clone(), stream: stream.clone(), pointer: pointer.clone() };
            self.record_launch(LaunchForm::Chevrons, kernel, site, args, span);
        }
        Expr::int(0, Type::Void)
    }

    /// The value of the pointer a launch goes through when the lowering
    /// cannot tell which kernels it holds (a parameter, a variable given
    /// something else than a kernel): the host evaluation resolves it.
    fn kernel_pointer(&mut self, callee: &Node, kernels: &[Option<(u64, String)>]) -> Option<Expr> {
        let (kind, _, _) = decl_ref(callee).or_else(|| kernel_ref(callee))?;
        let h = self.host.as_ref()?;
        let known = |k: &Option<(u64, String)>| {
            k.as_ref().is_some_and(|(a, _)| h.kernel_of.contains_key(&self.ix.canonical(*a)))
        };
        if !matches!(kind, "ParmVar" | "Var") || kernels.iter().any(known) {
            return None;
        }
        Some(self.rvalue(callee))
    }

    /// The kernels a launch's callee names: the function itself, or every
    /// kernel a variable holding it may hold (one launch each); `None`
    /// when that is not known.
    fn launched(&self, callee: Option<(&str, u64, &str)>) -> Vec<Option<(u64, String)>> {
        match callee {
            Some(("Var", a, _)) if self.kernel_ptrs.get(&a).is_some_and(|t| !t.is_empty()) => {
                self.kernel_ptrs[&a].iter().map(|t| Some(t.clone())).collect()
            }
            Some((_, a, name)) => vec![Some((a, name.to_string()))],
            None => vec![None],
        }
    }

    pub(super) fn launch_api(&mut self, name: &str, args: &[&Node], span: Span) -> Expr {
        let form =
            if name == "cudaLaunchCooperativeKernel" { LaunchForm::Cooperative } else { LaunchForm::LaunchKernel };
        let kernels = self.launched(args.first().and_then(|a| kernel_ref(a)));
        let pointer = args.first().and_then(|a| self.kernel_pointer(a, &kernels));
        let one = [Expr::int(1, Type::UINT), Expr::int(1, Type::UINT), Expr::int(1, Type::UINT)];
        let grid = args.get(1).map(|g| self.dim3(g)).unwrap_or(one.clone());
        let block = args.get(2).map(|b| self.dim3(b)).unwrap_or(one);
        let kargs = match args.get(3) {
            Some(a) => {
                let v = self.rvalue(a);
                // `void *args[] = {&n, &p};`: the arguments are what the
                // array's entries point to, read at the launch.
                let known = match &v {
                    Expr::Addr { base, .. } => match **base {
                        Base::Host(array) => self.arg_arrays.get(&array).cloned(),
                        _ => None,
                    },
                    _ => None,
                };
                match known {
                    Some(lvalues) => lvalues.into_iter().map(|lv| self.load(lv, span)).collect(),
                    None => {
                        let ty = Type::Ptr(Box::new(Type::Void));
                        vec![Expr::Call { func: "kernel-arguments".into(), args: vec![v], ty }]
                    }
                }
            }
            None => Vec::new(),
        };
        let shmem = args.get(4).filter(|s| s.kind != "CXXDefaultArgExpr").map(|s| self.rvalue(s));
        let stream = args.get(5).filter(|s| s.kind != "CXXDefaultArgExpr").map(|s| self.rvalue(s));
        for kernel in kernels {
            let (grid, block, kargs) = (grid.clone(), block.clone(), kargs.clone());
            let site = Config { grid, block, shmem: shmem.clone(), stream: stream.clone(), pointer: pointer.clone() };
            self.record_launch(form, kernel, site, kargs, span);
        }
        Expr::int(0, Type::INT)
    }

    /// `cudaLaunchKernelEx(&config, kernel, args...)` (the C++ form): the
    /// geometry, dynamic shared memory and stream are the first fields of
    /// the `cudaLaunchConfig_t` the first argument points to, read at the
    /// launch; the arguments follow the kernel.
    pub(super) fn launch_ex(&mut self, args: &[&Node], span: Span) -> Expr {
        let callee = args[1];
        let kernels = self.launched(decl_ref(callee).or_else(|| kernel_ref(callee)));
        let pointer = self.kernel_pointer(callee, &kernels);
        let config = self.rvalue(args[0]);
        let (base, offset) = ptr_parts(&config);
        let space = self.space_of(&base);
        // `dim3 gridDim, blockDim; size_t dynamicSmemBytes; cudaStream_t stream;`
        let mut field = |at: u64, ty: Type, name: &str| {
            let place = Place {
                base: base.clone(),
                space,
                offset: add_offset(&offset, at),
                ty,
                name: format!("config.{name}"),
                volatile: false,
            };
            self.load(LValue::Mem(place), span)
        };
        let grid =
            [field(0, Type::UINT, "gridDim.x"), field(4, Type::UINT, "gridDim.y"), field(8, Type::UINT, "gridDim.z")];
        let block = [
            field(12, Type::UINT, "blockDim.x"),
            field(16, Type::UINT, "blockDim.y"),
            field(20, Type::UINT, "blockDim.z"),
        ];
        let shmem = Some(field(24, Type::ULONG, "dynamicSmemBytes"));
        let stream = Some(field(32, Type::Ptr(Box::new(Type::Void)), "stream"));
        let kargs: Vec<Expr> = args[2..].iter().map(|a| self.rvalue(a)).collect();
        for kernel in kernels {
            let site = Config {
                grid: grid.clone(),
                block: block.clone(),
                shmem: shmem.clone(),
                stream: stream.clone(),
                pointer: pointer.clone(),
            };
            self.record_launch(LaunchForm::LaunchKernel, kernel, site, kargs.clone(), span);
        }
        Expr::int(0, Type::INT)
    }

    pub(super) fn record_launch(
        &mut self,
        form: LaunchForm,
        kernel: Option<(u64, String)>,
        config: Config,
        args: Vec<Expr>,
        span: Span,
    ) {
        let Config { grid, block, shmem, stream, pointer } = config;
        let Some(h) = self.host.as_mut() else { return };
        let (k, kernel_name) = match &kernel {
            Some((a, name)) => (h.kernel_of.get(&self.ix.canonical(*a)).copied(), name.clone()),
            None => (None, "<unknown>".to_string()),
        };
        let launch = Launch {
            form,
            kernel: k,
            kernel_name,
            host_function: h.function.clone(),
            span,
            grid,
            block,
            shmem,
            stream,
            args,
            facts: h.facts.clone(),
            callee: if k.is_none() { pointer } else { None },
        };
        let index = h.launches.len();
        h.launches.push(launch);
        self.emit(Stmt::Launch { launch: index, span });
    }

    /// A `dim3` launch argument as three values.
    pub(super) fn dim3(&mut self, n: &Node) -> [Expr; 3] {
        let s = strip_casts(n);
        let one = || Expr::int(1, Type::UINT);
        if matches!(s.kind.as_str(), "CXXConstructExpr" | "CXXTemporaryObjectExpr") {
            let args: Vec<&Node> = s.children.iter().collect();
            if args.len() == 1 && !args[0].ty().contains("int") && !args[0].ty().contains("long") {
                return self.dim3(args[0]);
            }
            let mut out = [one(), one(), one()];
            for (i, a) in args.iter().take(3).enumerate() {
                // `dim3`'s constructor defaults its sizes to 1 (older clangs
                // print the default argument without its value).
                if a.kind != "CXXDefaultArgExpr" || !a.children.is_empty() {
                    out[i] = self.rvalue(a);
                }
            }
            return out;
        }
        if s.ty().contains("dim3") || s.ty().contains("uint3") {
            let lv = self.lvalue(s);
            if let LValue::Mem(p) = lv {
                let span = self.span(n);
                let mut out = [one(), one(), one()];
                for (i, o) in out.iter_mut().enumerate() {
                    let f = Place {
                        offset: add_offset(&p.offset, 4 * i as u64),
                        ty: Type::UINT,
                        name: format!("{}.{}", p.name, ["x", "y", "z"][i]),
                        ..p.clone()
                    };
                    *o = self.load(LValue::Mem(f), span);
                }
                return out;
            }
            let v = self.load(lv, self.span(n));
            return [0, 1, 2].map(|i| Expr::Field {
                value: Box::new(v.clone()),
                field: ["x", "y", "z"][i].into(),
                ty: Type::UINT,
            });
        }
        [self.rvalue(n), one(), one()]
    }

    pub(super) fn host_new(&mut self, n: &Node, span: Span) -> Expr {
        let ty = self.types.parse(n.ty());
        // `new std::thread(f, args...)`: the thread runs `f` here (`invoke.rs`).
        for c in n.children.iter().filter(|c| c.kind.contains("Construct")) {
            self.thread_construct(c);
        }
        let size = n
            .children
            .iter()
            .find(|c| !c.kind.contains("Construct") && !c.kind.contains("InitList"))
            .map(|c| self.rvalue(c));
        if let (Some(size), Some(h)) = (size.clone(), self.host.as_mut()) {
            if n.text.contains("array") {
                h.facts.push(HostFact::Alloc(gpurace_ir::Alloc {
                    kind: gpurace_ir::AllocKind::New,
                    target: None,
                    size,
                    span,
                }));
            }
        }
        Expr::Call { func: "new".into(), args: size.into_iter().collect(), ty }
    }

    pub(super) fn host_call(
        &mut self,
        name: &str,
        addr: u64,
        vals: Vec<Expr>,
        span: Span,
        ty: &Type,
        user: bool,
    ) -> Expr {
        use gpurace_ir::{Alloc, AllocKind};
        let alloc = match name {
            "cudaMalloc" | "cudaMallocAsync" | "cudaMallocFromPoolAsync" => Some((AllocKind::CudaMalloc, 1)),
            "cudaMallocManaged" => Some((AllocKind::CudaMallocManaged, 1)),
            "cudaMallocHost" | "cudaHostAlloc" => Some((AllocKind::CudaMallocHost, 1)),
            "cudaMallocPitch" => Some((AllocKind::CudaMallocPitch, 2)),
            "malloc" => Some((AllocKind::Malloc, 0)),
            "calloc" => Some((AllocKind::Calloc, 0)),
            _ => None,
        };
        if let Some((kind, size_arg)) = alloc {
            let target = match vals.first() {
                Some(Expr::Addr { base, .. }) => match **base {
                    Base::Host(v) => Some(v),
                    _ => None,
                },
                _ => None,
            };
            let size = match (kind, vals.get(size_arg), vals.get(size_arg + 1)) {
                (AllocKind::Calloc, Some(a), Some(b)) => Expr::binary(BinOp::Mul, a.clone(), b.clone(), Type::ULONG),
                (AllocKind::CudaMallocPitch, Some(w), Some(h)) => {
                    Expr::binary(BinOp::Mul, w.clone(), h.clone(), Type::ULONG)
                }
                (_, Some(s), _) => s.clone(),
                _ => Expr::Unknown { reason: "allocation size".into(), span, ty: Type::ULONG },
            };
            let target = if kind == AllocKind::Malloc || kind == AllocKind::Calloc { None } else { target };
            if let Some(h) = self.host.as_mut() {
                h.facts.push(HostFact::Alloc(Alloc { kind, target, size, span }));
            }
        }
        if user {
            let canon = self.ix.canonical(addr);
            let unique = self.host.as_ref().and_then(|h| h.user_names.get(&canon).cloned());
            let name = unique.as_deref().unwrap_or(name);
            if let Some(h) = self.host.as_mut() {
                h.facts.push(HostFact::Call { callee: name.to_string(), args: vals.clone(), span });
            }
            let dst =
                (*ty != Type::Void).then(|| self.new_var(&format!("{name}.ret"), ty.clone(), VarKind::Temp, span));
            if let Some(d) = dst {
                self.emit(Stmt::Decl { var: d, init: None });
            }
            self.emit(Stmt::Call { callee: name.to_string(), args: vals, dst, span });
            return dst.map(Expr::Var).unwrap_or(Expr::int(0, Type::Void));
        }
        if self.ix.function(addr).is_none() && self.ix.user_declared(addr) {
            if let Some(h) = self.host.as_mut() {
                h.externals.insert(name.to_string());
            }
        }
        if PURE_HOST.contains(&name) {
            return Expr::Call { func: name.to_string(), args: vals, ty: ty.clone() };
        }
        // Anything else may have effects or return a different value on each
        // call (`rand`, `cudaMalloc`, `scanf`): it stays a call statement
        // with a fresh result, in program order.
        let dst = (*ty != Type::Void).then(|| self.new_var(&format!("{name}.ret"), ty.clone(), VarKind::Temp, span));
        if let Some(d) = dst {
            self.emit(Stmt::Decl { var: d, init: None });
        }
        self.emit(Stmt::Call { callee: name.to_string(), args: vals, dst, span });
        dst.map(Expr::Var).unwrap_or(Expr::int(0, Type::Void))
    }
}

/// The function, variable or parameter a launch API's kernel argument names
/// (`(void *)kernel`, `reinterpret_cast<const void *>(&k<int>)`).
fn kernel_ref(n: &Node) -> Option<(&str, u64, &str)> {
    if n.kind == "DeclRefExpr" {
        if let Some(r @ ("Function" | "Var" | "ParmVar", _, _)) = n.referenced() {
            return Some(r);
        }
    }
    n.children.iter().find_map(kernel_ref)
}
