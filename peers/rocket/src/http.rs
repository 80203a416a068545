//! The contract's error answers (section 5) in Rocket's terms: a responder for [`Failure`], catchers in place of
//! Rocket's HTML error pages, and the 16 KiB bound on a request head (section 5.1).

use std::io::Cursor;

use blog_core::Failure;
use rocket::fairing::{Fairing, Info, Kind};
use rocket::http::uri::Origin;
use rocket::http::{ContentType, Status};
use rocket::request::Request;
use rocket::response::{self, Responder, Response};
use rocket::Catcher;

/// A [`Failure`] as a Rocket response (the orphan rule keeps that impl out of blog-core).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Error(pub Failure);

impl From<Failure> for Error {
    fn from(f: Failure) -> Self {
        Error(f)
    }
}

/// The cause goes to stderr; the client only ever sees the contract's body.
impl From<rocket_db_pools::sqlx::Error> for Error {
    fn from(e: rocket_db_pools::sqlx::Error) -> Self {
        eprintln!("postgres: {e}");
        Error(Failure::Unavailable)
    }
}

impl From<redis::RedisError> for Error {
    fn from(e: redis::RedisError) -> Self {
        Error(Failure::from(e))
    }
}

/// The `Content-Type` of a contract body.
fn content_type(failure: Failure) -> ContentType {
    match failure.content_type() {
        blog_core::content_type::JSON => ContentType::JSON,
        _ => ContentType::Plain,
    }
}

impl<'r> Responder<'r, 'static> for Error {
    fn respond_to(self, _: &'r Request<'_>) -> response::Result<'static> {
        let body = self.0.body();
        Response::build()
            .status(Status::new(self.0.status()))
            .header(content_type(self.0))
            .sized_body(body.len(), Cursor::new(body))
            .ok()
    }
}

#[rocket::catch(404)]
fn not_found() -> Error {
    Error(Failure::NotFound)
}

/// A path parameter that does not parse (a slug outside `[a-z0-9-]+`, see `routes::Slug`) makes Rocket forward
/// with 422; with no other route for the path, that is an unknown page.
#[rocket::catch(422)]
fn unprocessable() -> Error {
    Error(Failure::NotFound)
}

/// rocket_db_pools' `Connection` guard fails with 503 when no connection comes within the acquire timeout.
#[rocket::catch(503)]
fn unavailable() -> Error {
    Error(Failure::Unavailable)
}

/// Anything else Rocket answers itself (400 on a request it cannot parse, 500): the status and its reason as text,
/// never Rocket's HTML page.
#[rocket::catch(default)]
fn other(status: Status, _: &Request<'_>) -> (Status, (ContentType, &'static str)) {
    (status, (ContentType::Plain, status.reason().unwrap_or("Error")))
}

pub fn catchers() -> Vec<Catcher> {
    rocket::catchers![not_found, unprocessable, unavailable, other]
}

/// Contract §5.1: a request line or header section over this many bytes is refused.
pub const MAX_HEAD_BYTES: usize = 16 * 1024;

/// The request head's size as sent, near enough: method and version, target, header names and values with their
/// separators.
pub fn head_bytes(req: &Request<'_>) -> usize {
    let uri = req.uri();
    let target = uri.path().as_str().len() + uri.query().map_or(0, |q| q.as_str().len() + 1);
    let headers: usize = req
        .headers()
        .iter()
        .map(|h| h.name().as_str().len() + h.value().len() + 4)
        .sum();
    req.method().as_str().len() + target + headers + 12
}

/// Answers 431 to a request whose head is over [`MAX_HEAD_BYTES`]. hyper, under Rocket, refuses only heads over
/// about 400 KiB and Rocket has no setting for it; a fairing cannot stop the route from running, so it replaces
/// the response.
pub struct HeadLimit;

#[rocket::async_trait]
impl Fairing for HeadLimit {
    fn info(&self) -> Info {
        Info {
            name: "16 KiB request head",
            kind: Kind::Response,
        }
    }

    async fn on_response<'r>(&self, req: &'r Request<'_>, res: &mut Response<'r>) {
        if head_bytes(req) > MAX_HEAD_BYTES {
            let body = "Request Header Fields Too Large";
            *res = Response::build()
                .status(Status::RequestHeaderFieldsTooLarge)
                .header(ContentType::Plain)
                .sized_body(body.len(), Cursor::new(body))
                .finalize();
        }
    }
}

/// Where a request with an empty path segment is sent: a path no route has, so it ends at the 404 catcher.
const UNROUTED: &str = "/empty-path-segment";

/// Contract §4: paths match exactly, so `/post/x/` and `//hello` are 404. Rocket's router skips empty segments
/// (`/post/x/` would be `/post/<slug>`); a request fairing can only rewrite the request, so it gets a path that
/// no route matches.
pub struct ExactPaths;

#[rocket::async_trait]
impl Fairing for ExactPaths {
    fn info(&self) -> Info {
        Info {
            name: "exact paths",
            kind: Kind::Request,
        }
    }

    async fn on_request(&self, req: &mut Request<'_>, _: &mut rocket::Data<'_>) {
        let path = req.uri().path().as_str();
        if path != "/" && (path.ends_with('/') || path.contains("//")) {
            req.set_uri(Origin::parse(UNROUTED).expect("a valid origin"));
        }
    }
}
