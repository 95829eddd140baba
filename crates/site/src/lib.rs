//! What ships: every page of the site and the files beside them, written from a
//! trunk build of the app and the data files `crates/content` built. The program
//! (`main.rs`) runs after trunk, in the order a page is made:
//!
//! 1. [`assets`]: trunk's output read once (glue, wasm, stylesheet), the glue
//!    minified ([`minify`]);
//! 2. [`pages`]: every route pre-rendered by the app's own view layer (an entry's
//!    static charts in their boxes, drawn by the charts' own code), each page written
//!    by [`document`], whose head carries the [`scripts`] and the policy ([`csp`]) of
//!    what it holds;
//! 3. [`worker`]: the lists of offline reading and the service worker, which names
//!    every other file of the build and so comes last.

pub mod assets;
pub mod csp;
pub mod document;
pub mod minify;
pub mod pages;
pub mod scripts;
pub mod worker;
