//! `Hooks::serve`: Loco's router on blog-core's hyper connection loop instead of `axum::serve`, for the bounds on a
//! request head that the contract asks (docs/workload.md §5.1) and that `axum::serve` does not set.

use blog_core::axum_routes;
use loco_rs::boot::{shutdown_signal, ServeParams};
use loco_rs::Result;

/// Serves `router` on `params` until SIGINT or SIGTERM.
pub async fn serve(router: axum::Router, params: &ServeParams) -> Result<()> {
    let listener = tokio::net::TcpListener::bind((params.binding.as_str(), port(params)?)).await?;
    tokio::select! {
        never = axum_routes::serve(&listener, router) => match never {},
        () = shutdown_signal() => {}
    }
    Ok(())
}

fn port(params: &ServeParams) -> Result<u16> {
    u16::try_from(params.port)
        .map_err(|_| loco_rs::Error::string(&format!("server.port {} is not a TCP port", params.port)))
}
