//! The SARIF format: one SARIF 2.1.0 log with one run for all input files.
//!
//! Each race is a `result` whose `ruleId` is the race's rule ID, located at
//! the second access with the first as a related location, with its
//! fingerprint (`fingerprint.rs`) in `partialFingerprints["gpurace/v1"]`. Diagnostics of the
//! front-end and the CLI are not findings: they go to the invocation's
//! `toolExecutionNotifications`, with their code as descriptor ID. The run and
//! each artifact carry their gpurace verdict in `properties.verdict`; each
//! result carries its kernel, class, kind, certainty, how it holds (and the
//! condition it holds under) and memory space in its
//! `properties`.

use std::io::{self, Write};

use gpurace_core::{KernelResult, Location, Race};
use gpurace_ir::Severity;
use serde::Serialize;

use crate::fingerprint;
use crate::message::{help, label, message, notes, space_name};
use crate::{FileVerdict, Run, TOOL_NAME, TOOL_VERSION};

/// Every rule gpurace reports, in the order of `tool.driver.rules`.
pub const RULES: &[Rule] = &[
    Rule {
        id: "inter-block-race",
        short: "two threads of different blocks access the same memory without ordering",
        full: "Two threads of different blocks access the same element, at least one of them writes, \
               and the accesses are not both atomic. No barrier orders threads of different blocks.",
    },
    Rule {
        id: "intra-block-race",
        short: "two threads of one block access the same memory without a barrier between them",
        full: "Two threads of the same block, in different warps, access the same element, at least \
               one of them writes, the accesses are not both atomic, and no `__syncthreads()` \
               separates them.",
    },
    Rule {
        id: "intra-warp-race",
        short: "two threads of one warp access the same memory without synchronisation",
        full: "Two threads of the same warp access the same element, at least one of them writes, \
               the accesses are not both atomic, and no barrier or `__syncwarp()` separates them. \
               Lockstep execution is not guaranteed since Volta.",
    },
    Rule {
        id: "barrier-divergence",
        short: "a barrier is reached by some threads of a block but not all",
        full: "A `__syncthreads()` sits under a condition that differs between threads of one block, \
               so some threads wait at a barrier the others never reach: undefined behaviour.",
    },
];

/// One rule of gpurace: its ID and its descriptions.
#[derive(Debug, Clone, Copy)]
pub struct Rule {
    pub id: &'static str,
    pub short: &'static str,
    pub full: &'static str,
}

/// Writes the SARIF log of `run`, followed by a line break.
pub fn render(run: &Run, out: &mut dyn Write) -> io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, &log(run))?;
    writeln!(out)
}

fn log(run: &Run) -> Log {
    let artifacts: Vec<Artifact> = run
        .files
        .iter()
        .map(|f| Artifact {
            location: ArtifactLocation::new(&f.file),
            properties: Verdict { verdict: f.verdict().as_str(), gpurace_shard: None },
        })
        .collect();

    let mut results = Vec::new();
    let mut notifications = Vec::new();
    for file in &run.files {
        for (kernel, race) in file.sorted_races() {
            results.push(result(race, kernel));
        }
        for d in file.sorted_diagnostics() {
            let locations = match d.file.is_empty() {
                true => Vec::new(),
                false => vec![SarifLocation::at(&d.file, d.line, d.col, None)],
            };
            notifications.push(Notification {
                level: level(d.severity),
                message: Message { text: d.message.clone() },
                descriptor: Descriptor { id: d.code },
                locations,
            });
        }
    }

    Log {
        schema: "https://json.schemastore.org/sarif-2.1.0.json",
        version: "2.1.0",
        runs: vec![SarifRun {
            tool: Tool {
                driver: Driver {
                    name: TOOL_NAME,
                    version: TOOL_VERSION,
                    rules: RULES
                        .iter()
                        .map(|r| RuleJson {
                            id: r.id,
                            short_description: Message { text: r.short.to_string() },
                            full_description: Message { text: r.full.to_string() },
                            default_configuration: Configuration { level: "error" },
                        })
                        .collect(),
                },
            },
            invocations: vec![Invocation {
                execution_successful: run.files.iter().all(|f| f.verdict() != FileVerdict::Error),
                tool_execution_notifications: notifications,
            }],
            artifacts,
            results,
            properties: Verdict { verdict: run.verdict().as_str(), gpurace_shard: run.shard.clone() },
        }],
    }
}

fn result(race: &Race, k: &KernelResult) -> SarifResult {
    let kernel = k.kernel.as_str();
    let rule_index = RULES.iter().position(|r| r.id == race.rule_id());
    debug_assert!(rule_index.is_some(), "rule `{}` is missing from RULES", race.rule_id());
    let mut text = message(race, kernel);
    for note in notes(race) {
        text.push_str(&format!("\nnote: {note}"));
    }
    text.push_str(&format!("\nhelp: {}", help(race)));
    SarifResult {
        rule_id: race.rule_id(),
        rule_index,
        level: if race.possible { "warning" } else { "error" },
        message: Message { text },
        locations: vec![location(&race.second, None, label(race, true))],
        related_locations: vec![location(&race.first, Some(1), label(race, false))],
        partial_fingerprints: [(fingerprint::SCHEME, fingerprint::fingerprint(k, race))].into_iter().collect(),
        properties: ResultProperties {
            kernel: kernel.to_string(),
            class: race.class.as_str(),
            kind: race.kind.as_str(),
            certainty: race.certainty.as_str(),
            holds: race.holds.as_str(),
            condition: race.condition.clone(),
            space: race.space.map(space_name),
            replay: race.replay.as_ref().map(|r| ReplayProperty { confirmed: r.confirmed, detail: r.detail.clone() }),
        },
    }
}

fn location(l: &Location, id: Option<u32>, label: String) -> SarifLocation {
    let mut location = SarifLocation::at(&l.file, l.line, l.col, Some(Message { text: label }));
    location.id = id;
    if let Some(region) = &mut location.physical_location.region {
        if !l.text.is_empty() {
            region.snippet = Some(Message { text: l.text.clone() });
        }
    }
    location
}

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    }
}

/// A path as a relative URI reference: every byte outside the unreserved and
/// path characters of RFC 3986 is percent-encoded.
fn uri(path: &str) -> String {
    let mut uri = String::with_capacity(path.len());
    for byte in path.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => uri.push(char::from(byte)),
            b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'=' | b'@' => {
                uri.push(char::from(byte))
            }
            _ => uri.push_str(&format!("%{byte:02X}")),
        }
    }
    uri
}

#[derive(Serialize)]
struct Log {
    #[serde(rename = "$schema")]
    schema: &'static str,
    version: &'static str,
    runs: Vec<SarifRun>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifRun {
    tool: Tool,
    invocations: Vec<Invocation>,
    artifacts: Vec<Artifact>,
    results: Vec<SarifResult>,
    properties: Verdict,
}

#[derive(Serialize)]
struct Tool {
    driver: Driver,
}

#[derive(Serialize)]
struct Driver {
    name: &'static str,
    version: &'static str,
    rules: Vec<RuleJson>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RuleJson {
    id: &'static str,
    short_description: Message,
    full_description: Message,
    default_configuration: Configuration,
}

#[derive(Serialize)]
struct Configuration {
    level: &'static str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Invocation {
    execution_successful: bool,
    tool_execution_notifications: Vec<Notification>,
}

#[derive(Serialize)]
struct Notification {
    level: &'static str,
    message: Message,
    descriptor: Descriptor,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    locations: Vec<SarifLocation>,
}

#[derive(Serialize)]
struct Descriptor {
    id: &'static str,
}

#[derive(Serialize)]
struct Artifact {
    location: ArtifactLocation,
    properties: Verdict,
}

#[derive(Serialize)]
struct Verdict {
    verdict: &'static str,
    /// A shard's results for `gpurace merge` (`check --shard`).
    #[serde(skip_serializing_if = "Option::is_none")]
    gpurace_shard: Option<serde_json::Value>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifResult {
    rule_id: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    rule_index: Option<usize>,
    level: &'static str,
    message: Message,
    locations: Vec<SarifLocation>,
    related_locations: Vec<SarifLocation>,
    /// The race's fingerprint under `gpurace/v1`: stable across line shifts.
    partial_fingerprints: std::collections::BTreeMap<&'static str, String>,
    properties: ResultProperties,
}

#[derive(Serialize)]
struct ResultProperties {
    kernel: String,
    class: &'static str,
    kind: &'static str,
    certainty: &'static str,
    /// How the race depends on values gpurace does not know (see the JSON
    /// format's `holds`), and the condition in words.
    holds: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    condition: Option<String>,
    /// The memory space of the race; absent for a barrier divergence.
    #[serde(skip_serializing_if = "Option::is_none")]
    space: Option<&'static str>,
    /// Its witness replayed on the simulator (`gpurace check --confirm`);
    /// absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    replay: Option<ReplayProperty>,
}

/// What a replay of a race's witness showed, as the JSON format's `replay`.
#[derive(Serialize)]
struct ReplayProperty {
    confirmed: bool,
    detail: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifLocation {
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<u32>,
    physical_location: PhysicalLocation,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<Message>,
}

impl SarifLocation {
    fn at(file: &str, line: u32, col: u32, message: Option<Message>) -> SarifLocation {
        // SARIF lines and columns start at 1; 0 means "unknown" in the IR, so
        // the region (or its column) is left out.
        let region =
            (line > 0).then(|| Region { start_line: line, start_column: (col > 0).then_some(col), snippet: None });
        SarifLocation {
            id: None,
            physical_location: PhysicalLocation { artifact_location: ArtifactLocation::new(file), region },
            message,
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PhysicalLocation {
    artifact_location: ArtifactLocation,
    #[serde(skip_serializing_if = "Option::is_none")]
    region: Option<Region>,
}

#[derive(Serialize)]
struct ArtifactLocation {
    uri: String,
}

impl ArtifactLocation {
    fn new(path: &str) -> ArtifactLocation {
        ArtifactLocation { uri: uri(path) }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Region {
    start_line: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    start_column: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    snippet: Option<Message>,
}

#[derive(Serialize)]
struct Message {
    text: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sample::sample_run;

    #[test]
    fn sample_run_snapshot() {
        let mut out = Vec::new();
        render(&sample_run(), &mut out).unwrap();
        insta::assert_snapshot!(String::from_utf8(out).unwrap());
    }

    /// The official schema lives in `shared/`, beside the repository.
    const SCHEMA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/schemas/sarif-schema-2.1.0.json");

    #[test]
    fn output_matches_the_official_schema() {
        let schema = std::fs::read_to_string(SCHEMA).unwrap_or_else(|e| panic!("cannot read `{SCHEMA}`: {e}"));
        let schema: serde_json::Value = serde_json::from_str(&schema).unwrap();
        let validator = jsonschema::options().should_validate_formats(true).build(&schema).unwrap();
        let empty = Run { files: Vec::new(), total_ms: 1.0, ..Run::default() };
        for run in [sample_run(), empty] {
            let instance = serde_json::to_value(log(&run)).unwrap();
            let errors: Vec<String> =
                validator.iter_errors(&instance).map(|e| format!("{} at {}", e, e.instance_path())).collect();
            assert!(errors.is_empty(), "SARIF does not match the schema:\n{}", errors.join("\n"));
        }
        // The schema is live: a log of another version is rejected.
        let mut wrong = serde_json::to_value(log(&sample_run())).unwrap();
        wrong["version"] = "2.0.0".into();
        assert!(!validator.is_valid(&wrong));
    }

    #[test]
    fn every_race_rule_is_declared() {
        for run in [sample_run()] {
            for file in &run.files {
                for (_, race) in file.sorted_races() {
                    assert!(RULES.iter().any(|r| r.id == race.rule_id()), "{}", race.rule_id());
                }
            }
        }
    }

    #[test]
    fn uris_are_percent_encoded() {
        assert_eq!(uri("dir/my kernel#1.cu"), "dir/my%20kernel%231.cu");
        assert_eq!(uri("/abs/a-b_c.cu"), "/abs/a-b_c.cu");
    }
}
