package dev.fairbench.templates;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Joins the rows of the index and tag queries (contract section 4.1) into {@link PostSummary}s (the post lines) without an N+1: first the
 * posts in page order ({@link #addPost}), then their ids for the two {@code = ANY($1)} queries ({@link #postIds}),
 * then the tag rows ({@link #addTag}, in the query's order: by post, then tag id) and the comment counts
 * ({@link #setCommentCount}; posts without a row keep 0). One instance per request; not thread-safe.
 */
public final class PostSummaries {
    private final List<String[]> texts = new ArrayList<>();
    private final List<LocalDate> dates = new ArrayList<>();
    private final List<Integer> ids = new ArrayList<>();
    private final Map<Integer, Integer> indexById = new HashMap<>();
    private final List<List<TagLink>> tags = new ArrayList<>();
    private long[] commentCounts = new long[0];

    /** Adds the next post of the page (posts come newest first from the query). */
    public void addPost(int id, String slug, String title, String author, LocalDate publishedOn) {
        indexById.put(id, ids.size());
        ids.add(id);
        texts.add(new String[] {slug, title, author});
        dates.add(publishedOn);
        tags.add(new ArrayList<>(4));
    }

    /** Number of posts added so far. */
    public int size() {
        return ids.size();
    }

    /** The ids of the posts added so far, in page order: the {@code int[]} parameter of queries 2 and 3. */
    public Integer[] postIds() {
        return ids.toArray(new Integer[0]);
    }

    /** A tag row of query 2; rows of one post come in ascending tag id. Rows of unknown posts are an error. */
    public void addTag(int postId, String slug, String name) {
        tags.get(indexOf(postId)).add(new TagLink(slug, name));
    }

    /** A row of query 3. */
    public void setCommentCount(int postId, long count) {
        if (commentCounts.length != ids.size()) commentCounts = Arrays.copyOf(commentCounts, ids.size());
        commentCounts[indexOf(postId)] = count;
    }

    /** The post lines in page order. */
    public List<PostSummary> build() {
        List<PostSummary> lines = new ArrayList<>(ids.size());
        for (int i = 0; i < ids.size(); i++) {
            String[] t = texts.get(i);
            long comments = i < commentCounts.length ? commentCounts[i] : 0;
            lines.add(new PostSummary(t[0], t[1], t[2], dates.get(i), comments, tags.get(i)));
        }
        return lines;
    }

    private int indexOf(int postId) {
        Integer index = indexById.get(postId);
        if (index == null) throw new IllegalArgumentException("row for post " + postId + " which is not on the page");
        return index;
    }
}
