//! The blog workload (docs/workload.md) on axum 0.8 with the Rustango ORM: one multi-threaded tokio runtime with
//! `WORKERS` threads, one shared Rustango pool (one connection per request) and one shared Redis multiplexed
//! connection of Rustango's cache backend.

use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::header::{CONTENT_LENGTH, CONTENT_TYPE};
use axum::http::HeaderMap;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use axum::Router;
use blog_core::content_type::{HTML, JSON, TEXT};
use blog_core::{compute, phash, Config, Failure};
use rustango::sql::Pool;
use rustango_core::store::{self, PageCache};
use rustango_core::Blog;

#[derive(Clone)]
struct App {
    blog: Arc<Blog>,
    db: Pool,
    pages: Arc<PageCache>,
}

/// A [`Failure`] as an axum response (the orphan rule keeps that impl out of blog-core).
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

async fn index(State(app): State<App>) -> Page {
    ok(HTML, app.blog.index(&app.db).await?)
}

async fn index_cached(State(app): State<App>) -> Page {
    ok(HTML, app.blog.index_cached(&app.db, &app.pages).await?)
}

async fn post_page(State(app): State<App>, path: Result<Path<String>, PathRejection>) -> Page {
    ok(HTML, app.blog.post(&app.db, &slug(path)?).await?)
}

async fn post_cached(State(app): State<App>, path: Result<Path<String>, PathRejection>) -> Page {
    ok(
        HTML,
        app.blog
            .post_cached(&app.db, &app.pages, &slug(path)?)
            .await?,
    )
}

async fn tag_page(State(app): State<App>, path: Result<Path<String>, PathRejection>) -> Page {
    ok(HTML, app.blog.tag(&app.db, &slug(path)?).await?)
}

async fn compute() -> Page {
    ok(TEXT, compute::answer())
}

async fn hello() -> Page {
    ok(TEXT, blog_core::HELLO)
}

/// Contract §5.1: the stall bound of a request head or body.
const STALL: Duration = Duration::from_secs(2);
/// Contract §5.1: a request head over this is refused (hyper answers 431).
const MAX_HEAD_BYTES: usize = 16 * 1024;

/// Refuses a declared body over the limit on the head alone (contract §5.1), then reads the body within [`STALL`].
async fn phash(headers: HeaderMap, body: Body) -> Page {
    let declared = headers.get(CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > blog_core::MAX_BODY_BYTES as u64) {
        return Err(Error(Failure::BodyTooLarge));
    }
    let read = axum::body::to_bytes(body, blog_core::MAX_BODY_BYTES);
    let body = match tokio::time::timeout(STALL, read).await {
        Err(_stalled) => return Err(Error(Failure::BadImageSize)),
        Ok(Err(e)) if is_length_limit(&e) => return Err(Error(Failure::BodyTooLarge)),
        Ok(Err(_)) => return Err(Error(Failure::BadImageSize)),
        Ok(Ok(body)) => body,
    };
    ok(JSON, phash::answer(&body)?)
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

fn router(app: App) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/cached", get(index_cached))
        .route("/post/{slug}", get(post_page))
        .route("/post/{slug}/cached", get(post_cached))
        .route("/tag/{slug}", get(tag_page))
        .route("/compute", get(compute))
        .route("/hello", get(hello))
        .route("/phash", post(phash))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .with_state(app)
}

async fn serve(config: Config) -> Result<(), String> {
    // Parsed here for the contract's checks of both URLs; Rustango takes them as text.
    config.postgres()?;
    store::configure(config.pool_max, config.pool_min);
    let app = App {
        blog: Arc::new(Blog::new()),
        db: store::pool(&config.database_url)?,
        pages: Arc::new(PageCache::connect(&config.redis_url).await?),
    };
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", config.port))
        .await
        .map_err(|e| format!("port {}: {e}", config.port))?;
    let router = router(app);
    // Our own loop instead of axum::serve, for hyper's bounds on the request head (contract §5.1).
    loop {
        let tcp = match listener.accept().await {
            Ok((tcp, _)) => tcp,
            Err(_) => {
                // Out of file descriptors or the like: wait instead of spinning.
                tokio::time::sleep(Duration::from_millis(10)).await;
                continue;
            }
        };
        // Nagle's algorithm would make small responses wait on delayed ACKs.
        let _ = tcp.set_nodelay(true);
        let service = TowerToHyperService::new(router.clone());
        tokio::spawn(async move {
            let _ = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(STALL)
                .max_buf_size(MAX_HEAD_BYTES)
                .serve_connection(TokioIo::new(tcp), service)
                .await;
        });
    }
}

fn main() {
    let result = Config::from_env().and_then(|config| {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(config.workers)
            .enable_all()
            .build()
            .map_err(|e| e.to_string())?
            .block_on(serve(config))
    });
    if let Err(e) = result {
        eprintln!("rustango-axum: {e}");
        std::process::exit(1);
    }
}
