//! The blog workload (docs/workload.md) on actix-web 4: `WORKERS` workers, each a single-threaded runtime with
//! its own slice of the PostgreSQL pool and its own Redis multiplexed connection. Round 2 measured a pool shared
//! across workers as much slower: a connection's socket is driven by the runtime that opened it, so every
//! query from another worker crosses threads. The routes and server are blog-core's (`actix_routes`, over sqlx's
//! `Blog`); what is this app's is how each worker gets its connections.

use blog_core::actix_routes::{self, Worker};
use blog_core::config::WorkerPools;
use blog_core::{cache, db, Blog, Config};

// Public for src/mimalloc.rs, the same app with another allocator.
#[actix_web::main]
pub async fn main() {
    if let Err(e) = serve(Config::from_env()).await {
        eprintln!("actix-sqlx: {e}");
        std::process::exit(1);
    }
}

async fn serve(config: Result<Config, String>) -> Result<(), String> {
    let config = config?;
    let postgres = config.postgres()?;
    let redis = config.redis()?;
    let (pool_max, pool_min) = config.pool_slice();
    let ping = config.test_before_acquire;
    let blog = Blog::configured(&config);
    // With `WORKER_POOLS=shared`, one pool and Redis connection for all workers, made on the main thread's
    // runtime (round 2, finding 6).
    let shared = match config.worker_pools {
        WorkerPools::Slice => None,
        WorkerPools::Shared => Some(Worker::<Blog> {
            db: db::pool(postgres.clone(), config.pool_max, config.pool_min, ping),
            cache: cache::connect(redis.clone()).map_err(|e| format!("redis: {e}"))?,
        }),
    };
    let worker = move || {
        let (postgres, redis, shared) = (postgres.clone(), redis.clone(), shared.clone());
        async move {
            if let Some(shared) = shared {
                return Ok(shared);
            }
            let redis = cache::connect(redis).map_err(|e| format!("redis: {e}"))?;
            Ok::<_, String>(Worker {
                db: db::pool(postgres, pool_max, pool_min, ping),
                cache: redis,
            })
        }
    };
    actix_routes::serve(&config, blog, worker).await
}
