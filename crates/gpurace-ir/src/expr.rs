use serde::{Deserialize, Serialize};

use crate::{Base, SharedId, Span, Type, VarId};

/// One of the three dimensions of CUDA's index variables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Dim {
    X,
    Y,
    Z,
}

/// CUDA's built-in per-thread values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Builtin {
    ThreadIdx(Dim),
    BlockIdx(Dim),
    BlockDim(Dim),
    GridDim(Dim),
    WarpSize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum UnOp {
    Neg,
    Not,
    BitNot,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Shl,
    Shr,
    And,
    Or,
    Xor,
    LAnd,
    LOr,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Min,
    Max,
}

impl BinOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Rem => "%",
            BinOp::Shl => "<<",
            BinOp::Shr => ">>",
            BinOp::And => "&",
            BinOp::Or => "|",
            BinOp::Xor => "^",
            BinOp::LAnd => "&&",
            BinOp::LOr => "||",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::Min => "min",
            BinOp::Max => "max",
        }
    }

    pub fn is_comparison(self) -> bool {
        matches!(self, BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge)
    }
}

/// A pure expression. Memory is never read inside an expression: a read is a
/// `Stmt::Read` that defines a variable, and the expression uses the variable.
///
/// Every operator carries the C type of its result, so `unsigned` wrap-around,
/// 64-bit `size_t` arithmetic and signed division can be modelled exactly.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Expr {
    Int {
        value: i128,
        ty: Type,
    },
    Float {
        value: f64,
        ty: Type,
    },
    Var(VarId),
    /// A kernel or host-function parameter, by position.
    Param(u32),
    Builtin(Builtin),
    Unary {
        op: UnOp,
        arg: Box<Expr>,
        ty: Type,
    },
    Binary {
        op: BinOp,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
        ty: Type,
    },
    Cast {
        ty: Type,
        arg: Box<Expr>,
    },
    Select {
        cond: Box<Expr>,
        then: Box<Expr>,
        els: Box<Expr>,
        ty: Type,
    },
    /// A pointer: `base` plus a byte offset.
    Addr {
        base: Box<Base>,
        offset: Box<Expr>,
        ty: Type,
    },
    /// The address of a `__shared__` variable (shorthand used by `Base`).
    SharedAddr(SharedId),
    /// A field of a struct value (a by-value struct parameter, `s.n`).
    Field {
        value: Box<Expr>,
        field: String,
        ty: Type,
    },
    /// A call to a function without a body that the lowering treats as pure
    /// (device math, `__popc`, `atoi` on the host...). Its result is opaque.
    Call {
        func: String,
        args: Vec<Expr>,
        ty: Type,
    },
    /// Something the lowering does not model; analyses over-approximate it and
    /// mark whatever depends on it `approximate`.
    Unknown {
        reason: String,
        span: Span,
        ty: Type,
    },
}

impl Expr {
    pub fn int(value: i128, ty: Type) -> Expr {
        Expr::Int { value, ty }
    }

    pub fn binary(op: BinOp, lhs: Expr, rhs: Expr, ty: Type) -> Expr {
        Expr::Binary { op, lhs: Box::new(lhs), rhs: Box::new(rhs), ty }
    }

    pub fn as_int(&self) -> Option<i128> {
        match self {
            Expr::Int { value, .. } => Some(*value),
            _ => None,
        }
    }

    /// The C type the expression carries itself; `None` for variables and
    /// parameters (their declarations hold it) and for shared addresses.
    pub fn own_type(&self) -> Option<&Type> {
        match self {
            Expr::Int { ty, .. }
            | Expr::Float { ty, .. }
            | Expr::Unary { ty, .. }
            | Expr::Binary { ty, .. }
            | Expr::Cast { ty, .. }
            | Expr::Select { ty, .. }
            | Expr::Addr { ty, .. }
            | Expr::Field { ty, .. }
            | Expr::Call { ty, .. }
            | Expr::Unknown { ty, .. } => Some(ty),
            Expr::Builtin(_) => Some(&Type::UINT),
            Expr::Var(_) | Expr::Param(_) | Expr::SharedAddr(_) => None,
        }
    }

    /// Whether the expression (transitively) contains an `Unknown`.
    pub fn has_unknown(&self) -> bool {
        let mut found = false;
        self.visit(&mut |e| found |= matches!(e, Expr::Unknown { .. }));
        found
    }

    /// Calls `f` on this expression and every sub-expression, pre-order,
    /// with leave to change them (the expression of a dynamic base included).
    pub fn visit_mut(&mut self, f: &mut dyn FnMut(&mut Expr)) {
        f(self);
        match self {
            Expr::Unary { arg, .. } | Expr::Cast { arg, .. } => arg.visit_mut(f),
            Expr::Field { value, .. } => value.visit_mut(f),
            Expr::Binary { lhs, rhs, .. } => {
                lhs.visit_mut(f);
                rhs.visit_mut(f);
            }
            Expr::Select { cond, then, els, .. } => {
                cond.visit_mut(f);
                then.visit_mut(f);
                els.visit_mut(f);
            }
            Expr::Addr { base, offset, .. } => {
                if let Base::Dynamic(e) = base.as_mut() {
                    e.visit_mut(f);
                }
                offset.visit_mut(f);
            }
            Expr::Call { args, .. } => args.iter_mut().for_each(|a| a.visit_mut(f)),
            Expr::Int { .. }
            | Expr::Float { .. }
            | Expr::Var(_)
            | Expr::Param(_)
            | Expr::Builtin(_)
            | Expr::SharedAddr(_)
            | Expr::Unknown { .. } => {}
        }
    }

    /// Calls `f` on this expression and every sub-expression, pre-order.
    pub fn visit(&self, f: &mut dyn FnMut(&Expr)) {
        f(self);
        match self {
            Expr::Unary { arg, .. } | Expr::Cast { arg, .. } => arg.visit(f),
            Expr::Field { value, .. } => value.visit(f),
            Expr::Binary { lhs, rhs, .. } => {
                lhs.visit(f);
                rhs.visit(f);
            }
            Expr::Select { cond, then, els, .. } => {
                cond.visit(f);
                then.visit(f);
                els.visit(f);
            }
            Expr::Addr { base, offset, .. } => {
                if let Base::Dynamic(e) = base.as_ref() {
                    e.visit(f);
                }
                offset.visit(f);
            }
            Expr::Call { args, .. } => args.iter().for_each(|a| a.visit(f)),
            Expr::Int { .. }
            | Expr::Float { .. }
            | Expr::Var(_)
            | Expr::Param(_)
            | Expr::Builtin(_)
            | Expr::SharedAddr(_)
            | Expr::Unknown { .. } => {}
        }
    }
}
