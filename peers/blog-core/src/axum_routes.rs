//! The eight routes of contract section 4 on axum 0.8, for any [`Pages`] (axum-sqlx, rustango-axum), and the
//! `/phash` body reading that Loco's controller shares. Feature `axum`.

use std::convert::Infallible;
use std::sync::Arc;

use axum::body::{Body, Bytes};
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::header::{CONTENT_LENGTH, CONTENT_TYPE};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;

use crate::content_type::{HTML, JSON, TEXT};
use crate::{compute, phash, Failure, Pages, MAX_BODY_BYTES, STALL};

/// What every request's handler gets: the pages, and the one pool and one page cache of the process.
struct App<P: Pages> {
    pages: Arc<P>,
    db: P::Db,
    cache: Arc<P::Cache>,
}

// By hand: a derive would ask `P: Clone`, and only the handles are cloned.
impl<P: Pages> Clone for App<P>
where
    P::Db: Clone,
{
    fn clone(&self) -> Self {
        App {
            pages: Arc::clone(&self.pages),
            db: self.db.clone(),
            cache: Arc::clone(&self.cache),
        }
    }
}

/// The routes of `pages` on `db` and `cache`: a 404 with the contract's body for any other path, a 405 for a known
/// path with another method (HEAD is answered as GET, by axum).
pub fn router<P: Pages>(pages: P, db: P::Db, cache: P::Cache) -> Router
where
    P::Db: Clone,
{
    let app = App {
        pages: Arc::new(pages),
        db,
        cache: Arc::new(cache),
    };
    Router::new()
        .route("/", get(index::<P>))
        .route("/cached", get(index_cached::<P>))
        .route("/post/{slug}", get(post_page::<P>))
        .route("/post/{slug}/cached", get(post_cached::<P>))
        .route("/tag/{slug}", get(tag_page::<P>))
        .route("/compute", get(compute))
        .route("/hello", get(hello))
        .route("/phash", post(phash))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .with_state(app)
}

/// `router` on `listener` through [`crate::serve::accept`]'s bounds on a request head. Never returns.
pub async fn serve(listener: &TcpListener, router: Router) -> Infallible {
    crate::serve::accept(listener, TowerToHyperService::new(router)).await
}

/// A [`Failure`] as an axum response (the orphan rule allows no `IntoResponse` for `Failure` itself).
struct Error(Failure);

impl From<Failure> for Error {
    fn from(f: Failure) -> Self {
        Error(f)
    }
}

impl IntoResponse for Error {
    fn into_response(self) -> Response {
        let status =
            StatusCode::from_u16(self.0.status()).expect("contract status codes are valid");
        (
            status,
            [(CONTENT_TYPE, self.0.content_type())],
            self.0.body(),
        )
            .into_response()
    }
}

type Page = Result<Response, Error>;

fn ok(content_type: &'static str, body: impl IntoResponse) -> Page {
    Ok(([(CONTENT_TYPE, content_type)], body).into_response())
}

/// A slug from the path, or a 404 for one that does not decode (e.g. invalid UTF-8).
fn slug(path: Result<Path<String>, PathRejection>) -> Result<String, Failure> {
    path.map(|Path(slug)| slug).map_err(|_| Failure::NotFound)
}

async fn index<P: Pages>(State(app): State<App<P>>) -> Page {
    ok(HTML, app.pages.index(&app.db).await?)
}

async fn index_cached<P: Pages>(State(app): State<App<P>>) -> Page {
    ok(HTML, app.pages.index_cached(&app.db, &app.cache).await?)
}

async fn post_page<P: Pages>(
    State(app): State<App<P>>,
    path: Result<Path<String>, PathRejection>,
) -> Page {
    ok(HTML, app.pages.post(&app.db, &slug(path)?).await?)
}

async fn post_cached<P: Pages>(
    State(app): State<App<P>>,
    path: Result<Path<String>, PathRejection>,
) -> Page {
    ok(
        HTML,
        app.pages
            .post_cached(&app.db, &app.cache, &slug(path)?)
            .await?,
    )
}

async fn tag_page<P: Pages>(
    State(app): State<App<P>>,
    path: Result<Path<String>, PathRejection>,
) -> Page {
    ok(HTML, app.pages.tag(&app.db, &slug(path)?).await?)
}

async fn compute() -> Page {
    ok(TEXT, compute::answer())
}

async fn hello() -> Page {
    ok(TEXT, crate::HELLO)
}

async fn phash(headers: HeaderMap, body: Body) -> Page {
    let body = phash_body(&headers, body).await?;
    ok(JSON, phash::answer(&body)?)
}

/// The body of a `POST /phash`: a declared length over [`MAX_BODY_BYTES`] is refused on the head alone (contract
/// §5.1) as [`Failure::BodyTooLarge`], as is a body that turns out longer; a body that stalls for [`STALL`] or
/// breaks off is a [`Failure::BadImageSize`].
pub async fn phash_body(headers: &HeaderMap, body: Body) -> Result<Bytes, Failure> {
    let declared = headers
        .get(CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok()?.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_BODY_BYTES as u64) {
        return Err(Failure::BodyTooLarge);
    }
    let read = axum::body::to_bytes(body, MAX_BODY_BYTES);
    match tokio::time::timeout(STALL, read).await {
        Err(_stalled) => Err(Failure::BadImageSize),
        Ok(Err(e)) if is_length_limit(&e) => Err(Failure::BodyTooLarge),
        Ok(Err(_)) => Err(Failure::BadImageSize),
        Ok(Ok(body)) => Ok(body),
    }
}

fn is_length_limit(e: &axum::Error) -> bool {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(err) = source {
        if err.is::<http_body_util::LengthLimitError>() {
            return true;
        }
        source = err.source();
    }
    false
}

async fn not_found() -> Error {
    Error(Failure::NotFound)
}

async fn method_not_allowed() -> Error {
    Error(Failure::MethodNotAllowed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_declared_length_over_the_limit_is_refused_unread() {
        let mut headers = HeaderMap::new();
        headers.insert(CONTENT_LENGTH, (MAX_BODY_BYTES + 1).into());
        let body = Body::from(vec![0u8; 4096]);
        assert_eq!(phash_body(&headers, body).await, Err(Failure::BodyTooLarge));
    }

    #[tokio::test]
    async fn an_undeclared_body_over_the_limit_is_too_large() {
        let body = Body::from(vec![0u8; MAX_BODY_BYTES + 1]);
        assert_eq!(
            phash_body(&HeaderMap::new(), body).await,
            Err(Failure::BodyTooLarge)
        );
    }

    #[tokio::test]
    async fn a_body_at_the_limit_is_read_whole() {
        let body = Body::from(vec![7u8; MAX_BODY_BYTES]);
        let read = phash_body(&HeaderMap::new(), body).await.map(|b| b.len());
        assert_eq!(read, Ok(MAX_BODY_BYTES));
    }
}
