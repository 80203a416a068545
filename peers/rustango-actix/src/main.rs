//! The blog workload (docs/workload.md) on actix-web 4 with the Rustango ORM: `WORKERS` workers, each a
//! single-threaded runtime with its own Rustango pool (a slice of `POOL_MAX`) and its own Redis multiplexed
//! connection of Rustango's cache backend. Round 2 measured a pool shared across workers as much slower: a
//! connection's socket is driven by the runtime that opened it, so every query from another worker crosses threads.

use std::fmt;
use std::time::Duration;

use actix_web::body::{self, EitherBody};
use actix_web::http::{Method, StatusCode};
use actix_web::dev::{Service, ServiceRequest, ServiceResponse};
use actix_web::{guard, web, App, FromRequest, HttpRequest, HttpResponse, HttpServer, Resource, ResponseError, Route};
use blog_core::content_type::{HTML, JSON, TEXT};
use blog_core::{compute, phash, Config, Failure};
use rustango::sql::Pool;
use rustango_core::store::{self, PageCache};
use rustango_core::Blog;

/// What each worker owns; created on the worker's own runtime.
struct Worker {
    db: Pool,
    pages: PageCache,
}

/// A [`Failure`] as an actix-web response (the orphan rule keeps that impl out of blog-core).
#[derive(Debug)]
struct Error(Failure);

impl From<Failure> for Error {
    fn from(f: Failure) -> Self {
        Error(f)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl ResponseError for Error {
    fn status_code(&self) -> StatusCode {
        StatusCode::from_u16(self.0.status()).expect("contract status codes are valid")
    }

    fn error_response(&self) -> HttpResponse {
        HttpResponse::build(self.status_code())
            .content_type(self.0.content_type())
            .body(self.0.body())
    }
}

type Page = Result<HttpResponse, Error>;

fn ok(content_type: &'static str, body: impl actix_web::body::MessageBody + 'static) -> Page {
    Ok(HttpResponse::Ok().content_type(content_type).body(body))
}

async fn index(blog: web::Data<Blog>, w: web::Data<Worker>) -> Page {
    ok(HTML, blog.index(&w.db).await?)
}

async fn index_cached(blog: web::Data<Blog>, w: web::Data<Worker>) -> Page {
    ok(HTML, blog.index_cached(&w.db, &w.pages).await?)
}

async fn post_page(blog: web::Data<Blog>, w: web::Data<Worker>, slug: web::Path<String>) -> Page {
    ok(HTML, blog.post(&w.db, &slug).await?)
}

async fn post_cached(blog: web::Data<Blog>, w: web::Data<Worker>, slug: web::Path<String>) -> Page {
    ok(HTML, blog.post_cached(&w.db, &w.pages, &slug).await?)
}

async fn tag_page(blog: web::Data<Blog>, w: web::Data<Worker>, slug: web::Path<String>) -> Page {
    ok(HTML, blog.tag(&w.db, &slug).await?)
}

async fn compute() -> Page {
    ok(TEXT, compute::answer())
}

async fn hello() -> Page {
    ok(TEXT, blog_core::HELLO)
}

/// Contract §5.1: a request head (line and headers) over this many bytes is refused with 431.
const MAX_HEAD_BYTES: usize = 16 * 1024;

/// The request head's size as sent, near enough: target, header names and values, separators.
fn head_size(req: &ServiceRequest) -> usize {
    let target = req.uri().path_and_query().map_or(0, |p| p.as_str().len());
    let headers: usize = req.headers().iter().map(|(k, v)| k.as_str().len() + v.len() + 4).sum();
    target + headers + 16
}

/// Contract §5.1: the stall bound of a request head or body.
const STALL: Duration = Duration::from_secs(2);

/// Reads the body itself, within [`STALL`]: actix bounds the head but not a body that stops coming (then a 400).
async fn phash(req: HttpRequest, payload: web::Payload) -> Page {
    let mut payload = payload.into_inner();
    let read = web::Bytes::from_request(&req, &mut payload);
    let Ok(body) = actix_web::rt::time::timeout(STALL, read).await else {
        return Err(Error(Failure::BadImageSize));
    };
    let body = body.map_err(|e| match e.as_response_error().status_code() {
        StatusCode::PAYLOAD_TOO_LARGE => Failure::BodyTooLarge,
        _ => Failure::BadImageSize,
    })?;
    ok(JSON, phash::answer(&body)?)
}

async fn not_found() -> Page {
    Err(Error(Failure::NotFound))
}

async fn method_not_allowed() -> Page {
    Err(Error(Failure::MethodNotAllowed))
}

/// GET, and HEAD answered like it (contract §5.1): actix writes a HEAD answer's head, Content-Length included,
/// without its body.
fn get() -> Route {
    web::route().guard(guard::Any(guard::Get()).or(guard::Head()))
}

/// A known path: any method without a route is a 405 with the contract's body.
fn resource(path: &str) -> Resource {
    web::resource(path).default_service(web::to(method_not_allowed))
}

#[actix_web::main]
async fn main() {
    if let Err(e) = serve(Config::from_env()).await {
        eprintln!("rustango-actix: {e}");
        std::process::exit(1);
    }
}

async fn serve(config: Result<Config, String>) -> Result<(), String> {
    let config = config?;
    // Parsed here for the contract's checks of both URLs; Rustango takes them as text.
    config.postgres()?;
    config.redis()?;
    let (pool_max, pool_min) = config.pool_slice();
    // Rustango's pool settings are process-wide: every worker's pool is one slice.
    store::configure(pool_max, pool_min);
    let (postgres, redis) = (config.database_url.clone(), config.redis_url.clone());
    let blog = web::Data::new(Blog::new());
    HttpServer::new(move || {
        let (postgres, redis) = (postgres.clone(), redis.clone());
        // Runs once per worker, on that worker's runtime, before it accepts requests.
        let worker = move || {
            let (postgres, redis) = (postgres.clone(), redis.clone());
            async move {
                Ok::<_, String>(Worker {
                    db: store::pool(&postgres)?,
                    pages: PageCache::connect(&redis).await?,
                })
            }
        };
        App::new()
            .wrap_fn(|req, srv| {
                // Contract §5.1: a request head over 16 KiB is refused; actix's own limit is far higher.
                let refused = (head_size(&req) > MAX_HEAD_BYTES).then(|| req.request().clone());
                let call = refused.is_none().then(|| srv.call(req));
                async move {
                    match (refused, call) {
                        (None, Some(call)) => call.await.map(ServiceResponse::map_into_left_body),
                        (refused, _) => {
                            let answer = HttpResponse::build(StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE)
                                .content_type(TEXT)
                                .body("Request Header Fields Too Large");
                            let req = refused.expect("refused when not called");
                            Ok(ServiceResponse::new(req, answer).map_into_right_body())
                        }
                    }
                }
            })
            .wrap_fn(|req, srv| {
                // A HEAD answer goes out without its body, and so without Content-Length (allowed by §5.1).
                // actix-http already drops it, but from a flag of the connection's codec that the next
                // pipelined request overwrites before a slow (database) answer is written.
                let head = req.method() == Method::HEAD;
                let call = srv.call(req);
                async move {
                    let res = call.await?;
                    Ok(if head {
                        res.map_body(|_, _| EitherBody::right(body::None::new()))
                    } else {
                        res.map_into_left_body()
                    })
                }
            })
            .app_data(blog.clone())
            // A slug that does not decode (e.g. invalid UTF-8) is a 404 like any other bad slug.
            .app_data(
                web::PathConfig::default().error_handler(|_, _| Error(Failure::NotFound).into()),
            )
            .app_data(web::PayloadConfig::new(blog_core::MAX_BODY_BYTES))
            .data_factory(worker)
            .service(resource("/").route(get().to(index)))
            .service(resource("/cached").route(get().to(index_cached)))
            .service(resource("/post/{slug}").route(get().to(post_page)))
            .service(resource("/post/{slug}/cached").route(get().to(post_cached)))
            .service(resource("/tag/{slug}").route(get().to(tag_page)))
            .service(resource("/compute").route(get().to(compute)))
            .service(resource("/hello").route(get().to(hello)))
            .service(resource("/phash").route(web::post().to(phash)))
            .default_service(web::to(not_found))
    })
    .workers(config.workers)
    .tcp_nodelay(true)
    // Contract §5.1: a request head not complete within 2 s gets a 408 and the connection closed.
    .client_request_timeout(STALL)
    .bind(("127.0.0.1", config.port))
    .map_err(|e| format!("port {}: {e}", config.port))?
    .run()
    .await
    .map_err(|e| e.to_string())
}
