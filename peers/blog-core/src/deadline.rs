//! The bound on a request's PostgreSQL work (contract section 5), for every peer whatever its ORM.

use std::future::Future;
use std::time::Duration;

use crate::Failure;

/// Most time the PostgreSQL work of one request (acquiring a connection and every query) may take: a hung server
/// (stopped, not closed) gives a 503 within the contract's 5 s bound instead of a request blocked forever.
pub const DB_TIMEOUT: Duration = Duration::from_secs(4);

/// `work` bounded by [`DB_TIMEOUT`]; on timeout the work is dropped (its connection is not reused while busy), the
/// cause goes to stderr and the answer is [`Failure::Unavailable`].
pub async fn bounded<T>(work: impl Future<Output = Result<T, Failure>>) -> Result<T, Failure> {
    match tokio::time::timeout(DB_TIMEOUT, work).await {
        Ok(result) => result,
        Err(_) => {
            eprintln!("postgres: no answer within {} s", DB_TIMEOUT.as_secs());
            Err(Failure::Unavailable)
        }
    }
}
