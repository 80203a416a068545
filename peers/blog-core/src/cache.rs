//! The Redis page cache of contract section 4.3: key `page:GET:<path>`, raw page bytes, `SET ... EX 60`.

use std::time::Duration;

use redis::aio::{ConnectionManager, ConnectionManagerConfig};
use redis::{AsyncCommands, RedisResult};

const TTL_SECONDS: u64 = 60;

/// A multiplexed connection that all requests share and that reconnects by itself after Redis comes back.
/// Lazy: it connects on first use, on the current tokio runtime. While Redis is down a request fails within
/// about two seconds (two quick reconnect attempts) instead of waiting through the crate's default retries.
pub fn connect(client: redis::Client) -> RedisResult<ConnectionManager> {
    let config = ConnectionManagerConfig::new()
        .set_number_of_retries(2)
        .set_max_delay(Duration::from_millis(200))
        .set_connection_timeout(Some(Duration::from_secs(1)))
        .set_response_timeout(Some(Duration::from_secs(2)));
    ConnectionManager::new_lazy_with_config(client, config)
}

/// The key of a cached GET page.
pub fn key(path: &str) -> String {
    format!("page:GET:{path}")
}

pub async fn get(redis: &ConnectionManager, key: &str) -> RedisResult<Option<Vec<u8>>> {
    redis.clone().get(key).await
}

pub async fn put(redis: &ConnectionManager, key: &str, page: &[u8]) -> RedisResult<()> {
    redis.clone().set_ex(key, page, TTL_SECONDS).await
}
