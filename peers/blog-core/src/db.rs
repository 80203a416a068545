//! The queries of each page (contract section 4.1) on one connection, and the pool settings both apps use.

use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::{PgConnection, PgPool};

use crate::model::{self, CommentCountRow, IndexPage, PostPage, PostRow, PostTagRow, TagPage};
use crate::sql;

/// How long a request waits for a pooled connection (or for PostgreSQL to accept one) before it is a 503.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(2);

/// A pool of at most `max` connections that keeps `min` open. Lazy: it connects in the background of the
/// current tokio runtime, which then drives these sockets, and the app starts even while PostgreSQL is down.
/// No ping when a connection is taken (`test_before_acquire(false)`): the contract forbids it. sqlx still
/// sends one Sync round trip when a connection goes back, which has no setting.
pub fn pool(options: PgConnectOptions, max: u32, min: u32) -> PgPool {
    PgPoolOptions::new()
        .max_connections(max)
        .min_connections(min)
        .test_before_acquire(false)
        .acquire_timeout(ACQUIRE_TIMEOUT)
        .connect_lazy_with(options)
}

/// `GET /`: 3 queries.
pub async fn index(conn: &mut PgConnection) -> sqlx::Result<IndexPage> {
    let posts = sqlx::query_as(sql::LATEST_POSTS)
        .fetch_all(&mut *conn)
        .await?;
    Ok(IndexPage {
        posts: post_lines(conn, posts).await?,
    })
}

/// `GET /post/{slug}`: 3 queries, or 1 when there is no such post.
pub async fn post(conn: &mut PgConnection, slug: &str) -> sqlx::Result<Option<PostPage>> {
    let row: Option<(i32, String, String, model::Date, String)> = sqlx::query_as(sql::POST)
        .bind(slug)
        .fetch_optional(&mut *conn)
        .await?;
    let Some((_id, title, body, date, author)) = row else {
        return Ok(None);
    };
    let tags: Vec<(String, String)> = sqlx::query_as(sql::POST_TAGS)
        .bind(slug)
        .fetch_all(&mut *conn)
        .await?;
    let comments: Vec<(String, String)> = sqlx::query_as(sql::POST_COMMENTS)
        .bind(slug)
        .fetch_all(&mut *conn)
        .await?;
    Ok(Some(PostPage {
        title,
        author,
        date: date.to_string(),
        body,
        tags: tags
            .into_iter()
            .map(|(slug, name)| model::TagLink { slug, name })
            .collect(),
        comments: comments
            .into_iter()
            .map(|(author, body)| model::Comment { author, body })
            .collect(),
    }))
}

/// `GET /tag/{slug}`: 4 queries, or 1 when there is no such tag.
pub async fn tag(conn: &mut PgConnection, slug: &str) -> sqlx::Result<Option<TagPage>> {
    let row: Option<(i32, String, String)> = sqlx::query_as(sql::TAG)
        .bind(slug)
        .fetch_optional(&mut *conn)
        .await?;
    let Some((_id, _slug, name)) = row else {
        return Ok(None);
    };
    let posts = sqlx::query_as(sql::TAG_POSTS)
        .bind(slug)
        .fetch_all(&mut *conn)
        .await?;
    Ok(Some(TagPage {
        name,
        posts: post_lines(conn, posts).await?,
    }))
}

/// The tags and comment counts of `posts` in one batch each (no query per post).
async fn post_lines(
    conn: &mut PgConnection,
    posts: Vec<PostRow>,
) -> sqlx::Result<Vec<model::PostLine>> {
    let ids: Vec<i32> = posts.iter().map(|p| p.0).collect();
    let tags: Vec<PostTagRow> = sqlx::query_as(sql::TAGS_OF_POSTS)
        .bind(&ids)
        .fetch_all(&mut *conn)
        .await?;
    let counts: Vec<CommentCountRow> = sqlx::query_as(sql::COMMENT_COUNTS)
        .bind(&ids)
        .fetch_all(&mut *conn)
        .await?;
    Ok(model::post_lines(posts, tags, counts))
}
