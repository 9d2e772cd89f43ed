//! Launch geometry from the command line: `--block X[,Y[,Z]]` and
//! `--grid X[,Y[,Z]]`, and the hardware limits they are checked against.

use gpurace_ir::{Diagnostic, Severity};

/// Parses `X`, `X,Y` or `X,Y,Z` into `[X, Y, Z]`; missing dimensions are 1.
/// Every dimension must be a positive integer.
pub fn parse_dim3(text: &str) -> Result<[u32; 3], String> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    if parts.len() > 3 {
        return Err(format!("expected at most 3 dimensions, found {}", parts.len()));
    }
    let mut dims = [1u32; 3];
    for (dim, part) in dims.iter_mut().zip(&parts) {
        *dim = match part.parse::<u32>() {
            Ok(0) => return Err("a dimension must be at least 1".to_string()),
            Ok(value) => value,
            Err(_) => return Err(format!("`{part}` is not a positive integer")),
        };
    }
    Ok(dims)
}

/// The limits of every CUDA GPU since compute capability 3.0.
const MAX_BLOCK_Z: u32 = 64;
const MAX_THREADS_PER_BLOCK: u64 = 1024;
const MAX_GRID: [u32; 3] = [i32::MAX as u32, 65535, 65535];

/// Warnings for geometry beyond what a GPU can launch. Such a launch fails at
/// run time, but the user may be asking on purpose, so it is analysed as
/// given.
pub fn limit_warnings(block: Option<[u32; 3]>, grid: Option<[u32; 3]>) -> Vec<Diagnostic> {
    let mut warnings = Vec::new();
    let mut warn = |message: String| warnings.push(Diagnostic::new(Severity::Warning, "geometry-limit", message));
    if let Some(block) = block {
        let threads: u64 = block.iter().map(|&d| u64::from(d)).product();
        let [_, _, z] = block;
        // An x or y beyond its limit always makes the total exceed 1024 as
        // well, so only the total and z need their own warning.
        if threads > MAX_THREADS_PER_BLOCK {
            warn(format!(
                "`--block {}` has {threads} threads per block, more than the hardware limit of {MAX_THREADS_PER_BLOCK}",
                show(block)
            ));
        } else if z > MAX_BLOCK_Z {
            warn(format!(
                "`--block {}` is {z} threads along z, more than the hardware limit of {MAX_BLOCK_Z}",
                show(block)
            ));
        }
    }
    if let Some(grid) = grid {
        for (axis, (dim, max)) in ["x", "y", "z"].iter().zip(grid.iter().zip(MAX_GRID)) {
            if *dim > max {
                warn(format!(
                    "`--grid {}` is {dim} blocks along {axis}, more than the hardware limit of {max}",
                    show(grid)
                ));
            }
        }
    }
    warnings
}

fn show(d: [u32; 3]) -> String {
    format!("{},{},{}", d[0], d[1], d[2])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_dimensions_are_one() {
        assert_eq!(parse_dim3("64"), Ok([64, 1, 1]));
        assert_eq!(parse_dim3("16,16"), Ok([16, 16, 1]));
        assert_eq!(parse_dim3("2,2,2"), Ok([2, 2, 2]));
        assert_eq!(parse_dim3(" 8, 4 "), Ok([8, 4, 1]));
    }

    #[test]
    fn bad_dimensions_are_rejected() {
        for bad in ["", "0", "16,0", "1,2,3,4", "-1", "16x16", "16,,16", "4294967296", "1.5"] {
            assert!(parse_dim3(bad).is_err(), "`{bad}` was accepted");
        }
    }

    #[test]
    fn geometry_within_limits_has_no_warning() {
        assert!(limit_warnings(Some([32, 32, 1]), Some([65535, 65535, 1])).is_empty());
        assert!(limit_warnings(None, None).is_empty());
    }

    #[test]
    fn geometry_beyond_limits_warns() {
        let warnings = limit_warnings(Some([2048, 1, 1]), None);
        let messages: Vec<&str> = warnings.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(messages, ["`--block 2048,1,1` has 2048 threads per block, more than the hardware limit of 1024"]);
        assert_eq!(limit_warnings(Some([1, 1, 128]), Some([1, 70000, 1])).len(), 2);
    }
}
