package dev.fairbench.apps.common;

/**
 * The escaper of the contract (section 4.2): replaces exactly {@code &}, {@code <}, {@code >}, {@code "} and
 * {@code '} with {@code &amp;}, {@code &lt;}, {@code &gt;}, {@code &#34;} and {@code &#39;}, and leaves every other
 * character, non-ASCII included, as it is. Stateless and thread-safe.
 */
public final class Html {
    private Html() {}

    /** {@code text} escaped; the same instance when it holds none of the five characters. */
    public static String escape(String text) {
        StringBuilder out = null;
        int copied = 0;
        for (int i = 0; i < text.length(); i++) {
            String entity = entity(text.charAt(i));
            if (entity == null) continue;
            if (out == null) out = new StringBuilder(text.length() + 16);
            out.append(text, copied, i).append(entity);
            copied = i + 1;
        }
        if (out == null) return text;
        return out.append(text, copied, text.length()).toString();
    }

    private static String entity(char c) {
        return switch (c) {
            case '&' -> "&amp;";
            case '<' -> "&lt;";
            case '>' -> "&gt;";
            case '"' -> "&#34;";
            case '\'' -> "&#39;";
            default -> null;
        };
    }
}
