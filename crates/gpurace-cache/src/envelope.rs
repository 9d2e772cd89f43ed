//! The bytes of a stored entry: a marker, the name it was stored under, a
//! hash of its content, then the content. An entry is used only when all
//! three check out, so a truncated, altered or misplaced entry (one copied
//! under another key, or written by another program into a shared store)
//! is a miss with a reason, never a wrong result.

use crate::key::digest;

const MAGIC: &[u8; 8] = b"gpurace1";
const HEADER: usize = MAGIC.len() + 32 + 32;

/// The stored bytes of `content` under the name `name`.
pub fn seal(name: &[u8; 32], content: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER + content.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(name);
    out.extend_from_slice(&digest(content));
    out.extend_from_slice(content);
    out
}

/// The content of stored bytes, if they are an intact entry named `name`.
pub fn open<'a>(name: &[u8; 32], bytes: &'a [u8]) -> Result<&'a [u8], &'static str> {
    if bytes.len() < HEADER || &bytes[..MAGIC.len()] != MAGIC {
        return Err("not an entry of gpurace's cache");
    }
    if bytes[MAGIC.len()..MAGIC.len() + 32] != name[..] {
        return Err("an entry of another key");
    }
    let content = &bytes[HEADER..];
    if bytes[MAGIC.len() + 32..HEADER] != digest(content) {
        return Err("its content does not match its hash");
    }
    Ok(content)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_altered_truncated_or_misplaced_entry_is_refused() {
        let name = [7u8; 32];
        let sealed = seal(&name, b"results");
        assert_eq!(open(&name, &sealed), Ok(&b"results"[..]));
        let mut flipped = sealed.clone();
        *flipped.last_mut().unwrap() ^= 1;
        assert_eq!(open(&name, &flipped), Err("its content does not match its hash"));
        assert_eq!(open(&name, &sealed[..sealed.len() - 1]), Err("its content does not match its hash"));
        assert_eq!(open(&[8u8; 32], &sealed), Err("an entry of another key"));
        assert_eq!(open(&name, b"garbage"), Err("not an entry of gpurace's cache"));
    }
}
