//! The environment of contract section 1, and the settings that round 2's findings vary (each defaults to the
//! contract's behaviour; `apps.toml` declares the variants that set them).

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::str::FromStr;

#[cfg(feature = "sqlx")]
use sqlx::postgres::PgConnectOptions;

use crate::cache::PageCacheFormat;

/// How many pooled connections a page takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConnectionScope {
    /// One for all the page's queries, taken before the first and given back after the last (the default): one
    /// return round trip per page.
    Page,
    /// One per query, taken from the pool and given back around each (round 2, findings 3 and 5): one return
    /// round trip, and the ping when it is on, per query.
    Query,
}

/// How a stack that runs one runtime per worker (actix-web) owns its connections. A stack with one shared
/// runtime (axum) has one pool and one Redis connection whatever this says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WorkerPools {
    /// Each worker its own [`Config::pool_slice`] and its own Redis connection (the default).
    Slice,
    /// One pool of `POOL_MAX` and one Redis connection, shared by all workers (round 2, finding 6).
    Shared,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// The address to listen on, and only there (`HOST`, an IP literal; default 127.0.0.1).
    pub host: IpAddr,
    pub port: u16,
    pub database_url: String,
    pub redis_url: String,
    /// Most PostgreSQL connections the whole app may hold.
    pub pool_max: u32,
    /// Connections kept open when idle.
    pub pool_min: u32,
    /// CPU cores the app is pinned to: worker threads or workers.
    pub workers: usize,
    /// `POOL_TEST_BEFORE_ACQUIRE=true`: sqlx pings each connection it lends (round 2, finding 3). Default false,
    /// as the contract wants.
    pub test_before_acquire: bool,
    /// `POOL_CONNECTION_PER=page` (default) or `query`: one pooled connection for all of a page's queries, or one
    /// per query (round 2, findings 3 and 5).
    pub connection_per: ConnectionScope,
    /// `PAGE_CACHE_FORMAT=raw` (default, the contract's) or `json-base64` (round 2, finding 5).
    pub page_cache: PageCacheFormat,
    /// `WORKER_POOLS=slice` (default) or `shared` (round 2, finding 6).
    pub worker_pools: WorkerPools,
}

impl Config {
    /// Reads `HOST` (an IP literal, default 127.0.0.1), `PORT` (default 8080), `DATABASE_URL`, `REDIS_URL`, `POOL_MAX` (16), `POOL_MIN` (4) and
    /// `WORKERS` (the available cores), as the Java apps do, and the settings of the findings (see the fields).
    /// A value that is not one of a setting's is an error naming the variable and what it may be.
    pub fn from_env() -> Result<Self, String> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    pub fn from_lookup(var: impl Fn(&str) -> Option<String>) -> Result<Self, String> {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let config = Config {
            host: address(&var, "HOST", IpAddr::V4(Ipv4Addr::LOCALHOST))?,
            port: number(&var, "PORT", 8080)?,
            database_url: required(&var, "DATABASE_URL")?,
            redis_url: required(&var, "REDIS_URL")?,
            pool_max: number(&var, "POOL_MAX", 16)?,
            pool_min: number(&var, "POOL_MIN", 4)?,
            workers: number(&var, "WORKERS", cores)?,
            test_before_acquire: choice(
                &var,
                "POOL_TEST_BEFORE_ACQUIRE",
                &[("false", false), ("true", true)],
            )?,
            connection_per: choice(
                &var,
                "POOL_CONNECTION_PER",
                &[
                    ("page", ConnectionScope::Page),
                    ("query", ConnectionScope::Query),
                ],
            )?,
            page_cache: choice(
                &var,
                "PAGE_CACHE_FORMAT",
                &[
                    ("raw", PageCacheFormat::Raw),
                    ("json-base64", PageCacheFormat::JsonBase64),
                ],
            )?,
            worker_pools: choice(
                &var,
                "WORKER_POOLS",
                &[
                    ("slice", WorkerPools::Slice),
                    ("shared", WorkerPools::Shared),
                ],
            )?,
        };
        if config.pool_max < 1 || config.pool_min > config.pool_max {
            return Err(format!(
                "need 0 <= POOL_MIN <= POOL_MAX, 1 <= POOL_MAX; got {}, {}",
                config.pool_min, config.pool_max
            ));
        }
        if config.workers < 1 {
            return Err("WORKERS must be at least 1".into());
        }
        Ok(config)
    }

    /// `HOST:PORT`, where the app listens.
    pub fn listen_addr(&self) -> SocketAddr {
        SocketAddr::new(self.host, self.port)
    }

    #[cfg(feature = "sqlx")]
    pub fn postgres(&self) -> Result<PgConnectOptions, String> {
        PgConnectOptions::from_str(&self.database_url).map_err(|e| format!("DATABASE_URL: {e}"))
    }

    pub fn redis(&self) -> Result<redis::Client, String> {
        redis::Client::open(self.redis_url.as_str()).map_err(|e| format!("REDIS_URL: {e}"))
    }

    /// One worker's share of the pool, for stacks that run one pool per worker: `(max, min)`, with at least
    /// one connection per worker, so that the slices add up to at most `POOL_MAX` whenever `WORKERS <= POOL_MAX`.
    pub fn pool_slice(&self) -> (u32, u32) {
        let workers = u32::try_from(self.workers).unwrap_or(u32::MAX);
        ((self.pool_max / workers).max(1), self.pool_min / workers)
    }
}

fn required(var: &impl Fn(&str) -> Option<String>, name: &str) -> Result<String, String> {
    var(name)
        .filter(|v| !v.trim().is_empty())
        .ok_or_else(|| format!("{name} is not set"))
}

fn number<T: FromStr>(
    var: &impl Fn(&str) -> Option<String>,
    name: &str,
    default: T,
) -> Result<T, String> {
    match var(name).filter(|v| !v.trim().is_empty()) {
        None => Ok(default),
        Some(v) => v
            .trim()
            .parse()
            .map_err(|_| format!("{name} is not a valid number: {v}")),
    }
}

fn address(
    var: &impl Fn(&str) -> Option<String>,
    name: &str,
    default: IpAddr,
) -> Result<IpAddr, String> {
    match var(name).filter(|v| !v.trim().is_empty()) {
        None => Ok(default),
        Some(v) => v
            .trim()
            .parse()
            .map_err(|_| format!("{name} must be an IP address such as 127.0.0.1, got {v}")),
    }
}

/// The value of `name` among `choices` (the first is the default, for an unset or empty variable).
fn choice<T: Copy>(
    var: &impl Fn(&str) -> Option<String>,
    name: &str,
    choices: &[(&str, T)],
) -> Result<T, String> {
    let Some(given) = var(name).filter(|v| !v.trim().is_empty()) else {
        return Ok(choices[0].1);
    };
    choices
        .iter()
        .find(|(text, _)| *text == given.trim())
        .map(|(_, value)| *value)
        .ok_or_else(|| {
            let names: Vec<&str> = choices.iter().map(|(text, _)| *text).collect();
            format!("{name} must be one of {}; got {given}", names.join(", "))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(vars: &[(&str, &str)]) -> Result<Config, String> {
        Config::from_lookup(|name| {
            vars.iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| v.to_string())
        })
    }

    const URLS: [(&str, &str); 2] = [
        (
            "DATABASE_URL",
            "postgresql://fairbench@127.0.0.1:15432/fairbench",
        ),
        ("REDIS_URL", "redis://127.0.0.1:16379"),
    ];

    #[test]
    fn reads_every_variable() {
        let c = config(&[
            URLS[0],
            URLS[1],
            ("HOST", "10.77.0.2"),
            ("PORT", "18081"),
            ("POOL_MAX", "16"),
            ("POOL_MIN", "4"),
            ("WORKERS", "2"),
        ])
        .unwrap();
        assert_eq!(
            (c.port, c.pool_max, c.pool_min, c.workers),
            (18081, 16, 4, 2)
        );
        assert_eq!(c.pool_slice(), (8, 2));
        assert_eq!(c.listen_addr().to_string(), "10.77.0.2:18081");
        #[cfg(feature = "sqlx")]
        assert!(c.postgres().is_ok());
        assert!(c.redis().is_ok());
    }

    #[test]
    fn defaults_and_errors() {
        let c = config(&URLS).unwrap();
        assert_eq!((c.port, c.pool_max, c.pool_min), (8080, 16, 4));
        assert_eq!(c.listen_addr().to_string(), "127.0.0.1:8080");
        assert!(config(&[URLS[0], URLS[1], ("HOST", "localhost")])
            .unwrap_err()
            .starts_with("HOST"));
        assert!(config(&[URLS[0]]).unwrap_err().contains("REDIS_URL"));
        assert!(config(&[URLS[0], URLS[1], ("PORT", "x")])
            .unwrap_err()
            .contains("PORT"));
        assert!(config(&[URLS[0], URLS[1], ("POOL_MIN", "20")]).is_err());
        assert!(config(&[URLS[0], URLS[1], ("WORKERS", "0")]).is_err());
    }

    /// Unset, each setting of a finding is the contract's behaviour; set, it takes exactly its named values.
    #[test]
    fn settings_of_the_findings() {
        let c = config(&URLS).unwrap();
        assert_eq!(
            (
                c.test_before_acquire,
                c.connection_per,
                c.page_cache,
                c.worker_pools
            ),
            (
                false,
                ConnectionScope::Page,
                PageCacheFormat::Raw,
                WorkerPools::Slice
            )
        );
        let c = config(&[
            URLS[0],
            URLS[1],
            ("POOL_TEST_BEFORE_ACQUIRE", "true"),
            ("POOL_CONNECTION_PER", "query"),
            ("PAGE_CACHE_FORMAT", "json-base64"),
            ("WORKER_POOLS", " shared "),
        ])
        .unwrap();
        assert_eq!(
            (
                c.test_before_acquire,
                c.connection_per,
                c.page_cache,
                c.worker_pools
            ),
            (
                true,
                ConnectionScope::Query,
                PageCacheFormat::JsonBase64,
                WorkerPools::Shared
            )
        );
        for (name, bad) in [
            ("POOL_TEST_BEFORE_ACQUIRE", "1"),
            ("POOL_CONNECTION_PER", "request"),
            ("PAGE_CACHE_FORMAT", "json"),
            ("WORKER_POOLS", "Shared"),
        ] {
            let e = config(&[URLS[0], URLS[1], (name, bad)]).unwrap_err();
            assert!(e.starts_with(name) && e.ends_with(bad), "{e}");
        }
    }

    /// The runner hands out URLs with generated passwords, and for an external PostgreSQL libpq's
    /// `options=-c search_path=fairbench` (README, Services): both clients must take them as they are.
    #[test]
    fn urls_with_passwords_and_search_path() {
        let c = config(&[
            (
                "DATABASE_URL",
                "postgresql://fairbench_app:0123abcd@127.0.0.1:15432/fairbench?options=-c%20search_path%3Dfairbench",
            ),
            ("REDIS_URL", "redis://:89abcdef@127.0.0.1:16379"),
        ])
        .unwrap();
        #[cfg(feature = "sqlx")]
        {
            let pg = c.postgres().unwrap();
            assert_eq!(pg.get_username(), "fairbench_app");
            assert_eq!(pg.get_database(), Some("fairbench"));
            assert_eq!(pg.get_options(), Some("-c search_path=fairbench"));
        }
        let redis = c.redis().unwrap();
        let settings = redis.get_connection_info().redis_settings();
        assert_eq!(settings.password(), Some("89abcdef"));
        assert_eq!(settings.username(), None);
    }

    #[test]
    fn pool_slices() {
        let slice = |max, min, workers| {
            Config {
                pool_max: max,
                pool_min: min,
                workers,
                ..config(&URLS).unwrap()
            }
            .pool_slice()
        };
        assert_eq!(slice(16, 4, 1), (16, 4));
        assert_eq!(slice(16, 4, 3), (5, 1));
        assert_eq!(slice(16, 4, 8), (2, 0));
        assert_eq!(slice(2, 0, 4), (1, 0));
    }
}
