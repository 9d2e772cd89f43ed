//! The source text the human format quotes under each finding.

use std::collections::BTreeMap;

/// Source files by the name the findings use for them. The caller fills it;
/// a file that is missing here is reported without its source lines.
#[derive(Debug, Clone, Default)]
pub struct Sources {
    files: BTreeMap<String, Vec<String>>,
}

impl Sources {
    pub fn new() -> Sources {
        Sources::default()
    }

    /// Adds (or replaces) the text of `file`.
    pub fn insert(&mut self, file: impl Into<String>, text: &str) {
        self.files.insert(file.into(), text.lines().map(str::to_string).collect());
    }

    pub fn contains(&self, file: &str) -> bool {
        self.files.contains_key(file)
    }

    /// Line `line` (1-based) of `file`, without its line break.
    pub fn line(&self, file: &str, line: u32) -> Option<&str> {
        let index = usize::try_from(line).ok()?.checked_sub(1)?;
        self.files.get(file)?.get(index).map(String::as_str)
    }

    /// Lines `first..=last` (1-based) of `file`, when it has them all.
    pub fn lines(&self, file: &str, first: u32, last: u32) -> Option<&[String]> {
        if first > last {
            return None;
        }
        let start = usize::try_from(first).ok()?.checked_sub(1)?;
        let end = usize::try_from(last).ok()?;
        self.files.get(file)?.get(start..end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_one_based() {
        let mut sources = Sources::new();
        sources.insert("a.cu", "first\r\nsecond\n");
        assert_eq!(sources.line("a.cu", 0), None);
        assert_eq!(sources.line("a.cu", 1), Some("first"));
        assert_eq!(sources.line("a.cu", 2), Some("second"));
        assert_eq!(sources.line("a.cu", 3), None);
        assert_eq!(sources.line("b.cu", 1), None);
        assert_eq!(sources.lines("a.cu", 1, 2).map(<[String]>::len), Some(2));
        assert_eq!(sources.lines("a.cu", 2, 3), None);
        assert_eq!(sources.lines("a.cu", 0, 1), None);
        assert_eq!(sources.lines("a.cu", 2, 1), None);
    }
}
