package dev.fairbench.profile;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Renders collapsed stacks ({@code root;child;leaf count} lines, as made by {@link Perf#collapse}) as a
 * self-contained HTML page with an inline SVG icicle-style flame graph: root at the top, width proportional to
 * samples, each frame's name and share in its tooltip. No script, no external resource.
 */
public final class FlameGraph {
    private static final int WIDTH = 1200;
    private static final int ROW_HEIGHT = 16;
    private static final double MIN_WIDTH = 0.5;

    private FlameGraph() {}

    private static final class Node {
        final String name;
        long samples;
        final Map<String, Node> children = new TreeMap<>();

        Node(String name) {
            this.name = name;
        }
    }

    public static String html(String title, Map<String, Long> collapsed) {
        Node root = new Node("all");
        for (Map.Entry<String, Long> e : collapsed.entrySet()) {
            Node node = root;
            root.samples += e.getValue();
            for (String frame : e.getKey().split(";")) {
                node = node.children.computeIfAbsent(frame, Node::new);
                node.samples += e.getValue();
            }
        }
        List<String> rects = new ArrayList<>();
        int depth = layout(root, 0, 0, WIDTH, root.samples, rects);
        int height = (depth + 1) * ROW_HEIGHT;
        StringBuilder out = new StringBuilder(64 * 1024);
        out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
                .append(escape(title)).append("</title>\n<style>body{font:12px sans-serif;margin:8px}"
                        + "rect{stroke:#fff;stroke-width:.5}text{font:11px monospace;pointer-events:none}</style>\n"
                        + "</head>\n<body>\n<h1>").append(escape(title)).append("</h1>\n<p>")
                .append(root.samples).append(" samples; hover a frame for its name and share.</p>\n")
                .append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(WIDTH).append("\" height=\"")
                .append(height).append("\">\n");
        rects.forEach(out::append);
        return out.append("</svg>\n</body>\n</html>\n").toString();
    }

    private static int layout(Node node, int depth, double x, double width, long total, List<String> rects) {
        if (width < MIN_WIDTH) return depth - 1;
        double share = 100.0 * node.samples / Math.max(1, total);
        int hue = Math.floorMod(node.name.hashCode(), 40);
        rects.add(String.format(Locale.ROOT,
                "<g><title>%s (%d samples, %.2f%%)</title><rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" "
                        + "fill=\"hsl(%d,80%%,60%%)\"/>%s</g>\n",
                escape(node.name), node.samples, share, x, depth * ROW_HEIGHT, width, ROW_HEIGHT - 1, 10 + hue,
                width > 40 ? String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\">%s</text>", x + 3,
                        depth * ROW_HEIGHT + 12, escape(clip(node.name, (int) (width / 7)))) : ""));
        int deepest = depth;
        double childX = x;
        for (Node child : node.children.values()) {
            double childWidth = width * child.samples / Math.max(1, node.samples);
            deepest = Math.max(deepest, layout(child, depth + 1, childX, childWidth, total, rects));
            childX += childWidth;
        }
        return deepest;
    }

    private static String clip(String s, int chars) {
        return s.length() <= chars ? s : s.substring(0, Math.max(0, chars - 1)) + "…";
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
