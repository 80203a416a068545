package dev.fairbench.apps.helidon;

import dev.fairbench.apps.common.Queries.Jdbc;
import dev.fairbench.templates.CommentView;
import dev.fairbench.templates.PostPage;
import dev.fairbench.templates.PostSummaries;
import dev.fairbench.templates.Pages;
import dev.fairbench.templates.TagLink;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The three database pages of the contract (section 4.1), rendered to bytes, in plain JDBC. Each page takes one
 * connection from the pool for all of its queries (autocommit, no transaction) and gives it back before rendering.
 * Failures surface as {@link SQLException}. Thread-safe.
 */
final class BlogPages {
    private final DataSource pool;

    BlogPages(DataSource pool) {
        this.pool = pool;
    }

    /** {@code GET /}: the latest 20 posts. */
    byte[] index() throws SQLException {
        PostSummaries posts = new PostSummaries();
        try (Connection c = pool.getConnection()) {
            try (PreparedStatement ps = c.prepareStatement(Jdbc.LATEST_POSTS); ResultSet rs = ps.executeQuery()) {
                addPosts(rs, posts);
            }
            addTagsAndCounts(c, posts);
        }
        return Pages.index(posts.build());
    }

    /** {@code GET /post/{slug}}; empty when no post has this slug. The slug must be valid. */
    Optional<byte[]> detail(String slug) throws SQLException {
        String title, body, author;
        LocalDate publishedOn;
        List<TagLink> tags = new ArrayList<>(4);
        List<CommentView> comments = new ArrayList<>(16);
        try (Connection c = pool.getConnection()) {
            try (PreparedStatement ps = c.prepareStatement(Jdbc.POST_BY_SLUG)) {
                ps.setString(1, slug);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) return Optional.empty();
                    title = rs.getString(2);
                    body = rs.getString(3);
                    publishedOn = rs.getObject(4, LocalDate.class);
                    author = rs.getString(5);
                }
            }
            try (PreparedStatement ps = c.prepareStatement(Jdbc.TAGS_OF_POST)) {
                ps.setString(1, slug);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) tags.add(new TagLink(rs.getString(1), rs.getString(2)));
                }
            }
            try (PreparedStatement ps = c.prepareStatement(Jdbc.COMMENTS_OF_POST)) {
                ps.setString(1, slug);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) comments.add(new CommentView(rs.getString(1), rs.getString(2)));
                }
            }
        }
        return Optional.of(Pages.detail(new PostPage(title, author, publishedOn, body, tags, comments)));
    }

    /** {@code GET /tag/{slug}}; empty when no tag has this slug. The slug must be valid. */
    Optional<byte[]> tag(String slug) throws SQLException {
        TagLink tag;
        PostSummaries posts = new PostSummaries();
        try (Connection c = pool.getConnection()) {
            try (PreparedStatement ps = c.prepareStatement(Jdbc.TAG_BY_SLUG)) {
                ps.setString(1, slug);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) return Optional.empty();
                    tag = new TagLink(rs.getString(2), rs.getString(3));
                }
            }
            try (PreparedStatement ps = c.prepareStatement(Jdbc.POSTS_OF_TAG)) {
                ps.setString(1, slug);
                try (ResultSet rs = ps.executeQuery()) {
                    addPosts(rs, posts);
                }
            }
            addTagsAndCounts(c, posts);
        }
        return Optional.of(Pages.tag(tag, posts.build()));
    }

    /** Rows of {@link Queries#LATEST_POSTS} or {@link Queries#POSTS_OF_TAG}, in their order. */
    private static void addPosts(ResultSet rs, PostSummaries posts) throws SQLException {
        while (rs.next()) {
            posts.addPost(rs.getInt(1), rs.getString(2), rs.getString(3), rs.getString(5),
                    rs.getObject(4, LocalDate.class));
        }
    }

    /** Queries 2 and 3 of the index, batched over the page's post ids with {@code = ANY(?)}. */
    private static void addTagsAndCounts(Connection c, PostSummaries posts) throws SQLException {
        java.sql.Array ids = c.createArrayOf("int4", posts.postIds());
        try (PreparedStatement ps = c.prepareStatement(Jdbc.TAGS_OF_POSTS)) {
            ps.setArray(1, ids);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) posts.addTag(rs.getInt(1), rs.getString(2), rs.getString(3));
            }
        }
        try (PreparedStatement ps = c.prepareStatement(Jdbc.COMMENT_COUNTS)) {
            ps.setArray(1, ids);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) posts.setCommentCount(rs.getInt(1), rs.getLong(2));
            }
        }
    }
}
