package dev.fairbench.apps.common;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The contract's SQL and slug rule, letter for letter as the harness has them. */
class QueriesTest {
    private static final List<String> APP = List.of(Queries.LATEST_POSTS, Queries.TAGS_OF_POSTS,
            Queries.COMMENT_COUNTS, Queries.POST_BY_SLUG, Queries.TAGS_OF_POST, Queries.COMMENTS_OF_POST,
            Queries.TAG_BY_SLUG, Queries.POSTS_OF_TAG);
    private static final List<String> APP_JDBC = List.of(Queries.Jdbc.LATEST_POSTS, Queries.Jdbc.TAGS_OF_POSTS,
            Queries.Jdbc.COMMENT_COUNTS, Queries.Jdbc.POST_BY_SLUG, Queries.Jdbc.TAGS_OF_POST,
            Queries.Jdbc.COMMENTS_OF_POST, Queries.Jdbc.TAG_BY_SLUG, Queries.Jdbc.POSTS_OF_TAG);
    private static final List<String> HARNESS = List.of(dev.fairbench.workload.Queries.LATEST_POSTS,
            dev.fairbench.workload.Queries.TAGS_OF_POSTS, dev.fairbench.workload.Queries.COMMENT_COUNTS,
            dev.fairbench.workload.Queries.POST_BY_SLUG, dev.fairbench.workload.Queries.TAGS_OF_POST,
            dev.fairbench.workload.Queries.COMMENTS_OF_POST, dev.fairbench.workload.Queries.TAG_BY_SLUG,
            dev.fairbench.workload.Queries.POSTS_OF_TAG);

    @Test
    void sameStatementsAsTheHarness() {
        assertThat(APP).containsExactlyElementsOf(HARNESS);
    }

    @Test
    void jdbcFormsReplaceEveryParameterLikeTheHarness() {
        for (int i = 0; i < APP.size(); i++) {
            assertThat(APP_JDBC.get(i)).isEqualTo(dev.fairbench.workload.Queries.jdbc(HARNESS.get(i)))
                    .doesNotContain("$").isEqualTo(Queries.jdbc(APP.get(i)));
        }
        assertThat(Queries.Jdbc.POST_BY_SLUG).endsWith("WHERE p.slug = ?");
        assertThat(Queries.Jdbc.TAGS_OF_POSTS).contains("= ANY(?)");
    }

    @Test
    void sameSlugRuleAsTheHarness() {
        for (String slug : new String[] {"", "a", "rust", "response-lock-slow-4", "0-9", "-", "A", "ab c", "a/b",
                "a%00", "é", "x'; DROP TABLE posts; --", "a".repeat(200), "a".repeat(201), "slug_", "a.b"}) {
            assertThat(Queries.isValidSlug(slug)).as("'%s'", slug)
                    .isEqualTo(dev.fairbench.workload.Queries.isValidSlug(slug));
        }
        assertThat(Queries.isValidSlug("response-lock-slow-4")).isTrue();
        assertThat(Queries.isValidSlug("a\u0000")).isFalse();
    }
}
