//! The blog workload (docs/workload.md) as a Loco app, laid out as Loco's generator lays one out: `app.rs` (the
//! hooks), `controllers/`, `models/` (SeaORM entities and queries), `views/` (Tera 2 templates in assets/views),
//! `initializers/`, and `config/{environment}.yaml`.

pub mod app;
pub mod controllers;
pub mod initializers;
pub mod models;
pub mod server;
pub mod views;
