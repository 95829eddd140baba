//! The browser entry point: mounts the app and nothing else.

fn main() {
    glossary::mount();
}
