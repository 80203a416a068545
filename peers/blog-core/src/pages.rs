//! The five routes that read PostgreSQL (and Redis) as one trait, so that each HTTP framework's routing is written
//! once for every ORM: sqlx's [`crate::Blog`] and rustango-core's `Blog` implement it, and
//! [`crate::axum_routes`] and [`crate::actix_routes`] route any implementation.

use std::future::Future;

use crate::Failure;

/// A page's bytes (the HTML as rendered), or the failure to answer instead.
pub type PageResult = Result<Vec<u8>, Failure>;

/// The page routes of contract section 4, independent of the HTTP framework: each takes the pool (and page
/// cache) the request should use and answers the page's bytes or the [`Failure`] to send. A slug outside the
/// contract's rule is a [`Failure::NotFound`] before any query or cache lookup. An implementation is built once
/// per process and shared by every thread; the pool and cache are the app's to own, one for the process or one
/// per worker, which is why they are arguments.
pub trait Pages: Send + Sync + 'static {
    /// What runs the page's queries (a connection pool).
    type Db: Send + Sync + 'static;
    /// Where pages are cached (a Redis connection).
    type Cache: Send + Sync + 'static;

    /// `GET /`.
    fn index(&self, db: &Self::Db) -> impl Future<Output = PageResult> + Send;

    /// `GET /cached`: one cache GET on a hit; on a miss the index and one SET.
    fn index_cached(
        &self,
        db: &Self::Db,
        cache: &Self::Cache,
    ) -> impl Future<Output = PageResult> + Send;

    /// `GET /post/{slug}`.
    fn post(&self, db: &Self::Db, slug: &str) -> impl Future<Output = PageResult> + Send;

    /// `GET /post/{slug}/cached`: as [`Pages::index_cached`]; a 404 caches nothing.
    fn post_cached(
        &self,
        db: &Self::Db,
        cache: &Self::Cache,
        slug: &str,
    ) -> impl Future<Output = PageResult> + Send;

    /// `GET /tag/{slug}`.
    fn tag(&self, db: &Self::Db, slug: &str) -> impl Future<Output = PageResult> + Send;
}
