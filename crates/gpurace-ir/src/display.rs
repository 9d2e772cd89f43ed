//! A readable dump of the IR, used by `gpurace ir` and the snapshot tests.
//!
//! The format is for people: one statement a line, blocks indented, memory
//! accesses as `read global a[+ (tid * 4)] : int` with their byte offset.

use std::collections::HashMap;
use std::fmt::{self, Write};

use crate::{
    Access, AccessKind, Barrier, Base, Builtin, Dim, Expr, HostFact, Kernel, Launch, Program, Stmt, Type, UnOp, Var,
};

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Void => f.write_str("void"),
            Type::Bool => f.write_str("bool"),
            Type::Int { bits, signed: true } => write!(f, "i{bits}"),
            Type::Int { bits, signed: false } => write!(f, "u{bits}"),
            Type::Float { bits } => write!(f, "f{bits}"),
            Type::Ptr(t) => write!(f, "{t}*"),
            Type::Array { .. } => {
                // C order: `float[16][17]` is 16 rows of 17.
                let mut dims = String::new();
                let mut t = self;
                while let Type::Array { elem, len } = t {
                    match len {
                        Some(n) => write!(dims, "[{n}]")?,
                        None => dims.push_str("[]"),
                    }
                    t = elem;
                }
                write!(f, "{t}{dims}")
            }
            Type::Record { name, .. } => write!(f, "struct {name}"),
            Type::Opaque { name, .. } => write!(f, "opaque `{name}`"),
        }
    }
}

/// Names for printing: a variable's source name, made unique with `.N`.
struct Names<'a> {
    vars: Vec<String>,
    params: Vec<&'a str>,
    shared: Vec<&'a str>,
    globals: Vec<&'a str>,
}

impl<'a> Names<'a> {
    fn new(vars: &'a [Var], params: Vec<&'a str>, shared: Vec<&'a str>, program: &'a Program) -> Names<'a> {
        let mut seen: HashMap<&str, u32> = HashMap::new();
        let vars = vars
            .iter()
            .map(|v| {
                let n = seen.entry(v.name.as_str()).or_insert(0);
                *n += 1;
                if *n == 1 {
                    v.name.clone()
                } else {
                    format!("{}.{}", v.name, *n - 1)
                }
            })
            .collect();
        let globals = program.globals.iter().map(|g| g.name.as_str()).collect();
        Names { vars, params, shared, globals }
    }

    fn var(&self, id: crate::VarId) -> &str {
        self.vars.get(id.0 as usize).map(String::as_str).unwrap_or("<bad-var>")
    }
}

struct Printer<'a> {
    names: Names<'a>,
    var_types: Vec<String>,
    out: String,
}

fn step_name(s: crate::StepOp) -> &'static str {
    match s {
        crate::StepOp::Add => "+",
        crate::StepOp::Sub => "-",
        crate::StepOp::Mul => "*",
        crate::StepOp::Div => "/",
        crate::StepOp::Shl => "<<",
        crate::StepOp::Shr => ">>",
    }
}

fn dim(d: Dim) -> &'static str {
    match d {
        Dim::X => "x",
        Dim::Y => "y",
        Dim::Z => "z",
    }
}

impl<'a> Printer<'a> {
    fn expr(&self, e: &Expr) -> String {
        match e {
            Expr::Int { value, .. } => value.to_string(),
            Expr::Float { value, .. } => format!("{value:?}"),
            Expr::Var(v) => self.names.var(*v).to_string(),
            Expr::Param(i) => self.names.params.get(*i as usize).map(|s| s.to_string()).unwrap_or(format!("param{i}")),
            Expr::Builtin(b) => match b {
                Builtin::ThreadIdx(d) => format!("threadIdx.{}", dim(*d)),
                Builtin::BlockIdx(d) => format!("blockIdx.{}", dim(*d)),
                Builtin::BlockDim(d) => format!("blockDim.{}", dim(*d)),
                Builtin::GridDim(d) => format!("gridDim.{}", dim(*d)),
                Builtin::WarpSize => "warpSize".to_string(),
            },
            Expr::Unary { op, arg, .. } => {
                let o = match op {
                    UnOp::Neg => "-",
                    UnOp::Not => "!",
                    UnOp::BitNot => "~",
                };
                format!("{o}{}", self.expr(arg))
            }
            Expr::Binary { op, lhs, rhs, .. } => match op {
                crate::BinOp::Min | crate::BinOp::Max => {
                    format!("{}({}, {})", op.symbol(), self.expr(lhs), self.expr(rhs))
                }
                _ => format!("({} {} {})", self.expr(lhs), op.symbol(), self.expr(rhs)),
            },
            Expr::Field { value, field, .. } => format!("{}.{field}", self.expr(value)),
            Expr::Cast { ty, arg } => format!("({ty}){}", self.expr(arg)),
            Expr::Select { cond, then, els, .. } => {
                format!("({} ? {} : {})", self.expr(cond), self.expr(then), self.expr(els))
            }
            Expr::Addr { base, offset, .. } => format!("&{}[+{}]", self.base(base), self.expr(offset)),
            Expr::SharedAddr(s) => format!("&{}", self.names.shared.get(s.0 as usize).unwrap_or(&"<shared>")),
            Expr::Call { func, args, .. } => {
                let args: Vec<String> = args.iter().map(|a| self.expr(a)).collect();
                format!("{func}({})", args.join(", "))
            }
            Expr::Unknown { reason, span, .. } => format!("unknown@{}:{}({reason})", span.line, span.col),
        }
    }

    fn base(&self, b: &Base) -> String {
        match b {
            Base::Param { index, fields } => {
                let mut s =
                    self.names.params.get(*index as usize).map(|s| s.to_string()).unwrap_or(format!("param{index}"));
                for f in fields {
                    s.push('.');
                    s.push_str(f);
                }
                s
            }
            Base::Shared(s) => format!("shared {}", self.names.shared.get(s.0 as usize).unwrap_or(&"<shared>")),
            Base::Global(g) => format!("global {}", self.names.globals.get(g.0 as usize).unwrap_or(&"<global>")),
            Base::Local(v) => format!("local {}", self.names.var(*v)),
            Base::Host(v) => format!("host {}", self.names.var(*v)),
            Base::Dynamic(e) => format!("*({})", self.expr(e)),
        }
    }

    /// The base of an access, whose space is printed before it.
    fn access_base(&self, b: &Base) -> String {
        let full = self.base(b);
        match b {
            Base::Shared(_) | Base::Global(_) | Base::Local(_) | Base::Host(_) => {
                full.split_once(' ').map(|(_, n)| n.to_string()).unwrap_or(full)
            }
            _ => full,
        }
    }

    fn access(&self, a: &Access) -> String {
        let kind = match a.kind {
            AccessKind::Read => "read".to_string(),
            AccessKind::Write => "write".to_string(),
            AccessKind::Atomic { op, scope } => format!("atomic {op:?}.{scope:?}").to_lowercase(),
        };
        let vol = if a.volatile { " volatile" } else { "" };
        format!(
            "{kind}{vol} {:?} {}[+{}] : {} ({}B) @{}:{}",
            a.space,
            self.access_base(&a.base),
            self.expr(&a.offset),
            a.ty,
            a.size,
            a.span.line,
            a.span.col
        )
        .replace("Global ", "global ")
        .replace("Shared ", "shared ")
        .replace("Local ", "local ")
        .replace("Constant ", "constant ")
        .replace("Host ", "host ")
        .replace("Generic ", "generic ")
    }

    /// `i from 0 while i < n step + 1`
    fn pattern(&self, p: &crate::LoopPattern) -> String {
        let v = self.names.var(p.var);
        let (init, bound, step) = (self.expr(&p.init), self.expr(&p.bound), self.expr(&p.step));
        format!("{v} from {init} while {v} {} {bound} step {} {step}", p.cmp.symbol(), step_name(p.step_op))
    }

    fn line(&mut self, depth: usize, text: &str) {
        for _ in 0..depth {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn block(&mut self, depth: usize, block: &[Stmt]) {
        for s in block {
            self.stmt(depth, s);
        }
    }

    fn stmt(&mut self, d: usize, s: &Stmt) {
        match s {
            Stmt::Decl { var, init } => {
                let ty = self.var_ty(*var);
                let text = match init {
                    Some(e) => format!("let {}: {ty} = {}", self.names.var(*var), self.expr(e)),
                    None => format!("let {}: {ty}", self.names.var(*var)),
                };
                self.line(d, &text);
            }
            Stmt::Assign { var, value } => {
                let text = format!("{} = {}", self.names.var(*var), self.expr(value));
                self.line(d, &text);
            }
            Stmt::Read { dst, access } => {
                let text = format!("{} = {}", self.names.var(*dst), self.access(access));
                self.line(d, &text);
            }
            Stmt::Write { access, value } => {
                let text = format!("{} <- {}", self.access(access), self.expr(value));
                self.line(d, &text);
            }
            Stmt::Atomic { dst, access, args } => {
                let args: Vec<String> = args.iter().map(|a| self.expr(a)).collect();
                let lhs = dst.map(|v| format!("{} = ", self.names.var(v))).unwrap_or_default();
                let text = format!("{lhs}{} ({})", self.access(access), args.join(", "));
                self.line(d, &text);
            }
            Stmt::If { cond, then, els, span } => {
                let text = format!("if {} @{}:", self.expr(cond), span.line);
                self.line(d, &text);
                self.block(d + 1, then);
                if !els.is_empty() {
                    self.line(d, "else:");
                    self.block(d + 1, els);
                }
            }
            Stmt::Loop(l) => {
                let kind = match l.kind {
                    crate::LoopKind::For => "for",
                    crate::LoopKind::While => "while",
                    crate::LoopKind::DoWhile => "do-while",
                };
                let head = match &l.pattern {
                    Some(p) => format!("{kind} {} @{}:", self.pattern(p), l.span.line),
                    None => format!("{kind} @{}:", l.span.line),
                };
                self.line(d, &head);
                if !l.init.is_empty() {
                    self.line(d + 1, "init:");
                    self.block(d + 2, &l.init);
                }
                if !l.cond_pre.is_empty() || l.cond.is_some() {
                    let c = l.cond.as_ref().map(|c| self.expr(c)).unwrap_or_else(|| "true".into());
                    self.line(d + 1, &format!("cond: {c}"));
                    self.block(d + 2, &l.cond_pre);
                }
                self.line(d + 1, "body:");
                self.block(d + 2, &l.body);
                if !l.step.is_empty() {
                    self.line(d + 1, "step:");
                    self.block(d + 2, &l.step);
                }
            }
            Stmt::Switch { value, cases, span } => {
                let text = format!("switch {} @{}:", self.expr(value), span.line);
                self.line(d, &text);
                for c in cases {
                    let label = if c.is_default {
                        "default:".to_string()
                    } else {
                        let v: Vec<String> = c.values.iter().map(|v| v.to_string()).collect();
                        format!("case {}:", v.join(", "))
                    };
                    self.line(d + 1, &label);
                    self.block(d + 2, &c.body);
                }
            }
            Stmt::Break => self.line(d, "break"),
            Stmt::Continue => self.line(d, "continue"),
            Stmt::Return(None) => self.line(d, "return"),
            Stmt::Return(Some(e)) => {
                let text = format!("return {}", self.expr(e));
                self.line(d, &text);
            }
            Stmt::Scope(b) => {
                self.line(d, "{");
                self.block(d + 1, b);
                self.line(d, "}");
            }
            Stmt::Inlined { callee, result, body, span } => {
                let res = result.map(|v| format!(" -> {}", self.names.var(v))).unwrap_or_default();
                self.line(d, &format!("inline {callee}{res} @{}:{} {{", span.line, span.col));
                self.block(d + 1, body);
                self.line(d, "}");
            }
            Stmt::Barrier { barrier, span } => {
                let text = match barrier {
                    Barrier::Block { variant } => format!("barrier block {variant} @{}:{}", span.line, span.col),
                    Barrier::Warp { mask } => {
                        format!("barrier warp mask={} @{}:{}", self.expr(mask), span.line, span.col)
                    }
                    Barrier::Tile { size } => {
                        format!("barrier tile size={} @{}:{}", self.expr(size), span.line, span.col)
                    }
                    Barrier::Grid => format!("barrier grid @{}:{}", span.line, span.col),
                };
                self.line(d, &text);
            }
            Stmt::Fence { scope, span } => {
                let text = format!("fence {scope:?} @{}:{}", span.line, span.col).to_lowercase();
                self.line(d, &text);
            }
            Stmt::WarpOp { dst, op, mask, args, span } => {
                let args: Vec<String> = args.iter().map(|a| self.expr(a)).collect();
                let lhs = dst.map(|v| format!("{} = ", self.names.var(v))).unwrap_or_default();
                let text = format!(
                    "{lhs}warp {op}(mask={}; {}) @{}:{}",
                    self.expr(mask),
                    args.join(", "),
                    span.line,
                    span.col
                );
                self.line(d, &text);
            }
            Stmt::Assume { cond, .. } => {
                let text = format!("assume {}", self.expr(cond));
                self.line(d, &text);
            }
            Stmt::Assert { cond, .. } => {
                let text = format!("assert {}", self.expr(cond));
                self.line(d, &text);
            }
            Stmt::Call { callee, args, dst, span } => {
                let args: Vec<String> = args.iter().map(|a| self.expr(a)).collect();
                let lhs = dst.map(|v| format!("{} = ", self.names.var(v))).unwrap_or_default();
                let text = format!("{lhs}call {callee}({}) @{}:{}", args.join(", "), span.line, span.col);
                self.line(d, &text);
            }
            Stmt::Launch { launch, span } => {
                let text = format!("launch #{launch} @{}:{}", span.line, span.col);
                self.line(d, &text);
            }
            Stmt::Exit { span } => self.line(d, &format!("exit @{}:{}", span.line, span.col)),
            Stmt::Print { format, args, span } => {
                let args: Vec<String> = args.iter().map(|a| self.expr(a)).collect();
                let text = format!("printf {format:?} ({}) @{}:{}", args.join(", "), span.line, span.col);
                self.line(d, &text);
            }
            Stmt::Unknown { reason, span } => {
                self.line(d, &format!("unknown @{}:{}: {reason}", span.line, span.col));
            }
        }
    }

    fn var_ty(&self, v: crate::VarId) -> String {
        self.var_types.get(v.0 as usize).cloned().unwrap_or_default()
    }

    fn new(program: &'a Program, vars: &'a [Var], params: Vec<&'a str>, shared: Vec<&'a str>) -> Printer<'a> {
        Printer {
            names: Names::new(vars, params, shared, program),
            var_types: vars.iter().map(|v| v.ty.to_string()).collect(),
            out: String::new(),
        }
    }

    fn launch(&mut self, program: &Program, index: usize, l: &Launch) {
        let dims = |p: &Printer<'_>, d: &[Expr; 3]| -> String {
            let v: Vec<String> = d.iter().map(|e| p.expr(e)).collect();
            format!("({})", v.join(", "))
        };
        let kernel = match l.kernel.and_then(|k| program.kernels.get(k)) {
            Some(k) => k.display_name(),
            None => format!("{} (unresolved)", l.kernel_name),
        };
        let head =
            format!("launch #{index} {kernel} in {} @{}:{} ({:?})", l.host_function, l.span.line, l.span.col, l.form);
        self.line(0, &head);
        let grid = dims(self, &l.grid);
        let block = dims(self, &l.block);
        self.line(1, &format!("grid {grid} block {block}"));
        if let Some(s) = &l.shmem {
            let t = format!("shmem {}", self.expr(s));
            self.line(1, &t);
        }
        if let Some(s) = &l.stream {
            let t = format!("stream {}", self.expr(s));
            self.line(1, &t);
        }
        let args: Vec<String> = l.args.iter().map(|a| self.expr(a)).collect();
        self.line(1, &format!("args ({})", args.join(", ")));
        for fact in &l.facts {
            let t = match fact {
                HostFact::Guard { cond, holds, span } => format!("guard {} is {holds} @{}", self.expr(cond), span.line),
                HostFact::Assert { cond, span } => format!("assert {} @{}", self.expr(cond), span.line),
                HostFact::Loop { pattern: Some(p), span } => format!("loop {} @{}", self.pattern(p), span.line),
                HostFact::Loop { pattern: None, span } => format!("loop (unrecognised) @{}", span.line),
                HostFact::Alloc(a) => {
                    let target = a.target.map(|v| self.names.var(v).to_string()).unwrap_or_else(|| "?".into());
                    format!("alloc {:?} {target} size {} @{}", a.kind, self.expr(&a.size), a.span.line)
                }
                HostFact::Call { callee, args, span } => {
                    let args: Vec<String> = args.iter().map(|a| self.expr(a)).collect();
                    format!("call {callee}({}) @{}", args.join(", "), span.line)
                }
            };
            self.line(1, &t);
        }
    }
}

/// Renders one kernel.
pub fn kernel_to_string(program: &Program, k: &Kernel) -> String {
    let params: Vec<&str> = k.params.iter().map(|p| p.name.as_str()).collect();
    let shared: Vec<&str> = k.shared.iter().map(|s| s.name.as_str()).collect();
    let mut p = Printer::new(program, &k.vars, params, shared);
    let ps: Vec<String> = k.params.iter().map(|x| format!("{}: {}", x.name, x.ty)).collect();
    let approx = if k.approximate { " (approximate)" } else { "" };
    p.line(
        0,
        &format!(
            "kernel {}({}) @{}:{}{approx}",
            k.display_name(),
            ps.join(", "),
            program.file_name(k.span),
            k.span.line
        ),
    );
    for s in &k.shared {
        let ext = if s.is_extern { "extern " } else { "" };
        p.line(1, &format!("{ext}shared {}: {}", s.name, s.ty));
    }
    p.block(1, &k.body);
    p.out
}

impl fmt::Display for Program {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        for g in &self.globals {
            let ext = if g.is_extern { "extern " } else { "" };
            let init = g.init.map(|v| format!(" = {v}")).unwrap_or_default();
            let _ = writeln!(out, "{ext}global {:?} {}: {}{init}", g.space, g.name, g.ty);
        }
        for k in &self.kernels {
            out.push_str(&kernel_to_string(self, k));
            out.push('\n');
        }
        for h in &self.host_functions {
            let params: Vec<&str> = h.params.iter().map(|p| p.name.as_str()).collect();
            let mut p = Printer::new(self, &h.vars, params, Vec::new());
            let ps: Vec<String> = h.params.iter().map(|x| format!("{}: {}", x.name, x.ty)).collect();
            p.line(0, &format!("host {}({}) @{}:{}", h.name, ps.join(", "), self.file_name(h.span), h.span.line));
            p.block(1, &h.body);
            for (i, l) in self.launches.iter().enumerate().filter(|(_, l)| l.host_function == h.name) {
                p.launch(self, i, l);
            }
            out.push_str(&p.out);
            out.push('\n');
        }
        f.write_str(out.trim_end())?;
        f.write_str("\n")
    }
}
