//! The tables of docs/workload.md section 2 as SeaORM entities, in the form `sea-orm-cli generate entity` writes
//! (Loco keeps generated entities here and the app's own model code one level up).

pub mod prelude;

pub mod authors;
pub mod comments;
pub mod post_tags;
pub mod posts;
pub mod tags;
