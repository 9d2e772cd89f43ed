//! Triage of known races, end to end. `--baseline`: races of an earlier JSON
//! or SARIF report are left out, also after lines were added above them; a
//! new race is still reported. `// gpurace-ignore[: names]` comments silence
//! the races they cover, and only those.

mod common;

use common::gpurace;

/// A kernel with one intra-block race (`s[tid + 1]` read while written),
/// after `padding` blank lines.
fn kernel(padding: usize, extra_race: bool) -> String {
    let mut src = "\n".repeat(padding);
    src.push_str("__global__ void shift(float *out) {\n");
    src.push_str("  __shared__ float s[257];\n");
    src.push_str("  unsigned tid = threadIdx.x;\n");
    src.push_str("  s[tid] = out[tid];\n");
    src.push_str("  out[tid] = s[tid + 1];\n");
    if extra_race {
        src.push_str("  out[0] = s[tid];\n");
    }
    src.push_str("}\n");
    src
}

#[test]
fn known_races_are_left_out_after_a_line_shift_and_new_ones_stay() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("shift.cu");
    let path = file.to_str().unwrap();
    let args = ["--block", "256", "--grid", "1"];
    std::fs::write(&file, kernel(0, false)).unwrap();

    for format in ["json", "sarif"] {
        let first = gpurace(&[&["check", "--format", format][..], &args, &[path]].concat());
        assert_eq!(first.code, 1, "{}", first.stdout);
        let baseline = dir.path().join(format!("baseline.{format}"));
        std::fs::write(&baseline, &first.stdout).unwrap();
        let baseline = baseline.to_str().unwrap();

        // Three lines added above the kernel: the race is still the known one.
        std::fs::write(&file, kernel(3, false)).unwrap();
        let again = gpurace(&[&["check", "--format", "json", "--baseline", baseline][..], &args, &[path]].concat());
        assert_eq!(again.code, 0, "{}", again.stdout);
        let report = again.json();
        assert_eq!(report["verdict"], "race-free");
        assert_eq!(report["races"].as_array().unwrap().len(), 0);
        assert!(report["diagnostics"].as_array().unwrap().iter().any(|d| d["code"] == "baseline"));

        // A new race is reported, the known one is not.
        std::fs::write(&file, kernel(3, true)).unwrap();
        let new = gpurace(&[&["check", "--format", "json", "--baseline", baseline][..], &args, &[path]].concat());
        assert_eq!(new.code, 1, "{}", new.stdout);
        let races = new.json()["races"].as_array().unwrap().clone();
        assert!(!races.is_empty());
        assert!(races.iter().all(|r| r["second"]["text"] != "s[tid + 1]" && r["first"]["text"] != "s[tid + 1]"));
        std::fs::write(&file, kernel(0, false)).unwrap();
    }
}

#[test]
fn an_unreadable_baseline_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("shift.cu");
    std::fs::write(&file, kernel(0, false)).unwrap();
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, "not json").unwrap();
    let run = gpurace(&["check", "--baseline", bad.to_str().unwrap(), file.to_str().unwrap()]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("baseline"), "{}", run.stderr);
}

#[test]
fn ignore_comments_silence_the_races_they_name() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("shift.cu");
    let path = file.to_str().unwrap();
    let args = ["check", "--format", "json", "--block", "256", "--grid", "1", path];
    let with = |comment: &str| {
        kernel(0, false).replace("  out[tid] = s[tid + 1];\n", &format!("{comment}\n  out[tid] = s[tid + 1];\n"))
    };

    for silenced in [
        "  // gpurace-ignore",
        "  // gpurace-ignore: intra-block-race, intra-warp-race",
        "  // gpurace-ignore: data-race",
    ] {
        std::fs::write(&file, with(silenced)).unwrap();
        let run = gpurace(&args);
        assert_eq!(run.code, 0, "{silenced}: {}", run.stdout);
        let report = run.json();
        assert_eq!(report["verdict"], "race-free", "{silenced}");
        assert!(report["diagnostics"].as_array().unwrap().iter().any(|d| d["code"] == "suppressed"));
    }
    for kept in ["  // gpurace-ignore: barrier-divergence", "  // gpurace-ignored", "  /* gpurace-ignore */"] {
        std::fs::write(&file, with(kept)).unwrap();
        let run = gpurace(&args);
        assert_eq!(run.code, 1, "{kept}: {}", run.stdout);
    }
    // Above the kernel: every race of the kernel.
    std::fs::write(&file, format!("// gpurace-ignore\n{}", kernel(0, true))).unwrap();
    assert_eq!(gpurace(&args).code, 0);
}

#[test]
fn gpurace_toml_is_found_above_the_file_and_sets_geometry_format_and_ignores() {
    let dir = tempfile::tempdir().unwrap();
    let sub = dir.path().join("src");
    std::fs::create_dir_all(&sub).unwrap();
    let file = sub.join("shift.cu");
    std::fs::write(&file, kernel(0, false)).unwrap();
    let path = file.to_str().unwrap();
    std::fs::write(dir.path().join("gpurace.toml"), "[[kernel]]\nname = \"shift\"\nblock = [64]\ngrid = [1]\n")
        .unwrap();
    let run = gpurace(&["check", "--format", "json", path]);
    assert_eq!(run.code, 1, "{}", run.stdout);
    let witness = &run.json()["races"][0]["witness"];
    assert_eq!(witness["block"], serde_json::json!([64, 1, 1]));
    assert_eq!(witness["grid"], serde_json::json!([1, 1, 1]));

    // The nearest file wins: this one ignores the kernel.
    std::fs::write(sub.join("gpurace.toml"), "ignore = [\"shift\"]\n").unwrap();
    let run = gpurace(&["check", "--format", "json", path]);
    assert_eq!(run.code, 0, "{}", run.stdout);
    let report = run.json();
    assert_eq!(report["kernels"].as_array().unwrap().len(), 0);
    assert!(report["diagnostics"].as_array().unwrap().iter().any(|d| d["code"] == "ignored"));

    // A bad file is a diagnostic of the files under it, not a crash.
    std::fs::write(sub.join("gpurace.toml"), "format = \"xml\"\n").unwrap();
    let run = gpurace(&["check", "--format", "json", path]);
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(run.json()["diagnostics"].as_array().unwrap().iter().any(|d| d["code"] == "bad-config"));
}
