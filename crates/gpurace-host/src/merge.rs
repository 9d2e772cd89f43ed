//! The launch sites of a kernel past the first few, as one site.
//!
//! A kernel launched from many host contexts (a launch helper called once
//! per array) is checked at its first sites one by one; the others are
//! checked together, under what each of them says: the facts they all have
//! (`blockDim.x == 16`, the program's own tests) as they are, and what else
//! each has as one disjunction. That is exact, where checking the others
//! with no facts at all made a tile kernel written for 16 x 16 blocks race
//! for blocks of 64 threads no launch uses.

use std::collections::HashSet;

use gpurace_core::site::Site;
use gpurace_core::term::{self as t, T};

use crate::show;

/// `rest` (sites of `kernel`, at least one) checked together.
pub(crate) fn merge(kernel: usize, rest: &[Site]) -> Site {
    let mut out = Site::empty(kernel);
    out.label = format!("{} more launch sites, checked together", rest.len());
    let Some(first) = rest.first() else { return out };
    out.facts = common(rest, |s| &s.facts);
    out.tests = common(rest, |s| &s.tests);
    let shared: HashSet<&T> = out.facts.iter().collect();
    let mut any: Option<T> = None;
    for s in rest {
        let own = s.facts.iter().filter(|f| !shared.contains(f)).fold(t::tru(), |acc, f| t::and(&acc, f));
        any = Some(match any {
            None => own,
            Some(a) => t::or(&a, &own),
        });
    }
    out.facts.extend(any);
    out.block = same(rest.iter().map(|s| s.block));
    out.grid = same(rest.iter().map(|s| s.grid));
    out.geometry = rest.iter().all(|s| s.geometry);
    let params = rest.iter().map(|s| s.pointers.len()).min().unwrap_or(0);
    out.pointers = (0..params).map(|i| same(rest.iter().map(|s| s.pointers[i].clone()))).collect();
    let allocations = rest.iter().map(|s| s.extents.len()).min().unwrap_or(0);
    out.extents = (0..allocations).map(|i| same(rest.iter().map(|s| s.extents[i].clone()))).collect();
    out.allocations = first.allocations.clone();
    out.bindings = first.bindings.iter().filter(|b| rest.iter().all(|s| s.bindings.contains(b))).cloned().collect();
    out.fields = first.fields.iter().filter(|f| rest.iter().all(|s| s.fields.contains(f))).cloned().collect();
    // Every site names the host values its own launch uses; together, a
    // value is named when some site names it.
    out.values = first.values.clone();
    for (i, v) in out.values.iter_mut().enumerate() {
        if let Some(named) = rest.iter().filter_map(|s| s.values.get(i)).find(|w| !w.name.is_empty()) {
            v.name = named.name.clone();
        }
    }
    show::distinct_names(&mut out.values);
    out
}

/// The terms every site's `pick` holds, in the first site's order.
fn common(rest: &[Site], pick: impl Fn(&Site) -> &Vec<T>) -> Vec<T> {
    let sets: Vec<HashSet<&T>> = rest.iter().skip(1).map(|s| pick(s).iter().collect()).collect();
    let Some(first) = rest.first() else { return Vec::new() };
    let mut seen = HashSet::new();
    pick(first).iter().filter(|f| sets.iter().all(|s| s.contains(f)) && seen.insert(*f)).cloned().collect()
}

/// The value every item has, if they agree.
fn same<V: PartialEq>(mut items: impl Iterator<Item = Option<V>>) -> Option<V> {
    let first = items.next()??;
    items.all(|v| v.as_ref() == Some(&first)).then_some(first)
}
