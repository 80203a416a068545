//! `ntex-hello`: GET /hello on ntex's `HttpServer` with its defaults and `WORKERS` workers, on the tokio runtime.
//! ntex sets `TCP_NODELAY` on every accepted socket itself.

use hello_contract::{Listen, HELLO, METHOD_NOT_ALLOWED, NOT_FOUND, TEXT};
use ntex::web::{self, App, HttpResponse, HttpServer};

async fn hello() -> &'static str {
    HELLO
}

async fn not_found() -> HttpResponse {
    HttpResponse::NotFound().content_type(TEXT).body(NOT_FOUND)
}

async fn method_not_allowed() -> HttpResponse {
    HttpResponse::MethodNotAllowed().content_type(TEXT).body(METHOD_NOT_ALLOWED)
}

#[ntex::main]
async fn main() {
    let listen = Listen::from_env_or_exit("ntex-hello");
    let server = HttpServer::new(async || {
        App::new()
            .service(
                web::resource("/hello")
                    .route(web::get().to(hello))
                    // After GET, so a GET never tries it: HEAD answers as GET does, without the body (§5.1).
                    .route(web::head().to(hello))
                    .default_service(web::to(method_not_allowed)),
            )
            .default_service(web::to(not_found))
    });
    let result = match server.workers(listen.workers).bind(listen.addr()) {
        Ok(bound) => bound.run().await,
        Err(e) => Err(e),
    };
    if let Err(e) = result {
        hello_contract::fail("ntex-hello", e);
    }
}
