//! The router of every tako binary of the hello suite, and tako's default server around it.
//!
//! `GET /hello` answers the contract's 13 bytes (tako's `&'static str` responder sets
//! `text/plain; charset=utf-8`); any other path is tako's own plain-text 404 (`tako::NOT_FOUND`); another method
//! on `/hello` is tako's 405, with its `Allow` header, given the contract's body.

use std::time::Duration;

use hello_contract::{Listen, METHOD_NOT_ALLOWED};
use tako::header::ALLOW;
use tako::responder::Responder;
use tako::router::Router;
use tako::types::{BoxError, Response};
use tako::{Server, ServerConfig, StatusCode};

/// tako's `header_read_timeout` for both servers. tako checks it every half deadline and closes a connection after
/// two checks without a new request head, so a head that stalls or trickles is closed 1 to 1.5 times this after it
/// began: 4/3 s makes that at most the contract's 2 s (docs/workload.md §5.1; tako's default is 30 s).
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_millis(1_333);

async fn hello() -> &'static str {
    hello_contract::HELLO
}

/// The router: `GET /hello`, a 404 fallback, and the contract's 405 body.
pub fn router() -> Router {
    let mut router = Router::new();
    router.get("/hello", hello);
    router.fallback(|_| async { tako::NOT_FOUND });
    router.client_error_handler(method_not_allowed_body);
    router
}

/// Gives tako's empty 405 the contract's body; every other 4xx passes unchanged.
fn method_not_allowed_body(response: Response) -> Response {
    if response.status() != StatusCode::METHOD_NOT_ALLOWED {
        return response;
    }
    let mut rewritten = (StatusCode::METHOD_NOT_ALLOWED, METHOD_NOT_ALLOWED).into_response();
    if let Some(allow) = response.headers().get(ALLOW) {
        rewritten.headers_mut().insert(ALLOW, allow.clone());
    }
    rewritten
}

/// Serves [`router`] on tako's default server (`Server::builder()` with its default config but
/// [`HEADER_READ_TIMEOUT`]) on a tokio multi-threaded runtime of `listen.workers` threads, until the server stops.
pub fn serve_on_default_server(listen: Listen) -> Result<(), BoxError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(listen.workers)
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(listen.addr()).await?;
        let config = ServerConfig {
            header_read_timeout: Some(HEADER_READ_TIMEOUT),
            ..ServerConfig::default()
        };
        Server::builder()
            .config(config)
            .build()
            .try_spawn_http(listener, router())?
            .result()
            .await?;
        Ok(())
    })
}
