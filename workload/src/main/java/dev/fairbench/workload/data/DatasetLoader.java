package dev.fairbench.workload.data;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/** Reads every row of the contract's tables back into a {@link Dataset}, ordered by primary key. */
public final class DatasetLoader {
    private DatasetLoader() {}

    public static Dataset load(DatabaseUrl url) throws SQLException {
        try (Connection c = Seeder.connect(url); Statement s = c.createStatement()) {
            List<Author> authors = new ArrayList<>();
            try (ResultSet rs = s.executeQuery("SELECT id, name FROM authors ORDER BY id")) {
                while (rs.next()) authors.add(new Author(rs.getInt(1), rs.getString(2)));
            }
            List<Tag> tags = new ArrayList<>();
            try (ResultSet rs = s.executeQuery("SELECT id, slug, name FROM tags ORDER BY id")) {
                while (rs.next()) tags.add(new Tag(rs.getInt(1), rs.getString(2), rs.getString(3)));
            }
            List<Post> posts = new ArrayList<>();
            try (ResultSet rs = s.executeQuery(
                    "SELECT id, author_id, slug, title, body, published_on FROM posts ORDER BY id")) {
                while (rs.next()) {
                    posts.add(new Post(rs.getInt(1), rs.getInt(2), rs.getString(3), rs.getString(4),
                            rs.getString(5), rs.getObject(6, LocalDate.class)));
                }
            }
            List<PostTag> postTags = new ArrayList<>();
            try (ResultSet rs = s.executeQuery("SELECT post_id, tag_id FROM post_tags ORDER BY post_id, tag_id")) {
                while (rs.next()) postTags.add(new PostTag(rs.getInt(1), rs.getInt(2)));
            }
            List<Comment> comments = new ArrayList<>();
            try (ResultSet rs = s.executeQuery("SELECT id, post_id, author_name, body FROM comments ORDER BY id")) {
                while (rs.next()) {
                    comments.add(new Comment(rs.getInt(1), rs.getInt(2), rs.getString(3), rs.getString(4)));
                }
            }
            return new Dataset(authors, tags, posts, postTags, comments);
        }
    }
}
