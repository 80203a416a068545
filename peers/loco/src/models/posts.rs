use sea_orm::{JoinType, QueryFilter, QueryOrder, QuerySelect, RelationTrait, Select};
use sea_orm::{ColumnTrait, EntityTrait};

pub use super::_entities::posts::{ActiveModel, Column, Entity, Model};
use super::_entities::{authors, post_tags, tags};

impl sea_orm::ActiveModelBehavior for ActiveModel {}

/// Posts on the index page.
pub const LATEST: u64 = 20;

impl Entity {
    /// Post rows ([`blog_core::model::PostRow`]: id, slug, title, published_on, author name), unordered.
    fn rows() -> Select<Entity> {
        Entity::find()
            .select_only()
            .columns([Column::Id, Column::Slug, Column::Title, Column::PublishedOn])
            .column(authors::Column::Name)
            .inner_join(authors::Entity)
    }

    /// `GET /`, 1st query: the [`LATEST`] newest post rows.
    pub fn latest() -> Select<Entity> {
        Self::rows().order_by_desc(Column::PublishedOn).order_by_desc(Column::Id).limit(LATEST)
    }

    /// `GET /tag/{slug}`, 2nd query: the post rows of every post with that tag, newest first.
    pub fn tagged(tag_slug: &str) -> Select<Entity> {
        Self::rows()
            .inner_join(post_tags::Entity)
            .join(JoinType::InnerJoin, post_tags::Relation::Tags.def())
            .filter(tags::Column::Slug.eq(tag_slug))
            .order_by_desc(Column::PublishedOn)
            .order_by_desc(Column::Id)
    }

    /// `GET /post/{slug}`, 1st query: id, title, body, published_on and author name of the post.
    pub fn page(slug: &str) -> Select<Entity> {
        Entity::find()
            .select_only()
            .columns([Column::Id, Column::Title, Column::Body, Column::PublishedOn])
            .column(authors::Column::Name)
            .inner_join(authors::Entity)
            .filter(Column::Slug.eq(slug))
    }
}

#[cfg(test)]
mod tests {
    use sea_orm::{DbBackend, QueryTrait};

    use super::Entity;

    #[test]
    fn latest_is_one_join_newest_first() {
        assert_eq!(
            Entity::latest().build(DbBackend::Postgres).to_string(),
            r#"SELECT "posts"."id", "posts"."slug", "posts"."title", "posts"."published_on", "authors"."name" FROM "posts" INNER JOIN "authors" ON "posts"."author_id" = "authors"."id" ORDER BY "posts"."published_on" DESC, "posts"."id" DESC LIMIT 20"#
        );
    }

    #[test]
    fn tagged_joins_through_post_tags() {
        assert_eq!(
            Entity::tagged("rust").build(DbBackend::Postgres).to_string(),
            r#"SELECT "posts"."id", "posts"."slug", "posts"."title", "posts"."published_on", "authors"."name" FROM "posts" INNER JOIN "authors" ON "posts"."author_id" = "authors"."id" INNER JOIN "post_tags" ON "posts"."id" = "post_tags"."post_id" INNER JOIN "tags" ON "post_tags"."tag_id" = "tags"."id" WHERE "tags"."slug" = 'rust' ORDER BY "posts"."published_on" DESC, "posts"."id" DESC"#
        );
    }

    #[test]
    fn page_finds_by_slug() {
        assert_eq!(
            Entity::page("a-b").build(DbBackend::Postgres).to_string(),
            r#"SELECT "posts"."id", "posts"."title", "posts"."body", "posts"."published_on", "authors"."name" FROM "posts" INNER JOIN "authors" ON "posts"."author_id" = "authors"."id" WHERE "posts"."slug" = 'a-b'"#
        );
    }
}
