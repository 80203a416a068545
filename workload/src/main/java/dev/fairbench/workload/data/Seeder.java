package dev.fairbench.workload.data;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;

/**
 * Drops and recreates the tables of the contract in the schema {@value #SCHEMA} (created when missing) and loads a
 * {@link Dataset} into them, in one transaction. Only the contract's five tables of that schema are ever dropped,
 * never with CASCADE, so objects of others on a shared server are left alone (whoever checks that the schema holds
 * nothing foreign does so before calling {@link #seed(DatabaseUrl, Dataset)}).
 */
public final class Seeder {
    /** The schema of fairbench's own that holds the contract's tables. */
    public static final String SCHEMA = "fairbench";
    /**
     * The comment fairbench puts on {@value #SCHEMA} when seeding: a schema of that name without it holding tables
     * is someone else's, and is refused.
     */
    public static final String SCHEMA_MARK = "created by fairbench for its benchmark tables";

    private Seeder() {}

    /** A connection whose {@code search_path} is {@value #SCHEMA}, so that unqualified names are fairbench's. */
    public static Connection connect(DatabaseUrl url) throws SQLException {
        Properties props = new Properties();
        props.setProperty("user", url.user());
        if (url.password() != null) props.setProperty("password", url.password());
        props.setProperty("reWriteBatchedInserts", "true");
        props.setProperty("currentSchema", SCHEMA);
        return DriverManager.getConnection(url.jdbcUrl(), props);
    }

    /**
     * Recreates the tables in {@value #SCHEMA} and loads every row; runs ANALYZE on them so that plans are the same
     * on every run.
     */
    public static void seed(DatabaseUrl url, Dataset data) throws SQLException {
        try (Connection c = connect(url)) {
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                s.execute("CREATE SCHEMA IF NOT EXISTS " + SCHEMA);
                s.execute("COMMENT ON SCHEMA " + SCHEMA + " IS '" + SCHEMA_MARK + "'");
                s.execute("SET LOCAL search_path = " + SCHEMA);
                s.execute(schemaSql());
            }
            insert(c, data);
            c.commit();
            c.setAutoCommit(true);
            try (Statement s = c.createStatement()) {
                s.execute("ANALYZE " + SCHEMA + ".authors, " + SCHEMA + ".tags, " + SCHEMA + ".posts, "
                        + SCHEMA + ".post_tags, " + SCHEMA + ".comments");
            }
        }
    }

    /** True when the database holds exactly {@code expected} (compared by canonical digest). */
    public static boolean isSeeded(DatabaseUrl url, Dataset expected) {
        try {
            return DatasetLoader.load(url).sha256().equals(expected.sha256());
        } catch (SQLException e) {
            return false;
        }
    }

    public static String schemaSql() {
        try (InputStream in = Seeder.class.getResourceAsStream("/dev/fairbench/workload/schema.sql")) {
            if (in == null) throw new IllegalStateException("schema.sql missing from the workload jar");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void insert(Connection c, Dataset data) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO authors (id, name) VALUES (?, ?)")) {
            for (Author a : data.authors()) {
                ps.setInt(1, a.id());
                ps.setString(2, a.name());
                ps.addBatch();
            }
            ps.executeBatch();
        }
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO tags (id, slug, name) VALUES (?, ?, ?)")) {
            for (Tag t : data.tags()) {
                ps.setInt(1, t.id());
                ps.setString(2, t.slug());
                ps.setString(3, t.name());
                ps.addBatch();
            }
            ps.executeBatch();
        }
        try (PreparedStatement ps = c.prepareStatement(
                "INSERT INTO posts (id, author_id, slug, title, body, published_on) VALUES (?, ?, ?, ?, ?, ?)")) {
            for (Post p : data.posts()) {
                ps.setInt(1, p.id());
                ps.setInt(2, p.authorId());
                ps.setString(3, p.slug());
                ps.setString(4, p.title());
                ps.setString(5, p.body());
                ps.setObject(6, p.publishedOn());
                ps.addBatch();
            }
            ps.executeBatch();
        }
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO post_tags (post_id, tag_id) VALUES (?, ?)")) {
            for (PostTag pt : data.postTags()) {
                ps.setInt(1, pt.postId());
                ps.setInt(2, pt.tagId());
                ps.addBatch();
            }
            ps.executeBatch();
        }
        try (PreparedStatement ps = c.prepareStatement(
                "INSERT INTO comments (id, post_id, author_name, body) VALUES (?, ?, ?, ?)")) {
            for (Comment cm : data.comments()) {
                ps.setInt(1, cm.id());
                ps.setInt(2, cm.postId());
                ps.setString(3, cm.authorName());
                ps.setString(4, cm.body());
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }
}
