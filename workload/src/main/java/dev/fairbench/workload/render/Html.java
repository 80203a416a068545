package dev.fairbench.workload.render;

/** The contract's HTML escaper: exactly {@code & < > " '}, nothing else. Stateless and thread-safe. */
public final class Html {
    private Html() {}

    public static String escape(String text) {
        StringBuilder out = null;
        int last = 0;
        for (int i = 0; i < text.length(); i++) {
            String replacement = switch (text.charAt(i)) {
                case '&' -> "&amp;";
                case '<' -> "&lt;";
                case '>' -> "&gt;";
                case '"' -> "&#34;";
                case '\'' -> "&#39;";
                default -> null;
            };
            if (replacement != null) {
                if (out == null) out = new StringBuilder(text.length() + 16);
                out.append(text, last, i).append(replacement);
                last = i + 1;
            }
        }
        if (out == null) return text;
        return out.append(text, last, text.length()).toString();
    }
}
