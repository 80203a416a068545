//! `axum-hello`: GET /hello on `axum::serve` with its defaults, on a tokio multi-threaded runtime of `WORKERS`
//! threads. `axum::serve` leaves `TCP_NODELAY` off on accepted sockets; it stays off here (apps.toml says so).

use axum::http::StatusCode;
use axum::routing::get;
use axum::Router;
use hello_contract::{Listen, HELLO, METHOD_NOT_ALLOWED, NOT_FOUND};

async fn hello() -> &'static str {
    HELLO
}

async fn not_found() -> (StatusCode, &'static str) {
    (StatusCode::NOT_FOUND, NOT_FOUND)
}

async fn method_not_allowed() -> (StatusCode, &'static str) {
    (StatusCode::METHOD_NOT_ALLOWED, METHOD_NOT_ALLOWED)
}

async fn serve(listen: Listen) -> std::io::Result<()> {
    let router = Router::new()
        .route("/hello", get(hello))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed);
    let listener = tokio::net::TcpListener::bind(listen.addr()).await?;
    axum::serve(listener, router).await
}

fn main() {
    let listen = Listen::from_env_or_exit("axum-hello");
    let result = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(listen.workers)
        .enable_all()
        .build()
        .and_then(|runtime| runtime.block_on(serve(listen)));
    if let Err(e) = result {
        hello_contract::fail("axum-hello", e);
    }
}
