//! The concrete evaluator of terms: the engine's own semantics of a [`Term`],
//! independent of the solver's. It re-checks every witness the solver
//! proposes, and evaluates terms whose leaves a simulator knows.

use std::collections::HashMap;
use std::sync::Arc;

use crate::arith::{fold, fold_cmp, mask, signed};
use crate::term::{BvOp, Leaf, Node, Term, T};

/// Concrete values of leaves, per thread (index 0 and 1).
pub trait Valuation {
    fn leaf(&self, leaf: Leaf, thread: usize, width: u32) -> u128;
    fn uf(&self, name: &str, args: &[u128], width: u32) -> u128;
}

/// Evaluates `t` for `thread` under `val`; booleans are 0 or 1. This is the
/// engine's own semantics of terms, independent of the solver's, and checks
/// every witness the solver proposes.
pub fn eval(t: &T, thread: usize, val: &dyn Valuation, memo: &mut HashMap<(*const Term, usize), u128>) -> u128 {
    let key = (Arc::as_ptr(t), thread);
    if let Some(v) = memo.get(&key) {
        return *v;
    }
    let w = t.width;
    let v = match &t.node {
        Node::Bool(b) => u128::from(*b),
        Node::Const(c) => *c,
        // A boolean (width 0) is 0 or 1.
        Node::Leaf(l) => val.leaf(*l, thread, w) & mask(w.max(1)),
        Node::Not(a) => 1 - eval(a, thread, val, memo),
        Node::And(a, b) => eval(a, thread, val, memo) & eval(b, thread, val, memo),
        Node::Or(a, b) => eval(a, thread, val, memo) | eval(b, thread, val, memo),
        Node::Ite(c, a, b) => {
            if eval(c, thread, val, memo) == 1 {
                eval(a, thread, val, memo)
            } else {
                eval(b, thread, val, memo)
            }
        }
        Node::Bin(op, a, b) => {
            let (x, y) = (eval(a, thread, val, memo), eval(b, thread, val, memo));
            // The solver's convention for division by zero (SMT-LIB).
            fold(*op, x, y, w).unwrap_or(match op {
                BvOp::UDiv => mask(w),
                BvOp::SDiv => {
                    if signed(x, w) < 0 {
                        1
                    } else {
                        mask(w)
                    }
                }
                _ => x,
            })
        }
        Node::Cmp(op, a, b) => {
            u128::from(fold_cmp(*op, eval(a, thread, val, memo), eval(b, thread, val, memo), a.width))
        }
        Node::Ext(s, a) => {
            let x = eval(a, thread, val, memo);
            if *s {
                (signed(x, a.width) as u128) & mask(w)
            } else {
                x
            }
        }
        Node::Trunc(a) => eval(a, thread, val, memo) & mask(w),
        Node::Uf(name, args) => {
            let args: Vec<u128> = args.iter().map(|a| eval(a, thread, val, memo)).collect();
            val.uf(name, &args, w) & mask(w.max(1))
        }
    };
    memo.insert(key, v);
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::term::{self as t, Deps};

    struct AllOnes;

    impl Valuation for AllOnes {
        fn leaf(&self, _leaf: Leaf, _thread: usize, _width: u32) -> u128 {
            1
        }
        fn uf(&self, _name: &str, _args: &[u128], _width: u32) -> u128 {
            1
        }
    }

    #[test]
    fn boolean_leaves_and_functions_keep_their_value() {
        // A boolean leaf the model makes true is true (a width-0 mask once
        // made every boolean leaf false, and every witness resting on one
        // failed its check).
        let b = t::leaf(Leaf::Fresh(0), 0, Deps::default());
        assert_eq!(eval(&b, 0, &AllOnes, &mut HashMap::new()), 1);
        let f = t::uf("f", vec![t::constant(3, 32)], 0);
        assert_eq!(eval(&f, 0, &AllOnes, &mut HashMap::new()), 1);
        assert_eq!(eval(&t::not(&b), 0, &AllOnes, &mut HashMap::new()), 0);
    }
}
