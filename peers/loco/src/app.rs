//! The Loco app: its hooks (boot, routes, initializers, serving) and an empty migrator, since the runner creates
//! and seeds the tables and the app only reads them (config: `auto_migrate: false`).

use std::path::Path;

use async_trait::async_trait;
use loco_rs::app::{AppContext, Hooks, Initializer};
use loco_rs::bgworker::Queue;
use loco_rs::boot::{create_app, BootResult, ServeParams, StartMode};
use loco_rs::config::Config;
use loco_rs::controller::AppRoutes;
use loco_rs::environment::Environment;
use loco_rs::task::Tasks;
use loco_rs::Result;
use sea_orm_migration::{MigrationTrait, MigratorTrait};

use crate::{controllers, initializers, server};

pub struct App;

/// No migrations: the schema is the runner's (docs/workload.md section 2).
pub struct Migrator;

impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        Vec::new()
    }
}

#[async_trait]
impl Hooks for App {
    fn app_name() -> &'static str {
        env!("CARGO_CRATE_NAME")
    }

    async fn boot(mode: StartMode, environment: &Environment, config: Config) -> Result<BootResult> {
        create_app::<Self, Migrator>(mode, environment, config).await
    }

    async fn initializers(_ctx: &AppContext) -> Result<Vec<Box<dyn Initializer>>> {
        Ok(vec![Box::new(initializers::view_engine::ViewEngineInitializer)])
    }

    /// Only the contract's routes: not `with_default_routes`, whose `/_ping` and `/_health` the contract would
    /// have be 404s.
    fn routes(_ctx: &AppContext) -> AppRoutes {
        AppRoutes::empty()
            .add_route(controllers::blog::routes())
            .add_route(controllers::bench::routes())
    }

    /// The contract's 404 for any other path and 405 for a known path with another method.
    async fn after_routes(router: axum::Router, _ctx: &AppContext) -> Result<axum::Router> {
        Ok(router
            .fallback(controllers::not_found)
            .method_not_allowed_fallback(controllers::method_not_allowed))
    }

    async fn serve(router: axum::Router, _ctx: &AppContext, params: &ServeParams) -> Result<()> {
        server::serve(router, params).await
    }

    async fn connect_workers(_ctx: &AppContext, _queue: &Queue) -> Result<()> {
        Ok(())
    }

    fn register_tasks(_tasks: &mut Tasks) {}

    async fn truncate(_ctx: &AppContext) -> Result<()> {
        Ok(())
    }

    async fn seed(_ctx: &AppContext, _base: &Path) -> Result<()> {
        Ok(())
    }
}
