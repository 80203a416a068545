package dev.fairbench.workload.render;

import dev.fairbench.workload.data.Author;
import dev.fairbench.workload.data.Comment;
import dev.fairbench.workload.data.Dataset;
import dev.fairbench.workload.data.Post;
import dev.fairbench.workload.data.PostTag;
import dev.fairbench.workload.data.Tag;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Renders the pages of the contract ({@code docs/workload.md}, section 4.2) from a {@link Dataset}: the bytes every
 * app must return. Written by hand, without a template engine, so that it reads like the contract.
 * Immutable after construction and thread-safe.
 */
public final class ReferenceRenderer {
    /** Posts on the index page. */
    public static final int INDEX_POSTS = 20;

    private static final Comparator<Post> NEWEST_FIRST =
            Comparator.comparing(Post::publishedOn).thenComparingInt(Post::id).reversed();

    private final Map<Integer, Author> authorsById = new HashMap<>();
    private final Map<Integer, Tag> tagsById = new HashMap<>();
    private final Map<String, Tag> tagsBySlug = new HashMap<>();
    private final Map<String, Post> postsBySlug = new HashMap<>();
    private final Map<Integer, List<Tag>> tagsByPost = new HashMap<>();
    private final Map<Integer, List<Post>> postsByTag = new HashMap<>();
    private final Map<Integer, List<Comment>> commentsByPost = new HashMap<>();
    private final List<Post> newestFirst;
    private final Dataset dataset;

    public ReferenceRenderer(Dataset dataset) {
        this.dataset = dataset;
        dataset.authors().forEach(a -> authorsById.put(a.id(), a));
        dataset.tags().forEach(t -> {
            tagsById.put(t.id(), t);
            tagsBySlug.put(t.slug(), t);
        });
        Map<Integer, Post> postsById = new HashMap<>();
        dataset.posts().forEach(p -> {
            postsById.put(p.id(), p);
            postsBySlug.put(p.slug(), p);
        });
        for (PostTag pt : dataset.postTags()) {
            tagsByPost.computeIfAbsent(pt.postId(), k -> new ArrayList<>()).add(tagsById.get(pt.tagId()));
            postsByTag.computeIfAbsent(pt.tagId(), k -> new ArrayList<>()).add(postsById.get(pt.postId()));
        }
        tagsByPost.values().forEach(list -> list.sort(Comparator.comparingInt(Tag::id)));
        postsByTag.values().forEach(list -> list.sort(NEWEST_FIRST));
        for (Comment c : dataset.comments()) {
            commentsByPost.computeIfAbsent(c.postId(), k -> new ArrayList<>()).add(c);
        }
        commentsByPost.values().forEach(list -> list.sort(Comparator.comparingInt(Comment::id)));
        newestFirst = dataset.posts().stream().sorted(NEWEST_FIRST).toList();
    }

    public Dataset dataset() {
        return dataset;
    }

    /** {@code GET /}. */
    public byte[] index() {
        StringBuilder out = head("fairbench blog");
        out.append("<h1>Latest posts</h1>\n<ul class=\"posts\">\n");
        for (Post p : newestFirst.subList(0, Math.min(INDEX_POSTS, newestFirst.size()))) postLine(out, p);
        out.append("</ul>\n");
        return tail(out);
    }

    /** {@code GET /post/{slug}}, or empty for an unknown slug (a 404). */
    public Optional<byte[]> detail(String slug) {
        Post p = postsBySlug.get(slug);
        if (p == null) return Optional.empty();
        List<Comment> comments = commentsByPost.getOrDefault(p.id(), List.of());
        StringBuilder out = head(Html.escape(p.title()));
        out.append("<article>\n<h1>").append(Html.escape(p.title())).append("</h1>\n");
        out.append("<p class=\"meta\">by ").append(Html.escape(authorsById.get(p.authorId()).name()))
                .append(" on ").append(p.publishedOn()).append(", tags:");
        tagLinks(out, p);
        out.append("</p>\n<div class=\"body\">").append(Html.escape(p.body())).append("</div>\n</article>\n");
        out.append("<h2>").append(comments.size()).append(" comments</h2>\n<ol class=\"comments\">\n");
        for (Comment c : comments) {
            out.append("<li><b>").append(Html.escape(c.authorName())).append("</b>: ")
                    .append(Html.escape(c.body())).append("</li>\n");
        }
        out.append("</ol>\n");
        return Optional.of(tail(out));
    }

    /** {@code GET /tag/{slug}}, or empty for an unknown slug (a 404). */
    public Optional<byte[]> tag(String slug) {
        Tag t = tagsBySlug.get(slug);
        if (t == null) return Optional.empty();
        StringBuilder out = head("Tag: " + Html.escape(t.name()));
        out.append("<h1>Posts tagged ").append(Html.escape(t.name())).append("</h1>\n<ul class=\"posts\">\n");
        for (Post p : postsByTag.getOrDefault(t.id(), List.of())) postLine(out, p);
        out.append("</ul>\n");
        return Optional.of(tail(out));
    }

    private void postLine(StringBuilder out, Post p) {
        out.append("<li><a href=\"/post/").append(p.slug()).append("\">").append(Html.escape(p.title()))
                .append("</a> by ").append(Html.escape(authorsById.get(p.authorId()).name()))
                .append(" on ").append(p.publishedOn()).append(", ")
                .append(commentsByPost.getOrDefault(p.id(), List.of()).size()).append(" comments, tags:");
        tagLinks(out, p);
        out.append("</li>\n");
    }

    private void tagLinks(StringBuilder out, Post p) {
        for (Tag t : tagsByPost.getOrDefault(p.id(), List.of())) {
            out.append(" <a href=\"/tag/").append(t.slug()).append("\">").append(Html.escape(t.name())).append("</a>");
        }
    }

    private static StringBuilder head(String escapedTitle) {
        StringBuilder out = new StringBuilder(16_384);
        out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
                .append(escapedTitle).append("</title>\n</head>\n<body>\n");
        return out;
    }

    private static byte[] tail(StringBuilder out) {
        out.append("</body>\n</html>\n");
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }
}
