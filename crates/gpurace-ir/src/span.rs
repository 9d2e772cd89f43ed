use serde::{Deserialize, Serialize};

/// Index into [`crate::Program::files`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct FileId(pub u32);

/// A source position: file, 1-based line and column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Span {
    pub file: FileId,
    pub line: u32,
    pub col: u32,
}

impl Span {
    /// A span for things with no location (implicit code).
    pub const NONE: Span = Span { file: FileId(u32::MAX), line: 0, col: 0 };

    pub fn is_none(&self) -> bool {
        self.file.0 == u32::MAX
    }
}
