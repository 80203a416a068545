//! What the two Rustango peers (`rustango-axum`, `rustango-actix`) share: the models, the pages' querysets on one
//! pooled connection, the pool and the page cache.

mod blog;
pub mod models;
pub mod pages;
pub mod store;
pub use blog::Blog;
