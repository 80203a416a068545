//! The page routes ([`blog_core::Pages`]) on Rustango: each takes the pool (and page cache) to use and answers the
//! page's bytes or the [`Failure`] to send.

use std::future::Future;

use blog_core::deadline::bounded;
use blog_core::pages::PageResult;
use blog_core::render::Templates;
use blog_core::{cache, is_valid_slug, Failure, Pages};
use rustango::sql::{ExecError, Pool, PoolConn};

use crate::pages;
use crate::store::PageCache;

/// Renders the pages with blog-core's Tera templates. Thread-safe; build one per process.
pub struct Blog {
    templates: Templates,
}

fn unavailable(e: ExecError) -> Failure {
    eprintln!("postgres: {e}");
    Failure::Unavailable
}

/// `work` on one connection taken from `db` once, bounded by blog-core's `DB_TIMEOUT`; the connection goes back to
/// the pool before the page is rendered.
async fn on_one_connection<T, F, W>(db: &Pool, work: W) -> Result<T, Failure>
where
    W: FnOnce(PoolConn) -> F,
    F: Future<Output = Result<T, ExecError>>,
{
    bounded(async {
        let conn = db.acquire().await.map_err(unavailable)?;
        work(conn).await.map_err(unavailable)
    })
    .await
}

impl Blog {
    pub fn new() -> Self {
        blog_core::phash::init();
        Blog {
            templates: Templates::new(),
        }
    }
}

impl Pages for Blog {
    type Db = Pool;
    type Cache = PageCache;

    /// `GET /`.
    async fn index(&self, db: &Pool) -> PageResult {
        let page = on_one_connection(db, |mut conn| async move { pages::index(&mut conn).await }).await?;
        Ok(self.templates.index(&page).into_bytes())
    }

    /// `GET /post/{slug}`. A bad slug is a 404 without a query.
    async fn post(&self, db: &Pool, slug: &str) -> PageResult {
        if !is_valid_slug(slug) {
            return Err(Failure::NotFound);
        }
        let page = on_one_connection(db, |mut conn| async move { pages::post_page(&mut conn, slug).await })
            .await?
            .ok_or(Failure::NotFound)?;
        Ok(self.templates.post(&page).into_bytes())
    }

    /// `GET /tag/{slug}`.
    async fn tag(&self, db: &Pool, slug: &str) -> PageResult {
        if !is_valid_slug(slug) {
            return Err(Failure::NotFound);
        }
        let page = on_one_connection(db, |mut conn| async move { pages::tag_page(&mut conn, slug).await })
            .await?
            .ok_or(Failure::NotFound)?;
        Ok(self.templates.tag(&page).into_bytes())
    }

    /// `GET /cached`.
    async fn index_cached(&self, db: &Pool, pages: &PageCache) -> PageResult {
        cached(pages, &cache::key("/cached"), self.index(db)).await
    }

    /// `GET /post/{slug}/cached`. A bad slug is a 404 without asking Redis.
    async fn post_cached(&self, db: &Pool, pages: &PageCache, slug: &str) -> PageResult {
        if !is_valid_slug(slug) {
            return Err(Failure::NotFound);
        }
        let key = cache::key(&format!("/post/{slug}/cached"));
        cached(pages, &key, self.post(db, slug)).await
    }
}

impl Default for Blog {
    fn default() -> Self {
        Self::new()
    }
}

/// One GET on a hit; on a miss, `render` (not run otherwise) and one SET before answering. A 404 caches nothing.
async fn cached(
    pages: &PageCache,
    key: &str,
    render: impl Future<Output = Result<Vec<u8>, Failure>>,
) -> Result<Vec<u8>, Failure> {
    let redis_failed = |e: rustango::cache::CacheError| {
        eprintln!("redis: {e}");
        Failure::Unavailable
    };
    if let Some(page) = pages.get(key).await.map_err(redis_failed)? {
        return Ok(page);
    }
    let page = render.await?;
    pages.put(key, &page).await.map_err(redis_failed)?;
    Ok(page)
}
