//! Cache keys: SHA-256 over the parts that decide an entry.

use sha2::{Digest, Sha256};

/// A key under construction: feed it every part that decides the entry,
/// each framed by its length so that parts cannot run into each other.
#[derive(Clone, Default)]
pub struct Key(Sha256);

impl Key {
    pub fn new(kind: &str) -> Key {
        Key::default().part(kind.as_bytes())
    }

    /// Adds one part.
    pub fn part(mut self, bytes: &[u8]) -> Key {
        self.0.update((bytes.len() as u64).to_le_bytes());
        self.0.update(bytes);
        self
    }

    /// Adds one text part.
    pub fn text(self, s: &str) -> Key {
        self.part(s.as_bytes())
    }

    pub(crate) fn finish(self) -> [u8; 32] {
        self.0.finalize().into()
    }

    /// The key's hash in hexadecimal (without the binary's identity).
    pub fn hex(self) -> String {
        hex(&self.finish())
    }
}

/// Bytes in lowercase hexadecimal.
pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The SHA-256 of some bytes.
pub(crate) fn digest(bytes: &[u8]) -> [u8; 32] {
    Sha256::digest(bytes).into()
}

/// Who wrote an entry: a hash of the running binary's content. A rebuilt
/// binary has another identity, so it never reads entries that an older
/// lowering or engine wrote; the same binary on another machine (a CI
/// artifact, a release) has the same one, so machines share entries.
pub fn tool_identity() -> Vec<u8> {
    match std::env::current_exe().and_then(std::fs::read) {
        Ok(bytes) => digest(&bytes).to_vec(),
        // Unknowable: an identity no other run has.
        Err(_) => format!("unknown {:?} {}", std::time::SystemTime::now(), std::process::id()).into_bytes(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_are_framed() {
        let a = Key::new("k").text("ab").text("c").finish();
        let b = Key::new("k").text("a").text("bc").finish();
        assert_ne!(a, b);
        assert_eq!(a, Key::new("k").text("ab").text("c").finish());
    }
}
