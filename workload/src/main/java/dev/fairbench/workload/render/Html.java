package dev.fairbench.workload.render;

/**
 * The contract's HTML escaper: exactly {@code & < > " '}, nothing else. The reference spells the five
 * replacements out one after the other ({@code &} first, so that no entity is escaped twice); speed does not
 * matter here. Stateless and thread-safe.
 */
public final class Html {
    private Html() {}

    public static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&#34;")
                .replace("'", "&#39;");
    }
}
