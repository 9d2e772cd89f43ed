//! What the form of a term says, without a solver: the coefficient of
//! `threadIdx.x` in an affine address, an address modulo a power of two, an
//! element index scaled to a byte offset, and the facts that the arithmetic
//! under a widening does not wrap. The pruning rules and the query encoding
//! read them.

use gpurace_core::arith::{mask, signed};
use gpurace_core::term::{bin, eq, resize, visit, BvOp, Leaf, Node, Term, T};

/// Facts saying that the arithmetic under every widening in `t` does not wrap
/// around: `(i64)(y * w + x)` equals `(i64)y * (i64)w + (i64)x`. An address
/// whose index wraps is an overflow, not a collision a program means.
pub fn no_wrap_facts(t: &T, out: &mut Vec<T>, seen: &mut std::collections::HashSet<*const Term>) {
    visit(t, seen, &mut |n| {
        match &n.node {
            Node::Ext(signed_, inner) if is_arith(inner) => {
                let wide = (2 * inner.width + 2).min(128);
                out.push(eq(&resize(inner, wide, *signed_), &lift(inner, wide, *signed_)));
            }
            // A 64-bit offset scaled down and narrowed into an index
            // (`(int)(((int64_t)row * d) >> 2)`, an element offset in
            // `float4` units) keeps its value as a signed number: a 32-bit
            // index past 2^31 is an array of over 2 Gi elements, and a
            // collision that needs one is an index overflow.
            Node::Trunc(inner)
                if matches!(&inner.node, Node::Bin(BvOp::AShr | BvOp::LShr | BvOp::SDiv | BvOp::UDiv, ..)) =>
            {
                out.push(eq(&resize(n, inner.width, true), inner));
            }
            _ => {}
        }
        true
    });
}

/// Facts saying that the byte offset `t` does not wrap where it scales a
/// 64-bit element index by a constant element size (`j * 4` for a `size_t`
/// `j`): as a signed value the exact product fits in 64 bits. An index whose
/// scaled offset wraps lies past every allocation (the address space is far
/// below 2^63 bytes), so an access that needs it is invalid, not a
/// collision. Only the sums and differences at the top of the offset are
/// followed; a product under a narrower extension is `no_wrap_facts`' case.
pub fn scale_facts(t: &T, out: &mut Vec<T>) {
    if t.width != 64 {
        return;
    }
    match &t.node {
        Node::Bin(BvOp::Add | BvOp::Sub, a, b) => {
            scale_facts(a, out);
            scale_facts(b, out);
        }
        Node::Bin(BvOp::Mul | BvOp::Shl, a, b) if b.as_const().is_some() || a.as_const().is_some() => {
            // A 32-bit index extended to 64 bits cannot wrap there.
            let narrow = |x: &T| matches!(&x.node, Node::Ext(_, e) if e.width <= 32);
            if !(narrow(a) || narrow(b)) {
                out.push(eq(&resize(t, 128, true), &lift(t, 128, true)));
            }
        }
        _ => {}
    }
}

/// `blockIdx.d * blockDim.d` (either order), at 32 bits.
fn is_block_product(t: &T) -> bool {
    let Node::Bin(BvOp::Mul, a, b) = &t.node else { return false };
    let dim = |x: &T| match &x.node {
        Node::Leaf(Leaf::Bid(d)) => Some((0, *d)),
        Node::Leaf(Leaf::BlockDim(d)) => Some((1, *d)),
        _ => None,
    };
    t.width == 32 && matches!((dim(a), dim(b)), (Some((i, d)), Some((j, e))) if i != j && d == e)
}

fn is_arith(t: &T) -> bool {
    matches!(&t.node, Node::Bin(BvOp::Add | BvOp::Sub | BvOp::Mul | BvOp::Shl, ..))
}

/// `t` computed at `wide` bits, its operands extended with `signed_`.
/// `blockIdx * blockDim` is taken as it is: it is below 2^31 (the common
/// facts bound `blockDim * gridDim`), so it does not wrap, and multiplying
/// it out at `wide` bits would only cost the solver a wide multiplier.
fn lift(t: &T, wide: u32, signed_: bool) -> T {
    if is_block_product(t) {
        return resize(t, wide, signed_);
    }
    match &t.node {
        Node::Bin(op @ (BvOp::Add | BvOp::Sub | BvOp::Mul | BvOp::Shl), a, b) => {
            let b = if *op == BvOp::Shl { resize(b, wide, false) } else { lift(b, wide, signed_) };
            bin(*op, &lift(a, wide, signed_), &b)
        }
        _ => resize(t, wide, signed_),
    }
}

/// The coefficient `c` when `t` is `c * threadIdx.x + d` with `d` the same for
/// every thread (through extensions, truncations, sums, constant products and
/// shifts); `None` when it depends on the thread in another way.
pub fn lane_coefficient(t: &T) -> Option<i128> {
    if !t.deps.thread {
        return Some(0);
    }
    let c = match &t.node {
        Node::Leaf(Leaf::Tid(0)) => 1,
        Node::Ext(_, a) | Node::Trunc(a) => lane_coefficient(a)?,
        Node::Bin(BvOp::Add, a, b) => lane_coefficient(a)?.checked_add(lane_coefficient(b)?)?,
        Node::Bin(BvOp::Sub, a, b) => lane_coefficient(a)?.checked_sub(lane_coefficient(b)?)?,
        Node::Bin(BvOp::Mul, a, b) => match (a.as_const(), b.as_const()) {
            (_, Some(k)) => lane_coefficient(a)?.checked_mul(signed(k, b.width))?,
            (Some(k), _) => lane_coefficient(b)?.checked_mul(signed(k, a.width))?,
            _ => return None,
        },
        Node::Bin(BvOp::Shl, a, b) => {
            let k = b.as_const().filter(|k| *k < 32)?;
            lane_coefficient(a)?.checked_mul(1 << k)?
        }
        _ => return None,
    };
    // Large coefficients could wrap around between two lanes.
    (c.abs() < 1 << 20).then_some(c)
}

/// `t` as `ext(e) * c` with a constant `c`: an element index scaled to a
/// byte offset. Returns `e`, whether the extension is signed, and `c`; the
/// product is exact (does not wrap) when `e` is at most 32 bits wide and `t`
/// at least 64. A 64-bit `e * c` (no extension) counts as signed: it is exact
/// under [`scale_facts`].
pub fn scaled_index(t: &T) -> Option<(&T, bool, u128)> {
    let Node::Bin(BvOp::Mul, x, y) = &t.node else { return None };
    let (ext, c) = match (x.as_const(), y.as_const()) {
        (None, Some(c)) => (x, c),
        (Some(c), None) => (y, c),
        _ => return None,
    };
    if !(t.width >= 64 && c > 0 && c < 1 << 16) {
        return None;
    }
    match &ext.node {
        Node::Ext(signed, e) if e.width <= 32 => Some((e, *signed, c)),
        // A 64-bit index: exact under [`scale_facts`], which its queries hold.
        _ if ext.width == 64 && t.width == 64 => Some((ext, true, c)),
        _ => None,
    }
}

/// `t mod 2^bits` as `c * threadIdx.x + d` (`c`, `d` reduced mod 2^bits),
/// when every other value in `t` is multiplied by a multiple of 2^bits
/// (loop counters times a row length, say) or is a constant; `block` is the
/// value of `blockDim.x`. Exact under wrap-around: 2^bits divides 2^width for
/// every width at least `bits`.
pub fn residue(t: &T, bits: u32, block: u128) -> Option<(u128, u128)> {
    if bits == 0 {
        return Some((0, 0));
    }
    let m = mask(bits);
    if t.width != 0 && t.width < bits {
        return None;
    }
    let constant_of = |x: &T| match x.node {
        Node::Const(v) => Some(v),
        Node::Leaf(Leaf::BlockDim(0)) => Some(block),
        _ => None,
    };
    // `x * k` mod 2^bits needs `x` only mod 2^(bits - z), z the trailing zeros
    // of k: loop counters times a row length vanish.
    let scaled = |x: &T, k: u128, z: u32| -> Option<(u128, u128)> {
        if z >= bits {
            return Some((0, 0));
        }
        let (c, d) = residue(x, bits - z, block)?;
        Some((c.wrapping_mul(k) & m, d.wrapping_mul(k) & m))
    };
    let r = match &t.node {
        Node::Const(v) => (0, v & m),
        Node::Leaf(Leaf::Tid(0)) => (1, 0),
        Node::Leaf(Leaf::BlockDim(0)) => (0, block & m),
        Node::Ext(_, a) | Node::Trunc(a) => residue(a, bits, block)?,
        Node::Bin(op @ (BvOp::Add | BvOp::Sub), a, b) => {
            let (ca, da) = residue(a, bits, block)?;
            let (cb, db) = residue(b, bits, block)?;
            if *op == BvOp::Add {
                (ca.wrapping_add(cb) & m, da.wrapping_add(db) & m)
            } else {
                (ca.wrapping_sub(cb) & m, da.wrapping_sub(db) & m)
            }
        }
        Node::Bin(BvOp::Mul, a, b) => match (constant_of(a), constant_of(b)) {
            (_, Some(k)) if k != 0 => scaled(a, k, k.trailing_zeros())?,
            (Some(k), _) if k != 0 => scaled(b, k, k.trailing_zeros())?,
            (_, Some(_)) | (Some(_), _) => (0, 0),
            _ => return None,
        },
        Node::Bin(BvOp::Shl, a, b) => {
            let k = b.as_const().filter(|k| *k < 128)?;
            if k >= u128::from(bits) {
                (0, 0)
            } else {
                scaled(a, 1 << k, k as u32)?
            }
        }
        _ => return None,
    };
    Some(r)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use gpurace_core::term::{add, bin, constant, leaf, mul, Deps};

    use super::*;

    #[test]
    fn scaled_index_finds_the_element_index() {
        let i = leaf(Leaf::Param(0), 32, Deps::default());
        let offset = mul(&resize(&i, 64, true), &constant(4, 64));
        let (e, signed, c) = scaled_index(&offset).expect("ext(i) * 4");
        assert!(Arc::ptr_eq(e, &i) && signed && c == 4);
        // Not an index times a constant: no index.
        assert!(scaled_index(&add(&offset, &constant(8, 64))).is_none());
        assert!(scaled_index(&mul(&resize(&i, 64, true), &resize(&i, 64, true))).is_none());
        // A 64-bit index is its own element index (exact under `scale_facts`).
        let j = leaf(Leaf::Param(1), 64, Deps::default());
        let offset = mul(&j, &constant(8, 64));
        let (e, signed, c) = scaled_index(&offset).expect("j * 8");
        assert!(Arc::ptr_eq(e, &j) && signed && c == 8);
    }

    #[test]
    fn scale_facts_cover_64_bit_indices_only() {
        let i = leaf(Leaf::Param(0), 32, Deps::default());
        let j = leaf(Leaf::Param(1), 64, Deps::default());
        let mut out = Vec::new();
        // `ext(i) * 4 + j * 4`: the 32-bit index cannot wrap, the 64-bit one
        // gets the fact that its product fits.
        scale_facts(&add(&mul(&resize(&i, 64, true), &constant(4, 64)), &mul(&j, &constant(4, 64))), &mut out);
        assert_eq!(out.len(), 1);
        assert!(out[0].deps.thread == j.deps.thread);
        // Not a 64-bit offset: nothing.
        out.clear();
        scale_facts(&mul(&i, &constant(4, 32)), &mut out);
        assert!(out.is_empty());
    }

    #[test]
    fn lane_coefficients() {
        let tid = leaf(Leaf::Tid(0), 32, Deps::default());
        let n = leaf(Leaf::Param(0), 32, Deps::default());
        // (i64)(tid + n) * 4
        let offset = mul(&resize(&add(&tid, &n), 64, false), &constant(4, 64));
        assert_eq!(lane_coefficient(&offset), Some(4));
        // tid * tid is not affine; blockIdx.x is another per-thread value.
        assert_eq!(lane_coefficient(&mul(&tid, &tid)), None);
        assert_eq!(lane_coefficient(&add(&tid, &leaf(Leaf::Bid(0), 32, Deps::default()))), None);
        assert_eq!(lane_coefficient(&bin(BvOp::Shl, &tid, &constant(3, 32))), Some(8));
    }

    #[test]
    fn residues_ignore_multiples_of_the_modulus() {
        let tid = leaf(Leaf::Tid(0), 32, Deps::default());
        let k = leaf(Leaf::Fresh(0), 32, Deps::default());
        let block = leaf(Leaf::BlockDim(0), 32, Deps::default());
        // (i64)(k * blockDim.x + tid) * 4 with blockDim.x = 256: mod 1024 it is 4 * tid.
        let offset = mul(&resize(&add(&mul(&k, &block), &tid), 64, true), &constant(4, 64));
        assert_eq!(residue(&offset, 10, 256), Some((4, 0)));
        // mod 2^12 the loop counter shows: no residue.
        assert_eq!(residue(&offset, 12, 256), None);
        assert_eq!(residue(&mul(&k, &tid), 10, 256), None);
    }
}
