package dev.fairbench.workload;

import dev.fairbench.workload.data.Dataset;
import dev.fairbench.workload.data.DatasetGenerator;
import dev.fairbench.workload.render.Html;
import dev.fairbench.workload.render.ReferenceRenderer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

class RenderingTest {
    private static final Dataset DATA = DatasetGenerator.generate();
    private static final ReferenceRenderer RENDERER = new ReferenceRenderer(DATA);

    @Test
    void indexMatchesGoldenFile() throws IOException {
        assertThat(text(RENDERER.index())).isEqualTo(golden("index.html"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"slow-request-pipeline-1", "stack-heap-page-670", "page-pipeline-page-97"})
    void detailMatchesGoldenFile(String slug) throws IOException {
        assertThat(text(RENDERER.detail(slug).orElseThrow())).isEqualTo(golden("post-" + slug + ".html"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"templates", "benchmarks", "capacity"})
    void tagMatchesGoldenFile(String slug) throws IOException {
        assertThat(text(RENDERER.tag(slug).orElseThrow())).isEqualTo(golden("tag-" + slug + ".html"));
    }

    @Test
    void goldenPagesShowTheContractsEdgeCases() throws IOException {
        assertThat(golden("post-stack-heap-page-670.html")).contains("&lt;script&gt;alert(1)&lt;/script&gt;")
                .doesNotContain("<script>");
        assertThat(golden("post-page-pipeline-page-97.html")).contains("<h2>0 comments</h2>\n<ol class=\"comments\">\n</ol>\n");
        assertThat(golden("index.html")).endsWith("</ul>\n</body>\n</html>\n").contains("Пам&#39;ять");
        assertThat(golden("index.html").lines().filter(l -> l.startsWith("<li>")).count()).isEqualTo(20);
    }

    @Test
    void unknownSlugsHaveNoPage() {
        assertThat(RENDERER.detail("nope")).isEmpty();
        assertThat(RENDERER.tag("nope")).isEmpty();
    }

    @Test
    void escapesExactlyTheFiveCharacters() {
        assertThat(Html.escape("a&b<c>d\"e'f/g+h=i`j")).isEqualTo("a&amp;b&lt;c&gt;d&#34;e&#39;f/g+h=i`j");
        assertThat(Html.escape("Олена")).isEqualTo("Олена");
    }

    private static String golden(String name) throws IOException {
        try (InputStream in = RenderingTest.class.getResourceAsStream("/golden/" + name)) {
            assertThat(in).as("golden file " + name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
