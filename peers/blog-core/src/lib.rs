//! Everything the Rust peers share, so that they differ only in their HTTP framework, their ORM and how they own
//! their connections. The contract is `docs/workload.md`. The page routes are one [`Pages`] trait, implemented by
//! each ORM's blog (sqlx's [`Blog`] here, Rustango's in rustango-core) and routed once per framework
//! ([`axum_routes`], [`actix_routes`]); [`serve`] is the hyper connection loop of the peers that drive hyper
//! themselves. Each of those three is behind the cargo feature of its name (`axum`, `actix`, `serve`), so that a
//! peer compiles only the framework it runs on.

#[cfg(feature = "actix")]
pub mod actix_routes;
#[cfg(feature = "axum")]
pub mod axum_routes;
#[cfg(feature = "stack")]
pub mod cache;
pub mod compute;
#[cfg(feature = "stack")]
pub mod config;
#[cfg(feature = "sqlx")]
pub mod db;
#[cfg(feature = "stack")]
pub mod deadline;
pub mod failure;
pub mod model;
pub mod pages;
pub mod phash;
pub mod render;
#[cfg(feature = "serve")]
pub mod serve;
pub mod sql;

#[cfg(feature = "sqlx")]
mod blog;

#[cfg(feature = "sqlx")]
pub use blog::Blog;
#[cfg(feature = "stack")]
pub use config::Config;
pub use failure::Failure;
pub use pages::Pages;

/// The `Content-Type` values of the contract, exactly.
pub mod content_type {
    pub const HTML: &str = "text/html; charset=utf-8";
    pub const TEXT: &str = "text/plain; charset=utf-8";
    pub const JSON: &str = "application/json";
}

/// Largest `POST /phash` body the apps read; a longer one is a 413.
pub const MAX_BODY_BYTES: usize = 65_536;

/// Contract §5.1: the stall bound of a request head (then the connection is closed) or of a `/phash` body (then a 400).
pub const STALL: std::time::Duration = std::time::Duration::from_secs(2);

/// Contract §5.1: a request head (request line and headers) over this many bytes is refused with a 431.
pub const MAX_HEAD_BYTES: usize = 16 * 1024;

/// Body of `GET /hello`.
pub const HELLO: &str = "Hello, World!";

/// Longest slug looked up; the Java apps use the same bound.
const MAX_SLUG_LEN: usize = 200;

/// The slug rule of the contract, `[a-z0-9-]+` (at most 200 bytes): anything else is a 404 without a query.
pub fn is_valid_slug(slug: &str) -> bool {
    (1..=MAX_SLUG_LEN).contains(&slug.len())
        && slug
            .bytes()
            .all(|b| matches!(b, b'a'..=b'z' | b'0'..=b'9' | b'-'))
}

#[cfg(test)]
mod tests {
    use super::is_valid_slug;

    #[test]
    fn slug_rule() {
        for ok in ["a", "lock-thread-slow-976", "0-9", "-"] {
            assert!(is_valid_slug(ok), "{ok:?}");
        }
        for bad in [
            "",
            "A",
            "a b",
            "a/b",
            "a\0",
            "x' OR '1'='1",
            "../etc",
            "sl%41g",
            "café",
            "a_b",
            "a\n",
            "a".repeat(201).as_str(),
        ] {
            assert!(!is_valid_slug(bad), "{bad:?}");
        }
    }
}
