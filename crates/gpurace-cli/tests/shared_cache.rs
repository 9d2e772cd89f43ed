//! The shared cache against real servers the tests start: Redis (a second
//! machine, another local cache folder, reuses every result, a changed file
//! is the only one analysed again, a corrupt entry is ignored and reported,
//! a read-only run writes nothing) and an S3-compatible store (moto's server,
//! from PyPI). Needs `redis-server` and `redis-cli` (Debian's redis-server)
//! and `moto_server` (under `$GPURACE_TEST_LINTERS/bin` or on PATH); CI
//! installs them; each test says so and passes where they are missing.

mod common;

use std::path::Path;
use std::process::{Child, Command, Stdio};

use common::file_verdicts;

/// A Redis server on a free port, stopped when dropped.
struct Redis {
    child: Child,
    port: u16,
}

impl Redis {
    fn start() -> Option<Redis> {
        let port = std::net::TcpListener::bind("127.0.0.1:0").ok()?.local_addr().ok()?.port();
        let child = Command::new("redis-server")
            .args(["--port", &port.to_string(), "--save", "", "--appendonly", "no", "--bind", "127.0.0.1"])
            .stdout(Stdio::null())
            .spawn()
            .ok()?;
        let redis = Redis { child, port };
        for _ in 0..100 {
            if redis.cli(&["ping"]).is_some_and(|out| out.trim() == "PONG") {
                return Some(redis);
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        None
    }

    fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    fn cli(&self, args: &[&str]) -> Option<String> {
        let output = Command::new("redis-cli").args(["-p", &self.port.to_string()]).args(args).output().ok()?;
        output.status.success().then(|| String::from_utf8_lossy(&output.stdout).into_owned())
    }
}

impl Drop for Redis {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Three programs of one kernel each.
fn project(dir: &Path) {
    for (name, body) in
        [("scale", "a[i] = 2 * a[i];"), ("shift", "if (i + 1 < n) a[i] = a[i + 1];"), ("square", "a[i] = a[i] * a[i];")]
    {
        let text = format!(
            "__global__ void {name}(int *a, int n) {{\n  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i < n) \
             {{ {body} }}\n}}\nint main() {{\n  int *a;\n  cudaMalloc(&a, 1024 * sizeof(int));\n  {name}<<<4, \
             256>>>(a, 1024);\n  return 0;\n}}\n"
        );
        std::fs::write(dir.join(format!("{name}.cu")), text).unwrap();
    }
}

/// `gpurace check --format json [FLAGS] .` in `dir` with the local cache
/// `cache` and the shared one at `url` (S3 credentials of the test server
/// in the environment): the report and stderr.
fn check(dir: &Path, cache: &str, url: &str, flags: &[&str]) -> (serde_json::Value, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_gpurace"))
        .current_dir(dir)
        .env("AWS_ACCESS_KEY_ID", "test")
        .env("AWS_SECRET_ACCESS_KEY", "test")
        .args(["check", "--format", "json", "--cache-dir", cache, "--shared-cache", url])
        .args(flags)
        .arg(".")
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    (serde_json::from_str(&stdout).unwrap(), String::from_utf8(output.stderr).unwrap())
}

fn cache_use(report: &serde_json::Value) -> (u64, u64, u64) {
    let cache = &report["timings"]["cache"];
    (cache["reused"].as_u64().unwrap(), cache["analysed"].as_u64().unwrap(), cache["corrupt"].as_u64().unwrap())
}

#[test]
fn machines_share_results_through_redis() {
    let Some(redis) = Redis::start() else {
        eprintln!("skipped: no redis-server and redis-cli on PATH (Debian: apt-get install redis-server)");
        return;
    };
    let work = tempfile::tempdir().unwrap();
    let src = work.path().join("src");
    std::fs::create_dir(&src).unwrap();
    project(&src);
    let cache = |name: &str| work.path().join(name).display().to_string();

    let (cold, _) = check(&src, &cache("one"), &redis.url(), &[]);
    assert_eq!(cache_use(&cold), (0, 3, 0));
    assert_eq!(file_verdicts(&cold)[1], ("shift.cu".into(), "race".into()));

    // A second machine: every result from the shared cache.
    let (second, _) = check(&src, &cache("two"), &redis.url(), &[]);
    assert_eq!(cache_use(&second), (3, 0, 0));
    assert_eq!(file_verdicts(&second), file_verdicts(&cold));

    // One file changes: only it is analysed again.
    let square = src.join("square.cu");
    let text = std::fs::read_to_string(&square).unwrap().replace("a[i] * a[i]", "a[i] * a[i] + 1");
    std::fs::write(&square, text).unwrap();
    let (changed, _) = check(&src, &cache("two"), &redis.url(), &[]);
    assert_eq!(cache_use(&changed), (2, 1, 0));

    // Every result entry of the store altered: a third machine ignores them
    // all, says so, and gives the verdicts a cold run gives.
    let keys = redis.cli(&["--scan", "--pattern", "gpurace/result/*"]).unwrap();
    let keys: Vec<&str> = keys.lines().filter(|k| !k.is_empty()).collect();
    assert!(keys.len() >= 3, "{keys:?}");
    for key in &keys {
        redis.cli(&["setrange", key, "80", "tampered"]).unwrap();
    }
    let (third, stderr) = check(&src, &cache("three"), &redis.url(), &[]);
    let (reused, analysed, corrupt) = cache_use(&third);
    assert_eq!((reused, analysed), (0, 3));
    assert_eq!(corrupt, 3);
    assert!(stderr.contains("was ignored: its content does not match its hash"), "{stderr}");
    assert_eq!(file_verdicts(&third), file_verdicts(&changed));

    // Read-only: a pull request's run reads, writes nothing.
    let before = redis.cli(&["dbsize"]).unwrap();
    std::fs::write(src.join("extra.cu"), "__global__ void extra(int *a) { a[threadIdx.x] = 1; }\n").unwrap();
    let (report, _) = check(&src, &cache("four"), &redis.url(), &["--shared-cache-read-only"]);
    assert_eq!(cache_use(&report), (3, 1, 0));
    assert_eq!(redis.cli(&["dbsize"]).unwrap(), before, "nothing was written");
}

/// moto's S3-compatible server on a free port, stopped when dropped.
struct S3 {
    child: Child,
    port: u16,
}

impl S3 {
    fn start() -> Option<S3> {
        let dir = std::env::var_os("GPURACE_TEST_LINTERS").map(|d| Path::new(&d).join("bin/moto_server"));
        let exe = dir.filter(|p| p.is_file()).unwrap_or_else(|| "moto_server".into());
        let port = std::net::TcpListener::bind("127.0.0.1:0").ok()?.local_addr().ok()?.port();
        let child = Command::new(exe)
            .args(["-p", &port.to_string()])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let s3 = S3 { child, port };
        // Up when it answers; then the bucket (moto takes unsigned requests).
        for _ in 0..100 {
            if s3.put("/gpurace-ci").is_some_and(|status| status.contains(" 200 ")) {
                return Some(s3);
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        None
    }

    /// An empty `PUT` of `path`; the status line.
    fn put(&self, path: &str) -> Option<String> {
        use std::io::{Read, Write};
        let mut stream = std::net::TcpStream::connect(("127.0.0.1", self.port)).ok()?;
        let request = format!(
            "PUT {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
            self.port
        );
        stream.write_all(request.as_bytes()).ok()?;
        let mut answer = String::new();
        stream.read_to_string(&mut answer).ok()?;
        answer.lines().next().map(str::to_string)
    }
}

impl Drop for S3 {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn machines_share_results_through_an_s3_store() {
    let Some(s3) = S3::start() else {
        eprintln!("skipped: no moto_server (pip install 'moto[server]')");
        return;
    };
    let work = tempfile::tempdir().unwrap();
    let src = work.path().join("src");
    std::fs::create_dir(&src).unwrap();
    project(&src);
    let url = format!("s3://gpurace-ci/runs?endpoint=http://127.0.0.1:{}&region=us-east-1", s3.port);
    let cache = |name: &str| work.path().join(name).display().to_string();
    let (cold, _) = check(&src, &cache("one"), &url, &[]);
    assert_eq!(cache_use(&cold), (0, 3, 0));
    let (second, _) = check(&src, &cache("two"), &url, &[]);
    assert_eq!(cache_use(&second), (3, 0, 0), "a second machine reuses every result");
    assert_eq!(file_verdicts(&second), file_verdicts(&cold));
}
