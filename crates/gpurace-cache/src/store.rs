//! The cache folder: where entries live, how they are written and checked.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::key::{digest, Key};

/// An open cache folder; see the crate documentation.
#[derive(Debug, Clone)]
pub struct Cache {
    dir: PathBuf,
    identity: Vec<u8>,
}

/// A unit entry: the files its value was made from, each with the hash of
/// its content then, and the value.
#[derive(Serialize, Deserialize)]
struct UnitEntry {
    deps: Vec<(PathBuf, [u8; 32])>,
    value: Vec<u8>,
}

impl Cache {
    /// The cache in `dir`, made if missing; `None` when it cannot be made
    /// (the run then goes on without a cache). Entries are those of the
    /// binary with `identity` ([`crate::tool_identity`]).
    pub fn open(dir: &Path, identity: Vec<u8>) -> Option<Cache> {
        fs::create_dir_all(dir).ok()?;
        Some(Cache { dir: dir.to_path_buf(), identity })
    }

    /// The value stored under `key` by [`Cache::put_unit`], if every file it
    /// was made from still has the content it had then.
    pub fn get_unit<T: DeserializeOwned>(&self, key: Key) -> Option<T> {
        let entry: UnitEntry = bincode::deserialize(&fs::read(self.path("unit", key)).ok()?).ok()?;
        for (path, hash) in &entry.deps {
            if digest(&fs::read(path).ok()?) != *hash {
                return None;
            }
        }
        bincode::deserialize(&entry.value).ok()
    }

    /// Stores `value` under `key` with the files it was made from. A file
    /// that cannot be read leaves the entry out.
    pub fn put_unit<T: Serialize>(&self, key: Key, deps: &[PathBuf], value: &T) {
        let mut hashed = Vec::with_capacity(deps.len());
        for path in deps {
            let Ok(bytes) = fs::read(path) else { return };
            hashed.push((path.clone(), digest(&bytes)));
        }
        let Ok(value) = bincode::serialize(value) else { return };
        if let Ok(bytes) = bincode::serialize(&UnitEntry { deps: hashed, value }) {
            self.write(self.path("unit", key), &bytes);
        }
    }

    /// The value stored under `key` by [`Cache::put`].
    pub fn get<T: DeserializeOwned>(&self, key: Key) -> Option<T> {
        bincode::deserialize(&fs::read(self.path("result", key)).ok()?).ok()
    }

    pub fn put<T: Serialize>(&self, key: Key, value: &T) {
        if let Ok(bytes) = bincode::serialize(value) {
            self.write(self.path("result", key), &bytes);
        }
    }

    fn path(&self, kind: &str, key: Key) -> PathBuf {
        let hash = key.part(&self.identity).finish();
        let hex: String = hash.iter().map(|b| format!("{b:02x}")).collect();
        self.dir.join(kind).join(&hex[..2]).join(&hex[2..])
    }

    /// Writes through a temporary file in the same folder and a rename; a
    /// failure only loses the entry.
    fn write(&self, path: PathBuf, bytes: &[u8]) {
        let Some(dir) = path.parent() else { return };
        if fs::create_dir_all(dir).is_err() {
            return;
        }
        let Ok(mut tmp) = tempfile::NamedTempFile::new_in(dir) else { return };
        if tmp.write_all(bytes).is_ok() {
            let _ = tmp.persist(&path);
        }
    }
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
        cache.put_unit(key(), std::slice::from_ref(&header), &vec![1u32, 2, 3]);
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
}
