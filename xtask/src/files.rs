//! `std::fs` with the path in every error, so that a failure names its file
//! (`dist/index.html: No such file or directory`).

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

fn named(path: &Path) -> String {
    path.display().to_string()
}

pub fn read(path: &Path) -> Result<Vec<u8>> {
    std::fs::read(path).with_context(|| named(path))
}

pub fn read_to_string(path: &Path) -> Result<String> {
    std::fs::read_to_string(path).with_context(|| named(path))
}

/// Writes `contents` to `path`, creating its folder first.
pub fn write(path: &Path, contents: impl AsRef<[u8]>) -> Result<()> {
    if let Some(dir) = path.parent() {
        create_dir_all(dir)?;
    }
    std::fs::write(path, contents).with_context(|| named(path))
}

pub fn create_dir_all(path: &Path) -> Result<()> {
    std::fs::create_dir_all(path).with_context(|| named(path))
}

pub fn remove_dir_all(path: &Path) -> Result<()> {
    std::fs::remove_dir_all(path).with_context(|| named(path))
}

pub fn copy(from: &Path, to: &Path) -> Result<()> {
    std::fs::copy(from, to)
        .map(drop)
        .with_context(|| format!("copying {} to {}", from.display(), to.display()))
}

/// The paths in folder `dir`.
pub fn list(dir: &Path) -> Result<Vec<PathBuf>> {
    std::fs::read_dir(dir)
        .and_then(|entries| entries.map(|e| e.map(|e| e.path())).collect())
        .with_context(|| named(dir))
}
