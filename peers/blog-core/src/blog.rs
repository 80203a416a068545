use redis::aio::ConnectionManager;
use sqlx::PgPool;

use crate::cache::{cached, PageCacheFormat};
use crate::db::{ConnectionScope, Queries};
use crate::deadline::bounded;
use crate::pages::{PageResult, Pages};
use crate::render::Templates;
use crate::{cache, db, is_valid_slug, Config, Failure};

/// The page routes ([`Pages`]) on sqlx and redis-rs: a pool and a Redis connection per request. Thread-safe; build
/// one per process.
pub struct Blog {
    templates: Templates,
    connection_per: ConnectionScope,
    page_cache: PageCacheFormat,
}

/// The page of `$query` (a `db` function), run on one connection taken for the whole page or on the pool (a
/// connection per query), as `$scope` says; the page's bytes unchanged either way.
macro_rules! on_connections {
    ($scope:expr, $pool:expr, $query:path $(, $arg:expr)*) => {
        match $scope {
            ConnectionScope::Page => {
                $query(Queries::Connection(&mut *$pool.acquire().await?), $($arg),*).await?
            }
            ConnectionScope::Query => $query(Queries::Pool($pool), $($arg),*).await?,
        }
    };
}

impl Blog {
    /// The routes as the contract has them: one connection per page, pages cached as raw bytes.
    pub fn new() -> Self {
        crate::phash::init();
        Blog {
            templates: Templates::new(),
            connection_per: ConnectionScope::Page,
            page_cache: PageCacheFormat::Raw,
        }
    }

    /// The routes with `config`'s connection scope and page cache format (round 2's findings 3 and 5).
    pub fn configured(config: &Config) -> Self {
        Blog {
            connection_per: config.connection_per,
            page_cache: config.page_cache,
            ..Blog::new()
        }
    }
}

impl Pages for Blog {
    type Db = PgPool;
    type Cache = ConnectionManager;

    /// `GET /`. By default every route takes one connection for all its queries and gives it back before
    /// rendering; with [`ConnectionScope::Query`] each query takes its own.
    async fn index(&self, db: &PgPool) -> PageResult {
        let page = bounded(async {
            Ok::<_, Failure>(on_connections!(self.connection_per, db, db::index))
        })
        .await?;
        Ok(self.templates.index(&page).into_bytes())
    }

    /// `GET /post/{slug}`.
    async fn post(&self, db: &PgPool, slug: &str) -> PageResult {
        if !is_valid_slug(slug) {
            return Err(Failure::NotFound);
        }
        let page = bounded(async {
            Ok::<_, Failure>(on_connections!(self.connection_per, db, db::post, slug))
        })
        .await?
        .ok_or(Failure::NotFound)?;
        Ok(self.templates.post(&page).into_bytes())
    }

    /// `GET /tag/{slug}`.
    async fn tag(&self, db: &PgPool, slug: &str) -> PageResult {
        if !is_valid_slug(slug) {
            return Err(Failure::NotFound);
        }
        let page = bounded(async {
            Ok::<_, Failure>(on_connections!(self.connection_per, db, db::tag, slug))
        })
        .await?
        .ok_or(Failure::NotFound)?;
        Ok(self.templates.tag(&page).into_bytes())
    }

    /// `GET /cached`.
    async fn index_cached(&self, db: &PgPool, redis: &ConnectionManager) -> PageResult {
        cached(
            redis,
            &cache::key("/cached"),
            self.page_cache,
            self.index(db),
        )
        .await
    }

    /// `GET /post/{slug}/cached`. A bad slug is a 404 without asking Redis.
    async fn post_cached(
        &self,
        db: &PgPool,
        redis: &ConnectionManager,
        slug: &str,
    ) -> PageResult {
        if !is_valid_slug(slug) {
            return Err(Failure::NotFound);
        }
        cached(
            redis,
            &cache::key(&format!("/post/{slug}/cached")),
            self.page_cache,
            self.post(db, slug),
        )
        .await
    }
}

impl Default for Blog {
    fn default() -> Self {
        Self::new()
    }
}
