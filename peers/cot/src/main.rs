//! The blog workload (docs/workload.md) on Cot 0.7: a Cot project with one app, Cot's ORM on Cot's database (its
//! own sqlx pool) and askama pages, on one multi-threaded tokio runtime with `WORKERS` threads.
//!
//! Cot's defaults are kept out of the contract's way: no admin, sessions, auth or static files are registered, no
//! middleware is added, and no Cot error page reaches a client (the connection loop answers Cot's errors, a 404
//! from the router or a 405 from method routing, with the contract's bodies). The project is booted with
//! `Bootstrapper` and served by blog-core's hyper loop (`blog_core::serve`) instead of `cot::run`: `cot::run` serves with `axum::serve`,
//! which bounds neither the time to read a request head nor its size (§5.1), and it would run Cot's migration engine
//! at start, which creates Cot's migrations table; this app creates nothing (the runner seeds the database).

mod models;
mod pages;
mod queries;
mod routes;

use std::convert::Infallible;
use std::sync::Arc;

use blog_core::{cache, Config, Failure};
use cot::config::{DatabaseConfig, ProjectConfig};
use cot::project::RegisterAppsContext;
use cot::{App, AppBuilder, Body, Bootstrapper, BoxedHandler, Project, ProjectContext};
use futures_util::TryStreamExt;
use hyper::body::Incoming;
use redis::aio::ConnectionManager;
use tower::ServiceExt;

struct BlogApp {
    redis: ConnectionManager,
}

impl App for BlogApp {
    fn name(&self) -> &str {
        "blog"
    }

    fn router(&self) -> cot::router::Router {
        routes::router(self.redis.clone())
    }
}

struct BlogProject {
    redis: ConnectionManager,
}

impl Project for BlogProject {
    fn register_apps(&self, apps: &mut AppBuilder, _context: &RegisterAppsContext) {
        apps.register_with_views(
            BlogApp {
                redis: self.redis.clone(),
            },
            "",
        );
    }
}

/// The project's settings, from the environment rather than Cot's `config/*.toml`: the database URL and nothing
/// else. Cot's database settings are only its URL: no pool size, no acquire timeout, no acquire ping setting.
fn project_config(config: &Config) -> ProjectConfig {
    ProjectConfig::builder()
        .debug(false)
        .register_panic_hook(false)
        .database(DatabaseConfig::builder().url(config.database_url.as_str()).build())
        .build()
}

/// Cot's handler for one request: the request as Cot's, with the project context its extractors read (what
/// `cot::run` does for each request); an error Cot returns instead of a response becomes the contract's answer.
async fn respond(
    handler: BoxedHandler,
    context: Arc<ProjectContext>,
    request: hyper::Request<Incoming>,
) -> Result<cot::response::Response, Infallible> {
    let mut request = request
        .map(|body| Body::streaming(http_body_util::BodyExt::into_data_stream(body).map_err(cot::Error::wrap)));
    request.extensions_mut().insert(context);
    Ok(match handler.oneshot(request).await {
        Ok(response) => response,
        Err(error) => routes::failed(failure_of(error.status_code())),
    })
}

/// The contract's failure for an error status from Cot: the router's 404, method routing's 405; anything else
/// (none is expected) is logged and answered as a 503.
fn failure_of(status: cot::StatusCode) -> Failure {
    match status.as_u16() {
        404 => Failure::NotFound,
        405 => Failure::MethodNotAllowed,
        other => {
            eprintln!("cot: error status {other}");
            Failure::Unavailable
        }
    }
}

async fn serve(config: Config) -> Result<(), String> {
    blog_core::phash::init();
    let redis = cache::connect(config.redis()?).map_err(|e| format!("redis: {e}"))?;
    // Connects to PostgreSQL now (Cot's `Database::new`); runs no migration.
    let project = Bootstrapper::new(BlogProject { redis })
        .with_config(project_config(&config))
        .boot()
        .await
        .map_err(|e| format!("cot: {e}"))?
        .finish();
    let context = Arc::new(project.context);
    let handler = project.handler;
    let listener = blog_core::serve::listen(config.listen_addr()).await?;
    // Cloned for each connection by the loop, as the handler and context it captures are for each request.
    let service = hyper::service::service_fn(move |request| {
        respond(handler.clone(), Arc::clone(&context), request)
    });
    match blog_core::serve::accept(&listener, service).await {}
}

fn main() {
    blog_core::serve::run("cot", serve);
}
