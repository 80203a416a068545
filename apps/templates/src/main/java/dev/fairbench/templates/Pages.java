package dev.fairbench.templates;

import dev.fairbench.templates.jte.JteindexGenerated;
import dev.fairbench.templates.jte.JtepostGenerated;
import dev.fairbench.templates.jte.JtetagGenerated;

import java.util.List;

/**
 * Renders the contract's three pages (section 4.2) with the precompiled JTE templates in {@code src/main/jte},
 * escaping every value with the contract's escaper. The result is the page's UTF-8 bytes, ready to send.
 * Stateless and thread-safe; no reflection, no template lookup at run time.
 */
public final class Pages {
    /** First chunk size: the index is about 5 KiB, most post pages under 8 KiB. */
    private static final int CHUNK_BYTES = 8_192;

    private Pages() {}

    /** {@code GET /}: the given posts in the given order (newest first, 20 of them in the contract). */
    public static byte[] index(List<PostSummary> posts) {
        ContractHtmlOutput out = new ContractHtmlOutput(CHUNK_BYTES);
        JteindexGenerated.render(out, null, posts);
        return out.toByteArray();
    }

    /** {@code GET /post/{slug}} for a post that exists. */
    public static byte[] detail(PostPage page) {
        ContractHtmlOutput out = new ContractHtmlOutput(CHUNK_BYTES);
        JtepostGenerated.render(out, null, page);
        return out.toByteArray();
    }

    /** {@code GET /tag/{slug}} for a tag that exists: the tag and its posts, newest first. */
    public static byte[] tag(TagLink tag, List<PostSummary> posts) {
        ContractHtmlOutput out = new ContractHtmlOutput(CHUNK_BYTES);
        JtetagGenerated.render(out, null, tag, posts);
        return out.toByteArray();
    }
}
