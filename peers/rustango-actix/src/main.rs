//! The blog workload (docs/workload.md) on actix-web 4 with the Rustango ORM: `WORKERS` workers, each a
//! single-threaded runtime with its own Rustango pool (a slice of `POOL_MAX`) and its own Redis multiplexed
//! connection of Rustango's cache backend. Round 2 measured a pool shared across workers as much slower: a
//! connection's socket is driven by the runtime that opened it, so every query from another worker crosses threads.
//! The routes and server are blog-core's (`actix_routes`, over rustango-core's `Blog`).

use blog_core::actix_routes::{self, Worker};
use blog_core::Config;
use rustango_core::store::{self, PageCache};
use rustango_core::Blog;

#[actix_web::main]
async fn main() {
    if let Err(e) = serve(Config::from_env()).await {
        eprintln!("rustango-actix: {e}");
        std::process::exit(1);
    }
}

async fn serve(config: Result<Config, String>) -> Result<(), String> {
    let config = config?;
    // Parsed here for the contract's checks of both URLs; Rustango takes them as text.
    config.postgres()?;
    config.redis()?;
    let (pool_max, pool_min) = config.pool_slice();
    // Rustango's pool settings are process-wide: every worker's pool is one slice.
    store::configure(pool_max, pool_min);
    let (postgres, redis) = (config.database_url.clone(), config.redis_url.clone());
    let worker = move || {
        let (postgres, redis) = (postgres.clone(), redis.clone());
        async move {
            Ok::<_, String>(Worker::<Blog> {
                db: store::pool(&postgres)?,
                cache: PageCache::connect(&redis).await?,
            })
        }
    };
    actix_routes::serve(&config, Blog::new(), worker).await
}
