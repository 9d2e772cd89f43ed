//! `gpurace check --confirm` and `gpurace run` on launches the simulator
//! cannot or need not hold whole, on possible races, and the advice each
//! command gives. The fixtures are in `tests/fixtures/confirm/`, each with a
//! header that says what it shows.

mod common;
use common::{fixture, gpurace, Run};
use serde_json::Value;

fn confirm(file: &str, format: &str) -> Run {
    gpurace(&["check", "--confirm", "--format", format, fixture(&format!("confirm/{file}")).to_str().unwrap()])
}

/// The races of a JSON report.
fn races(run: &Run) -> Vec<Value> {
    run.json()["races"].as_array().expect("a races array").clone()
}

fn detail(race: &Value) -> &str {
    race["replay"]["detail"].as_str().unwrap_or_else(|| panic!("no replay: {race}"))
}

/// The user's report: `check --confirm` aborted with "memory allocation of
/// 68719477248 bytes failed" (exit 134) on a launch of 2^34 + 1 elements.
/// Each replay now allocates what its blocks touch: a witness in the first
/// block is confirmed, one in blocks far into the grid says which limit
/// stopped it.
#[test]
fn confirm_of_a_launch_of_2_pow_34_elements_finishes() {
    let run = confirm("huge_buffer.cu", "json");
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
    assert!(!run.stderr.contains("memory allocation"), "{}", run.stderr);
    let races = races(&run);
    assert!(races.iter().any(|r| r["replay"]["confirmed"] == true), "{races:?}");
    for race in &races {
        let detail = detail(race);
        let stopped = detail.contains("past the simulator's limit of 64 MiB for such a buffer");
        assert!(race["replay"]["confirmed"] == true || stopped, "{detail}");
    }
}

/// A grid of 2^31 - 1 blocks whose kernel has a fence (every block runs):
/// the replay is refused with what it needs and the limit.
#[test]
fn confirm_of_a_grid_of_2_pow_31_blocks_says_why_it_did_not_replay() {
    let run = confirm("huge_grid.cu", "json");
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
    let races = races(&run);
    assert!(!races.is_empty());
    for race in &races {
        assert_eq!(race["replay"]["confirmed"], false);
        assert_eq!(
            detail(race),
            "not replayed: the witness's launch needs a run of every block of a grid of 2147483647 blocks, over \
             the simulator's limit of 16777216 blocks"
        );
    }
}

/// `gpurace run` of the same launches: a diagnostic and exit code 2, not an
/// abort.
#[test]
fn run_of_a_launch_over_the_limits_is_a_diagnostic() {
    let file = |name: &str| fixture(&format!("confirm/{name}")).to_str().unwrap().to_string();
    let run = gpurace(&["run", &file("huge_grid.cu")]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("a grid of 2147483647 blocks, over the simulator's limit"), "{}", run.stderr);
    let run = gpurace(&["run", &file("huge_buffer.cu"), "--grid", "4"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("the launch needs a buffer `a` of 64 GiB, over the simulator's limit of 1 GiB"),
        "{}",
        run.stderr
    );
    let run = gpurace(&["run", &file("huge_buffer.cu"), "--grid", "4", "--block", "1024,1024"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("a block of 1048576 threads"), "{}", run.stderr);
}

/// Possible races are replayed too and shown with what the replay
/// observed; a confirmed one stays possible (the replay ran with the
/// witness's `shift`, which the program may never give), so the verdict
/// stays `unknown` and the exit code 0.
#[test]
fn confirm_replays_possible_races_and_shows_what_the_replay_observed() {
    let path = fixture("confirm/possible_shift.cu");
    let file = path.to_str().unwrap();
    let plain = gpurace(&["check", "--format", "json", file]);
    assert_eq!(plain.code, 0, "possible races alone do not count:\n{}", plain.stdout);
    assert!(races(&plain).iter().all(|r| r["possible"] == true && r["replay"].is_null()));

    let run = confirm("possible_shift.cu", "json");
    assert_eq!(run.code, 0, "{}", run.stdout);
    assert_eq!(run.json()["verdict"], "unknown");
    let races = races(&run);
    assert!(!races.is_empty());
    for race in &races {
        assert_eq!(race["possible"], true, "{race}");
        assert!(!race["replay"].is_null(), "{race}");
        // What the static analysis rested on is kept as data.
        assert_eq!(race["certainty"], "approximate");
        assert!(!race["rests_on"].as_array().unwrap().is_empty(), "{race}");
    }
    assert!(races.iter().any(|r| r["replay"]["confirmed"] == true));

    let human = confirm("possible_shift.cu", "human");
    assert_eq!(human.code, 0);
    assert!(human.stdout.contains("the replay ran with the witness's values"), "{}", human.stdout);
    assert!(
        human.stdout.contains("= note: confirmed: a replay of the witness on gpurace's simulator (blocks "),
        "{}",
        human.stdout
    );
    assert!(human.stdout.contains(") observed thread ("), "{}", human.stdout);

    let sarif = confirm("possible_shift.cu", "sarif").json();
    let results = sarif["runs"][0]["results"].as_array().unwrap();
    for result in results {
        assert!(result["properties"]["replay"]["confirmed"].is_boolean(), "a replay property: {result}");
        assert_eq!(result["level"], "warning", "{result}");
    }
}

/// Advice names flags of the command that prints it: `check` has no step
/// limit to raise, so a replay past its limit points at `gpurace run`, which
/// has one and says so.
#[test]
fn advice_names_flags_of_the_command_that_prints_it() {
    let run = confirm("long_loop.cu", "json");
    assert_eq!(run.code, 1, "{}", run.stdout);
    for race in &races(&run) {
        let detail = detail(race);
        assert!(detail.contains("passed its limit of 10000000 thread-instructions"), "{detail}");
        assert!(detail.contains("`gpurace run` runs a launch longer with `--max-steps`"), "{detail}");
        assert!(!detail.contains("raise --max-steps") && !detail.contains("--grid"), "{detail}");
    }
    let path = fixture("confirm/long_loop.cu");
    let file = path.to_str().unwrap();
    let rejected = gpurace(&["check", "--max-steps", "1000", file]);
    assert_eq!(rejected.code, 2, "`check` has no --max-steps: {}", rejected.stderr);
    let run = gpurace(&["run", file, "--max-steps", "1000"]);
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(run.stdout.contains("raise --max-steps or give a smaller --grid"), "{}", run.stdout);
}
