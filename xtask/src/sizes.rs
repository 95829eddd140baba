//! Raw, gzip and brotli sizes of what a first visit transfers.

use std::fmt;
use std::io::Write;
use std::path::Path;

/// One file's sizes.
pub struct FileSize {
    name: String,
    raw: u64,
    gzip: u64,
    brotli: u64,
}

/// The sizes of the bundle.
pub struct Report {
    files: Vec<FileSize>,
    /// Gzip bytes of index.html, the wasm, the JS and the CSS.
    pub first_visit_gzip: u64,
}

fn gzip(bytes: &[u8]) -> u64 {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    let _ = e.write_all(bytes);
    e.finish().map_or(0, |v| v.len() as u64)
}

fn brotli(bytes: &[u8]) -> u64 {
    let mut out = Vec::new();
    let params = brotli::enc::BrotliEncoderParams {
        quality: 11,
        ..Default::default()
    };
    let _ = brotli::BrotliCompress(&mut &bytes[..], &mut out, &params);
    out.len() as u64
}

/// Measures the first-visit files of `dist`.
pub fn measure(dist: &Path) -> Result<Report, String> {
    let mut files = Vec::new();
    let entries = std::fs::read_dir(dist).map_err(|e| format!("{}: {e}", dist.display()))?;
    let mut names: Vec<String> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    for name in names {
        let first_visit = name == "index.html" || [".wasm", ".js", ".css"].iter().any(|ext| name.ends_with(ext));
        if !first_visit {
            continue;
        }
        let bytes = std::fs::read(dist.join(&name)).map_err(|e| e.to_string())?;
        files.push(FileSize {
            raw: bytes.len() as u64,
            gzip: gzip(&bytes),
            brotli: brotli(&bytes),
            name,
        });
    }
    if !files.iter().any(|f| f.name.ends_with(".wasm")) {
        return Err("dist/ has no .wasm file".into());
    }
    let first_visit_gzip = files.iter().map(|f| f.gzip).sum();
    Ok(Report {
        files,
        first_visit_gzip,
    })
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{:<40} {:>10} {:>10} {:>10}", "first visit", "raw", "gzip", "brotli")?;
        for file in &self.files {
            writeln!(
                f,
                "{:<40} {:>10} {:>10} {:>10}",
                file.name, file.raw, file.gzip, file.brotli
            )?;
        }
        let (raw, brotli): (u64, u64) = (
            self.files.iter().map(|x| x.raw).sum(),
            self.files.iter().map(|x| x.brotli).sum(),
        );
        write!(
            f,
            "{:<40} {raw:>10} {:>10} {brotli:>10}",
            "total", self.first_visit_gzip
        )
    }
}
