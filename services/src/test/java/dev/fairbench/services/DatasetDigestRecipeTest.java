package dev.fairbench.services;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fairbench.workload.data.Dataset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The dataset digest of docs/workload.md §3 is checkable by a third party: the rows are read back from a real
 * (embedded, port 21435, its cluster deleted afterwards) PostgreSQL seeded by {@code fairbench seed}'s code, and hashed here by the recipe as the
 * document writes it, with plain JDBC and {@link MessageDigest} only (nothing of the generator's
 * {@code Dataset.canonicalDump}). The result must be the digest the document prints, which must be
 * {@link Dataset#SHA256}.
 */
@Timeout(120)
class DatasetDigestRecipeTest {
    static final int PORT = 21435;
    static final EmbeddedPostgres POSTGRES = new EmbeddedPostgres(ServiceOptions.defaults().dataDir(), PORT);
    /** The tables in the document's order, each with its columns in the order of §2 and its primary key. */
    static final List<String> QUERIES = List.of(
            "SELECT 'authors', id, name FROM authors ORDER BY id",
            "SELECT 'tags', id, slug, name FROM tags ORDER BY id",
            "SELECT 'posts', id, author_id, slug, title, body, published_on FROM posts ORDER BY id",
            "SELECT 'post_tags', post_id, tag_id FROM post_tags ORDER BY post_id, tag_id",
            "SELECT 'comments', id, post_id, author_name, body FROM comments ORDER BY id");

    @BeforeAll
    static void startAndSeed() {
        POSTGRES.start();
        Services.seed(POSTGRES.ownerUrl());
    }

    @AfterAll
    static void stop() throws Exception {
        POSTGRES.stop();
        if (!Files.exists(POSTGRES.clusterDir())) return;
        try (Stream<Path> paths = Files.walk(POSTGRES.clusterDir())) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }

    @Test
    void theDocumentedRecipeGivesTheDocumentedDigest() throws Exception {
        String documented = documentedDigest();
        assertThat(documented).as("digest printed in docs/workload.md").isEqualTo(Dataset.SHA256);

        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        // As the apps read it: the read-only role, in fairbench's own schema.
        try (Connection c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + PORT + "/"
                + EmbeddedPostgres.DATABASE + "?currentSchema=" + EmbeddedPostgres.SCHEMA, EmbeddedPostgres.APP_ROLE,
                Secrets.read(POSTGRES.appPasswordFile()));
             Statement s = c.createStatement()) {
            for (String query : QUERIES) {
                try (ResultSet rs = s.executeQuery(query)) {
                    int columns = rs.getMetaData().getColumnCount();
                    while (rs.next()) {
                        StringBuilder line = new StringBuilder();
                        for (int i = 1; i <= columns; i++) {
                            if (i > 1) line.append('\t');
                            // PostgreSQL's own text form: integers in decimal, dates as YYYY-MM-DD
                            line.append(rs.getString(i).replace("\n", "\\n"));
                        }
                        line.append('\n');
                        sha.update(line.toString().getBytes(StandardCharsets.UTF_8));
                    }
                }
            }
        }
        assertThat(HexFormat.of().formatHex(sha.digest())).isEqualTo(documented);
    }

    /** The 64 hex digits that follow "The digest of the full dataset" in docs/workload.md. */
    static String documentedDigest() throws Exception {
        String doc = Files.readString(Path.of("..", "docs", "workload.md"));
        int from = doc.indexOf("The digest of the full dataset");
        assertThat(from).as("§3 states the digest").isGreaterThan(0);
        Matcher m = Pattern.compile("`([0-9a-f]{64})`").matcher(doc);
        assertThat(m.find(from)).isTrue();
        return m.group(1);
    }
}
