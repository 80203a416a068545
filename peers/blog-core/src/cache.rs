//! The Redis page cache of contract section 4.3: key `page:GET:<path>`, raw page bytes, `SET ... EX 60`; or, for
//! round 2's finding 5, the page as a JSON response record with its body in base64.

use std::borrow::Cow;
use std::future::Future;
use std::time::Duration;

use base64::Engine;
use redis::aio::{ConnectionManager, ConnectionManagerConfig};
use redis::{AsyncCommands, RedisResult};
use serde::{Deserialize, Serialize};

use crate::{content_type, Failure};

const TTL_SECONDS: u64 = 60;

/// How a page is stored under its key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PageCacheFormat {
    /// The page's bytes as they are (the contract's format, the default).
    Raw,
    /// A JSON object `{"status":200,"content_type":"text/html; charset=utf-8","body":"<base64>"}`, the body in
    /// standard base64 with padding, as a response-caching layer stores a whole response (round 2 measured
    /// Rustango's `CachePageLayer` spending 12-20% of a cache hit on it).
    JsonBase64,
}

/// The stored form of [`PageCacheFormat::JsonBase64`].
#[derive(Serialize, Deserialize)]
struct CachedResponse<'a> {
    status: u16,
    content_type: Cow<'a, str>,
    body: String,
}

impl PageCacheFormat {
    /// The value stored for `page`; borrows it when stored raw.
    pub fn encode<'p>(self, page: &'p [u8]) -> Cow<'p, [u8]> {
        match self {
            PageCacheFormat::Raw => Cow::Borrowed(page),
            PageCacheFormat::JsonBase64 => {
                let record = CachedResponse {
                    status: 200,
                    content_type: Cow::Borrowed(content_type::HTML),
                    body: base64::engine::general_purpose::STANDARD.encode(page),
                };
                Cow::Owned(serde_json::to_vec(&record).expect("a struct of strings serializes"))
            }
        }
    }

    /// The page stored as `value`, or `None` when `value` is not in this format (then it counts as a miss and is
    /// overwritten).
    pub fn decode(self, value: Vec<u8>) -> Option<Vec<u8>> {
        match self {
            PageCacheFormat::Raw => Some(value),
            PageCacheFormat::JsonBase64 => {
                let record: CachedResponse = serde_json::from_slice(&value).ok()?;
                base64::engine::general_purpose::STANDARD
                    .decode(record.body)
                    .ok()
            }
        }
    }
}

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

/// The page stored under `key`, if any (in `format`).
pub async fn get(
    redis: &ConnectionManager,
    key: &str,
    format: PageCacheFormat,
) -> RedisResult<Option<Vec<u8>>> {
    let value: Option<Vec<u8>> = redis.clone().get(key).await?;
    Ok(value.and_then(|v| format.decode(v)))
}

pub async fn put(
    redis: &ConnectionManager,
    key: &str,
    page: &[u8],
    format: PageCacheFormat,
) -> RedisResult<()> {
    redis
        .clone()
        .set_ex(key, format.encode(page).as_ref(), TTL_SECONDS)
        .await
}

/// One GET on a hit; on a miss, `render` (not run otherwise) and one SET before answering. A failed render (a 404,
/// say) caches nothing; a Redis error is a [`Failure::Unavailable`].
pub async fn cached(
    redis: &ConnectionManager,
    key: &str,
    format: PageCacheFormat,
    render: impl Future<Output = Result<Vec<u8>, Failure>>,
) -> Result<Vec<u8>, Failure> {
    if let Some(page) = get(redis, key, format).await? {
        return Ok(page);
    }
    let page = render.await?;
    put(redis, key, &page, format).await?;
    Ok(page)
}

#[cfg(test)]
mod tests {
    use super::PageCacheFormat::{JsonBase64, Raw};

    #[test]
    fn raw_is_the_page_itself() {
        let page = "<p>caf\u{e9}</p>".as_bytes();
        assert_eq!(Raw.encode(page).as_ref(), page);
        assert_eq!(Raw.decode(page.to_vec()), Some(page.to_vec()));
    }

    #[test]
    fn json_base64_round_trips_every_byte() {
        let page: Vec<u8> = (0..=255).collect();
        let stored = JsonBase64.encode(&page).into_owned();
        let json: serde_json::Value = serde_json::from_slice(&stored).unwrap();
        assert_eq!(json["status"], 200);
        assert_eq!(json["content_type"], "text/html; charset=utf-8");
        assert!(json["body"].as_str().unwrap().ends_with('='));
        assert_eq!(JsonBase64.decode(stored), Some(page));
    }

    #[test]
    fn a_value_in_another_format_is_a_miss() {
        assert_eq!(JsonBase64.decode(b"<html></html>".to_vec()), None);
        assert_eq!(
            JsonBase64.decode(br#"{"status":200,"content_type":"x","body":"@@"}"#.to_vec()),
            None
        );
    }
}
