use std::future::Future;
use std::time::Duration;

use redis::aio::ConnectionManager;
use sqlx::PgPool;

use crate::render::Templates;
use crate::{cache, db, is_valid_slug, Failure};

/// The page routes, independent of the HTTP framework: each takes the pool (and Redis) it should use and
/// answers the page's bytes or the [`Failure`] to send. Thread-safe; build one per process.
pub struct Blog {
    templates: Templates,
}

/// Most time the PostgreSQL work of one request (acquiring a connection and every query) may take: a hung server
/// (stopped, not closed) gives a 503 within the contract's 5 s bound (section 5) instead of a request blocked forever.
pub const DB_TIMEOUT: Duration = Duration::from_secs(4);

/// `work` bounded by [`DB_TIMEOUT`]; on timeout the work is dropped (its connection is not reused while busy).
async fn bounded<T>(work: impl Future<Output = Result<T, Failure>>) -> Result<T, Failure> {
    match tokio::time::timeout(DB_TIMEOUT, work).await {
        Ok(result) => result,
        Err(_) => {
            eprintln!("postgres: no answer within {} s", DB_TIMEOUT.as_secs());
            Err(Failure::Unavailable)
        }
    }
}

impl Blog {
    pub fn new() -> Self {
        crate::phash::init();
        Blog {
            templates: Templates::new(),
        }
    }

    /// `GET /`. Every route takes one connection for all its queries and gives it back before rendering.
    pub async fn index(&self, db: &PgPool) -> Result<Vec<u8>, Failure> {
        let page = bounded(async { Ok::<_, Failure>(db::index(&mut *db.acquire().await?).await?) })
            .await?;
        Ok(self.templates.index(&page).into_bytes())
    }

    /// `GET /post/{slug}`.
    pub async fn post(&self, db: &PgPool, slug: &str) -> Result<Vec<u8>, Failure> {
        if !is_valid_slug(slug) {
            return Err(Failure::NotFound);
        }
        let page =
            bounded(async { Ok::<_, Failure>(db::post(&mut *db.acquire().await?, slug).await?) })
                .await?
                .ok_or(Failure::NotFound)?;
        Ok(self.templates.post(&page).into_bytes())
    }

    /// `GET /tag/{slug}`.
    pub async fn tag(&self, db: &PgPool, slug: &str) -> Result<Vec<u8>, Failure> {
        if !is_valid_slug(slug) {
            return Err(Failure::NotFound);
        }
        let page =
            bounded(async { Ok::<_, Failure>(db::tag(&mut *db.acquire().await?, slug).await?) })
                .await?
                .ok_or(Failure::NotFound)?;
        Ok(self.templates.tag(&page).into_bytes())
    }

    /// `GET /cached`.
    pub async fn index_cached(
        &self,
        db: &PgPool,
        redis: &ConnectionManager,
    ) -> Result<Vec<u8>, Failure> {
        cached(redis, &cache::key("/cached"), self.index(db)).await
    }

    /// `GET /post/{slug}/cached`. A bad slug is a 404 without asking Redis.
    pub async fn post_cached(
        &self,
        db: &PgPool,
        redis: &ConnectionManager,
        slug: &str,
    ) -> Result<Vec<u8>, Failure> {
        if !is_valid_slug(slug) {
            return Err(Failure::NotFound);
        }
        cached(
            redis,
            &cache::key(&format!("/post/{slug}/cached")),
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

/// One GET on a hit; on a miss, `render` (not run otherwise) and one SET before answering. A 404 caches nothing.
async fn cached(
    redis: &ConnectionManager,
    key: &str,
    render: impl Future<Output = Result<Vec<u8>, Failure>>,
) -> Result<Vec<u8>, Failure> {
    if let Some(page) = cache::get(redis, key).await? {
        return Ok(page);
    }
    let page = render.await?;
    cache::put(redis, key, &page).await?;
    Ok(page)
}
