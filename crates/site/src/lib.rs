//! What ships: every page of the site and the files beside them, written from a
//! trunk build of the app and the data files `crates/content` built. The program
//! (`main.rs`) runs after trunk, in the order a page is made:
//!
//! 1. [`assets`]: trunk's output read once (glue, wasm, stylesheet), the glue
//!    minified ([`minify`]);
//! 2. [`pages`]: every route pre-rendered by the app's own views, the static charts
//!    put in ([`charts`]), each page written by [`document`], whose head carries the
//!    [`scripts`] and the policy ([`csp`]) of what it holds;
//! 3. [`worker`]: the lists of offline reading and the service worker, which names
//!    every other file of the build and so comes last.

// The calculator view is one deeply nested type when rendered to HTML natively.
#![recursion_limit = "256"]

pub mod assets;
pub mod charts;
pub mod csp;
pub mod document;
pub mod minify;
pub mod pages;
pub mod scripts;
pub mod worker;
