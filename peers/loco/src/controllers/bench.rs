//! The routes without PostgreSQL or Redis: `/hello`, `/compute` and `/phash` (sections 4.4 to 4.6).

use axum::body::Body;
use axum::http::header::CONTENT_TYPE;
use axum::http::HeaderMap;
use blog_core::axum_routes::phash_body;
use blog_core::content_type::JSON;
use blog_core::{compute, phash};
use loco_rs::prelude::*;

use super::failure;

async fn hello() -> Result<Response> {
    format::text(blog_core::HELLO)
}

async fn compute() -> Result<Response> {
    format::text(&compute::answer())
}

/// The body as blog-core's axum routes read it (a declared length over the limit refused on the head alone, a
/// stalled body a 400), then its hash.
async fn phash(headers: HeaderMap, body: Body) -> Result<Response> {
    let body = match phash_body(&headers, body).await {
        Ok(body) => body,
        Err(f) => return failure(f),
    };
    match phash::answer(&body) {
        Ok(json) => Ok(format::render()
            .header(CONTENT_TYPE, JSON)
            .response()
            .body(Body::from(json))?),
        Err(f) => failure(f),
    }
}

pub fn routes() -> Routes {
    Routes::new()
        .add("/hello", get(hello))
        .add("/compute", get(compute))
        .add("/phash", post(phash))
}
