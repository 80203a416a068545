//! The blog workload (docs/workload.md) on Rocket 0.5: rocket_db_pools' sqlx pool with one pooled connection per
//! page, rocket_dyn_templates with Tera, and a Redis multiplexed connection in Rocket's managed state. Rocket's
//! settings come from its figment: Rocket.toml, then the runner's environment (see [`figment`]).

#[cfg(test)]
mod app_tests;
mod http;
mod pages;
mod routes;

use blog_core::{cache, Config};
use rocket::figment::Figment;
use rocket::{Build, Rocket};
use rocket_db_pools::Database;
use rocket_dyn_templates::Template;

/// The PostgreSQL pool, `databases.blog` in Rocket's config. Its `connect_timeout` is sqlx's acquire timeout;
/// rocket_db_pools has no setting for sqlx's `test_before_acquire`, so every checkout pings PostgreSQL.
#[derive(Database)]
#[database("blog")]
pub struct Db(rocket_db_pools::sqlx::PgPool);

/// Rocket's own figment (Rocket.toml, `ROCKET_*` variables) with the contract's environment merged over it.
fn figment(config: &Config) -> Figment {
    rocket::Config::figment()
        .merge((rocket::Config::ADDRESS, config.host))
        .merge((rocket::Config::PORT, config.port))
        .merge((rocket::Config::WORKERS, config.workers))
        .merge(("databases.blog.url", &config.database_url))
        .merge(("databases.blog.max_connections", config.pool_max))
        .merge(("databases.blog.min_connections", config.pool_min))
}

/// Everything but the database and Redis: routes, catchers, the head-size fairing and the templates, with the
/// contract's escaper in place of Tera's (which also escapes `/`).
fn base(figment: Figment) -> Rocket<Build> {
    rocket::custom(figment)
        .attach(Template::custom(|engines| {
            engines.tera.set_escape_fn(blog_core::render::escape_html);
        }))
        .attach(http::ExactPaths)
        .attach(http::HeadLimit)
        .mount("/", routes::free())
        .mount("/", routes::method_not_allowed())
        .register("/", http::catchers())
}

async fn launch(config: Config) -> Result<(), String> {
    blog_core::phash::init();
    let redis = cache::connect(config.redis()?).map_err(|e| format!("redis: {e}"))?;
    base(figment(&config))
        .attach(Db::init())
        .manage(redis)
        .mount("/", routes::pages())
        .launch()
        .await
        .map(drop)
        .map_err(|e| e.to_string())
}

/// Rocket's `#[launch]` sizes its runtime from Rocket.toml and `ROCKET_WORKERS` only, not from the figment given to
/// `rocket::custom`, so the runtime is built here with the same settings and `WORKERS` threads.
fn main() {
    let result = Config::from_env().and_then(|config| {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(config.workers)
            // Rocket warns, and turns its forced shutdown off, on threads not named like its own.
            .thread_name("rocket-worker-thread")
            .enable_all()
            .build()
            .map_err(|e| e.to_string())?
            .block_on(launch(config))
    });
    if let Err(e) = result {
        eprintln!("rocket: {e}");
        std::process::exit(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config() -> Config {
        Config::from_lookup(|name| {
            let value = match name {
                "DATABASE_URL" => "postgresql://app:secret@127.0.0.1:15432/fairbench",
                "REDIS_URL" => "redis://:secret@127.0.0.1:16379",
                "HOST" => "10.77.0.2",
                "PORT" => "18090",
                "POOL_MAX" => "12",
                "POOL_MIN" => "3",
                "WORKERS" => "2",
                _ => return None,
            };
            Some(value.to_string())
        })
        .unwrap()
    }

    #[test]
    fn figment_carries_the_runner_environment_and_rocket_toml() {
        let figment = figment(&config());
        let rocket: rocket::Config = figment.extract().unwrap();
        assert_eq!((rocket.port, rocket.workers), (18090, 2));
        assert_eq!(rocket.address.to_string(), "10.77.0.2");
        assert!(rocket.ident.as_str().is_none(), "no Server header");
        let db: rocket_db_pools::Config = figment.extract_inner("databases.blog").unwrap();
        assert_eq!(db.url, "postgresql://app:secret@127.0.0.1:15432/fairbench");
        assert_eq!((db.max_connections, db.min_connections), (12, Some(3)));
        assert_eq!(db.connect_timeout, 2, "from Rocket.toml");
    }
}
