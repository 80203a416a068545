//! Starts the server as `cargo loco start` would, without Loco's CLI (its `cli` feature is off to keep the build
//! short): the environment from `LOCO_ENV` (default `development`), the configuration from `config/`, then the
//! tokio runtime with `settings.workers` threads, which `#[tokio::main]` could not size from the configuration.

use loco::app::App;
use loco_rs::app::Hooks;
use loco_rs::boot::{start, ServeParams, StartMode};
use loco_rs::environment::{resolve_from_env, Environment};
use serde::Deserialize;

/// The app's own part of the configuration (`settings:`).
#[derive(Deserialize)]
struct Settings {
    workers: usize,
}

fn main() -> loco_rs::Result<()> {
    let environment: Environment = resolve_from_env().into();
    let config = environment.load()?;
    let workers = config.settings::<Settings>()?.workers.max(1);
    loco_rs::logger::init::<App>(&config.logger)?;
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(workers)
        .enable_all()
        .build()?
        .block_on(async {
            let boot = App::boot(StartMode::ServerOnly, &environment, config).await?;
            let params = ServeParams {
                port: boot.app_context.config.server.port,
                binding: boot.app_context.config.server.binding.clone(),
            };
            start::<App>(boot, params, true).await
        })
}
