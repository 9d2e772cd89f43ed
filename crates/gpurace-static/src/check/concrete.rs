//! Terms and links evaluated under a model, with the engine's own semantics
//! (`gpurace_core::eval`), independently of the solver: every witness, the
//! plausible domain and the reports read models through it.

use std::collections::HashMap;

use gpurace_core::arith;
use gpurace_core::eval::eval;
use gpurace_core::term::{self as t, Leaf, T};

use crate::smt::{self, Assignment, Link};

pub(super) struct Eval<'a> {
    pub(super) assignment: &'a Assignment,
    pub(super) memo: HashMap<(*const t::Term, usize), u128>,
}

impl Eval<'_> {
    pub(super) fn value(&mut self, term: &T, thread: usize) -> u128 {
        eval(term, thread, self.assignment, &mut self.memo)
    }

    pub(super) fn holds(&mut self, term: &T, thread: usize) -> bool {
        self.value(&t::to_bool(term), thread) == 1
    }

    pub(super) fn facts_hold(&mut self, one: &[T], two: &[T]) -> bool {
        one.iter().all(|f| self.holds(f, 0)) && two.iter().all(|f| self.holds(f, 1))
    }

    /// Whether a link between the threads holds in the model.
    pub(super) fn link_holds(&mut self, l: &Link) -> bool {
        match l {
            Link::Eq(a, b) => self.value(a, 0) == self.value(b, 1),
            Link::One(a) => self.holds(a, 0),
            Link::Two(a) => self.holds(a, 1),
            Link::And(parts) => parts.iter().all(|p| self.link_holds(p)),
            Link::Or(parts) => parts.iter().any(|p| self.link_holds(p)),
            Link::Not(l) => !self.link_holds(l),
            Link::Group(g, together) => smt::group_holds(*g, self.assignment) == *together,
            Link::Cmp(op, a, b) => {
                let (x, y, w) = (self.value(a, 0), self.value(b, 1), a.width.max(1));
                match op {
                    t::CmpOp::Eq => x == y,
                    t::CmpOp::Ult => x < y,
                    t::CmpOp::Ule => x <= y,
                    t::CmpOp::Slt => arith::signed(x, w) < arith::signed(y, w),
                    t::CmpOp::Sle => arith::signed(x, w) <= arith::signed(y, w),
                    t::CmpOp::SMulFits => {
                        let p = arith::signed(x, w).checked_mul(arith::signed(y, w));
                        p.is_some_and(|p| p >= -(1i128 << (w - 1)) && p < (1i128 << (w - 1)))
                    }
                }
            }
        }
    }
}

pub(super) fn facts_hold(one: &[T], two: &[T], a: &Assignment) -> bool {
    Eval { assignment: a, memo: HashMap::new() }.facts_hold(one, two)
}

/// The leaf under extensions and truncations.
pub(super) fn leaf_of(term: &T) -> Option<Leaf> {
    match &term.node {
        t::Node::Leaf(l) => Some(*l),
        t::Node::Ext(_, a) | t::Node::Trunc(a) => leaf_of(a),
        _ => None,
    }
}
