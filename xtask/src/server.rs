//! A static file server that answers like GitHub Pages: a file as is, a folder's
//! `index.html`, `name.html` for `name`, and anything else `404.html` with status 404.
//! Only on loopback, for the browser tests and local checks.
//!
//! It is still a server a web page can reach, so everything a request controls is
//! bounded: the path it names (never a file outside the served folder, symlinks
//! included), the `Host` it claims (loopback names only, against DNS rebinding), the
//! size of its head, the time it may take and the connections answered at once.
//!
//! hyper reads and writes HTTP/1.1 and holds the head to its count, size and time;
//! this module reads the request line first (hyper has no limit of its own for it),
//! checks each header field's size, resolves the path and counts the connections.
//! Text files go out gzip-compressed to a client that accepts it, as GitHub Pages
//! sends them, so that what a browser measures here is what a reader transfers.

use std::collections::HashMap;
use std::convert::Infallible;
use std::ffi::OsStr;
use std::io::{self, Cursor};
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::thread::JoinHandle;
use std::time::{Duration, SystemTime};

use anyhow::{Context, Result};
use http_body_util::Full;
use hyper::body::{Body as _, Bytes, Incoming};
use hyper::header::{self, HeaderValue};
use hyper::http::request::Parts;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{oneshot, OwnedSemaphorePermit, Semaphore};
use tokio::time::{timeout, timeout_at, Instant};

/// The longest request line, and the longest header line, line ending included.
const MAX_LINE: usize = 8 * 1024;
/// The most header fields one request may send.
const MAX_HEADERS: usize = 64;
/// The most bytes all header fields of one request may take together.
const MAX_HEADER_BYTES: usize = 32 * 1024;
/// How much of a rejected request is read and thrown away before closing, so that the
/// client sees the answer instead of a reset connection.
const MAX_DRAIN_BYTES: u64 = 1024 * 1024;

/// How long and how many: the limits that keep clients from holding the server.
#[derive(Clone, Copy, Debug)]
struct Limits {
    /// The time a request head may take to arrive in full, and what a refused request
    /// still sends is read and thrown away.
    timeout: Duration,
    /// The time the answer may take to go out, after the head's deadline.
    answer: Duration,
    /// Connections answered at once; one more is answered 503 straight away.
    handlers: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            timeout: Duration::from_secs(5),
            answer: Duration::from_secs(5),
            handlers: 64,
        }
    }
}

/// A running server; dropping it stops it. Connections already accepted are still
/// answered, each within its time limits.
pub struct Server {
    port: u16,
    /// Dropped to stop accepting.
    stop: Option<oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Server {
    /// Starts serving `dir` under `base` on a free loopback port.
    pub fn start(dir: &Path, base: &str) -> Result<Server> {
        Server::start_with(dir, base, Limits::default())
    }

    /// Starts serving `dir` under `base` within `limits`.
    fn start_with(dir: &Path, base: &str, limits: Limits) -> Result<Server> {
        Server::start_site(Site::new(dir, base)?, limits)
    }

    /// Starts serving `site` within `limits`, on a thread of its own.
    fn start_site(site: Site, limits: Limits) -> Result<Server> {
        let runtime = runtime()?;
        let listener = runtime
            .block_on(TcpListener::bind(("127.0.0.1", 0)))
            .context("cannot listen on loopback")?;
        let port = listener.local_addr()?.port();
        let handlers = Arc::new(Handlers::new(site, limits));
        let (stop, stopped) = oneshot::channel();
        let thread = std::thread::spawn(move || {
            runtime.block_on(async move {
                let accepting = tokio::spawn(handlers.clone().accept(listener));
                let _ = stopped.await;
                accepting.abort();
                handlers.finished().await;
            })
        });
        Ok(Server {
            port,
            stop: Some(stop),
            thread: Some(thread),
        })
    }

    /// The port it listens on.
    pub fn port(&self) -> u16 {
        self.port
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Serves until the process is stopped.
pub fn serve_forever(dir: &Path, base: &str, port: u16) -> Result<()> {
    serve_site_forever(Site::new(dir, base)?, port)
}

/// Serves a development build (`trunk watch`'s output, under `/`) until the process is
/// stopped, with the same confinement as `dist/`: loopback only, loopback `Host`
/// only, bounded requests. Such a build has no pre-rendered pages, so every other
/// route is answered with the app's shell (`index.html`) and status 200, and the app
/// renders it: a deep link answers as it does on GitHub Pages after a build.
pub fn serve_development_forever(dir: &Path, port: u16) -> Result<()> {
    serve_site_forever(Site::development(dir)?, port)
}

fn serve_site_forever(site: Site, port: u16) -> Result<()> {
    runtime()?.block_on(async {
        let listener = TcpListener::bind(("127.0.0.1", port))
            .await
            .with_context(|| format!("cannot listen on port {port}"))?;
        eprintln!(
            "xtask: serving {} at http://127.0.0.1:{port}{} (Ctrl-C stops)",
            site.root.display(),
            site.base
        );
        Arc::new(Handlers::new(site, Limits::default())).accept(listener).await;
        Ok(())
    })
}

/// A runtime on one thread: the connections wait on the network and on timers, while
/// files are read and compressed on tokio's blocking threads.
fn runtime() -> Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .build()
        .context("cannot start the server's runtime")
}

/// The folder that is served and the path it is served under.
struct Site {
    /// The served folder, canonical: every file served lies inside it.
    root: PathBuf,
    /// The base path, with a slash at both ends (`/` for none).
    base: String,
    /// The page that answers a path nothing else answers, and its status.
    fallback: (&'static str, StatusCode),
}

impl Site {
    /// `dir` (which must exist) served under `base`.
    fn new(dir: &Path, base: &str) -> Result<Site> {
        let root = dir
            .canonicalize()
            .with_context(|| format!("cannot serve {}", dir.display()))?;
        let base = content::site::normalise_base(base);
        Ok(Site {
            root,
            base,
            fallback: ("404.html", StatusCode::NOT_FOUND),
        })
    }

    /// A development build in `dir`, served under `/`: the app's shell answers every
    /// route it has no file for.
    fn development(dir: &Path) -> Result<Site> {
        Ok(Site {
            fallback: ("index.html", StatusCode::OK),
            ..Site::new(dir, "/")?
        })
    }

    /// The file for a percent-decoded request path, as GitHub Pages resolves it:
    /// the file itself, the folder's `index.html`, or `name.html` for `name`.
    /// `None` when nothing inside the served folder answers it.
    fn resolve(&self, path: &str) -> Option<PathBuf> {
        let rest = path
            .strip_prefix(self.base.as_str())
            .or_else(|| (path == self.base.trim_end_matches('/')).then_some(""))?;
        let relative = relative_path(rest)?;
        let named = self.root.join(&relative);
        let folder_only = rest.ends_with('/');
        let candidates = [
            (!folder_only).then(|| named.clone()),
            Some(named.join("index.html")),
            (!rest.is_empty()).then(|| with_html_extension(&named)),
        ];
        candidates.into_iter().flatten().find_map(|c| self.inside(&c))
    }

    /// The real path of `candidate` when it is a file inside the served folder once
    /// every symlink is followed.
    fn inside(&self, candidate: &Path) -> Option<PathBuf> {
        let real = candidate.canonicalize().ok()?;
        (real.starts_with(&self.root) && real.is_file()).then_some(real)
    }
}

/// `name.html` beside `name`.
fn with_html_extension(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_os_string();
    name.push(".html");
    PathBuf::from(name)
}

/// The relative path that `rest` (a decoded request path below the base path) names:
/// plain names separated by single slashes, optionally one slash at the end. `None`
/// for anything else (`..`, `.`, empty segments, an absolute path, NUL, backslashes),
/// so nothing can name a file outside the served folder.
fn relative_path(rest: &str) -> Option<PathBuf> {
    if rest.is_empty() {
        return Some(PathBuf::new());
    }
    let names = rest.strip_suffix('/').unwrap_or(rest);
    names.split('/').map(plain_name).collect()
}

/// `segment` as one path component when it is a plain file or folder name.
fn plain_name(segment: &str) -> Option<&Path> {
    let path = Path::new(segment);
    let mut components = path.components();
    let plain = matches!(
        (components.next(), components.next()),
        (Some(Component::Normal(name)), None) if name == OsStr::new(segment)
    );
    (plain && !segment.contains(['\\', '\0'])).then_some(path)
}

/// The decoded path of a request target: the query and fragment cut off, the rest
/// percent-decoded. `None` when it is not a path or does not decode to UTF-8.
fn request_path(target: &str) -> Option<String> {
    let path = target.split(['?', '#']).next().unwrap_or("");
    if !path.starts_with('/') {
        return None;
    }
    let mut bytes = path.bytes();
    let mut decoded = Vec::with_capacity(path.len());
    while let Some(b) = bytes.next() {
        if b == b'%' {
            let high = hex_digit(bytes.next()?)?;
            decoded.push((high << 4) | hex_digit(bytes.next()?)?);
        } else {
            decoded.push(b);
        }
    }
    String::from_utf8(decoded).ok()
}

/// The value of one hexadecimal digit.
fn hex_digit(b: u8) -> Option<u8> {
    char::from(b).to_digit(16).map(|d| d as u8)
}

/// Whether a `Host` value names this machine's loopback interface: `localhost`,
/// `127.0.0.1` or `[::1]`, each with or without a port. Any other name may be a
/// foreign site's that resolves to 127.0.0.1 (DNS rebinding).
fn is_loopback_host(host: &str) -> bool {
    let name = match host.rsplit_once(':') {
        Some((name, port)) if !port.is_empty() && port.len() <= 5 && port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    };
    ["localhost", "127.0.0.1", "[::1]"]
        .iter()
        .any(|ok| name.eq_ignore_ascii_case(ok))
}

/// Whether an `Accept-Encoding` value lists `gzip`, other than as refused (`q=0`).
fn accepts_gzip(value: &[u8]) -> bool {
    let text = String::from_utf8_lossy(value);
    text.split(',').any(|item| {
        let mut parts = item.split(';').map(str::trim);
        let coding = parts.next().unwrap_or("");
        let refused = parts.any(|param| {
            let (name, weight) = param.split_once('=').unwrap_or((param, ""));
            name.trim().eq_ignore_ascii_case("q") && weight.trim().parse::<f64>() == Ok(0.0)
        });
        coding.eq_ignore_ascii_case("gzip") && !refused
    })
}

/// A file's content type and whether it is sent compressed, by its extension: one
/// table, so that a kind of file is named once. Compressed are the kinds GitHub Pages
/// compresses (the wasm and the entries' data files compress as well as text does).
fn kind(path: &Path) -> (&'static str, Compression) {
    use Compression::{Gzip, Never};
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => ("text/html; charset=utf-8", Gzip),
        "js" => ("text/javascript; charset=utf-8", Gzip),
        "css" => ("text/css; charset=utf-8", Gzip),
        "wasm" => ("application/wasm", Gzip),
        "svg" => ("image/svg+xml", Gzip),
        "json" | "webmanifest" => ("application/json", Gzip),
        "xml" => ("application/xml", Gzip),
        "txt" => ("text/plain; charset=utf-8", Gzip),
        "md" => ("text/markdown; charset=utf-8", Gzip),
        "bin" => ("application/octet-stream", Gzip),
        "png" => ("image/png", Never),
        _ => ("application/octet-stream", Never),
    }
}

/// Whether a kind of file is sent gzip-compressed to a client that accepts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Compression {
    Gzip,
    Never,
}

/// The site, its limits, and the connections being answered.
struct Handlers {
    site: Arc<Site>,
    limits: Limits,
    /// One permit for each connection being answered.
    permits: Arc<Semaphore>,
    /// hyper's settings for every connection.
    http: http1::Builder,
}

impl Handlers {
    fn new(site: Site, limits: Limits) -> Handlers {
        let mut http = http1::Builder::new();
        http.timer(TokioTimer::new())
            .keep_alive(false)
            .title_case_headers(true)
            .max_headers(MAX_HEADERS)
            .max_header_size(MAX_LINE + MAX_HEADER_BYTES + 2);
        Handlers {
            site: Arc::new(site),
            limits,
            permits: Arc::new(Semaphore::new(limits.handlers as usize)),
            http,
        }
    }

    /// Answers each connection in a task of its own, or 503 when every handler is busy.
    async fn accept(self: Arc<Self>, listener: TcpListener) {
        loop {
            let Ok((stream, _)) = listener.accept().await else {
                tokio::time::sleep(Duration::from_millis(5)).await;
                continue;
            };
            match self.permits.clone().try_acquire_owned() {
                Ok(permit) => drop(tokio::spawn(self.clone().connection(stream, permit))),
                Err(_) => {
                    // A new connection's send buffer is empty: the answer fits at once.
                    let _ = stream.try_write(&refusal(StatusCode::SERVICE_UNAVAILABLE));
                }
            }
        }
    }

    /// Waits until every connection accepted has been answered.
    async fn finished(&self) {
        let _ = self.permits.acquire_many(self.limits.handlers).await;
    }

    /// Answers one request on `stream`, then closes it; a refused request's remaining
    /// bytes are read first so that the client gets to see why.
    async fn connection(self: Arc<Self>, mut stream: TcpStream, _permit: OwnedSemaphorePermit) {
        let deadline = Instant::now() + self.limits.timeout;
        let refused = match timeout_at(deadline, request_line(&mut stream)).await {
            Ok(Ok(Some(read))) => self.serve(&mut stream, read, deadline).await,
            Ok(Ok(None)) => {
                let answer = refusal(StatusCode::URI_TOO_LONG);
                let _ = timeout(self.limits.answer, stream.write_all(&answer)).await;
                true
            }
            Ok(Err(_)) | Err(_) => false,
        };
        if refused {
            drain(&mut stream, self.limits.timeout).await;
        }
    }

    /// Lets hyper read the rest of the head by `deadline` (`read` first, the bytes
    /// read so far) and write the answer in the time after it. Whether the
    /// request was refused with bytes left unread: a head hyper refused (400, 431), or
    /// a body this server never reads.
    async fn serve(&self, stream: &mut TcpStream, read: Vec<u8>, deadline: Instant) -> bool {
        let body_left = AtomicBool::new(false);
        let service = service_fn(|request| self.respond(request, &body_left));
        let (reader, writer) = stream.split();
        let io = TokioIo::new(tokio::io::join(Cursor::new(read).chain(reader), writer));
        let mut http = self.http.clone();
        http.header_read_timeout(deadline.saturating_duration_since(Instant::now()));
        let served = timeout_at(deadline + self.limits.answer, http.serve_connection(io, service)).await;
        matches!(served, Ok(Err(e)) if e.is_parse()) || body_left.load(Ordering::Relaxed)
    }

    /// The answer to a request whose head was read in full, worked out on a blocking
    /// thread, since it reads and compresses files.
    async fn respond(
        &self,
        request: Request<Incoming>,
        body_left: &AtomicBool,
    ) -> Result<Response<Full<Bytes>>, Infallible> {
        let (head, body) = request.into_parts();
        if !body.is_end_stream() {
            body_left.store(true, Ordering::Relaxed);
        }
        let site = self.site.clone();
        let answer = tokio::task::spawn_blocking(move || answer(&site, &head)).await;
        Ok(answer.unwrap_or_else(|_| plain(StatusCode::INTERNAL_SERVER_ERROR)))
    }
}

/// Reads up to the end of the request line, which must come within `MAX_LINE` bytes:
/// what was read (the line, perhaps more of the head), or `None` when the line is
/// longer. hyper only bounds the head as a whole, and would answer such a line 431.
async fn request_line(stream: &mut TcpStream) -> io::Result<Option<Vec<u8>>> {
    let mut read = vec![0; MAX_LINE];
    let mut filled = 0;
    while filled < MAX_LINE {
        let n = stream.read(&mut read[filled..]).await?;
        if n == 0 {
            return Err(io::ErrorKind::UnexpectedEof.into());
        }
        filled += n;
        if read[filled - n..filled].contains(&b'\n') {
            read.truncate(filled);
            return Ok(Some(read));
        }
    }
    Ok(None)
}

/// Closes the sending side and throws away what the client still sends, for at most
/// `within` in all and up to a limit, so that the answer is not lost to a connection
/// reset. The deadline is for the whole: a client sending a byte now and then would
/// otherwise hold the handler as long as it liked.
async fn drain(stream: &mut TcpStream, within: Duration) {
    let _ = stream.shutdown().await;
    let mut rest = stream.take(MAX_DRAIN_BYTES);
    let _ = timeout(within, tokio::io::copy(&mut rest, &mut tokio::io::sink())).await;
}

/// The answer to a request head: a refusal, or the file GitHub Pages would send (its
/// body also for HEAD, which hyper leaves out).
fn answer(site: &Site, head: &Parts) -> Response<Full<Bytes>> {
    if let Err(status) = check(head) {
        return plain(status);
    }
    let Some(path) = request_path(head.uri.path()) else {
        return plain(StatusCode::BAD_REQUEST);
    };
    let (page, status) = site.fallback;
    let found = match site.resolve(&path) {
        Some(file) => Some((file, StatusCode::OK)),
        None => site.inside(&site.root.join(page)).map(|page| (page, status)),
    };
    let Some((file, status)) = found else {
        return plain(StatusCode::NOT_FOUND);
    };
    let encodings = head.headers.get_all(header::ACCEPT_ENCODING);
    let gzip = encodings.iter().any(|value| accepts_gzip(value.as_bytes()));
    send_file(status, &file, gzip).unwrap_or_else(|_| plain(StatusCode::INTERNAL_SERVER_ERROR))
}

/// Refuses what this server does not answer: a target that is not a path (400), a
/// header field over `MAX_LINE` or all of them over `MAX_HEADER_BYTES` (431), no
/// `Host` or more than one (400), a `Host` that is not loopback (421), and any method
/// but GET and HEAD (405). hyper has refused a malformed head or one with too many
/// fields already.
fn check(head: &Parts) -> Result<(), StatusCode> {
    if head.uri.scheme().is_some() || head.uri.authority().is_some() {
        return Err(StatusCode::BAD_REQUEST);
    }
    let field = |(name, value): (&header::HeaderName, &HeaderValue)| name.as_str().len() + value.len() + 4;
    let too_long = head.headers.iter().map(field).any(|bytes| bytes > MAX_LINE);
    if too_long || head.headers.iter().map(field).sum::<usize>() > MAX_HEADER_BYTES {
        return Err(StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE);
    }
    match head.headers.get_all(header::HOST).iter().collect::<Vec<_>>()[..] {
        [host] if host.to_str().is_ok_and(is_loopback_host) => {}
        [_] => return Err(StatusCode::MISDIRECTED_REQUEST),
        _ => return Err(StatusCode::BAD_REQUEST),
    }
    match head.method {
        Method::GET | Method::HEAD => Ok(()),
        _ => Err(StatusCode::METHOD_NOT_ALLOWED),
    }
}

/// `file` with `status`: a text file compressed when the client accepts gzip,
/// anything else as it is.
fn send_file(status: StatusCode, file: &Path, gzip: bool) -> io::Result<Response<Full<Bytes>>> {
    let (content_type, compression) = kind(file);
    let compressed = compression == Compression::Gzip && gzip;
    let body = if compressed {
        gzipped(file)?
    } else {
        std::fs::read(file)?.into()
    };
    let mut response = with_body(status, content_type, body);
    let headers = response.headers_mut();
    if compression == Compression::Gzip {
        headers.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    }
    if compressed {
        headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
    }
    Ok(response)
}

/// The gzip-compressed bytes of `file`, compressed once per version of the file (its
/// length and modification time): the browser tests fetch the same wasm hundreds of
/// times, and compressing it takes longer than sending it.
fn gzipped(file: &Path) -> io::Result<Bytes> {
    type Versions = HashMap<PathBuf, ((u64, Option<SystemTime>), Bytes)>;
    static CACHE: OnceLock<Mutex<Versions>> = OnceLock::new();
    let meta = std::fs::metadata(file)?;
    let version = (meta.len(), meta.modified().ok());
    let cache = CACHE.get_or_init(Default::default);
    if let Some((v, bytes)) = cache.lock().unwrap_or_else(|p| p.into_inner()).get(file) {
        if *v == version {
            return Ok(bytes.clone());
        }
    }
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    io::copy(&mut std::fs::File::open(file)?, &mut encoder)?;
    let bytes = Bytes::from(encoder.finish()?);
    cache
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .insert(file.to_path_buf(), (version, bytes.clone()));
    Ok(bytes)
}

/// `status` with its reason as a plain-text body.
fn plain(status: StatusCode) -> Response<Full<Bytes>> {
    let mut response = with_body(status, "text/plain; charset=utf-8", format!("{status}\n").into());
    if status == StatusCode::METHOD_NOT_ALLOWED {
        let allow = HeaderValue::from_static("GET, HEAD");
        response.headers_mut().insert(header::ALLOW, allow);
    }
    response
}

/// An answer with `status` and `body`, never cached without asking again.
fn with_body(status: StatusCode, content_type: &'static str, body: Bytes) -> Response<Full<Bytes>> {
    let mut response = Response::new(Full::new(body));
    *response.status_mut() = status;
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

/// A plain-text refusal written straight to a connection hyper never reads: 503 when
/// every handler is busy, 414 for a request line too long.
fn refusal(status: StatusCode) -> Vec<u8> {
    let reason = format!("{status}\n");
    let length = reason.len();
    format!(
        "HTTP/1.1 {status}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: {length}\r\n\
         Cache-Control: no-cache\r\nConnection: close\r\n\r\n{reason}"
    )
    .into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};
    use std::net::TcpStream;
    use std::sync::atomic::AtomicUsize;
    use std::time::Instant;

    /// How long a test waits for the server before it counts as hung: far beyond
    /// anything a working server needs, even on a slow, busy machine.
    const PATIENCE: Duration = Duration::from_secs(30);
    /// Text that lives outside the served folder and must never be answered.
    const SECRET: &str = "secret outside the served folder";

    /// A served folder `site/` with files beside it, removed when dropped.
    struct Fixture {
        top: PathBuf,
        site: PathBuf,
    }

    impl Fixture {
        fn new() -> Fixture {
            static NEXT: AtomicUsize = AtomicUsize::new(0);
            let n = NEXT.fetch_add(1, Ordering::Relaxed);
            let top = std::env::temp_dir().join(format!("xtask-server-{}-{n}", std::process::id()));
            let _ = std::fs::remove_dir_all(&top);
            for (path, text) in [
                ("site/index.html", "root page"),
                ("site/404.html", "not found page"),
                ("site/app.js", "js"),
                ("site/en/memory-bound/index.html", "entry page"),
                ("site/en/roofline.html", "roofline page"),
                ("Cargo.toml", SECRET),
                ("outside/secret.txt", SECRET),
            ] {
                let path = top.join(path);
                std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                std::fs::write(path, text).unwrap();
            }
            let site = top.join("site");
            Fixture { top, site }
        }

        /// Serves `site/` under `/glossary/` within `limits`.
        fn serve(&self, limits: Limits) -> Server {
            Server::start_with(&self.site, "/glossary/", limits).unwrap()
        }
    }

    impl Drop for Fixture {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.top);
        }
    }

    /// Limits for tests that never wait for a timeout.
    fn relaxed() -> Limits {
        Limits {
            timeout: PATIENCE,
            answer: PATIENCE,
            handlers: 8,
        }
    }

    /// Sends `request` as is and returns all the server answers before it closes.
    fn exchange(port: u16, request: &[u8]) -> String {
        String::from_utf8_lossy(&exchange_bytes(port, request)).into_owned()
    }

    /// [`exchange`], the answer as bytes (a compressed body is no text).
    fn exchange_bytes(port: u16, request: &[u8]) -> Vec<u8> {
        let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
        stream.set_read_timeout(Some(PATIENCE)).unwrap();
        let _ = stream.write_all(request);
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
        answer
    }

    /// The head (as text) and the body of a GET for `target` with these extra header
    /// lines.
    fn head_and_body(port: u16, target: &str, headers: &str) -> (String, Vec<u8>) {
        let request = format!("GET {target} HTTP/1.1\r\nHost: localhost:{port}\r\n{headers}\r\n");
        let answer = exchange_bytes(port, request.as_bytes());
        let end = answer.windows(4).position(|w| w == b"\r\n\r\n").expect("a whole head") + 4;
        (
            String::from_utf8_lossy(&answer[..end]).into_owned(),
            answer[end..].to_vec(),
        )
    }

    fn gunzip(bytes: &[u8]) -> String {
        let mut text = String::new();
        flate2::read::GzDecoder::new(bytes).read_to_string(&mut text).unwrap();
        text
    }

    /// Status code and body of an answer (0 when there is no status line).
    fn status_and_body(answer: &str) -> (u16, String) {
        let code = answer.strip_prefix("HTTP/1.1 ").and_then(|rest| rest.get(..3));
        let body = answer.split_once("\r\n\r\n").map_or("", |(_, body)| body);
        (code.and_then(|c| c.parse().ok()).unwrap_or(0), body.to_string())
    }

    /// Status code and body of a GET for `target` from a loopback host.
    fn get(port: u16, target: &str) -> (u16, String) {
        let head = format!("GET {target} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n");
        status_and_body(&exchange(port, head.as_bytes()))
    }

    /// The status code of a GET for `/glossary/` with exactly these header lines.
    fn status_with_headers_only(port: u16, headers: &str) -> u16 {
        let head = format!("GET /glossary/ HTTP/1.1\r\n{headers}\r\n");
        status_and_body(&exchange(port, head.as_bytes())).0
    }

    /// The status code of a GET for `/glossary/` from `localhost` with these extra
    /// header lines.
    fn status_with_headers(port: u16, headers: &str) -> u16 {
        status_with_headers_only(port, &format!("Host: localhost:{port}\r\n{headers}"))
    }

    #[test]
    fn serves_files_folders_and_html_names_like_github_pages() {
        let fixture = Fixture::new();
        let server = fixture.serve(relaxed());
        let port = server.port();
        let page = |body: &str| (200, body.to_string());
        assert_eq!(get(port, "/glossary/"), page("root page"));
        assert_eq!(get(port, "/glossary"), page("root page"));
        assert_eq!(get(port, "/glossary/index.html"), page("root page"));
        assert_eq!(get(port, "/glossary/app.js?x=1"), page("js"));
        assert_eq!(get(port, "/glossary/en/memory-bound"), page("entry page"));
        assert_eq!(get(port, "/glossary/en/memory-bound/"), page("entry page"));
        assert_eq!(get(port, "/glossary/en/roofline"), page("roofline page"));
        assert_eq!(get(port, "/glossary/en/roofline/"), page("roofline page"));
        assert_eq!(get(port, "/glossary/en/roof%6Cine"), page("roofline page"));
        let js = exchange(
            port,
            format!("GET /glossary/app.js HTTP/1.1\r\nHost: localhost:{port}\r\n\r\n").as_bytes(),
        );
        assert!(
            js.contains("\r\nContent-Type: text/javascript; charset=utf-8\r\n"),
            "{js}"
        );
        let head = exchange(port, b"HEAD /glossary/app.js HTTP/1.1\r\nHost: localhost\r\n\r\n");
        assert!(head.starts_with("HTTP/1.1 200 OK\r\n"), "{head}");
        assert!(head.contains("\r\nContent-Length: 2\r\n"), "{head}");
        assert!(head.ends_with("\r\n\r\n"), "HEAD has no body: {head}");
    }

    /// GitHub Pages sends text compressed; browsers measured against this server
    /// must transfer what a reader does, and decode it as transparently.
    #[test]
    fn sends_text_gzip_compressed_to_a_client_that_accepts_it() {
        let fixture = Fixture::new();
        std::fs::write(fixture.site.join("logo.png"), "not really a png").unwrap();
        let server = fixture.serve(relaxed());
        let port = server.port();
        let (head, body) = head_and_body(port, "/glossary/en/roofline", "Accept-Encoding: br, gzip;q=0.8\r\n");
        assert!(head.starts_with("HTTP/1.1 200 OK\r\n"), "{head}");
        assert!(head.contains("\r\nContent-Encoding: gzip\r\n"), "{head}");
        assert!(head.contains("\r\nVary: Accept-Encoding\r\n"), "{head}");
        assert!(
            head.contains(&format!("\r\nContent-Length: {}\r\n", body.len())),
            "{head}"
        );
        assert_eq!(gunzip(&body), "roofline page");
        let (head, body) = head_and_body(port, "/glossary/en/nothing", "Accept-Encoding: GZIP\r\n");
        assert!(head.starts_with("HTTP/1.1 404 "), "{head}");
        assert_eq!(gunzip(&body), "not found page", "{head}");
        for plain in ["", "Accept-Encoding: br, deflate\r\n", "Accept-Encoding: gzip;q=0\r\n"] {
            let (head, body) = head_and_body(port, "/glossary/en/roofline", plain);
            assert!(!head.contains("Content-Encoding"), "{plain:?}: {head}");
            assert!(head.contains("\r\nContent-Length: 13\r\n"), "{plain:?}: {head}");
            assert_eq!(body, b"roofline page", "{plain:?}");
        }
        let (head, body) = head_and_body(port, "/glossary/logo.png", "Accept-Encoding: gzip\r\n");
        assert!(!head.contains("Content-Encoding"), "not text: {head}");
        assert_eq!(body, b"not really a png");
        let gzip_head = exchange(
            port,
            b"HEAD /glossary/app.js HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: gzip\r\n\r\n",
        );
        assert!(gzip_head.contains("\r\nContent-Encoding: gzip\r\n"), "{gzip_head}");
        assert!(gzip_head.ends_with("\r\n\r\n"), "HEAD has no body: {gzip_head}");
    }

    #[test]
    fn answers_anything_else_with_the_404_page() {
        let fixture = Fixture::new();
        let server = fixture.serve(relaxed());
        let port = server.port();
        let missing = (404, "not found page".to_string());
        assert_eq!(get(port, "/glossary/en/nothing"), missing);
        assert_eq!(get(port, "/app.js"), missing, "outside the base path");
        assert_eq!(get(port, "/glossaryapp.js"), missing, "outside the base path");
        assert_eq!(get(port, "/glossary/app.js/"), missing, "a file is no folder");
        std::fs::remove_file(fixture.site.join("404.html")).unwrap();
        assert_eq!(get(port, "/glossary/en/nothing").0, 404);
    }

    /// `cargo xtask serve` serves trunk's development build with this server, not
    /// trunk's, which answers any `Host` (a page could rebind its name to the
    /// loopback address and read drafts).
    #[test]
    fn the_development_server_answers_routes_with_the_shell_for_loopback_hosts_only() {
        let fixture = Fixture::new();
        std::fs::remove_file(fixture.site.join("404.html")).unwrap();
        let server = Server::start_site(Site::development(&fixture.site).unwrap(), relaxed()).unwrap();
        let port = server.port();
        assert_eq!(get(port, "/"), (200, "root page".to_string()));
        // A deep link the build has no file for: the shell, with 200 as after `dist`.
        assert_eq!(get(port, "/de/kv-cache"), (200, "root page".to_string()));
        assert_eq!(get(port, "/en/memory-bound"), (200, "entry page".to_string()));
        assert_eq!(get(port, "/app.js"), (200, "js".to_string()));
        let rebound = format!("GET / HTTP/1.1\r\nHost: attacker.example:{port}\r\n\r\n");
        let (status, body) = status_and_body(&exchange(port, rebound.as_bytes()));
        assert_eq!(status, 421, "{body}");
        assert!(!body.contains("root page"), "{body}");
    }

    #[test]
    fn never_serves_a_file_outside_the_served_folder() {
        let fixture = Fixture::new();
        let server = fixture.serve(relaxed());
        let port = server.port();
        let absolute = format!("/glossary/{}", fixture.top.join("Cargo.toml").display());
        for target in [
            "/glossary//etc/passwd",
            absolute.as_str(),
            "/glossary/../Cargo.toml",
            "/glossary/en/../../Cargo.toml",
            "/glossary/%2e%2e/Cargo.toml",
            "/glossary/%2E%2E%2FCargo.toml",
            "/glossary/..%2fCargo.toml",
            "/glossary/%2Fetc%2Fpasswd",
            "/glossary/%2e%2e%5cCargo.toml",
            "/glossary/..",
            "/glossary/./index.html",
            "/glossary/en//memory-bound",
            "/glossary//",
            "/glossary/index.html%00",
            "/glossary/%00",
        ] {
            assert_eq!(get(port, target), (404, "not found page".to_string()), "{target}");
        }
        assert_eq!(get(port, "/glossary/%zz").0, 400, "a broken escape");
        assert_eq!(get(port, "/glossary/%c3").0, 400, "not UTF-8");
    }

    #[cfg(unix)]
    #[test]
    fn does_not_follow_symlinks_out_of_the_served_folder() {
        use std::os::unix::fs::symlink;
        let fixture = Fixture::new();
        symlink(fixture.top.join("outside/secret.txt"), fixture.site.join("leak.txt")).unwrap();
        symlink(fixture.top.join("outside"), fixture.site.join("outside")).unwrap();
        symlink(
            fixture.top.join("outside/secret.txt"),
            fixture.site.join("en/leak.html"),
        )
        .unwrap();
        symlink("app.js", fixture.site.join("alias.js")).unwrap();
        let server = fixture.serve(relaxed());
        let port = server.port();
        let missing = (404, "not found page".to_string());
        assert_eq!(get(port, "/glossary/leak.txt"), missing);
        assert_eq!(get(port, "/glossary/outside/secret.txt"), missing);
        assert_eq!(get(port, "/glossary/en/leak"), missing);
        assert_eq!(
            get(port, "/glossary/alias.js"),
            (200, "js".to_string()),
            "a link inside"
        );
    }

    #[test]
    fn answers_only_requests_for_a_loopback_host() {
        let fixture = Fixture::new();
        let server = fixture.serve(relaxed());
        let port = server.port();
        let with_host = |host: &str| status_with_headers_only(port, &format!("Host: {host}\r\n"));
        for host in ["localhost", "LocalHost", "127.0.0.1", "[::1]"] {
            assert_eq!(with_host(host), 200, "{host}");
            assert_eq!(with_host(&format!("{host}:{port}")), 200, "{host}:{port}");
        }
        for host in [
            "evil.example",
            "evil.example:{port}",
            "localhost.evil.example",
            "127.0.0.1.nip.io",
            "localhost:",
            "localhost:80:80",
            "::1",
            "",
        ] {
            assert_eq!(with_host(&host.replace("{port}", &port.to_string())), 421, "{host}");
        }
        assert_eq!(status_with_headers_only(port, ""), 400, "no Host");
        assert_eq!(
            status_with_headers(port, "Host: localhost\r\n"),
            400,
            "two Host headers"
        );
    }

    #[test]
    fn allows_only_get_and_head() {
        let fixture = Fixture::new();
        let server = fixture.serve(relaxed());
        let port = server.port();
        for method in ["POST", "PUT", "DELETE", "OPTIONS", "TRACE", "CONNECT"] {
            let head = format!("{method} /glossary/ HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\n\r\nhello");
            let answer = exchange(port, head.as_bytes());
            assert!(answer.starts_with("HTTP/1.1 405 "), "{method}: {answer}");
            assert!(answer.contains("\r\nAllow: GET, HEAD\r\n"), "{method}: {answer}");
        }
    }

    #[test]
    fn rejects_malformed_request_heads() {
        let fixture = Fixture::new();
        let server = fixture.serve(relaxed());
        let port = server.port();
        for head in [
            "GET /glossary/\r\nHost: localhost\r\n\r\n",
            "GET  /glossary/ HTTP/1.1\r\nHost: localhost\r\n\r\n",
            "GET /glossary/ HTTP/2.0\r\nHost: localhost\r\n\r\n",
            "GET http://localhost/glossary/ HTTP/1.1\r\nHost: localhost\r\n\r\n",
            "GET /glossary/ HTTP/1.1\r\nHost: localhost\r\nno colon\r\n\r\n",
            "GET /glossary/ HTTP/1.1\r\nHost: localhost\r\nX-A: 1\r\n folded\r\n\r\n",
            "GET /glossary/ HTTP/1.1\r\nHost : localhost\r\n\r\n",
        ] {
            let answer = exchange(port, head.as_bytes());
            assert!(answer.starts_with("HTTP/1.1 400 "), "{head:?}: {answer}");
        }
    }

    #[test]
    fn rejects_an_over_long_request_line() {
        let fixture = Fixture::new();
        let server = fixture.serve(relaxed());
        let port = server.port();
        let fits = format!("/glossary/{}", "a".repeat(MAX_LINE - 100));
        assert_eq!(get(port, &fits).0, 404);
        let long = format!("/glossary/{}", "a".repeat(MAX_LINE));
        assert_eq!(get(port, &long).0, 414);
        let huge = format!("/glossary/{}", "a".repeat(64 * MAX_LINE));
        assert_eq!(get(port, &huge).0, 414);
    }

    #[test]
    fn rejects_too_many_or_too_large_headers() {
        let fixture = Fixture::new();
        let server = fixture.serve(relaxed());
        let port = server.port();
        let many = |n: usize| (0..n).map(|i| format!("X-Field-{i}: {i}\r\n")).collect::<String>();
        assert_eq!(status_with_headers(port, &many(MAX_HEADERS - 1)), 200);
        assert_eq!(status_with_headers(port, &many(MAX_HEADERS)), 431);
        assert_eq!(status_with_headers(port, &many(100 * MAX_HEADERS)), 431);
        let long = |n: usize| format!("X-Long: {}\r\n", "v".repeat(n));
        assert_eq!(status_with_headers(port, &long(MAX_LINE - 100)), 200);
        assert_eq!(status_with_headers(port, &long(MAX_LINE)), 431);
        // A head that does not end is refused once it passes the limit, not read on.
        let endless = format!(
            "GET /glossary/ HTTP/1.1\r\nHost: localhost\r\n{}",
            long(MAX_LINE - 100).repeat(9)
        );
        assert_eq!(status_and_body(&exchange(port, endless.as_bytes())).0, 431);
        let large = |n: usize| {
            (0..n)
                .map(|i| format!("X-Large-{i}: {}\r\n", "v".repeat(6000)))
                .collect::<String>()
        };
        assert_eq!(status_with_headers(port, &large(MAX_HEADER_BYTES / 6100)), 200);
        assert_eq!(status_with_headers(port, &large(MAX_HEADER_BYTES / 6000 + 1)), 431);
    }

    #[test]
    fn closes_an_idle_connection_after_the_timeout() {
        let fixture = Fixture::new();
        let limits = Limits {
            timeout: Duration::from_millis(200),
            ..relaxed()
        };
        let server = fixture.serve(limits);
        let port = server.port();
        let mut idle = TcpStream::connect(("127.0.0.1", port)).unwrap();
        idle.set_read_timeout(Some(PATIENCE)).unwrap();
        let mut answer = Vec::new();
        let closed = idle.read_to_end(&mut answer);
        assert!(closed.is_ok(), "still open after {PATIENCE:?}: {closed:?}");
        assert!(answer.is_empty(), "{}", String::from_utf8_lossy(&answer));
    }

    #[test]
    fn closes_a_request_that_trickles_in_past_the_deadline() {
        let fixture = Fixture::new();
        let limits = Limits {
            timeout: Duration::from_millis(300),
            ..relaxed()
        };
        let server = fixture.serve(limits);
        let port = server.port();
        let mut slow = TcpStream::connect(("127.0.0.1", port)).unwrap();
        slow.write_all(b"GET /glossary/ HTTP/1.1\r\nX-Slow: ").unwrap();
        slow.set_read_timeout(Some(Duration::from_millis(50))).unwrap();
        let start = Instant::now();
        let closed = loop {
            assert!(start.elapsed() < PATIENCE, "still open after {PATIENCE:?}");
            if slow.write_all(b"v").is_err() {
                break true;
            }
            match slow.read(&mut [0; 64]) {
                Ok(0) => break true,
                Ok(_) => break false,
                Err(e) if matches!(e.kind(), io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut) => {}
                Err(_) => break true,
            }
        };
        assert!(closed, "the server answered an unfinished head");
    }

    /// A request the server refuses may keep sending; throwing that away ends at the
    /// deadline, however slowly it comes, and frees the handler.
    #[test]
    fn a_slow_client_after_a_refused_request_is_dropped_at_the_deadline() {
        let fixture = Fixture::new();
        let timeout = Duration::from_millis(300);
        let server = fixture.serve(Limits {
            timeout,
            handlers: 1,
            ..relaxed()
        });
        let port = server.port();
        let mut slow = TcpStream::connect(("127.0.0.1", port)).unwrap();
        let head = format!("POST /glossary/ HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Length: 1000000\r\n\r\n");
        slow.write_all(head.as_bytes()).unwrap();
        let start = Instant::now();
        let trickle = std::thread::spawn(move || {
            // A byte every 50 ms, well within the timeout of each read.
            while start.elapsed() < PATIENCE {
                if slow.write_all(b"x").is_err() {
                    return Some(start.elapsed());
                }
                std::thread::sleep(Duration::from_millis(50));
            }
            None
        });
        // The only handler is free again soon after the deadline.
        loop {
            let elapsed = start.elapsed();
            assert!(
                elapsed < timeout * 10,
                "the slow client held the handler for {elapsed:?}"
            );
            if get(port, "/glossary/").0 == 200 {
                break;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let dropped = trickle.join().unwrap();
        // Read until the deadline (the client sees the answer, not a reset), not after.
        assert!(dropped.is_some_and(|d| d >= timeout && d < timeout * 10), "{dropped:?}");
    }

    /// A client that asks for a file and never reads the answer holds its handler only
    /// until the answer's deadline.
    #[test]
    fn a_client_that_does_not_read_its_answer_is_dropped_at_the_deadline() {
        let fixture = Fixture::new();
        // Larger than what the socket buffers of both ends take in on loopback.
        std::fs::write(fixture.site.join("large.png"), vec![0; 32 << 20]).unwrap();
        let answer = Duration::from_millis(300);
        let server = fixture.serve(Limits {
            timeout: answer,
            answer,
            handlers: 1,
        });
        let port = server.port();
        let mut stalled = TcpStream::connect(("127.0.0.1", port)).unwrap();
        stalled
            .write_all(b"GET /glossary/large.png HTTP/1.1\r\nHost: localhost\r\n\r\n")
            .unwrap();
        let start = Instant::now();
        while get(port, "/glossary/").0 != 200 {
            let elapsed = start.elapsed();
            assert!(
                elapsed < answer * 10,
                "the stalled client held the handler for {elapsed:?}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        drop(stalled);
    }

    #[test]
    fn answers_503_when_every_handler_is_busy() {
        let fixture = Fixture::new();
        let server = fixture.serve(Limits {
            handlers: 1,
            ..relaxed()
        });
        let port = server.port();
        let mut busy = TcpStream::connect(("127.0.0.1", port)).unwrap();
        busy.write_all(b"GET /glossary/ HTTP/1.1\r\n").unwrap();
        // The connection after it finds the only handler waiting for the rest of that head.
        let refused = exchange(port, b"");
        assert!(refused.starts_with("HTTP/1.1 503 "), "{refused}");
        drop(busy);
        let start = Instant::now();
        while get(port, "/glossary/").0 != 200 {
            assert!(start.elapsed() < PATIENCE, "the handler was not freed");
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    #[test]
    fn keeps_only_plain_names_of_a_path() {
        assert_eq!(relative_path(""), Some(PathBuf::new()));
        assert_eq!(
            relative_path("en/memory-bound/"),
            Some(PathBuf::from("en/memory-bound"))
        );
        assert_eq!(relative_path("a.b/c..d/.e"), Some(PathBuf::from("a.b/c..d/.e")));
        for bad in ["/", "/etc", "a//b", "..", "a/../b", ".", "./a", "a\\b", "a\0b", "a//"] {
            assert_eq!(relative_path(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn decodes_percent_escapes_of_a_request_path() {
        assert_eq!(request_path("/a%20b?q=%zz#x").as_deref(), Some("/a b"));
        assert_eq!(request_path("/%C3%A4%2F%2e").as_deref(), Some("/ä/."));
        for bad in ["/%", "/%4", "/%g0", "/%+1", "/%ff", "relative", "http://localhost/"] {
            assert_eq!(request_path(bad), None, "{bad}");
        }
    }
}
