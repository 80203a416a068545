//! The SQL texts of contract section 4.1. `$1` is an `int4[]` of post ids in the `= ANY($1)` batches and a slug
//! elsewhere.

/// `GET /`, 1st: the 20 latest posts as post rows (id, slug, title, published_on, author name).
pub const LATEST_POSTS: &str = "SELECT p.id, p.slug, p.title, p.published_on, a.name \
     FROM posts p JOIN authors a ON a.id = p.author_id \
     ORDER BY p.published_on DESC, p.id DESC LIMIT 20";

/// `GET /` and `GET /tag/{slug}`: the tags of a batch of posts (post_id, tag slug, tag name).
pub const TAGS_OF_POSTS: &str = "SELECT pt.post_id, t.slug, t.name \
     FROM post_tags pt JOIN tags t ON t.id = pt.tag_id \
     WHERE pt.post_id = ANY($1) ORDER BY pt.post_id, t.id";

/// `GET /` and `GET /tag/{slug}`: comment counts of a batch of posts; a post absent here has none.
pub const COMMENT_COUNTS: &str = "SELECT post_id, count(*) FROM comments \
     WHERE post_id = ANY($1) GROUP BY post_id";

/// `GET /post/{slug}`, 1st: the post (id, title, body, published_on, author name).
pub const POST: &str = "SELECT p.id, p.title, p.body, p.published_on, a.name \
     FROM posts p JOIN authors a ON a.id = p.author_id WHERE p.slug = $1";

/// `GET /post/{slug}`, 2nd: its tags (slug, name).
pub const POST_TAGS: &str = "SELECT t.slug, t.name \
     FROM posts p JOIN post_tags pt ON pt.post_id = p.id JOIN tags t ON t.id = pt.tag_id \
     WHERE p.slug = $1 ORDER BY t.id";

/// `GET /post/{slug}`, 3rd: its comments (author name, body), oldest first.
pub const POST_COMMENTS: &str = "SELECT c.author_name, c.body \
     FROM posts p JOIN comments c ON c.post_id = p.id \
     WHERE p.slug = $1 ORDER BY c.id";

/// `GET /tag/{slug}`, 1st: the tag (id, slug, name).
pub const TAG: &str = "SELECT id, slug, name FROM tags WHERE slug = $1";

/// `GET /tag/{slug}`, 2nd: its posts as post rows, newest first.
pub const TAG_POSTS: &str = "SELECT p.id, p.slug, p.title, p.published_on, a.name \
     FROM tags t JOIN post_tags pt ON pt.tag_id = t.id \
     JOIN posts p ON p.id = pt.post_id JOIN authors a ON a.id = p.author_id \
     WHERE t.slug = $1 ORDER BY p.published_on DESC, p.id DESC";
