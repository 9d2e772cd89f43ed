//! The picture of a race's witness, an inline SVG: the grid of blocks with
//! the blocks of the two witness threads marked, the warps of each of those
//! blocks with the two threads marked in their lanes, and the element the
//! threads share in a strip of memory.
//!
//! A big grid or block is elided: an axis shows at most [`CAP`] indices
//! (both ends, the witness indices and, when there is room, their
//! neighbours) and `…` where indices are left out, so that the picture has
//! the same size whatever the launch. Thread and block indices are `u32`s of
//! the witness; their products are computed in `u128`, which cannot overflow.

use std::collections::BTreeSet;

use gpurace_core::{Race, RaceKind, Witness};

use super::{escape, space_name};
use crate::message::dim3;

/// Returns the SVG of `race`'s witness with the element id `id`, or `None`
/// when the witness names no thread.
pub(super) fn picture(race: &Race, id: &str) -> Option<String> {
    let witness = race.witness.as_ref()?;
    let threads: Vec<Thread> = witness
        .threads
        .iter()
        .take(2)
        .enumerate()
        .map(|(i, thread)| Thread { n: i + 1, block: witness.blocks.get(i).copied(), thread: *thread })
        .collect();
    if threads.is_empty() {
        return None;
    }
    let mut canvas = Canvas::default();
    if threads.iter().all(|t| t.block.is_some()) {
        blocks(&mut canvas, witness, &threads);
    }
    if let Some(dims) = witness.block {
        warps(&mut canvas, witness, dims, &threads);
    }
    if race.kind == RaceKind::DataRace {
        memory(&mut canvas, race, witness);
    }
    legend(&mut canvas, race, witness, &threads);
    Some(canvas.finish(id, &title(race, witness, &threads)))
}

/// Colours of the two witness threads (Okabe and Ito's blue and vermillion,
/// told apart with any colour vision), of other cells and of cell borders.
const COLOURS: [&str; 2] = ["#0072b2", "#d55e00"];
const IDLE: &str = "#eaeef2";
const EDGE: &str = "#8c959f";
const MUTED: &str = "#59636e";

/// The most indices an axis shows.
const CAP: u128 = 8;
const WARP: u128 = 32;
/// Width of a character at the picture's font size (12px monospace, rounded up), and the
/// height of a line of text.
const CHAR: u64 = 8;
const LINE: u64 = 18;
/// Size of a block cell (at least) and of a lane cell, and the gap after each.
const BLOCK_W: u64 = 28;
const BLOCK_H: u64 = 20;
const LANE_W: u64 = 10;
const LANE_H: u64 = 14;
const PAD: u64 = 8;

/// One of the two witness threads, numbered 1 and 2.
struct Thread {
    n: usize,
    block: Option<[u32; 3]>,
    thread: [u32; 3],
}

impl Thread {
    fn colour(&self) -> &'static str {
        COLOURS[(self.n - 1) % 2]
    }

    /// `T1 (block 2, thread 5)`.
    fn name(&self, witness: &Witness) -> String {
        let thread = index(self.thread, witness.block);
        match self.block {
            Some(block) => format!("T{} (block {}, thread {thread})", self.n, index(block, witness.grid)),
            None => format!("T{} (thread {thread})", self.n),
        }
    }
}

/// An index on an elided axis, or `…` for indices left out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tick {
    At(u128),
    Gap,
}

/// The ticks of an axis of `size` indices (unknown: up to the last mark,
/// then `…`) that shows every mark.
fn axis(size: Option<u128>, marks: &[u128]) -> Vec<Tick> {
    let last_mark = marks.iter().max().map_or(0, |m| m.saturating_add(1));
    let open = size.is_none();
    let size = size.unwrap_or(0).max(last_mark).max(1);
    let kept: BTreeSet<u128> = if size <= CAP {
        (0..size).collect()
    } else {
        let ends: BTreeSet<u128> = [0, size - 1].into_iter().chain(marks.iter().copied()).collect();
        let near: BTreeSet<u128> =
            ends.iter().flat_map(|&m| [m.saturating_sub(1), m, m.saturating_add(1).min(size - 1)]).collect();
        if near.len() as u128 <= CAP {
            near
        } else {
            ends
        }
    };
    let mut ticks = Vec::new();
    let mut next = 0;
    for i in kept {
        if i > next {
            ticks.push(Tick::Gap);
        }
        ticks.push(Tick::At(i));
        next = i + 1;
    }
    if next < size || open {
        ticks.push(Tick::Gap);
    }
    ticks
}

/// The grid of blocks, one panel per `blockIdx.z` of the witness.
fn blocks(canvas: &mut Canvas, witness: &Witness, threads: &[Thread]) {
    let grid = witness.grid;
    let of = |d: usize| threads.iter().filter_map(|t| t.block).map(|b| u128::from(b[d])).collect::<Vec<_>>();
    let dim = |d: usize| grid.map(|g| u128::from(g[d]));
    let (xs, ys) = (axis(dim(0), &of(0)), axis(dim(1), &of(1)));
    let layers: BTreeSet<u128> = of(2).into_iter().collect();
    let layered = grid.is_some_and(|g| g[2] > 1) || layers.iter().any(|&z| z != 0);
    let caption = match grid {
        Some(g) => format!("grid: gridDim {}, the blocks of T1 and T2", dim3(g)),
        None => "grid (gridDim not known): the blocks of T1 and T2".to_string(),
    };
    canvas.caption(0, &caption);
    let cell = width_of(&xs).max(BLOCK_W);
    let rows = ys.len() > 1 || dim(1).is_some_and(|y| y > 1);
    let left = if rows { width_of(&ys) + CHAR * 2 + PAD } else { 0 };
    for z in layers {
        if layered {
            canvas.caption(0, &format!("blockIdx.z = {z}"));
        }
        let top = canvas.y;
        for (i, x) in xs.iter().enumerate() {
            canvas.text(left + i as u64 * (cell + 2) + cell / 2, top + 13, &tick(*x), "middle", MUTED);
        }
        let mut y = top + LINE;
        for row in &ys {
            if rows {
                canvas.text(left - PAD, y + 14, &format!("y {}", tick(*row)), "end", MUTED);
            }
            for (i, column) in xs.iter().enumerate() {
                let x = left + i as u64 * (cell + 2);
                let (Tick::At(bx), Tick::At(by)) = (column, row) else {
                    canvas.text(x + cell / 2, y + 14, "…", "middle", MUTED);
                    continue;
                };
                let here: Vec<&Thread> =
                    threads.iter().filter(|t| t.block.is_some_and(|b| b.map(u128::from) == [*bx, *by, z])).collect();
                canvas.cell(x, y, cell, BLOCK_H, &here);
            }
            y += BLOCK_H + 2;
        }
        canvas.y = y + PAD;
    }
}

/// The warps of each witness block, one under the other, with the two
/// threads in their lanes.
fn warps(canvas: &mut Canvas, witness: &Witness, dims: [u32; 3], threads: &[Thread]) {
    let mut shown: Vec<Option<[u32; 3]>> = Vec::new();
    for thread in threads {
        if !shown.contains(&thread.block) {
            shown.push(thread.block);
        }
    }
    let [bx, by, bz] = dims.map(u128::from);
    let size = bx * by * bz;
    let linear = |t: &Thread| {
        let [x, y, z] = t.thread.map(u128::from);
        x + y * bx + z * bx * by
    };
    for block in shown {
        let here: Vec<&Thread> = threads.iter().filter(|t| t.block == block).collect();
        let marks: Vec<u128> = here.iter().map(|t| linear(t) / WARP).collect();
        let rows = axis(Some(size.div_ceil(WARP)), &marks);
        let caption = match block {
            Some(b) => format!("block {}: blockDim {}, warps of 32 lanes", index(b, witness.grid), dim3(dims)),
            None => format!("blockDim {}, warps of 32 lanes", dim3(dims)),
        };
        canvas.caption(0, &caption);
        let mut y = canvas.y;
        let left =
            rows.iter().map(|r| format!("warp {}", tick(*r)).chars().count() as u64).max().unwrap_or(0) * CHAR + PAD;
        for lane in [0, 8, 16, 24, 31] {
            canvas.text(left + lane * (LANE_W + 1) + LANE_W / 2, y + 13, &lane.to_string(), "middle", MUTED);
        }
        y += LINE;
        for row in rows {
            canvas.text(left - PAD, y + 11, &format!("warp {}", tick(row)), "end", MUTED);
            if let Tick::At(w) = row {
                // One bar for the lanes of the warp (a last warp may be
                // short), then a cell over it per witness thread.
                let lanes = size.saturating_sub(w * WARP).min(WARP) as u64;
                if lanes > 0 {
                    canvas.cell(left, y, lanes * (LANE_W + 1) - 1, LANE_H, &[]);
                }
                for t in here.iter().filter(|t| linear(t) / WARP == w) {
                    canvas.cell(left + (linear(t) % WARP) as u64 * (LANE_W + 1), y, LANE_W, LANE_H, &[t]);
                }
                let mut x = left + WARP as u64 * (LANE_W + 1) + PAD;
                for t in here.iter().filter(|t| linear(t) / WARP == w) {
                    let text = format!("T{} thread {}, lane {}", t.n, index(t.thread, Some(dims)), linear(t) % WARP);
                    canvas.text(x, y + 11, &text, "start", t.colour());
                    x += (text.chars().count() as u64 + 2) * CHAR;
                }
            }
            y += LANE_H + 2;
        }
        canvas.y = y + PAD;
    }
}

/// The element both threads touch, in a strip of its neighbours.
fn memory(canvas: &mut Canvas, race: &Race, witness: &Witness) {
    if witness.element.is_none() && witness.byte_offset.is_none() {
        return;
    }
    let object = race.array.as_deref().unwrap_or("memory");
    let caption = match race.space {
        Some(space) => format!("memory: {object} ({})", space_name(space)),
        None => format!("memory: {object}"),
    };
    canvas.caption(0, &caption);
    let element = witness.element.clone().unwrap_or_else(|| "element".to_string());
    let wide = (element.chars().count() as u64 * CHAR + 2 * PAD).max(BLOCK_W * 3);
    let mode = |location: &gpurace_core::Location| location.mode.map_or("access", |m| m.as_str());
    let middle = 5 * (BLOCK_W + 2) + wide / 2;
    let y = canvas.y;
    canvas.texts(
        middle,
        y + 13,
        &[(format!("T1 {} ↓", mode(&race.first)), COLOURS[0]), (format!(" ↓ T2 {}", mode(&race.second)), COLOURS[1])],
        "middle",
    );
    let y = y + LINE;
    let mut x = 0;
    for i in 0..11 {
        if i == 0 || i == 10 {
            canvas.text(x + BLOCK_W / 2, y + 14, "…", "middle", MUTED);
            x += BLOCK_W + 2;
        } else if i == 5 {
            canvas.shared(x, y, wide, BLOCK_H);
            canvas.text(x + wide / 2, y + 14, &element, "middle", "#1f2328");
            x += wide + 2;
        } else {
            canvas.cell(x, y, BLOCK_W, BLOCK_H, &[]);
            x += BLOCK_W + 2;
        }
    }
    let y = y + BLOCK_H + 2;
    if let Some(offset) = witness.byte_offset {
        canvas.text(middle, y + 13, &format!("byte offset {offset}"), "middle", MUTED);
    }
    canvas.y = y + LINE + PAD;
}

/// One line per thread: its colour, its name, and what it does.
fn legend(canvas: &mut Canvas, race: &Race, witness: &Witness, threads: &[Thread]) {
    for thread in threads {
        let side = if thread.n == 1 { &race.first } else { &race.second };
        let what = match (race.kind, side.mode) {
            (RaceKind::DataRace, Some(mode)) => format!(": {} {} at line {}", mode.as_str(), side.text, side.line),
            (RaceKind::DataRace, None) => format!(": {} at line {}", side.text, side.line),
            (RaceKind::BarrierDivergence, _) => String::new(),
        };
        let y = canvas.y;
        canvas.cell(0, y + 3, 12, 12, &[thread]);
        canvas.text(18, y + 13, &format!("{}{what}", thread.name(witness)), "start", "#1f2328");
        canvas.y += LINE;
    }
    if race.kind == RaceKind::BarrierDivergence {
        let text = "one of them reaches the barrier, the other does not";
        canvas.text(0, canvas.y + 13, text, "start", MUTED);
        canvas.y += LINE;
    }
}

/// The SVG's `<title>`: what the picture shows, in one sentence.
fn title(race: &Race, witness: &Witness, threads: &[Thread]) -> String {
    let names: Vec<String> = threads.iter().map(|t| t.name(witness)).collect();
    match race.kind {
        RaceKind::BarrierDivergence => {
            format!("Witness in the thread grid: {} diverge at the barrier", names.join(" and "))
        }
        RaceKind::DataRace => {
            let mode = |l: &gpurace_core::Location| l.mode.map_or("access", |m| m.as_str());
            let mut text = format!("Witness in the thread grid: {} {}", names[0], mode(&race.first));
            if let Some(second) = names.get(1) {
                text.push_str(&format!(", {second} {}", mode(&race.second)));
            }
            if let Some(element) = &witness.element {
                text.push_str(&format!(", element {element}"));
            }
            if let Some(offset) = witness.byte_offset {
                text.push_str(&format!(" at byte offset {offset}"));
            }
            text
        }
    }
}

/// `5` for a one-dimensional launch, `(5,1,0)` otherwise.
fn index(d: [u32; 3], dims: Option<[u32; 3]>) -> String {
    let flat = dims.map_or(d[1] == 0 && d[2] == 0, |[_, y, z]| y == 1 && z == 1);
    if flat && d[1] == 0 && d[2] == 0 {
        d[0].to_string()
    } else {
        dim3(d)
    }
}

fn tick(t: Tick) -> String {
    match t {
        Tick::At(i) => i.to_string(),
        Tick::Gap => "…".to_string(),
    }
}

/// The width the widest tick label needs.
fn width_of(ticks: &[Tick]) -> u64 {
    ticks.iter().map(|t| tick(*t).chars().count() as u64).max().unwrap_or(1) * CHAR + PAD
}

/// An SVG under construction: its elements, its width so far and the top of
/// the next row.
#[derive(Default)]
struct Canvas {
    body: String,
    width: u64,
    y: u64,
}

impl Canvas {
    fn caption(&mut self, x: u64, text: &str) {
        self.text(x, self.y + 13, text, "start", MUTED);
        self.y += LINE;
    }

    fn text(&mut self, x: u64, y: u64, text: &str, anchor: &str, fill: &str) {
        self.texts(x, y, &[(text.to_string(), fill)], anchor);
    }

    /// Text in several colours, one `tspan` each.
    fn texts(&mut self, x: u64, y: u64, parts: &[(String, &str)], anchor: &str) {
        let chars: u64 = parts.iter().map(|(t, _)| t.chars().count() as u64).sum();
        let end = match anchor {
            "middle" => x + chars * CHAR / 2,
            "end" => x,
            _ => x + chars * CHAR,
        };
        self.width = self.width.max(end);
        self.body.push_str(&format!("<text x=\"{x}\" y=\"{y}\" text-anchor=\"{anchor}\">"));
        for (text, fill) in parts {
            self.body.push_str(&format!("<tspan fill=\"{fill}\">{}</tspan>", escape(text)));
        }
        self.body.push_str("</text>\n");
    }

    /// A cell, filled with the colour of the thread (or threads, half each)
    /// it holds, and numbered after them.
    fn cell(&mut self, x: u64, y: u64, w: u64, h: u64, threads: &[&Thread]) {
        self.width = self.width.max(x + w);
        match threads {
            [] => self.rect(x, y, w, h, IDLE),
            [one] => self.rect(x, y, w, h, one.colour()),
            [first, second, ..] => {
                self.rect(x, y, w / 2, h, first.colour());
                self.rect(x + w / 2, y, w - w / 2, h, second.colour());
            }
        }
        if !threads.is_empty() && w >= BLOCK_W {
            let label: Vec<String> = threads.iter().map(|t| t.n.to_string()).collect();
            self.body.push_str(&format!(
                "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" fill=\"#fff\" font-weight=\"bold\">{}</text>\n",
                x + w / 2,
                y + h - 5,
                label.join(" ")
            ));
        }
    }

    /// The shared element: outlined in both threads' colours.
    fn shared(&mut self, x: u64, y: u64, w: u64, h: u64) {
        self.width = self.width.max(x + w);
        self.body.push_str(&format!(
            "<rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\" fill=\"#fff8c5\" stroke=\"{}\" stroke-width=\"2\"/>\
             <line x1=\"{x}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"2\"/>\n",
            COLOURS[0],
            y + h,
            x + w,
            y + h,
            COLOURS[1]
        ));
    }

    fn rect(&mut self, x: u64, y: u64, w: u64, h: u64, fill: &str) {
        self.body.push_str(&format!(
            "<rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\" fill=\"{fill}\" stroke=\"{EDGE}\" stroke-width=\"0.5\"/>\n"
        ));
    }

    fn finish(self, id: &str, title: &str) -> String {
        let (w, h) = (self.width + 2, self.y + 2);
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"witness\" id=\"{id}\" role=\"img\" \
             aria-labelledby=\"{id}-title\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" \
             font-family=\"ui-monospace,'DejaVu Sans Mono',monospace\" font-size=\"12\">\
             <title id=\"{id}-title\">{}</title>\n{}</svg>",
            escape(title),
            self.body
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Tick::{At, Gap};

    #[test]
    fn small_axes_show_every_index() {
        assert_eq!(axis(Some(3), &[1]), [At(0), At(1), At(2)]);
        assert_eq!(axis(Some(1), &[]), [At(0)]);
    }

    #[test]
    fn big_axes_keep_the_ends_and_the_marks_with_their_neighbours() {
        assert_eq!(axis(Some(1000), &[500]), [At(0), At(1), Gap, At(499), At(500), At(501), Gap, At(998), At(999)]);
        assert_eq!(
            axis(Some(u128::from(u32::MAX)), &[0, 1]),
            [At(0), At(1), At(2), Gap, At(4294967293), At(4294967294)]
        );
        // Without room for the neighbours, the ends and the marks.
        assert_eq!(axis(Some(1000), &[200, 600]), [At(0), Gap, At(200), Gap, At(600), Gap, At(999)]);
    }

    #[test]
    fn unknown_or_too_small_sizes_end_after_the_marks() {
        assert_eq!(axis(None, &[2]), [At(0), At(1), At(2), Gap]);
        assert_eq!(axis(Some(2), &[5]), [At(0), At(1), At(2), At(3), At(4), At(5)]);
    }

    fn race(witness: Witness) -> Race {
        let at = gpurace_core::Location {
            file: "k.cu".into(),
            line: 1,
            col: 1,
            text: "a[i]".into(),
            mode: Some(gpurace_core::AccessMode::Write),
        };
        Race {
            class: gpurace_core::RaceClass::InterBlock,
            kind: RaceKind::DataRace,
            certainty: gpurace_core::Certainty::Definite,
            array: Some("a<b>".into()),
            space: None,
            first: at.clone(),
            second: at,
            witness: Some(witness),
            notes: Vec::new(),
            rests_on: Vec::new(),
            possible: false,
            holds: Default::default(),
            condition: None,
            engine: gpurace_core::race::Engine::Static,
            replay: None,
        }
    }

    #[test]
    fn odd_witnesses_are_drawn_without_panics() {
        let max = [u32::MAX; 3];
        let witnesses = [
            Witness {
                grid: Some(max),
                block: Some(max),
                blocks: vec![max, [0; 3]],
                threads: vec![max, [0; 3]],
                ..Witness::default()
            },
            Witness {
                grid: Some([0; 3]),
                block: Some([0; 3]),
                blocks: vec![[3, 0, 0]],
                threads: vec![[40, 0, 0]],
                ..Witness::default()
            },
            Witness {
                threads: vec![[1, 2, 3], [4, 5, 6], [7, 8, 9]],
                byte_offset: Some(i64::MIN),
                ..Witness::default()
            },
            Witness {
                blocks: vec![[1, 0, 0]],
                threads: vec![[1, 0, 0], [2, 0, 0]],
                element: Some("a[<&>]".into()),
                ..Witness::default()
            },
        ];
        for witness in witnesses {
            let svg = picture(&race(witness), "p").unwrap();
            assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
            assert!(!svg.contains("a[<") && !svg.contains("a<b>"), "{svg}");
        }
        assert_eq!(picture(&race(Witness::default()), "p"), None);
    }

    #[test]
    fn indices_are_plain_numbers_in_one_dimension() {
        assert_eq!(index([5, 0, 0], Some([256, 1, 1])), "5");
        assert_eq!(index([5, 0, 0], Some([16, 16, 1])), "(5,0,0)");
        assert_eq!(index([5, 0, 0], None), "5");
        assert_eq!(index([5, 2, 0], None), "(5,2,0)");
    }
}
