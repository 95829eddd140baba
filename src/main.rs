//! The browser entry point: mounts the app and nothing else.

fn main() {
    leptos::mount::mount_to_body(glossary::App);
}
