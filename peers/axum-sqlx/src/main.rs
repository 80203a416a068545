//! The blog workload (docs/workload.md) on axum 0.8: one multi-threaded tokio runtime with `WORKERS` threads,
//! one shared sqlx pool and one shared Redis multiplexed connection. The routes are blog-core's
//! (`axum_routes`, over sqlx's `Blog`), served by blog-core's hyper loop instead of `axum::serve`, for the bounds on
//! a request head (contract §5.1).

use blog_core::{axum_routes, cache, db, Blog, Config};

async fn serve(config: Config) -> Result<(), String> {
    let router = axum_routes::router(
        Blog::configured(&config),
        db::pool(
            config.postgres()?,
            config.pool_max,
            config.pool_min,
            config.test_before_acquire,
        ),
        cache::connect(config.redis()?).map_err(|e| format!("redis: {e}"))?,
    );
    let listener = blog_core::serve::listen(config.listen_addr()).await?;
    match axum_routes::serve(&listener, router).await {}
}

// Public for src/mimalloc.rs, the same app with another allocator.
pub fn main() {
    blog_core::serve::run("axum-sqlx", serve);
}
