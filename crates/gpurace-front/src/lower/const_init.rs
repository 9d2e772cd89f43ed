//! The value of a namespace-scope constant's initializer, when clang did not
//! fold it in the dump (it folds only `constexpr` variables): arithmetic,
//! comparisons and `?:` on literals, earlier constants and template
//! arguments, as macros write them:
//!
//! ```c
//! #define klog2(n) ((n < 8) ? 2 : ((n < 16) ? 3 : ...))
//! const int n = 1 << (klog2(user_n) + 1);
//! static const int Ratio = veclen_;   // in a class template's specialization
//! ```
//!
//! `None` for anything else (a call, a float, a division by zero).

use std::collections::HashMap;

use crate::ast::Node;

/// The integer value of `n`, given the values of earlier constants by the
/// address of their declaration.
pub(super) fn value(n: &Node, constants: &HashMap<u64, i128>) -> Option<i128> {
    let v = signed_value(n, constants)?;
    // The arithmetic is on mathematical integers: an unsigned result below
    // zero (`0u - 1`, `~0u`) wraps in C, so it is not this value.
    let unsigned = n.ty().starts_with("unsigned") || n.ty().contains("size_t");
    (!unsigned || v >= 0).then_some(v)
}

fn signed_value(n: &Node, constants: &HashMap<u64, i128>) -> Option<i128> {
    if n.kind == "value:" {
        return n.text.strip_prefix("Int ").and_then(|v| v.trim().parse().ok());
    }
    if n.kind == "IntegerLiteral" {
        return n.text.rsplit(' ').next().and_then(|v| v.parse().ok());
    }
    let mut operands = n.children.iter().filter(|c| !c.kind.ends_with(':'));
    match n.kind.as_str() {
        // `static const int Ratio = veclen_;` in a class template's
        // specialization: the template argument, substituted.
        "ImplicitCastExpr" | "ConstantExpr" | "ParenExpr" | "SubstNonTypeTemplateParmExpr" => {
            n.children.iter().find_map(|c| value(c, constants))
        }
        "DeclRefExpr" => constants.get(&n.referenced()?.1).copied(),
        "BinaryOperator" => {
            let a = value(operands.next()?, constants)?;
            let b = value(operands.next()?, constants)?;
            binary(operator(n)?, a, b)
        }
        "UnaryOperator" => {
            let a = value(operands.next()?, constants)?;
            match operator(n)? {
                "-" => a.checked_neg(),
                "+" => Some(a),
                "~" => Some(!a),
                "!" => Some(i128::from(a == 0)),
                _ => None,
            }
        }
        "ConditionalOperator" => {
            let c = value(operands.next()?, constants)?;
            let (then, otherwise) = (operands.next()?, operands.next()?);
            value(if c != 0 { then } else { otherwise }, constants)
        }
        _ => None,
    }
}

/// The operator an operator node's text ends with: `'int' '<<'` is `<<`.
fn operator(n: &Node) -> Option<&str> {
    n.text.rsplit('\'').nth(1)
}

fn binary(op: &str, a: i128, b: i128) -> Option<i128> {
    let truth = |c: bool| Some(i128::from(c));
    match op {
        "+" => a.checked_add(b),
        "-" => a.checked_sub(b),
        "*" => a.checked_mul(b),
        "/" if b != 0 => Some(a / b),
        "%" if b != 0 => Some(a % b),
        "<<" if (0..64).contains(&b) => a.checked_mul(1i128 << b),
        ">>" if (0..64).contains(&b) => Some(a >> b),
        "&" => Some(a & b),
        "|" => Some(a | b),
        "^" => Some(a ^ b),
        "<" => truth(a < b),
        "<=" => truth(a <= b),
        ">" => truth(a > b),
        ">=" => truth(a >= b),
        "==" => truth(a == b),
        "!=" => truth(a != b),
        "&&" => truth(a != 0 && b != 0),
        "||" => truth(a != 0 || b != 0),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::binary;

    #[test]
    fn operators_follow_c() {
        assert_eq!(binary("/", -7, 2), Some(-3));
        assert_eq!(binary("%", -7, 2), Some(-1));
        assert_eq!(binary("<", 3, 8), Some(1));
        assert_eq!(binary("||", 0, 0), Some(0));
        assert_eq!(binary("<<", 1, 70), None);
        assert_eq!(binary("/", 1, 0), None);
    }
}
