use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
    Note,
}

/// A problem found in the user's program or in its lowering.
///
/// Problems in the input are never `Err`s: they are collected next to the
/// result so that everything else in the input is still analysed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    pub severity: Severity,
    /// Path as given by clang (or the input path when there is no location).
    pub file: String,
    pub line: u32,
    pub col: u32,
    /// Stable machine-readable code, e.g. `clang-error`, `unsupported-construct`.
    pub code: &'static str,
    pub message: String,
}

impl Diagnostic {
    pub fn new(severity: Severity, code: &'static str, message: impl Into<String>) -> Diagnostic {
        Diagnostic { severity, file: String::new(), line: 0, col: 0, code, message: message.into() }
    }

    pub fn at(mut self, file: impl Into<String>, line: u32, col: u32) -> Diagnostic {
        self.file = file.into();
        self.line = line;
        self.col = col;
        self
    }
}

impl std::fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let level = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        };
        if self.file.is_empty() {
            write!(f, "{level}[{}]: {}", self.code, self.message)
        } else {
            write!(f, "{}:{}:{}: {level}[{}]: {}", self.file, self.line, self.col, self.code, self.message)
        }
    }
}
