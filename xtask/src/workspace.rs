//! Where the workspace is, and Cargo's home.

use std::env;
use std::path::{Path, PathBuf};

/// The workspace this command works on, found at run time from the current folder
/// (`cargo xtask` runs where it is called). A path fixed at compile time would point
/// at another checkout when two share a target folder.
pub fn root() -> PathBuf {
    static ROOT: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    ROOT.get_or_init(|| {
        let here = env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
        workspace_of(&here).unwrap_or(here)
    })
    .clone()
}

/// Cargo's home folder: `$CARGO_HOME`, else `~/.cargo`.
pub fn cargo_home() -> PathBuf {
    env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env::var_os("HOME").unwrap_or_else(|| "/root".into())).join(".cargo"))
}

/// The nearest folder at or above `start` that holds this workspace: a `Cargo.toml`
/// with `[workspace]` beside an `xtask/` folder.
fn workspace_of(start: &Path) -> Option<PathBuf> {
    start.ancestors().find_map(|dir| {
        let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).ok()?;
        let is_workspace = manifest.lines().any(|l| l.trim() == "[workspace]");
        (is_workspace && dir.join("xtask/Cargo.toml").is_file()).then(|| dir.to_path_buf())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_workspace_is_found_from_any_folder_inside_it() {
        let dir = env::temp_dir().join(format!("xtask-root-{}", std::process::id()));
        let nested = dir.join("crates/content/src");
        std::fs::create_dir_all(&nested).unwrap();
        std::fs::create_dir_all(dir.join("xtask")).unwrap();
        std::fs::write(dir.join("Cargo.toml"), "[workspace]\nmembers = [\"xtask\"]\n").unwrap();
        std::fs::write(dir.join("xtask/Cargo.toml"), "[package]\nname = \"xtask\"\n").unwrap();
        // A member's own manifest is not the workspace.
        std::fs::write(dir.join("crates/content/Cargo.toml"), "[package]\nname = \"content\"\n").unwrap();
        assert_eq!(workspace_of(&nested).as_deref(), Some(dir.as_path()));
        assert_eq!(workspace_of(&dir).as_deref(), Some(dir.as_path()));
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(workspace_of(&dir.join("gone")), None);
    }
}
