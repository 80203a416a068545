//! The queries of each page (docs/workload.md §4.1) in Cot's ORM, and what the ORM cannot express done in Rust over
//! the rows it returns.
//!
//! Cot 0.7's `Query` has `filter`, `limit`, `offset`, `get`, `exists` and a COUNT of the whole filtered query. It
//! has no ORDER BY, no JOIN, no IN and no GROUP BY. So here:
//! - IN is an OR of equalities ([`any_of`]), which Cot's `Expr` can write;
//! - ordering happens in Rust: the index cannot ask for the latest 20 posts, so it loads every post (with its body)
//!   and keeps the newest 20;
//! - each joined table is a query of its own, joined here by id;
//! - comment counts come from loading the posts' comments (a COUNT per post would be one query per post).
//!
//! That gives 5, 5 and 7 queries for the index, a post and a tag page instead of the contract's 3, 3 and 4, and each
//! query takes its own connection from Cot's pool: Cot has no transactions nor any other way to hold a connection
//! across queries. apps.toml declares both.

use std::collections::{BTreeSet, HashMap};

use blog_core::model::{self, IndexPage, PostLine, PostPage, TagLink, TagPage};
use cot::db::query::Expr;
use cot::db::{query, Database, Model, Result};

use crate::models::{Author, Comment, Post, PostTag, Tag};

/// Posts on the index page.
pub const INDEX_POSTS: usize = 20;

/// `GET /`: every post, then the authors, tag links, tags and comments of the newest 20 (5 queries).
pub async fn index(db: &Database) -> Result<IndexPage> {
    let posts = newest_first(Post::objects().all(db).await?, Some(INDEX_POSTS));
    Ok(IndexPage {
        posts: post_lines(db, posts).await?,
    })
}

/// `GET /post/{slug}`: the post, its author, its tag links, their tags and its comments (5 queries), or `None`
/// after the first when there is no such post.
pub async fn post(db: &Database, slug: &str) -> Result<Option<PostPage>> {
    let Some(mut post) = query!(Post, $slug == slug).get(db).await? else {
        return Ok(None);
    };
    let author = post.author_id.get(db).await?.name.clone();
    let links = query!(PostTag, $post_id == post.id).all(db).await?;
    let mut tags = objects_with::<Tag>(db, "id", links.iter().map(|l| l.tag_id)).await?;
    tags.sort_unstable_by_key(|t| t.id);
    let mut comments = query!(Comment, $post_id == post.id).all(db).await?;
    comments.sort_unstable_by_key(|c| c.id);
    Ok(Some(PostPage {
        title: post.title,
        author,
        date: post.published_on.to_string(),
        body: post.body,
        tags: tags
            .into_iter()
            .map(|t| TagLink {
                slug: t.slug,
                name: t.name,
            })
            .collect(),
        comments: comments
            .into_iter()
            .map(|c| model::Comment {
                author: c.author_name,
                body: c.body,
            })
            .collect(),
    }))
}

/// `GET /tag/{slug}`: the tag, its links, their posts, then what [`post_lines`] loads (7 queries), or `None` after
/// the first when there is no such tag.
pub async fn tag(db: &Database, slug: &str) -> Result<Option<TagPage>> {
    let Some(tag) = query!(Tag, $slug == slug).get(db).await? else {
        return Ok(None);
    };
    let links = query!(PostTag, $tag_id == tag.id).all(db).await?;
    let posts = objects_with::<Post>(db, "id", links.iter().map(|l| l.post_id)).await?;
    Ok(Some(TagPage {
        name: tag.name,
        posts: post_lines(db, newest_first(posts, None)).await?,
    }))
}

/// The post lines of `posts`, in their order: 4 queries (authors, tag links, tags, comments), each one batch for
/// all the posts.
async fn post_lines(db: &Database, posts: Vec<Post>) -> Result<Vec<PostLine>> {
    let ids: Vec<i32> = posts.iter().map(|p| p.id).collect();
    let authors =
        objects_with::<Author>(db, "id", posts.iter().map(|p| *p.author_id.primary_key())).await?;
    let links = objects_with::<PostTag>(db, "post_id", ids.iter().copied()).await?;
    let tags = objects_with::<Tag>(db, "id", links.iter().map(|l| l.tag_id)).await?;
    let comments = objects_with::<Comment>(db, "post_id", ids).await?;
    Ok(assemble(posts, authors, links, tags, comments))
}

/// The rows of `T` whose `column` is one of `ids`, in one query; no query when `ids` is empty.
async fn objects_with<T: Model>(
    db: &Database,
    column: &'static str,
    ids: impl IntoIterator<Item = i32>,
) -> Result<Vec<T>> {
    match any_of(column, ids) {
        None => Ok(Vec::new()),
        Some(filter) => T::objects().filter(filter).all(db).await,
    }
}

/// `column = id1 OR column = id2 OR ...` over the distinct `ids` in ascending order (so equal id sets give the
/// same SQL text, and the same prepared statement); `None` for no ids. Cot's `Expr` has no IN.
pub fn any_of(column: &'static str, ids: impl IntoIterator<Item = i32>) -> Option<Expr> {
    let distinct: BTreeSet<i32> = ids.into_iter().collect();
    distinct
        .into_iter()
        .map(|id| Expr::eq(Expr::field(column), Expr::value(id)))
        .reduce(Expr::or)
}

/// `posts` newest first (`published_on DESC, id DESC`), cut to `limit`: the ORDER BY ... LIMIT the ORM cannot send.
pub fn newest_first(mut posts: Vec<Post>, limit: Option<usize>) -> Vec<Post> {
    let newest = |a: &Post, b: &Post| (b.published_on, b.id).cmp(&(a.published_on, a.id));
    if let Some(limit) = limit.filter(|&n| n < posts.len()) {
        // Only the first `limit` need sorting.
        posts.select_nth_unstable_by(limit, newest);
        posts.truncate(limit);
    }
    posts.sort_unstable_by(newest);
    posts
}

/// Joins posts with their authors, tags (in ascending tag id) and comment counts, keeping the order of `posts`:
/// the JOINs and the GROUP BY of §4.1, over the rows of the separate queries.
pub fn assemble(
    posts: Vec<Post>,
    authors: Vec<Author>,
    mut links: Vec<PostTag>,
    tags: Vec<Tag>,
    comments: Vec<Comment>,
) -> Vec<PostLine> {
    let authors: HashMap<i32, String> = authors.into_iter().map(|a| (a.id, a.name)).collect();
    let tags: HashMap<i32, Tag> = tags.into_iter().map(|t| (t.id, t)).collect();
    links.sort_unstable_by_key(|l| (l.post_id, l.tag_id));
    let tag_rows = links
        .iter()
        .filter_map(|l| {
            let tag = tags.get(&l.tag_id)?;
            Some((l.post_id, tag.slug.clone(), tag.name.clone()))
        })
        .collect();
    let mut counts: HashMap<i32, i64> = HashMap::new();
    for comment in &comments {
        *counts.entry(comment.post_id).or_default() += 1;
    }
    let rows = posts
        .into_iter()
        .map(|p| {
            // The foreign key guarantees the author; an empty name would show a broken dataset.
            let author = authors
                .get(p.author_id.primary_key())
                .cloned()
                .unwrap_or_default();
            (p.id, p.slug, p.title, p.published_on, author)
        })
        .collect();
    model::post_lines(rows, tag_rows, counts.into_iter().collect())
}

#[cfg(test)]
mod tests {
    use cot::db::ForeignKey;

    use super::*;

    fn post(id: i32, author: i32, date: (i32, u32, u32)) -> Post {
        Post {
            id,
            author_id: ForeignKey::PrimaryKey(author),
            slug: format!("p-{id}"),
            title: format!("Post {id}"),
            body: "text".into(),
            published_on: chrono::NaiveDate::from_ymd_opt(date.0, date.1, date.2).unwrap(),
        }
    }

    fn id_is(id: i32) -> Expr {
        Expr::eq(Expr::field("id"), Expr::value(id))
    }

    #[test]
    fn any_of_is_an_or_of_the_distinct_ids_in_order() {
        assert_eq!(any_of("id", []), None);
        assert_eq!(any_of("id", [7]), Some(id_is(7)));
        assert_eq!(
            any_of("id", [3, 1, 3, 2]),
            Some(Expr::or(Expr::or(id_is(1), id_is(2)), id_is(3)))
        );
    }

    #[test]
    fn newest_first_orders_by_date_then_id_descending() {
        let posts = || {
            vec![
                post(1, 1, (2024, 1, 5)),
                post(2, 1, (2025, 3, 1)),
                post(3, 1, (2024, 1, 5)),
                post(4, 1, (2023, 12, 31)),
                post(5, 1, (2025, 3, 1)),
            ]
        };
        let ids = |posts: Vec<Post>| posts.into_iter().map(|p| p.id).collect::<Vec<_>>();
        assert_eq!(ids(newest_first(posts(), None)), [5, 2, 3, 1, 4]);
        assert_eq!(ids(newest_first(posts(), Some(3))), [5, 2, 3]);
        assert_eq!(ids(newest_first(posts(), Some(5))), [5, 2, 3, 1, 4]);
        assert_eq!(ids(newest_first(posts(), Some(20))), [5, 2, 3, 1, 4]);
        assert!(newest_first(vec![], Some(20)).is_empty());
    }

    #[test]
    fn assemble_joins_authors_tags_and_counts_in_post_order() {
        let author = |id, name: &str| Author { id, name: name.into() };
        let tag = |id, slug: &str| Tag { id, slug: slug.into(), name: slug.to_uppercase() };
        let link = |post_id, tag_id| PostTag { post_id, tag_id };
        let comment = |id, post_id| Comment { id, post_id, author_name: "x".into(), body: "y".into() };
        let lines = assemble(
            vec![post(9, 2, (2025, 1, 1)), post(4, 1, (2024, 6, 30))],
            vec![author(1, "Ada"), author(2, "Линус")],
            vec![link(9, 30), link(4, 2), link(9, 5)],
            vec![tag(30, "z"), tag(5, "e"), tag(2, "b")],
            vec![comment(1, 9), comment(2, 9), comment(3, 9)],
        );
        let summary: Vec<_> = lines
            .iter()
            .map(|l| {
                let tags: Vec<_> = l.tags.iter().map(|t| t.slug.as_str()).collect();
                (l.slug.as_str(), l.author.as_str(), l.date.as_str(), l.comments, tags)
            })
            .collect();
        assert_eq!(
            summary,
            [
                ("p-9", "Линус", "2025-01-01", 3, vec!["e", "z"]),
                ("p-4", "Ada", "2024-06-30", 0, vec!["b"]),
            ]
        );
        assert_eq!(lines[0].tags[0].name, "E");
    }
}
