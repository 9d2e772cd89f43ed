use serde::{Deserialize, Serialize};

/// A C type as far as the analyses need it: scalars with their width and
/// signedness, pointers, arrays, and records by name (layout in
/// [`crate::Program::records`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Type {
    Void,
    Bool,
    Int {
        bits: u8,
        signed: bool,
    },
    Float {
        bits: u8,
    },
    Ptr(Box<Type>),
    Array {
        elem: Box<Type>,
        len: Option<u64>,
    },
    Record {
        name: String,
        size: u64,
        align: u64,
    },
    /// A type the front-end does not model; `size` when clang's layout is known.
    Opaque {
        name: String,
        size: Option<u64>,
    },
}

impl Type {
    pub const INT: Type = Type::Int { bits: 32, signed: true };
    pub const UINT: Type = Type::Int { bits: 32, signed: false };
    pub const LONG: Type = Type::Int { bits: 64, signed: true };
    pub const ULONG: Type = Type::Int { bits: 64, signed: false };

    /// Size in bytes, `None` when unknown (opaque types, unsized arrays).
    pub fn size(&self) -> Option<u64> {
        match self {
            Type::Void => Some(1),
            Type::Bool => Some(1),
            Type::Int { bits, .. } | Type::Float { bits } => Some(u64::from(*bits) / 8),
            Type::Ptr(_) => Some(8),
            Type::Array { elem, len } => elem.size()?.checked_mul((*len)?),
            Type::Record { size, .. } => Some(*size),
            Type::Opaque { size, .. } => *size,
        }
    }

    /// Alignment in bytes (natural alignment of scalars).
    pub fn align(&self) -> u64 {
        match self {
            Type::Array { elem, .. } => elem.align(),
            Type::Record { align, .. } => *align,
            Type::Opaque { size, .. } => size.unwrap_or(1).clamp(1, 16),
            other => other.size().unwrap_or(1).max(1),
        }
    }

    pub fn is_integer(&self) -> bool {
        matches!(self, Type::Int { .. } | Type::Bool)
    }

    pub fn is_pointer(&self) -> bool {
        matches!(self, Type::Ptr(_))
    }

    pub fn pointee(&self) -> Option<&Type> {
        match self {
            Type::Ptr(t) => Some(t),
            Type::Array { elem, .. } => Some(elem),
            _ => None,
        }
    }
}

/// One field of a record, at a byte offset.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Field {
    pub name: String,
    pub ty: Type,
    pub offset: u64,
}

/// The layout of a struct or class used by the program.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    pub name: String,
    pub size: u64,
    pub align: u64,
    pub fields: Vec<Field>,
}
