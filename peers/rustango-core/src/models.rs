//! The tables of contract section 2 as Rustango models. Read-only: the app never writes, and no migration of
//! Rustango's creates or changes these tables (`./fairbench seed` does).

use blog_core::model::Date as NaiveDate;
use rustango::sql::ForeignKey;
use rustango::Model;

#[derive(Model, Debug, Clone)]
#[rustango(table = "authors")]
pub struct Author {
    #[rustango(primary_key)]
    pub id: i32,
    pub name: String,
}

#[derive(Model, Debug, Clone)]
#[rustango(table = "tags")]
pub struct Tag {
    #[rustango(primary_key)]
    pub id: i32,
    pub slug: String,
    pub name: String,
}

#[derive(Model, Debug, Clone)]
#[rustango(table = "posts")]
pub struct Post {
    #[rustango(primary_key)]
    pub id: i32,
    #[rustango(column = "author_id")]
    pub author: ForeignKey<Author, i32>,
    pub slug: String,
    pub title: String,
    pub body: String,
    pub published_on: NaiveDate,
}

/// The link table; its primary key is the pair, which Rustango models as no key of its own.
#[derive(Model, Debug, Clone)]
#[rustango(table = "post_tags")]
pub struct PostTag {
    #[rustango(column = "post_id")]
    pub post: ForeignKey<Post, i32>,
    #[rustango(column = "tag_id")]
    pub tag: ForeignKey<Tag, i32>,
}

#[derive(Model, Debug, Clone)]
#[rustango(table = "comments")]
pub struct Comment {
    #[rustango(primary_key)]
    pub id: i32,
    #[rustango(column = "post_id")]
    pub post: ForeignKey<Post, i32>,
    pub author_name: String,
    pub body: String,
}
