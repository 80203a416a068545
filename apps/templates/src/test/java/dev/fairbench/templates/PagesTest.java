package dev.fairbench.templates;

import dev.fairbench.workload.data.Author;
import dev.fairbench.workload.data.Comment;
import dev.fairbench.workload.data.Dataset;
import dev.fairbench.workload.data.DatasetGenerator;
import dev.fairbench.workload.data.Post;
import dev.fairbench.workload.data.PostTag;
import dev.fairbench.workload.data.Tag;
import dev.fairbench.workload.render.ReferenceRenderer;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every page of the dataset rendered by the templates equals the reference renderer's bytes. The rows are fed
 * through {@link PostSummaries} the way the queries of the contract return them, so the join is tested too.
 */
class PagesTest {
    private static final Dataset DATA = DatasetGenerator.generate();
    private static final ReferenceRenderer REFERENCE = new ReferenceRenderer(DATA);
    private static final Map<Integer, Author> AUTHORS =
            DATA.authors().stream().collect(Collectors.toMap(Author::id, Function.identity()));
    private static final Map<Integer, Tag> TAGS =
            DATA.tags().stream().collect(Collectors.toMap(Tag::id, Function.identity()));
    private static final Comparator<Post> NEWEST_FIRST =
            Comparator.comparing(Post::publishedOn).thenComparingInt(Post::id).reversed();

    @Test
    void indexEqualsReference() {
        List<Post> latest = DATA.posts().stream().sorted(NEWEST_FIRST).limit(20).toList();
        assertThat(text(Pages.index(summaries(latest)))).isEqualTo(text(REFERENCE.index()));
    }

    @Test
    void everyPostPageEqualsReference() {
        for (Post p : DATA.posts()) {
            List<TagLink> tags = tagsOf(p.id());
            List<CommentView> comments = DATA.comments().stream().filter(c -> c.postId() == p.id())
                    .sorted(Comparator.comparingInt(Comment::id))
                    .map(c -> new CommentView(c.authorName(), c.body())).toList();
            PostPage page = new PostPage(p.title(), AUTHORS.get(p.authorId()).name(), p.publishedOn(), p.body(),
                    tags, comments);
            assertThat(text(Pages.detail(page))).as(p.slug()).isEqualTo(text(REFERENCE.detail(p.slug()).orElseThrow()));
        }
    }

    @Test
    void everyTagPageEqualsReference() {
        for (Tag t : DATA.tags()) {
            List<Post> posts = DATA.postTags().stream().filter(pt -> pt.tagId() == t.id())
                    .map(pt -> DATA.posts().get(pt.postId() - 1)).sorted(NEWEST_FIRST).toList();
            assertThat(text(Pages.tag(new TagLink(t.slug(), t.name()), summaries(posts))))
                    .as(t.slug()).isEqualTo(text(REFERENCE.tag(t.slug()).orElseThrow()));
        }
    }

    @Test
    void escapesExactlyTheFiveCharactersOfTheContract() {
        PostPage page = new PostPage("a&b<c>d\"e'f+g/h=ї", "Анна", LocalDate.of(2026, 1, 2), "line 1\nline 2",
                List.of(), List.of(new CommentView("<script>", "alert(1)</script>")));
        assertThat(text(Pages.detail(page)))
                .contains("<title>a&amp;b&lt;c&gt;d&#34;e&#39;f+g/h=ї</title>")
                .contains("<div class=\"body\">line 1\nline 2</div>")
                .contains("<p class=\"meta\">by Анна on 2026-01-02, tags:</p>")
                .contains("<h2>1 comments</h2>")
                .contains("<li><b>&lt;script&gt;</b>: alert(1)&lt;/script&gt;</li>");
    }

    @Test
    void postWithoutCommentRowsShowsZeroComments() {
        PostSummaries lines = new PostSummaries();
        lines.addPost(7, "a-post", "A", "B", LocalDate.of(2026, 3, 4));
        lines.addPost(8, "b-post", "C", "D", LocalDate.of(2026, 3, 3));
        lines.setCommentCount(8, 5);
        List<PostSummary> built = lines.build();
        assertThat(built).extracting(PostSummary::commentCount).containsExactly(0L, 5L);
        assertThat(lines.postIds()).containsExactly(7, 8);
    }

    /** Feeds rows as the three queries of the index would return them: tags by post then tag id; counts unordered. */
    private static List<PostSummary> summaries(List<Post> posts) {
        PostSummaries lines = new PostSummaries();
        for (Post p : posts) lines.addPost(p.id(), p.slug(), p.title(), AUTHORS.get(p.authorId()).name(), p.publishedOn());
        List<Integer> ids = List.of(lines.postIds());
        DATA.postTags().stream().filter(pt -> ids.contains(pt.postId()))
                .sorted(Comparator.comparingInt(PostTag::postId).thenComparingInt(PostTag::tagId))
                .forEach(pt -> lines.addTag(pt.postId(), TAGS.get(pt.tagId()).slug(), TAGS.get(pt.tagId()).name()));
        Map<Integer, Long> counts = DATA.comments().stream().filter(c -> ids.contains(c.postId()))
                .collect(Collectors.groupingBy(Comment::postId, Collectors.counting()));
        List<Integer> shuffled = new ArrayList<>(counts.keySet());
        Collections.reverse(shuffled);
        for (Integer id : shuffled) lines.setCommentCount(id, counts.get(id));
        return lines.build();
    }

    private static List<TagLink> tagsOf(int postId) {
        return DATA.postTags().stream().filter(pt -> pt.postId() == postId).map(pt -> TAGS.get(pt.tagId()))
                .sorted(Comparator.comparingInt(Tag::id)).map(t -> new TagLink(t.slug(), t.name())).toList();
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
