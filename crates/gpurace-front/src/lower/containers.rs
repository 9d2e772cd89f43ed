//! The C++ library's containers in host code, where they size launches and
//! allocations: `std::array<T, N>::size()` is `N`; a `std::vector`'s value
//! stands for its size, which its constructor sets (`std::vector<float>
//! v(n)`), `resize`, `assign`, `clear` and `push_back` change (the object is
//! assigned a new value: `v = std::vector::sized(n)`), and `size()` reads
//! (`std::vector::size(v)`). The host evaluation gives these calls their
//! meaning (`gpurace-host`'s `eval/library.rs`); anything else a method does
//! to a vector (`insert`, `erase`) leaves its size unknown. The library's
//! declarations have no body here, so without this `v.size()` lost its
//! object. Child module of `func`, sharing `FnLower`'s state.

use gpurace_ir::{BinOp, Expr, Span, Type};

use super::FnLower;
use crate::ast::{quoted, Node};

/// A vector of the given size.
pub const SIZED: &str = "std::vector::sized";
/// A vector one element longer than the argument.
pub const GROWN: &str = "std::vector::grown";
/// A vector of unknown size.
pub const CHANGED: &str = "std::vector::changed";
/// The size of the argument.
pub const SIZE: &str = "std::vector::size";

enum Container {
    Vector,
    Array(u64),
}

/// The container a type spells, `const` and references aside.
fn container(ty: &str) -> Option<Container> {
    let t = ty.trim().trim_start_matches("const ").trim_end_matches('&').trim();
    let t = t.strip_prefix("std::").unwrap_or(t);
    if t.starts_with("vector<") {
        return Some(Container::Vector);
    }
    let args = t.strip_prefix("array<")?.strip_suffix('>')?;
    // The last template argument: `std::array<std::pair<int, int>, 4>`.
    let n = args.rsplit(',').next()?.trim().trim_end_matches(['u', 'U', 'l', 'L']);
    n.parse().ok().map(Container::Array)
}

impl FnLower<'_, '_> {
    /// `obj.name(args)` in host code, for a container method the host
    /// evaluation uses; `None` for any other call.
    pub(super) fn container_method(&mut self, name: &str, obj: &Node, args: &[&Node], span: Span) -> Option<Expr> {
        if !self.is_host() {
            return None;
        }
        let size = |n: u64| Expr::int(i128::from(n), Type::ULONG);
        match (container(obj.ty())?, name) {
            (Container::Array(n), "size" | "max_size") => Some(size(n)),
            (Container::Array(n), "empty") => Some(Expr::int(i128::from(n == 0), Type::Bool)),
            (Container::Array(_), _) => None,
            (Container::Vector, "size" | "empty") => {
                let v = self.rvalue(obj);
                let n = Expr::Call { func: SIZE.into(), args: vec![v], ty: Type::ULONG };
                Some(if name == "size" { n } else { Expr::binary(BinOp::Eq, n, size(0), Type::Bool) })
            }
            (Container::Vector, "resize" | "assign" | "clear" | "push_back" | "emplace_back") => {
                let lv = self.lvalue(obj);
                let count = args.first().filter(|a| !a.ty().contains('*') && !a.ty().contains("iterator"));
                let value = match (name, count) {
                    ("clear", _) => self.sized(size(0), obj),
                    ("resize" | "assign", Some(n)) => {
                        let n = self.rvalue(n);
                        self.sized(n, obj)
                    }
                    ("push_back" | "emplace_back", _) => {
                        let v = self.load(lv.clone(), span);
                        Expr::Call { func: GROWN.into(), args: vec![v], ty: self.types.parse(obj.ty()) }
                    }
                    _ => Expr::Call { func: CHANGED.into(), args: Vec::new(), ty: self.types.parse(obj.ty()) },
                };
                // `threads.emplace_back(f, args...)` constructs a thread that
                // runs `f` (`invoke.rs`).
                let thread = name == "emplace_back" && self.thread_emplace(obj, args, span);
                let skip = if thread { args.len() } else { usize::from(name != "push_back" && name != "emplace_back") };
                for a in args.iter().skip(skip) {
                    let _ = self.rvalue(a);
                }
                self.store(&lv, value, span);
                Some(Expr::int(0, Type::Void))
            }
            (Container::Vector, "insert" | "erase" | "pop_back" | "emplace" | "swap" | "shrink_to_fit") => {
                let lv = self.lvalue(obj);
                for a in args {
                    let _ = self.rvalue(a);
                }
                let changed = Expr::Call { func: CHANGED.into(), args: Vec::new(), ty: self.types.parse(obj.ty()) };
                self.store(&lv, changed, span);
                // What these return (an iterator) is not used for sizes.
                Some(Expr::Unknown { reason: format!("the result of `{name}`"), span, ty: Type::ULONG })
            }
            (Container::Vector, _) => None,
        }
    }

    /// `std::vector<T> v(n)` (and `v(n, x)`, `v()`) in host code: a vector
    /// of that size; another constructor (a list, a range) gives one of
    /// unknown size. `None` for another type. A copy is the copied value
    /// (`rvalue` of the construction sees to it).
    pub(super) fn container_construct(&mut self, n: &Node, args: &[Expr], ty: &Type) -> Option<Expr> {
        if !self.is_host() || !matches!(container(n.ty())?, Container::Vector) {
            return None;
        }
        let sig = quoted(&n.text).last().copied().unwrap_or("");
        let value = if sig.starts_with("void (size_type") {
            Expr::Call { func: SIZED.into(), args: args.iter().take(1).cloned().collect(), ty: ty.clone() }
        } else if sig.starts_with("void ()") {
            Expr::Call { func: SIZED.into(), args: vec![Expr::int(0, Type::ULONG)], ty: ty.clone() }
        } else {
            Expr::Call { func: CHANGED.into(), args: Vec::new(), ty: ty.clone() }
        };
        Some(value)
    }

    fn sized(&mut self, n: Expr, obj: &Node) -> Expr {
        Expr::Call { func: SIZED.into(), args: vec![n], ty: self.types.parse(obj.ty()) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn containers_are_recognised_by_their_type() {
        assert!(matches!(container("std::vector<float>"), Some(Container::Vector)));
        assert!(matches!(container("const std::vector<int> &"), Some(Container::Vector)));
        assert!(matches!(container("std::array<int, 5>"), Some(Container::Array(5))));
        assert!(matches!(container("std::array<std::pair<int, int>, 4UL>"), Some(Container::Array(4))));
        assert!(container("std::array<int, N>").is_none());
        assert!(container("std::list<int>").is_none());
        assert!(container("thrust::device_vector<float>").is_none());
    }
}
