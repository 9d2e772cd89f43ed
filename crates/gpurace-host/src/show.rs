//! Host terms as C-like text for reports: `(n + 255) / 256`.

use gpurace_core::arith;
use gpurace_core::term::{BvOp, CmpOp, Leaf, Node, T};
use gpurace_core::HostValue;

/// The longest rendering kept whole; a longer one (a host value built
/// through thousands of operations) is cut, with `...` saying so.
const MAX_LEN: usize = 200;

/// `x` for a 1-D launch, `(x, y, z)` otherwise.
pub fn dims(d: &[T; 3], values: &[HostValue]) -> String {
    let parts: Vec<String> = d.iter().map(|x| show(x, values)).collect();
    if parts[1] == "1" && parts[2] == "1" {
        parts[0].clone()
    } else {
        format!("({})", parts.join(", "))
    }
}

pub fn show(term: &T, values: &[HostValue]) -> String {
    let mut s = render(term, values, 0);
    if s.chars().count() > MAX_LEN {
        s = s.chars().take(MAX_LEN).collect::<String>() + "...";
    }
    s
}

/// The short name of a host value: `n` for `n = atoi(...)`.
fn name(v: &HostValue) -> String {
    let full = v.name.as_str();
    full[..short_len(full)].to_string()
}

fn short_len(full: &str) -> usize {
    full.find(" = ").or_else(|| full.find(" (")).unwrap_or(full.len())
}

/// Gives the named values that share a short name distinct ones, so that a
/// launch's text and its witness never show one name for two values: the
/// second `cols` (an uninitialised copy, a value of another call) is `cols#2`,
/// the second `an unmodelled value` is `an unmodelled value #2`. Values
/// without a name (not shown) are left alone.
pub fn distinct_names(values: &mut [HostValue]) {
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for v in values.iter_mut().filter(|v| !v.name.is_empty()) {
        let cut = short_len(&v.name);
        let short = v.name[..cut].to_string();
        let k = seen.entry(short.clone()).or_insert(0);
        *k += 1;
        if *k > 1 {
            let mark = if short.contains(' ') { format!(" #{k}") } else { format!("#{k}") };
            v.name.insert_str(cut, &mark);
        }
    }
}

fn render(term: &T, values: &[HostValue], depth: usize) -> String {
    if depth > 48 {
        return "...".into();
    }
    let r = |x: &T| render(x, values, depth + 1);
    match &term.node {
        Node::Bool(b) => b.to_string(),
        Node::Const(c) => {
            // Negative where that is the shorter reading: -1, -16777216 in
            // 64 bits (a float's precision bound), not 4294967295 in 32.
            let s = arith::signed(*c, term.width);
            let small = -(1i128 << (term.width / 2).clamp(16, 32));
            if s < 0 && s > small {
                s.to_string()
            } else {
                c.to_string()
            }
        }
        Node::Leaf(Leaf::Host(i)) => values.get(*i as usize).map(name).unwrap_or_else(|| format!("h{i}")),
        Node::Leaf(l) => format!("{l:?}"),
        Node::Not(a) => match &a.node {
            Node::Cmp(CmpOp::Eq, x, y) => format!("{} != {}", r(x), r(y)),
            Node::Leaf(_) | Node::Uf(..) => format!("!{}", r(a)),
            _ => format!("!({})", r(a)),
        },
        Node::And(a, b) => format!("({} && {})", r(a), r(b)),
        Node::Or(a, b) => format!("({} || {})", r(a), r(b)),
        Node::Ite(c, a, b) => format!("({} ? {} : {})", r(c), r(a), r(b)),
        Node::Bin(op, a, b) => {
            let sym = match op {
                BvOp::Add => "+",
                BvOp::Sub => "-",
                BvOp::Mul => "*",
                BvOp::UDiv | BvOp::SDiv => "/",
                BvOp::URem | BvOp::SRem => "%",
                BvOp::Shl => "<<",
                BvOp::LShr | BvOp::AShr => ">>",
                BvOp::And => "&",
                BvOp::Or => "|",
                BvOp::Xor => "^",
            };
            let wrap = |x: &T| match &x.node {
                Node::Bin(..) | Node::Cmp(..) | Node::Not(..) => format!("({})", r(x)),
                _ => r(x),
            };
            format!("{} {sym} {}", wrap(a), wrap(b))
        }
        Node::Cmp(CmpOp::SMulFits, a, b) => format!("{} * {} fits", r(a), r(b)),
        Node::Cmp(op, a, b) => {
            let sym = match op {
                CmpOp::Eq => "==",
                CmpOp::Ult | CmpOp::Slt => "<",
                CmpOp::Ule | CmpOp::Sle => "<=",
                CmpOp::SMulFits => "*fits",
            };
            // An operand that is itself an operation keeps its parentheses:
            // `!(rows <= 0) <= 1`, never `!rows <= 0 <= 1`.
            let wrap = |x: &T| match &x.node {
                Node::Bin(..) | Node::Cmp(..) | Node::Not(..) => format!("({})", r(x)),
                _ => r(x),
            };
            format!("{} {sym} {}", wrap(a), wrap(b))
        }
        Node::Ext(_, a) | Node::Trunc(a) => r(a),
        Node::Uf(f, args) => format!("{f}({})", args.iter().map(r).collect::<Vec<_>>().join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gpurace_core::term::{self as t, Deps};
    use gpurace_core::Origin;

    #[test]
    fn host_terms_print_as_c() {
        let values = vec![HostValue { name: "n".into(), width: 32, signed: true, origin: Origin::Input, span: None }];
        let n = t::leaf(Leaf::Host(0), 32, Deps::default());
        let grid = t::bin(BvOp::SDiv, &t::add(&n, &t::constant(255, 32)), &t::constant(256, 32));
        assert_eq!(show(&grid, &values), "(n + 255) / 256");
        let one = t::constant(1, 32);
        assert_eq!(dims(&[grid.clone(), one.clone(), one.clone()], &values), "(n + 255) / 256");
        assert_eq!(dims(&[one.clone(), t::constant(2, 32), one], &values), "(1, 2, 1)");
        assert_eq!(show(&t::constant_i(-1, 32), &values), "-1");
        assert_eq!(show(&t::constant_i(-16_777_216, 64), &values), "-16777216");
        assert_eq!(show(&t::not(&t::eq(&n, &t::constant(0, 32))), &values), "n != 0");
        assert_eq!(show(&t::not(&t::cmp(CmpOp::Slt, &n, &t::constant(0, 32))), &values), "!(n < 0)");
        assert_eq!(show(&t::constant(u128::from(u32::MAX - 70_000), 32), &values), "4294897295");
        // Two values of one name are told apart.
        let value =
            |name: &str| HostValue { name: name.into(), width: 32, signed: true, origin: Origin::Input, span: None };
        let mut two = vec![
            value("cols (uninitialised)"),
            value("cols = 4"),
            value("an unmodelled value"),
            value("an unmodelled value"),
        ];
        distinct_names(&mut two);
        let names: Vec<&str> = two.iter().map(|v| v.name.as_str()).collect();
        assert_eq!(names, ["cols (uninitialised)", "cols#2 = 4", "an unmodelled value", "an unmodelled value #2"]);
        // Operands that are operations keep their parentheses, and a long
        // expression is printed whole.
        let negated = t::not(&t::cmp(CmpOp::Sle, &n, &t::constant(0, 32)));
        let picked = t::ite(&negated, &n, &t::constant(1, 32));
        assert_eq!(show(&picked, &values), "(!(n <= 0) ? n : 1)");
        let mut long = n.clone();
        for k in 0..12u128 {
            long = t::add(&t::mul(&long, &t::constant(3, 32)), &t::constant(k + 1, 32));
        }
        assert!(!show(&long, &values).contains("..."), "{}", show(&long, &values));
    }
}
