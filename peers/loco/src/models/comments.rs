use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Select};

pub use super::_entities::comments::{ActiveModel, Column, Entity, Model};
use super::_entities::posts;

impl sea_orm::ActiveModelBehavior for ActiveModel {}

impl Entity {
    /// `GET /` and `GET /tag/{slug}`: [`blog_core::model::CommentCountRow`]s (post id, count) of a batch of posts;
    /// a post without comments has no row.
    pub fn counts(post_ids: &[i32]) -> Select<Entity> {
        Entity::find()
            .select_only()
            .column(Column::PostId)
            .column_as(Column::Id.count(), "count")
            .filter(Column::PostId.is_in(post_ids.iter().copied()))
            .group_by(Column::PostId)
    }

    /// `GET /post/{slug}`, 3rd query: author name and body of the post's comments, oldest first.
    pub fn of_post(post_slug: &str) -> Select<Entity> {
        Entity::find()
            .select_only()
            .columns([Column::AuthorName, Column::Body])
            .inner_join(posts::Entity)
            .filter(posts::Column::Slug.eq(post_slug))
            .order_by_asc(Column::Id)
    }
}

#[cfg(test)]
mod tests {
    use sea_orm::{DbBackend, QueryTrait};

    use super::Entity;

    #[test]
    fn counts_group_by_post() {
        assert_eq!(
            Entity::counts(&[1, 2]).build(DbBackend::Postgres).to_string(),
            r#"SELECT "comments"."post_id", COUNT("comments"."id") AS "count" FROM "comments" WHERE "comments"."post_id" IN (1, 2) GROUP BY "comments"."post_id""#
        );
    }

    #[test]
    fn of_post_oldest_first() {
        assert_eq!(
            Entity::of_post("x").build(DbBackend::Postgres).to_string(),
            r#"SELECT "comments"."author_name", "comments"."body" FROM "comments" INNER JOIN "posts" ON "comments"."post_id" = "posts"."id" WHERE "posts"."slug" = 'x' ORDER BY "comments"."id" ASC"#
        );
    }
}
