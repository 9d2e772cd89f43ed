//! The prelude must survive the macros programs are built with.
//!
//! Programs (and the evaluation harness) pass `-D N=4`, `-D T=1`,
//! `-D data=1`, ... and `#define` such names themselves, so the prelude spells
//! everything that is not CUDA API with reserved identifiers and shields the
//! public member names that cannot be renamed. This test lowers one small
//! fixture (runtime, cooperative groups, cuRAND headers; a group barrier and
//! an atomic) once per name with `-D NAME=1` and requires no error.
//!
//! Not listed: `offset`, `state` and `index`, which break glibc's own headers
//! (`<sys/timex.h>`, `<stdlib.h>`, `<strings.h>`, as nvcc's includes do too),
//! and `x`, `y`, `z`, `w`, which are public fields (`threadIdx.x`).

use std::path::Path;

use gpurace_front::{lower_file, Options};
use gpurace_ir::Severity;

const FIXTURE: &str = "../../tests/fixtures/prelude/macro_names.cu";

/// Whitespace-separated, so the list stays compact under rustfmt.
const NAMES: &str = "
    N T M K S W A B C D E F G H L P Q R U V X Y Z SIZE BLOCK_SIZE TILE WIDTH
    n m k i j l s t u v p q r a b c d e f g h
    size value count val ptr data src dst idx tid len width height mask
    lane warp block grid seed result temp tmp res sum
";

#[test]
fn prelude_survives_common_macro_names() {
    let path = Path::new(FIXTURE);
    let mut failures = Vec::new();
    for name in NAMES.split_whitespace() {
        let options = Options { defines: vec![format!("{name}=1")], ..Default::default() };
        let lowered = lower_file(path, &options).unwrap_or_else(|e| panic!("cannot lower `{FIXTURE}`: {e}"));
        let errors: Vec<String> =
            lowered.diagnostics.iter().filter(|d| d.severity == Severity::Error).map(|d| format!("    {d}")).collect();
        if !errors.is_empty() {
            failures.push(format!("-D {name}=1:\n{}", errors.join("\n")));
        }
    }
    assert!(failures.is_empty(), "the prelude breaks under {} macro(s):\n{}", failures.len(), failures.join("\n"));
}
