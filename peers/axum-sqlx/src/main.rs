//! The blog workload (docs/workload.md) on axum 0.8: one multi-threaded tokio runtime with `WORKERS` threads,
//! one shared sqlx pool and one shared Redis multiplexed connection.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection};
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::header::CONTENT_TYPE;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::serve::ListenerExt;
use axum::Router;
use blog_core::content_type::{HTML, JSON, TEXT};
use blog_core::{cache, compute, db, phash, Blog, Config, Failure};
use redis::aio::ConnectionManager;
use sqlx::PgPool;

#[derive(Clone)]
struct App {
    blog: Arc<Blog>,
    db: PgPool,
    redis: ConnectionManager,
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
    ok(HTML, app.blog.index_cached(&app.db, &app.redis).await?)
}

async fn post_page(State(app): State<App>, path: Result<Path<String>, PathRejection>) -> Page {
    ok(HTML, app.blog.post(&app.db, &slug(path)?).await?)
}

async fn post_cached(State(app): State<App>, path: Result<Path<String>, PathRejection>) -> Page {
    ok(
        HTML,
        app.blog
            .post_cached(&app.db, &app.redis, &slug(path)?)
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

async fn phash(body: Result<Bytes, BytesRejection>) -> Page {
    let body = body.map_err(|rejection| match rejection.status() {
        StatusCode::PAYLOAD_TOO_LARGE => Failure::BodyTooLarge,
        _ => Failure::BadImageSize,
    })?;
    ok(JSON, phash::answer(&body)?)
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
        .route(
            "/phash",
            post(phash).layer(DefaultBodyLimit::max(blog_core::MAX_BODY_BYTES)),
        )
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .with_state(app)
}

async fn serve(config: Config) -> Result<(), String> {
    let app = App {
        blog: Arc::new(Blog::new()),
        db: db::pool(config.postgres()?, config.pool_max, config.pool_min),
        redis: cache::connect(config.redis()?).map_err(|e| format!("redis: {e}"))?,
    };
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", config.port))
        .await
        .map_err(|e| format!("port {}: {e}", config.port))?
        // axum::serve leaves Nagle's algorithm on; small responses would then wait on delayed ACKs.
        .tap_io(|tcp| {
            let _ = tcp.set_nodelay(true);
        });
    axum::serve(listener, router(app))
        .await
        .map_err(|e| e.to_string())
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
        eprintln!("axum-sqlx: {e}");
        std::process::exit(1);
    }
}
