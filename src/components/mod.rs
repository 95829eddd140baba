//! Reusable parts of the pages.

pub mod calculator;
pub mod canvas;
pub mod head;
pub mod header;
pub mod preview;
pub mod search;
pub mod theme;
