//! The error answers of contract section 5, exactly. Each app turns a [`Failure`] into its framework's response.

use std::fmt;

use crate::content_type::{JSON, TEXT};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    /// Unknown slug, bad slug or unknown path.
    NotFound,
    /// A known path with another method.
    MethodNotAllowed,
    /// A `/phash` body that is not 4 096 bytes long.
    BadImageSize,
    /// A `/phash` body over [`crate::MAX_BODY_BYTES`].
    BodyTooLarge,
    /// PostgreSQL or Redis unreachable or failing.
    Unavailable,
}

impl Failure {
    pub fn status(self) -> u16 {
        match self {
            Failure::NotFound => 404,
            Failure::MethodNotAllowed => 405,
            Failure::BadImageSize => 400,
            Failure::BodyTooLarge => 413,
            Failure::Unavailable => 503,
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            Failure::BadImageSize | Failure::BodyTooLarge => JSON,
            _ => TEXT,
        }
    }

    pub fn body(self) -> &'static str {
        match self {
            Failure::NotFound => "Not Found",
            Failure::MethodNotAllowed => "Method Not Allowed",
            Failure::BadImageSize => r#"{"error":"body must be exactly 4096 bytes"}"#,
            Failure::BodyTooLarge => r#"{"error":"body larger than 65536 bytes"}"#,
            Failure::Unavailable => "Service Unavailable",
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.status(), self.body())
    }
}

impl std::error::Error for Failure {}

/// The cause goes to stderr; the client only ever sees the contract's body.
#[cfg(feature = "sqlx")]
impl From<sqlx::Error> for Failure {
    fn from(e: sqlx::Error) -> Self {
        eprintln!("postgres: {e}");
        Failure::Unavailable
    }
}

#[cfg(feature = "stack")]
impl From<redis::RedisError> for Failure {
    fn from(e: redis::RedisError) -> Self {
        eprintln!("redis: {e}");
        Failure::Unavailable
    }
}
