//! `axum-hello`: GET /hello on an axum `Router`, served as `axum::serve` serves it (hyper-util's auto connection
//! builder on tokio, one task per connection) on a tokio multi-threaded runtime of `WORKERS` threads, plus the two
//! bounds of the request head that `axum::serve` cannot be given (contract §5.1): hyper's `header_read_timeout`
//! and a read buffer of 16 KiB. Like `axum::serve`, it leaves `TCP_NODELAY` off on accepted sockets (apps.toml says
//! so).

use std::time::Duration;

use axum::http::StatusCode;
use axum::routing::get;
use axum::Router;
use hello_contract::{Listen, HELLO, METHOD_NOT_ALLOWED, NOT_FOUND};
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto::Builder;
use hyper_util::service::TowerToHyperService;

/// Contract §5.1: a request head not complete 2 s after it began is closed.
const STALL: Duration = Duration::from_secs(2);
/// Contract §5.1: a request head over 16 KiB is refused (hyper answers 431); hyper's default buffer is ~400 KiB.
const MAX_HEAD_BYTES: usize = 16 * 1024;

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
    let mut builder = Builder::new(TokioExecutor::new());
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(STALL)
        .max_buf_size(MAX_HEAD_BYTES);
    loop {
        let tcp = match listener.accept().await {
            Ok((tcp, _)) => tcp,
            Err(_) => {
                // Out of file descriptors or the like: wait instead of spinning, as axum::serve does.
                tokio::time::sleep(Duration::from_secs(1)).await;
                continue;
            }
        };
        let service = TowerToHyperService::new(router.clone());
        let builder = builder.clone();
        tokio::spawn(async move {
            let _ = builder
                .serve_connection_with_upgrades(TokioIo::new(tcp), service)
                .await;
        });
    }
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
