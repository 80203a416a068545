package dev.fairbench.apps.common;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** The contract's SQL, statement for statement as docs/workload.md § 4.1 writes it, and the slug rule. */
class QueriesTest {
    private static final Path CONTRACT = Path.of("..", "..", "docs", "workload.md");
    private static final List<String> APP = List.of(Queries.LATEST_POSTS, Queries.TAGS_OF_POSTS,
            Queries.COMMENT_COUNTS, Queries.POST_BY_SLUG, Queries.TAGS_OF_POST, Queries.COMMENTS_OF_POST,
            Queries.TAG_BY_SLUG, Queries.POSTS_OF_TAG);
    private static final List<String> APP_JDBC = List.of(Queries.Jdbc.LATEST_POSTS, Queries.Jdbc.TAGS_OF_POSTS,
            Queries.Jdbc.COMMENT_COUNTS, Queries.Jdbc.POST_BY_SLUG, Queries.Jdbc.TAGS_OF_POST,
            Queries.Jdbc.COMMENTS_OF_POST, Queries.Jdbc.TAG_BY_SLUG, Queries.Jdbc.POSTS_OF_TAG);

    /** Every SELECT of the contract's {@code sql} blocks, comments dropped and white space folded, in order. */
    private static List<String> contractStatements() throws IOException {
        String doc = Files.readString(CONTRACT);
        List<String> statements = new ArrayList<>();
        Matcher block = Pattern.compile("```sql\\n(.*?)```", Pattern.DOTALL).matcher(doc);
        while (block.find()) {
            String sql = block.group(1).replaceAll("--[^\\n]*", "");
            Arrays.stream(sql.split(";")).map(QueriesTest::fold).filter(s -> s.startsWith("SELECT"))
                    .forEach(statements::add);
        }
        return statements;
    }

    private static String fold(String sql) {
        return sql.strip().replaceAll("\\s+", " ");
    }

    @Test
    void sameStatementsAsTheContract() throws IOException {
        assertThat(APP.stream().map(QueriesTest::fold).toList()).containsExactlyElementsOf(contractStatements());
    }

    @Test
    void jdbcFormsReplaceEveryParameter() {
        for (int i = 0; i < APP.size(); i++) {
            assertThat(APP_JDBC.get(i)).isEqualTo(Queries.jdbc(APP.get(i))).doesNotContain("$")
                    .isEqualTo(APP.get(i).replace("$1", "?"));
        }
        assertThat(Queries.Jdbc.POST_BY_SLUG).endsWith("WHERE p.slug = ?");
        assertThat(Queries.Jdbc.TAGS_OF_POSTS).contains("= ANY(?)");
    }

    @Test
    void slugsAreTheContractsCharactersUpTo200() {
        for (String slug : new String[] {"", "a", "rust", "response-lock-slow-4", "0-9", "-", "A", "ab c", "a/b",
                "a%00", "é", "x'; DROP TABLE posts; --", "a".repeat(200), "a".repeat(201), "slug_", "a.b", "a\u0000"}) {
            assertThat(Queries.isValidSlug(slug)).as("'%s'", slug).isEqualTo(slug.matches("[a-z0-9-]{1,200}"));
        }
    }
}
