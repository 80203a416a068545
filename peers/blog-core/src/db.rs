//! The queries of each page (contract section 4.1), on one connection or one per query, and the pool settings
//! both apps use.

use std::time::Duration;

use sqlx::postgres::{PgArguments, PgConnectOptions, PgPoolOptions, PgRow};
use sqlx::query::QueryAs;
use sqlx::{FromRow, PgConnection, PgPool, Postgres};

use crate::model::{
    self, CommentCountRow, IndexPage, PairRow, PostPage, PostPageRow, PostRow, PostTagRow, TagPage,
};
use crate::sql;

/// How long a request waits for a pooled connection (or for PostgreSQL to accept one) before it is a 503.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(2);

/// A pool of at most `max` connections that keeps `min` open. Lazy: it connects in the background of the
/// current tokio runtime, which then drives these sockets, and the app starts even while PostgreSQL is down.
/// `test_before_acquire`: ping each connection when it is taken, one more round trip; the contract forbids it
/// (false), round 2's finding 3 measures it (true). sqlx still sends one Sync round trip when a connection goes
/// back, which has no setting.
pub fn pool(options: PgConnectOptions, max: u32, min: u32, test_before_acquire: bool) -> PgPool {
    PgPoolOptions::new()
        .max_connections(max)
        .min_connections(min)
        .test_before_acquire(test_before_acquire)
        .acquire_timeout(ACQUIRE_TIMEOUT)
        .connect_lazy_with(options)
}

pub use crate::config::ConnectionScope;

/// Where a page's queries run: one connection for all of them, or the pool, which lends a connection to each
/// query and takes it back after it. A concrete type rather than a generic executor, so that the routes' futures
/// stay `Send` for axum.
pub enum Queries<'a> {
    Connection(&'a mut PgConnection),
    Pool(&'a PgPool),
}

type Query<'q, O> = QueryAs<'q, Postgres, O, PgArguments>;

impl Queries<'_> {
    async fn fetch_all<O>(&mut self, query: Query<'_, O>) -> sqlx::Result<Vec<O>>
    where
        O: Send + Unpin + for<'r> FromRow<'r, PgRow>,
    {
        match self {
            Queries::Connection(conn) => query.fetch_all(&mut **conn).await,
            Queries::Pool(pool) => query.fetch_all(*pool).await,
        }
    }

    async fn fetch_optional<O>(&mut self, query: Query<'_, O>) -> sqlx::Result<Option<O>>
    where
        O: Send + Unpin + for<'r> FromRow<'r, PgRow>,
    {
        match self {
            Queries::Connection(conn) => query.fetch_optional(&mut **conn).await,
            Queries::Pool(pool) => query.fetch_optional(*pool).await,
        }
    }
}

/// `GET /`: 3 queries.
pub async fn index(mut db: Queries<'_>) -> sqlx::Result<IndexPage> {
    let posts = db.fetch_all(sqlx::query_as(sql::LATEST_POSTS)).await?;
    Ok(IndexPage {
        posts: post_lines(&mut db, posts).await?,
    })
}

/// `GET /post/{slug}`: 3 queries, or 1 when there is no such post.
pub async fn post(mut db: Queries<'_>, slug: &str) -> sqlx::Result<Option<PostPage>> {
    let row: Option<PostPageRow> = db
        .fetch_optional(sqlx::query_as(sql::POST).bind(slug))
        .await?;
    let Some(row) = row else {
        return Ok(None);
    };
    let tags: Vec<PairRow> = db
        .fetch_all(sqlx::query_as(sql::POST_TAGS).bind(slug))
        .await?;
    let comments: Vec<PairRow> = db
        .fetch_all(sqlx::query_as(sql::POST_COMMENTS).bind(slug))
        .await?;
    Ok(Some(model::post_page(row, tags, comments)))
}

/// `GET /tag/{slug}`: 4 queries, or 1 when there is no such tag.
pub async fn tag(mut db: Queries<'_>, slug: &str) -> sqlx::Result<Option<TagPage>> {
    let row: Option<(i32, String, String)> = db
        .fetch_optional(sqlx::query_as(sql::TAG).bind(slug))
        .await?;
    let Some((_id, _slug, name)) = row else {
        return Ok(None);
    };
    let posts = db
        .fetch_all(sqlx::query_as(sql::TAG_POSTS).bind(slug))
        .await?;
    Ok(Some(TagPage {
        name,
        posts: post_lines(&mut db, posts).await?,
    }))
}

/// The tags and comment counts of `posts` in one batch each (no query per post).
async fn post_lines(
    db: &mut Queries<'_>,
    posts: Vec<PostRow>,
) -> sqlx::Result<Vec<model::PostLine>> {
    let ids: Vec<i32> = posts.iter().map(|p| p.0).collect();
    let tags: Vec<PostTagRow> = db
        .fetch_all(sqlx::query_as(sql::TAGS_OF_POSTS).bind(&ids))
        .await?;
    let counts: Vec<CommentCountRow> = db
        .fetch_all(sqlx::query_as(sql::COMMENT_COUNTS).bind(&ids))
        .await?;
    Ok(model::post_lines(posts, tags, counts))
}
