//! The queries of each page (contract section 4.1) on one pooled connection, in sqlx 0.7 as rocket_db_pools
//! gives it, assembled into blog-core's view models.

use std::future::Future;
use std::time::Duration;

use blog_core::model::{self, CommentCountRow, IndexPage, PostPage, PostRow, PostTagRow, TagPage};
use blog_core::{sql, Failure};
use rocket_db_pools::sqlx::{self, PgConnection};

use crate::http::Error;

/// Most time a page's queries may take once it has its connection. With the acquire timeout (2 s, Rocket.toml)
/// a hung PostgreSQL gives a 503 within the contract's 5 s bound.
pub const QUERY_TIMEOUT: Duration = Duration::from_millis(2_500);

/// `queries` bounded by [`QUERY_TIMEOUT`]; on timeout they are dropped, and sqlx tests the connection (a ping)
/// before it goes back to the pool.
pub async fn bounded<T>(queries: impl Future<Output = sqlx::Result<T>>) -> Result<T, Error> {
    match tokio::time::timeout(QUERY_TIMEOUT, queries).await {
        Ok(result) => Ok(result?),
        Err(_) => {
            eprintln!("postgres: no answer within {} ms", QUERY_TIMEOUT.as_millis());
            Err(Error(Failure::Unavailable))
        }
    }
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
