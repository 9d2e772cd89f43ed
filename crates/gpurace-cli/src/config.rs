//! Facts by hand: `--assume` flags and the `[[assume]]` tables of
//! `gpurace.toml`.
//!
//! ```toml
//! [[assume]]
//! kernel = "scale"            # optional: every kernel whose parameters the facts name
//! facts = ["n % 256 == 0", "blockDim.x == 256"]
//! ```

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::Context;
use gpurace_host::Assumption;
use serde::Deserialize;

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    assume: Vec<Table>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Table {
    kernel: Option<String>,
    facts: Vec<String>,
}

/// The facts of `--config FILE` (which must exist) or of `./gpurace.toml`
/// (when it exists), then those of the flags.
pub fn assumptions(flags: &[String], config: Option<&Path>) -> anyhow::Result<Vec<Assumption>> {
    let path = match config {
        Some(p) => Some(p.to_path_buf()),
        None => Some(PathBuf::from("gpurace.toml")).filter(|p| p.is_file()),
    };
    let mut out = Vec::new();
    if let Some(path) = path {
        let text = fs::read_to_string(&path).with_context(|| format!("cannot read `{}`", path.display()))?;
        let file: File = toml::from_str(&text).with_context(|| format!("cannot read `{}`", path.display()))?;
        for table in file.assume {
            out.extend(table.facts.into_iter().map(|expr| Assumption { kernel: table.kernel.clone(), expr }));
        }
    }
    out.extend(flags.iter().map(|f| flag(f)));
    Ok(out)
}

/// `KERNEL: EXPR` or `EXPR`.
fn flag(text: &str) -> Assumption {
    match text.split_once(':') {
        Some((kernel, expr)) if is_identifier(kernel.trim()) => {
            Assumption { kernel: Some(kernel.trim().to_string()), expr: expr.trim().to_string() }
        }
        _ => Assumption { kernel: None, expr: text.trim().to_string() },
    }
}

fn is_identifier(s: &str) -> bool {
    s.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_name_a_kernel_before_a_colon() {
        assert_eq!(flag("scale: n > 0"), Assumption { kernel: Some("scale".into()), expr: "n > 0".into() });
        assert_eq!(flag("n % 32 == 0"), Assumption { kernel: None, expr: "n % 32 == 0".into() });
    }

    #[test]
    fn config_files_list_facts_per_kernel() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("gpurace.toml");
        fs::write(
            &path,
            "[[assume]]\nkernel = \"k\"\nfacts = [\"n > 0\", \"n < 9\"]\n[[assume]]\nfacts = [\"m == 2\"]\n",
        )
        .unwrap();
        let got = assumptions(&["k2: x == 1".into()], Some(&path)).unwrap();
        let kernels: Vec<Option<&str>> = got.iter().map(|a| a.kernel.as_deref()).collect();
        assert_eq!(kernels, [Some("k"), Some("k"), None, Some("k2")]);
        fs::write(&path, "[[assume]]\nfacts = 3\n").unwrap();
        assert!(assumptions(&[], Some(&path)).is_err());
    }
}
