//! The app's models: the generated entities (`_entities`) and, per table, the queries of docs/workload.md
//! section 4.1 written with SeaORM's query builder; `pages` runs them for one page.

pub mod _entities;

pub mod authors;
pub mod comments;
pub mod pages;
pub mod post_tags;
pub mod posts;
pub mod tags;
