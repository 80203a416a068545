//! The three pages' queries (docs/workload.md section 4.1), run on Loco's `DatabaseConnection`, and their view models
//! (blog-core's, shared with the other Rust peers). SeaORM takes a pooled connection per statement.

use blog_core::model::{
    self, CommentCountRow, IndexPage, PairRow, PostPage, PostPageRow, PostRow, PostTagRow, TagPage,
};
use sea_orm::{DatabaseConnection, DbErr};

use super::{comments, posts, tags};

/// `GET /`: 3 queries.
pub async fn index(db: &DatabaseConnection) -> Result<IndexPage, DbErr> {
    let rows: Vec<PostRow> = posts::Entity::latest().into_tuple().all(db).await?;
    Ok(IndexPage {
        posts: post_lines(db, rows).await?,
    })
}

/// `GET /post/{slug}`: 3 queries, or 1 when there is no such post.
pub async fn post(db: &DatabaseConnection, slug: &str) -> Result<Option<PostPage>, DbErr> {
    let Some(row) = posts::Entity::page(slug)
        .into_tuple::<PostPageRow>()
        .one(db)
        .await?
    else {
        return Ok(None);
    };
    let tags: Vec<PairRow> = tags::Entity::of_post(slug).into_tuple().all(db).await?;
    let comments: Vec<PairRow> = comments::Entity::of_post(slug).into_tuple().all(db).await?;
    Ok(Some(model::post_page(row, tags, comments)))
}

/// `GET /tag/{slug}`: 4 queries, or 1 when there is no such tag.
pub async fn tag(db: &DatabaseConnection, slug: &str) -> Result<Option<TagPage>, DbErr> {
    let Some(tag) = tags::Entity::by_slug(slug).one(db).await? else {
        return Ok(None);
    };
    let rows: Vec<PostRow> = posts::Entity::tagged(slug).into_tuple().all(db).await?;
    Ok(Some(TagPage {
        name: tag.name,
        posts: post_lines(db, rows).await?,
    }))
}

/// The tags and comment counts of `posts`, one batch query each.
async fn post_lines(
    db: &DatabaseConnection,
    posts: Vec<PostRow>,
) -> Result<Vec<model::PostLine>, DbErr> {
    let ids: Vec<i32> = posts.iter().map(|p| p.0).collect();
    let tags: Vec<PostTagRow> = tags::Entity::of_posts(&ids).into_tuple().all(db).await?;
    let counts: Vec<CommentCountRow> = comments::Entity::counts(&ids).into_tuple().all(db).await?;
    Ok(model::post_lines(posts, tags, counts))
}
