//! The cache: the local folder, the shared store behind it, how entries
//! are written and checked, and what a run took from them.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::envelope;
use crate::key::{digest, hex, Key};
use crate::remote::Remote;

/// An open cache; see the crate documentation.
#[derive(Debug, Clone)]
pub struct Cache {
    dir: PathBuf,
    identity: Vec<u8>,
    remote: Option<Arc<Remote>>,
    stats: Arc<Stats>,
}

/// What a run took from the cache so far.
#[derive(Debug, Default)]
struct Stats {
    local_hits: AtomicUsize,
    shared_hits: AtomicUsize,
    misses: AtomicUsize,
    corrupt: AtomicUsize,
    /// What went wrong, once each: corrupt entries, a failing store.
    problems: Mutex<Vec<String>>,
}

/// A snapshot of [`Stats`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Usage {
    pub local_hits: usize,
    pub shared_hits: usize,
    pub misses: usize,
    /// Entries that failed their integrity check and were ignored.
    pub corrupt: usize,
    pub problems: Vec<String>,
}

/// A unit entry: the files its value was made from, each with the hash of
/// its content then, the paths that did not exist then (where a missing
/// header would be found), and the value.
#[derive(Serialize, Deserialize)]
struct UnitEntry {
    deps: Vec<(PathBuf, [u8; 32])>,
    absent: Vec<PathBuf>,
    value: Vec<u8>,
}

impl Cache {
    /// The cache in `dir`, made if missing; `None` when it cannot be made
    /// (the run then goes on without a cache). Entries are those of the
    /// binary with `identity` ([`crate::tool_identity`]).
    pub fn open(dir: &Path, identity: Vec<u8>) -> Option<Cache> {
        fs::create_dir_all(dir).ok()?;
        Some(Cache { dir: dir.to_path_buf(), identity, remote: None, stats: Arc::default() })
    }

    /// Adds a shared store behind the local folder: a local miss is looked
    /// for there (and kept locally when found), and every entry written is
    /// written there too unless the store is read-only.
    pub fn with_remote(mut self, remote: Remote) -> Cache {
        self.remote = Some(Arc::new(remote));
        self
    }

    /// What the run took from the cache so far.
    pub fn usage(&self) -> Usage {
        let s = &self.stats;
        Usage {
            local_hits: s.local_hits.load(Ordering::Relaxed),
            shared_hits: s.shared_hits.load(Ordering::Relaxed),
            misses: s.misses.load(Ordering::Relaxed),
            corrupt: s.corrupt.load(Ordering::Relaxed),
            problems: s.problems.lock().map(|p| p.clone()).unwrap_or_default(),
        }
    }

    /// The value stored under `key` by [`Cache::put_unit`], if every file it
    /// was made from still has the content it had then, and every path that
    /// was absent still is.
    pub fn get_unit<T: DeserializeOwned>(&self, key: Key) -> Option<T> {
        let entry: UnitEntry = bincode::deserialize(&self.get_bytes("unit", key)?).ok()?;
        if entry.absent.iter().any(|p| p.exists()) {
            return None;
        }
        for (path, hash) in &entry.deps {
            if digest(&fs::read(path).ok()?) != *hash {
                return None;
            }
        }
        bincode::deserialize(&entry.value).ok()
    }

    /// Stores `value` under `key` with the files it was made from and the
    /// paths that must stay absent. A file that cannot be read leaves the
    /// entry out.
    pub fn put_unit<T: Serialize>(&self, key: Key, deps: &[PathBuf], absent: &[PathBuf], value: &T) {
        let mut hashed = Vec::with_capacity(deps.len());
        for path in deps {
            let Ok(bytes) = fs::read(path) else { return };
            hashed.push((path.clone(), digest(&bytes)));
        }
        let Ok(value) = bincode::serialize(value) else { return };
        if let Ok(bytes) = bincode::serialize(&UnitEntry { deps: hashed, absent: absent.to_vec(), value }) {
            self.put_bytes("unit", key, &bytes);
        }
    }

    /// The value stored under `key` by [`Cache::put`].
    pub fn get<T: DeserializeOwned>(&self, key: Key) -> Option<T> {
        bincode::deserialize(&self.get_bytes("result", key)?).ok()
    }

    pub fn put<T: Serialize>(&self, key: Key, value: &T) {
        if let Ok(bytes) = bincode::serialize(value) {
            self.put_bytes("result", key, &bytes);
        }
    }

    /// The content stored under `kind`/`key`: from the local folder, else
    /// from the shared store (then kept locally). An entry that fails its
    /// check is counted, reported once and ignored (a local one is removed).
    fn get_bytes(&self, kind: &str, key: Key) -> Option<Vec<u8>> {
        let name = key.part(&self.identity).finish();
        let local = self.local_path(kind, &name);
        if let Ok(bytes) = fs::read(&local) {
            match envelope::open(&name, &bytes) {
                Ok(content) => {
                    self.stats.local_hits.fetch_add(1, Ordering::Relaxed);
                    return Some(content.to_vec());
                }
                Err(why) => {
                    self.corrupt(format!("the cache entry {} was ignored: {why}", local.display()));
                    let _ = fs::remove_file(&local);
                }
            }
        }
        if let Some(remote) = &self.remote {
            let path = shared_path(kind, &name);
            match remote.read(&path) {
                Ok(Some(bytes)) => match envelope::open(&name, &bytes) {
                    Ok(content) => {
                        self.stats.shared_hits.fetch_add(1, Ordering::Relaxed);
                        self.write_local(&local, &bytes);
                        return Some(content.to_vec());
                    }
                    Err(why) => {
                        self.corrupt(format!("the shared cache entry {path} of `{}` was ignored: {why}", remote.url))
                    }
                },
                Ok(None) => {}
                Err(problem) => self.problem(problem),
            }
        }
        self.stats.misses.fetch_add(1, Ordering::Relaxed);
        None
    }

    fn put_bytes(&self, kind: &str, key: Key, content: &[u8]) {
        let name = key.part(&self.identity).finish();
        let sealed = envelope::seal(&name, content);
        self.write_local(&self.local_path(kind, &name), &sealed);
        if let Some(remote) = &self.remote {
            if let Err(problem) = remote.write(&shared_path(kind, &name), sealed) {
                self.problem(problem);
            }
        }
    }

    fn corrupt(&self, message: String) {
        self.stats.corrupt.fetch_add(1, Ordering::Relaxed);
        self.problem(message);
    }

    fn problem(&self, message: String) {
        if let Ok(mut problems) = self.stats.problems.lock() {
            if !problems.contains(&message) {
                problems.push(message);
            }
        }
    }

    fn local_path(&self, kind: &str, name: &[u8; 32]) -> PathBuf {
        let hex = hex(name);
        self.dir.join(kind).join(&hex[..2]).join(&hex[2..])
    }

    /// Writes through a temporary file in the same folder and a rename; a
    /// failure only loses the entry.
    fn write_local(&self, path: &Path, bytes: &[u8]) {
        let Some(dir) = path.parent() else { return };
        if fs::create_dir_all(dir).is_err() {
            return;
        }
        let Ok(mut tmp) = tempfile::NamedTempFile::new_in(dir) else { return };
        if tmp.write_all(bytes).is_ok() {
            let _ = tmp.persist(path);
        }
    }
}

/// Where the shared store keeps an entry.
fn shared_path(kind: &str, name: &[u8; 32]) -> String {
    format!("gpurace/{kind}/{}", hex(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_unit_is_read_back_until_a_file_it_was_made_from_changes() {
        let dir = tempfile::tempdir().unwrap();
        let header = dir.path().join("a.h");
        fs::write(&header, "int x;").unwrap();
        let cache = Cache::open(&dir.path().join("cache"), b"tool".to_vec()).unwrap();
        let key = || Key::new("unit").text("a.cu");
        let missing = dir.path().join("missing.h");
        cache.put_unit(key(), std::slice::from_ref(&header), std::slice::from_ref(&missing), &vec![1u32, 2, 3]);
        assert_eq!(cache.get_unit::<Vec<u32>>(key()), Some(vec![1, 2, 3]));
        // The header that was missing appears: the parse would change.
        fs::write(&missing, "").unwrap();
        assert_eq!(cache.get_unit::<Vec<u32>>(key()), None);
        fs::remove_file(&missing).unwrap();
        assert_eq!(cache.get_unit::<Vec<u32>>(key()), Some(vec![1, 2, 3]));
        fs::write(&header, "int y;").unwrap();
        assert_eq!(cache.get_unit::<Vec<u32>>(key()), None);
        fs::remove_file(&header).unwrap();
        assert_eq!(cache.get_unit::<Vec<u32>>(key()), None);
    }

    #[test]
    fn another_binary_does_not_read_an_entry() {
        let dir = tempfile::tempdir().unwrap();
        let one = Cache::open(dir.path(), b"one".to_vec()).unwrap();
        let two = Cache::open(dir.path(), b"two".to_vec()).unwrap();
        one.put(Key::new("result").text("k"), &"value".to_string());
        assert_eq!(one.get::<String>(Key::new("result").text("k")), Some("value".to_string()));
        assert_eq!(two.get::<String>(Key::new("result").text("k")), None);
        assert_eq!(one.get::<String>(Key::new("result").text("other")), None);
    }

    #[test]
    fn a_second_machine_reads_the_shared_store_and_a_corrupt_entry_is_ignored() {
        let dir = tempfile::tempdir().unwrap();
        let store = dir.path().join("store");
        let remote = || Remote::open(&store.display().to_string(), false).unwrap();
        let first = Cache::open(&dir.path().join("one"), b"tool".to_vec()).unwrap().with_remote(remote());
        first.put(Key::new("result").text("a"), &"A".to_string());
        first.put(Key::new("result").text("b"), &"B".to_string());
        let second = Cache::open(&dir.path().join("two"), b"tool".to_vec()).unwrap().with_remote(remote());
        assert_eq!(second.get::<String>(Key::new("result").text("a")), Some("A".to_string()));
        assert_eq!(second.get::<String>(Key::new("result").text("a")), Some("A".to_string()));
        let usage = second.usage();
        assert_eq!((usage.shared_hits, usage.local_hits, usage.corrupt), (1, 1, 0));
        // Alter b's shared entry: a third machine ignores it and says so.
        let name = Key::new("result").text("b").part(b"tool").finish();
        let path = store.join(shared_path("result", &name));
        let mut bytes = fs::read(&path).unwrap();
        *bytes.last_mut().unwrap() ^= 0xff;
        fs::write(&path, bytes).unwrap();
        let third = Cache::open(&dir.path().join("three"), b"tool".to_vec()).unwrap().with_remote(remote());
        assert_eq!(third.get::<String>(Key::new("result").text("b")), None);
        let usage = third.usage();
        assert_eq!((usage.corrupt, usage.misses), (1, 1));
        assert!(usage.problems[0].contains("does not match its hash"), "{:?}", usage.problems);
    }
}
