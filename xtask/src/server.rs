//! A static file server that answers like GitHub Pages: a file as is, a folder's
//! `index.html`, `name.html` for `name`, and anything else `404.html` with status 404.
//! Only on loopback, for the browser tests and local checks.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

/// A running server; dropping it stops it.
pub struct Server {
    port: u16,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Server {
    /// Starts serving `dir` under `base` on a free loopback port.
    pub fn start(dir: &Path, base: &str) -> Result<Server, String> {
        let listener = TcpListener::bind("127.0.0.1:0").map_err(|e| format!("cannot listen on loopback: {e}"))?;
        let port = listener.local_addr().map_err(|e| e.to_string())?.port();
        listener.set_nonblocking(true).map_err(|e| e.to_string())?;
        let stop = Arc::new(AtomicBool::new(false));
        let (dir, base, flag) = (dir.to_path_buf(), base.to_string(), stop.clone());
        let thread = std::thread::spawn(move || {
            while !flag.load(Ordering::Relaxed) {
                match listener.accept() {
                    Ok((stream, _)) => {
                        let (dir, base) = (dir.clone(), base.clone());
                        std::thread::spawn(move || handle(stream, &dir, &base));
                    }
                    Err(_) => std::thread::sleep(std::time::Duration::from_millis(5)),
                }
            }
        });
        Ok(Server {
            port,
            stop,
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
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Serves until the process is stopped.
pub fn serve_forever(dir: &Path, base: &str, port: u16) -> Result<(), String> {
    let listener = TcpListener::bind(("127.0.0.1", port)).map_err(|e| format!("cannot listen on port {port}: {e}"))?;
    eprintln!(
        "xtask: serving {} at http://127.0.0.1:{port}{base} (Ctrl-C stops)",
        dir.display()
    );
    for stream in listener.incoming().flatten() {
        let (dir, base) = (dir.to_path_buf(), base.to_string());
        std::thread::spawn(move || handle(stream, &dir, &base));
    }
    Ok(())
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "wasm" => "application/wasm",
        "svg" => "image/svg+xml",
        "json" | "webmanifest" => "application/json",
        "xml" => "application/xml",
        "txt" => "text/plain; charset=utf-8",
        "png" => "image/png",
        _ => "application/octet-stream",
    }
}

/// The file for a request path, as GitHub Pages resolves it.
pub fn resolve(dir: &Path, base: &str, path: &str) -> Option<PathBuf> {
    let path = path.split(['?', '#']).next().unwrap_or("");
    let rest = path
        .strip_prefix(base)
        .or_else(|| (path == base.trim_end_matches('/')).then_some(""))?;
    if rest.split('/').any(|seg| seg == "..") {
        return None;
    }
    let candidate = dir.join(rest);
    if candidate.is_file() {
        return Some(candidate);
    }
    if candidate.is_dir() && candidate.join("index.html").is_file() {
        return Some(candidate.join("index.html"));
    }
    let html = dir.join(format!("{}.html", rest.trim_end_matches('/')));
    html.is_file().then_some(html)
}

fn handle(mut stream: TcpStream, dir: &Path, base: &str) {
    let _ = stream.set_nonblocking(false);
    let mut reader = BufReader::new(match stream.try_clone() {
        Ok(s) => s,
        Err(_) => return,
    });
    let mut request = String::new();
    if reader.read_line(&mut request).is_err() {
        return;
    }
    // Drain the headers.
    let mut line = String::new();
    while reader.read_line(&mut line).is_ok_and(|n| n > 2) {
        line.clear();
    }
    let raw = request.split_whitespace().nth(1).unwrap_or("/");
    let (status, file) = match resolve(dir, base, raw) {
        Some(f) => ("200 OK", f),
        None => ("404 Not Found", dir.join("404.html")),
    };
    let body = std::fs::read(&file).unwrap_or_default();
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n",
        content_type(&file),
        body.len()
    );
    let _ = stream.write_all(head.as_bytes());
    if !request.starts_with("HEAD") {
        let _ = stream.write_all(&body);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_like_github_pages() {
        let dir = std::env::temp_dir().join(format!("xtask-server-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("en/memory-bound")).unwrap();
        std::fs::write(dir.join("index.html"), "root").unwrap();
        std::fs::write(dir.join("en/memory-bound/index.html"), "entry").unwrap();
        std::fs::write(dir.join("app.js"), "js").unwrap();
        let base = "/glossary/";
        assert_eq!(resolve(&dir, base, "/glossary/"), Some(dir.join("index.html")));
        assert_eq!(resolve(&dir, base, "/glossary"), Some(dir.join("index.html")));
        assert_eq!(resolve(&dir, base, "/glossary/app.js?x=1"), Some(dir.join("app.js")));
        assert_eq!(
            resolve(&dir, base, "/glossary/en/memory-bound"),
            Some(dir.join("en/memory-bound/index.html"))
        );
        assert_eq!(resolve(&dir, base, "/glossary/en/nothing"), None);
        assert_eq!(resolve(&dir, base, "/app.js"), None, "outside the base path");
        assert_eq!(resolve(&dir, base, "/glossary/../secret"), None);
        std::fs::remove_dir_all(dir).unwrap();
    }
}
