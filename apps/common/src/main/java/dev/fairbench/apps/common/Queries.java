package dev.fairbench.apps.common;

/**
 * The SQL of the contract (section 4.1), word for word, so that every Java app sends the same statements. The
 * constants of this class use PostgreSQL's {@code $1} parameters (for drivers that speak the native protocol, such
 * as Vert.x's); {@link Jdbc} holds the same statements with JDBC's {@code ?}. Column types: {@code integer} is read
 * as a 32-bit int, {@code count(*)} as a 64-bit long, {@code date} as a date. Constants only; thread-safe.
 */
public final class Queries {
    private Queries() {}

    /** {@code GET /}, query 1, no parameter. Columns: id, slug, title, published_on, author name; newest 20 first. */
    public static final String LATEST_POSTS = """
            SELECT p.id, p.slug, p.title, p.published_on, a.name
              FROM posts p JOIN authors a ON a.id = p.author_id
             ORDER BY p.published_on DESC, p.id DESC LIMIT 20""";

    /**
     * {@code GET /} query 2 (and {@code GET /tag/{slug}} query 3): {@code $1} is an {@code int[]} of post ids.
     * Columns: post_id, tag slug, tag name; by post, then tag id.
     */
    public static final String TAGS_OF_POSTS = """
            SELECT pt.post_id, t.slug, t.name
              FROM post_tags pt JOIN tags t ON t.id = pt.tag_id
             WHERE pt.post_id = ANY($1) ORDER BY pt.post_id, t.id""";

    /**
     * {@code GET /} query 3 (and {@code GET /tag/{slug}} query 4): {@code $1} is an {@code int[]} of post ids.
     * Columns: post_id, count (64-bit). A post absent from the result has 0 comments.
     */
    public static final String COMMENT_COUNTS = """
            SELECT post_id, count(*) FROM comments
             WHERE post_id = ANY($1) GROUP BY post_id""";

    /** {@code GET /post/{slug}}, query 1: {@code $1} slug. Columns: id, title, body, published_on, author name. */
    public static final String POST_BY_SLUG = """
            SELECT p.id, p.title, p.body, p.published_on, a.name
              FROM posts p JOIN authors a ON a.id = p.author_id WHERE p.slug = $1""";

    /** {@code GET /post/{slug}}, query 2: {@code $1} slug. Columns: tag slug, tag name; by tag id. */
    public static final String TAGS_OF_POST = """
            SELECT t.slug, t.name
              FROM posts p JOIN post_tags pt ON pt.post_id = p.id JOIN tags t ON t.id = pt.tag_id
             WHERE p.slug = $1 ORDER BY t.id""";

    /** {@code GET /post/{slug}}, query 3: {@code $1} slug. Columns: author_name, body; oldest comment first. */
    public static final String COMMENTS_OF_POST = """
            SELECT c.author_name, c.body
              FROM posts p JOIN comments c ON c.post_id = p.id
             WHERE p.slug = $1 ORDER BY c.id""";

    /** {@code GET /tag/{slug}}, query 1: {@code $1} slug. Columns: id, slug, name. */
    public static final String TAG_BY_SLUG = "SELECT id, slug, name FROM tags WHERE slug = $1";

    /** {@code GET /tag/{slug}}, query 2: {@code $1} tag slug. Columns as {@link #LATEST_POSTS}; newest first. */
    public static final String POSTS_OF_TAG = """
            SELECT p.id, p.slug, p.title, p.published_on, a.name
              FROM tags t JOIN post_tags pt ON pt.tag_id = t.id
              JOIN posts p ON p.id = pt.post_id JOIN authors a ON a.id = p.author_id
             WHERE t.slug = $1 ORDER BY p.published_on DESC, p.id DESC""";

    /** Longest slug the contract accepts. */
    public static final int MAX_SLUG_LENGTH = 200;

    /**
     * The contract's slug rule ({@code [a-z0-9-]+}, at most {@value #MAX_SLUG_LENGTH} characters): a slug that
     * breaks it is a 404 without any query.
     */
    public static boolean isValidSlug(String slug) {
        if (slug.isEmpty() || slug.length() > MAX_SLUG_LENGTH) return false;
        for (int i = 0; i < slug.length(); i++) {
            char c = slug.charAt(i);
            boolean allowed = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
            if (!allowed) return false;
        }
        return true;
    }

    /** The JDBC form of a statement: every {@code $n} parameter becomes {@code ?}. */
    public static String jdbc(String sql) {
        return sql.replaceAll("\\$[0-9]+", "?");
    }

    /** The statements of {@link Queries} in their JDBC form ({@code ?} parameters), for JDBC apps. */
    public static final class Jdbc {
        private Jdbc() {}

        public static final String LATEST_POSTS = jdbc(Queries.LATEST_POSTS);
        public static final String TAGS_OF_POSTS = jdbc(Queries.TAGS_OF_POSTS);
        public static final String COMMENT_COUNTS = jdbc(Queries.COMMENT_COUNTS);
        public static final String POST_BY_SLUG = jdbc(Queries.POST_BY_SLUG);
        public static final String TAGS_OF_POST = jdbc(Queries.TAGS_OF_POST);
        public static final String COMMENTS_OF_POST = jdbc(Queries.COMMENTS_OF_POST);
        public static final String TAG_BY_SLUG = jdbc(Queries.TAG_BY_SLUG);
        public static final String POSTS_OF_TAG = jdbc(Queries.POSTS_OF_TAG);
    }
}
