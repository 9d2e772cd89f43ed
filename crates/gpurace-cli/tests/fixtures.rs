//! Runs `gpurace check` on every fixture of the repository's
//! `tests/fixtures/static/` (kernels, the static engine) and
//! `tests/fixtures/host/` (whole programs, host-guided analysis),
//! `tests/fixtures/program/` (programs of several units),
//! `tests/fixtures/plausible/` (races over values gpurace does not know),
//! `tests/fixtures/library/` (programs without `main`: entry points),
//! `tests/fixtures/data/` (races that depend on data, decided with the
//! program's own run), `tests/fixtures/constructs/` (CUDA as real code
//! writes it: the two compilation passes, intrinsics, device function
//! pointers, device properties), `tests/fixtures/ptx/` (inline PTX) and
//! compares its verdict with the one the fixture's header expects, and its
//! human report with an insta snapshot.
//!
//! A fixture starts with `//` comment lines; besides prose they hold:
//!
//! - `// expect: race-free`, or one or more `// expect: race CLASS` where
//!   CLASS is `inter-block`, `intra-block`, `intra-warp` or
//!   `barrier-divergence`: each must be the class (or, for
//!   `barrier-divergence`, the kind) of some reported race;
//! - `// expect: out-of-bounds`: besides the verdict, an `out-of-bounds`
//!   warning (a collision only beyond the end of a host allocation);
//! - `// site: LINE`: some race names the launch site at line LINE;
//! - `// expect: possible CLASS`: verdict `unknown`, with a possible race
//!   (`approximate`, resting on what gpurace does not model) of CLASS;
//! - `// rests-on: TEXT`: some race says it rests on something containing
//!   TEXT (a named value or construct);
//! - `// certainty: CERTAINTY`: some reported race has this certainty;
//! - `// holds: HOLDS`: some race holds this way over the values gpurace does
//!   not know (`always`, `every-value`, `conditional`, `implausible`,
//!   `unmodelled`);
//! - `// condition: TEXT`: some race's condition contains TEXT;
//! - `// args: FLAGS`: geometry flags such as `--block 16,16 --grid 4,4`
//!   (without them the geometry is symbolic), or the other units of the
//!   fixture's program (`tests/fixtures/program/`: `units/main.cpp`);
//! - `// twin: none`: a race-free fixture that has no racy twin;
//! - `// fixme: VERDICT REASON`: the engine gets this fixture wrong today.
//!   VERDICT (`race`, `race-free` or `unknown`) is what it answers today and
//!   REASON says why that is wrong; `expect:` still states the right answer.
//!   The test then asserts today's verdict, and fails once the engine meets
//!   the expectation, so that the fixme line is removed with the fix;
//! - `// snapshot: none REASON`: the fixture's human report is not
//!   snapshotted because REASON (today: it depends on wall-clock time).
//!
//! Every race-free `NAME.cu` has a racy twin `NAME.racy.cu` that differs by
//! one edit, so that each pattern is shown to be able to fail. All mismatches
//! are collected and reported in one panic, so one run shows every fixture
//! the engine gets wrong.
//!
//! The human report of each fixture, run from the fixture directory with the
//! bare file name and `NO_COLOR=1` so that it holds no machine-specific path
//! or escape code, is the snapshot `snapshots/NAME.snap` next to the fixtures.
//! Run `INSTA_UPDATE=always cargo test --release -p gpurace-cli --test
//! fixtures` to rewrite them, then read every diff.

use std::fs;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::{Mutex, PoisonError};

use serde_json::Value;

/// The fixture directories and the fewest fixtures each may hold; fewer
/// means fixtures went missing.
const DIRS: &[(&str, usize)] = &[
    ("tests/fixtures/static", 30),
    ("tests/fixtures/host", 20),
    ("tests/fixtures/sync", 10),
    ("tests/fixtures/certainty", 6),
    ("tests/fixtures/program", 8),
    ("tests/fixtures/plausible", 6),
    ("tests/fixtures/library", 2),
    ("tests/fixtures/data", 10),
    ("tests/fixtures/constructs", 10),
    ("tests/fixtures/ptx", 16),
];

const RACE_CLASSES: &[&str] = &["inter-block", "intra-block", "intra-warp", "barrier-divergence"];
const CERTAINTIES: &[&str] = &["definite", "data-dependent", "approximate"];
const HOLDS: &[&str] = &["always", "every-value", "conditional", "implausible", "unmodelled"];
const VERDICTS: &[&str] = &["race", "race-free", "unknown"];

#[test]
fn every_race_free_fixture_has_a_racy_twin() {
    let mut missing = Vec::new();
    for (dir, min) in DIRS {
        let found = fixtures_in(&workspace().join(dir)).len();
        assert!(found >= *min, "expected at least {min} fixtures in {dir}, found {found}");
    }
    for path in &fixtures() {
        let name = file_name(path);
        if let Some(stem) = name.strip_suffix(".racy.cu") {
            let base = format!("{stem}.cu");
            if !path.with_file_name(&base).is_file() {
                missing.push(format!("{name}: a racy twin without the race-free `{base}`"));
            }
            continue;
        }
        let Some(stem) = name.strip_suffix(".cu") else { continue };
        let text = read(path);
        if header_values(&text, "twin").any(|v| v == "none") {
            continue;
        }
        let twin = format!("{stem}.racy.cu");
        if !path.with_file_name(&twin).is_file() {
            missing.push(format!("{name}: no racy twin `{twin}` (or a `// twin: none` line)"));
        }
    }
    assert!(missing.is_empty(), "fixtures without a twin:\n{}", missing.join("\n"));
}

#[test]
fn static_engine_verdicts_match_fixture_headers() {
    let failures: Vec<String> = fixtures().iter().filter_map(|path| check_fixture(path).err()).collect();
    assert!(
        failures.is_empty(),
        "{} of {} fixtures do not get the expected verdict:\n\n{}",
        failures.len(),
        fixtures().len(),
        failures.join("\n\n")
    );
}

#[test]
fn human_reports_match_snapshots() {
    let mut failed = Vec::new();
    for (dir, _) in DIRS {
        compare_snapshots(&workspace().join(dir), &mut failed);
    }
    assert!(
        failed.is_empty(),
        "{} human reports differ from their snapshots (rewrite them with `INSTA_UPDATE=always`, then read the \
         diffs):\n{}",
        failed.len(),
        failed.join("\n")
    );
}

fn compare_snapshots(dir: &Path, failed: &mut Vec<String>) {
    let snapshots = dir.join("snapshots");
    for path in fixtures_in(dir) {
        let name = file_name(&path);
        let stem = name.strip_suffix(".cu").unwrap_or(&name).to_string();
        // A bad header fails `static_engine_verdicts_match_fixture_headers`.
        let Ok(header) = parse_header(&read(&path)) else { continue };
        if header.no_snapshot {
            if snapshots.join(format!("{stem}.snap")).is_file() {
                failed.push(format!("{name}: has `// snapshot: none` and a snapshot; delete one"));
            }
            continue;
        }
        let output = run(Command::new(env!("CARGO_BIN_EXE_gpurace"))
            .current_dir(dir)
            .env("NO_COLOR", "1")
            .arg("check")
            .args(&header.args)
            .arg(&name));
        let mut report = String::from_utf8_lossy(&output.stdout).into_owned();
        let stderr = String::from_utf8_lossy(&output.stderr);
        if !stderr.is_empty() {
            report.push_str("--- stderr\n");
            report.push_str(&stderr);
        }
        assert_no_absolute_paths(&name, &report);

        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path(&snapshots);
        settings.set_prepend_module_to_snapshot(false);
        settings.set_input_file(&path);
        settings.set_omit_expression(true);
        let command: Vec<&str> =
            ["gpurace", "check"].into_iter().chain(header.args.iter().map(String::as_str)).collect();
        settings.set_description(format!("{} {name}", command.join(" ")));
        // Every fixture is compared, and the failures are listed at the end.
        let compared = panic::catch_unwind(AssertUnwindSafe(|| {
            settings.bind(|| insta::assert_snapshot!(stem, report));
        }));
        if compared.is_err() {
            failed.push(name);
        }
    }
    if let Ok(entries) = fs::read_dir(&snapshots) {
        for entry in entries {
            let path = entry.expect("cannot read a directory entry").path();
            let name = file_name(&path);
            if let Some(stem) = name.strip_suffix(".snap") {
                if !dir.join(format!("{stem}.cu")).is_file() {
                    failed.push(format!("{name}: a snapshot of no fixture; delete it"));
                }
            }
        }
    }
}

/// Snapshots must read the same on every machine.
fn assert_no_absolute_paths(name: &str, report: &str) {
    const ROOTS: &[&str] = &["/work/", "/root/", "/home/", "/tmp/", "/usr/", "/opt/", "/private/", "C:\\"];
    for line in report.lines() {
        assert!(!ROOTS.iter().any(|r| line.contains(r)), "{name}: absolute path in report line `{line}`");
    }
}

/// What a fixture's header asks for.
#[derive(Debug)]
struct Header {
    /// `None` for race-free; otherwise the classes (or `barrier-divergence`)
    /// that must all be reported.
    races: Option<Vec<String>>,
    certainty: Option<String>,
    args: Vec<String>,
    /// Today's wrong verdict, from a `// fixme:` line.
    fixme: Option<String>,
    /// A `// snapshot: none` line.
    no_snapshot: bool,
    /// An `// expect: out-of-bounds` line.
    out_of_bounds: bool,
    /// `// site: LINE` lines.
    sites: Vec<u32>,
    /// `// expect: possible CLASS` lines.
    possible: Vec<String>,
    /// `// rests-on: TEXT` lines.
    rests_on: Vec<String>,
    /// A `// holds: HOLDS` line.
    holds: Option<String>,
    /// `// condition: TEXT` lines.
    conditions: Vec<String>,
}

/// Runs the engine on one fixture; `Err` describes the mismatch.
fn check_fixture(path: &Path) -> Result<(), String> {
    let name = file_name(path);
    let header = parse_header(&read(path)).map_err(|e| format!("{name}: bad header: {e}"))?;
    // From the fixture's folder, as the snapshots: `args` may name other
    // units of its program relative to it.
    let output = run(Command::new(env!("CARGO_BIN_EXE_gpurace"))
        .current_dir(path.parent().unwrap_or(Path::new(".")))
        .args(["check", "--format", "json"])
        .args(&header.args)
        .arg(&name));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let json: Value = serde_json::from_str(&stdout).map_err(|e| {
        let stderr = String::from_utf8_lossy(&output.stderr);
        format!("{name}: stdout is not JSON ({e})\nstdout: {stdout}\nstderr: {stderr}")
    })?;
    // With the other units of its program, the fixture's own report.
    let json = match json["files"].as_array() {
        Some(files) => files.iter().find(|f| f["file"] == name.as_str()).cloned().unwrap_or(Value::Null),
        None => json,
    };
    let verdict = json["verdict"].as_str().unwrap_or("<none>");

    let problems = expectation_problems(&header, verdict, &json);
    let problems = match &header.fixme {
        None => problems,
        Some(_) if problems.is_empty() => {
            vec!["the engine now meets the expectation: remove the `// fixme:` line".to_string()]
        }
        Some(fixme) if fixme != verdict => vec![format!(
            "`// fixme:` says today's verdict is {fixme}, got {verdict}: check the new verdict, then update the \
             fixme line\n  (still wrong: {})",
            problems.join("; ")
        )],
        Some(_) => Vec::new(),
    };
    if problems.is_empty() {
        return Ok(());
    }
    let args = if header.args.is_empty() { String::new() } else { format!(" {}", header.args.join(" ")) };
    Err(format!("{name}{args}:\n  {}\n  got: {}", problems.join("\n  "), summary(verdict, &json)))
}

/// How the engine's answer falls short of the `expect:` and `certainty:`
/// lines; empty when it meets them.
fn expectation_problems(header: &Header, verdict: &str, json: &Value) -> Vec<String> {
    let races = json["races"].as_array().cloned().unwrap_or_default();
    let mut problems = Vec::new();
    match &header.races {
        None if !header.possible.is_empty() => {
            if verdict != "unknown" {
                problems.push(format!("expected verdict unknown (possible races only), got {verdict}"));
            }
            for class in &header.possible {
                if !races.iter().any(|r| r["possible"] == true && r["class"] == class.as_str()) {
                    problems.push(format!("expected a possible race of class {class}, none reported"));
                }
            }
        }
        None if verdict != "race-free" => problems.push(format!("expected verdict race-free, got {verdict}")),
        None => {}
        Some(classes) => {
            if verdict != "race" {
                problems.push(format!("expected verdict race, got {verdict}"));
            }
            for class in classes {
                let found = races.iter().any(|r| {
                    if class == "barrier-divergence" {
                        r["kind"] == "barrier-divergence"
                    } else {
                        r["kind"] == "data-race" && r["class"] == class.as_str()
                    }
                });
                if !found {
                    problems.push(format!("expected a race of class {class}, none reported"));
                }
            }
        }
    }
    if let Some(certainty) = &header.certainty {
        if !races.iter().any(|r| r["certainty"] == certainty.as_str()) {
            problems.push(format!("expected a race with certainty {certainty}, none reported"));
        }
    }
    for text in &header.rests_on {
        let named = |r: &Value| {
            r["rests_on"]
                .as_array()
                .into_iter()
                .flatten()
                .any(|x| x.as_str().is_some_and(|x| x.contains(text.as_str())))
        };
        if !races.iter().any(named) {
            problems.push(format!("expected a race resting on `{text}`, none says so"));
        }
    }
    if let Some(holds) = &header.holds {
        if !races.iter().any(|r| r["holds"] == holds.as_str()) {
            problems.push(format!("expected a race that holds `{holds}`, none reported"));
        }
    }
    for text in &header.conditions {
        if !races.iter().any(|r| r["condition"].as_str().is_some_and(|c| c.contains(text.as_str()))) {
            problems.push(format!("expected a race whose condition says `{text}`, none does"));
        }
    }
    let diagnostics = json["diagnostics"].as_array().cloned().unwrap_or_default();
    if header.out_of_bounds && !diagnostics.iter().any(|d| d["code"] == "out-of-bounds") {
        problems.push("expected an out-of-bounds warning, none reported".to_string());
    }
    for line in &header.sites {
        let at = format!(":{line} (");
        if !races.iter().any(|r| r["witness"]["site"].as_str().is_some_and(|s| s.contains(&at))) {
            problems.push(format!("expected a race at the launch site of line {line}, none reported"));
        }
    }
    problems
}

/// The verdict with the races, or with the reasons and warnings when there
/// are none, on one line each.
fn summary(verdict: &str, json: &Value) -> String {
    let mut lines = vec![verdict.to_string()];
    for race in json["races"].as_array().into_iter().flatten() {
        lines.push(format!(
            "{} ({}, {}), lines {} and {}",
            race["rule"].as_str().unwrap_or("?"),
            race["kind"].as_str().unwrap_or("?"),
            race["certainty"].as_str().unwrap_or("?"),
            race["first"]["line"],
            race["second"]["line"],
        ));
    }
    for kernel in json["kernels"].as_array().into_iter().flatten() {
        if let Some(reason) = kernel["reason"].as_str() {
            lines.push(format!("kernel `{}`: {reason}", kernel["name"].as_str().unwrap_or("?")));
        }
    }
    for diagnostic in json["diagnostics"].as_array().into_iter().flatten() {
        if diagnostic["severity"] != "note" {
            lines.push(format!(
                "{}[{}] line {}: {}",
                diagnostic["severity"].as_str().unwrap_or("?"),
                diagnostic["code"].as_str().unwrap_or("?"),
                diagnostic["line"],
                diagnostic["message"].as_str().unwrap_or("?"),
            ));
        }
    }
    lines.join("\n       ")
}

fn parse_header(text: &str) -> Result<Header, String> {
    let mut races: Vec<String> = Vec::new();
    let mut possible: Vec<String> = Vec::new();
    let mut race_free = false;
    let mut out_of_bounds = false;
    for value in header_values(text, "expect") {
        match value.split_whitespace().collect::<Vec<_>>().as_slice() {
            ["race-free"] => race_free = true,
            ["out-of-bounds"] => out_of_bounds = true,
            ["race", class] if RACE_CLASSES.contains(class) => races.push((*class).to_string()),
            ["possible", class] if RACE_CLASSES.contains(class) => possible.push((*class).to_string()),
            _ => {
                return Err(format!(
                    "`// expect: {value}` is not `race-free`, `race CLASS`, `possible CLASS` or `out-of-bounds`"
                ))
            }
        }
    }
    let races = match (race_free, races.is_empty(), possible.is_empty()) {
        (true, true, true) | (false, true, false) => None,
        (false, false, _) => Some(races),
        (true, _, _) => return Err("expects both race-free and races".to_string()),
        (false, true, true) => return Err("no `// expect:` line".to_string()),
    };
    let certainty = header_values(text, "certainty").next().map(str::to_string);
    if let Some(c) = &certainty {
        if !CERTAINTIES.contains(&c.as_str()) {
            return Err(format!("`{c}` is not a certainty"));
        }
        if races.is_none() && possible.is_empty() {
            return Err("a race-free fixture has a `// certainty:` line".to_string());
        }
    }
    let args = header_values(text, "args").flat_map(str::split_whitespace).map(str::to_string).collect();
    let mut fixmes = header_values(text, "fixme");
    let fixme = match (fixmes.next(), fixmes.next()) {
        (None, _) => None,
        (Some(_), Some(_)) => return Err("more than one `// fixme:` line".to_string()),
        (Some(value), None) => match value.split_once(char::is_whitespace) {
            Some((verdict, reason)) if VERDICTS.contains(&verdict) && !reason.trim().is_empty() => {
                Some(verdict.to_string())
            }
            _ => return Err(format!("`// fixme: {value}` is not `VERDICT REASON` with VERDICT in {VERDICTS:?}")),
        },
    };
    let mut no_snapshot = false;
    for value in header_values(text, "snapshot") {
        match value.split_once(char::is_whitespace) {
            Some(("none", reason)) if !reason.trim().is_empty() => no_snapshot = true,
            _ => return Err(format!("`// snapshot: {value}` is not `none REASON`")),
        }
    }
    let mut sites = Vec::new();
    for value in header_values(text, "site") {
        sites.push(value.parse().map_err(|_| format!("`// site: {value}` is not a line number"))?);
    }
    let rests_on = header_values(text, "rests-on").map(str::to_string).collect();
    let holds = header_values(text, "holds").next().map(str::to_string);
    if let Some(h) = &holds {
        if !HOLDS.contains(&h.as_str()) {
            return Err(format!("`{h}` is not one of {HOLDS:?}"));
        }
    }
    let conditions = header_values(text, "condition").map(str::to_string).collect();
    Ok(Header {
        races,
        certainty,
        args,
        fixme,
        no_snapshot,
        out_of_bounds,
        sites,
        possible,
        rests_on,
        holds,
        conditions,
    })
}

/// Runs `gpurace`, one run at a time across the tests of this file, so that
/// two tests do not slow each other down (the budgets that decide a report
/// are work, not time, so the reports would not change).
fn run(gpurace: &mut Command) -> Output {
    static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner);
    gpurace.output().expect("cannot run gpurace")
}

/// The values of `// KEY: value` lines in the leading comment block.
fn header_values<'a>(text: &'a str, key: &'a str) -> impl Iterator<Item = &'a str> + 'a {
    text.lines().map(str::trim).take_while(|line| line.starts_with("//") || line.is_empty()).filter_map(move |line| {
        let rest = line.strip_prefix("//")?.trim_start();
        rest.strip_prefix(key)?.strip_prefix(':').map(str::trim)
    })
}

/// The workspace root, without `..` so that the snapshots name fixture
/// directories relative to it.
fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).ancestors().nth(2).expect("the crate is two levels down").to_path_buf()
}

/// The `.cu` files of every fixture directory, sorted per directory.
fn fixtures() -> Vec<PathBuf> {
    DIRS.iter().flat_map(|(dir, _)| fixtures_in(&workspace().join(dir))).collect()
}

/// The `.cu` files of one fixture directory, sorted.
fn fixtures_in(dir: &Path) -> Vec<PathBuf> {
    let entries = fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()));
    let mut files: Vec<PathBuf> = entries
        .map(|entry| entry.expect("cannot read a directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "cu"))
        .collect();
    files.sort();
    files
}

fn file_name(path: &Path) -> String {
    path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}
