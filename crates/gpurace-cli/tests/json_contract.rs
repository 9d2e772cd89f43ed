//! The shape of `gpurace check --format json`: the tool contract of
//! eval/README.md, section 3, and the several-files object around it.

mod common;

use serde_json::Value;

use common::{examples, exit_code_of, fixture, gpurace, shown};

const VERDICTS: &[&str] = &["race", "race-free", "unknown", "error"];

fn assert_file_object(json: &Value, file: &str) {
    assert!(VERDICTS.contains(&json["verdict"].as_str().unwrap()), "{json}");
    assert_eq!(json["file"], file);
    for field in ["races", "kernels", "diagnostics"] {
        assert!(json[field].is_array(), "`{field}` is not an array: {json}");
    }
    for field in ["clang_ms", "lower_ms", "analysis_ms", "total_ms"] {
        let ms = json["timings"][field].as_f64().unwrap_or_else(|| panic!("`timings.{field}` is not a number"));
        assert!(ms >= 0.0);
    }
    for kernel in json["kernels"].as_array().unwrap() {
        assert!(kernel["name"].is_string() && kernel["file"].is_string() && kernel["line"].is_u64());
        let verdict = kernel["verdict"].as_str().unwrap();
        assert!(["race", "race-free", "unknown"].contains(&verdict));
        assert_eq!(kernel["reason"].is_string(), verdict == "unknown", "{kernel}");
    }
    for race in json["races"].as_array().unwrap() {
        assert!(["inter-block", "intra-block", "intra-warp"].contains(&race["class"].as_str().unwrap()));
        assert!(["data-race", "barrier-divergence"].contains(&race["kind"].as_str().unwrap()));
        assert!(["definite", "data-dependent", "approximate"].contains(&race["certainty"].as_str().unwrap()));
        assert!(race["first"]["line"].is_u64() && race["second"]["line"].is_u64());
    }
    for diagnostic in json["diagnostics"].as_array().unwrap() {
        assert!(["error", "warning", "note"].contains(&diagnostic["severity"].as_str().unwrap()));
        for field in ["code", "file", "message"] {
            assert!(diagnostic[field].is_string(), "{diagnostic}");
        }
        assert!(diagnostic["line"].is_u64() && diagnostic["col"].is_u64());
    }
}

#[test]
fn one_file_is_one_contract_object() {
    let scale = fixture("scale.cu");
    let scale = scale.to_str().unwrap();
    let run = gpurace(&["check", "--format", "json", scale]);
    let json = run.json();
    assert_file_object(&json, &shown(&fixture("scale.cu")));
    assert_eq!(json["tool"]["name"], "gpurace");
    assert_eq!(json["tool"]["version"], env!("CARGO_PKG_VERSION"));
    assert!(json.get("files").is_none());
    assert_eq!(run.code, exit_code_of(json["verdict"].as_str().unwrap()));

    let kernels = json["kernels"].as_array().unwrap();
    assert_eq!(kernels.len(), 1, "{json}");
    assert_eq!(kernels[0]["name"], "scale");
    assert_eq!(kernels[0]["file"], shown(&fixture("scale.cu")).as_str());
    assert_eq!(kernels[0]["line"], 5);
    // Proved without a launch geometry: `blockDim` and `gridDim` symbolic.
    assert_eq!(kernels[0]["verdict"], "race-free", "{json}");
    assert!(kernels[0].get("reason").is_none_or(Value::is_null), "{json}");
}

#[test]
fn examples_have_their_documented_verdicts() {
    // Each example states its expected verdict in its header comment.
    let expected = [
        ("histogram.cu", "histogram", "race-free"),
        ("reduce_missing_sync.cu", "block_sum", "race"),
        ("smooth_in_place.cu", "smooth", "race"),
        ("reduce_shared.cu", "block_sum", "race-free"),
        ("vector_add.cu", "vector_add", "race-free"),
    ];
    for (file, kernel, verdict) in expected {
        let path = examples().join(file);
        // The geometry every example's `main` launches with: reading it from
        // the host code is the host-guided analysis' job.
        let args = ["check", "--format", "json", "--block", "256", "--grid", "256", path.to_str().unwrap()];
        let json = gpurace(&args).json();
        assert_eq!(json["kernels"][0]["name"], kernel, "{file}");
        assert_eq!(json["diagnostics"], serde_json::json!([]), "{file}");
        assert_eq!(json["verdict"], verdict, "{file}: {json}");
    }
}

#[test]
fn output_is_deterministic() {
    let dir = examples();
    let dir = dir.to_str().unwrap();
    let strip = |mut json: Value| {
        json["timings"] = Value::Null;
        for file in json["files"].as_array_mut().unwrap() {
            file["timings"] = Value::Null;
        }
        json
    };
    let first = strip(gpurace(&["check", "--format", "json", "-j", "4", dir]).json());
    let second = strip(gpurace(&["check", "--format", "json", "-j", "1", dir]).json());
    assert_eq!(first, second);
}

#[test]
fn several_files_are_one_object_with_a_files_array() {
    let dir = examples();
    let dir = dir.to_str().unwrap();
    let run = gpurace(&["check", "--format", "json", dir]);
    let json = run.json();
    let files = json["files"].as_array().unwrap();
    let names: Vec<&str> = files.iter().map(|f| f["file"].as_str().unwrap()).collect();
    let mut sorted = names.clone();
    sorted.sort_unstable();
    assert_eq!(names, sorted, "directory files are not sorted");
    let folder = shown(&examples());
    assert!(names.len() >= 3 && names.iter().all(|n| n.starts_with(&folder) && n.ends_with(".cu")), "{names:?}");
    for (file, name) in files.iter().zip(&names) {
        assert_file_object(file, name);
        assert!(file.get("tool").is_none());
    }

    // The run's verdict is the file verdict of highest precedence.
    let precedence = |v: &str| VERDICTS.iter().rev().position(|x| *x == v).unwrap();
    let highest = files.iter().map(|f| f["verdict"].as_str().unwrap()).max_by_key(|v| precedence(v)).unwrap();
    assert_eq!(json["verdict"], highest);
    assert_eq!(run.code, exit_code_of(highest));
    assert_eq!(json["tool"]["name"], "gpurace");
    assert!(json["timings"]["total_ms"].is_f64());
}

#[test]
fn geometry_beyond_limits_is_a_warning() {
    let scale = fixture("scale.cu");
    let run = gpurace(&["check", "--format", "json", "--block", "2048", scale.to_str().unwrap()]);
    let json = run.json();
    assert_ne!(json["verdict"], "error");
    let warning = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "geometry-limit")
        .unwrap_or_else(|| panic!("no geometry warning: {json}"));
    assert_eq!(warning["severity"], "warning");
    assert_eq!(
        warning["message"],
        "`--block 2048,1,1` has 2048 threads per block, more than the hardware limit of 1024"
    );
}
