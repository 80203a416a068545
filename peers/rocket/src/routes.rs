//! The eight routes of the contract as Rocket handlers, and a 405 route for every other method on their paths
//! (Rocket itself answers 404 to a method without a route).

use std::convert::Infallible;
use std::time::Duration;

use blog_core::{cache, is_valid_slug, Failure, MAX_BODY_BYTES};
use redis::aio::ConnectionManager;
use rocket::data::{Data, ToByteUnit};
use rocket::http::{ContentType, Method, RawStr};
use rocket::request::{self, FromParam, FromRequest, Request};
use rocket::{get, post, route, Route, State};
use rocket_db_pools::Connection;
use rocket_dyn_templates::{Metadata, Template};
use serde::Serialize;

use crate::http::Error;
use crate::{pages, Db};

/// A slug of the contract's rule `[a-z0-9-]+`, percent-decoded (`/post/%61bc` is `/post/abc`). Anything else makes
/// the route forward, and the request ends at the 404 catcher without a query.
pub struct Slug(String);

impl<'a> FromParam<'a> for Slug {
    type Error = &'a str;

    fn from_param(param: &'a str) -> Result<Self, Self::Error> {
        match RawStr::new(param).percent_decode() {
            Ok(slug) if is_valid_slug(&slug) => Ok(Slug(slug.into_owned())),
            _ => Err(param),
        }
    }
}

type Html = (ContentType, Vec<u8>);

#[get("/")]
async fn index(mut db: Connection<Db>) -> Result<Template, Error> {
    let page = pages::bounded(pages::index(&mut db)).await?;
    Ok(Template::render("index", page))
}

#[get("/post/<slug>")]
async fn post_page(mut db: Connection<Db>, slug: Slug) -> Result<Template, Error> {
    let page = pages::bounded(pages::post(&mut db, &slug.0)).await?;
    Ok(Template::render("post", page.ok_or(Failure::NotFound)?))
}

#[get("/tag/<slug>")]
async fn tag_page(mut db: Connection<Db>, slug: Slug) -> Result<Template, Error> {
    let page = pages::bounded(pages::tag(&mut db, &slug.0)).await?;
    Ok(Template::render("tag", page.ok_or(Failure::NotFound)?))
}

/// `page` rendered to bytes, for the cache; the same template and context as the uncached route's `Template`.
fn render(templates: &Metadata<'_>, name: &'static str, page: impl Serialize) -> Result<Vec<u8>, Error> {
    match templates.render(name, page) {
        Some((_, html)) => Ok(html.into_bytes()),
        None => {
            eprintln!("template {name} did not render");
            Err(Error(Failure::Unavailable))
        }
    }
}

/// One GET on a hit; on a miss, `render` (not run otherwise) and one SET before answering. A 404 caches nothing.
async fn cached(
    redis: &ConnectionManager,
    path: &str,
    render: impl std::future::Future<Output = Result<Vec<u8>, Error>>,
) -> Result<Html, Error> {
    let key = cache::key(path);
    if let Some(page) = cache::get(redis, &key, cache::PageCacheFormat::Raw).await? {
        return Ok((ContentType::HTML, page));
    }
    let page = render.await?;
    cache::put(redis, &key, &page, cache::PageCacheFormat::Raw).await?;
    Ok((ContentType::HTML, page))
}

/// On a miss, one connection from the pool for the page's queries (none on a hit).
#[get("/cached")]
async fn index_cached(db: &Db, redis: &State<ConnectionManager>, templates: Metadata<'_>) -> Result<Html, Error> {
    cached(redis, "/cached", async {
        let mut conn = db.acquire().await?;
        let page = pages::bounded(pages::index(&mut conn)).await?;
        drop(conn);
        render(&templates, "index", page)
    })
    .await
}

#[get("/post/<slug>/cached")]
async fn post_cached(
    db: &Db,
    redis: &State<ConnectionManager>,
    templates: Metadata<'_>,
    slug: Slug,
) -> Result<Html, Error> {
    let path = format!("/post/{}/cached", slug.0);
    cached(redis, &path, async {
        let mut conn = db.acquire().await?;
        let page = pages::bounded(pages::post(&mut conn, &slug.0)).await?;
        drop(conn);
        render(&templates, "post", page.ok_or(Failure::NotFound)?)
    })
    .await
}

#[get("/compute")]
fn compute() -> (ContentType, String) {
    (ContentType::Plain, blog_core::compute::answer())
}

#[get("/hello")]
fn hello() -> (ContentType, &'static str) {
    (ContentType::Plain, blog_core::HELLO)
}

/// The request's `Content-Length`, if it has a valid one.
pub struct DeclaredLength(Option<u64>);

#[rocket::async_trait]
impl<'r> FromRequest<'r> for DeclaredLength {
    type Error = Infallible;

    async fn from_request(req: &'r Request<'_>) -> request::Outcome<Self, Infallible> {
        let length = req.headers().get_one("Content-Length").and_then(|v| v.trim().parse().ok());
        request::Outcome::Success(DeclaredLength(length))
    }
}

/// Contract §5.1: a body that stops coming is answered 400 after this long.
const STALL: Duration = Duration::from_secs(2);

/// A declared body over the limit is refused on the head alone (hyper then sends no `100 Continue`); otherwise
/// the body is read, up to the limit, within [`STALL`].
#[post("/phash", data = "<body>")]
async fn phash(declared: DeclaredLength, body: Data<'_>) -> Result<(ContentType, String), Error> {
    if declared.0.is_some_and(|n| n > MAX_BODY_BYTES as u64) {
        return Err(Error(Failure::BodyTooLarge));
    }
    let read = body.open(MAX_BODY_BYTES.bytes()).into_bytes();
    let body = match tokio::time::timeout(STALL, read).await {
        Ok(Ok(body)) if body.is_complete() => body.into_inner(),
        Ok(Ok(_over_the_limit)) => return Err(Error(Failure::BodyTooLarge)),
        Ok(Err(_)) | Err(_) => return Err(Error(Failure::BadImageSize)),
    };
    Ok((ContentType::JSON, blog_core::phash::answer(&body)?))
}

/// The routes that need neither PostgreSQL nor Redis.
pub fn free() -> Vec<Route> {
    rocket::routes![compute, hello, phash]
}

/// The page routes, uncached and cached.
pub fn pages() -> Vec<Route> {
    rocket::routes![index, post_page, tag_page, index_cached, post_cached]
}

/// Every path of the contract with the methods it serves; Rocket answers HEAD with the GET route.
const PATHS: [(&str, Method); 8] = [
    ("/", Method::Get),
    ("/cached", Method::Get),
    ("/post/<slug>", Method::Get),
    ("/post/<slug>/cached", Method::Get),
    ("/tag/<slug>", Method::Get),
    ("/compute", Method::Get),
    ("/hello", Method::Get),
    ("/phash", Method::Post),
];

/// Every method Rocket knows; a request with another one is a 400 before routing.
const METHODS: [Method; 9] = [
    Method::Get,
    Method::Put,
    Method::Post,
    Method::Delete,
    Method::Options,
    Method::Head,
    Method::Trace,
    Method::Connect,
    Method::Patch,
];

fn refuse<'r>(req: &'r Request<'_>, _: Data<'r>) -> route::BoxFuture<'r> {
    route::Outcome::from(req, Error(Failure::MethodNotAllowed)).pin()
}

/// A 405 route for each method a known path does not serve.
pub fn method_not_allowed() -> Vec<Route> {
    let mut routes = Vec::new();
    for (path, served) in PATHS {
        for method in METHODS {
            let answered = method == served || (method == Method::Head && served == Method::Get);
            if !answered {
                routes.push(Route::new(method, path, refuse));
            }
        }
    }
    routes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_follow_the_contract_rule() {
        let slug = |raw| Slug::from_param(raw).map(|s| s.0);
        assert_eq!(slug("lock-thread-9").ok().as_deref(), Some("lock-thread-9"));
        assert_eq!(slug("%61bc").ok().as_deref(), Some("abc"));
        for bad in ["ABC", "abc%2Fcached", "caf%C3%A9", "%00", "x'%20OR%20'1'='1", "%FF", "..%2F..%2Fetc"] {
            assert!(slug(bad).is_err(), "{bad}");
        }
    }

    /// Each (path, method) has exactly one route: the contract's, or a 405; HEAD is left to the GET routes.
    #[test]
    fn every_method_of_every_path_has_one_route() {
        let all: Vec<Route> = [pages(), free(), method_not_allowed()].concat();
        for (path, served) in PATHS {
            for method in METHODS {
                let n = all
                    .iter()
                    .filter(|r| r.method == method && r.uri.path() == path)
                    .count();
                let expected = usize::from(!(method == Method::Head && served == Method::Get));
                assert_eq!(n, expected, "{method} {path}");
            }
        }
        assert_eq!(all.len(), PATHS.len() + method_not_allowed().len());
    }
}
