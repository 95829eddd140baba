//! Reusable parts of the pages.

pub mod calculator;
pub mod charts;
pub mod header;
