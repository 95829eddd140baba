//! The data files this build carries, where it carries them. `build.rs` decides that
//! once and names the decision with the cfg `bundled`: native builds and debug
//! browser builds carry them, the release browser build does not (it fetches them).
//! This is the one place in the app that asks.

use vocab::wire::Bundle;

/// Whether this program can hold data files at all: every build but the release
/// browser build, whose source is fixed when it is compiled, so that its wasm holds
/// no code to look files up in a bundle (0.6 KB gzip).
pub const CAN_CARRY: bool = cfg!(any(bundled, not(target_arch = "wasm32")));

/// The build's own data files.
#[cfg(bundled)]
pub fn bundle() -> Option<&'static Bundle> {
    static BUNDLE: std::sync::OnceLock<Bundle> = std::sync::OnceLock::new();
    Some(BUNDLE.get_or_init(|| {
        vocab::wire::decode(include_bytes!(concat!(env!("OUT_DIR"), "/bundle.bin"))).unwrap_or_default()
    }))
}

/// None: this build fetches its data files.
#[cfg(not(bundled))]
pub fn bundle() -> Option<&'static Bundle> {
    None
}
