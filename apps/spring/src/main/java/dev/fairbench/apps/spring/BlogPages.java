package dev.fairbench.apps.spring;

import dev.fairbench.apps.common.Queries.Jdbc;
import dev.fairbench.templates.CommentView;
import dev.fairbench.templates.PostPage;
import dev.fairbench.templates.PostSummaries;
import dev.fairbench.templates.Pages;
import dev.fairbench.templates.TagLink;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.PreparedStatementSetter;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;
import org.springframework.stereotype.Component;

import java.sql.Array;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

/**
 * The three database pages of the contract (section 4.1), rendered to bytes. Each page takes one connection from
 * the pool for all of its queries ({@link JdbcTemplate#execute(ConnectionCallback)}, no transaction) and gives it
 * back before rendering. Failures surface as Spring's {@code DataAccessException}. Thread-safe.
 */
@Component
final class BlogPages {
    private static final RowMapper<TagLink> TAG_LINK = (rs, row) -> new TagLink(rs.getString(1), rs.getString(2));
    /**
     * For a query without parameters: makes {@link JdbcTemplate} run it as a {@code PreparedStatement}, which pgjdbc
     * prepares on the server once per connection (after its {@code prepareThreshold}) instead of a plain
     * {@code Statement} that PostgreSQL parses again on every page.
     */
    private static final PreparedStatementSetter NO_PARAMETERS = statement -> {};
    private static final RowMapper<CommentView> COMMENT = (rs, row) -> new CommentView(rs.getString(1), rs.getString(2));

    private final JdbcTemplate pool;

    BlogPages(JdbcTemplate pool) {
        this.pool = pool;
    }

    /** {@code GET /}: the latest 20 posts. */
    byte[] index() {
        PostSummaries posts = pool.execute((ConnectionCallback<PostSummaries>) connection -> {
            JdbcTemplate jdbc = onOne(connection);
            PostSummaries page = new PostSummaries();
            jdbc.query(Jdbc.LATEST_POSTS, NO_PARAMETERS, rs -> {
                page.addPost(rs.getInt(1), rs.getString(2), rs.getString(3), rs.getString(5),
                        rs.getObject(4, LocalDate.class));
            });
            addTagsAndCounts(jdbc, connection, page);
            return page;
        });
        return Pages.index(posts.build());
    }

    /** {@code GET /post/{slug}}; empty when no post has this slug. The slug must be valid. */
    Optional<byte[]> detail(String slug) {
        record Post(String title, String body, LocalDate publishedOn, String author) {}
        PostPage page = pool.execute((ConnectionCallback<PostPage>) connection -> {
            JdbcTemplate jdbc = onOne(connection);
            List<Post> posts = jdbc.query(Jdbc.POST_BY_SLUG, (rs, row) -> new Post(rs.getString(2), rs.getString(3),
                    rs.getObject(4, LocalDate.class), rs.getString(5)), slug);
            if (posts.isEmpty()) return null;
            Post post = posts.getFirst();
            return new PostPage(post.title(), post.author(), post.publishedOn(), post.body(),
                    jdbc.query(Jdbc.TAGS_OF_POST, TAG_LINK, slug), jdbc.query(Jdbc.COMMENTS_OF_POST, COMMENT, slug));
        });
        return Optional.ofNullable(page).map(Pages::detail);
    }

    /** {@code GET /tag/{slug}}; empty when no tag has this slug. The slug must be valid. */
    Optional<byte[]> tag(String slug) {
        record TagAndPosts(TagLink tag, PostSummaries posts) {}
        TagAndPosts found = pool.execute((ConnectionCallback<TagAndPosts>) connection -> {
            JdbcTemplate jdbc = onOne(connection);
            List<TagLink> tags = jdbc.query(Jdbc.TAG_BY_SLUG,
                    (rs, row) -> new TagLink(rs.getString(2), rs.getString(3)), slug);
            if (tags.isEmpty()) return null;
            PostSummaries page = new PostSummaries();
            jdbc.query(Jdbc.POSTS_OF_TAG, rs -> {
                page.addPost(rs.getInt(1), rs.getString(2), rs.getString(3), rs.getString(5),
                        rs.getObject(4, LocalDate.class));
            }, slug);
            addTagsAndCounts(jdbc, connection, page);
            return new TagAndPosts(tags.getFirst(), page);
        });
        return Optional.ofNullable(found).map(t -> Pages.tag(t.tag(), t.posts().build()));
    }

    /** Queries 2 and 3 of the index, batched over the page's post ids with {@code = ANY(?)}. */
    private static void addTagsAndCounts(JdbcTemplate jdbc, Connection connection, PostSummaries page)
            throws SQLException {
        Array ids = connection.createArrayOf("int4", page.postIds());
        jdbc.query(Jdbc.TAGS_OF_POSTS, rs -> {
            page.addTag(rs.getInt(1), rs.getString(2), rs.getString(3));
        }, ids);
        jdbc.query(Jdbc.COMMENT_COUNTS, rs -> {
            page.setCommentCount(rs.getInt(1), rs.getLong(2));
        }, ids);
    }

    /** A template whose every call runs on this one connection, which it never closes. */
    private static JdbcTemplate onOne(Connection connection) {
        return new JdbcTemplate(new SingleConnectionDataSource(connection, true), true);
    }
}
