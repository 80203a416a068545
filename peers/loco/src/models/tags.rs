use sea_orm::{ColumnTrait, EntityTrait, JoinType, QueryFilter, QueryOrder, QuerySelect, RelationTrait, Select};

pub use super::_entities::tags::{ActiveModel, Column, Entity, Model};
use super::_entities::{post_tags, posts};

impl sea_orm::ActiveModelBehavior for ActiveModel {}

impl Entity {
    /// `GET /tag/{slug}`, 1st query: the tag.
    pub fn by_slug(slug: &str) -> Select<Entity> {
        Entity::find().filter(Column::Slug.eq(slug))
    }

    /// `GET /post/{slug}`, 2nd query: slug and name of the post's tags in ascending tag id.
    pub fn of_post(post_slug: &str) -> Select<Entity> {
        Entity::find()
            .select_only()
            .columns([Column::Slug, Column::Name])
            .inner_join(post_tags::Entity)
            .join(JoinType::InnerJoin, post_tags::Relation::Posts.def())
            .filter(posts::Column::Slug.eq(post_slug))
            .order_by_asc(Column::Id)
    }

    /// `GET /` and `GET /tag/{slug}`: the tags of a batch of posts as [`blog_core::model::PostTagRow`]s (post id,
    /// tag slug, tag name), by post and tag id; one query for the batch, never one per post.
    pub fn of_posts(post_ids: &[i32]) -> Select<post_tags::Entity> {
        post_tags::Entity::find()
            .select_only()
            .column(post_tags::Column::PostId)
            .columns([Column::Slug, Column::Name])
            .inner_join(Entity)
            .filter(post_tags::Column::PostId.is_in(post_ids.iter().copied()))
            .order_by_asc(post_tags::Column::PostId)
            .order_by_asc(Column::Id)
    }
}

#[cfg(test)]
mod tests {
    use sea_orm::{DbBackend, QueryTrait};

    use super::Entity;

    #[test]
    fn of_posts_is_one_batch() {
        assert_eq!(
            Entity::of_posts(&[3, 7]).build(DbBackend::Postgres).to_string(),
            r#"SELECT "post_tags"."post_id", "tags"."slug", "tags"."name" FROM "post_tags" INNER JOIN "tags" ON "post_tags"."tag_id" = "tags"."id" WHERE "post_tags"."post_id" IN (3, 7) ORDER BY "post_tags"."post_id" ASC, "tags"."id" ASC"#
        );
    }

    #[test]
    fn of_post_joins_by_slug() {
        assert_eq!(
            Entity::of_post("x").build(DbBackend::Postgres).to_string(),
            r#"SELECT "tags"."slug", "tags"."name" FROM "tags" INNER JOIN "post_tags" ON "tags"."id" = "post_tags"."tag_id" INNER JOIN "posts" ON "post_tags"."post_id" = "posts"."id" WHERE "posts"."slug" = 'x' ORDER BY "tags"."id" ASC"#
        );
    }

    #[test]
    fn by_slug_selects_the_tag() {
        assert_eq!(
            Entity::by_slug("gc").build(DbBackend::Postgres).to_string(),
            r#"SELECT "tags"."id", "tags"."slug", "tags"."name" FROM "tags" WHERE "tags"."slug" = 'gc'"#
        );
    }
}
