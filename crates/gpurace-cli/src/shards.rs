//! `gpurace check --shard I/N` and `gpurace merge`: a run split over N
//! machines (a CI matrix), and the shards' reports joined into the report
//! one run gives.
//!
//! **Partition.** Every shard collects the same inputs in the same order,
//! so each can compute the same partition alone. Inputs are grouped first:
//! a `.cu` file another input `#include`s stays with its includer, and the
//! inputs that include a header defining a kernel (`__global__` in its
//! text) stay together, so that a kernel is reported by exactly one shard.
//! Groups are then dealt out largest first (by the bytes of their files),
//! each to the shard with the least so far, ties to the lower shard: the
//! same inputs give the same shards on every machine.
//!
//! **What a shard checks.** Only its inputs, but with the run's whole pool
//! of units: a kernel whose launch is in another shard's file is linked with
//! that file as in one run, and keeps its launch facts.
//!
//! **Merge.** A shard's JSON or SARIF report carries its results before the
//! run-wide steps (`shard`, or the SARIF run's `properties.gpurace_shard`):
//! each file's report with its place in the run. `gpurace merge` checks
//! that the shards are those of one run, each once, puts the files back in
//! run order and takes the run-wide steps (one result per kernel, notes of
//! included files, suppressions, the baseline) as one run does: the same
//! report, timings aside.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use serde::{Deserialize, Serialize};

use crate::check::Checked;
use crate::inputs::{canonical, Input};

/// `--shard I/N`: the I-th of N shards, counted from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

/// Parses `I/N` with 1 <= I <= N.
pub fn parse_shard(text: &str) -> Result<Shard, String> {
    let (i, n) = text.split_once('/').ok_or_else(|| format!("`{text}` is not I/N (e.g. 2/4)"))?;
    let index: usize = i.trim().parse().map_err(|_| format!("`{i}` is not a shard number"))?;
    let count: usize = n.trim().parse().map_err(|_| format!("`{n}` is not a number of shards"))?;
    if count == 0 || index == 0 || index > count {
        return Err(format!("shard {index} of {count}: shards are numbered 1 to N"));
    }
    Ok(Shard { index, count })
}

/// A shard's results: what `gpurace merge` reads.
#[derive(Debug, Serialize, Deserialize)]
pub struct ShardResults {
    /// The run this shard belongs to: a hash of its inputs and settings.
    pub run: String,
    pub index: usize,
    pub count: usize,
    /// How many inputs the whole run has.
    pub inputs: usize,
    /// The shard's files, each with its place in the run.
    pub files: Vec<(usize, Checked)>,
}

/// The shard (0-based) of each input; see the module documentation.
pub fn partition(inputs: &[Input], includes: &[PathBuf], count: usize) -> Vec<usize> {
    let paths: Vec<PathBuf> = inputs.iter().map(|i| canonical(&i.path)).collect();
    let position: HashMap<&PathBuf, usize> = paths.iter().enumerate().map(|(i, p)| (p, i)).collect();
    let mut groups = UnionFind::new(inputs.len());
    // Inputs that include one kernel header, by header.
    let mut by_header: HashMap<PathBuf, usize> = HashMap::new();
    let mut texts = Texts::default();
    for (i, path) in paths.iter().enumerate() {
        for included in include_closure(path, includes, &mut texts) {
            if let Some(&j) = position.get(&included) {
                groups.union(i, j);
            } else if texts.get(&included).is_some_and(|t| t.contains("__global__")) {
                match by_header.get(&included) {
                    Some(&j) => groups.union(i, j),
                    None => {
                        by_header.insert(included, i);
                    }
                }
            }
        }
    }
    // Each group's inputs and weight, in the order of their first input.
    let mut members: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for i in 0..inputs.len() {
        members.entry(groups.find(i)).or_default().push(i);
    }
    let mut list: Vec<(u64, usize, Vec<usize>)> = members
        .into_values()
        .map(|m| {
            let weight = m.iter().map(|&i| 4096 + std::fs::metadata(&paths[i]).map_or(0, |md| md.len())).sum();
            (weight, m[0], m)
        })
        .collect();
    list.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut load = vec![0u64; count.max(1)];
    let mut shard_of = vec![0; inputs.len()];
    for (weight, _, m) in list {
        let (shard, _) = load.iter().enumerate().min_by_key(|&(s, l)| (*l, s)).unwrap_or((0, &0));
        load[shard] += weight;
        for i in m {
            shard_of[i] = shard;
        }
    }
    shard_of
}

/// The run a shard belongs to: its inputs in order, the number of shards and
/// the command line's other arguments (those that decide results).
pub fn run_id(inputs: &[Input], count: usize, settings: &str) -> String {
    let mut key = gpurace_cache::Key::new("shards").text(&count.to_string()).text(settings);
    for input in inputs {
        key = key.text(&input.name);
    }
    key.hex()[..16].to_string()
}

/// Reads the shards' reports and returns their files in run order.
pub fn read(paths: &[PathBuf]) -> anyhow::Result<Vec<Checked>> {
    let mut shards: Vec<ShardResults> = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
        let value: serde_json::Value = serde_json::from_str(&text)
            .with_context(|| format!("{} is not a JSON or SARIF report of gpurace", path.display()))?;
        let payload =
            value.get("shard").or_else(|| value.pointer("/runs/0/properties/gpurace_shard")).with_context(|| {
                format!("{} is not the report of a shard (`gpurace check --shard I/N`)", path.display())
            })?;
        let shard: ShardResults = serde_json::from_value(payload.clone()).with_context(|| {
            format!("{}: the shard's results cannot be read (another gpurace version?)", path.display())
        })?;
        shards.push(shard);
    }
    let Some(first) = shards.first() else { bail!("no shard report given") };
    let (run, count, inputs) = (first.run.clone(), first.count, first.inputs);
    let mut seen = vec![false; count];
    for (shard, path) in shards.iter().zip(paths) {
        if shard.run != run || shard.count != count {
            bail!(
                "{} is a shard of another run (run {}, {} shards; the first report's: run {run}, {count} shards)",
                path.display(),
                shard.run,
                shard.count
            );
        }
        if std::mem::replace(&mut seen[shard.index - 1], true) {
            bail!("shard {}/{count} is given twice ({})", shard.index, path.display());
        }
    }
    let missing: Vec<String> =
        seen.iter().enumerate().filter(|(_, s)| !**s).map(|(i, _)| format!("{}/{count}", i + 1)).collect();
    if !missing.is_empty() {
        let (noun, verb) = if missing.len() == 1 { ("shard", "is") } else { ("shards", "are") };
        bail!("{noun} {} {verb} missing", missing.join(", "));
    }
    let mut files: Vec<(usize, Checked)> = shards.into_iter().flat_map(|s| s.files).collect();
    files.sort_by_key(|(position, _)| *position);
    if files.len() != inputs || files.iter().enumerate().any(|(i, (p, _))| *p != i) {
        bail!("the shards do not hold each of the run's {inputs} files once");
    }
    Ok(files.into_iter().map(|(_, checked)| checked).collect())
}

/// The files `path` includes, directly or not (see [`include_closure`]).
pub fn includes_of(path: &Path, includes: &[PathBuf]) -> Vec<PathBuf> {
    include_closure(path, includes, &mut Texts::default())
}

/// Main files' texts, read once.
#[derive(Default)]
struct Texts(HashMap<PathBuf, Option<String>>);

impl Texts {
    fn get(&mut self, path: &Path) -> Option<&String> {
        self.0
            .entry(path.to_path_buf())
            .or_insert_with(|| std::fs::read(path).ok().map(|b| String::from_utf8_lossy(&b).into_owned()))
            .as_ref()
    }
}

/// The files `path` includes, directly or not, that can be found: a quoted
/// name beside the includer or under an `-I` folder (system headers are
/// not followed). Textual: a conditional `#include` counts.
fn include_closure(path: &Path, includes: &[PathBuf], texts: &mut Texts) -> Vec<PathBuf> {
    let mut seen: Vec<PathBuf> = Vec::new();
    let mut stack = vec![path.to_path_buf()];
    while let Some(file) = stack.pop() {
        let Some(text) = texts.get(&file).cloned() else { continue };
        let dir = file.parent().unwrap_or(Path::new(".")).to_path_buf();
        for name in quoted_includes(&text) {
            let found = std::iter::once(dir.join(name))
                .chain(includes.iter().map(|i| i.join(name)))
                .find(|p| p.is_file())
                .map(|p| canonical(&p));
            if let Some(found) = found {
                if found != path && !seen.contains(&found) && seen.len() < 512 {
                    seen.push(found.clone());
                    stack.push(found);
                }
            }
        }
    }
    seen
}

/// The names of a text's `#include "NAME"` lines.
fn quoted_includes(text: &str) -> impl Iterator<Item = &str> {
    text.lines().filter_map(|line| {
        let rest = line.trim_start().strip_prefix('#')?.trim_start().strip_prefix("include")?.trim_start();
        let rest = rest.strip_prefix('"')?;
        rest.split('"').next()
    })
}

/// Groups of inputs (union by size would not change the result; the root
/// is the smaller index, so that groups are named by their first input).
struct UnionFind(Vec<usize>);

impl UnionFind {
    fn new(n: usize) -> UnionFind {
        UnionFind((0..n).collect())
    }

    fn find(&mut self, i: usize) -> usize {
        let mut root = i;
        while self.0[root] != root {
            root = self.0[root];
        }
        let mut at = i;
        while self.0[at] != root {
            at = std::mem::replace(&mut self.0[at], root);
        }
        root
    }

    fn union(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        let (low, high) = (a.min(b), a.max(b));
        self.0[high] = low;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(dir: &Path, name: &str, text: &str) -> Input {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        Input { path, name: name.to_string() }
    }

    #[test]
    fn shards_are_numbered_from_one() {
        assert_eq!(parse_shard("2/4"), Ok(Shard { index: 2, count: 4 }));
        assert!(parse_shard("0/4").is_err());
        assert!(parse_shard("5/4").is_err());
        assert!(parse_shard("1").is_err());
    }

    #[test]
    fn includers_of_a_kernel_header_and_included_units_stay_together() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::write(d.join("k.cuh"), "__global__ void k(int *a) { a[0] = 1; }").unwrap();
        std::fs::write(d.join("util.h"), "int twice(int x);").unwrap();
        let inputs = vec![
            input(d, "a.cu", "#include \"k.cuh\"\n"),
            input(d, "b.cu", "#include \"util.h\"\n"),
            input(d, "c.cu", "#include \"util.h\"\n"),
            input(d, "d.cu", "  #  include \"k.cuh\"\n"),
            input(d, "e.cu", "#include \"f.cu\"\n"),
            input(d, "f.cu", "__global__ void f() {}\n"),
        ];
        let shards = partition(&inputs, &[], 3);
        assert_eq!(shards[0], shards[3], "both include the kernel header");
        assert_eq!(shards[4], shards[5], "f.cu is part of e.cu");
        // Three groups or more over three shards: every shard has work, and
        // the answer is the same every time.
        let mut used = shards.clone();
        used.sort();
        used.dedup();
        assert_eq!(used, [0, 1, 2]);
        assert_eq!(partition(&inputs, &[], 3), shards);
    }
}
