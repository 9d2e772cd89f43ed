//! Traces as text, for `gpurace trace`: what the engine sees of a kernel.
//!
//! [`trace`] prints a [`Trace`] one event per line, then its side tables;
//! [`term`] prints one term as C-like infix text with every binary operator
//! parenthesised: `(tid.x + (bid.x * bdim.x))`. The output depends only on
//! the trace (no addresses, no hash order), so it can be snapshotted.
//!
//! Terms are DAGs whose text can grow exponentially with their size, so one
//! rendering stops after [`MAX_TERM`] bytes and ends with `…`.

use std::fmt::Write;

use gpurace_core::arith;
use gpurace_core::term::{BvOp, CmpOp, Leaf, Leaves, Node, T};
use gpurace_ir::{AccessKind, Kernel, Program, Scope, Space, Span};

use crate::trace::{
    AccessEv, AtomicUse, BarrierEv, BarrierKind, Counts, Group, Obj, Product, SyncEv, SyncKind, SyncOrder, Trace,
};

/// The longest term text kept, in bytes; longer ones are cut and end with `…`.
pub const MAX_TERM: usize = 400;

/// How leaves and objects are named: parameters by their names, fields of
/// struct parameters by their paths, shared and global variables by theirs.
#[derive(Debug, Clone, Default)]
pub struct Names {
    pub params: Vec<String>,
    /// By [`Leaf::ParamField`] index: `s.n`.
    pub fields: Vec<String>,
    pub shared: Vec<String>,
    pub globals: Vec<String>,
}

impl Names {
    pub fn new(program: &Program, kernel: &Kernel, leaves: &Leaves) -> Names {
        let params: Vec<String> = kernel.params.iter().map(|p| p.name.clone()).collect();
        let mut fields = vec![String::new(); leaves.fields.len()];
        for (param, path, id) in &leaves.fields {
            let owner = params.get(*param as usize).cloned().unwrap_or_else(|| format!("p{param}"));
            if let Some(slot) = fields.get_mut(*id as usize) {
                *slot = format!("{owner}{path}");
            }
        }
        Names {
            params,
            fields,
            shared: kernel.shared.iter().map(|s| s.name.clone()).collect(),
            globals: program.globals.iter().map(|g| g.name.clone()).collect(),
        }
    }

    fn param(&self, i: u32) -> String {
        self.params.get(i as usize).filter(|n| !n.is_empty()).cloned().unwrap_or_else(|| format!("p{i}"))
    }

    fn field(&self, i: u32) -> String {
        self.fields.get(i as usize).filter(|n| !n.is_empty()).cloned().unwrap_or_else(|| format!("field{i}"))
    }
}

/// One term as text, at most [`MAX_TERM`] bytes and `…`.
pub fn term(t: &T, names: &Names) -> String {
    render(t, &Render { names, addresses: false })
}

/// An absolute address as text: like [`term`], but a 64-bit constant in the
/// range of [`crate::trace::object_base`] is shown as the address of its
/// object plus an offset, `(&sm + 8)`. Only for terms known to be
/// addresses: elsewhere such a constant is a number (`2^40`, a size limit).
pub fn address(t: &T, names: &Names) -> String {
    render(t, &Render { names, addresses: true })
}

struct Render<'n> {
    names: &'n Names,
    addresses: bool,
}

fn render(t: &T, r: &Render<'_>) -> String {
    let mut out = String::new();
    write_term(t, r, &mut out);
    if out.len() > MAX_TERM {
        let mut cut = MAX_TERM;
        while !out.is_char_boundary(cut) {
            cut -= 1;
        }
        out.truncate(cut);
        out.push('…');
    }
    out
}

/// Appends `t` to `out`; stops descending once `out` is longer than
/// [`MAX_TERM`], so that shared sub-terms cost no more than the text kept.
fn write_term(t: &T, r: &Render<'_>, out: &mut String) {
    if out.len() > MAX_TERM {
        return;
    }
    let pair = |a: &T, op: &str, b: &T, out: &mut String| {
        out.push('(');
        write_term(a, r, out);
        let _ = write!(out, " {op} ");
        write_term(b, r, out);
        out.push(')');
    };
    match &t.node {
        Node::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Node::Const(v) => out.push_str(&constant(*v, t.width, r)),
        Node::Leaf(leaf) => out.push_str(&leaf_name(*leaf, r.names)),
        Node::Not(a) => {
            out.push('!');
            write_term(a, r, out);
        }
        Node::And(..) | Node::Or(..) => {
            // `a && b && c` for a chain of one connective.
            let (op, mut parts) = (if matches!(t.node, Node::And(..)) { "&&" } else { "||" }, Vec::new());
            flatten(t, &mut parts);
            out.push('(');
            for (i, part) in parts.iter().enumerate() {
                if i > 0 {
                    let _ = write!(out, " {op} ");
                }
                write_term(part, r, out);
            }
            out.push(')');
        }
        Node::Ite(c, a, b) => {
            out.push_str("ite(");
            for (i, x) in [c, a, b].into_iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_term(x, r, out);
            }
            out.push(')');
        }
        Node::Bin(op, a, b) => pair(a, bv_op(*op), b, out),
        Node::Cmp(op, a, b) => pair(a, cmp_op(*op), b, out),
        Node::Ext(signed, a) => {
            let _ = write!(out, "ext{}{}(", t.width, if *signed { 's' } else { 'u' });
            write_term(a, r, out);
            out.push(')');
        }
        Node::Trunc(a) => {
            let _ = write!(out, "trunc{}(", t.width);
            write_term(a, r, out);
            out.push(')');
        }
        Node::Uf(name, args) => {
            let _ = write!(out, "{name}(");
            for (i, x) in args.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_term(x, r, out);
            }
            out.push(')');
        }
    }
}

/// The operands of a chain of `&&` (or of `||`), left to right; stops
/// after enough operands to fill a rendering.
fn flatten<'t>(t: &'t T, parts: &mut Vec<&'t T>) {
    let (Node::And(a, b) | Node::Or(a, b)) = &t.node else {
        parts.push(t);
        return;
    };
    for x in [a, b] {
        if parts.len() > MAX_TERM {
            return;
        }
        if same_connective(t, x) {
            flatten(x, parts);
        } else {
            parts.push(x);
        }
    }
}

fn same_connective(t: &T, x: &T) -> bool {
    matches!((&t.node, &x.node), (Node::And(..), Node::And(..)) | (Node::Or(..), Node::Or(..)))
}

fn bv_op(op: BvOp) -> &'static str {
    match op {
        BvOp::Add => "+",
        BvOp::Sub => "-",
        BvOp::Mul => "*",
        BvOp::UDiv => "/u",
        BvOp::SDiv => "/s",
        BvOp::URem => "%u",
        BvOp::SRem => "%s",
        BvOp::Shl => "<<",
        BvOp::LShr => ">>u",
        BvOp::AShr => ">>s",
        BvOp::And => "&",
        BvOp::Or => "|",
        BvOp::Xor => "^",
    }
}

fn cmp_op(op: CmpOp) -> &'static str {
    match op {
        CmpOp::Eq => "==",
        CmpOp::Ult => "<u",
        CmpOp::Ule => "<=u",
        CmpOp::Slt => "<s",
        CmpOp::Sle => "<=s",
        CmpOp::SMulFits => "*fits",
    }
}

/// Decimal; small negative values (`-1`, not `4294967295`) signed; object
/// addresses by name when rendering an address.
fn constant(v: u128, width: u32, r: &Render<'_>) -> String {
    if width == 64 && r.addresses {
        if let Some(base) = object_address(v >> 40, r.names) {
            let offset = v & ((1u128 << 40) - 1);
            return if offset == 0 { base } else { format!("({base} + {offset})") };
        }
    }
    let s = arith::signed(v, width);
    if (-65536..0).contains(&s) {
        s.to_string()
    } else {
        v.to_string()
    }
}

/// The object whose address slot is `slot` (see `trace::object_base`).
fn object_address(slot: u128, names: &Names) -> Option<String> {
    if slot == 0 {
        return None;
    }
    let (kind, id) = ((slot - 1) / 4096, ((slot - 1) % 4096) as u32);
    let named =
        |list: &[String], prefix: &str| list.get(id as usize).cloned().unwrap_or_else(|| format!("{prefix}{id}"));
    let name = match kind {
        0 => names.param(id),
        1 => format!("alloc{id}"),
        2 => names.field(id),
        3 => named(&names.shared, "shared"),
        4 => named(&names.globals, "global"),
        5 => format!("local{id}"),
        _ => return None,
    };
    Some(format!("&{name}"))
}

fn leaf_name(leaf: Leaf, names: &Names) -> String {
    let axis = |d: u8| ["x", "y", "z"].get(d as usize).copied().unwrap_or("?");
    match leaf {
        Leaf::Tid(d) => format!("tid.{}", axis(d)),
        Leaf::Bid(d) => format!("bid.{}", axis(d)),
        Leaf::BlockDim(d) => format!("bdim.{}", axis(d)),
        Leaf::GridDim(d) => format!("gdim.{}", axis(d)),
        Leaf::GridThreads(d) => format!("gthreads.{}", axis(d)),
        Leaf::Param(i) => names.param(i),
        Leaf::ParamField(i) => names.field(i),
        Leaf::Fresh(i) => format!("${i}"),
        Leaf::Host(i) => format!("h{i}"),
    }
}

/// The memory object an access touches: `out`, `s.data`, `sm`, `alloc0`.
pub fn obj(o: &Obj, names: &Names) -> String {
    match o {
        Obj::Param(i, path) => path.iter().fold(names.param(*i), |s, f| format!("{s}.{f}")),
        Obj::Alloc(i) => format!("alloc{i}"),
        Obj::Shared(i) => names.shared.get(*i as usize).cloned().unwrap_or_else(|| format!("shared{i}")),
        Obj::Global(i) => names.globals.get(*i as usize).cloned().unwrap_or_else(|| format!("global{i}")),
        Obj::Local => "local".into(),
        Obj::Dynamic => "*".into(),
    }
}

pub fn scope(s: Scope) -> &'static str {
    s.name()
}

fn space(s: Space) -> &'static str {
    s.name()
}

fn group(g: Group) -> String {
    match g {
        Group::Tile(n) => format!("tile<{n}>"),
        Group::Lanes(mask) => format!("lanes({mask:#010x})"),
    }
}

/// `12:5`, with the file when it is not the kernel's, `-` for no place.
fn place(program: &Program, kernel: &Kernel, span: Span) -> String {
    if span.is_none() {
        return "-".into();
    }
    if span.file == kernel.span.file {
        format!("{}:{}", span.line, span.col)
    } else {
        format!("{}:{}:{}", program.file_name(span), span.line, span.col)
    }
}

/// What the engine sees of `kernel`: its accesses and barriers, then the side
/// tables of the trace, each section only when it has something, and the
/// legend of the fresh leaves `$N` last.
pub fn trace(program: &Program, kernel: &Kernel, trace: &Trace<'_>) -> String {
    let names = Names::new(program, kernel, &trace.leaves);
    let show = |t: &T| term(t, &names);
    let mut out = String::new();
    let _ = writeln!(out, "accesses: {}", trace.accesses.len());
    for (i, ev) in trace.accesses.iter().enumerate() {
        access(program, kernel, &names, i, ev, &mut out);
    }
    let _ = writeln!(out, "barriers: {}", trace.barriers.len());
    for (i, ev) in trace.barriers.iter().enumerate() {
        barrier(program, kernel, &names, i, ev, &mut out);
    }
    section(&mut out, "assumptions", trace.assumptions.iter().map(&show));
    section(
        &mut out,
        "tickets",
        trace.tickets.iter().map(|tk| {
            let dir = if tk.direction > 0 { "up" } else { "down" };
            let guard = if tk.guard.is_true() { String::new() } else { format!(" if {}", show(&tk.guard)) };
            format!("{}[{}]{guard} -> {} (counts {dir})", obj(&tk.obj, &names), show(&tk.offset), show(&tk.result))
        }),
    );
    section(
        &mut out,
        "atomics",
        trace.atomics.iter().enumerate().map(|(i, AtomicUse { obj: o, direction: dir, .. })| match dir {
            Some(d) => format!("#{i} {} counts {}", obj(o, &names), if *d > 0 { "up" } else { "down" }),
            None => format!("#{i} {} not a counter", obj(o, &names)),
        }),
    );
    let abs = &trace.abstractions;
    let grid_threads = abs.grid_threads.iter().map(|d| {
        let axis = ["x", "y", "z"].get(*d as usize).copied().unwrap_or("?");
        format!("gthreads.{axis} = (bdim.{axis} * gdim.{axis})")
    });
    section(&mut out, "products", abs.products.iter().map(|p| product(p, &names)).chain(grid_threads));
    section(&mut out, "syncs", trace.syncs.iter().enumerate().map(|(i, s)| sync(i, s, &names)));
    let mut usable: Vec<&(usize, usize)> = trace.usable.iter().collect();
    usable.sort();
    section(&mut out, "usable", usable.into_iter().map(|(r, w)| format!("release #{r} -> wait #{w}")));
    section(
        &mut out,
        "chains",
        trace.chains.iter().map(|c| {
            let links: Vec<String> =
                c.links.iter().map(|(a, b)| format!("{} -> {}", address(a, &names), address(b, &names))).collect();
            format!("#{} -> #{} fence {}; links [{}]", c.first, c.last, scope(c.scope), links.join("; "))
        }),
    );
    section(&mut out, "groups", trace.groups.iter().enumerate().map(|(i, g)| format!("#{i} {}", group(*g))));
    section(
        &mut out,
        "unsupported",
        trace.unsupported.iter().map(|(span, why)| format!("{} {why}", place(program, kernel, *span))),
    );
    section(&mut out, "fresh", trace.leaves.fresh.iter().enumerate().map(|(i, name)| format!("${i} = {name}")));
    out
}

/// `NAME:` and one indented line per item; nothing when there are none.
fn section(out: &mut String, name: &str, items: impl Iterator<Item = String>) {
    let mut items = items.peekable();
    if items.peek().is_none() {
        return;
    }
    let _ = writeln!(out, "{name}:");
    for item in items {
        let _ = writeln!(out, "  {item}");
    }
}

/// `#0 9:11 read global in[offset] (4B) if GUARD @ block=0 warp=0 grid=0`,
/// then indented lines for the loop levels, induction variables and sync
/// order when there are some.
fn access(program: &Program, kernel: &Kernel, names: &Names, i: usize, ev: &AccessEv<'_>, out: &mut String) {
    let a = ev.access;
    let mode = match a.kind {
        AccessKind::Read => "read".to_string(),
        AccessKind::Write => "write".to_string(),
        AccessKind::Atomic { op, scope: s } => format!("atomic {}/{}", format!("{op:?}").to_lowercase(), scope(s)),
    };
    let object = obj(&ev.obj, names);
    let alias = if a.name.is_empty() || a.name == object { String::new() } else { format!(" `{}`", a.name) };
    let _ = write!(
        out,
        "  #{i} {} {mode}{} {} {object}[{}]{alias} ({}B)",
        place(program, kernel, a.span),
        if a.volatile { " volatile" } else { "" },
        space(a.space),
        if ev.obj == Obj::Dynamic { address(&ev.offset, names) } else { term(&ev.offset, names) },
        a.size
    );
    if !ev.guard.is_true() {
        let _ = write!(out, " if {}", term(&ev.guard, names));
    }
    let _ = writeln!(out, " @ {}", counts(&ev.counts, names));
    if !ev.counts.levels.is_empty() {
        let levels: Vec<String> = ev
            .counts
            .levels
            .iter()
            .map(|l| format!("k={} m={} entry={}", term(&l.k, names), term(&l.m, names), term(&l.entry, names)))
            .collect();
        let _ = writeln!(out, "      levels: {}; rel={}", levels.join("; "), term(&ev.counts.rel, names));
    }
    if !ev.vars.is_empty() {
        let vars: Vec<String> = ev.vars.iter().map(|(n, v)| format!("{n} = {}", term(v, names))).collect();
        let _ = writeln!(out, "      vars: {}", vars.join(", "));
    }
    if let Some(order) = order(&ev.order) {
        let _ = writeln!(out, "      order: {order}");
    }
}

/// `block=… warp=… grid=…`, and the group counts when there are groups.
fn counts(c: &Counts, names: &Names) -> String {
    let mut s = format!("block={} warp={} grid={}", term(&c.block, names), term(&c.warp, names), term(&c.grid, names));
    if !c.groups.is_empty() {
        let groups: Vec<String> = c.groups.iter().map(|g| term(g, names)).collect();
        let _ = write!(s, " groups=[{}]", groups.join(", "));
    }
    s
}

/// The locks, releases and waits that order an access, by sync index.
fn order(o: &SyncOrder) -> Option<String> {
    let scoped =
        |list: &[(usize, Scope)]| -> Vec<String> { list.iter().map(|(i, s)| format!("#{i}/{}", scope(*s))).collect() };
    let mut parts = Vec::new();
    if !o.locks.is_empty() {
        parts.push(format!("locks {}", scoped(&o.locks).join(" ")));
    }
    if !o.released.is_empty() {
        parts.push(format!("released by {}", scoped(&o.released).join(" ")));
    }
    if !o.waited.is_empty() {
        let waits: Vec<String> = o.waited.iter().map(|w| format!("#{w}")).collect();
        parts.push(format!("after waits {}", waits.join(" ")));
    }
    if !o.maybe.is_empty() {
        let waits: Vec<String> = o.maybe.iter().map(|w| format!("#{w}")).collect();
        parts.push(format!("after waits on some paths {}", waits.join(" ")));
    }
    parts.extend(o.notes.iter().map(|n| format!("note: {n}")));
    (!parts.is_empty()).then(|| parts.join("; "))
}

/// `#0 14:5 block if GUARD iterations [$2]`.
fn barrier(program: &Program, kernel: &Kernel, names: &Names, i: usize, ev: &BarrierEv, out: &mut String) {
    let kind = match ev.kind {
        BarrierKind::Block => "block".to_string(),
        BarrierKind::Warp => "warp".to_string(),
        BarrierKind::Grid => "grid".to_string(),
        BarrierKind::Group(g) => group(g),
    };
    let _ = write!(out, "  #{i} {} {kind}", place(program, kernel, ev.span));
    if !ev.guard.is_true() {
        let _ = write!(out, " if {}", term(&ev.guard, names));
    }
    if !ev.iterations.is_empty() {
        let its: Vec<String> = ev.iterations.iter().map(|k| term(k, names)).collect();
        let _ = write!(out, " iterations [{}]", its.join(", "));
    }
    if !ev.exits.is_false() {
        let _ = write!(out, " exited if {}", term(&ev.exits, names));
    }
    out.push('\n');
}

/// `$3 = (x * y) [dim x, fits int]`, and the induction variable of a stride.
fn product(p: &Product, names: &Names) -> String {
    let mut flags = vec![format!("dim {}", ["x", "y", "z"].get(p.dim as usize).copied().unwrap_or("?"))];
    for (set, name) in [(p.fits_int, "fits int"), (p.signed, "signed"), (p.unsigned, "unsigned")] {
        if set {
            flags.push(name.to_string());
        }
    }
    match p.range {
        31 => flags.push("int range".to_string()),
        32 => flags.push("unsigned range".to_string()),
        _ => {}
    }
    let mut s =
        format!("{} = ({} * {}) [{}]", term(&p.leaf, names), term(&p.x, names), term(&p.y, names), flags.join(", "));
    if let Some(st) = &p.stride {
        let _ = write!(
            s,
            "; stride start={} value={} fits={}{}",
            term(&st.start, names),
            term(&st.value, names),
            term(&st.fits, names),
            if st.below { " below" } else { "" }
        );
    }
    s
}

/// `#0 lock sm @ ADDR if GUARD device value=… access #3`.
fn sync(i: usize, s: &SyncEv, names: &Names) -> String {
    let kind = match s.kind {
        SyncKind::Lock => "lock",
        SyncKind::Wait => "wait",
        SyncKind::Store => "store",
    };
    let mut line = format!("#{i} {kind} {} at {}", obj(&s.obj, names), address(&s.addr, names));
    if !s.guard.is_true() {
        let _ = write!(line, " if {}", term(&s.guard, names));
    }
    let _ = write!(line, " scope={}", scope(s.scope));
    if let Some(v) = &s.value {
        let _ = write!(line, " value={}", term(v, names));
    }
    let _ = write!(line, " access #{}", s.access);
    if s.nested {
        line.push_str(" nested");
    }
    line
}

#[cfg(test)]
mod tests {
    use gpurace_core::term::{self as t, Deps};

    use super::*;

    fn leaf(l: Leaf, width: u32) -> T {
        t::leaf(l, width, Deps::default())
    }

    fn names() -> Names {
        Names {
            params: vec!["n".into(), "out".into()],
            fields: vec!["s.len".into()],
            shared: vec!["sm".into()],
            globals: Vec::new(),
        }
    }

    fn show(t: &T) -> String {
        term(t, &names())
    }

    #[test]
    fn binary_operators_are_parenthesised() {
        let gid = t::add(&leaf(Leaf::Tid(0), 32), &t::mul(&leaf(Leaf::Bid(0), 32), &leaf(Leaf::BlockDim(0), 32)));
        assert_eq!(show(&gid), "(tid.x + (bid.x * bdim.x))");
        let shifted = t::bin(BvOp::LShr, &leaf(Leaf::GridDim(1), 32), &t::constant(1, 32));
        assert_eq!(show(&shifted), "(gdim.y >>u 1)");
        assert_eq!(show(&t::bin(BvOp::SRem, &leaf(Leaf::Param(0), 32), &t::constant(4, 32))), "(n %s 4)");
    }

    #[test]
    fn leaves_are_named() {
        assert_eq!(show(&leaf(Leaf::Param(0), 32)), "n");
        assert_eq!(show(&leaf(Leaf::Param(7), 32)), "p7");
        assert_eq!(show(&leaf(Leaf::ParamField(0), 32)), "s.len");
        assert_eq!(show(&leaf(Leaf::Fresh(3), 32)), "$3");
        assert_eq!(show(&leaf(Leaf::Host(0), 32)), "h0");
        assert_eq!(show(&leaf(Leaf::GridThreads(2), 32)), "gthreads.z");
    }

    #[test]
    fn widths_and_constants() {
        let i = leaf(Leaf::Param(0), 32);
        assert_eq!(show(&t::resize(&i, 64, true)), "ext64s(n)");
        assert_eq!(show(&t::resize(&i, 64, false)), "ext64u(n)");
        assert_eq!(show(&t::resize(&leaf(Leaf::Param(0), 64), 32, false)), "trunc32(n)");
        assert_eq!(show(&t::constant_i(-1, 32)), "-1");
        assert_eq!(show(&t::constant(4_000_000_000, 32)), "4000000000");
        let sm = crate::trace::object_base(crate::trace::BaseKind::Shared, 0);
        assert_eq!(address(&sm, &names()), "&sm");
        assert_eq!(address(&t::add(&sm, &t::constant(8, 64)), &names()), "(&sm + 8)");
        // Outside addresses, 2^40 is a number.
        assert_eq!(show(&t::constant(1 << 40, 64)), "1099511627776");
    }

    #[test]
    fn booleans_comparisons_and_ite() {
        let x = leaf(Leaf::Tid(0), 32);
        let n = leaf(Leaf::Param(0), 32);
        let lt = t::ult(&x, &n);
        let le = t::cmp(CmpOp::Sle, &x, &n);
        let eq = t::eq(&x, &t::constant(0, 32));
        assert_eq!(show(&t::and(&t::and(&lt, &le), &t::not(&eq))), "((tid.x <u n) && (tid.x <=s n) && !(tid.x == 0))");
        assert_eq!(show(&t::or(&lt, &t::fals())), "(tid.x <u n)");
        assert_eq!(show(&t::ite(&lt, &x, &n)), "ite((tid.x <u n), tid.x, n)");
        assert_eq!(show(&t::tru()), "true");
        assert_eq!(show(&t::uf("__popc", vec![x], 32)), "__popc(tid.x)");
    }

    #[test]
    fn deep_shared_dags_are_cut() {
        // 2^40 leaves if written out: the renderer must stop early.
        let mut x = leaf(Leaf::Tid(0), 32);
        for _ in 0..40 {
            x = t::add(&x, &t::mul(&x, &leaf(Leaf::Param(0), 32)));
        }
        let s = show(&x);
        assert!(s.ends_with('…'), "{s}");
        assert_eq!(s.len(), MAX_TERM + '…'.len_utf8());
    }

    #[test]
    fn objects_are_named() {
        let n = names();
        assert_eq!(obj(&Obj::Param(1, vec![]), &n), "out");
        assert_eq!(obj(&Obj::Param(0, vec!["data".into()]), &n), "n.data");
        assert_eq!(obj(&Obj::Shared(0), &n), "sm");
        assert_eq!(obj(&Obj::Global(2), &n), "global2");
        assert_eq!(obj(&Obj::Alloc(1), &n), "alloc1");
    }
}
