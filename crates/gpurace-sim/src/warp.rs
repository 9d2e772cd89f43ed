//! What atomics and warp collectives compute, on plain values.

use gpurace_core::arith::{mask, signed};
use gpurace_ir::AtomicOp;

use crate::code::{Collective, Scalar};
use crate::funcs::{bits_of, float_of};

/// The new value an atomic stores, from the old one and its arguments
/// (CAS: compare, value; `atomicInc`/`atomicDec`: the limit).
pub fn atomic(op: AtomicOp, elem: Scalar, old: u128, args: &[u128]) -> u128 {
    let a = args.first().copied().unwrap_or(0);
    let w = elem.bits.max(1);
    let m = mask(w);
    if elem.float {
        let (x, y) = (float_of(old, w), float_of(a, w));
        return match op {
            AtomicOp::Add => bits_of(x + y, w),
            AtomicOp::Sub => bits_of(x - y, w),
            AtomicOp::Min => bits_of(x.min(y), w),
            AtomicOp::Max => bits_of(x.max(y), w),
            AtomicOp::Exch | AtomicOp::Store => a,
            AtomicOp::Cas => {
                if old == a {
                    args.get(1).copied().unwrap_or(old)
                } else {
                    old
                }
            }
            _ => old,
        };
    }
    let lt = |x: u128, y: u128| if elem.signed { signed(x, w) < signed(y, w) } else { x < y };
    match op {
        AtomicOp::Add => old.wrapping_add(a) & m,
        AtomicOp::Sub => old.wrapping_sub(a) & m,
        AtomicOp::Exch | AtomicOp::Store => a & m,
        AtomicOp::Min => {
            if lt(a, old) {
                a
            } else {
                old
            }
        }
        AtomicOp::Max => {
            if lt(old, a) {
                a
            } else {
                old
            }
        }
        AtomicOp::Inc => {
            if old >= a {
                0
            } else {
                (old + 1) & m
            }
        }
        AtomicOp::Dec => {
            if old == 0 || old > a {
                a
            } else {
                old - 1
            }
        }
        AtomicOp::Cas => {
            if old == a {
                args.get(1).copied().unwrap_or(old) & m
            } else {
                old
            }
        }
        AtomicOp::And => old & a,
        AtomicOp::Or => old | a,
        AtomicOp::Xor => old ^ a,
        AtomicOp::Load => old,
    }
}

/// The result of collective `op` for each participating lane, given each
/// lane's index in its warp and its argument values (in lane order).
///
/// A shuffle from a lane that does not take part (outside the mask, exited,
/// or out of the lane's `width` segment) gives the lane its own value, as
/// CUDA specifies for the out-of-segment case.
pub fn collective(op: Collective, lanes: &[(usize, Vec<u128>)]) -> Vec<u128> {
    let arg = |vals: &Vec<u128>, i: usize| vals.get(i).copied().unwrap_or(0);
    let value_of = |lane: usize| lanes.iter().find(|(l, _)| *l == lane).map(|(_, v)| arg(v, 0));
    let members = lanes.iter().fold(0u32, |m, (l, _)| m | 1 << l);
    let preds = lanes.iter().filter(|(_, v)| arg(v, 0) != 0).fold(0u32, |m, (l, _)| m | 1 << l);
    let all_equal = lanes.windows(2).all(|w| arg(&w[0].1, 0) == arg(&w[1].1, 0));
    let reduce = |f: fn(u128, u128) -> u128| lanes.iter().map(|(_, v)| arg(v, 0)).reduce(f).unwrap_or(0);
    lanes
        .iter()
        .map(|(lane, vals)| {
            let own = arg(vals, 0);
            let width = match vals.get(2).copied().unwrap_or(32) as usize {
                w if w.is_power_of_two() && w <= 32 => w,
                _ => 32,
            };
            let segment = lane / width * width;
            let shuffle = |src: Option<usize>| src.and_then(value_of).unwrap_or(own);
            match op {
                Collective::Shfl => {
                    let src = segment + (arg(vals, 1) as usize % width);
                    shuffle(Some(src))
                }
                Collective::ShflUp => {
                    let d = arg(vals, 1) as usize;
                    shuffle((lane - segment >= d).then(|| lane - d))
                }
                Collective::ShflDown => {
                    let d = arg(vals, 1) as usize;
                    shuffle((lane - segment + d < width).then(|| lane + d))
                }
                Collective::ShflXor => {
                    let src = lane ^ (arg(vals, 1) as usize & 31);
                    shuffle((src / width * width == segment).then_some(src))
                }
                Collective::Ballot => u128::from(preds),
                Collective::All => u128::from(preds == members),
                Collective::Any => u128::from(preds != 0),
                Collective::Uni => u128::from(preds == 0 || preds == members),
                Collective::MatchAny => {
                    u128::from(lanes.iter().filter(|(_, v)| arg(v, 0) == own).fold(0u32, |m, (l, _)| m | 1 << l))
                }
                Collective::MatchAll => {
                    if all_equal {
                        u128::from(members)
                    } else {
                        0
                    }
                }
                Collective::ReduceAdd => reduce(|a, b| (a + b) & 0xffff_ffff),
                Collective::ReduceMin => reduce(|a, b| a.min(b)),
                Collective::ReduceMax => reduce(|a, b| a.max(b)),
                Collective::ReduceAnd => reduce(|a, b| a & b),
                Collective::ReduceOr => reduce(|a, b| a | b),
                Collective::ReduceXor => reduce(|a, b| a ^ b),
                Collective::ActiveMask => u128::from(members),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lanes(values: &[u128], extra: &[u128]) -> Vec<(usize, Vec<u128>)> {
        values
            .iter()
            .enumerate()
            .map(|(l, v)| {
                let mut vals = vec![*v];
                vals.extend_from_slice(extra);
                (l, vals)
            })
            .collect()
    }

    #[test]
    fn shuffles_move_values_within_their_segment() {
        let v: Vec<u128> = (0..32).map(|x| x * 10).collect();
        let down = collective(Collective::ShflDown, &lanes(&v, &[1, 32]));
        assert_eq!(down[0], 10);
        assert_eq!(down[31], 310, "the last lane keeps its own value");
        let up = collective(Collective::ShflUp, &lanes(&v, &[2, 8]));
        assert_eq!(up[10], 80);
        assert_eq!(up[9], 90, "the first lanes of a segment keep theirs");
        let xor = collective(Collective::ShflXor, &lanes(&v, &[16, 32]));
        assert_eq!(xor[3], 190);
        let bcast = collective(Collective::Shfl, &lanes(&v, &[5, 32]));
        assert!(bcast.iter().all(|x| *x == 50));
    }

    #[test]
    fn votes_and_atomics() {
        let p = collective(Collective::Ballot, &lanes(&[1, 0, 1, 1], &[]));
        assert_eq!(p[0], 0b1101);
        assert_eq!(collective(Collective::All, &lanes(&[1, 0], &[]))[0], 0);
        let int = Scalar { bits: 32, float: false, signed: true };
        assert_eq!(atomic(AtomicOp::Inc, int, 5, &[5]), 0);
        assert_eq!(atomic(AtomicOp::Min, int, 3, &[0xffff_ffff]), 0xffff_ffff, "-1 < 3 for a signed int");
        assert_eq!(atomic(AtomicOp::Cas, int, 7, &[7, 9]), 9);
    }
}
