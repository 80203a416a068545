package dev.fairbench.report.render;

import dev.fairbench.report.render.Block.Bar;
import dev.fairbench.report.render.Block.BarChart;
import dev.fairbench.report.render.Block.LegendEntry;

import java.util.Locale;

/**
 * Hand-written SVG for {@link BarChart} and {@link Block.StackedChart} (line charts are {@link LineChartSvg}'s).
 * A bar chart has legend rows of app swatches (wrapped to the width), then one horizontal bar per app with its
 * label on the left and its value (and marker) on the right, scaled to the largest value or round. The bar is the
 * median; each round is a dot on it, so the spread shows. The output is a standalone,
 * well-formed XML {@code <svg>} element (with the SVG namespace) that HTML can inline; sizes are in CSS pixels and
 * the text uses the page's font. Stateless.
 */
final class Svg {
    static final int WIDTH = 760;
    private static final int LABEL_WIDTH = 210;
    private static final int VALUE_WIDTH = 170;
    private static final int ROW_HEIGHT = 26;
    private static final int BAR_HEIGHT = 18;
    private static final int LEGEND_LINE = 22;

    private Svg() {
    }

    /** A swatch or bar of colour number {@code colour}: the fill, and a white stripe along it when striped. */
    static void box(StringBuilder svg, int colour, double x, double y, double width, double height) {
        svg.append("<rect x=\"").append(fmt(x)).append("\" y=\"").append(fmt(y)).append("\" width=\"")
                .append(fmt(width)).append("\" height=\"").append(fmt(height)).append("\" fill=\"")
                .append(Palette.fill(colour)).append("\"/>");
        if (Palette.striped(colour) && width > 2) {
            svg.append("<rect x=\"").append(fmt(x)).append("\" y=\"").append(fmt(y + height / 2 - 1.5))
                    .append("\" width=\"").append(fmt(width)).append("\" height=\"3\" fill=\"#ffffff\"/>");
        }
    }

    /** Legend rows; returns the height they take. */
    static int legend(StringBuilder svg, java.util.List<LegendEntry> entries, int width) {
        int x = 0;
        int y = 4;
        for (LegendEntry entry : entries) {
            int w = 30 + textWidthPx(entry.name());
            if (x > 0 && x + w > width) {
                x = 0;
                y += LEGEND_LINE;
            }
            box(svg, entry.colour(), x, y + 2, 14, 12);
            svg.append("<text x=\"").append(x + 19).append("\" y=\"").append(y + 12).append("\" class=\"legend\">")
                    .append(HtmlRenderer.escape(entry.name())).append("</text>\n");
            x += w;
        }
        return entries.isEmpty() ? 0 : y + LEGEND_LINE;
    }

    static String barChart(BarChart chart) {
        StringBuilder body = new StringBuilder();
        int top = legend(body, chart.legend(), WIDTH);
        body.append("<text x=\"").append(WIDTH).append("\" y=\"").append(top + 14)
                .append("\" text-anchor=\"end\" class=\"axis\">").append(HtmlRenderer.escape(chart.axis()))
                .append("</text>\n");
        top += 22;
        double max = 0;
        for (Bar bar : chart.bars()) {
            max = Math.max(max, bar.value());
            for (double p : bar.points()) {
                max = Math.max(max, p);
            }
        }
        int span = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
        int y = top;
        for (Bar bar : chart.bars()) {
            double length = max > 0 ? bar.value() / max * span : 0;
            double end = length;
            int textY = y + BAR_HEIGHT - 5;
            body.append("<text x=\"").append(LABEL_WIDTH - 8).append("\" y=\"").append(textY)
                    .append("\" text-anchor=\"end\" class=\"label\">").append(HtmlRenderer.escape(bar.label()))
                    .append("</text>");
            box(body, bar.colour(), LABEL_WIDTH, y, length, BAR_HEIGHT);
            for (double p : bar.points()) {
                double px = max > 0 ? p / max * span : 0;
                end = Math.max(end, px);
                body.append("<circle cx=\"").append(fmt(LABEL_WIDTH + px)).append("\" cy=\"")
                        .append(fmt(y + BAR_HEIGHT / 2.0)).append("\" r=\"3.5\" class=\"dot\"/>");
            }
            body.append("<text x=\"").append(fmt(LABEL_WIDTH + end + 8)).append("\" y=\"").append(textY)
                    .append("\" class=\"value\">").append(HtmlRenderer.escape(bar.valueText()));
            if (!bar.marker().isEmpty()) {
                body.append(" <tspan class=\"marker\">").append(HtmlRenderer.escape(bar.marker())).append("</tspan>");
            }
            body.append("</text>\n");
            y += ROW_HEIGHT;
        }
        int height = y + 6;
        StringBuilder svg = new StringBuilder();
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(WIDTH).append("\" height=\"")
                .append(height).append("\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(height)
                .append("\" role=\"img\" aria-label=\"").append(HtmlRenderer.escape(chart.title() + " · " + chart.axis()))
                .append("\">\n").append(body).append("</svg>");
        return svg.toString();
    }

    /** Fills of the segments of a stacked bar: far apart in lightness, so they read in grey print too. */
    private static final String[] SEGMENTS = {"#1f4e79", "#8fbce6", "#e69f00", "#b8407a", "#505050"};

    /** Stacked horizontal bars scaled to the largest total, with a legend of the segments. */
    static String stackedChart(Block.StackedChart chart) {
        StringBuilder body = new StringBuilder();
        int x = 0;
        for (int i = 0; i < chart.segments().size(); i++) {
            String name = chart.segments().get(i);
            body.append("<rect x=\"").append(x).append("\" y=\"6\" width=\"14\" height=\"12\" fill=\"")
                    .append(SEGMENTS[i % SEGMENTS.length]).append("\"/><text x=\"").append(x + 19)
                    .append("\" y=\"16\" class=\"legend\">").append(HtmlRenderer.escape(name)).append("</text>\n");
            x += 30 + textWidthPx(name);
        }
        body.append("<text x=\"").append(WIDTH).append("\" y=\"38\" text-anchor=\"end\" class=\"axis\">")
                .append(HtmlRenderer.escape(chart.axis())).append("</text>\n");
        double max = 0;
        for (Block.StackedBar bar : chart.bars()) {
            max = Math.max(max, bar.values().stream().mapToDouble(Double::doubleValue).sum());
        }
        int span = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
        int y = 46;
        for (Block.StackedBar bar : chart.bars()) {
            int textY = y + BAR_HEIGHT - 5;
            body.append("<text x=\"").append(LABEL_WIDTH - 8).append("\" y=\"").append(textY)
                    .append("\" text-anchor=\"end\" class=\"label\">").append(HtmlRenderer.escape(bar.label()))
                    .append("</text>");
            double at = LABEL_WIDTH;
            for (int i = 0; i < bar.values().size(); i++) {
                double w = max > 0 ? bar.values().get(i) / max * span : 0;
                if (w <= 0) continue;
                body.append("<rect x=\"").append(fmt(at)).append("\" y=\"").append(y).append("\" width=\"")
                        .append(fmt(w)).append("\" height=\"").append(BAR_HEIGHT).append("\" fill=\"")
                        .append(SEGMENTS[i % SEGMENTS.length]).append("\"/>");
                at += w;
            }
            body.append("<text x=\"").append(fmt(at + 8)).append("\" y=\"").append(textY)
                    .append("\" class=\"value\">").append(HtmlRenderer.escape(bar.valueText())).append("</text>\n");
            y += ROW_HEIGHT;
        }
        int height = y + 6;
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + WIDTH + "\" height=\"" + height
                + "\" viewBox=\"0 0 " + WIDTH + " " + height + "\" role=\"img\" aria-label=\""
                + HtmlRenderer.escape(chart.title() + " · " + chart.axis()) + "\">\n" + body + "</svg>";
    }

    /**
     * A generous estimate of the width of legend text at 13 px in CSS pixels: 7 per ASCII character, 9 per other
     * character (Cyrillic letters are wider), so that legend entries do not run into each other.
     */
    static int textWidthPx(String text) {
        int width = 0;
        for (int i = 0; i < text.length(); i++) width += text.charAt(i) < 128 ? 7 : 9;
        return width;
    }

    /** A coordinate with one decimal, always with a dot (SVG syntax, not the report's locale). */
    static String fmt(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}
