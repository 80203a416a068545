//! The tables of docs/workload.md §2 as Cot models. The runner creates and seeds them: this app has no migrations
//! and never writes.
//!
//! Cot names an app model's table `<crate>__<table_name>` (here `cot_blog__posts`); `model_type = "internal"` is
//! the model type whose table is `table_name` as written, which the contract's tables need.

use cot::db::{model, ForeignKey};

/// `authors`.
#[model(model_type = "internal", table_name = "authors")]
pub struct Author {
    #[model(primary_key)]
    pub id: i32,
    pub name: String,
}

/// `tags`.
#[model(model_type = "internal", table_name = "tags")]
pub struct Tag {
    #[model(primary_key)]
    pub id: i32,
    #[model(unique)]
    pub slug: String,
    pub name: String,
}

/// `posts`. The model has every column, so a query of posts loads their bodies too (Cot selects a model's
/// columns, not a subset).
#[model(model_type = "internal", table_name = "posts")]
pub struct Post {
    #[model(primary_key)]
    pub id: i32,
    pub author_id: ForeignKey<Author>,
    #[model(unique)]
    pub slug: String,
    pub title: String,
    pub body: String,
    pub published_on: chrono::NaiveDate,
}

/// `post_tags`. Its key is (post_id, tag_id), but a Cot model has exactly one primary key field (composite keys
/// are not supported), so `post_id` stands in for it; the app only reads this table, where the key plays no part.
#[model(model_type = "internal", table_name = "post_tags")]
pub struct PostTag {
    #[model(primary_key)]
    pub post_id: i32,
    pub tag_id: i32,
}

/// `comments`.
#[model(model_type = "internal", table_name = "comments")]
pub struct Comment {
    #[model(primary_key)]
    pub id: i32,
    pub post_id: i32,
    pub author_name: String,
    pub body: String,
}
