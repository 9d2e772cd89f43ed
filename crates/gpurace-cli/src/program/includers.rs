//! Files that another unit `#include`s: `main.cu` with `#include
//! "kernels.cu"` compiles the kernels of `kernels.cu` as its own, and
//! launches them there. Checked on its own, `kernels.cu` would be a kernel
//! library with any launch, and its kernels would be reported twice in a
//! run that also checks `main.cu`, once with values no execution has.
//!
//! A unit includes a file when clang read the file for it (the front-end's
//! `Lowered::read`, clang's own list): `#include` lines are not parsed
//! here. To keep the search cheap, a unit is lowered to find out only when
//! its text names the file (`kernels.cu`, as a whole word), at most
//! [`MAX_PROBES`] of them per file. Units are looked for in the file's own
//! folder first, then one folder away (its parent and its subfolders): the
//! run's units and the files there alike, at most [`MAX_NEARBY`] files
//! read beyond the run's. A unit that reads the file but compiles none of
//! its kernels is not one of its includers.

use std::fs;

use super::*;

/// How far from a file its includers are looked for, in folders.
const REACH: usize = 1;
/// The most files read beyond the run's own units, and the most subfolders
/// listed, per file.
const MAX_NEARBY: usize = 256;
const MAX_FOLDERS: usize = 64;

/// A unit that `#include`s a checked file.
pub struct Includer {
    /// The name reports use for it.
    pub name: String,
    /// Its canonical path.
    pub path: PathBuf,
    pub unit: Arc<Unit>,
    /// Whether the run checks it: the file is then checked as part of it.
    pub checked: bool,
}

impl Units<'_> {
    /// The units that `#include` the file at `path`, which is lowered as
    /// `unit`, at the nearest distance where any does. A unit the file
    /// includes in turn is not one (with include guards, two files may
    /// include each other: neither is then part of the other).
    pub fn includers(&self, path: &Path, unit: &Unit) -> Vec<Includer> {
        let target = canonical(path);
        let Some(base) = target.file_name().and_then(|n| n.to_str()).map(str::to_string) else { return Vec::new() };
        let here = parent(&target).to_path_buf();
        let mut candidates: Vec<(usize, Entry)> = self
            .pool
            .iter()
            .map(|e| (distance(&here, parent(&e.path)), e.clone()))
            .filter(|(d, e)| *d <= REACH && e.path != target)
            .collect();
        for (d, path) in self.nearby(&here) {
            if path != target && !candidates.iter().any(|(_, e)| e.path == path) {
                candidates.push((d, Entry { name: display_name(&path), path }));
            }
        }
        candidates.sort_by(|(d1, e1), (d2, e2)| (d1, &e1.path).cmp(&(d2, &e2.path)));
        let mut probes = 0;
        for level in 0..=REACH {
            let named: Vec<&Entry> = candidates
                .iter()
                .filter(|(d, _)| *d == level)
                .map(|(_, e)| e)
                .filter(|e| self.text(&e.path).is_some_and(|text| has_word(&text, &base)))
                .take(MAX_PROBES.saturating_sub(probes))
                .collect();
            probes += named.len();
            named.par_iter().for_each(|entry| {
                self.unit(entry);
            });
            let found: Vec<Includer> = named
                .into_iter()
                .filter_map(|entry| {
                    let includer = self.unit(entry)?;
                    // A unit that reads the file but compiles none of its
                    // kernels (a macro of its own hides them, or its parse
                    // failed) does not stand in for it.
                    let compiles = unit.lowered.program.kernels.is_empty()
                        || own_kernels(&includer.lowered.program, &target, &unit.lowered.program).contains(&true);
                    let includes =
                        includer.lowered.read.contains(&target) && !unit.lowered.read.contains(&entry.path) && compiles;
                    includes.then(|| Includer {
                        name: entry.name.clone(),
                        path: entry.path.clone(),
                        unit: includer,
                        checked: self.checked.contains(&entry.path),
                    })
                })
                .collect();
            if !found.is_empty() {
                return found;
            }
        }
        Vec::new()
    }

    /// The translation units (`.cu`, `.cpp`, `.cc`, `.cxx`) at most
    /// [`REACH`] folders from `here` on disk, with their distance, nearest
    /// first: `here`'s own, then its parent's and its subfolders'.
    fn nearby(&self, here: &Path) -> Vec<(usize, PathBuf)> {
        let mut out: Vec<(usize, PathBuf)> = self.units_in(here).iter().map(|p| (0, p.clone())).collect();
        let mut away: Vec<PathBuf> = Vec::new();
        if let Some(up) = here.parent() {
            away.push(up.to_path_buf());
        }
        if let Ok(entries) = fs::read_dir(here) {
            let mut subfolders: Vec<PathBuf> =
                entries.filter_map(Result::ok).map(|e| e.path()).filter(|p| p.is_dir()).collect();
            subfolders.sort();
            away.extend(subfolders.into_iter().take(MAX_FOLDERS));
        }
        for folder in away {
            out.extend(self.units_in(&folder).iter().map(|p| (1, p.clone())));
        }
        out.truncate(MAX_NEARBY);
        out
    }

    /// The translation units in `folder` (not below it), canonical and
    /// sorted; listed once per run.
    fn units_in(&self, folder: &Path) -> Arc<Vec<PathBuf>> {
        let mut folders = self.folders.lock().unwrap_or_else(|e| e.into_inner());
        folders
            .entry(folder.to_path_buf())
            .or_insert_with(|| {
                let is_unit = |p: &Path| {
                    p.is_file() && p.extension().is_some_and(|e| ["cu", "cpp", "cc", "cxx"].iter().any(|u| e == *u))
                };
                let mut found: Vec<PathBuf> = fs::read_dir(folder)
                    .into_iter()
                    .flatten()
                    .filter_map(Result::ok)
                    .map(|e| e.path())
                    .filter(|p| is_unit(p))
                    .map(|p| canonical(&p))
                    .collect();
                found.sort();
                found.truncate(MAX_NEARBY);
                Arc::new(found)
            })
            .clone()
    }
}
