//! The connection loop of the peers that drive hyper themselves (axum-sqlx, rustango-axum, Loco, Cot) instead of
//! `axum::serve` or `cot::run`, which bound neither the time to read a request head nor its size (contract §5.1).
//! Feature `serve`.

use std::convert::Infallible;
use std::error::Error;
use std::time::Duration;

use hyper::body::{Body, Incoming};
use hyper::service::Service;
use hyper::{Request, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;

/// How long the loop waits after a failed accept (out of file descriptors or the like) instead of spinning.
const ACCEPT_RETRY: Duration = Duration::from_millis(10);

/// A listener on 127.0.0.1:`port`, where the runner reaches the apps; the error names the port.
pub async fn listen(port: u16) -> Result<TcpListener, String> {
    TcpListener::bind(("127.0.0.1", port))
        .await
        .map_err(|e| format!("port {port}: {e}"))
}

/// Serves every connection `listener` accepts, forever: TCP_NODELAY on, then HTTP/1.1 on a task of its own with a
/// clone of `service`, hyper closing a connection whose request head stalls for [`crate::STALL`] and answering 431
/// to a head over [`crate::MAX_HEAD_BYTES`]. Never returns; stop it by dropping the future.
pub async fn accept<S, B>(listener: &TcpListener, service: S) -> Infallible
where
    S: Service<Request<Incoming>, Response = Response<B>> + Clone + Send + 'static,
    S::Future: Send + 'static,
    S::Error: Into<Box<dyn Error + Send + Sync>>,
    B: Body + Send + 'static,
    B::Data: Send,
    B::Error: Into<Box<dyn Error + Send + Sync>>,
{
    loop {
        let tcp = match listener.accept().await {
            Ok((tcp, _)) => tcp,
            Err(_) => {
                tokio::time::sleep(ACCEPT_RETRY).await;
                continue;
            }
        };
        // Nagle's algorithm would make small responses wait on delayed ACKs.
        let _ = tcp.set_nodelay(true);
        let service = service.clone();
        tokio::spawn(async move {
            let _ = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(crate::STALL)
                .max_buf_size(crate::MAX_HEAD_BYTES)
                .serve_connection(TokioIo::new(tcp), service)
                .await;
        });
    }
}

/// The `main` of a peer on one multi-threaded tokio runtime: reads the [`crate::Config`] and runs `serve` on a
/// runtime of `WORKERS` threads. A configuration error, a failed start or `serve`'s error is printed to stderr as
/// `{app}: {error}` and the process exits with status 1.
#[cfg(feature = "stack")]
pub fn run<F, Fut>(app: &str, serve: F)
where
    F: FnOnce(crate::Config) -> Fut,
    Fut: std::future::Future<Output = Result<(), String>>,
{
    let result = crate::Config::from_env().and_then(|config| {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(config.workers)
            .enable_all()
            .build()
            .map_err(|e| e.to_string())?
            .block_on(serve(config))
    });
    if let Err(e) = result {
        eprintln!("{app}: {e}");
        std::process::exit(1);
    }
}
