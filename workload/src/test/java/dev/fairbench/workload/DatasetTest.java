package dev.fairbench.workload;

import dev.fairbench.workload.data.Dataset;
import dev.fairbench.workload.data.DatasetGenerator;
import dev.fairbench.workload.data.Post;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

class DatasetTest {
    private final Dataset data = DatasetGenerator.generate();

    @Test
    void exactRowCounts() {
        assertThat(data.authors()).hasSize(10);
        assertThat(data.tags()).hasSize(30);
        assertThat(data.posts()).hasSize(1_000);
        assertThat(data.postTags()).hasSize(2_600);
        assertThat(data.comments()).hasSize(10_000);
    }

    @Test
    void digestOfTheFullDumpIsPinned() {
        assertThat(data.sha256()).isEqualTo(Dataset.SHA256)
                .isEqualTo("e7c05212f7430c764f8314f6b4d79c927ab1020dc0c544c44bbb6178f2a9e75d");
        assertThat(DatasetGenerator.generate().canonicalDump()).isEqualTo(data.canonicalDump());
    }

    @Test
    void slugsAreUniqueAndUrlSafe() {
        Set<String> slugs = data.posts().stream().map(Post::slug).collect(Collectors.toSet());
        assertThat(slugs).hasSize(1_000).allMatch(s -> s.matches("[a-z0-9-]+"));
        assertThat(data.tags()).allMatch(t -> t.slug().matches("[a-z0-9-]+"));
    }

    @Test
    void textsExerciseEscapingAndUnicodeButNeverPlusOrControls() {
        String dump = data.canonicalDump();
        for (String special : new String[] {"&", "<", ">", "\"", "'", "<script>alert(1)</script>", "Олена", "é", "ш"}) {
            assertThat(dump).contains(special);
        }
        assertThat(dump).doesNotContain("+");
        assertThat(dump.chars().filter(c -> c < 0x20 && c != '\n' && c != '\t').count()).isZero();
        assertThat(data.posts()).anyMatch(p -> p.body().contains("\n"));
        assertThat(data.posts()).anyMatch(p -> p.title().contains("&") || p.title().contains("<"));
    }

    @Test
    void tagLinksAreDistinctPerPostAndSomePostsHaveNoComment() {
        Set<Long> pairs = new HashSet<>();
        data.postTags().forEach(pt -> assertThat(pairs.add(((long) pt.postId() << 32) | pt.tagId())).isTrue());
        Set<Integer> commented = data.comments().stream().map(c -> c.postId()).collect(Collectors.toSet());
        assertThat(data.posts().stream().filter(p -> !commented.contains(p.id())).count()).isEqualTo(10);
    }
}
