//! Order through a counter's tickets (the Programming Guide's last-block
//! pattern): a thread that writes, fences and then takes a ticket from a
//! counter (`result[b] = x; __threadfence(); t = atomicAdd(&count, 1)`) is
//! ordered before every thread that takes a later ticket, and before the
//! threads of its block past a barrier (`if (t == gridDim.x - 1)` the last
//! block reads every block's `result`). On a counter every atomic of which
//! counts one way the tickets are distinct and follow the counter's order:
//! a later one is larger (counting up) or smaller (counting down). The
//! ticket's atomic itself is ordered so too (`count = 0` by the last block).
//!
//! As with flags (`flags`), the thread that takes the later ticket needs no
//! fence of its own: the pattern as the Programming Guide writes it.

use gpurace_core::term::CmpOp;

use super::flags::covers;
use crate::smt::{Link, Relation};
use crate::trace::{AccessEv, Trace};

/// The conditions under which tickets order `a` (thread 1) and `b` (thread
/// 2) in relation `r`, either way: a race needs each to fail.
pub(super) fn ordered(a: &AccessEv<'_>, b: &AccessEv<'_>, r: Relation, trace: &Trace<'_>) -> Vec<Link> {
    let mut out = Vec::new();
    let counter = |k: usize| trace.is_counter(&trace.tickets[k].obj, trace.tickets[k].direction);
    // `first` released its ticket `k`; `second` comes after the ticket
    // `taken`: thread 1's ticket is no later than thread 2's (`forward`) or
    // thread 2's no later than thread 1's.
    for (first, second, forward) in [(a, b, true), (b, a, false)] {
        for &(k, scope) in &first.order.ticketed {
            if !covers(scope, r) || !counter(k) {
                continue;
            }
            let tk = &trace.tickets[k];
            for taken in &second.order.taken {
                let other = &trace.tickets[taken.ticket];
                if other.obj != tk.obj || other.direction != tk.direction {
                    continue;
                }
                let (mine, theirs) = (tk.result.clone(), taken.value.clone());
                // Counting up, the earlier ticket is the smaller.
                let up = tk.direction > 0;
                let before = match (forward, up) {
                    // thread 1's ticket <= thread 2's
                    (true, true) => Link::Cmp(CmpOp::Ule, mine, theirs),
                    // thread 1's >= thread 2's
                    (true, false) => Link::Not(Box::new(Link::Cmp(CmpOp::Ult, mine, theirs))),
                    // thread 2's ticket <= thread 1's
                    (false, true) => Link::Not(Box::new(Link::Cmp(CmpOp::Ult, theirs, mine))),
                    (false, false) => Link::Cmp(CmpOp::Ule, theirs, mine),
                };
                let (released, waited, same) = if forward {
                    (
                        Link::One(tk.guard.clone()),
                        Link::Two(taken.cond.clone()),
                        Link::Eq(tk.offset.clone(), other.offset.clone()),
                    )
                } else {
                    (
                        Link::Two(tk.guard.clone()),
                        Link::One(taken.cond.clone()),
                        Link::Eq(other.offset.clone(), tk.offset.clone()),
                    )
                };
                let counts = Link::And(vec![Link::One(tk.when.clone()), Link::One(other.when.clone())]);
                out.push(Link::And(vec![released, waited, same, counts, before]));
            }
        }
    }
    out
}

/// The link a pair's query holds in relation `r`: no ticket orders the
/// accesses (`None` when none could).
pub(super) fn unordered(a: &AccessEv<'_>, b: &AccessEv<'_>, r: Relation, trace: &Trace<'_>) -> Option<Link> {
    let orders = ordered(a, b, r, trace);
    (!orders.is_empty()).then(|| Link::Not(Box::new(Link::Or(orders))))
}
