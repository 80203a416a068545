//! The eight routes of contract section 4 on actix-web 4, for any [`Pages`] (actix-sqlx, rustango-actix), and the
//! server that runs them: `WORKERS` workers, each a single-threaded runtime with the connections it owns (a
//! [`Worker`]). Feature `actix`.

use std::fmt;
use std::future::Future;

use actix_web::body::{self, EitherBody, MessageBody};
use actix_web::dev::{Service, ServiceRequest, ServiceResponse};
use actix_web::http::{Method, StatusCode};
use actix_web::{
    guard, web, App, FromRequest, HttpRequest, HttpResponse, HttpServer, Resource, ResponseError,
    Route,
};

use crate::content_type::{HTML, JSON, TEXT};
use crate::{compute, phash, Config, Failure, Pages, MAX_BODY_BYTES, MAX_HEAD_BYTES, STALL};

/// What one worker's requests run on: its pool and its page cache.
pub struct Worker<P: Pages> {
    pub db: P::Db,
    pub cache: P::Cache,
}

// By hand: a derive would ask `P: Clone`, and only the handles are cloned.
impl<P: Pages> Clone for Worker<P>
where
    P::Db: Clone,
    P::Cache: Clone,
{
    fn clone(&self) -> Self {
        Worker {
            db: self.db.clone(),
            cache: self.cache.clone(),
        }
    }
}

/// Runs the routes of `pages` until the server stops: `config.workers` workers on `config.listen_addr()`,
/// TCP_NODELAY on, a request head not complete within [`STALL`] answered 408 and closed. Each worker calls
/// `worker` once, on its own runtime and before it accepts requests, for the [`Worker`] its requests use; an
/// error there stops that worker's start. Call it on actix's runtime (`#[actix_web::main]`).
pub async fn serve<P, F, W>(config: &Config, pages: P, worker: F) -> Result<(), String>
where
    P: Pages,
    F: Fn() -> W + Clone + Send + 'static,
    W: Future<Output = Result<Worker<P>, String>> + 'static,
{
    let pages = web::Data::new(pages);
    HttpServer::new(move || app(pages.clone(), worker.clone()))
        .workers(config.workers)
        .tcp_nodelay(true)
        .client_request_timeout(STALL)
        .bind(config.listen_addr())
        .map_err(|e| format!("{}: {e}", config.listen_addr()))?
        .run()
        .await
        .map_err(|e| e.to_string())
}

/// One worker's app: the contract's head-size bound and HEAD answers, the routes, a 404 for any other path.
fn app<P, F, W>(
    pages: web::Data<P>,
    worker: F,
) -> App<
    impl actix_web::dev::ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
>
where
    P: Pages,
    F: Fn() -> W + 'static,
    W: Future<Output = Result<Worker<P>, String>> + 'static,
{
    App::new()
        .wrap_fn(|req, srv| {
            // Contract §5.1: a request head over 16 KiB is refused; actix's own limit is far higher.
            let refused = (head_size(&req) > MAX_HEAD_BYTES).then(|| req.request().clone());
            let call = refused.is_none().then(|| srv.call(req));
            async move {
                match (refused, call) {
                    (None, Some(call)) => call.await.map(ServiceResponse::map_into_left_body),
                    (refused, _) => {
                        let answer =
                            HttpResponse::build(StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE)
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
        .app_data(pages)
        // A slug that does not decode (e.g. invalid UTF-8) is a 404 like any other bad slug.
        .app_data(web::PathConfig::default().error_handler(|_, _| Error(Failure::NotFound).into()))
        .app_data(web::PayloadConfig::new(MAX_BODY_BYTES))
        .data_factory(worker)
        .service(resource("/").route(get().to(index::<P>)))
        .service(resource("/cached").route(get().to(index_cached::<P>)))
        .service(resource("/post/{slug}").route(get().to(post_page::<P>)))
        .service(resource("/post/{slug}/cached").route(get().to(post_cached::<P>)))
        .service(resource("/tag/{slug}").route(get().to(tag_page::<P>)))
        .service(resource("/compute").route(get().to(compute)))
        .service(resource("/hello").route(get().to(hello)))
        .service(resource("/phash").route(web::post().to(phash)))
        .default_service(web::to(not_found))
}

/// A [`Failure`] as an actix-web response (the orphan rule allows no `ResponseError` for `Failure` itself).
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

fn ok(content_type: &'static str, body: impl MessageBody + 'static) -> Page {
    Ok(HttpResponse::Ok().content_type(content_type).body(body))
}

async fn index<P: Pages>(pages: web::Data<P>, w: web::Data<Worker<P>>) -> Page {
    ok(HTML, pages.index(&w.db).await?)
}

async fn index_cached<P: Pages>(pages: web::Data<P>, w: web::Data<Worker<P>>) -> Page {
    ok(HTML, pages.index_cached(&w.db, &w.cache).await?)
}

async fn post_page<P: Pages>(
    pages: web::Data<P>,
    w: web::Data<Worker<P>>,
    slug: web::Path<String>,
) -> Page {
    ok(HTML, pages.post(&w.db, &slug).await?)
}

async fn post_cached<P: Pages>(
    pages: web::Data<P>,
    w: web::Data<Worker<P>>,
    slug: web::Path<String>,
) -> Page {
    ok(HTML, pages.post_cached(&w.db, &w.cache, &slug).await?)
}

async fn tag_page<P: Pages>(
    pages: web::Data<P>,
    w: web::Data<Worker<P>>,
    slug: web::Path<String>,
) -> Page {
    ok(HTML, pages.tag(&w.db, &slug).await?)
}

async fn compute() -> Page {
    ok(TEXT, compute::answer())
}

async fn hello() -> Page {
    ok(TEXT, crate::HELLO)
}

/// The request head's size as sent, near enough: target, header names and values, separators.
fn head_size(req: &ServiceRequest) -> usize {
    let target = req.uri().path_and_query().map_or(0, |p| p.as_str().len());
    let headers: usize = req
        .headers()
        .iter()
        .map(|(k, v)| k.as_str().len() + v.len() + 4)
        .sum();
    target + headers + 16
}

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
