//! The pages (`/`, `/post/{slug}`, `/tag/{slug}`) and their Redis-cached forms (sections 4.1 to 4.3).

use std::fmt::Display;
use std::future::Future;
use std::time::Duration;

use axum::extract::rejection::PathRejection;
use blog_core::{is_valid_slug, Failure};
use loco_rs::cache::Cache;
use loco_rs::controller::views::engines::TeraView;
use loco_rs::prelude::*;

use super::page;
use crate::models::pages;
use crate::views;

/// Most time one request's PostgreSQL work, or one cache call, may take: a hung server (stopped, not closed) gives a
/// 503 within the contract's 5 s (section 5). SeaORM and Loco's cache have no per-query deadline of their own.
const BACKEND_TIMEOUT: Duration = Duration::from_secs(4);

/// How long a cached page lives (section 4.3).
const CACHE_TTL: Duration = Duration::from_secs(60);

type Page = std::result::Result<String, Failure>;

/// `work` bounded by [`BACKEND_TIMEOUT`]; its error, or its timeout, is logged and becomes a 503.
async fn bounded<T, E: Display>(
    backend: &str,
    work: impl Future<Output = std::result::Result<T, E>>,
) -> std::result::Result<T, Failure> {
    match tokio::time::timeout(BACKEND_TIMEOUT, work).await {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(e)) => {
            tracing::error!("{backend}: {e}");
            Err(Failure::Unavailable)
        }
        Err(_) => {
            tracing::error!("{backend}: no answer within {} s", BACKEND_TIMEOUT.as_secs());
            Err(Failure::Unavailable)
        }
    }
}

/// A slug that decodes and matches `[a-z0-9-]+`, or a 404 without a query.
fn slug(path: std::result::Result<Path<String>, PathRejection>) -> std::result::Result<String, Failure> {
    match path {
        Ok(Path(slug)) if is_valid_slug(&slug) => Ok(slug),
        _ => Err(Failure::NotFound),
    }
}

async fn render_index(ctx: &AppContext, v: &TeraView) -> Page {
    let page = bounded("postgres", pages::index(&ctx.db)).await?;
    Ok(views::blog::index(v, &page))
}

async fn render_post(ctx: &AppContext, v: &TeraView, slug: &str) -> Page {
    let page = bounded("postgres", pages::post(&ctx.db, slug)).await?.ok_or(Failure::NotFound)?;
    Ok(views::blog::post(v, &page))
}

async fn render_tag(ctx: &AppContext, v: &TeraView, slug: &str) -> Page {
    let page = bounded("postgres", pages::tag(&ctx.db, slug)).await?.ok_or(Failure::NotFound)?;
    Ok(views::blog::tag(v, &page))
}

/// One GET on a hit; on a miss, `render` (not run otherwise) and one SET with [`CACHE_TTL`]. A 404 caches nothing.
/// Through the cache's driver: `Cache::get`/`insert` store JSON, the contract stores the page's bytes as they are.
async fn cached(cache: &Cache, path: &str, render: impl Future<Output = Page>) -> Page {
    let key = format!("page:GET:{path}");
    if let Some(page) = bounded("redis", cache.driver.get(&key)).await? {
        return Ok(page);
    }
    let page = render.await?;
    bounded("redis", cache.driver.insert_with_expiry(&key, &page, CACHE_TTL)).await?;
    Ok(page)
}

async fn index(State(ctx): State<AppContext>, ViewEngine(v): ViewEngine<TeraView>) -> Result<Response> {
    page(render_index(&ctx, &v).await)
}

async fn index_cached(State(ctx): State<AppContext>, ViewEngine(v): ViewEngine<TeraView>) -> Result<Response> {
    page(cached(&ctx.cache, "/cached", render_index(&ctx, &v)).await)
}

async fn post(
    State(ctx): State<AppContext>,
    ViewEngine(v): ViewEngine<TeraView>,
    path: std::result::Result<Path<String>, PathRejection>,
) -> Result<Response> {
    page(match slug(path) {
        Ok(slug) => render_post(&ctx, &v, &slug).await,
        Err(f) => Err(f),
    })
}

async fn post_cached(
    State(ctx): State<AppContext>,
    ViewEngine(v): ViewEngine<TeraView>,
    path: std::result::Result<Path<String>, PathRejection>,
) -> Result<Response> {
    page(match slug(path) {
        Ok(slug) => {
            let path = format!("/post/{slug}/cached");
            cached(&ctx.cache, &path, render_post(&ctx, &v, &slug)).await
        }
        Err(f) => Err(f),
    })
}

async fn tag(
    State(ctx): State<AppContext>,
    ViewEngine(v): ViewEngine<TeraView>,
    path: std::result::Result<Path<String>, PathRejection>,
) -> Result<Response> {
    page(match slug(path) {
        Ok(slug) => render_tag(&ctx, &v, &slug).await,
        Err(f) => Err(f),
    })
}

pub fn routes() -> Routes {
    Routes::new()
        .add("/", get(index))
        .add("/cached", get(index_cached))
        .add("/post/{slug}", get(post))
        .add("/post/{slug}/cached", get(post_cached))
        .add("/tag/{slug}", get(tag))
}
