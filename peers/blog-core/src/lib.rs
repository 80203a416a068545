//! Everything the two Rust peers (`axum-sqlx`, `actix-sqlx`) share, so that they differ only in their HTTP
//! framework and in how they own their connections. The contract is `docs/workload.md`.

#[cfg(feature = "stack")]
pub mod cache;
pub mod compute;
#[cfg(feature = "stack")]
pub mod config;
#[cfg(feature = "sqlx")]
pub mod db;
pub mod failure;
pub mod model;
pub mod phash;
pub mod render;
pub mod sql;

#[cfg(feature = "sqlx")]
mod blog;

#[cfg(feature = "sqlx")]
pub use blog::Blog;
#[cfg(feature = "stack")]
pub use config::Config;
pub use failure::Failure;

/// The `Content-Type` values of the contract, exactly.
pub mod content_type {
    pub const HTML: &str = "text/html; charset=utf-8";
    pub const TEXT: &str = "text/plain; charset=utf-8";
    pub const JSON: &str = "application/json";
}

/// Largest `POST /phash` body the apps read; a longer one is a 413.
pub const MAX_BODY_BYTES: usize = 65_536;

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
