//! The human format: rustc-style diagnostics, one per finding, then one line
//! per kernel and one summary line per file (and per run, for several files).
//!
//! ```text
//! error[intra-block-race]: write-read race on shared `s` in kernel `reduce`
//!   --> reduce.cu:14:19
//!    |
//! 13 |         s[tid] = v;
//!    |         ------ first write
//! 14 |         float w = s[tid + 1];
//!    |                   ^^^^^^^^^^ second read
//!    |
//!    = help: a `__syncthreads()` between line 13 and line 14 would order these accesses
//! ```
//!
//! `annotate-snippets`, the crate rustc renders its own diagnostics with, draws
//! the snippets; this module only says which lines, spans, labels and notes a
//! finding has. A side of a race whose source line is not at hand (a header
//! that was not read, a line past the end of the file) is named in a note.

use std::collections::{HashMap, HashSet};
use std::io::{self, Write};
use std::ops::Range;

use annotate_snippets::{Annotation, AnnotationKind, Element, Group, Level, Origin, Renderer, Snippet};
use gpurace_core::{KernelResult, Location, Race};
use gpurace_ir::{Diagnostic, Severity};

use crate::message::{help, label, message, notes, plural};
use crate::{FileReport, FileVerdict, Run, Sources};

/// Writes the human report of `run`.
pub fn render(run: &Run, sources: &Sources, out: &mut dyn Write) -> io::Result<()> {
    if run.files.len() > 1 {
        table(run, out)?;
    }
    for file in &run.files {
        render_file(file, sources, out)?;
        if run.files.len() > 1 {
            writeln!(out)?;
        }
    }
    if run.files.len() > 1 {
        let host_only = match run.host_only_files() {
            0 => String::new(),
            n => format!(", {n} without kernels"),
        };
        writeln!(
            out,
            "summary: {} ({} files: {}{host_only})",
            run.verdict().as_str(),
            run.files.len(),
            run.file_counts()
        )?;
    }
    // What the run reused changes from run to run (like timings): it is in
    // JSON's `timings.cache` and the progress output. The report says it
    // when files were left out or entries ignored.
    if let Some(cache) = run.cache.as_ref().filter(|c| c.corrupt + c.unchanged > 0) {
        writeln!(out, "{}", cache_line(cache))?;
    }
    Ok(())
}

/// The most files the table at the top lists.
const TABLE_ROWS: usize = 40;

/// A run of several files starts with a table of the files that need a
/// look (racy, unknown, failed), worst first, each with its kernels, races
/// and the causes they come to (races of the same two accesses in one
/// kernel family are one cause); race-free files and files without kernels
/// are counted only.
fn table(run: &Run, out: &mut dyn Write) -> io::Result<()> {
    let mut rows: Vec<(FileVerdict, usize, usize, usize, &str)> = run
        .files
        .iter()
        .filter(|f| !f.is_host_only() && f.verdict() != FileVerdict::RaceFree)
        .map(|f| {
            let races = f.race_count() + f.possible_count();
            let causes: HashSet<(Cause, bool)> =
                f.kernels.iter().flat_map(|k| k.races.iter().map(move |r| (Cause::of(k, r), r.possible))).collect();
            (f.verdict(), f.kernels.len(), races, causes.len(), f.file.as_str())
        })
        .collect();
    rows.sort_by(|a, b| b.0.cmp(&a.0).then(b.3.cmp(&a.3)).then(a.4.cmp(b.4)));
    writeln!(
        out,
        "gpurace: {} files: {}, {} without kernels",
        run.files.len(),
        run.file_counts(),
        run.host_only_files()
    )?;
    if rows.is_empty() {
        return writeln!(out);
    }
    writeln!(out, "  {:<9} {:>7} {:>6} {:>7}  file", "verdict", "kernels", "races", "causes")?;
    for (verdict, kernels, races, causes, file) in rows.iter().take(TABLE_ROWS) {
        writeln!(out, "  {:<9} {kernels:>7} {races:>6} {causes:>7}  {file}", verdict.as_str())?;
    }
    if rows.len() > TABLE_ROWS {
        writeln!(out, "  ... and {} more files below", rows.len() - TABLE_ROWS)?;
    }
    writeln!(out)
}

/// How many files' results a run reused, analysed and left out.
pub fn cache_line(cache: &crate::CacheUse) -> String {
    let mut line = format!(
        "cache: {} of {} file{} reused, {} analysed",
        cache.reused,
        cache.reused + cache.analysed,
        plural(cache.reused + cache.analysed),
        cache.analysed
    );
    if cache.unchanged > 0 {
        line += &format!(", {} unchanged and not checked (no cached result)", cache.unchanged);
    }
    if cache.corrupt > 0 {
        line += &format!(", {} corrupt entr{} ignored", cache.corrupt, if cache.corrupt == 1 { "y" } else { "ies" });
    }
    line
}

fn render_file(file: &FileReport, sources: &Sources, out: &mut dyn Write) -> io::Result<()> {
    for diagnostic in file.sorted_diagnostics() {
        write_group(diagnostic_group(diagnostic, sources), out)?;
    }
    // A possible race is shown once per cause, with a count of the others
    // resting on it: thousands of them resting on one construct gpurace does
    // not model say one thing (`--report-possible` counts and lists them all).
    let mut causes: HashMap<String, usize> = HashMap::new();
    for (_, race) in file.sorted_races() {
        if race.possible {
            *causes.entry(cause(race)).or_default() += 1;
        }
    }
    // A race is shown once per cause too: the same two accesses (by place)
    // in one kernel family (a template's instances) are one bug, whether
    // they race between blocks, within a block and within a warp, and in
    // how many instances; the block says what else it stands for.
    let mut same: HashMap<Cause, Vec<(&KernelResult, &Race)>> = HashMap::new();
    // (Races that rest on what gpurace does not model are counted as races
    // only with `--report-possible`, which asks for every one.)
    let grouped = |race: &Race| !race.possible && race.rests_on.is_empty();
    for (kernel, race) in file.sorted_races() {
        if grouped(race) {
            same.entry(Cause::of(kernel, race)).or_default().push((kernel, race));
        }
    }
    let mut shown: HashSet<String> = HashSet::new();
    let mut shown_causes: HashSet<Cause> = HashSet::new();
    for (kernel, race) in file.sorted_races() {
        let mut more = None;
        if grouped(race) {
            let cause = Cause::of(kernel, race);
            if !shown_causes.insert(cause.clone()) {
                continue;
            }
            more = same.get(&cause).and_then(|all| also(kernel, race, all));
        }
        if race.possible {
            let cause = cause(race);
            if !shown.insert(cause.clone()) {
                continue;
            }
            more = causes.get(&cause).map(|n| n - 1).filter(|n| *n > 0).map(|n| {
                format!(
                    "{n} more possible race{} of this file rest on the same (`--report-possible` lists them)",
                    plural(n)
                )
            });
        }
        write_group(race_group(kernel, race, sources, more), out)?;
    }
    for kernel in file.sorted_kernels() {
        let verdict = match kernel.verdict.reason() {
            Some(reason) => format!("{} ({reason})", kernel.verdict.as_str()),
            None => kernel.verdict.as_str().to_string(),
        };
        let launches = match kernel.sites.as_slice() {
            [] => "no launch seen, analysed on its own".to_string(),
            [one] => format!("launched at {one}"),
            [first, rest @ ..] => format!("launched at {first} and {} more site(s)", rest.len()),
        };
        writeln!(
            out,
            "{}:{}:{}: kernel `{}` ({launches}): {verdict}",
            kernel.file, kernel.line, kernel.col, kernel.kernel
        )?;
    }
    if file.is_host_only() {
        return match file.reported_elsewhere {
            0 => writeln!(out, "{}: no kernels", file.file),
            n => writeln!(out, "{}: no kernels of its own ({n} reported with another file, see the note)", file.file),
        };
    }
    let kernels = file.kernels.len();
    let races = file.race_count();
    let possible = match file.possible_count() {
        0 => String::new(),
        n => format!(", {n} possible"),
    };
    writeln!(
        out,
        "{}: {} ({kernels} kernel{}, {races} race{}{possible})",
        file.file,
        file.verdict().as_str(),
        plural(kernels),
        plural(races),
    )
}

/// What a possible race rests on, the same for every race of one cause.
fn cause(race: &Race) -> String {
    race.rests_on.join("; on ")
}

/// What makes races one bug: the kernel family (the name before template
/// arguments) and the places of the two accesses.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Cause {
    family: String,
    first: (String, u32, u32),
    second: (String, u32, u32),
}

impl Cause {
    fn of(kernel: &KernelResult, race: &Race) -> Cause {
        let place = |l: &Location| (l.file.clone(), l.line, l.col);
        let family = kernel.kernel.split('<').next().unwrap_or(&kernel.kernel).to_string();
        Cause { family, first: place(&race.first), second: place(&race.second) }
    }
}

/// The note of a race shown for others of its cause (`all`, itself
/// included): their classes and the other instances they are in.
fn also(kernel: &KernelResult, race: &Race, all: &[(&KernelResult, &Race)]) -> Option<String> {
    let others: Vec<&(&KernelResult, &Race)> =
        all.iter().filter(|(k, r)| !(std::ptr::eq(*k, kernel) && std::ptr::eq(*r, race))).collect();
    if others.is_empty() {
        return None;
    }
    let mut rules: Vec<&str> = others.iter().map(|(_, r)| r.rule_id()).filter(|r| *r != race.rule_id()).collect();
    rules.sort_unstable();
    rules.dedup();
    let mut instances: Vec<&str> =
        others.iter().map(|(k, _)| k.kernel.as_str()).filter(|k| *k != kernel.kernel).collect();
    instances.sort_unstable();
    instances.dedup();
    let mut parts = Vec::new();
    if !rules.is_empty() {
        parts.push(format!("as {}", rules.iter().map(|r| format!("`{r}`")).collect::<Vec<_>>().join(", ")));
    }
    match instances.as_slice() {
        [] => {}
        [one] => parts.push(format!("in `{one}`")),
        many => parts.push(format!(
            "in {} more instances of `{}`",
            many.len(),
            kernel.kernel.split('<').next().unwrap_or("")
        )),
    }
    let n = others.len();
    if parts.is_empty() {
        // The same class in the same kernel: at other launches, or with
        // other arrays.
        return Some(format!(
            "the same two accesses race {n} more time{} in this file, not shown (JSON and SARIF list each)",
            plural(n)
        ));
    }
    Some(format!(
        "the same two accesses race {} ({n} more race{} of this file, not shown; JSON and SARIF list each)",
        parts.join(" and "),
        plural(n)
    ))
}

/// rustc's styles, which the CLI strips when stdout is not a terminal or
/// `NO_COLOR` is set (anstream). The width stays the renderer's default
/// (140 columns) rather than the terminal's, so that the text is the same
/// everywhere: a longer source line is cut around its marks.
const RENDERER: Renderer = Renderer::styled();

/// One finding, followed by an empty line.
fn write_group(group: Group<'_>, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "{}", RENDERER.render(&[group]))?;
    writeln!(out)
}

/// A diagnostic of the front-end, the engine or the CLI: its place, and its
/// source line with a mark at its column when the line is at hand.
fn diagnostic_group<'a>(diagnostic: &'a Diagnostic, sources: &'a Sources) -> Group<'a> {
    let level = match diagnostic.severity {
        Severity::Error => Level::ERROR,
        Severity::Warning => Level::WARNING,
        Severity::Note => Level::NOTE,
    };
    let title = level.primary_title(diagnostic.message.as_str()).id(diagnostic.code);
    let (file, line, col) = (diagnostic.file.as_str(), diagnostic.line, diagnostic.col);
    if file.is_empty() {
        return Group::with_title(title);
    }
    match sources.line(file, line).filter(|_| col > 0) {
        Some(text) => title.element(
            Snippet::source(text)
                .line_start(index(line))
                .path(file)
                .annotation(AnnotationKind::Primary.span(span(text, col, 1))),
        ),
        None => title.element(origin(file, line, col)),
    }
}

/// A race. The second access gets the primary mark (`^^^`) and the first the
/// secondary one (`---`): in one snippet when both are in one file, else in
/// a snippet each, the second's first, since it holds the place the
/// diagnostic points at. A side whose source line is not at hand is named
/// in a note, before the notes of the race.
fn race_group<'a>(kernel: &KernelResult, race: &'a Race, sources: &'a Sources, more: Option<String>) -> Group<'a> {
    let (first, second) = (&race.first, &race.second);
    let first_mark = Mark { location: first, kind: AnnotationKind::Context, label: label(race, false) };
    let second_mark = Mark { location: second, kind: AnnotationKind::Primary, label: label(race, true) };
    let mut elements: Vec<Element<'a>> = Vec::new();
    let mut unseen = Vec::new();
    match snippet(sources, &[&first_mark, &second_mark]) {
        Some(both) => elements.push(both.into()),
        None => {
            let (first_snippet, second_snippet) = (snippet(sources, &[&first_mark]), snippet(sources, &[&second_mark]));
            if first_snippet.is_none() {
                unseen.push(&first_mark);
            }
            match second_snippet {
                Some(one) => elements.push(one.into()),
                None => {
                    elements.push(origin(&second.file, second.line, second.col).into());
                    unseen.push(&second_mark);
                }
            }
            elements.extend(first_snippet.map(Element::from));
        }
    }
    let notes =
        unseen.into_iter().map(|m| format!("{} at {}", m.label, place(m.location))).chain(notes(race)).chain(more);
    let level = if race.possible { Level::WARNING } else { Level::ERROR };
    level
        .primary_title(message(race, &kernel.kernel))
        .id(race.rule_id())
        .elements(elements)
        .elements(notes.map(|n| Level::NOTE.message(n)))
        .element(Level::HELP.message(help(race)))
}

/// One side of a race as the snippet marks it.
struct Mark<'l> {
    location: &'l Location,
    kind: AnnotationKind,
    label: String,
}

/// The source lines of `marks`, from the first to the last, with each mark
/// under its access; `None` when the marks are in different files, a line is
/// not at hand or a mark has no column. The renderer folds long runs of
/// lines between the marks.
fn snippet<'a>(sources: &'a Sources, marks: &[&Mark<'_>]) -> Option<Snippet<'a, Annotation<'a>>> {
    let file = &marks.first()?.location.file;
    if marks.iter().any(|m| m.location.col == 0 || &m.location.file != file) {
        return None;
    }
    let first = marks.iter().map(|m| m.location.line).min()?;
    let last = marks.iter().map(|m| m.location.line).max()?;
    let lines = sources.lines(file, first, last)?;
    let mut annotations = Vec::new();
    for mark in marks {
        let offset: usize = lines.iter().take(index(mark.location.line - first)).map(|l| l.len() + 1).sum();
        let text = lines.get(index(mark.location.line - first))?;
        let access = mark.location.text.lines().next().unwrap_or_default().len();
        let range = span(text, mark.location.col, access);
        annotations.push(mark.kind.span(offset + range.start..offset + range.end).label(Some(mark.label.clone())));
    }
    Some(Snippet::source(lines.join("\n")).line_start(index(first)).path(file.clone()).annotations(annotations))
}

/// The bytes of an access of `len` bytes at the 1-based byte column `col` of
/// the source line `text`, kept within the line and on character boundaries
/// (the renderer panics on a span past the end of its text), and at least
/// one character long except at the end of the line. A column from the input
/// may be anything, so nothing here assumes it fits.
fn span(text: &str, col: u32, len: usize) -> Range<usize> {
    let mut start = index(col).saturating_sub(1).min(text.len());
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = start.saturating_add(len.max(1)).min(text.len());
    while !text.is_char_boundary(end) {
        end += 1;
    }
    start..end
}

/// The `-->` line alone, for a place whose source line is not at hand.
fn origin(file: &str, line: u32, col: u32) -> Origin<'_> {
    match (line, col) {
        (0, _) => Origin::path(file),
        (line, 0) => Origin::path(file).line(index(line)),
        (line, col) => Origin::path(file).line(index(line)).char_column(index(col)),
    }
}

/// `tile.cuh:3:12 (`a[i]`)`.
fn place(location: &Location) -> String {
    let place = format!("{}:{}:{}", location.file, location.line, location.col);
    if location.text.is_empty() {
        place
    } else {
        format!("{place} (`{}`)", location.text)
    }
}

fn index(n: u32) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sample::{sample_run, sample_sources};
    use gpurace_core::{AccessMode, Certainty, RaceClass, RaceKind, Verdict};
    use gpurace_ir::Space;

    /// The text without styles, as a pipe gets it.
    fn render_to_string(run: &Run, sources: &Sources) -> String {
        let mut out = Vec::new();
        render(run, sources, &mut out).unwrap();
        anstream::adapter::strip_str(&String::from_utf8(out).unwrap()).to_string()
    }

    #[test]
    fn findings_are_styled_for_terminals() {
        let mut out = Vec::new();
        render(&sample_run(), &sample_sources(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let error = annotate_snippets::renderer::DEFAULT_ERROR_STYLE;
        assert!(text.contains(&format!("{error}error[intra-block-race]")), "{text}");
        assert_ne!(anstream::adapter::strip_str(&text).to_string(), text);
    }

    #[test]
    fn sample_run_with_sources() {
        insta::assert_snapshot!(render_to_string(&sample_run(), &sample_sources()));
    }

    #[test]
    fn sample_run_without_sources() {
        insta::assert_snapshot!(render_to_string(&sample_run(), &Sources::new()));
    }

    /// A run of one race between `first` and `second` in `k.cu`.
    fn one_race(first: (u32, u32, &str), second: (u32, u32, &str)) -> Run {
        let at = |(line, col, text): (u32, u32, &str), mode| Location {
            file: "k.cu".into(),
            line,
            col,
            text: text.into(),
            mode: Some(mode),
        };
        let race = Race {
            class: RaceClass::IntraBlock,
            kind: RaceKind::DataRace,
            certainty: Certainty::Definite,
            array: Some("s".into()),
            space: Some(Space::Shared),
            first: at(first, AccessMode::Write),
            second: at(second, AccessMode::Read),
            witness: None,
            notes: Vec::new(),
            rests_on: Vec::new(),
            possible: false,
            holds: Default::default(),
            condition: None,
            engine: gpurace_core::race::Engine::Static,
            replay: None,
        };
        let kernel = KernelResult {
            kernel: "k".into(),
            file: "k.cu".into(),
            line: 1,
            col: 1,
            verdict: Verdict::Race,
            races: vec![race],
            diagnostics: Vec::new(),
            sites: Vec::new(),
            undecided: None,
        };
        Run {
            files: vec![FileReport { file: "k.cu".into(), kernels: vec![kernel], ..FileReport::default() }],
            ..Run::default()
        }
    }

    fn sources(text: &str) -> Sources {
        let mut sources = Sources::new();
        sources.insert("k.cu", text);
        sources
    }

    #[test]
    fn races_of_one_cause_are_one_block_with_a_count() {
        // The same two accesses race within a block and within a warp, in
        // two instances of one template: one block, which says so.
        let mut run = one_race((2, 5, "s[t]"), (3, 14, "s[t + 1]"));
        let kernel = &mut run.files[0].kernels[0];
        kernel.kernel = "k<1>".into();
        let mut warp = kernel.races[0].clone();
        warp.class = RaceClass::IntraWarp;
        kernel.races.push(warp);
        let mut other = kernel.clone();
        other.kernel = "k<2>".into();
        other.line = 9;
        run.files[0].kernels.push(other);
        let text = render_to_string(&run, &Sources::new());
        assert_eq!(text.matches("error[").count(), 1, "{text}");
        assert!(
            text.contains(
                "the same two accesses race as `intra-warp-race` and in `k<2>` (3 more races of this file, not shown; \
                 JSON and SARIF list each)"
            ),
            "{text}"
        );
        assert!(text.contains("k.cu: race (2 kernels, 4 races)"), "{text}");
    }

    #[test]
    fn accesses_on_two_lines_show_both_lines() {
        let source = "__global__ void k(float *out) {\n    s[t] = 1;\n    out[t] = s[t + 1];\n}\n";
        let text = render_to_string(&one_race((2, 5, "s[t]"), (3, 14, "s[t + 1]")), &sources(source));
        insta::assert_snapshot!(text, @r"
        error[intra-block-race]: write-read race on shared `s` in kernel `k`
         --> k.cu:3:14
          |
        2 |     s[t] = 1;
          |     ---- first write
        3 |     out[t] = s[t + 1];
          |              ^^^^^^^^ second read
          |
          = help: a `__syncthreads()` between line 2 and line 3 would order these accesses

        k.cu:1:1: kernel `k` (no launch seen, analysed on its own): race
        k.cu: race (1 kernel, 1 race)
        ");
    }

    #[test]
    fn accesses_in_two_files_show_a_snippet_each() {
        let mut run = one_race((3, 12, "s[i]"), (2, 5, "s[t]"));
        run.files[0].kernels[0].races[0].first.file = "k.cuh".into();
        let mut sources = sources("__global__ void k() {\n    s[t] = 1;\n}\n");
        sources.insert("k.cuh", "\n\n    return s[i];\n");
        insta::assert_snapshot!(render_to_string(&run, &sources), @r"
        error[intra-block-race]: write-read race on shared `s` in kernel `k`
         --> k.cu:2:5
          |
        2 |     s[t] = 1;
          |     ^^^^ second read
          |
         ::: k.cuh:3:12
          |
        3 |     return s[i];
          |            ---- first write
          |
          = help: a `__syncthreads()` between the two accesses would order them

        k.cu:1:1: kernel `k` (no launch seen, analysed on its own): race
        k.cu: race (1 kernel, 1 race)
        ");
    }

    /// Columns are bytes from clang; tabs and multi-byte characters before an
    /// access must not move its mark, and a column from the input that is
    /// past the end of its line or inside a character must not panic.
    #[test]
    fn odd_sources_and_columns_do_not_panic() {
        let tabbed = "\tfloat é = s[t]; s[t] = 1; // ü\n";
        let text = render_to_string(&one_race((1, 19, "s[t]"), (1, 13, "s[t]")), &sources(tabbed));
        insta::assert_snapshot!(text, @r"
        error[intra-block-race]: write-read race on shared `s` in kernel `k`
         --> k.cu:1:12
          |
        1 |     float é = s[t]; s[t] = 1; // ü
          |               ^^^^  ---- first write
          |               |
          |               second read
          |
          = help: a `__syncthreads()` between iterations of a loop around line 1 would order these accesses; without a loop, give each thread its own element or use atomics

        k.cu:1:1: kernel `k` (no launch seen, analysed on its own): race
        k.cu: race (1 kernel, 1 race)
        ");
        let odd = [
            // Past the end of the line, inside `é`, and a text longer than the line.
            ((1, 99, "s[t]"), (1, 9, "s[t] and more than the line holds")),
            // A line past the end of the file, and a column 0.
            ((7, 1, "s[t]"), (1, 0, "")),
        ];
        for (first, second) in odd {
            let text = render_to_string(&one_race(first, second), &sources(tabbed));
            assert!(text.contains("error[intra-block-race]"), "{text}");
        }
        let text = render_to_string(&one_race((7, 1, "s[t]"), (1, 0, "")), &sources(tabbed));
        assert!(text.contains("= note: first write at k.cu:7:1 (`s[t]`)"), "{text}");
        for empty in ["", "\n"] {
            let text = render_to_string(&one_race((1, 1, "s[t]"), (1, 3, "s")), &sources(empty));
            assert!(text.contains("error[intra-block-race]"), "{text}");
        }
    }
}
