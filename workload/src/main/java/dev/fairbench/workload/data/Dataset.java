package dev.fairbench.workload.data;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * The whole blog: every row of every table, each list ordered by primary key. Immutable.
 *
 * <p>{@link #canonicalDump()} is the format whose SHA-256 the contract pins (docs/workload.md §3 is the normative
 * recipe): one line per row, tables in the order authors, tags, posts, post_tags, comments, each line the table
 * name followed by the table's columns in schema order, joined by a tab, a line feed inside a field written as
 * {@code \n}, every line ending in a line feed, dates as {@code YYYY-MM-DD}.
 */
public record Dataset(List<Author> authors, List<Tag> tags, List<Post> posts, List<PostTag> postTags,
                      List<Comment> comments) {

    /** SHA-256 of {@link #canonicalDump()} for the dataset of seed {@link DatasetGenerator#SEED}. */
    public static final String SHA256 = "e7c05212f7430c764f8314f6b4d79c927ab1020dc0c544c44bbb6178f2a9e75d";

    public Dataset {
        authors = List.copyOf(authors);
        tags = List.copyOf(tags);
        posts = List.copyOf(posts);
        postTags = List.copyOf(postTags);
        comments = List.copyOf(comments);
    }

    public String canonicalDump() {
        StringBuilder out = new StringBuilder(2_000_000);
        for (Author a : authors) line(out, "authors", a.id(), a.name());
        for (Tag t : tags) line(out, "tags", t.id(), t.slug(), t.name());
        for (Post p : posts) {
            line(out, "posts", p.id(), p.authorId(), p.slug(), p.title(), p.body(), p.publishedOn());
        }
        for (PostTag pt : postTags) line(out, "post_tags", pt.postId(), pt.tagId());
        for (Comment c : comments) line(out, "comments", c.id(), c.postId(), c.authorName(), c.body());
        return out.toString();
    }

    /** Lower-case hex SHA-256 of the UTF-8 bytes of {@link #canonicalDump()}. */
    public String sha256() {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest(canonicalDump().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }

    private static void line(StringBuilder out, String table, Object... fields) {
        out.append(table);
        for (Object field : fields) {
            out.append('\t').append(String.valueOf(field).replace("\n", "\\n"));
        }
        out.append('\n');
    }
}
