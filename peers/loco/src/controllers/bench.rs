//! The routes without PostgreSQL or Redis: `/hello`, `/compute` and `/phash` (sections 4.4 to 4.6).

use std::time::Duration;

use axum::body::Body;
use axum::http::header::{CONTENT_LENGTH, CONTENT_TYPE};
use axum::http::HeaderMap;
use blog_core::content_type::JSON;
use blog_core::{compute, phash, Failure, MAX_BODY_BYTES};
use loco_rs::prelude::*;

use super::failure;

/// Contract §5.1: a `/phash` body that sends no byte for this long is a 400.
const STALL: Duration = Duration::from_secs(2);

async fn hello() -> Result<Response> {
    format::text(blog_core::HELLO)
}

async fn compute() -> Result<Response> {
    format::text(&compute::answer())
}

/// Refuses a declared body over the limit on the head alone (contract §5.1), then reads the body within [`STALL`].
async fn phash(headers: HeaderMap, body: Body) -> Result<Response> {
    let declared = headers
        .get(CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok()?.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_BODY_BYTES as u64) {
        return failure(Failure::BodyTooLarge);
    }
    let body = match tokio::time::timeout(STALL, axum::body::to_bytes(body, MAX_BODY_BYTES)).await {
        Err(_stalled) => return failure(Failure::BadImageSize),
        Ok(Err(e)) if is_length_limit(&e) => return failure(Failure::BodyTooLarge),
        Ok(Err(_)) => return failure(Failure::BadImageSize),
        Ok(Ok(body)) => body,
    };
    match phash::answer(&body) {
        Ok(json) => Ok(format::render()
            .header(CONTENT_TYPE, JSON)
            .response()
            .body(Body::from(json))?),
        Err(f) => failure(f),
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

pub fn routes() -> Routes {
    Routes::new()
        .add("/hello", get(hello))
        .add("/compute", get(compute))
        .add("/phash", post(phash))
}
