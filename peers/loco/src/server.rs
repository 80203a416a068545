//! `Hooks::serve`: Loco's router on a hyper connection loop instead of `axum::serve`, for the bounds on a request
//! head that the contract asks (docs/workload.md §5.1) and that `axum::serve` does not set.

use std::time::Duration;

use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use loco_rs::boot::{shutdown_signal, ServeParams};
use loco_rs::Result;

/// Contract §5.1: a request head that sends no byte for this long is closed.
const STALL: Duration = Duration::from_secs(2);
/// Contract §5.1: a request head over this is refused (hyper answers 431).
const MAX_HEAD_BYTES: usize = 16 * 1024;

/// Serves `router` on `params` until SIGINT or SIGTERM.
pub async fn serve(router: axum::Router, params: &ServeParams) -> Result<()> {
    let listener = tokio::net::TcpListener::bind((params.binding.as_str(), port(params)?)).await?;
    let accept = async {
        loop {
            let tcp = match listener.accept().await {
                Ok((tcp, _)) => tcp,
                Err(_) => {
                    // Out of file descriptors or the like: wait instead of spinning.
                    tokio::time::sleep(Duration::from_millis(10)).await;
                    continue;
                }
            };
            // Nagle's algorithm would make small responses wait on delayed ACKs.
            let _ = tcp.set_nodelay(true);
            let service = TowerToHyperService::new(router.clone());
            tokio::spawn(async move {
                let _ = hyper::server::conn::http1::Builder::new()
                    .timer(TokioTimer::new())
                    .header_read_timeout(STALL)
                    .max_buf_size(MAX_HEAD_BYTES)
                    .serve_connection(TokioIo::new(tcp), service)
                    .await;
            });
        }
    };
    tokio::select! {
        () = accept => {}
        () = shutdown_signal() => {}
    }
    Ok(())
}

fn port(params: &ServeParams) -> Result<u16> {
    u16::try_from(params.port)
        .map_err(|_| loco_rs::Error::string(&format!("server.port {} is not a TCP port", params.port)))
}
