//! Plausible values: what the values gpurace does not know can be.
//!
//! A launch gpurace does not see in full leaves some values open: host values
//! it could not compute, inputs of the program, and, for a kernel analysed on
//! its own, the launch geometry and the parameters. Each ranges over a
//! *plausible* domain, from what the program says about it (the rules and
//! their reasons are in docs/engine.md, "Plausible values"):
//!
//! - a size or count is at least 1: a parameter that bounds a per-thread
//!   value (`i < n`, a loop's trip) or scales one (`y * width`);
//! - a block that the program does not give as a constant has a multiple of
//!   32 threads (a whole number of warps);
//! - an access through a pointer parameter gpurace cannot trace to an
//!   allocation lies inside it: its offset is not negative;
//! - rows do not overlap: an access `a[r * stride + c]` whose column the
//!   kernel bounds by `c < width` has `stride >= width` (`layout.rs`);
//! - a block fits the kernel's indexing: every thread's unconditional access
//!   to a shared array lies inside it (`layout.rs`);
//! - a value the kernel masks with (`x & (s - 1)`) is a power of two
//!   (`layout.rs`).
//!
//! CUDA's own limits (at most 1024 threads a block, grid sizes) and the
//! engine's no-wrap semantics of indices hold for every value already. A race
//! that needs a value outside the domain is only possible; the facts here are
//! used to look for a witness inside it first ([`Plausible`]).

use std::collections::{BTreeMap, BTreeSet, HashSet};

use gpurace_core::arith;
use gpurace_core::eval::Valuation;
use gpurace_core::term::{self as t, BvOp, CmpOp, Leaf, Node, T};
use gpurace_core::{Holds, Origin, Site};
use gpurace_ir::{Kernel, Program, Type};

use super::concrete::Eval;
use super::layout::{bare, block_facts, mask_facts, masks_in, row_facts, BLOCK, MASK, ROWS};
use super::segments::{trace_terms, Segments, SEGMENTS};
use crate::config::Config;
use crate::smt::{Assignment, Link, Query};
use crate::trace::{AccessEv, Obj, Trace};

/// Where an open value comes from, which decides what a race over it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Kind {
    /// Any plausible value can occur: an input of the program (`argv`, a
    /// file), or a launch of a kernel gpurace sees no launch of. A race for
    /// some plausible values is a race under that condition.
    Input,
    /// One value the program computes and gpurace could not: a race counts
    /// when it happens for every plausible value.
    Unmodelled,
}

/// A kernel-side value (a parameter, a field of a struct parameter, a
/// launch size) that depends on open values.
#[derive(Debug, Clone)]
pub(crate) struct KernelValue {
    pub(crate) leaf: Leaf,
    pub(crate) width: u32,
    pub(crate) signed: bool,
    /// A size or count: at least 1, and races over it get a threshold.
    pub(crate) size: bool,
    pub(crate) name: String,
}

/// The open values of one kernel at one site.
#[derive(Debug, Clone, Default)]
pub(crate) struct Open {
    /// The shared leaves a race may be quantified over, with their kind and
    /// width: host values at a launch, the kernel's own leaves otherwise.
    pub(crate) values: BTreeMap<Leaf, (Kind, u32)>,
    /// Kernel-side values that depend on them (or are them).
    pub(crate) kernel: Vec<KernelValue>,
    /// Per kernel-side leaf, the open values it depends on.
    pub(crate) depends: BTreeMap<Leaf, BTreeSet<Leaf>>,
    /// Shared leaves a witness fixes (a non-integer argument, a float field):
    /// one value at the launch, which no fact relates to another. (An exact
    /// host loop's iteration is not fixed: facts tie it to the loop's bounds,
    /// and fixing it would narrow the values the check quantifies over.)
    pub(crate) fixed: Vec<(Leaf, u32)>,
    /// Facts of the plausible domain over shared values, each with why.
    pub(crate) shared: Vec<(T, &'static str)>,
    /// Accesses through pointers no allocation bounds: their offsets are
    /// not negative.
    pub(crate) unbounded: bool,
    /// Arrays read as the bounds of segments of another array (CSR row
    /// offsets, starts and lengths).
    pub(crate) segments: Segments,
    /// The kernel-side values a caller or an input chooses freely (of
    /// [`Open::free`], those whose open values are [`Kind::Input`]): a mask
    /// over them and loop counters is one less than a power of two. A value
    /// the program computes and gpurace could not is what the program makes
    /// it: a host loop's stride of `3 * size / 4` is no power of two.
    pub(crate) chosen: BTreeSet<Leaf>,
}

impl Open {
    /// The open values of `kernel` at `site`.
    pub(crate) fn new(program: &Program, kernel: &Kernel, site: &Site, trace: &Trace<'_>, config: &Config) -> Open {
        let mut open = Open::default();
        let launch = site.span.is_some();
        let sizes = size_like(trace);
        let mut kernel_leaves: Vec<(Leaf, u32, bool)> = Vec::new();
        for (i, p) in kernel.params.iter().enumerate() {
            if let Type::Int { bits, signed } = p.ty {
                kernel_leaves.push((Leaf::Param(i as u32), u32::from(bits), signed));
            }
        }
        for (_, _, id) in &trace.leaves.fields {
            let Some(width) = leaf_width(trace, Leaf::ParamField(*id)) else { continue };
            // A float field is an input like a float parameter: one value
            // at a launch, no size.
            if trace.float_fields.contains(id) {
                if launch {
                    open.fixed.push((Leaf::ParamField(*id), width));
                }
                continue;
            }
            kernel_leaves.push((Leaf::ParamField(*id), width, true));
        }
        // Dimensions the kernel does not read are 1 when nothing gives the
        // geometry (`common_facts`): not open.
        let used = super::facts::used_dims(kernel, config);
        for d in 0..3u8 {
            let i = usize::from(d);
            if config.block.is_none() && (d == 0 || used[i - 1]) {
                kernel_leaves.push((Leaf::BlockDim(d), 32, false));
            }
            if config.grid.is_none() && (d == 0 || used[i + 1]) {
                kernel_leaves.push((Leaf::GridDim(d), 32, false));
            }
        }
        for (leaf, width, signed) in kernel_leaves {
            let bound = site.bindings.iter().find(|(l, _)| *l == leaf).map(|(_, term)| term);
            let depends: BTreeSet<Leaf> = match bound {
                Some(term) => {
                    let mut found = BTreeSet::new();
                    t::leaves(term, &mut found, &mut HashSet::new());
                    found
                        .into_iter()
                        .filter_map(|(l, w)| {
                            let Leaf::Host(i) = l else { return None };
                            let kind = match site.values.get(i as usize)?.origin {
                                Origin::Input => Kind::Input,
                                Origin::Unmodelled => Kind::Unmodelled,
                                Origin::Iteration => return None,
                            };
                            open.values.insert(l, (kind, w));
                            Some(l)
                        })
                        .collect()
                }
                // A launch passes every integer argument; a field it does
                // not bind is one gpurace did not follow.
                None if launch && matches!(leaf, Leaf::ParamField(_)) => {
                    open.values.insert(leaf, (Kind::Unmodelled, width));
                    BTreeSet::from([leaf])
                }
                None if launch => BTreeSet::new(),
                None => {
                    open.values.insert(leaf, (Kind::Input, width));
                    BTreeSet::from([leaf])
                }
            };
            if depends.is_empty() {
                continue;
            }
            let size = match leaf {
                Leaf::BlockDim(_) | Leaf::GridDim(_) => true,
                _ => sizes.contains(&leaf),
            };
            open.depends.insert(leaf, depends);
            open.kernel.push(KernelValue { leaf, width, signed, size, name: leaf_name(program, kernel, trace, leaf) });
        }
        // Parameters a launch passes that no fact binds (floats): one value.
        if launch {
            let mut found = BTreeSet::new();
            for term in trace_terms(trace) {
                t::leaves(term, &mut found, &mut HashSet::new());
            }
            for (leaf, width) in found {
                if matches!(leaf, Leaf::Param(_)) && !site.bindings.iter().any(|(l, _)| *l == leaf) {
                    open.fixed.push((leaf, width));
                }
            }
        }
        // The layout first: a witness with overlapping rows often breaks a
        // size too (a negative stride), and the layout says why it matters.
        let free = open.free(site);
        open.shared = row_facts(trace, &free).into_iter().map(|f| (f, ROWS)).collect();
        open.shared.extend(block_facts(kernel, trace, &free).into_iter().map(|f| (f, BLOCK)));
        open.chosen = open.chosen(&free);
        open.shared.extend(mask_facts(trace, trace_terms(trace), &open.chosen).into_iter().map(|f| (f, MASK)));
        open.shared.extend(open.domain_facts(site, crate::exec::used_dims(kernel)));
        open.unbounded = trace.accesses.iter().any(|a| matches!(a.obj, Obj::Param(..)));
        open.segments = Segments::new(trace);
        open
    }

    /// The kernel-side values that are open values themselves, each its own:
    /// a parameter of a kernel on its own, or one a launch passes a caller's
    /// value or an input to unchanged. A value the program computes from
    /// others (`pitch = round_up(width, 32)`) is what the program makes it,
    /// so no rule of the layout a caller keeps bounds it.
    fn free(&self, site: &Site) -> BTreeSet<Leaf> {
        let own = |v: &&KernelValue| match site.bindings.iter().find(|(l, _)| *l == v.leaf) {
            None => true,
            Some((_, term)) => matches!(bare(term).node, Node::Leaf(h @ Leaf::Host(_)) if self.values.contains_key(&h)),
        };
        self.kernel.iter().filter(own).map(|v| v.leaf).collect()
    }

    /// The values of `free` that a caller or an input chooses: every open
    /// value they depend on is an input (a parameter of a kernel on its own,
    /// a caller's value, `argv`), none one the program computes.
    fn chosen(&self, free: &BTreeSet<Leaf>) -> BTreeSet<Leaf> {
        let input = |l: &Leaf| matches!(self.values.get(l), Some((Kind::Input, _)));
        free.iter().filter(|l| self.depends.get(l).is_some_and(|d| d.iter().all(input))).copied().collect()
    }

    /// Whether any value is open.
    pub(crate) fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The facts of the plausible domain over shared values. A size the
    /// program itself allows below 1 (`assert(stride >= 0)`, an early exit
    /// for `n < 0` only) keeps the program's range: it says otherwise.
    /// A launch dimension beyond `x` that the kernel never reads (`read`:
    /// block y, block z, grid y, grid z) is 1.
    fn domain_facts(&self, site: &Site, read: [bool; 4]) -> Vec<(T, &'static str)> {
        let no = t::Deps::default();
        let mut out = Vec::new();
        for v in &self.kernel {
            let unread = match v.leaf {
                Leaf::BlockDim(d @ 1..=2) => !read[usize::from(d) - 1],
                Leaf::GridDim(d @ 1..=2) => !read[usize::from(d) + 1],
                _ => false,
            };
            if unread {
                out.push((t::eq(&t::leaf(v.leaf, v.width, no), &t::constant(1, v.width)), UNREAD));
            }
        }
        let low = lower_bounds(site);
        for v in self.kernel.iter().filter(|v| v.size && matches!(v.leaf, Leaf::Param(_) | Leaf::ParamField(_))) {
            let mut values: Vec<Leaf> = self.depends.get(&v.leaf).into_iter().flatten().copied().collect();
            values.push(v.leaf);
            if values.iter().any(|l| low.get(l).is_some_and(|c| *c < 1)) {
                continue;
            }
            let leaf = t::leaf(v.leaf, v.width, no);
            let one = t::constant(1, v.width);
            let op = if v.signed { CmpOp::Sle } else { CmpOp::Ule };
            out.push((t::cmp(op, &one, &leaf), SIZE));
        }
        if self.kernel.iter().any(|v| matches!(v.leaf, Leaf::BlockDim(_))) {
            let wide = |d| t::resize(&t::leaf(Leaf::BlockDim(d), 32, no), 64, false);
            let total = t::mul(&t::mul(&wide(0), &wide(1)), &wide(2));
            let low = t::bin(BvOp::And, &total, &t::constant(31, 64));
            out.push((t::eq(&low, &t::constant(0, 64)), WARPS));
        }
        out
    }

    /// The per-thread facts of the domain for an access: inside the
    /// allocation it indexes when no allocation bounds it, and its masks.
    pub(crate) fn access_facts(&self, ev: &AccessEv<'_>) -> Vec<T> {
        let mut out = self.inside_facts(ev);
        out.extend(self.mask_facts(ev));
        out
    }

    /// The offset of an access through a pointer no allocation bounds is not
    /// negative.
    fn inside_facts(&self, ev: &AccessEv<'_>) -> Vec<T> {
        if !self.unbounded || !matches!(ev.obj, Obj::Param(..)) || self.values.is_empty() {
            return Vec::new();
        }
        vec![t::cmp(CmpOp::Sle, &t::constant(0, 64), &ev.offset)]
    }

    /// The masks `x & (s - 1)` of an access's offset and guard whose `s` a
    /// caller chooses, alone or with the iterations of the thread's loops
    /// (`for (stride = size / 2; stride > 0; stride >>= 1) ... i & (stride -
    /// 1)`), no thread's index and no data: `s` is a power of two.
    fn mask_facts(&self, ev: &AccessEv<'_>) -> Vec<T> {
        if self.chosen.is_empty() {
            return Vec::new();
        }
        let keep = |s: &T| {
            if s.deps.data || s.deps.approx {
                return false;
            }
            let mut leaves = BTreeSet::new();
            t::leaves(s, &mut leaves, &mut HashSet::new());
            leaves.iter().any(|(l, _)| self.chosen.contains(l))
                && leaves.iter().all(|(l, _)| self.chosen.contains(l) || matches!(l, Leaf::Fresh(_)))
        };
        masks_in(&[&ev.offset, &ev.guard], &keep)
    }

    /// What a witness breaks of the domain, in words: the value it needs
    /// (`n` = -4, a value no launch can have (a size or count is at least
    /// 1)) and, without the number, what the race rests on; `None` when the
    /// witness keeps the domain.
    pub(crate) fn violation(&self, a: &Assignment, accesses: &[&AccessEv<'_>]) -> Option<(String, String)> {
        let mut eval = Eval { assignment: a, memo: Default::default() };
        if let [a, b] = accesses {
            let (one, two, links) = self.segments.facts(a, b);
            if !(eval.facts_hold(&one, &two) && links.iter().all(|l| eval.link_holds(l))) {
                let text = "input data in which the offsets of segments (`a[i]` to `a[i + 1]`, or `a[i]` and a \
                            length) decrease, overlap or are negative";
                return Some((format!("{text}, which no run can have ({SEGMENTS})"), text.to_string()));
            }
        }
        for (fact, why) in &self.shared {
            if eval.holds(fact, 0) {
                continue;
            }
            let (shown, named) = if *why == WARPS {
                let b = [0u8, 1, 2].map(|d| a.leaf(Leaf::BlockDim(d), 0, 32));
                (format!("blockDim ({},{},{})", b[0], b[1], b[2]), "the block size".to_string())
            } else {
                let mut leaves = BTreeSet::new();
                t::leaves(fact, &mut leaves, &mut HashSet::new());
                let named = self.kernel.iter().find(|v| leaves.iter().any(|(l, _)| *l == v.leaf));
                match named {
                    Some(v) => (
                        format!("`{}` = {}", v.name, self.value(a, v.leaf, v.width, v.signed)),
                        format!("`{}`", v.name),
                    ),
                    None => ("a value".to_string(), "a value".to_string()),
                }
            };
            return Some((
                format!("{shown}, a value no launch can have ({why})"),
                format!("{named} at a value no launch can have ({why})"),
            ));
        }
        for (th, ev) in accesses.iter().enumerate() {
            for fact in self.inside_facts(ev) {
                if !eval.holds(&fact, th) {
                    let offset = arith::signed(eval.value(&ev.offset, th), 64);
                    let name = &ev.access.name;
                    return Some((
                        format!("`{name}` at byte offset {offset}, before the start of its allocation ({INSIDE})"),
                        format!("`{name}` before the start of its allocation ({INSIDE})"),
                    ));
                }
            }
            for fact in self.mask_facts(ev) {
                if !eval.holds(&fact, th) {
                    let name = &ev.access.name;
                    return Some((
                        format!("an index of `{name}` masked with a value that is not one less than a power of two ({MASK})"),
                        format!("a mask of `{name}`'s index that is not one less than a power of two ({MASK})"),
                    ));
                }
            }
        }
        None
    }

    /// The facts of the domain for a pair of accesses (thread 1 runs `a`).
    pub(crate) fn pair_facts(&self, a: &AccessEv<'_>, b: &AccessEv<'_>) -> PairFacts {
        if self.is_empty() && self.segments.is_empty() {
            return PairFacts::default();
        }
        let (mut one, mut two, links) = self.segments.facts(a, b);
        if !self.is_empty() {
            one.extend(self.shared.iter().map(|(f, _)| f.clone()));
            one.extend(self.access_facts(a));
            two.extend(self.access_facts(b));
        }
        PairFacts { one, two, links }
    }

    /// A shared leaf's value in a model, as C prints it.
    pub(crate) fn value(&self, a: &Assignment, leaf: Leaf, width: u32, signed: bool) -> i128 {
        let raw = a.leaf(leaf, 0, width);
        if signed {
            arith::signed(raw, width)
        } else {
            raw as i128
        }
    }
}

/// The facts of the plausible domain for one pair of accesses.
#[derive(Debug, Clone, Default)]
pub(crate) struct PairFacts {
    pub(crate) one: Vec<T>,
    pub(crate) two: Vec<T>,
    pub(crate) links: Vec<Link>,
}

impl PairFacts {
    /// Whether a model keeps them.
    pub(crate) fn hold(&self, a: &Assignment) -> bool {
        let mut eval = Eval { assignment: a, memo: Default::default() };
        eval.facts_hold(&self.one, &self.two) && self.links.iter().all(|l| eval.link_holds(l))
    }

    pub(crate) fn add_to(&self, q: &mut crate::smt::Query) {
        q.one.extend(self.one.iter().cloned());
        q.two.extend(self.two.iter().cloned());
        q.same.extend(self.links.iter().cloned());
    }
}

pub(crate) const SIZE: &str = "a size or count is at least 1";
pub(crate) const WARPS: &str = "a block has a whole number of warps (a multiple of 32 threads)";
pub(crate) const UNREAD: &str = "a launch dimension the kernel never reads is 1";
pub(crate) const INSIDE: &str = "an access lies inside the allocation it indexes";

/// The lower bounds the program's own tests at the site (`Site::tests`) test
/// single values against, wherever
/// the test is (an `assert`, an early exit, a short-circuit `||` of them):
/// per leaf, the least value from which a test's upper side starts (`x < 0`
/// and `x >= 0` start it at 0, `x <= 0` and `x > 0` at 1). A program that
/// tests `stride < 0` means `stride = 0` to be a value it can run with.
fn lower_bounds(site: &Site) -> BTreeMap<Leaf, i128> {
    fn leaf_of(t: &T) -> Option<Leaf> {
        match &t.node {
            Node::Leaf(l) => Some(*l),
            Node::Ext(_, a) | Node::Trunc(a) => leaf_of(a),
            _ => None,
        }
    }
    let mut out: BTreeMap<Leaf, i128> = BTreeMap::new();
    let mut seen = HashSet::new();
    for fact in &site.tests {
        t::visit(fact, &mut seen, &mut |n| {
            let Node::Cmp(op @ (CmpOp::Sle | CmpOp::Slt | CmpOp::Ule | CmpOp::Ult), a, b) = &n.node else {
                return true;
            };
            let signed = matches!(op, CmpOp::Sle | CmpOp::Slt);
            let strict = matches!(op, CmpOp::Slt | CmpOp::Ult);
            // `x < c` and `c <= x` split at c; `x <= c` and `c < x` at c + 1.
            let (x, c, at_next) = match (leaf_of(a), b.as_const(), leaf_of(b), a.as_const()) {
                (Some(x), Some(c), _, _) => (x, (c, b.width), !strict),
                (_, _, Some(x), Some(c)) => (x, (c, a.width), strict),
                _ => return true,
            };
            let (c, w) = c;
            let c = if signed { arith::signed(c, w.max(1)) } else { c as i128 };
            let bound = if at_next { c + 1 } else { c };
            let slot = out.entry(x).or_insert(bound);
            *slot = (*slot).min(bound);
            true
        });
    }
    out
}

/// How a report names a kernel-side leaf.
pub(crate) fn leaf_name(program: &Program, kernel: &Kernel, trace: &Trace<'_>, leaf: Leaf) -> String {
    let dim = |d: u8| ['x', 'y', 'z'][usize::from(d.min(2))];
    match leaf {
        Leaf::Param(i) => kernel.params.get(i as usize).map_or_else(|| format!("param{i}"), |p| p.name.clone()),
        Leaf::ParamField(id) => trace
            .leaves
            .fields
            .iter()
            .find(|(_, _, f)| *f == id)
            .and_then(|(p, path, _)| Some(format!("{}{path}", kernel.params.get(*p as usize)?.name)))
            .unwrap_or_else(|| "a field".into()),
        Leaf::BlockDim(d) => format!("blockDim.{}", dim(d)),
        Leaf::GridDim(d) => format!("gridDim.{}", dim(d)),
        _ => {
            let _ = program;
            "a value".into()
        }
    }
}

/// The width of a leaf as the trace uses it.
fn leaf_width(trace: &Trace<'_>, leaf: Leaf) -> Option<u32> {
    let mut found = BTreeSet::new();
    let mut seen = HashSet::new();
    for term in trace_terms(trace) {
        t::leaves(term, &mut found, &mut seen);
    }
    found.into_iter().find(|(l, _)| *l == leaf).map(|(_, w)| w)
}

/// The parameters (and fields of struct parameters) that the kernel uses
/// as sizes or counts: the bound of a per-thread value (`i < n`, `i >= n`,
/// a loop's test) or a factor that scales one (`y * width`).
pub(crate) fn size_like(trace: &Trace<'_>) -> BTreeSet<Leaf> {
    let mut out = BTreeSet::new();
    // Products the engine abstracted (`y * pitch`): the shared factor scales
    // a per-thread value.
    for p in &trace.abstractions.products {
        if p.x.deps.thread && !p.y.deps.thread {
            out.extend(bound_params(&p.y).unwrap_or_default());
        }
    }
    let mut seen = HashSet::new();
    for term in trace_terms(trace) {
        t::visit(term, &mut seen, &mut |n| {
            match &n.node {
                Node::Cmp(CmpOp::Ult | CmpOp::Ule | CmpOp::Slt | CmpOp::Sle, a, b) => {
                    for (x, bound) in [(a, b), (b, a)] {
                        if x.deps.thread && !bound.deps.thread {
                            out.extend(bound_params(bound).unwrap_or_default());
                        }
                    }
                }
                Node::Bin(BvOp::Mul, a, b) => {
                    for (x, factor) in [(a, b), (b, a)] {
                        if x.deps.thread && !factor.deps.thread {
                            out.extend(bound_params(factor).unwrap_or_default());
                        }
                    }
                }
                _ => {}
            }
            true
        });
    }
    out
}

/// The parameters a bound is made of, when it is one: a parameter, widened
/// or narrowed, plus or minus a constant, times a constant or another such
/// bound (`n`, `n - 1`, `(size_t)n`, `rows * cols`).
fn bound_params(t: &T) -> Option<Vec<Leaf>> {
    match &t.node {
        Node::Leaf(l @ (Leaf::Param(_) | Leaf::ParamField(_))) => Some(vec![*l]),
        Node::Ext(_, a) | Node::Trunc(a) => bound_params(a),
        Node::Bin(BvOp::Add | BvOp::Sub, a, b) if b.as_const().is_some() => bound_params(a),
        Node::Bin(BvOp::Add, a, b) if a.as_const().is_some() => bound_params(b),
        Node::Bin(BvOp::Mul | BvOp::Shl, a, b) => match (a.as_const(), b.as_const()) {
            (Some(_), None) => bound_params(b),
            (None, Some(_)) => bound_params(a),
            (None, None) => {
                let mut x = bound_params(a)?;
                x.extend(bound_params(b)?);
                Some(x)
            }
            (Some(_), Some(_)) => None,
        },
        _ => None,
    }
}

/// How a race depends on the open values, said for the report.
#[derive(Debug, Clone, Default)]
pub(crate) struct Holding {
    pub(crate) holds: Holds,
    pub(crate) condition: Option<String>,
    /// The condition is over values the program computes and gpurace could
    /// not: the race is only possible.
    pub(crate) unmodelled: bool,
    /// What an implausible race rests on.
    pub(crate) rests_on: Option<String>,
}

impl Holding {
    /// A race that needs `value` (a value no launch can have, in words); it
    /// rests on `rests_on`, the same without the number.
    pub(crate) fn implausible((value, rests_on): (String, String)) -> Holding {
        Holding { holds: Holds::Implausible, condition: Some(value), unmodelled: false, rests_on: Some(rests_on) }
    }
}

/// What a kernel's checks share: the open values, and the kernel's facts
/// split into those that hold whatever the threads are (asserted), those
/// that define a thread's values (asserted) and those that constrain a
/// thread (part of what a counterexample breaks).
pub(crate) struct Frame {
    pub(crate) open: Open,
    /// Facts over shared values only.
    pub(crate) shared: Vec<T>,
    /// Per-thread facts of both threads that constrain the thread.
    pub(crate) per_thread: Vec<T>,
    /// Per-thread facts that define trip counts, and exact products.
    pub(crate) definitions: Vec<T>,
    /// Products of shared values, exact.
    pub(crate) shared_definitions: Vec<T>,
    /// Per-thread leaves the facts define.
    pub(crate) defined: HashSet<u32>,
}

impl Frame {
    pub(crate) fn new(open: Open, trace: &Trace<'_>, one: &[T], two: &[T]) -> Frame {
        let defining: HashSet<u64> =
            trace.definitions.iter().filter_map(|i| trace.assumptions.get(*i)).map(|f| f.hash).collect();
        let shared = one.iter().filter(|f| !f.deps.thread).cloned().collect();
        let mut per_thread = Vec::new();
        let mut definitions = Vec::new();
        for f in two {
            if defining.contains(&f.hash) {
                definitions.push(f.clone());
            } else {
                per_thread.push(f.clone());
            }
        }
        let mut shared_definitions = Vec::new();
        let mut defined = trace.defined.clone();
        for p in &trace.abstractions.products {
            if let Node::Leaf(Leaf::Fresh(i)) = p.leaf.node {
                defined.insert(i);
            }
            let exact = t::eq(&p.leaf, &t::mul(&p.x, &p.y));
            if exact.deps.thread {
                definitions.push(exact);
            } else {
                shared_definitions.push(exact);
            }
        }
        let no = t::Deps::default();
        for d in &trace.abstractions.grid_threads {
            let wide = |l: Leaf| t::resize(&t::leaf(l, 32, no), 64, false);
            let total = t::mul(&wide(Leaf::BlockDim(*d)), &wide(Leaf::GridDim(*d)));
            shared_definitions.push(t::eq(&t::leaf(Leaf::GridThreads(*d), 64, no), &total));
        }
        Frame { open, shared, per_thread, definitions, shared_definitions, defined }
    }

    /// The open values `q` depends on: those its terms mention, and those
    /// the kernel-side values it mentions (and the launch geometry, part of
    /// every witness) are bound to.
    pub(crate) fn relevant(&self, q: &Query) -> BTreeSet<Leaf> {
        let mut mentioned = BTreeSet::new();
        let mut seen = HashSet::new();
        for term in q.terms().into_iter().chain(&self.per_thread).chain(&self.definitions) {
            t::leaves(term, &mut mentioned, &mut seen);
        }
        let mut out = BTreeSet::new();
        for (leaf, _) in &mentioned {
            if self.open.values.contains_key(leaf) {
                out.insert(*leaf);
            }
        }
        for (leaf, depends) in &self.open.depends {
            let geometry = matches!(leaf, Leaf::BlockDim(_) | Leaf::GridDim(_));
            if geometry || mentioned.iter().any(|(l, _)| l == leaf) {
                out.extend(depends.iter().copied());
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(i: u32) -> T {
        t::leaf(Leaf::Param(i), 32, t::Deps::default())
    }

    fn host(i: u32) -> T {
        t::leaf(Leaf::Host(i), 32, t::Deps::default())
    }

    #[test]
    fn lower_bounds_read_the_programs_own_tests() {
        let zero = t::constant(0, 32);
        let fifteen = t::constant(15, 32);
        // `if (s < 0 || s > 15) return 1;` leaves `!((s < 0) || (15 < s))`.
        let exit = t::not(&t::or(&t::cmp(CmpOp::Slt, &host(3), &zero), &t::cmp(CmpOp::Slt, &fifteen, &host(3))));
        let mut site = Site::empty(0);
        site.tests.push(exit);
        assert_eq!(lower_bounds(&site).get(&Leaf::Host(3)), Some(&0));
        // `n > 0` (`0 < n`): the bound is 1, which the domain's rule keeps.
        let mut site = Site::empty(0);
        site.tests.push(t::cmp(CmpOp::Slt, &zero, &host(1)));
        assert_eq!(lower_bounds(&site).get(&Leaf::Host(1)), Some(&1));
        // An upper bound alone allows nothing below 1.
        let mut site = Site::empty(0);
        site.tests.push(t::not(&t::cmp(CmpOp::Slt, &t::constant(1024, 32), &host(2))));
        assert!(lower_bounds(&site).get(&Leaf::Host(2)).is_none_or(|c| *c >= 1));
        // A test inside a short-circuit `||` (`ite(s < 0, 1, 0) == 0`) counts.
        let tested = t::ite(&t::cmp(CmpOp::Slt, &host(4), &zero), &t::constant(1, 32), &zero);
        let mut site = Site::empty(0);
        site.tests.push(t::eq(&tested, &zero));
        assert_eq!(lower_bounds(&site).get(&Leaf::Host(4)), Some(&0));
    }

    #[test]
    fn bounds_are_parameters_and_simple_arithmetic_of_them() {
        assert_eq!(bound_params(&p(0)), Some(vec![Leaf::Param(0)]));
        let n_minus_1 = t::bin(BvOp::Sub, &p(0), &t::constant(1, 32));
        assert_eq!(bound_params(&n_minus_1), Some(vec![Leaf::Param(0)]));
        let area = t::mul(&p(0), &p(1));
        assert_eq!(bound_params(&area), Some(vec![Leaf::Param(0), Leaf::Param(1)]));
        // `n - k` is not a bound made of sizes: `k` is an offset.
        assert_eq!(bound_params(&t::bin(BvOp::Sub, &p(0), &p(1))), None);
        assert_eq!(bound_params(&t::constant(4, 32)), None);
    }
}
