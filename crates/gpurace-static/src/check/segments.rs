//! Plausible data: arrays the kernel reads as the bounds of segments of
//! another array. Two shapes, both the layout of a CSR graph or matrix:
//!
//! - *offsets*: `a[i]` and `a[i + 1]` are the two ends of a range
//!   (`for (j = row[v]; j < row[v + 1]; j++)`, `row[v + 1] - row[v]`): the
//!   offsets are not negative and do not decrease;
//! - *starts and lengths*: `s[i]` and `s[i] + n[i]` are the two ends
//!   (`start = offsets[i]; end = start + lengths[i]`): the starts and lengths
//!   are not negative and segment `i` ends before segment `j > i` starts.
//!
//! Offsets that decrease, or segments that overlap, are corrupt input: a
//! race that needs them (two segments that overlap) is not one of a run the
//! program can have. These are facts of the plausible domain
//! (`check/plausible.rs`): a witness that breaks them is asked again with
//! them, and a race that needs them is only possible. They are instantiated
//! at the points a pair of accesses reads the arrays at, within a thread and
//! between the two (`Link::Cmp`).

use std::collections::{BTreeSet, HashSet};
use std::sync::Arc;

use gpurace_core::term::{self as t, BvOp, CmpOp, Node, T};

use super::concrete::Eval;
use crate::smt::{Assignment, Link};
use crate::trace::{AccessEv, Trace};

/// What the rule says, for reports.
pub(crate) const SEGMENTS: &str =
    "an array read as the bounds of segments (`a[i]` to `a[i + 1]`, or a start `a[i]` and a length `n[i]`) \
     holds offsets that do not decrease and segments that do not overlap";

/// Points of one array per access that the facts relate.
const MAX_POINTS: usize = 4;

/// The arrays of a trace read as the bounds of segments, by the names of
/// their loads (`load#OBJ#SIZE`).
#[derive(Debug, Clone, Default)]
pub(crate) struct Segments {
    /// Offsets: `a[i]` to `a[i + 1]`.
    offsets: BTreeSet<Arc<str>>,
    /// Starts and lengths: `s[i]` to `s[i] + n[i]`.
    spans: BTreeSet<(Arc<str>, Arc<str>)>,
    /// Arrays whose values the kernel narrows (`int start = offsets[i]` of
    /// a `long` array): a narrowed offset is an index, which fits.
    narrowed: BTreeSet<Arc<str>>,
}

impl Segments {
    /// The segment arrays `trace` reads: one side of a comparison or a
    /// difference reads the end of a range, the other its start.
    pub(crate) fn new(trace: &Trace<'_>) -> Segments {
        let mut out = Segments::default();
        let mut seen = HashSet::new();
        for term in trace_terms(trace) {
            t::visit(term, &mut seen, &mut |n| {
                match &n.node {
                    Node::Cmp(CmpOp::Slt | CmpOp::Sle | CmpOp::Ult | CmpOp::Ule, a, b) | Node::Bin(BvOp::Sub, a, b) => {
                        out.note(a, b);
                        out.note(b, a);
                    }
                    Node::Trunc(a) => {
                        if let Node::Uf(name, _) = &a.node {
                            out.narrowed.insert(name.clone());
                        }
                    }
                    _ => {}
                }
                true
            });
        }
        out
    }

    /// Records what `end` and `start`, the two sides of a comparison or a
    /// difference, say about segments.
    fn note(&mut self, end: &T, start: &T) {
        let starts = loads(start);
        let ends = loads(end);
        for (name, fy) in &ends {
            let (size, y) = (element_size(name), arg(fy));
            for (other, fx) in &starts {
                if other == name && size > 0 && next_element(arg(fx), y, size) {
                    self.offsets.insert(name.clone());
                }
            }
        }
        // `s[i] + n[i]` on the end's side, `s[i]` on the start's.
        for (s, fs) in &starts {
            if !ends.iter().any(|(_, f)| f.hash == fs.hash) {
                continue;
            }
            for (n, fn_) in ends.iter().filter(|(n, _)| n != s) {
                if same_element(arg(fs), element_size(s), arg(fn_), element_size(n)) {
                    self.spans.insert((s.clone(), n.clone()));
                }
            }
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.offsets.is_empty() && self.spans.is_empty()
    }

    /// The facts about the points a pair of accesses reads these arrays at:
    /// per-thread facts of thread 1 (access `a`) and thread 2, and links.
    pub(crate) fn facts(&self, a: &AccessEv<'_>, b: &AccessEv<'_>) -> (Vec<T>, Vec<T>, Vec<Link>) {
        if self.is_empty() {
            return (Vec::new(), Vec::new(), Vec::new());
        }
        let (pa, pb) = (self.points(a), self.points(b));
        let (one, two) = (self.within(&pa), self.within(&pb));
        let mut links = Vec::new();
        for x in &pa {
            for y in pb.iter().filter(|y| y.array == x.array) {
                links.extend(x.ordered(y));
            }
        }
        (one, two, links)
    }

    /// Where an access reads the segment arrays.
    fn points(&self, ev: &AccessEv<'_>) -> Vec<Point> {
        let mut apps: Vec<(Arc<str>, T)> = Vec::new();
        for term in [&ev.guard, &ev.offset] {
            for (name, app) in loads(term) {
                if !apps.iter().any(|(_, f)| f.hash == app.hash) {
                    apps.push((name, app));
                }
            }
        }
        let mut out = Vec::new();
        for (name, app) in &apps {
            if self.offsets.contains(name) {
                out.push(Point { array: name.clone(), index: arg(app).clone(), start: app.clone(), length: None });
            }
            for (s, n) in self.spans.iter().filter(|(s, _)| s == name) {
                let length = apps
                    .iter()
                    .find(|(m, f)| m == n && same_element(arg(app), element_size(s), arg(f), element_size(n)));
                if let Some((_, f)) = length {
                    let array = format!("{s}+{n}").into();
                    out.push(Point { array, index: arg(app).clone(), start: app.clone(), length: Some(f.clone()) });
                }
            }
        }
        out.truncate(MAX_POINTS * 2);
        out
    }
}

/// Where one thread reads a segment array: the byte offset it reads the
/// start at, the start, and for a start-and-length array the length.
struct Point {
    array: Arc<str>,
    index: T,
    start: T,
    length: Option<T>,
}

impl Point {
    /// The segment's end, at 64 bits: the next offset's start (offsets are
    /// compared start to start), or the start plus the length.
    fn end(&self) -> T {
        match &self.length {
            None => self.start.clone(),
            Some(n) => t::add(&t::resize(&self.start, 64, true), &t::resize(n, 64, true)),
        }
    }

    /// The start, at the width ends are compared at: its own for offsets,
    /// 64 bits when a length is added to it (the sum must not wrap).
    fn start64(&self) -> T {
        match &self.length {
            None => self.start.clone(),
            Some(_) => t::resize(&self.start, 64, true),
        }
    }

    /// Links between this point of thread 1 and `other` of thread 2: the
    /// segment with the lower index ends before the other starts.
    fn ordered(&self, other: &Point) -> [Link; 2] {
        let (u, v) = (&self.index, &other.index);
        // Offsets: u <= v gives a[u] <= a[v]; starts and lengths: u < v
        // gives s[u] + n[u] <= s[v].
        let before = if self.length.is_none() { CmpOp::Sle } else { CmpOp::Slt };
        [
            Link::Or(vec![
                Link::Not(Box::new(Link::Cmp(before, u.clone(), v.clone()))),
                Link::Cmp(CmpOp::Sle, self.end(), other.start64()),
            ]),
            // The other way round: v before u gives (thread 2's end) <=
            // (thread 1's start), said from thread 1's side.
            Link::Or(vec![
                Link::Cmp(if self.length.is_none() { CmpOp::Slt } else { CmpOp::Sle }, u.clone(), v.clone()),
                Link::Not(Box::new(Link::Cmp(CmpOp::Slt, self.start64(), other.end()))),
            ]),
        ]
    }
}

impl Segments {
    /// A thread's own points: starts and lengths are not negative (and fit
    /// in 32 bits when the kernel narrows them to an index), and its points
    /// of one array are ordered like their indices.
    fn within(&self, points: &[Point]) -> Vec<T> {
        let mut facts = Vec::new();
        for p in points {
            facts.push(t::cmp(CmpOp::Sle, &t::constant(0, p.start.width), &p.start));
            if let Some(n) = &p.length {
                facts.push(t::cmp(CmpOp::Sle, &t::constant(0, n.width), n));
            }
            for v in std::iter::once(&p.start).chain(&p.length) {
                let narrowed = matches!(&v.node, Node::Uf(name, _) if self.narrowed.contains(name));
                if narrowed && v.width > 32 {
                    facts.push(t::cmp(CmpOp::Slt, v, &t::constant(1 << 31, v.width)));
                }
            }
        }
        facts.extend(ordered_within(points));
        facts
    }
}

/// A thread's points of one array are ordered like their indices.
fn ordered_within(points: &[Point]) -> Vec<T> {
    let mut facts = Vec::new();
    for p in points {
        for q in points.iter().filter(|q| q.array == p.array && q.start.hash != p.start.hash) {
            let before = if p.length.is_none() { CmpOp::Sle } else { CmpOp::Slt };
            facts.push(t::implies(&t::cmp(before, &p.index, &q.index), &t::cmp(CmpOp::Sle, &p.end(), &q.start64())));
        }
    }
    facts
}

/// The loads of immutable memory in `t` (`load#OBJ#SIZE(offset)`) of
/// integer width: name and application.
fn loads(t: &T) -> Vec<(Arc<str>, T)> {
    let mut out = Vec::new();
    t::visit(t, &mut HashSet::new(), &mut |n| {
        if let Node::Uf(name, args) = &n.node {
            if name.starts_with("load#") && args.len() == 1 && (n.width == 32 || n.width == 64) {
                out.push((name.clone(), n.clone()));
            }
        }
        true
    });
    out
}

/// The byte offset a load reads at.
fn arg(app: &T) -> &T {
    match &app.node {
        Node::Uf(_, args) => &args[0],
        _ => app,
    }
}

/// The element size a load's name ends with (`load#Param(2)#8`).
fn element_size(name: &str) -> u128 {
    name.rsplit('#').next().and_then(|s| s.parse().ok()).unwrap_or(0)
}

/// Whether `d` evaluates to `want` under a few valuations of its leaves
/// (small, so that nothing wraps): a difference of offsets that does not
/// depend on the values.
fn constant_difference(d: &T, want: u128) -> bool {
    if let Some(c) = d.as_const() {
        return c == want;
    }
    let mut leaves = BTreeSet::new();
    t::leaves(d, &mut leaves, &mut HashSet::new());
    (1u128..=3).all(|seed| {
        let mut a = Assignment::default();
        for (i, (leaf, _)) in leaves.iter().enumerate() {
            let v = (seed * 7919 + i as u128 * 104_729) % 997 + 1;
            for th in 0..2 {
                a.values.insert((*leaf, th), v);
            }
        }
        Eval { assignment: &a, memo: Default::default() }.value(d, 0) == want & gpurace_core::arith::mask(d.width)
    })
}

/// Whether the byte offset `y` is `x + size` whatever the values are
/// (`(long)(v + 1) * 4` and `(long)v * 4`).
fn next_element(x: &T, y: &T, size: u128) -> bool {
    constant_difference(&t::bin(BvOp::Sub, y, x), size)
}

/// Whether byte offsets `x` of `sx`-byte elements and `y` of `sy`-byte
/// elements index the same element (`offsets[i]` of longs, `lengths[i]` of
/// ints).
fn same_element(x: &T, sx: u128, y: &T, sy: u128) -> bool {
    if sx == 0 || sy == 0 || x.width != y.width {
        return false;
    }
    let w = x.width;
    let d = t::bin(BvOp::Sub, &t::mul(x, &t::constant(sy, w)), &t::mul(y, &t::constant(sx, w)));
    constant_difference(&d, 0)
}

/// The terms of a trace that say what its threads do.
pub(crate) fn trace_terms<'a>(trace: &'a Trace<'_>) -> impl Iterator<Item = &'a T> {
    trace
        .accesses
        .iter()
        .flat_map(|a| [&a.guard, &a.offset])
        .chain(trace.barriers.iter().flat_map(|b| [&b.guard, &b.exits]))
        .chain(&trace.assumptions)
}
