//! The shared cache behind the local one: a store several machines read
//! and write (a CI matrix, the next pull request), reached through OpenDAL.
//!
//! URLs: `redis://HOST:PORT[/DB]` (or `rediss://`), `s3://BUCKET[/PREFIX]`
//! (credentials, region and `?endpoint=` of an S3-compatible store from
//! the usual `AWS_*` variables or the query), `webdav+http(s)://HOST/PATH`
//! (or plain `http(s)://`: WebDAV, which `PUT`s), and `file:///PATH` or an
//! absolute path (a folder on shared storage). A store that fails is
//! reported once and left alone for the rest of the run: the run goes on
//! with its local cache.

use std::sync::atomic::{AtomicBool, Ordering};

use opendal::{services, ErrorKind, Operator};

/// An open shared store.
pub struct Remote {
    op: opendal::blocking::Operator,
    /// The runtime the blocking operator drives its requests on.
    _runtime: tokio::runtime::Runtime,
    /// The URL as given, for messages.
    pub url: String,
    /// Read the store, never write it (untrusted pull requests).
    pub read_only: bool,
    failed: AtomicBool,
}

impl std::fmt::Debug for Remote {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Remote({}, read_only: {})", self.url, self.read_only)
    }
}

impl Remote {
    /// Opens the store at `url`; an error says why it cannot be.
    pub fn open(url: &str, read_only: bool) -> Result<Remote, String> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .map_err(|e| format!("cannot start the shared cache's client: {e}"))?;
        let _inside = runtime.enter();
        let op = operator(url).map_err(|e| format!("cannot open the shared cache `{url}`: {}", first_line(&e)))?;
        // A store that hangs is a store that fails.
        let op = op.layer(opendal::layers::TimeoutLayer::new().with_timeout(std::time::Duration::from_secs(20)));
        let op = opendal::blocking::Operator::new(op)
            .map_err(|e| format!("cannot open the shared cache `{url}`: {}", first_line(&e)))?;
        Ok(Remote { op, _runtime: runtime, url: url.to_string(), read_only, failed: AtomicBool::new(false) })
    }

    /// The bytes at `path`, `Ok(None)` when there are none. An `Err` is
    /// returned once, when the store first fails; after that every read is
    /// a miss.
    pub fn read(&self, path: &str) -> Result<Option<Vec<u8>>, String> {
        if self.failed.load(Ordering::Relaxed) {
            return Ok(None);
        }
        match self.op.read(path) {
            Ok(buffer) => Ok(Some(buffer.to_vec())),
            Err(e) if e.kind() == ErrorKind::NotFound => Ok(None),
            Err(e) => self.fail(&e).map(|()| None),
        }
    }

    /// Writes `bytes` at `path` (nothing in read-only mode).
    pub fn write(&self, path: &str, bytes: Vec<u8>) -> Result<(), String> {
        if self.read_only || self.failed.load(Ordering::Relaxed) {
            return Ok(());
        }
        match self.op.write(path, bytes) {
            Ok(_) => Ok(()),
            Err(e) => self.fail(&e),
        }
    }

    fn fail(&self, e: &opendal::Error) -> Result<(), String> {
        if self.failed.swap(true, Ordering::Relaxed) {
            return Ok(());
        }
        Err(format!("the shared cache `{}` failed ({}); the run goes on without it", self.url, first_line(e)))
    }
}

/// The OpenDAL operator of a URL (see the module documentation).
fn operator(url: &str) -> opendal::Result<Operator> {
    let invalid = |why: &str| opendal::Error::new(ErrorKind::ConfigInvalid, why.to_string());
    let (scheme, rest) = url.split_once("://").unwrap_or(("file", url));
    let (rest, query) = rest.split_once('?').unwrap_or((rest, ""));
    let param = |name: &str| {
        query.split('&').find_map(|kv| kv.strip_prefix(name).and_then(|v| v.strip_prefix('='))).map(str::to_string)
    };
    let op = match scheme {
        "redis" | "rediss" => Operator::new(services::Redis::default().endpoint(url))?.finish(),
        "s3" => {
            let (bucket, root) = rest.split_once('/').unwrap_or((rest, ""));
            if bucket.is_empty() {
                return Err(invalid("an S3 URL names a bucket: s3://BUCKET[/PREFIX]"));
            }
            let mut builder = services::S3::default().bucket(bucket).root(&format!("/{root}"));
            let endpoint = param("endpoint").or_else(|| std::env::var("AWS_ENDPOINT_URL").ok());
            if let Some(endpoint) = endpoint {
                builder = builder.endpoint(&endpoint);
            }
            let region = param("region").or_else(|| std::env::var("AWS_REGION").ok());
            builder = builder.region(region.as_deref().unwrap_or("us-east-1"));
            Operator::new(builder)?.finish()
        }
        "http" | "https" | "webdav+http" | "webdav+https" => {
            let endpoint = format!("{}://{}", scheme.trim_start_matches("webdav+"), rest);
            Operator::new(services::Webdav::default().endpoint(&endpoint))?.finish()
        }
        "file" => {
            if !rest.starts_with('/') {
                return Err(invalid("a folder is given by its absolute path"));
            }
            Operator::new(services::Fs::default().root(rest))?.finish()
        }
        other => return Err(invalid(&format!("unknown scheme `{other}` (redis, s3, http(s), webdav+http(s), file)"))),
    };
    Ok(op)
}

fn first_line(e: &opendal::Error) -> String {
    let text = e.to_string();
    text.lines().next().unwrap_or_default().trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_is_a_store() {
        let dir = tempfile::tempdir().unwrap();
        let remote = Remote::open(&dir.path().display().to_string(), false).unwrap();
        assert_eq!(remote.read("result/ab"), Ok(None));
        remote.write("result/ab", b"entry".to_vec()).unwrap();
        assert_eq!(remote.read("result/ab"), Ok(Some(b"entry".to_vec())));
        let read_only = Remote::open(&format!("file://{}", dir.path().display()), true).unwrap();
        read_only.write("result/cd", b"other".to_vec()).unwrap();
        assert_eq!(read_only.read("result/cd"), Ok(None), "a read-only run writes nothing");
        assert_eq!(read_only.read("result/ab"), Ok(Some(b"entry".to_vec())));
    }

    #[test]
    fn an_unknown_scheme_is_refused() {
        let err = Remote::open("ftp://host/x", false).unwrap_err();
        assert!(err.contains("unknown scheme `ftp`"), "{err}");
    }

    #[test]
    fn a_store_that_fails_is_reported_once() {
        // Nothing listens on port 9 of this machine.
        let remote = Remote::open("webdav+http://127.0.0.1:9/cache", false).unwrap();
        let first = remote.read("result/ab");
        assert!(first.as_ref().is_err_and(|e| e.contains("the run goes on without it")), "{first:?}");
        assert_eq!(remote.read("result/ab"), Ok(None));
        assert_eq!(remote.write("result/ab", vec![1]), Ok(()));
    }
}
