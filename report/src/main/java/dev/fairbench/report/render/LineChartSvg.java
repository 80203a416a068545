package dev.fairbench.report.render;

import dev.fairbench.report.render.Block.LineChart;
import dev.fairbench.report.render.Block.Series;
import dev.fairbench.report.render.Block.Tick;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleUnaryOperator;

import static dev.fairbench.report.render.Svg.fmt;

/**
 * Hand-written SVG for {@link LineChart}: a legend of line samples, then a plot with gridlines at the ticks (the y
 * axis linear from 0 or logarithmic, as the chart says), one polyline per series and dashed reference marks labelled on the right. Each colour number has, besides its
 * colour, a marker shape (filled or open circle, square, triangle, diamond) drawn on its primary lines and in
 * its legend sample, and striped colours ({@link Palette#striped}) are dashed, so lines stay apart in grey print
 * and for colour-blind readers. Secondary series are drawn first, thin and pale, so the primary lines lie on top;
 * a chart with a line key adds a thick and a thin grey sample to the legend saying what each stands for. The
 * output is a standalone, well-formed XML {@code <svg>} element that HTML can inline. Stateless.
 */
final class LineChartSvg {
    /** Series with at most this many points carry a marker on every point; longer ones on about this many. */
    static final int MARKED_POINTS = 20;
    private static final int MARKERS_ON_LONG_LINES = 8;
    private static final double PRIMARY_WIDTH_PX = 2;
    private static final double SECONDARY_WIDTH_PX = 1;
    private static final double SECONDARY_OPACITY = 0.6;
    private static final double MARKER_RADIUS_PX = 4;
    private static final int LEGEND_LINE_PX = 22;
    private static final int SAMPLE_PX = 28;
    private static final String KEY_COLOUR = "#57606a";

    private LineChartSvg() {
    }

    static String render(LineChart chart) {
        StringBuilder body = new StringBuilder();
        int top = legend(body, chart) + 8;
        int left = 64;
        int right = Svg.WIDTH - 70;
        int plotTop = top + 16; // room for the y axis' name above the frame, clear of rings on the top line
        int plotBottom = plotTop + 240;
        double xMin = chart.xTicks().getFirst().at();
        double xMax = chart.xTicks().getLast().at();
        double yMax = chart.yTicks().getLast().at();
        double yMin = chart.yTicks().getFirst().at();
        DoubleUnaryOperator sx = x -> left + (xMax > xMin ? (x - xMin) / (xMax - xMin) : 0) * (right - left);
        DoubleUnaryOperator share = chart.logY() && yMax > yMin
                ? y -> (Math.log10(Math.max(yMin, Math.min(y, yMax))) - Math.log10(yMin))
                        / (Math.log10(yMax) - Math.log10(yMin))
                : y -> yMax > 0 ? Math.min(y, yMax) / yMax : 0;
        DoubleUnaryOperator sy = y -> plotBottom - share.applyAsDouble(y) * (plotBottom - plotTop);
        for (Tick t : chart.yTicks()) {
            double y = sy.applyAsDouble(t.at());
            body.append("<line x1=\"").append(left).append("\" y1=\"").append(fmt(y)).append("\" x2=\"")
                    .append(right).append("\" y2=\"").append(fmt(y)).append("\" class=\"grid\"/>")
                    .append("<text x=\"").append(left - 6).append("\" y=\"").append(fmt(y + 4))
                    .append("\" text-anchor=\"end\" class=\"axis\">").append(HtmlRenderer.escape(t.label()))
                    .append("</text>\n");
        }
        for (Tick t : chart.xTicks()) {
            double x = sx.applyAsDouble(t.at());
            body.append("<line x1=\"").append(fmt(x)).append("\" y1=\"").append(plotTop).append("\" x2=\"")
                    .append(fmt(x)).append("\" y2=\"").append(plotBottom).append("\" class=\"grid\"/>")
                    .append("<text x=\"").append(fmt(x)).append("\" y=\"").append(plotBottom + 16)
                    .append("\" text-anchor=\"middle\" class=\"axis\">").append(HtmlRenderer.escape(t.label()))
                    .append("</text>\n");
        }
        body.append("<text x=\"").append(left).append("\" y=\"").append(plotTop - 10)
                .append("\" class=\"axis\">").append(HtmlRenderer.escape(chart.yAxis())).append("</text>\n");
        body.append("<text x=\"").append(right).append("\" y=\"").append(plotBottom + 34)
                .append("\" text-anchor=\"end\" class=\"axis\">").append(HtmlRenderer.escape(chart.xAxis()))
                .append("</text>\n");
        for (Tick mark : chart.marks()) {
            double y = sy.applyAsDouble(mark.at());
            body.append("<line x1=\"").append(left).append("\" y1=\"").append(fmt(y)).append("\" x2=\"")
                    .append(right).append("\" y2=\"").append(fmt(y)).append("\" class=\"mark\"/>")
                    .append("<text x=\"").append(right + 4).append("\" y=\"").append(fmt(y + 4))
                    .append("\" class=\"axis\">").append(HtmlRenderer.escape(mark.label())).append("</text>\n");
        }
        List<Series> order = new ArrayList<>(chart.series().stream().filter(Series::secondary).toList());
        order.addAll(chart.series().stream().filter(s -> !s.secondary()).toList());
        for (Series series : order) {
            if (series.points().isEmpty()) continue;
            body.append("<polyline fill=\"none\"");
            stroke(body, series.colour(), series.secondary());
            body.append(" points=\"");
            boolean first = true;
            for (double[] p : series.points()) {
                if (!first) body.append(' ');
                first = false;
                body.append(fmt(sx.applyAsDouble(p[0]))).append(',').append(fmt(sy.applyAsDouble(p[1])));
            }
            body.append("\"/>\n");
            if (!series.secondary()) {
                for (int i : markedIndices(series.points().size(), series.colour())) {
                    double[] p = series.points().get(i);
                    marker(body, series.colour(), sx.applyAsDouble(p[0]), sy.applyAsDouble(p[1]));
                }
            }
            for (double[] p : series.marked()) {
                body.append("<circle cx=\"").append(fmt(sx.applyAsDouble(p[0]))).append("\" cy=\"")
                        .append(fmt(sy.applyAsDouble(p[1])))
                        .append("\" r=\"7\" fill=\"none\" stroke-width=\"2\" stroke=\"")
                        .append(Palette.fill(series.colour())).append("\"/>");
            }
            body.append('\n');
        }
        int height = plotBottom + 42;
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + Svg.WIDTH + "\" height=\"" + height
                + "\" viewBox=\"0 0 " + Svg.WIDTH + " " + height + "\" role=\"img\" aria-label=\""
                + HtmlRenderer.escape(chart.title() + " · " + chart.yAxis() + " · " + chart.xAxis()) + "\">\n"
                + body + "<rect x=\"" + left + "\" y=\"" + plotTop + "\" width=\"" + (right - left)
                + "\" height=\"" + (plotBottom - plotTop) + "\" class=\"frame\"/>\n</svg>";
    }

    /**
     * The indices of a line's points that carry its marker: all of them for lines of at most
     * {@link #MARKED_POINTS} points; otherwise every k-th, about {@link #MARKERS_ON_LONG_LINES} in all, starting
     * at an offset that depends on the colour, so markers of neighbouring lines do not sit on top of each other.
     */
    static List<Integer> markedIndices(int points, int colour) {
        List<Integer> out = new ArrayList<>();
        if (points <= MARKED_POINTS) {
            for (int i = 0; i < points; i++) out.add(i);
            return out;
        }
        int step = (points + MARKERS_ON_LONG_LINES - 1) / MARKERS_ON_LONG_LINES;
        for (int i = Math.floorMod(colour * 3, step); i < points; i += step) out.add(i);
        return out;
    }

    /** Legend rows: one sample per label, then the line key; returns the height they take. */
    private static int legend(StringBuilder svg, LineChart chart) {
        Map<String, Integer> entries = new LinkedHashMap<>();
        for (Series s : chart.series()) entries.putIfAbsent(s.label(), s.colour());
        int x = 0;
        int y = 4;
        for (Map.Entry<String, Integer> e : entries.entrySet()) {
            int w = entryWidth(e.getKey());
            if (x > 0 && x + w > Svg.WIDTH) {
                x = 0;
                y += LEGEND_LINE_PX;
            }
            svg.append("<line x1=\"").append(x).append("\" y1=\"").append(y + 8).append("\" x2=\"")
                    .append(x + SAMPLE_PX).append("\" y2=\"").append(y + 8).append('"');
            stroke(svg, e.getValue(), false);
            svg.append("/>");
            marker(svg, e.getValue(), x + SAMPLE_PX / 2.0, y + 8);
            label(svg, x, y, e.getKey());
            x += w;
        }
        if (!chart.lineKey().isEmpty()) {
            x = 0;
            y += LEGEND_LINE_PX;
            for (int i = 0; i < 2; i++) {
                String name = chart.lineKey().get(i);
                svg.append("<line x1=\"").append(x).append("\" y1=\"").append(y + 8).append("\" x2=\"")
                        .append(x + SAMPLE_PX).append("\" y2=\"").append(y + 8).append("\" stroke=\"")
                        .append(KEY_COLOUR).append("\" stroke-width=\"")
                        .append(fmt(i == 0 ? PRIMARY_WIDTH_PX + 1 : SECONDARY_WIDTH_PX)).append('"')
                        .append(i == 0 ? "" : " stroke-opacity=\"" + fmt(SECONDARY_OPACITY) + "\"").append("/>");
                label(svg, x, y, name);
                x += entryWidth(name);
            }
        }
        return entries.isEmpty() && chart.lineKey().isEmpty() ? 0 : y + LEGEND_LINE_PX;
    }

    private static int entryWidth(String name) {
        return SAMPLE_PX + 22 + Svg.textWidthPx(name);
    }

    private static void label(StringBuilder svg, int x, int y, String name) {
        svg.append("<text x=\"").append(x + SAMPLE_PX + 6).append("\" y=\"").append(y + 12)
                .append("\" class=\"legend\">").append(HtmlRenderer.escape(name)).append("</text>\n");
    }

    /** The stroke attributes of a line of colour number {@code colour}, thick or thin. */
    private static void stroke(StringBuilder svg, int colour, boolean secondary) {
        svg.append(" stroke=\"").append(Palette.fill(colour)).append("\" stroke-width=\"")
                .append(fmt(secondary ? SECONDARY_WIDTH_PX : PRIMARY_WIDTH_PX)).append('"');
        if (secondary) svg.append(" stroke-opacity=\"").append(fmt(SECONDARY_OPACITY)).append('"');
        if (Palette.striped(colour)) svg.append(secondary ? " stroke-dasharray=\"5 3\"" : " stroke-dasharray=\"7 3\"");
    }

    /**
     * The marker of colour number {@code colour} centred on (x, y): circle, square, triangle up, diamond, triangle
     * down, filled for the first five colours of the palette; open circle, square and diamond for the last three;
     * past the palette's end the same shapes again.
     */
    static void marker(StringBuilder svg, int colour, double x, double y) {
        int shape = Math.floorMod(colour, 8);
        String fill = Palette.fill(colour);
        boolean open = shape >= 5;
        String paint = open
                ? " fill=\"#ffffff\" stroke=\"" + fill + "\" stroke-width=\"1.6\"/>"
                : " fill=\"" + fill + "\" stroke=\"#ffffff\" stroke-width=\"0.8\"/>";
        double r = MARKER_RADIUS_PX;
        int kind = open ? new int[] {0, 1, 3}[shape - 5] : shape;
        switch (kind) {
            case 0 -> svg.append("<circle cx=\"").append(fmt(x)).append("\" cy=\"").append(fmt(y))
                    .append("\" r=\"").append(fmt(r)).append('"').append(paint);
            case 1 -> svg.append("<rect x=\"").append(fmt(x - r * 0.9)).append("\" y=\"").append(fmt(y - r * 0.9))
                    .append("\" width=\"").append(fmt(r * 1.8)).append("\" height=\"").append(fmt(r * 1.8))
                    .append('"').append(paint);
            case 2 -> polygon(svg, paint, x, y - r * 1.15, x + r * 1.1, y + r * 0.8, x - r * 1.1, y + r * 0.8);
            case 3 -> polygon(svg, paint, x, y - r * 1.25, x + r * 1.1, y, x, y + r * 1.25, x - r * 1.1, y);
            default -> polygon(svg, paint, x, y + r * 1.15, x + r * 1.1, y - r * 0.8, x - r * 1.1, y - r * 0.8);
        }
    }

    private static void polygon(StringBuilder svg, String paint, double... xy) {
        svg.append("<polygon points=\"");
        for (int i = 0; i < xy.length; i += 2) {
            if (i > 0) svg.append(' ');
            svg.append(fmt(xy[i])).append(',').append(fmt(xy[i + 1]));
        }
        svg.append('"').append(paint);
    }
}
