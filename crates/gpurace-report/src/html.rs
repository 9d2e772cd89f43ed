//! The HTML format: one self-contained page for a whole run, which
//! `gpurace check --html DIR` writes to `DIR/index.html`.
//!
//! The page has a header (tool version, files, counts), then per file its
//! diagnostics and per kernel its verdict, and under a racy kernel one
//! `<article data-race-fingerprint="...">` per race: its class, memory space
//! and certainty, both source lines labelled as the human format labels them,
//! the notes (witness, launch site) and help of the human format, and a
//! picture of the witness in the thread grid (`grid.rs`).
//!
//! Self-contained means no request leaves the page: CSS and SVG are inline, a
//! Content-Security-Policy forbids everything else, and the page needs no
//! script. One small script only marks the root element when the page has
//! loaded (with the number of races it shows) or when the browser reports an
//! error, for the browser test. Everything that comes from the user's files
//! (source text, file and kernel names, messages) is escaped.

mod grid;

use std::io::{self, Write};

use gpurace_core::{KernelResult, Location, Race, Verdict};
use gpurace_ir::{Diagnostic, Space};

use crate::fingerprint::fingerprint;
use crate::json::severity_name;
use crate::message::{help, label, message, notes, plural, space_name};
use crate::{FileReport, Run, Sources, TOOL_NAME, TOOL_VERSION};

/// Writes the HTML page of `run`. `sources` gives the source lines shown
/// under each race; a race whose file is missing there shows the access text.
pub fn render(run: &Run, sources: &Sources, out: &mut dyn Write) -> io::Result<()> {
    let races: usize = run.files.iter().map(FileReport::race_count).sum();
    writeln!(out, "<!DOCTYPE html>")?;
    writeln!(out, "<html lang=\"en\">")?;
    writeln!(out, "<head>")?;
    writeln!(out, "<meta charset=\"utf-8\">")?;
    writeln!(out, "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")?;
    writeln!(out, "<meta http-equiv=\"Content-Security-Policy\" content=\"{CSP}\">")?;
    writeln!(out, "<title>{TOOL_NAME}: {} ({races} race{})</title>", run.verdict().as_str(), plural(races))?;
    writeln!(out, "<style>{STYLE}</style>")?;
    writeln!(out, "<script>{SCRIPT}</script>")?;
    writeln!(out, "</head>")?;
    writeln!(out, "<body>")?;
    let possible: usize = run.files.iter().map(FileReport::possible_count).sum();
    render_header(run, races, possible, out)?;
    writeln!(out, "<main>")?;
    for (index, file) in run.files.iter().enumerate() {
        render_file(index + 1, file, sources, out)?;
    }
    writeln!(out, "</main>")?;
    writeln!(out, "</body>")?;
    writeln!(out, "</html>")
}

/// Only inline styles and scripts; no request of any kind.
const CSP: &str = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'";

/// Marks the root element `data-loaded="N"` (N: the races the browser found)
/// once the page has loaded, and `data-error` on any error the browser
/// reports, a blocked request included.
const SCRIPT: &str = "(function(){var r=document.documentElement;\
function e(){r.setAttribute('data-error','1')}\
addEventListener('error',e,true);addEventListener('securitypolicyviolation',e);\
addEventListener('load',function(){r.setAttribute('data-loaded',\
document.querySelectorAll('[data-race-fingerprint]').length)})})()";

const STYLE: &str = "
body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:0 1em 3em;color:#1f2328}
code,pre,.loc{font-family:ui-monospace,'DejaVu Sans Mono',monospace;font-size:13px}
header{padding:.5em 0}
h1{font-size:1.5em;margin:.3em 0}
h2{font-size:1.25em;margin:1.5em 0 .4em}
h3{font-size:1.05em;margin:1.2em 0 .3em}
h4{font-size:1em;margin:0 0 .4em}
dl.summary{display:grid;grid-template-columns:max-content auto;gap:.1em 1em;margin:.5em 0}
dl.summary dt{color:#59636e}
dl.summary dd{margin:0}
.verdict{display:inline-block;border-radius:1em;padding:0 .6em;font-size:.85em;font-weight:600;color:#fff;background:#59636e}
.v-race{background:#cf222e}
.v-race-free{background:#1a7f37}
.v-unknown{background:#9a6700}
.v-error{background:#6639ba}
section.file{border-top:1px solid #d0d7de;margin-top:1.5em}
.where{color:#59636e;margin:.2em 0}
.reason{color:#9a6700}
ul.diagnostics{padding-left:1.2em}
.d-error b{color:#cf222e}
.d-warning b{color:#9a6700}
.d-note b{color:#1a7f37}
article.race{border:1px solid #d0d7de;border-left:4px solid #cf222e;border-radius:6px;padding:.8em 1em;margin:.8em 0}
.rule{font-family:ui-monospace,monospace;color:#cf222e}
dl.facts{display:flex;flex-wrap:wrap;gap:0 1.5em;margin:.2em 0 .6em}
dl.facts dt{color:#59636e}
dl.facts dt::after{content:':'}
dl.facts dd{margin:0 0 0 .3em}
dl.facts div{display:flex}
div.side{margin:.4em 0}
div.side p{margin:0}
div.side pre{margin:.1em 0 0;padding:.3em .6em;background:#f6f8fa;border-radius:4px;white-space:pre-wrap;overflow-wrap:anywhere}
.side-1 p{color:#0072b2}
.side-2 p{color:#d55e00}
.side .loc{color:#59636e}
mark{background:#fff1a8;border-radius:2px}
ul.notes{list-style:none;padding:0;margin:.4em 0}
ul.notes li::before{content:'note: ';font-weight:600}
p.help{margin:.4em 0}
p.help::before{content:'help: ';font-weight:600}
figure{margin:.6em 0 0;overflow-x:auto}
figure svg{display:block;max-width:none}
";

fn render_header(run: &Run, races: usize, possible: usize, out: &mut dyn Write) -> io::Result<()> {
    let kernels: Vec<&KernelResult> = run.files.iter().flat_map(|f| &f.kernels).collect();
    let racy = kernels.iter().filter(|k| k.verdict == Verdict::Race || !k.races.is_empty()).count();
    let count = |verdict: &str| kernels.iter().filter(|k| k.races.is_empty() && k.verdict.as_str() == verdict).count();
    let verdict = run.verdict().as_str();
    writeln!(out, "<header>")?;
    writeln!(out, "<h1>{TOOL_NAME} report <span class=\"verdict v-{verdict}\">{verdict}</span></h1>")?;
    writeln!(out, "<dl class=\"summary\">")?;
    writeln!(out, "<dt>tool</dt><dd>{TOOL_NAME} {TOOL_VERSION}</dd>")?;
    writeln!(out, "<dt>files checked</dt><dd>{} ({})</dd>", run.files.len(), run.file_counts())?;
    // Every race article is counted: the races, then the possible ones.
    writeln!(out, "<dt>races</dt><dd id=\"race-count\">{races}{}</dd>", possible_text(possible))?;
    writeln!(
        out,
        "<dt>kernels</dt><dd>{} ({racy} racy, {} race-free, {} unknown)</dd>",
        kernels.len(),
        count("race-free"),
        count("unknown"),
    )?;
    writeln!(out, "</dl>")?;
    if run.files.len() > 1 {
        writeln!(out, "<nav><ul>")?;
        for (index, file) in run.files.iter().enumerate() {
            let verdict = file.verdict().as_str();
            writeln!(
                out,
                "<li><a href=\"#file-{}\"><code>{}</code></a> <span class=\"verdict v-{verdict}\">{verdict}</span></li>",
                index + 1,
                escape(&file.file)
            )?;
        }
        writeln!(out, "</ul></nav>")?;
    }
    writeln!(out, "</header>")
}

/// `, and 3 possible races` after a count of races, when there are some.
fn possible_text(possible: usize) -> String {
    match possible {
        0 => String::new(),
        n => format!(", and {n} possible race{}", plural(n)),
    }
}

fn render_file(index: usize, file: &FileReport, sources: &Sources, out: &mut dyn Write) -> io::Result<()> {
    let verdict = file.verdict().as_str();
    writeln!(out, "<section class=\"file\" id=\"file-{index}\">")?;
    writeln!(out, "<h2><code>{}</code> <span class=\"verdict v-{verdict}\">{verdict}</span></h2>", escape(&file.file))?;
    let kernels = file.kernels.len();
    let races = file.race_count();
    let possible = possible_text(file.possible_count());
    writeln!(
        out,
        "<p class=\"where\">{kernels} kernel{}, {races} race{}{possible}</p>",
        plural(kernels),
        plural(races)
    )?;
    let diagnostics = file.sorted_diagnostics();
    if !diagnostics.is_empty() {
        writeln!(out, "<ul class=\"diagnostics\">")?;
        for diagnostic in diagnostics {
            render_diagnostic(diagnostic, out)?;
        }
        writeln!(out, "</ul>")?;
    }
    let all_races = file.sorted_races();
    for (k, kernel) in file.sorted_kernels().into_iter().enumerate() {
        let races: Vec<&Race> =
            all_races.iter().filter(|(owner, _)| std::ptr::eq(*owner, kernel)).map(|(_, race)| *race).collect();
        render_kernel(&format!("{index}-{}", k + 1), kernel, &races, sources, out)?;
    }
    writeln!(out, "</section>")
}

fn render_diagnostic(diagnostic: &Diagnostic, out: &mut dyn Write) -> io::Result<()> {
    let severity = severity_name(diagnostic.severity);
    let at = if diagnostic.file.is_empty() || diagnostic.line == 0 {
        String::new()
    } else {
        format!(" <span class=\"loc\">{}</span>", escape(&place(&diagnostic.file, diagnostic.line, diagnostic.col)))
    };
    writeln!(
        out,
        "<li class=\"d-{severity}\"><b>{severity}[{}]</b>{at}: {}</li>",
        escape(diagnostic.code),
        code_spans(&diagnostic.message)
    )
}

fn render_kernel(
    id: &str,
    kernel: &KernelResult,
    races: &[&Race],
    sources: &Sources,
    out: &mut dyn Write,
) -> io::Result<()> {
    let verdict = kernel.verdict.as_str();
    writeln!(out, "<section class=\"kernel\" id=\"kernel-{id}\">")?;
    writeln!(
        out,
        "<h3>kernel <code>{}</code> <span class=\"verdict v-{verdict}\">{verdict}</span></h3>",
        escape(&kernel.kernel)
    )?;
    let launches = match kernel.sites.as_slice() {
        [] => "no launch seen, analysed on its own".to_string(),
        sites => format!("launched at {}", sites.iter().map(|s| escape(s)).collect::<Vec<_>>().join(", ")),
    };
    writeln!(
        out,
        "<p class=\"where\"><span class=\"loc\">{}</span>, {launches}</p>",
        escape(&place(&kernel.file, kernel.line, kernel.col))
    )?;
    match &kernel.verdict {
        Verdict::Unknown { reason } => writeln!(out, "<p class=\"reason\">unknown: {}</p>", code_spans(reason))?,
        Verdict::RaceFree => writeln!(out, "<p>no race at any launch analysed</p>")?,
        Verdict::Race => {}
    }
    for (r, race) in races.iter().enumerate() {
        render_race(&format!("{id}-{}", r + 1), kernel, race, sources, out)?;
    }
    writeln!(out, "</section>")
}

fn render_race(id: &str, kernel: &KernelResult, race: &Race, sources: &Sources, out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "<article class=\"race\" id=\"race-{id}\" data-race-fingerprint=\"{}\" data-rule=\"{}\">",
        escape(&fingerprint(kernel, race)),
        race.rule_id()
    )?;
    writeln!(
        out,
        "<h4><span class=\"rule\">{}</span>: {}</h4>",
        race.rule_id(),
        code_spans(&message(race, &kernel.kernel))
    )?;
    writeln!(out, "<dl class=\"facts\">")?;
    let space = match race.space {
        None => "none (a barrier)",
        Some(Space::Generic) => "generic (global or shared)",
        Some(space) => space_name(space),
    };
    let facts = [
        ("class", race.class.as_str()),
        ("kind", race.kind.as_str()),
        ("memory", space),
        ("certainty", race.certainty.as_str()),
    ];
    for (term, value) in facts {
        writeln!(out, "<div><dt>{term}</dt><dd>{value}</dd></div>")?;
    }
    writeln!(out, "</dl>")?;
    render_side(1, &race.first, &label(race, false), sources, out)?;
    if race.second != race.first {
        render_side(2, &race.second, &label(race, true), sources, out)?;
    }
    writeln!(out, "<ul class=\"notes\">")?;
    for note in notes(race) {
        writeln!(out, "<li>{}</li>", code_spans(&note))?;
    }
    writeln!(out, "</ul>")?;
    writeln!(out, "<p class=\"help\">{}</p>", code_spans(&help(race)))?;
    match grid::picture(race, &format!("svg-{id}")) {
        Some(svg) => writeln!(out, "<figure>{svg}</figure>")?,
        None => writeln!(out, "<p class=\"where\">no picture: the witness names no threads</p>")?,
    }
    writeln!(out, "</article>")
}

/// One side of a race: its label, its place and its source line with the
/// access marked (or the access text alone when the line is not at hand).
fn render_side(n: u8, location: &Location, label: &str, sources: &Sources, out: &mut dyn Write) -> io::Result<()> {
    let line = sources
        .line(&location.file, location.line)
        .map_or_else(|| escape(&location.text), |text| marked(text, location));
    writeln!(
        out,
        "<div class=\"side side-{n}\"><p>T{n}: {} <span class=\"loc\">{}</span></p><pre>{line}</pre></div>",
        escape(label),
        escape(&place(&location.file, location.line, location.col)),
    )
}

/// The source line, escaped, with the access wrapped in `<mark>` when it is
/// written at its column.
fn marked(text: &str, location: &Location) -> String {
    let start = usize::try_from(location.col).unwrap_or(usize::MAX).saturating_sub(1);
    let end = start.saturating_add(location.text.len());
    match (text.get(..start), text.get(start..end), text.get(end..)) {
        (Some(before), Some(access), Some(after)) if !access.is_empty() && access == location.text => {
            format!("{}<mark>{}</mark>{}", escape(before), escape(access), escape(after))
        }
        _ => escape(text),
    }
}

fn place(file: &str, line: u32, col: u32) -> String {
    if col == 0 {
        format!("{file}:{line}")
    } else {
        format!("{file}:{line}:{col}")
    }
}

/// Escapes text for HTML content and attribute values.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Escapes a message and shows its `code` spans as `<code>`; a message with
/// an unpaired backtick is only escaped.
fn code_spans(text: &str) -> String {
    let parts: Vec<&str> = text.split('`').collect();
    if parts.len().is_multiple_of(2) {
        return escape(text);
    }
    parts
        .iter()
        .enumerate()
        .map(|(i, part)| if i % 2 == 1 { format!("<code>{}</code>", escape(part)) } else { escape(part) })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sample::{sample_run, sample_sources};

    fn render_to_string(run: &Run, sources: &Sources) -> String {
        let mut out = Vec::new();
        render(run, sources, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn sample_run_snapshot() {
        insta::assert_snapshot!(render_to_string(&sample_run(), &sample_sources()));
    }

    #[test]
    fn one_article_per_race_with_its_fingerprint() {
        let run = sample_run();
        let page = render_to_string(&run, &sample_sources());
        let mut expected = Vec::new();
        for file in &run.files {
            for (kernel, race) in file.sorted_races() {
                expected.push(fingerprint(kernel, race));
            }
        }
        assert_eq!(expected.len(), 3);
        assert_eq!(page.matches("<article class=\"race\"").count(), expected.len());
        for fp in expected {
            assert_eq!(page.matches(&format!("data-race-fingerprint=\"{fp}\"")).count(), 1, "{fp}");
        }
        // Race-free kernels and files that failed are listed too.
        assert!(page.contains("kernel <code>scale</code>"));
        assert!(page.contains("unknown type name <code>flaot</code>"));
    }

    #[test]
    fn the_counts_cover_every_race_article() {
        // One race made possible: the header and the file line count it
        // apart, and the page still shows one article per race.
        let mut run = sample_run();
        let race = run.files.iter_mut().flat_map(|f| &mut f.kernels).flat_map(|k| &mut k.races).next().unwrap();
        race.possible = true;
        let page = render_to_string(&run, &sample_sources());
        let articles = page.matches("<article class=\"race\"").count();
        assert_eq!(articles, 3);
        assert!(page.contains("<dd id=\"race-count\">2, and 1 possible race</dd>"), "{page}");
        assert!(page.contains(", and 1 possible race</p>"), "{page}");
    }

    #[test]
    fn text_from_the_input_is_escaped() {
        let mut run = sample_run();
        run.files.truncate(1);
        let file = "a<b>&\"c\".cu";
        run.files[0].file = file.into();
        let kernel = &mut run.files[0].kernels[1];
        kernel.kernel = "reduce<float&>".into();
        let race = &mut kernel.races[0];
        race.first.file = file.into();
        race.second.file = file.into();
        race.first.text = "s[t & 1]".into();
        race.first.col = 12;
        let mut sources = Sources::new();
        sources.insert(file, "\n\n\n\n\nif (t < n) s[t & 1] = 1; // </pre><script>alert(1)</script>\n");
        let page = render_to_string(&run, &sources);
        assert!(page.contains("<code>reduce&lt;float&amp;&gt;</code>"), "{page}");
        assert!(page.contains("a&lt;b&gt;&amp;&quot;c&quot;.cu"), "{page}");
        assert!(page.contains("if (t &lt; n) <mark>s[t &amp; 1]</mark> = 1; // &lt;/pre&gt;&lt;script&gt;"), "{page}");
        assert!(!page.contains("<script>alert"));
        assert!(!page.contains("t & 1") && !page.contains("t < n") && !page.contains("float&>"));
    }

    #[test]
    fn a_line_that_does_not_hold_the_access_is_shown_unmarked() {
        let location = Location { file: "a.cu".into(), line: 1, col: 3, text: "é[i]".into(), mode: None };
        assert_eq!(marked("aé[i] x", &location), "aé[i] x");
        assert_eq!(marked("  é[i] x", &location), "  <mark>é[i]</mark> x");
        let far = Location { col: 99, ..location };
        assert_eq!(marked("x < 1", &far), "x &lt; 1");
    }

    #[test]
    fn messages_show_code_spans() {
        assert_eq!(code_spans("race on `a<b>` in `k`"), "race on <code>a&lt;b&gt;</code> in <code>k</code>");
        assert_eq!(code_spans("one ` only"), "one ` only");
    }
}
