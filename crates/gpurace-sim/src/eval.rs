//! Running a compiled expression for one thread.

use gpurace_core::arith::{fold, fold_cmp, mask, signed};

use crate::code::{Op, Value};

/// What an expression can read: the thread's registers and coordinates, the
/// launch's geometry and parameters.
pub struct Env<'a> {
    pub regs: &'a [u128],
    /// Per register: the fault that left it without a value, or [`NO_FAULT`].
    pub poison: &'a [u32],
    pub tid: [u32; 3],
    pub bid: [u32; 3],
    pub block: [u32; 3],
    pub grid: [u32; 3],
    pub params: &'a [u128],
    pub fields: &'a [u128],
}

/// A register that holds a value.
pub const NO_FAULT: u32 = u32::MAX;

/// Why an expression could not be computed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EvalError {
    /// A fault of the code (an unmodelled value), by index.
    Fault(u32),
    DivisionByZero,
}

/// The value of a leaf operation (no operands), if `op` is one.
#[inline(always)]
fn leaf(op: &Op, env: &Env) -> Option<Result<u128, EvalError>> {
    Some(Ok(match op {
        Op::Const(c) => *c,
        Op::Var(i) => match env.poison.get(*i as usize) {
            Some(&f) if f != NO_FAULT => return Some(Err(EvalError::Fault(f))),
            _ => env.regs.get(*i as usize).copied().unwrap_or(0),
        },
        Op::Tid(d) => u128::from(env.tid[*d as usize]),
        Op::Bid(d) => u128::from(env.bid[*d as usize]),
        Op::BlockDim(d) => u128::from(env.block[*d as usize]),
        Op::GridDim(d) => u128::from(env.grid[*d as usize]),
        Op::Param(i) => env.params.get(*i as usize).copied().unwrap_or(0),
        Op::Field(i) => env.fields.get(*i as usize).copied().unwrap_or(0),
        _ => return None,
    }))
}

/// The value of `v` in `env`; `scratch` holds the intermediate results.
pub fn eval(v: &Value, env: &Env, scratch: &mut Vec<u128>) -> Result<u128, EvalError> {
    // Most values are one leaf (a register, a constant, an index).
    if let [op] = v.ops.as_slice() {
        if let Some(r) = leaf(op, env) {
            return r;
        }
    }
    scratch.clear();
    for op in &v.ops {
        let s = |i: &u32| scratch[*i as usize];
        if let Some(r) = leaf(op, env) {
            scratch.push(r?);
            continue;
        }
        let r = match op {
            Op::Not(a) => 1 - (s(a) & 1),
            Op::And(a, b) => s(a) & s(b),
            Op::Or(a, b) => s(a) | s(b),
            Op::Ite(c, a, b) => {
                if s(c) != 0 {
                    s(a)
                } else {
                    s(b)
                }
            }
            Op::Bin(op, a, b, w) => fold(*op, s(a), s(b), *w).ok_or(EvalError::DivisionByZero)?,
            Op::Cmp(op, a, b, w) => u128::from(fold_cmp(*op, s(a), s(b), *w)),
            Op::Ext(sign, a, from, to) => {
                if *sign {
                    (signed(s(a), *from) as u128) & mask(*to)
                } else {
                    s(a)
                }
            }
            Op::Trunc(a, w) => s(a) & mask(*w),
            Op::Call(f, args) if args.len() <= 4 => {
                let mut vals = [0u128; 4];
                args.iter().zip(vals.iter_mut()).for_each(|(a, v)| *v = s(a));
                f.apply(&vals[..args.len()])
            }
            Op::Call(f, args) => {
                let vals: Vec<u128> = args.iter().map(s).collect();
                f.apply(&vals)
            }
            Op::Fault(i) => return Err(EvalError::Fault(*i)),
            _ => unreachable!("leaves are computed above"),
        };
        scratch.push(r);
    }
    Ok(scratch.last().copied().unwrap_or(0))
}
