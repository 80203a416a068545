package dev.fairbench.workload;

/**
 * The SQL of the contract (section 4.1), so that every Java app sends the same statements. {@code $1}-style
 * parameters are written as {@code ?} for JDBC in the {@code JDBC_*} forms; Vert.x and other native clients use
 * the {@code $1} forms.
 */
public final class Queries {
    private Queries() {}

    /** Index, query 1: no parameter. Columns: id int, slug, title, published_on date, author name. */
    public static final String LATEST_POSTS = """
            SELECT p.id, p.slug, p.title, p.published_on, a.name
              FROM posts p JOIN authors a ON a.id = p.author_id
             ORDER BY p.published_on DESC, p.id DESC LIMIT 20""";

    /** Index/tag, query 2: $1 int[] of post ids. Columns: post_id int, tag slug, tag name; by post, then tag id. */
    public static final String TAGS_OF_POSTS = """
            SELECT pt.post_id, t.slug, t.name
              FROM post_tags pt JOIN tags t ON t.id = pt.tag_id
             WHERE pt.post_id = ANY($1) ORDER BY pt.post_id, t.id""";

    /** Index/tag, query 3: $1 int[] of post ids. Columns: post_id int, count bigint; posts absent have 0. */
    public static final String COMMENT_COUNTS = """
            SELECT post_id, count(*) FROM comments
             WHERE post_id = ANY($1) GROUP BY post_id""";

    /** Detail, query 1: $1 slug. Columns: id int, title, body, published_on date, author name. */
    public static final String POST_BY_SLUG = """
            SELECT p.id, p.title, p.body, p.published_on, a.name
              FROM posts p JOIN authors a ON a.id = p.author_id WHERE p.slug = $1""";

    /** Detail, query 2: $1 slug. Columns: tag slug, tag name; by tag id. */
    public static final String TAGS_OF_POST = """
            SELECT t.slug, t.name
              FROM posts p JOIN post_tags pt ON pt.post_id = p.id JOIN tags t ON t.id = pt.tag_id
             WHERE p.slug = $1 ORDER BY t.id""";

    /** Detail, query 3: $1 slug. Columns: author_name, body; oldest first. */
    public static final String COMMENTS_OF_POST = """
            SELECT c.author_name, c.body
              FROM posts p JOIN comments c ON c.post_id = p.id
             WHERE p.slug = $1 ORDER BY c.id""";

    /** Tag, query 1: $1 slug. Columns: id int, slug, name. */
    public static final String TAG_BY_SLUG = "SELECT id, slug, name FROM tags WHERE slug = $1";

    /** Tag, query 2: $1 tag slug. Columns as {@link #LATEST_POSTS}; newest first. */
    public static final String POSTS_OF_TAG = """
            SELECT p.id, p.slug, p.title, p.published_on, a.name
              FROM tags t JOIN post_tags pt ON pt.tag_id = t.id
              JOIN posts p ON p.id = pt.post_id JOIN authors a ON a.id = p.author_id
             WHERE t.slug = $1 ORDER BY p.published_on DESC, p.id DESC""";

    /** The contract's slug rule: anything else is a 404 without a query. */
    public static boolean isValidSlug(String slug) {
        if (slug.isEmpty() || slug.length() > 200) return false;
        for (int i = 0; i < slug.length(); i++) {
            char c = slug.charAt(i);
            if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
        }
        return true;
    }

    /** The JDBC form of a statement: {@code $n} parameters become {@code ?}. */
    public static String jdbc(String sql) {
        return sql.replaceAll("\\$\\d+", "?");
    }
}
