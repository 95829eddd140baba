//! The glossary site: a Leptos app over the data generated from `content/`.

pub mod app;
pub mod components;
pub mod data;
pub mod i18n;
pub mod pages;
pub mod urls;

pub use app::App;
