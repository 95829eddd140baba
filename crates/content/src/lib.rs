//! The glossary's content model: entry files (YAML frontmatter + Markdown) and
//! preset files, parsed, validated with `path:line:column` diagnostics, rendered to
//! sanitised HTML with MathML and live values, and written as the
//! site's data files. No web dependency; no panic on any input.

#![forbid(unsafe_code)]

pub mod block;
pub mod diagnostic;
pub mod figures;
pub mod files;
pub mod frontmatter;
pub mod limits;
pub mod llms;
pub mod markdown;
pub mod pipeline;
pub mod presets;
pub mod prose;
pub mod sanitize;
pub mod site;
mod yaml;

pub use diagnostic::{Diagnostic, Severity};
pub use pipeline::{build, build_presets, Bundle, Report};
pub use site::{load, Site};
