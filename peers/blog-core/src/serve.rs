//! The connection loop of the peers that drive hyper themselves (axum-sqlx, rustango-axum, Loco, Cot) instead of
//! `axum::serve` or `cot::run`, which bound neither the time to read a request head nor its size (contract §5.1).
//! Feature `serve`.

use std::convert::Infallible;
use std::error::Error;
use std::net::SocketAddr;
use std::time::Duration;

use hyper::body::{Body, Incoming};
use hyper::service::Service;
use hyper::{Request, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;

/// How long the loop waits after a failed accept (out of file descriptors or the like) instead of spinning.
const ACCEPT_RETRY: Duration = Duration::from_millis(10);

/// A listener on `addr` (the contract's `HOST:PORT`, [`crate::Config::listen_addr`]), where the runner reaches
/// the apps; the error names the address.
pub async fn listen(addr: SocketAddr) -> Result<TcpListener, String> {
    TcpListener::bind(addr)
        .await
        .map_err(|e| format!("{addr}: {e}"))
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

#[cfg(test)]
mod tests {
    use std::io::{Read, Write};
    use std::time::Instant;

    use super::*;

    /// What [`accept`], serving "ok" on every request, answers to `head`, read until the server closes (or for at
    /// most 5 s), and how long that took.
    async fn answer_to(head: String) -> (String, Duration) {
        let listener = TcpListener::bind(("127.0.0.1", 0)).await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let service = hyper::service::service_fn(|_request| async {
            Ok::<_, Infallible>(Response::new(String::from("ok")))
        });
        let server = tokio::spawn(async move { accept(&listener, service).await });
        let answer = tokio::task::spawn_blocking(move || {
            let mut tcp = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
            tcp.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
            let sent = Instant::now();
            // The server may close before it has read everything; what it answered is still read below.
            let _ = tcp.write_all(head.as_bytes());
            let mut answer = Vec::new();
            let _ = tcp.read_to_end(&mut answer);
            (
                String::from_utf8_lossy(&answer).into_owned(),
                sent.elapsed(),
            )
        })
        .await
        .unwrap();
        server.abort();
        answer
    }

    fn head_with(filler_bytes: usize) -> String {
        format!(
            "GET /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Filler: {}\r\n\r\n",
            "a".repeat(filler_bytes)
        )
    }

    #[tokio::test]
    async fn a_head_under_the_limit_is_served() {
        let (answer, _) = answer_to(head_with(8 * 1024)).await;
        assert!(answer.starts_with("HTTP/1.1 200 OK\r\n"), "{answer}");
        assert!(answer.ends_with("\r\n\r\nok"), "{answer}");
    }

    #[tokio::test]
    async fn a_head_over_the_limit_is_refused_with_431() {
        let (answer, _) = answer_to(head_with(crate::MAX_HEAD_BYTES + 1024)).await;
        assert!(answer.starts_with("HTTP/1.1 431 "), "{answer}");
    }

    #[tokio::test]
    async fn a_stalled_head_is_closed_after_the_stall_bound() {
        let (answer, took) = answer_to("GET /hello HTTP/1.1\r\nHost: x\r\n".into()).await;
        assert_eq!(answer, "");
        let stall = crate::STALL;
        assert!(
            took >= stall - Duration::from_millis(200) && took < stall + Duration::from_secs(2),
            "{took:?}"
        );
    }
}
