//! The view models the templates render, and their assembly from the rows of section 4.1.

use std::collections::HashMap;

use serde::Serialize;
/// A `date` column (sqlx decodes it into this chrono type).
pub use chrono::NaiveDate as Date;

/// A post row of the index and tag queries: id, slug, title, published_on, author name.
pub type PostRow = (i32, String, String, Date, String);
/// A row of [`crate::sql::TAGS_OF_POSTS`]: post id, tag slug, tag name.
pub type PostTagRow = (i32, String, String);
/// A row of [`crate::sql::COMMENT_COUNTS`]: post id, count.
pub type CommentCountRow = (i32, i64);
/// A row of [`crate::sql::POST`]: id, title, body, published_on, author name.
pub type PostPageRow = (i32, String, String, Date, String);
/// A row of [`crate::sql::POST_TAGS`] (tag slug, tag name) or of [`crate::sql::POST_COMMENTS`] (author name, body).
pub type PairRow = (String, String);

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TagLink {
    pub slug: String,
    pub name: String,
}

/// One `<li>` of the index and tag pages.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PostLine {
    pub slug: String,
    pub title: String,
    pub author: String,
    /// `YYYY-MM-DD`.
    pub date: String,
    pub comments: i64,
    /// In ascending tag id.
    pub tags: Vec<TagLink>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct IndexPage {
    pub posts: Vec<PostLine>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TagPage {
    pub name: String,
    pub posts: Vec<PostLine>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Comment {
    pub author: String,
    pub body: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PostPage {
    pub title: String,
    pub author: String,
    pub date: String,
    pub body: String,
    pub tags: Vec<TagLink>,
    /// Oldest first; the page's comment count is their number.
    pub comments: Vec<Comment>,
}

/// Joins post rows with their tags and comment counts, keeping the order of `posts`.
pub fn post_lines(
    posts: Vec<PostRow>,
    tags: Vec<PostTagRow>,
    counts: Vec<CommentCountRow>,
) -> Vec<PostLine> {
    let mut tags_by_post: HashMap<i32, Vec<TagLink>> = HashMap::with_capacity(posts.len());
    for (post_id, slug, name) in tags {
        tags_by_post
            .entry(post_id)
            .or_default()
            .push(TagLink { slug, name });
    }
    let counts: HashMap<i32, i64> = counts.into_iter().collect();
    posts
        .into_iter()
        .map(|(id, slug, title, date, author)| PostLine {
            slug,
            title,
            author,
            date: date.to_string(),
            comments: counts.get(&id).copied().unwrap_or(0),
            tags: tags_by_post.remove(&id).unwrap_or_default(),
        })
        .collect()
}

/// The post page of its post row, its tags (by tag id) and its comments (oldest first).
pub fn post_page(post: PostPageRow, tags: Vec<PairRow>, comments: Vec<PairRow>) -> PostPage {
    let (_id, title, body, date, author) = post;
    PostPage {
        title,
        author,
        date: date.to_string(),
        body,
        tags: tags
            .into_iter()
            .map(|(slug, name)| TagLink { slug, name })
            .collect(),
        comments: comments
            .into_iter()
            .map(|(author, body)| Comment { author, body })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tag(slug: &str) -> TagLink {
        TagLink {
            slug: slug.into(),
            name: slug.to_uppercase(),
        }
    }

    #[test]
    fn joins_tags_and_counts_in_post_order() {
        let day = Date::from_ymd_opt(2025, 9, 3).unwrap();
        let posts = vec![
            (7, "b".into(), "B".into(), day, "Ann".into()),
            (3, "a".into(), "A".into(), day, "Bo".into()),
        ];
        let tags = vec![
            (3, "x".into(), "X".into()),
            (7, "y".into(), "Y".into()),
            (7, "z".into(), "Z".into()),
        ];
        let lines = post_lines(posts, tags, vec![(7, 12)]);
        assert_eq!(lines.len(), 2);
        assert_eq!(
            (lines[0].slug.as_str(), lines[0].comments, &lines[0].tags),
            ("b", 12, &vec![tag("y"), tag("z")])
        );
        assert_eq!(
            (lines[1].slug.as_str(), lines[1].comments, &lines[1].tags),
            ("a", 0, &vec![tag("x")])
        );
        assert_eq!(lines[0].date, "2025-09-03");
    }

    #[test]
    fn post_page_keeps_the_order_of_tags_and_comments() {
        let day = Date::from_ymd_opt(2024, 10, 17).unwrap();
        let page = post_page(
            (9, "T".into(), "B".into(), day, "Ann".into()),
            vec![("y".into(), "Y".into()), ("x".into(), "X".into())],
            vec![("Bo".into(), "first".into()), ("Cy".into(), "second".into())],
        );
        assert_eq!(
            (page.title.as_str(), page.author.as_str(), page.date.as_str(), page.body.as_str()),
            ("T", "Ann", "2024-10-17", "B")
        );
        assert_eq!(page.tags, vec![tag("y"), tag("x")]);
        let authors: Vec<&str> = page.comments.iter().map(|c| c.author.as_str()).collect();
        assert_eq!(authors, ["Bo", "Cy"]);
    }
}
