//! One module per route.

pub mod entry;
pub mod home;
pub mod index;
pub mod landing;
pub mod load;
pub mod not_found;
