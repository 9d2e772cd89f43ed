//! Bad input never panics: clang's dump of real fixtures, damaged in many
//! deterministic ways (lines dropped, cut short, repeated, moved to another
//! depth), still reads and lowers. The lowering must turn whatever it does
//! not understand into diagnostics and `unknown`s.

use std::path::Path;
use std::process::Command;

use gpurace_front::{ast, clang, lower};

/// clang's text dump of a fixture, with the prelude.
fn dump_of(fixture: &str) -> String {
    let clang = clang::find_clang(None).expect("clang is installed");
    let prelude = clang::prelude_dir().expect("prelude");
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/ir").join(fixture);
    let out = Command::new(clang)
        .args(["-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib", "-fsyntax-only", "-w"])
        .arg("-isystem")
        .arg(&prelude)
        .args(["-include", clang::PRELUDE_MAIN, "-Xclang", "-ast-dump"])
        .arg(path)
        .output()
        .expect("clang runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A small deterministic generator (no dependency needed for this).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

fn mutate(lines: &[&str], rng: &mut Lcg) -> String {
    let mut out: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    for _ in 0..1 + rng.next(4) {
        let i = rng.next(out.len());
        match rng.next(5) {
            0 => {
                out.remove(i);
            }
            1 => {
                let cut = rng.next(out[i].len() + 1);
                let mut s = out[i].clone();
                while !s.is_char_boundary(cut.min(s.len())) {
                    s.pop();
                }
                s.truncate(cut.min(s.len()));
                out[i] = s;
            }
            2 => {
                let l = out[i].clone();
                out.insert(i, l);
            }
            3 => out[i] = format!("  {}", out[i]),
            _ => out[i] = out[i].replacen("| ", "", 1),
        }
    }
    out.join("\n")
}

#[test]
fn damaged_dumps_never_panic() {
    let prelude = clang::prelude_dir().expect("prelude").to_string_lossy().to_string();
    let mut rng = Lcg(0x5eed);
    for fixture in [
        "host_main.cu",
        "coop_groups.cu",
        "struct_copy.cu",
        "switch.cu",
        "inline_nested.cu",
        "ptr_arith.cu",
        "short_circuit.cu",
        "unknown_constructs.cu",
    ] {
        let text = dump_of(fixture);
        // Keep only the fixture's own part: the prelude's part is large and
        // its damage is no different.
        let lines: Vec<&str> = text.lines().collect();
        let start = lines.iter().position(|l| l.contains(fixture)).unwrap_or(0).saturating_sub(1);
        let mut own = vec![lines[0]];
        own.extend_from_slice(&lines[start..]);
        for round in 0..100 {
            let damaged = mutate(&own, &mut rng);
            let result = std::panic::catch_unwind(|| {
                let keep = |f: &str| !f.starts_with("/usr/");
                let dump = ast::parse(damaged.as_bytes(), &keep).expect("reading from memory");
                let (program, _) = lower::lower(&dump, &prelude);
                program.to_string()
            });
            assert!(result.is_ok(), "{fixture}, round {round}: panic on\n{damaged}");
        }
    }
}
