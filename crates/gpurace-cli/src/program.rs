//! Whole programs: the translation units a checked file is linked with.
//!
//! A run knows a pool of units: the files on the command line, the C++
//! sources beside the `.cu` files of a directory it searches, every entry
//! of the compilation database of `-p`, and the `[program]` files of a
//! `gpurace.toml`. For each checked file, [`Units::context`] picks the
//! units of its program the way a linker resolves symbols: a unit that
//! defines what the file needs (a kernel its `main` launches, a wrapper it
//! calls), and a unit that needs what the file offers (calls a wrapper of
//! the file, launches a kernel the file does not launch), then the same for
//! the units picked, until nothing is left. A name is looked for in the
//! nearest folders first (the file's own, then one level away, ...): a
//! project's units live together, and a name defined nearby is the one the
//! build links. Each unit is lowered at most once per run and only when its
//! text mentions a name looked for.
//!
//! A file another unit `#include`s is part of that unit ([`includers`]):
//! its kernels are that unit's, checked at its launches.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use gpurace_front::{Lowered, Options};
use gpurace_link::Symbols;
use rayon::prelude::*;

use crate::inputs::{canonical, Input};

mod includers;
mod main_nearby;

pub use main_nearby::main_nearby;

pub use includers::Includer;

/// The most units one file is linked with, and the most units lowered
/// only to find that they do not belong to its program.
const MAX_UNITS: usize = 32;
const MAX_PROBES: usize = 12;

/// One lowered unit and its linkable names.
pub struct Unit {
    pub lowered: Lowered,
    pub symbols: Symbols,
}

/// A unit of the pool: its canonical path and the name reports use.
#[derive(Debug, Clone)]
struct Entry {
    path: PathBuf,
    name: String,
}

type Slot = Arc<OnceLock<Option<Arc<Unit>>>>;

/// The run's pool of units and the ones lowered so far.
pub struct Units<'a> {
    options: &'a Options,
    cache: Option<gpurace_cache::Cache>,
    pool: Vec<Entry>,
    /// The pool's names by canonical path.
    names: HashMap<PathBuf, String>,
    /// The canonical paths of the files the run checks.
    checked: HashSet<PathBuf>,
    lowered: Mutex<HashMap<PathBuf, Slot>>,
    texts: Mutex<HashMap<PathBuf, Option<Arc<String>>>>,
    /// The units in a folder, for the search of includers beyond the pool.
    folders: Mutex<HashMap<PathBuf, Arc<Vec<PathBuf>>>>,
}

/// The units a file is linked with, and what to tell the user about them.
#[derive(Default)]
pub struct Context {
    pub units: Vec<(String, Arc<Unit>)>,
    pub notes: Vec<String>,
}

impl<'a> Units<'a> {
    /// A pool of the files the run checks and `others`, `(path, name)`
    /// units; the first name of a path is kept.
    pub fn new(
        options: &'a Options,
        checked: &[Input],
        others: Vec<(PathBuf, String)>,
        cache: Option<gpurace_cache::Cache>,
    ) -> Units<'a> {
        let checked_paths: HashSet<PathBuf> = checked.iter().map(|i| canonical(&i.path)).collect();
        let mut seen = HashSet::new();
        let pool: Vec<Entry> = checked
            .iter()
            .map(|i| (i.path.clone(), i.name.clone()))
            .chain(others)
            .map(|(path, name)| Entry { path: canonical(&path), name })
            .filter(|e| seen.insert(e.path.clone()))
            .collect();
        let names = pool.iter().map(|e| (e.path.clone(), e.name.clone())).collect();
        Units {
            options,
            cache,
            pool,
            names,
            checked: checked_paths,
            lowered: Mutex::new(HashMap::new()),
            texts: Mutex::new(HashMap::new()),
            folders: Mutex::new(HashMap::new()),
        }
    }

    pub fn options(&self) -> &Options {
        self.options
    }

    /// Drops every unit lowered so far and the texts read (a worker between
    /// files: what is still needed comes back from the on-disk cache).
    pub fn forget(&self) {
        self.lowered.lock().unwrap_or_else(|e| e.into_inner()).clear();
        self.texts.lock().unwrap_or_else(|e| e.into_inner()).clear();
    }

    /// The run's on-disk cache, unless `--no-cache`.
    pub fn cache(&self) -> Option<&gpurace_cache::Cache> {
        self.cache.as_ref()
    }

    /// Whether any file could be linked with another.
    pub fn is_trivial(&self) -> bool {
        self.pool.len() < 2
    }

    /// The unit at `path`, lowered once per run; `None` when clang cannot
    /// run (the file's own check reports why).
    fn unit(&self, entry: &Entry) -> Option<Arc<Unit>> {
        let slot = {
            let mut map = self.lowered.lock().unwrap_or_else(|e| e.into_inner());
            map.entry(entry.path.clone()).or_default().clone()
        };
        slot.get_or_init(|| {
            let lowered = crate::cache::lower(self.cache.as_ref(), Path::new(&entry.name), self.options).ok()?;
            let symbols = gpurace_link::symbols(&lowered.program);
            Some(Arc::new(Unit { lowered, symbols }))
        })
        .clone()
    }

    /// The text of a unit's main file, read once per run.
    fn text(&self, path: &Path) -> Option<Arc<String>> {
        let mut texts = self.texts.lock().unwrap_or_else(|e| e.into_inner());
        texts
            .entry(path.to_path_buf())
            .or_insert_with(|| std::fs::read(path).ok().map(|b| Arc::new(String::from_utf8_lossy(&b).into_owned())))
            .clone()
    }

    /// The units of the program (or programs) of `root`, whose symbols are
    /// `symbols`; `extra` adds units to look among (a `[program]` list).
    /// The program starts with the units that `#include` `root`
    /// (`includers`): what they define and use is not looked for again.
    pub fn context(
        &self,
        root: &Path,
        symbols: &Symbols,
        extra: &[(PathBuf, String)],
        includers: &[Includer],
    ) -> Context {
        let root = canonical(root);
        let mut candidates: Vec<Entry> = self.pool.clone();
        for (path, name) in extra {
            let path = canonical(path);
            if !candidates.iter().any(|e| e.path == path) {
                candidates.push(Entry { path, name: name.clone() });
            }
        }
        candidates.retain(|e| e.path != root && !includers.iter().any(|i| i.path == e.path));
        let mut out =
            Context { units: includers.iter().map(|i| (i.name.clone(), i.unit.clone())).collect(), notes: Vec::new() };
        if candidates.is_empty() {
            return out;
        }
        // The kernels an includer launches and the functions it calls are
        // `root`'s own (it reads them): nothing else needs to use them.
        let used_by_includers: BTreeSet<&String> =
            includers.iter().flat_map(|i| i.unit.symbols.defines.difference(&i.unit.symbols.offers)).collect();
        let here = root.parent().unwrap_or(Path::new("/")).to_path_buf();
        candidates.sort_by_key(|e| distance(&here, parent(&e.path)));
        let mut sought: HashSet<String> = HashSet::new();
        let has_main = symbols.has_main || includers.iter().any(|i| i.unit.symbols.has_main);
        let mut reach = Reach { has_main, need_limit: 1, probes: 0 };
        loop {
            let mut all: Vec<&Symbols> = vec![symbols];
            all.extend(out.units.iter().map(|(_, u)| &u.symbols));
            let (needed, mut offered) = wanted(&all);
            offered.retain(|n| !used_by_includers.contains(n));
            let open: BTreeSet<String> =
                needed.iter().chain(&offered).filter(|n| !sought.contains(*n)).cloned().collect();
            if open.is_empty() {
                break;
            }
            sought.extend(open.iter().cloned());
            let found = self.find(&here, &candidates, open, &needed, &offered, &out, &mut reach);
            let limit = reach.need_limit;
            for entry in &found {
                reach.need_limit = reach.need_limit.max(distance(&here, parent(&entry.path)));
            }
            if reach.need_limit > limit {
                // Needed names not found within the old limit get another look.
                sought.retain(|n| !needed.contains(n));
            }
            for entry in found {
                if out.units.len() >= MAX_UNITS {
                    out.notes.push(format!(
                        "the program has more than {MAX_UNITS} units; `{}` and the units after it are left out",
                        entry.name
                    ));
                    return out;
                }
                if let Some(unit) = self.unit(&entry) {
                    out.units.push((entry.name.clone(), unit));
                }
            }
        }
        if reach.probes >= MAX_PROBES {
            out.notes.push(format!(
                "stopped reading units that name what this file needs or offers after {MAX_PROBES} that did not \
                 define or call it"
            ));
        }
        out
    }

    /// The candidates (sorted by distance from `here`) that define a name
    /// in `needed` or need a name in `offered`, for each name of `open` at
    /// the nearest distance where some unit does. A needed name is looked
    /// for no further than `reach.need_limit`; a unit with `main` joins only
    /// a program without one, and only at the nearest distance where one is
    /// found (another program's `main` is not this program's).
    #[allow(clippy::too_many_arguments)]
    fn find(
        &self,
        here: &Path,
        candidates: &[Entry],
        mut open: BTreeSet<String>,
        needed: &BTreeSet<String>,
        offered: &BTreeSet<String>,
        out: &Context,
        reach: &mut Reach,
    ) -> Vec<Entry> {
        let mut found: Vec<Entry> = Vec::new();
        let mut level_start = 0;
        while level_start < candidates.len() && !open.is_empty() {
            let distance_here = distance(here, parent(&candidates[level_start].path));
            let end = candidates[level_start..]
                .iter()
                .position(|e| distance(here, parent(&e.path)) != distance_here)
                .map_or(candidates.len(), |p| level_start + p);
            let level = &candidates[level_start..end];
            level_start = end;
            let sought: BTreeSet<String> =
                open.iter().filter(|n| offered.contains(*n) || distance_here <= reach.need_limit).cloned().collect();
            if sought.is_empty() {
                continue;
            }
            // The level's units that name something looked for are lowered
            // in parallel first (within the probe budget).
            let named: Vec<&Entry> = level
                .iter()
                .filter(|e| !self.is_lowered(&e.path))
                .filter(|e| self.text(&e.path).is_some_and(|text| sought.iter().any(|n| mentions(&text, n))))
                .take(MAX_PROBES.saturating_sub(reach.probes).max(1))
                .collect();
            named.par_iter().for_each(|entry| {
                self.unit(entry);
            });
            let mut matched: BTreeSet<String> = BTreeSet::new();
            let mut mains = false;
            for entry in level {
                if out.units.iter().any(|(n, _)| *n == entry.name) || found.iter().any(|f| f.path == entry.path) {
                    continue;
                }
                let Some(text) = self.text(&entry.path) else { continue };
                let named: Vec<&String> = sought.iter().filter(|n| mentions(&text, n)).collect();
                if named.is_empty() || (reach.probes >= MAX_PROBES && !self.is_lowered(&entry.path)) {
                    continue;
                }
                let Some(unit) = self.unit(entry) else { continue };
                if unit.symbols.has_main && reach.has_main {
                    continue;
                }
                let hits: Vec<String> = named
                    .into_iter()
                    .filter(|n| {
                        (needed.contains(*n) && unit.symbols.defines.contains(*n))
                            || (offered.contains(*n) && unit.symbols.needs.contains(*n))
                    })
                    .cloned()
                    .collect();
                if hits.is_empty() {
                    reach.probes += 1;
                    continue;
                }
                mains |= unit.symbols.has_main;
                matched.extend(hits);
                found.push(entry.clone());
            }
            reach.has_main |= mains;
            open.retain(|n| !matched.contains(n));
        }
        found
    }

    fn is_lowered(&self, path: &Path) -> bool {
        let map = self.lowered.lock().unwrap_or_else(|e| e.into_inner());
        map.get(path).is_some_and(|slot| slot.get().is_some())
    }

    /// The lowered unit of a checked file: the run's copy when the file was
    /// already lowered as another file's context.
    pub fn lowered_before(&self, path: &Path) -> Option<Arc<Unit>> {
        let map = self.lowered.lock().unwrap_or_else(|e| e.into_inner());
        map.get(&canonical(path)).and_then(|slot| slot.get().cloned().flatten())
    }

    /// The name the run gives a file of the pool that a program names
    /// otherwise (`/abs/dir/kernels.cu`, as clang resolved an `#include`, for
    /// the `kernels.cu` the user named): every unit names it alike, so that
    /// the linker sees one file and the report shows the user's name.
    pub fn pool_name(&self, file: &str) -> Option<&str> {
        if file.is_empty() || file.starts_with('<') {
            return None;
        }
        let name = self.names.get(&canonical(Path::new(file)))?;
        (name != file).then_some(name.as_str())
    }

    /// Names the files of `program` as the pool does (see [`Self::pool_name`]).
    pub fn rename_files(&self, program: &mut std::borrow::Cow<'_, gpurace_ir::Program>) {
        let renames: Vec<(usize, String)> = program
            .files
            .iter()
            .enumerate()
            .filter_map(|(i, file)| Some((i, self.pool_name(file)?.to_string())))
            .collect();
        if renames.is_empty() {
            return;
        }
        let files = &mut program.to_mut().files;
        for (i, name) in renames {
            files[i] = name;
        }
    }
}

/// Moves the kernels of `program` that are the file at `path`'s own to the
/// front, in their order, and returns how many there are: the kernels
/// defined in the file, and those its own unit `own` defines at the same
/// place (in a header it includes). `program` is the program of units that
/// `#include` the file, which stands in for the file's own unit.
pub fn own_first(program: &mut gpurace_ir::Program, path: &Path, own: &gpurace_ir::Program) -> usize {
    let mine = own_kernels(program, path, own);
    let mut order: Vec<usize> = (0..mine.len()).filter(|&i| mine[i]).collect();
    let count = order.len();
    order.extend((0..mine.len()).filter(|&i| !mine[i]));
    let mut index = vec![0; order.len()];
    for (new, &old) in order.iter().enumerate() {
        index[old] = new;
    }
    let mut kernels: Vec<Option<gpurace_ir::Kernel>> =
        std::mem::take(&mut program.kernels).into_iter().map(Some).collect();
    program.kernels = order.iter().filter_map(|&i| kernels[i].take()).collect();
    // Launches are the only references to a kernel by index.
    for launch in &mut program.launches {
        launch.kernel = launch.kernel.and_then(|k| index.get(k).copied());
    }
    count
}

/// Per kernel of `program`, whether it is one of the file at `path`'s: defined
/// in the file, or where the file's own unit `own` defines a kernel of its
/// name (in a header it includes).
fn own_kernels(program: &gpurace_ir::Program, path: &Path, own: &gpurace_ir::Program) -> Vec<bool> {
    let target = canonical(path);
    let place = |p: &gpurace_ir::Program, k: &gpurace_ir::Kernel| {
        let (file, line, col) = p.locate(k.span);
        (k.display_name(), canonical(Path::new(&file)), line, col)
    };
    let places: HashSet<(String, PathBuf, u32, u32)> = own.kernels.iter().map(|k| place(own, k)).collect();
    program
        .kernels
        .iter()
        .map(|k| {
            let at = place(program, k);
            at.1 == target || places.contains(&at)
        })
        .collect()
}

/// How far a program's search goes: whether it has a `main` yet, the
/// distance up to which needed names are looked for (one folder away from
/// the file, or as far as a unit already linked), and how many units it
/// lowered in vain.
struct Reach {
    has_main: bool,
    need_limit: usize,
    probes: usize,
}

/// The names the units `all` need that none of them defines, and the
/// names units without `main` offer that none of them uses.
fn wanted(all: &[&Symbols]) -> (BTreeSet<String>, BTreeSet<String>) {
    let defined: BTreeSet<&String> = all.iter().flat_map(|s| &s.defines).collect();
    let used: BTreeSet<&String> = all.iter().flat_map(|s| &s.needs).collect();
    let needed = all.iter().flat_map(|s| &s.needs).filter(|n| !defined.contains(n)).cloned().collect();
    let offered =
        all.iter().filter(|s| !s.has_main).flat_map(|s| &s.offers).filter(|n| !used.contains(n)).cloned().collect();
    (needed, offered)
}

fn parent(path: &Path) -> &Path {
    path.parent().unwrap_or(Path::new("/"))
}

/// Whether `text` has `name` (its part before template arguments) as a
/// whole identifier.
fn mentions(text: &str, name: &str) -> bool {
    let name = name.split('<').next().unwrap_or(name).rsplit("::").next().unwrap_or(name);
    has_word(text, name)
}

/// Whether `text` has `word` with no identifier character on either side.
fn has_word(text: &str, word: &str) -> bool {
    if word.is_empty() {
        return false;
    }
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        !before.is_some_and(ident) && !after.is_some_and(ident)
    })
}

/// Folders between two folders: 0 for the same one, 1 for a parent or a
/// child, 2 for a sibling.
fn distance(a: &Path, b: &Path) -> usize {
    let a: Vec<Component> = a.components().collect();
    let b: Vec<Component> = b.components().collect();
    let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    (a.len() - common) + (b.len() - common)
}

/// The name reports use for a unit found by path: relative to the current
/// folder when it is under it.
pub fn display_name(path: &Path) -> String {
    gpurace_front::display_path(&canonical(path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_whole_identifiers() {
        assert!(mentions("launch_scale(x, n);", "launch_scale"));
        assert!(!mentions("launch_scale2(x, n);", "launch_scale"));
        assert!(!mentions("my_launch_scale(x);", "launch_scale"));
        assert!(mentions("run<float>(x);", "run<float>"));
        assert!(mentions("ns::k<<<1, 2>>>();", "ns::k"));
    }

    #[test]
    fn folders_are_near_by_their_common_prefix() {
        assert_eq!(distance(Path::new("/a/b"), Path::new("/a/b")), 0);
        assert_eq!(distance(Path::new("/a/b"), Path::new("/a/b/c")), 1);
        assert_eq!(distance(Path::new("/a/b"), Path::new("/a")), 1);
        assert_eq!(distance(Path::new("/a/b"), Path::new("/a/c")), 2);
    }
}
