//! tako's per-thread server (`tako::serve_per_thread`, the `per-thread` feature) around the router of
//! `hello_tako`: `WORKERS` threads, each a tokio current-thread runtime with its own `SO_REUSEPORT` listener on
//! `HOST`:`PORT`. Every other `PerThreadConfig` field keeps tako's default, but `header_read_timeout`, the default
//! server's ([`hello_tako::HEADER_READ_TIMEOUT`]).

use hello_contract::Listen;
use tako::PerThreadConfig;

/// Serves until SIGINT or SIGTERM (tako's per-thread server then drains), or fails when no worker could bind.
/// `pin_to_core` pins worker N to the N-th CPU this process may run on.
pub fn serve(listen: Listen, pin_to_core: bool) -> std::io::Result<()> {
    let config = PerThreadConfig {
        workers: listen.workers,
        pin_to_core,
        header_read_timeout: Some(hello_tako::HEADER_READ_TIMEOUT),
        ..Default::default()
    };
    tako::serve_per_thread(&listen.addr().to_string(), hello_tako::router(), config)
}
