//! The eight routes of docs/workload.md §4 as a Cot app: Cot's router and method routing, Cot's `Database` from the
//! request (the `Database` extractor), askama pages. The Redis page cache goes through blog-core's `redis`
//! connection, not Cot's cache: Cot's cache stores JSON values, the contract's cache raw bytes (§4.3).

use std::future::Future;

use blog_core::content_type::{HTML, JSON, TEXT};
use blog_core::{cache, compute, deadline, is_valid_slug, phash, Failure, MAX_BODY_BYTES, STALL};
use cot::db::Database;
use cot::http::header::{CONTENT_LENGTH, CONTENT_TYPE};
use cot::request::extractors::Path;
use cot::request::Request;
use cot::response::Response;
use cot::router::method::{get, post};
use cot::router::{Route, Router};
use cot::{Body, StatusCode};
use http_body_util::{BodyExt, LengthLimitError, Limited};
use redis::aio::ConnectionManager;

use crate::{pages, queries};

/// The app's routes. `redis` is the shared page-cache connection.
pub fn router(redis: ConnectionManager) -> Router {
    let index_redis = redis.clone();
    Router::with_urls([
        Route::with_handler("/", get(index)),
        Route::with_handler(
            "/cached",
            get(move |db: Database| {
                let redis = index_redis.clone();
                async move { page(cached(&redis, "/cached", index_html(&db)).await) }
            }),
        ),
        Route::with_handler("/post/{slug}", get(post_page)),
        Route::with_handler(
            "/post/{slug}/cached",
            get(move |db: Database, Path(raw): Path<String>| {
                let redis = redis.clone();
                async move {
                    let slug = match slug(&raw) {
                        Ok(slug) => slug,
                        Err(failure) => return failed(failure),
                    };
                    let key = format!("/post/{slug}/cached");
                    page(cached(&redis, &key, post_html(&db, &slug)).await)
                }
            }),
        ),
        Route::with_handler("/tag/{slug}", get(tag_page)),
        Route::with_handler("/compute", get(compute_page)),
        Route::with_handler("/hello", get(hello)),
        Route::with_handler("/phash", post(phash_page)),
    ])
}

async fn index(db: Database) -> Response {
    page(index_html(&db).await)
}

async fn post_page(db: Database, Path(raw): Path<String>) -> Response {
    match slug(&raw) {
        Ok(slug) => page(post_html(&db, &slug).await),
        Err(failure) => failed(failure),
    }
}

async fn tag_page(db: Database, Path(raw): Path<String>) -> Response {
    let html = async {
        let slug = slug(&raw)?;
        let page = bounded(queries::tag(&db, &slug)).await?;
        Ok(pages::tag(&page.ok_or(Failure::NotFound)?).into_bytes())
    };
    page(html.await)
}

async fn compute_page() -> Response {
    answer(StatusCode::OK, TEXT, compute::answer())
}

async fn hello() -> Response {
    answer(StatusCode::OK, TEXT, blog_core::HELLO)
}

/// Refuses a declared body over the limit on the head alone (§5.1), then reads at most that much within
/// [`STALL`]. Not blog-core's axum reading: Cot's body is its own type.
async fn phash_page(request: Request) -> Response {
    let declared = request
        .headers()
        .get(CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok()?.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_BODY_BYTES as u64) {
        return failed(Failure::BodyTooLarge);
    }
    let read = Limited::new(request.into_body(), MAX_BODY_BYTES).collect();
    let body = match tokio::time::timeout(STALL, read).await {
        Ok(Ok(body)) => body.to_bytes(),
        Ok(Err(e)) if e.is::<LengthLimitError>() => return failed(Failure::BodyTooLarge),
        Ok(Err(_)) | Err(_) => return failed(Failure::BadImageSize),
    };
    match phash::answer(&body) {
        Ok(json) => answer(StatusCode::OK, JSON, json),
        Err(failure) => failed(failure),
    }
}

async fn index_html(db: &Database) -> Result<Vec<u8>, Failure> {
    let page = bounded(queries::index(db)).await?;
    Ok(pages::index(&page).into_bytes())
}

async fn post_html(db: &Database, slug: &str) -> Result<Vec<u8>, Failure> {
    let page = bounded(queries::post(db, slug)).await?;
    Ok(pages::post(&page.ok_or(Failure::NotFound)?).into_bytes())
}

/// A slug from its path segment: Cot hands path parameters over undecoded, and `%61bc` is `abc` (§5.1), while a
/// `%2F` decodes to a `/` that the slug rule refuses. Anything outside `[a-z0-9-]+` is a 404 without a query.
pub fn slug(raw: &str) -> Result<String, Failure> {
    let decoded = percent_encoding::percent_decode_str(raw)
        .decode_utf8()
        .map_err(|_| Failure::NotFound)?;
    if is_valid_slug(&decoded) {
        Ok(decoded.into_owned())
    } else {
        Err(Failure::NotFound)
    }
}

/// `work` bounded by blog-core's `DB_TIMEOUT` (every query and every wait for a connection: Cot's pool has sqlx's
/// defaults, a 30 s acquire timeout); any database error or the timeout is a 503 (the cause goes to stderr).
async fn bounded<T>(work: impl Future<Output = cot::db::Result<T>>) -> Result<T, Failure> {
    deadline::bounded(async {
        work.await.map_err(|e| {
            eprintln!("postgres: {e}");
            Failure::Unavailable
        })
    })
    .await
}

/// The contract's page cache (raw bytes) of the page at `path`, or `render` on a miss.
async fn cached(
    redis: &ConnectionManager,
    path: &str,
    render: impl Future<Output = Result<Vec<u8>, Failure>>,
) -> Result<Vec<u8>, Failure> {
    cache::cached(redis, &cache::key(path), cache::PageCacheFormat::Raw, render).await
}

fn page(html: Result<Vec<u8>, Failure>) -> Response {
    match html {
        Ok(html) => answer(StatusCode::OK, HTML, html),
        Err(failure) => failed(failure),
    }
}

/// The contract's answer for `failure` (§5).
pub fn failed(failure: Failure) -> Response {
    let status = StatusCode::from_u16(failure.status()).expect("contract status codes are valid");
    answer(status, failure.content_type(), failure.body())
}

fn answer(status: StatusCode, content_type: &'static str, body: impl Into<Body>) -> Response {
    let mut response = Response::new(body.into());
    *response.status_mut() = status;
    response
        .headers_mut()
        .insert(CONTENT_TYPE, cot::http::HeaderValue::from_static(content_type));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_decoded_then_checked() {
        assert_eq!(slug("abc-1"), Ok("abc-1".into()));
        assert_eq!(slug("%61bc"), Ok("abc".into()));
        for bad in ["a%2Fcached", "ABC", "caf%C3%A9", "%FF", "a%00", "x'%20OR%201=1", ""] {
            assert_eq!(slug(bad), Err(Failure::NotFound), "{bad:?}");
        }
    }

    #[test]
    fn failures_carry_the_contract_bytes() {
        let response = failed(Failure::MethodNotAllowed);
        assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED);
        assert_eq!(response.headers()[CONTENT_TYPE], TEXT);
        let response = failed(Failure::BodyTooLarge);
        assert_eq!(response.status().as_u16(), 413);
        assert_eq!(response.headers()[CONTENT_TYPE], JSON);
    }
}
