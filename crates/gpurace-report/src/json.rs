//! The JSON format: the object of the tool contract (eval/README.md, section 3).
//!
//! With one input file, the output is exactly one object:
//!
//! ```json
//! {"schema_version": 2,
//!  "verdict": "race" | "race-free" | "unknown" | "error",
//!  "file": "reduce.cu",
//!  "tool": {"name": "gpurace", "version": "0.1.0"},
//!  "kernels": [{"name", "file", "line", "col", "verdict", "reason", "races", "launches"}],
//!  "races": [{"kernel", "fingerprint", "rule", "class", "kind", "certainty", "array", "space",
//!             "message", "first": {"file", "line", "col", "text", "access"}, "second": {...},
//!             "witness": null | {"grid", "block", "blocks", "threads", "params", "element",
//!                                "byte_offset", "values", "site", "launch", "host"}}],
//!  "diagnostics": [{"severity", "code", "file", "line", "col", "message"}],
//!  "timings": {"clang_ms", "lower_ms", "analysis_ms", "total_ms",
//!              "phases": {NAME: {"count", "ms"}}}}
//! ```
//!
//! With several files it is one object `{"verdict", "tool", "files": [...],
//! "timings"}` whose `files` holds the per-file objects above (without
//! `tool`), whose `verdict` combines theirs (see [`crate::FileVerdict`]) and
//! whose `timings` sums the stages, with `total_ms` the wall time of the run.

use std::collections::BTreeMap;
use std::io::{self, Write};

use gpurace_ir::Severity;
use serde::Serialize;

use crate::fingerprint::fingerprint;
use crate::message::{message, space_name};
use crate::{FileReport, Run, Timings, TOOL_NAME, TOOL_VERSION};

/// Writes the JSON report of `run`, followed by a line break.
pub fn render(run: &Run, out: &mut dyn Write) -> io::Result<()> {
    if let ([file], None) = (run.files.as_slice(), &run.shard) {
        let mut object = FileJson::from_report(file);
        object.schema_version = Some(SCHEMA_VERSION);
        object.tool = Some(ToolJson::new());
        write(&object, out)
    } else {
        let object = RunJson {
            schema_version: SCHEMA_VERSION,
            verdict: run.verdict().as_str(),
            tool: ToolJson::new(),
            files: run.files.iter().map(FileJson::from_report).collect(),
            timings: TimingsJson { cache: run.cache.as_ref().map(CacheJson::from), ..TimingsJson::from(run.timings()) },
            shard: run.shard.as_ref(),
        };
        write(&object, out)
    }
}

fn write(value: &impl Serialize, out: &mut dyn Write) -> io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, value)?;
    writeln!(out)
}

/// The version of the report's schema (`docs/report.schema.json`): raised
/// when a field changes meaning or goes away, not when one is added.
pub const SCHEMA_VERSION: u32 = 2;

#[derive(Serialize)]
struct RunJson<'a> {
    schema_version: u32,
    verdict: &'static str,
    tool: ToolJson,
    files: Vec<FileJson<'a>>,
    timings: TimingsJson,
    /// A shard's results for `gpurace merge` (`check --shard`).
    #[serde(skip_serializing_if = "Option::is_none")]
    shard: Option<&'a serde_json::Value>,
}

#[derive(Serialize)]
struct ToolJson {
    name: &'static str,
    version: &'static str,
}

impl ToolJson {
    fn new() -> ToolJson {
        ToolJson { name: TOOL_NAME, version: TOOL_VERSION }
    }
}

#[derive(Serialize)]
struct FileJson<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    schema_version: Option<u32>,
    verdict: &'static str,
    file: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    tool: Option<ToolJson>,
    kernels: Vec<KernelJson<'a>>,
    races: Vec<RaceJson<'a>>,
    diagnostics: Vec<DiagnosticJson<'a>>,
    timings: TimingsJson,
}

impl<'a> FileJson<'a> {
    fn from_report(report: &'a FileReport) -> FileJson<'a> {
        FileJson {
            schema_version: None,
            verdict: report.verdict().as_str(),
            file: &report.file,
            tool: None,
            kernels: report
                .sorted_kernels()
                .into_iter()
                .map(|k| KernelJson {
                    name: &k.kernel,
                    file: &k.file,
                    line: k.line,
                    col: k.col,
                    verdict: k.verdict.as_str(),
                    reason: k.verdict.reason(),
                    races: k.races.len(),
                    launches: &k.sites,
                })
                .collect(),
            races: report
                .sorted_races()
                .into_iter()
                .map(|(kernel, race)| RaceJson {
                    kernel: &kernel.kernel,
                    fingerprint: fingerprint(kernel, race),
                    rule: race.rule_id(),
                    class: race.class.as_str(),
                    kind: race.kind.as_str(),
                    certainty: race.certainty.as_str(),
                    array: race.array.as_deref(),
                    space: race.space.map(space_name),
                    message: message(race, &kernel.kernel),
                    first: LocationJson::from(&race.first),
                    second: LocationJson::from(&race.second),
                    witness: race.witness.as_ref().map(|w| WitnessJson {
                        grid: w.grid,
                        block: w.block,
                        blocks: &w.blocks,
                        threads: &w.threads,
                        params: w.params.iter().map(|(name, value)| ParamJson { name, value: *value }).collect(),
                        element: w.element.as_deref(),
                        byte_offset: w.byte_offset,
                        values: w
                            .values
                            .iter()
                            .map(|vs| vs.iter().map(|(name, value)| ParamJson { name, value: *value }).collect())
                            .collect(),
                        site: w.site.as_deref(),
                        launch: w.launch.as_deref(),
                        host: w.host.iter().map(|(name, value)| ParamJson { name, value: *value }).collect(),
                    }),
                    possible: race.possible,
                    holds: race.holds.as_str(),
                    condition: race.condition.as_deref(),
                    rests_on: &race.rests_on,
                    engine: race.engine.as_str(),
                    replay: race.replay.as_ref().map(|r| ReplayJson { confirmed: r.confirmed, detail: &r.detail }),
                })
                .collect(),
            diagnostics: report
                .sorted_diagnostics()
                .into_iter()
                .map(|d| DiagnosticJson {
                    severity: severity_name(d.severity),
                    code: d.code,
                    file: &d.file,
                    line: d.line,
                    col: d.col,
                    message: &d.message,
                })
                .collect(),
            timings: TimingsJson::from(report.timings.clone()),
        }
    }
}

/// The name of a severity in the JSON and HTML formats.
pub(crate) fn severity_name(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    }
}

#[derive(Serialize)]
struct KernelJson<'a> {
    name: &'a str,
    file: &'a str,
    line: u32,
    col: u32,
    verdict: &'static str,
    /// Why the verdict is `unknown`; `null` otherwise.
    reason: Option<&'a str>,
    races: usize,
    /// The launch sites the kernel was analysed at; empty when none was seen
    /// and the kernel was analysed on its own.
    launches: &'a [String],
}

#[derive(Serialize)]
struct RaceJson<'a> {
    kernel: &'a str,
    /// Stable identity of the race (see `fingerprint.rs`), for baselines.
    fingerprint: String,
    rule: &'static str,
    class: &'static str,
    kind: &'static str,
    certainty: &'static str,
    array: Option<&'a str>,
    /// The memory space of `array` (`shared`, `global`, ...); `null` for a
    /// barrier divergence.
    space: Option<&'static str>,
    message: String,
    first: LocationJson<'a>,
    second: LocationJson<'a>,
    witness: Option<WitnessJson<'a>>,
    /// An `approximate` race that does not make its kernel `race` (see
    /// `--report-possible`).
    possible: bool,
    /// How the race depends on values gpurace does not know: `always` (it
    /// uses none), `every-value` (every plausible value, above the
    /// thresholds `condition` says), `conditional` (some values: `condition`
    /// says which), `implausible` (only values no launch can have) or
    /// `unmodelled` (it rests on a construct gpurace does not model).
    holds: &'static str,
    /// The condition in words; `null` when the race uses no such value.
    condition: Option<&'a str>,
    /// What an `approximate` race rests on that gpurace did not model.
    rests_on: &'a [String],
    /// `static`, or the detector of `gpurace run` that observed it (`hb`).
    engine: &'static str,
    /// Its witness replayed on the simulator (`--confirm`); `null` otherwise.
    replay: Option<ReplayJson<'a>>,
}

#[derive(Serialize)]
struct ReplayJson<'a> {
    confirmed: bool,
    detail: &'a str,
}

#[derive(Serialize)]
struct LocationJson<'a> {
    file: &'a str,
    line: u32,
    col: u32,
    text: &'a str,
    /// `read`, `write` or `atomic`; `null` for a barrier.
    access: Option<&'static str>,
}

impl<'a> From<&'a gpurace_core::Location> for LocationJson<'a> {
    fn from(l: &'a gpurace_core::Location) -> LocationJson<'a> {
        LocationJson { file: &l.file, line: l.line, col: l.col, text: &l.text, access: l.mode.map(|m| m.as_str()) }
    }
}

#[derive(Serialize)]
struct WitnessJson<'a> {
    grid: Option<[u32; 3]>,
    block: Option<[u32; 3]>,
    blocks: &'a [[u32; 3]],
    threads: &'a [[u32; 3]],
    params: Vec<ParamJson<'a>>,
    element: Option<&'a str>,
    /// Byte offset of the element in its object (its address for a pointer
    /// of unknown origin).
    byte_offset: Option<i64>,
    /// Per thread, the loop variables around its access.
    values: Vec<Vec<ParamJson<'a>>>,
    /// The launch site that allows the race (`main.cu:88 (main)`), null for a
    /// kernel analysed on its own.
    site: Option<&'a str>,
    /// The launch configuration there, in terms of host values.
    launch: Option<&'a str>,
    /// Host values at that launch.
    host: Vec<ParamJson<'a>>,
}

#[derive(Serialize)]
struct ParamJson<'a> {
    name: &'a str,
    value: i64,
}

#[derive(Serialize)]
struct DiagnosticJson<'a> {
    severity: &'static str,
    code: &'static str,
    file: &'a str,
    line: u32,
    col: u32,
    message: &'a str,
}

#[derive(Serialize)]
struct TimingsJson {
    clang_ms: f64,
    lower_ms: f64,
    analysis_ms: f64,
    total_ms: f64,
    /// Peak resident memory of the check (the largest file's, for a run).
    #[serde(skip_serializing_if = "is_zero")]
    peak_mib: f64,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    phases: BTreeMap<String, PhaseJson>,
    /// The run's use of the caches (with several files).
    #[serde(skip_serializing_if = "Option::is_none")]
    cache: Option<CacheJson>,
}

fn is_zero(x: &f64) -> bool {
    *x == 0.0
}

#[derive(Serialize)]
struct CacheJson {
    reused: usize,
    analysed: usize,
    unchanged: usize,
    corrupt: usize,
}

impl From<&crate::CacheUse> for CacheJson {
    fn from(c: &crate::CacheUse) -> CacheJson {
        CacheJson { reused: c.reused, analysed: c.analysed, unchanged: c.unchanged, corrupt: c.corrupt }
    }
}

#[derive(Serialize)]
struct PhaseJson {
    count: u64,
    ms: f64,
}

impl From<Timings> for TimingsJson {
    /// Times are rounded to microseconds: finer digits are noise.
    fn from(t: Timings) -> TimingsJson {
        let round = |ms: f64| (ms * 1000.0).round() / 1000.0;
        TimingsJson {
            clang_ms: round(t.clang_ms),
            lower_ms: round(t.lower_ms),
            analysis_ms: round(t.analysis_ms),
            total_ms: round(t.total_ms),
            peak_mib: t.peak_mib.round(),
            phases: t.phases.iter().map(|(k, p)| (k.clone(), PhaseJson { count: p.count, ms: round(p.ms) })).collect(),
            cache: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sample::sample_run;

    fn render_to_string(run: &Run) -> String {
        let mut out = Vec::new();
        render(run, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn one_file_is_one_contract_object() {
        let mut run = sample_run();
        run.files.truncate(1);
        let text = render_to_string(&run);
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(value["verdict"], "race");
        assert_eq!(value["tool"]["name"], "gpurace");
        assert!(value["timings"]["clang_ms"].is_f64());
        assert!(value.get("files").is_none());
        insta::assert_snapshot!(text);
    }

    /// Every output validates against the documented schema.
    #[test]
    fn outputs_follow_the_documented_schema() {
        const SCHEMA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/report.schema.json");
        let schema: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(SCHEMA).unwrap()).unwrap();
        let validator = jsonschema::validator_for(&schema).unwrap();
        let mut one = sample_run();
        one.files.truncate(1);
        for run in [one, sample_run()] {
            let value: serde_json::Value = serde_json::from_str(&render_to_string(&run)).unwrap();
            let errors: Vec<String> =
                validator.iter_errors(&value).map(|e| format!("{e} at {}", e.instance_path())).collect();
            assert!(errors.is_empty(), "{errors:#?}");
        }
        // And the schema rejects what breaks the contract.
        let mut bad: serde_json::Value = serde_json::from_str(&render_to_string(&sample_run())).unwrap();
        bad["files"][0]["races"][0]["class"] = "intra-grid".into();
        assert!(!validator.is_valid(&bad));
    }

    #[test]
    fn several_files_are_one_object_with_files() {
        let text = render_to_string(&sample_run());
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(value["verdict"], "error");
        assert_eq!(value["files"].as_array().map(Vec::len), Some(3));
        assert!(value["files"][0].get("tool").is_none());
        insta::assert_snapshot!(text);
    }
}
