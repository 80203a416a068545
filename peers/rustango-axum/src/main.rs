//! The blog workload (docs/workload.md) on axum 0.8 with the Rustango ORM: one multi-threaded tokio runtime with
//! `WORKERS` threads, one shared Rustango pool (one connection per request) and one shared Redis multiplexed
//! connection of Rustango's cache backend. The routes are blog-core's (`axum_routes`, over rustango-core's `Blog`),
//! served by blog-core's hyper loop instead of `axum::serve`, for the bounds on a request head (contract §5.1).

use blog_core::{axum_routes, Config};
use rustango_core::store::{self, PageCache};
use rustango_core::Blog;

async fn serve(config: Config) -> Result<(), String> {
    // Parsed here for the contract's checks of both URLs; Rustango takes them as text.
    config.postgres()?;
    store::configure(config.pool_max, config.pool_min);
    let router = axum_routes::router(
        Blog::new(),
        store::pool(&config.database_url)?,
        PageCache::connect(&config.redis_url).await?,
    );
    let listener = blog_core::serve::listen(config.listen_addr()).await?;
    match axum_routes::serve(&listener, router).await {}
}

fn main() {
    blog_core::serve::run("rustango-axum", serve);
}
