//! `--html DIR`, end to end: the page holds every race of the JSON report of
//! the same run, needs nothing outside itself, and loads in a headless
//! Chromium without errors, showing every race.
//!
//! The browser test needs Debian's `chromium` (`.ci/run` and
//! `./setup.sh --test` install it). Without it the test says so and passes,
//! except under CI (`CI` set), where a missing browser is a failure.

mod common;

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{examples, gpurace};

/// Runs `gpurace check --format json --html DIR examples/` with DIR a folder
/// that does not exist yet, and returns the JSON report and the page.
fn check_examples(dir: &Path) -> (serde_json::Value, String) {
    let out = dir.join("report/html");
    let run = gpurace(&["check", "--format", "json", "--html", out.to_str().unwrap(), examples().to_str().unwrap()]);
    let plain = gpurace(&["check", "--format", "json", examples().to_str().unwrap()]);
    assert_eq!(run.code, plain.code, "--html changed the exit code: {}", run.stderr);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let page = std::fs::read_to_string(out.join("index.html")).expect("--html DIR writes DIR/index.html");
    (run.json(), page)
}

/// The fingerprints of every race of a JSON report of several files.
fn json_fingerprints(report: &serde_json::Value) -> Vec<String> {
    let mut out: Vec<String> = report["files"]
        .as_array()
        .expect("a report of several files")
        .iter()
        .flat_map(|file| file["races"].as_array().unwrap())
        .map(|race| race["fingerprint"].as_str().unwrap().to_string())
        .collect();
    out.sort();
    out
}

/// The values of the `data-race-fingerprint` attributes of a page.
fn page_fingerprints(page: &str) -> Vec<String> {
    let mut out: Vec<String> = page
        .split("data-race-fingerprint=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .map(str::to_string)
        .collect();
    out.sort();
    out
}

#[test]
fn html_page_shows_every_race_of_the_json_report() {
    let dir = tempfile::tempdir().unwrap();
    let (report, page) = check_examples(dir.path());
    let fingerprints = json_fingerprints(&report);
    assert!(fingerprints.len() >= 4, "examples/ has races of every class: {fingerprints:?}");
    assert_eq!(page_fingerprints(&page), fingerprints);
    // Every file, its verdict and the tool version are on the page.
    for file in report["files"].as_array().unwrap() {
        assert!(page.contains(&format!("<code>{}</code>", file["file"].as_str().unwrap())), "{file}");
    }
    assert!(page.contains(&format!("gpurace {}", env!("CARGO_PKG_VERSION"))));
    // Self-contained: nothing to fetch.
    for outside in ["<link", " src=", "url(", "@import"] {
        assert!(!page.contains(outside), "the page refers to something outside it: {outside}");
    }
}

#[test]
fn html_folder_that_cannot_be_made_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a-file");
    std::fs::write(&file, "").unwrap();
    let out = file.join("html");
    let run = gpurace(&["check", "--html", out.to_str().unwrap(), examples().join("vector_add.cu").to_str().unwrap()]);
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(run.stderr.contains("cannot create the HTML folder"), "{}", run.stderr);
}

#[test]
fn html_page_loads_in_a_browser_and_shows_every_race() {
    let Some(chromium) = chromium() else {
        assert!(std::env::var_os("CI").is_none(), "CI is set but `chromium` is not on the PATH (.ci/run installs it)");
        eprintln!("skipped: `chromium` is not on the PATH (apt-get install chromium)");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (report, _) = check_examples(dir.path());
    let races = json_fingerprints(&report).len();
    let page = dir.path().join("report/html/index.html");

    let (dom, log) = dump_dom(&chromium, &page, dir.path());
    // The page's script marks the root element once the page has loaded,
    // with the number of races the browser finds, and on any error the
    // browser reports (a blocked request included).
    let root = dom.split("<html").nth(1).and_then(|rest| rest.split('>').next()).expect("an <html> element");
    assert!(root.contains(&format!("data-loaded=\"{races}\"")), "the page did not load with {races} races:\n{dom}");
    assert!(!root.contains("data-error"), "the browser reported an error:\n{log}");
    assert_eq!(page_fingerprints(&dom), json_fingerprints(&report));
    assert_eq!(dom.matches("<svg").count(), races, "one picture per race");
    // Chromium logs every console message (uncaught errors, blocked
    // requests) as `CONSOLE`.
    let console: Vec<&str> = log.lines().filter(|l| l.contains(":CONSOLE")).collect();
    assert!(console.is_empty(), "console messages:\n{}", console.join("\n"));
}

/// Debian names the browser `chromium`; other systems `chromium-browser`.
fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| ["chromium", "chromium-browser"].map(|name| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

/// The DOM of `page` after it loaded in a headless Chromium, and Chromium's
/// log (stderr). Output goes to files, so that a full pipe never blocks the
/// browser; a browser still running after two minutes fails the test.
fn dump_dom(chromium: &Path, page: &Path, scratch: &Path) -> (String, String) {
    let (dom_path, log_path) = (scratch.join("dom.html"), scratch.join("chromium.log"));
    let mut child = Command::new(chromium)
        .args(["--headless", "--disable-gpu", "--no-sandbox", "--enable-logging=stderr", "--v=0", "--dump-dom"])
        .arg(format!("--user-data-dir={}", scratch.join("profile").display()))
        .arg(format!("file://{}", page.display()))
        .stdin(Stdio::null())
        .stdout(File::create(&dom_path).unwrap())
        .stderr(File::create(&log_path).unwrap())
        .spawn()
        .expect("cannot start chromium");
    let deadline = Instant::now() + Duration::from_secs(120);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium did not finish in 2 minutes");
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let log = std::fs::read_to_string(&log_path).unwrap_or_default();
    assert!(status.success(), "chromium failed ({status}):\n{log}");
    (std::fs::read_to_string(&dom_path).unwrap(), log)
}
