use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
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

/// A [`Diagnostic`] as read back from a cache: its code is owned until it
/// is interned.
#[derive(Deserialize)]
struct StoredDiagnostic {
    severity: Severity,
    file: String,
    line: u32,
    col: u32,
    code: String,
    message: String,
}

impl<'de> Deserialize<'de> for Diagnostic {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Diagnostic, D::Error> {
        let d = StoredDiagnostic::deserialize(d)?;
        Ok(Diagnostic {
            severity: d.severity,
            file: d.file,
            line: d.line,
            col: d.col,
            code: intern(d.code),
            message: d.message,
        })
    }
}

/// The one `'static` copy of a diagnostic code read back from a cache
/// (codes are a small fixed set, so each is kept once per process).
fn intern(code: String) -> &'static str {
    use std::collections::HashSet;
    use std::sync::{Mutex, OnceLock};
    static CODES: OnceLock<Mutex<HashSet<&'static str>>> = OnceLock::new();
    let mut codes = CODES.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
    if let Some(known) = codes.get(code.as_str()) {
        return known;
    }
    let leaked: &'static str = Box::leak(code.into_boxed_str());
    codes.insert(leaked);
    leaked
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
