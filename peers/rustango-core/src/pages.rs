//! The queries of contract section 4.1 as Rustango querysets, all of a page's on one pooled connection
//! ([`rustango::sql::PoolConn`]), and their rows assembled into blog-core's view models.

use std::collections::HashMap;

use blog_core::model::{self, IndexPage, PostLine, PostPage, TagLink, TagPage};
use rustango::core::aggregates::count_all;
use rustango::core::SqlValue;
use rustango::query::{AggregateBuilder, QuerySet};
use rustango::sql::{ExecError, ForeignKey, PoolConn};

use crate::models::{Comment, Post, PostTag, Tag};
#[cfg(test)]
use crate::models::Author;

/// The alias of the comment count in [`comment_counts`].
const COUNT: &str = "n";

/// `GET /`, 1st: the 20 latest posts with their authors (one JOIN).
pub fn latest_posts() -> QuerySet<Post> {
    Post::objects()
        .select_related("author")
        .order_by(&[("published_on", true), ("id", true)])
        .limit(20)
}

/// `GET /` and `GET /tag/{slug}`: the tags of a batch of posts, by post and then tag id.
pub fn tags_of_posts(post_ids: &[i32]) -> QuerySet<PostTag> {
    PostTag::objects()
        .filter("post__in", ids(post_ids))
        .select_related("tag")
        .order_by(&[("post", false), ("tag", false)])
}

/// `GET /` and `GET /tag/{slug}`: comment counts of a batch of posts; a post absent here has none.
pub fn comment_counts(post_ids: &[i32]) -> AggregateBuilder<Comment> {
    Comment::objects()
        .filter("post__in", ids(post_ids))
        .values(&["post_id"])
        .annotate(COUNT, count_all().into())
}

/// `GET /post/{slug}`, 1st: the post with its author.
pub fn post(slug: &str) -> QuerySet<Post> {
    Post::objects().filter("slug", slug).select_related("author")
}

/// `GET /post/{slug}`, 2nd: its tags by tag id.
pub fn post_tags(slug: &str) -> QuerySet<PostTag> {
    PostTag::objects()
        .filter("post__slug", slug)
        .select_related("tag")
        .order_by(&[("tag", false)])
}

/// `GET /post/{slug}`, 3rd: its comments, oldest first.
pub fn post_comments(slug: &str) -> QuerySet<Comment> {
    Comment::objects()
        .filter("post__slug", slug)
        .order_by(&[("id", false)])
}

/// `GET /tag/{slug}`, 1st: the tag.
pub fn tag(slug: &str) -> QuerySet<Tag> {
    Tag::objects().filter("slug", slug)
}

/// `GET /tag/{slug}`, 2nd: its posts with their authors, newest first.
pub fn tag_posts(slug: &str) -> QuerySet<PostTag> {
    PostTag::objects()
        .filter("tag__slug", slug)
        .select_related("post")
        .select_related("post__author")
        .order_by(&[("post__published_on", true), ("post__id", true)])
}

fn ids(post_ids: &[i32]) -> SqlValue {
    SqlValue::List(post_ids.iter().map(|&id| SqlValue::I32(id)).collect())
}

/// `GET /`: 3 queries.
pub async fn index(conn: &mut PoolConn) -> Result<IndexPage, ExecError> {
    let posts = latest_posts().fetch_on(&mut *conn).await?;
    Ok(IndexPage {
        posts: post_lines(conn, posts).await?,
    })
}

/// `GET /post/{slug}`: 3 queries, or 1 when there is no such post.
pub async fn post_page(conn: &mut PoolConn, slug: &str) -> Result<Option<PostPage>, ExecError> {
    let Some(post) = post(slug).first_on(&mut *conn).await? else {
        return Ok(None);
    };
    let tags = post_tags(slug).fetch_on(&mut *conn).await?;
    let comments = post_comments(slug).fetch_on(&mut *conn).await?;
    Ok(Some(PostPage {
        title: post.title,
        author: loaded(post.author).name,
        date: post.published_on.to_string(),
        body: post.body,
        tags: tags.into_iter().map(|t| tag_link(loaded(t.tag))).collect(),
        comments: comments
            .into_iter()
            .map(|c| model::Comment {
                author: c.author_name,
                body: c.body,
            })
            .collect(),
    }))
}

/// `GET /tag/{slug}`: 4 queries, or 1 when there is no such tag.
pub async fn tag_page(conn: &mut PoolConn, slug: &str) -> Result<Option<TagPage>, ExecError> {
    let Some(tag) = tag(slug).first_on(&mut *conn).await? else {
        return Ok(None);
    };
    let links = tag_posts(slug).fetch_on(&mut *conn).await?;
    let posts = links.into_iter().map(|l| loaded(l.post)).collect();
    Ok(Some(TagPage {
        name: tag.name,
        posts: post_lines(conn, posts).await?,
    }))
}

/// The tags and comment counts of `posts` in one batch each (no query per post).
async fn post_lines(conn: &mut PoolConn, posts: Vec<Post>) -> Result<Vec<PostLine>, ExecError> {
    let post_ids: Vec<i32> = posts.iter().map(|p| p.id).collect();
    let links = tags_of_posts(&post_ids).fetch_on(&mut *conn).await?;
    let counts = comment_counts(&post_ids).fetch_on(&mut *conn).await?;
    Ok(assemble(posts, links, counts))
}

/// Joins posts with their tags and comment counts, keeping the order of `posts`.
fn assemble(
    posts: Vec<Post>,
    links: Vec<PostTag>,
    counts: Vec<HashMap<String, SqlValue>>,
) -> Vec<PostLine> {
    let mut tags_by_post: HashMap<i32, Vec<TagLink>> = HashMap::with_capacity(posts.len());
    for link in links {
        let post_id = *link.post.pk_ref();
        tags_by_post
            .entry(post_id)
            .or_default()
            .push(tag_link(loaded(link.tag)));
    }
    let counts: HashMap<i32, i64> = counts.iter().filter_map(count_row).collect();
    posts
        .into_iter()
        .map(|p| PostLine {
            comments: counts.get(&p.id).copied().unwrap_or(0),
            tags: tags_by_post.remove(&p.id).unwrap_or_default(),
            slug: p.slug,
            title: p.title,
            author: loaded(p.author).name,
            date: p.published_on.to_string(),
        })
        .collect()
}

/// `(post id, count)` of a [`comment_counts`] row.
fn count_row(row: &HashMap<String, SqlValue>) -> Option<(i32, i64)> {
    let post_id = match row.get("post_id")? {
        SqlValue::I32(id) => *id,
        SqlValue::I64(id) => i32::try_from(*id).ok()?,
        _ => return None,
    };
    match row.get(COUNT)? {
        SqlValue::I64(n) => Some((post_id, *n)),
        SqlValue::I32(n) => Some((post_id, i64::from(*n))),
        _ => None,
    }
}

fn tag_link(tag: Tag) -> TagLink {
    TagLink {
        slug: tag.slug,
        name: tag.name,
    }
}

/// The parent a `select_related` join loaded; every FK here is NOT NULL, so the join always finds it.
fn loaded<T: Clone>(fk: ForeignKey<T, i32>) -> T {
    match fk {
        ForeignKey::Loaded { value, .. } => *value,
        ForeignKey::Unloaded(pk) => panic!("select_related left the row with key {pk} unloaded"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustango::sql::Pool;

    fn dialect() -> &'static dyn rustango::sql::Dialect {
        Pool::connect_lazy("postgres://nobody@127.0.0.1:9/nothing")
            .unwrap()
            .dialect()
    }

    /// The Postgres SQL of a queryset, compiled as `fetch_on` compiles it.
    fn sql(qs: QuerySet<impl rustango::core::Model>) -> String {
        let query = qs.compile().expect("the queryset compiles against the models");
        dialect().compile_select(&query).unwrap().sql
    }

    #[tokio::test]
    async fn index_queries() {
        assert_eq!(
            sql(latest_posts()),
            r#"SELECT "posts"."id", "posts"."author_id", "posts"."slug", "posts"."title", "posts"."body", "posts"."published_on", "author"."id" AS "author__id", "author"."name" AS "author__name" FROM "posts" LEFT JOIN "authors" AS "author" ON "posts"."author_id" = "author"."id" ORDER BY "posts"."published_on" DESC, "posts"."id" DESC LIMIT 20"#
        );
        assert_eq!(
            sql(tags_of_posts(&[3, 7])),
            r#"SELECT "post_tags"."post_id", "post_tags"."tag_id", "tag"."id" AS "tag__id", "tag"."slug" AS "tag__slug", "tag"."name" AS "tag__name" FROM "post_tags" LEFT JOIN "tags" AS "tag" ON "post_tags"."tag_id" = "tag"."id" WHERE "post_tags"."post_id" = ANY($1) ORDER BY "post_tags"."post_id", "post_tags"."tag_id""#
        );
        let counts = dialect()
            .compile_aggregate(&comment_counts(&[3, 7]).compile().unwrap())
            .unwrap();
        assert_eq!(
            counts.sql,
            r#"SELECT "post_id", COUNT(*) AS "n" FROM "comments" WHERE "post_id" = ANY($1) GROUP BY "post_id""#
        );
    }

    #[tokio::test]
    async fn detail_queries_filter_on_the_slug() {
        let post = sql(post("a"));
        assert!(post.ends_with(r#"FROM "posts" LEFT JOIN "authors" AS "author" ON "posts"."author_id" = "author"."id" WHERE "posts"."slug" = $1"#), "{post}");
        assert_eq!(
            sql(post_tags("a")),
            r#"SELECT "post_tags"."post_id", "post_tags"."tag_id", "tag"."id" AS "tag__id", "tag"."slug" AS "tag__slug", "tag"."name" AS "tag__name" FROM "post_tags" LEFT JOIN "tags" AS "tag" ON "post_tags"."tag_id" = "tag"."id" LEFT JOIN "posts" AS "post" ON "post_tags"."post_id" = "post"."id" WHERE "post"."slug" = $1 ORDER BY "post_tags"."tag_id""#
        );
        assert_eq!(
            sql(post_comments("a")),
            r#"SELECT "comments"."id", "comments"."post_id", "comments"."author_name", "comments"."body" FROM "comments" LEFT JOIN "posts" AS "post" ON "comments"."post_id" = "post"."id" WHERE "post"."slug" = $1 ORDER BY "comments"."id""#
        );
    }

    #[tokio::test]
    async fn tag_queries() {
        assert_eq!(sql(tag("a")), r#"SELECT "id", "slug", "name" FROM "tags" WHERE "slug" = $1"#);
        let posts = sql(tag_posts("a"));
        assert!(
            posts.ends_with(r#"FROM "post_tags" LEFT JOIN "posts" AS "post" ON "post_tags"."post_id" = "post"."id" LEFT JOIN "authors" AS "post__author" ON "post"."author_id" = "post__author"."id" LEFT JOIN "tags" AS "tag" ON "post_tags"."tag_id" = "tag"."id" WHERE "tag"."slug" = $1 ORDER BY "post"."published_on" DESC, "post"."id" DESC"#),
            "{posts}"
        );
    }

    fn post_row(id: i32, slug: &str) -> Post {
        Post {
            id,
            author: ForeignKey::loaded(1, Author { id: 1, name: "Ann".into() }),
            slug: slug.into(),
            title: slug.to_uppercase(),
            body: String::new(),
            published_on: model::Date::from_ymd_opt(2025, 9, 3).unwrap(),
        }
    }

    fn link(post: i32, tag: i32) -> PostTag {
        let slug = format!("t{tag}");
        PostTag {
            post: ForeignKey::unloaded(post),
            tag: ForeignKey::loaded(tag, Tag { id: tag, slug: slug.clone(), name: slug.to_uppercase() }),
        }
    }

    fn count(post: i32, n: i64) -> HashMap<String, SqlValue> {
        HashMap::from([("post_id".to_string(), SqlValue::I32(post)), (COUNT.to_string(), SqlValue::I64(n))])
    }

    #[test]
    fn assembles_tags_and_counts_in_post_order() {
        let lines = assemble(
            vec![post_row(7, "b"), post_row(3, "a")],
            vec![link(3, 1), link(7, 2), link(7, 5)],
            vec![count(7, 12)],
        );
        let tags = |i: usize| lines[i].tags.iter().map(|t| t.slug.as_str()).collect::<Vec<_>>();
        assert_eq!((lines[0].slug.as_str(), lines[0].comments, tags(0)), ("b", 12, vec!["t2", "t5"]));
        assert_eq!((lines[1].slug.as_str(), lines[1].comments, tags(1)), ("a", 0, vec!["t1"]));
        assert_eq!((lines[0].author.as_str(), lines[0].date.as_str()), ("Ann", "2025-09-03"));
    }

    #[test]
    fn count_rows_take_either_integer_width() {
        assert_eq!(count_row(&count(4, 9)), Some((4, 9)));
        let narrow = HashMap::from([("post_id".to_string(), SqlValue::I64(4)), (COUNT.to_string(), SqlValue::I32(9))]);
        assert_eq!(count_row(&narrow), Some((4, 9)));
        assert_eq!(count_row(&HashMap::new()), None);
    }
}
