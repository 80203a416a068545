package dev.fairbench.report.render;

import dev.fairbench.report.render.Block.Bar;
import dev.fairbench.report.render.Block.BarChart;
import dev.fairbench.report.render.Block.LegendEntry;

import java.util.Locale;
import java.util.Map;

/**
 * Hand-written SVG for {@link BarChart}: a legend row of language swatches, then one horizontal bar per app
 * with its label on the left and its value (and marker) on the right, scaled to the largest value. The output
 * is a standalone, well-formed XML {@code <svg>} element (with the SVG namespace) that HTML can inline; sizes
 * are in CSS pixels and the text uses the page's font. Stateless.
 */
final class Svg {
    static final int WIDTH = 760;
    private static final int LABEL_WIDTH = 210;
    private static final int VALUE_WIDTH = 170;
    private static final int ROW_HEIGHT = 26;
    private static final int BAR_HEIGHT = 18;
    private static final int LEGEND_HEIGHT = 28;

    /** Colours per language (GitHub linguist's, darkened where too light for white text around them). */
    private static final Map<String, String> COLOURS = Map.ofEntries(
            Map.entry("java", "#b07219"), Map.entry("go", "#00add8"), Map.entry("rust", "#c6764a"),
            Map.entry("python", "#3572a5"), Map.entry("javascript", "#c9b400"), Map.entry("typescript", "#3178c6"),
            Map.entry("kotlin", "#a97bff"), Map.entry("csharp", "#178600"), Map.entry("c#", "#178600"),
            Map.entry("c++", "#f34b7d"), Map.entry("c", "#555555"), Map.entry("zig", "#ec915c"),
            Map.entry("elixir", "#6e4a7e"), Map.entry("php", "#4f5d95"), Map.entry("ruby", "#701516"));
    private static final String[] FALLBACK = {"#6b7280", "#0f766e", "#9d174d", "#4338ca"};

    private Svg() {
    }

    static String colour(String language) {
        String c = COLOURS.get(language);
        return c != null ? c : FALLBACK[Math.floorMod(language.hashCode(), FALLBACK.length)];
    }

    static String barChart(BarChart chart) {
        int height = LEGEND_HEIGHT + chart.bars().size() * ROW_HEIGHT + 6;
        StringBuilder svg = new StringBuilder();
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(WIDTH).append("\" height=\"")
                .append(height).append("\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(height)
                .append("\" role=\"img\" aria-label=\"").append(HtmlRenderer.escape(chart.title() + " · " + chart.axis()))
                .append("\">\n");
        int x = 0;
        for (LegendEntry entry : chart.legend()) {
            svg.append("<rect x=\"").append(x).append("\" y=\"6\" width=\"12\" height=\"12\" rx=\"2\" fill=\"")
                    .append(colour(entry.language())).append("\"/>");
            svg.append("<text x=\"").append(x + 17).append("\" y=\"16\" class=\"legend\">")
                    .append(HtmlRenderer.escape(entry.name())).append("</text>\n");
            x += 30 + 8 * entry.name().length();
        }
        svg.append("<text x=\"").append(WIDTH).append("\" y=\"16\" text-anchor=\"end\" class=\"axis\">")
                .append(HtmlRenderer.escape(chart.axis())).append("</text>\n");
        double max = 0;
        for (Bar bar : chart.bars()) {
            max = Math.max(max, bar.value());
        }
        int span = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
        int y = LEGEND_HEIGHT;
        for (Bar bar : chart.bars()) {
            double length = max > 0 ? bar.value() / max * span : 0;
            int textY = y + BAR_HEIGHT - 5;
            svg.append("<text x=\"").append(LABEL_WIDTH - 8).append("\" y=\"").append(textY)
                    .append("\" text-anchor=\"end\" class=\"label\">").append(HtmlRenderer.escape(bar.label()))
                    .append("</text>");
            svg.append("<rect x=\"").append(LABEL_WIDTH).append("\" y=\"").append(y).append("\" width=\"")
                    .append(fmt(length)).append("\" height=\"").append(BAR_HEIGHT).append("\" fill=\"")
                    .append(colour(bar.language())).append("\"/>");
            svg.append("<text x=\"").append(fmt(LABEL_WIDTH + length + 6)).append("\" y=\"").append(textY)
                    .append("\" class=\"value\">").append(HtmlRenderer.escape(bar.valueText()));
            if (!bar.marker().isEmpty()) {
                svg.append(" <tspan class=\"marker\">").append(HtmlRenderer.escape(bar.marker())).append("</tspan>");
            }
            svg.append("</text>\n");
            y += ROW_HEIGHT;
        }
        svg.append("</svg>");
        return svg.toString();
    }

    /** A coordinate with one decimal, always with a dot (SVG syntax, not the report's locale). */
    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}
