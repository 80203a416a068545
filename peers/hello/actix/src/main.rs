//! `actix-hello`: GET /hello on actix-web's `HttpServer` with its defaults and `WORKERS` workers, but
//! `client_request_timeout`, the contract's 2 s bound on a request head (§5.1; actix's default is 5 s). actix-web
//! leaves `TCP_NODELAY` at the OS default (off) unless `HttpServer::tcp_nodelay` is called; it is not called here
//! (apps.toml says so).

use std::time::Duration;

use actix_web::{web, App, HttpResponse, HttpServer};
use hello_contract::{Listen, HELLO, METHOD_NOT_ALLOWED, NOT_FOUND, TEXT};

async fn hello() -> &'static str {
    HELLO
}

async fn not_found() -> HttpResponse {
    HttpResponse::NotFound().content_type(TEXT).body(NOT_FOUND)
}

async fn method_not_allowed() -> HttpResponse {
    HttpResponse::MethodNotAllowed().content_type(TEXT).body(METHOD_NOT_ALLOWED)
}

fn main() {
    let listen = Listen::from_env_or_exit("actix-hello");
    let server = HttpServer::new(|| {
        App::new()
            .service(
                web::resource("/hello")
                    .route(web::get().to(hello))
                    // After GET, so a GET never tries it: HEAD answers as GET does, without the body (§5.1).
                    .route(web::head().to(hello))
                    .default_service(web::to(method_not_allowed)),
            )
            .default_service(web::to(not_found))
    })
    .workers(listen.workers)
    // A request head not complete within 2 s gets a 408 and the connection closed.
    .client_request_timeout(Duration::from_secs(2));
    let result = actix_web::rt::System::new().block_on(async move { server.bind(listen.addr())?.run().await });
    if let Err(e) = result {
        hello_contract::fail("actix-hello", e);
    }
}
