//! The pool and the page cache, through Rustango's own APIs: [`rustango::sql::Pool`] sized by
//! [`rustango::sql::configure_pools`], and the Redis backend of `rustango::cache`.

use std::time::Duration;

use rustango::cache::redis_backend::{RedisCache, RedisTimeouts};
use rustango::cache::{Cache, CacheError};
use rustango::sql::{configure_pools, Pool, PoolTuning};

/// How long a request waits for a pooled connection (or for PostgreSQL to accept one) before it is a 503.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(2);

/// Rustango pings a connection idle this long before handing it out; the contract forbids any ping when a
/// connection is taken, so the threshold is set past any run's length.
const NEVER: Duration = Duration::from_secs(100 * 365 * 24 * 3600);

/// The contract's TTL of a cached page (`EX 60`; Rustango sends it as `PX 60000`).
const PAGE_TTL: Duration = Duration::from_secs(60);

/// Installs the settings of every pool this process opens: `max` connections, `min` kept open, no ping on
/// checkout. Rustango keeps them process-wide and the first call wins, so call it once, before [`pool`].
/// Returns `false` when settings were installed already.
pub fn configure(max: u32, min: u32) -> bool {
    let mut tuning = PoolTuning::default();
    tuning.max_connections = Some(max);
    tuning.min_connections = Some(min);
    tuning.acquire_timeout = Some(ACQUIRE_TIMEOUT);
    tuning.test_before_acquire = false;
    tuning.idle_ping_after = Some(NEVER);
    configure_pools(tuning)
}

/// A lazy pool on `database_url`: it connects in the background of the current tokio runtime, which then
/// drives its sockets, and the app starts even while PostgreSQL is down.
pub fn pool(database_url: &str) -> Result<Pool, String> {
    Pool::connect_lazy(database_url).map_err(|e| format!("DATABASE_URL: {e}"))
}

/// The Redis page cache of contract section 4.3 on Rustango's Redis backend: one multiplexed connection
/// that reconnects by itself; a call fails within two seconds while Redis is down or hung.
pub struct PageCache {
    redis: RedisCache,
}

impl PageCache {
    /// Connects now (Rustango's backend has no lazy constructor).
    pub async fn connect(redis_url: &str) -> Result<Self, String> {
        let timeouts = RedisTimeouts::new(Duration::from_secs(1), Duration::from_secs(2));
        let redis = RedisCache::with_timeouts(redis_url, None, timeouts)
            .await
            .map_err(|e| format!("redis: {e}"))?;
        Ok(PageCache { redis })
    }

    /// The cached page at `key`, raw bytes.
    pub async fn get(&self, key: &str) -> Result<Option<Vec<u8>>, CacheError> {
        Ok(self.redis.get_bytes(key).await?.map(|page| page.to_vec()))
    }

    /// Stores `page` at `key` for the contract's 60 s.
    pub async fn put(&self, key: &str, page: &[u8]) -> Result<(), CacheError> {
        self.redis.set_bytes(key, page, Some(PAGE_TTL)).await
    }
}
