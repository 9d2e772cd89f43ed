//! Suppressions written in the source: `// gpurace-ignore` silences every
//! race, `// gpurace-ignore: intra-warp-race, barrier-divergence` only the
//! races whose rule, class (`intra-warp`) or kind (`data-race`) it names.
//!
//! The comment applies to a race when it sits on the line of either access or
//! on the line just above it, or on the line of the kernel's definition or
//! just above it (then it covers every race of the kernel).

use gpurace_core::{KernelResult, Race};

use crate::{FileReport, Sources};

const DIRECTIVE: &str = "gpurace-ignore";

/// What a `gpurace-ignore` comment on `line` names: `Some(vec![])` for
/// every race, `None` without the comment.
fn directive(line: &str) -> Option<Vec<String>> {
    let comment = &line[line.find("//")? + 2..];
    let rest = comment.trim_start().strip_prefix(DIRECTIVE)?;
    if rest.starts_with(|c: char| c.is_alphanumeric() || c == '-' || c == '_') {
        return None;
    }
    let names = match rest.trim_start().strip_prefix(':') {
        Some(list) => list.split(',').map(|n| n.trim().to_string()).filter(|n| !n.is_empty()).collect(),
        None => Vec::new(),
    };
    Some(names)
}

fn covers(names: &[String], race: &Race) -> bool {
    names.is_empty() || names.iter().any(|n| n == race.rule_id() || n == race.class.as_str() || n == race.kind.as_str())
}

/// Whether a comment at `line` of `file`, or on the line above, covers `race`.
fn silenced_at(sources: &Sources, file: &str, line: u32, race: &Race) -> bool {
    [line, line.saturating_sub(1)]
        .into_iter()
        .filter(|l| *l > 0)
        .filter_map(|l| sources.line(file, l).and_then(directive))
        .any(|names| covers(&names, race))
}

fn silenced(sources: &Sources, kernel: &KernelResult, race: &Race) -> bool {
    silenced_at(sources, &race.first.file, race.first.line, race)
        || silenced_at(sources, &race.second.file, race.second.line, race)
        || silenced_at(sources, &kernel.file, kernel.line, race)
}

/// Leaves out of `report` the races a `gpurace-ignore` comment covers, and
/// returns how many. A kernel left without races gets the verdict it would
/// have had without them, as with a baseline.
pub fn apply(report: &mut FileReport, sources: &Sources) -> usize {
    report.drop_races(|kernel| kernel.races.iter().map(|race| silenced(sources, kernel, race)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sample::{sample_run, sample_sources};

    #[test]
    fn directives_are_read_from_line_comments_only() {
        assert_eq!(directive("  s[tid] = 0; // gpurace-ignore"), Some(vec![]));
        assert_eq!(
            directive("// gpurace-ignore: intra-warp-race, data-race"),
            Some(vec!["intra-warp-race".to_string(), "data-race".to_string()])
        );
        assert_eq!(directive("s[tid] = 0;"), None);
        assert_eq!(directive("// gpurace-ignored"), None);
        assert_eq!(directive("/* gpurace-ignore */"), None);
    }

    #[test]
    fn a_comment_above_an_access_or_a_kernel_silences_its_races() {
        let run = sample_run();
        let file = run.files.iter().find(|f| f.kernels.iter().any(|k| !k.races.is_empty())).unwrap();
        let kernel = file.kernels.iter().find(|k| !k.races.is_empty()).unwrap();
        let race = &kernel.races[0];
        let sources = sample_sources();
        let text: Vec<String> = (1..=20).map_while(|l| sources.line(&race.second.file, l)).map(String::from).collect();

        let with = |line: u32, comment: &str| {
            let mut lines = text.clone();
            lines.insert(line as usize - 1, comment.to_string());
            let mut s = Sources::new();
            s.insert(race.second.file.clone(), &lines.join("\n"));
            s
        };
        // The comment pushes the access one line down: point the race there.
        let mut moved = kernel.clone();
        for r in &mut moved.races {
            for l in [&mut r.first, &mut r.second] {
                if l.file == race.second.file && l.line >= race.second.line {
                    l.line += 1;
                }
            }
        }
        let moved_race = &moved.races[0];
        let above = with(race.second.line, "// gpurace-ignore");
        assert!(silenced(&above, &moved, moved_race));
        let other_rule = with(race.second.line, "// gpurace-ignore: barrier-divergence");
        assert!(!silenced(&other_rule, &moved, moved_race) || moved_race.rule_id() == "barrier-divergence");
        assert!(!silenced(&sources, kernel, race));
    }
}
