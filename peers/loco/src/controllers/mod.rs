//! The routes of docs/workload.md section 4, as Loco controllers; every answer the contract fixes (its error bodies
//! included) is built here with Loco's `format` helpers.

use axum::body::Body;
use axum::http::header::CONTENT_TYPE;
use blog_core::Failure;
use loco_rs::prelude::*;

pub mod bench;
pub mod blog;

/// The contract's answer for `failure` (section 5), never Loco's JSON error body.
pub fn failure(failure: Failure) -> Result<Response> {
    Ok(format::render()
        .status(failure.status())
        .header(CONTENT_TYPE, failure.content_type())
        .response()
        .body(Body::from(failure.body()))?)
}

/// A page, or the answer for why there is none.
pub fn page(page: std::result::Result<String, Failure>) -> Result<Response> {
    match page {
        Ok(html) => format::html(&html),
        Err(f) => failure(f),
    }
}

pub async fn not_found() -> Result<Response> {
    failure(Failure::NotFound)
}

pub async fn method_not_allowed() -> Result<Response> {
    failure(Failure::MethodNotAllowed)
}
