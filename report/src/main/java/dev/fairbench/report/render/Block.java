package dev.fairbench.report.render;

import java.util.List;

/**
 * One piece of a report, independent of the output format: {@link ReportBuilder} produces a list of blocks,
 * {@link MarkdownRenderer} and {@link HtmlRenderer} print them. All text is plain (renderers escape it) and
 * already localized; numbers are already formatted. Immutable.
 */
public sealed interface Block {

    /** A section title; {@code level} 1 is the document title, 2 a section, 3 a subsection. */
    record Heading(int level, String text, String id) implements Block {
    }

    /** A paragraph; a {@code note} is printed smaller, as the small print under a chart or table. */
    record Paragraph(String text, boolean note) implements Block {
        public Paragraph(String text) {
            this(text, false);
        }
    }

    /**
     * A bulleted list; {@code links.get(i)}, when not empty, is a relative path inside the results directory that
     * item {@code i} names (e.g. a flame graph) and that the HTML and Markdown link.
     */
    record Bullets(List<String> items, List<String> links) implements Block {
        public Bullets {
            items = List.copyOf(items);
            links = List.copyOf(links);
            if (links.size() != items.size()) {
                throw new IllegalArgumentException("links do not match items");
            }
        }

        /** A list without links. */
        public Bullets(List<String> items) {
            this(items, items.stream().map(i -> "").toList());
        }

        /**
         * The link of item {@code i} when it is safe to follow from the report: a relative path of letters, digits,
         * {@code . _ - /}, not leaving the results directory; otherwise empty, and the item is printed as text.
         */
        public String safeLink(int i) {
            String link = links.get(i);
            boolean safe = !link.isEmpty() && link.matches("[A-Za-z0-9._/-]+") && !link.startsWith("/")
                    && !link.contains("..") && items.get(i).contains(link);
            return safe ? link : "";
        }
    }

    /** Big numbers with a caption each, as at the top of the report. */
    record KeyFigures(List<KeyFigure> figures) implements Block {
    }

    /** One big number of {@link KeyFigures}. */
    record KeyFigure(String value, String caption) {
    }

    /**
     * A table; {@code numeric.get(i)} right-aligns column {@code i}; {@code alerts.get(r).get(i)} marks a cell
     * that must catch the eye (an error count that is not zero). Every row has as many cells as the header.
     */
    record Table(List<String> header, List<Boolean> numeric, List<List<String>> rows, List<List<Boolean>> alerts)
            implements Block {
        public Table {
            for (List<String> row : rows) {
                if (row.size() != header.size()) {
                    throw new IllegalArgumentException("row " + row + " does not match header " + header);
                }
            }
            if (alerts.size() != rows.size()) {
                throw new IllegalArgumentException("alerts do not match rows");
            }
        }

        /** A table without alerts. */
        public Table(List<String> header, List<Boolean> numeric, List<List<String>> rows) {
            this(header, numeric, rows, rows.stream().map(r -> r.stream().map(c -> false).toList()).toList());
        }

        boolean alert(int row, int column) {
            return alerts.get(row).size() > column && alerts.get(row).get(column);
        }
    }

    /** A unified diff with a caption. */
    record Diff(String caption, String diff) implements Block {
    }

    /**
     * A horizontal bar chart: one bar per entry, coloured per app, the best one marked, each round a dot.
     *
     * @param title    chart title, or empty when a heading right above names the chart
     * @param subtitle what was measured, one line
     * @param axis     unit and direction, e.g. {@code req/s · higher is better}
     * @param bars     the bars in display order
     * @param legend   apps present, in display order, each with its colour
     */
    record BarChart(String title, String subtitle, String axis, List<Bar> bars, List<LegendEntry> legend)
            implements Block {
    }

    /**
     * One bar.
     *
     * @param label     the app
     * @param colour    the app's colour number ({@link Palette})
     * @param value     the length, in any unit, non-negative (the median)
     * @param valueText the value as printed, with its unit
     * @param marker    a word printed after the value (e.g. {@code fastest}), or empty
     * @param points    the value of each round, in the unit of {@code value}, drawn as dots (the spread); may be
     *                  empty
     * @param pointsText the rounds' range as printed, for Markdown, or empty
     */
    record Bar(String label, int colour, double value, String valueText, String marker, List<Double> points,
               String pointsText) {
        public Bar {
            points = List.copyOf(points);
        }

        /** A bar without per-round dots. */
        public Bar(String label, int colour, double value, String valueText, String marker) {
            this(label, colour, value, valueText, marker, List.of(), "");
        }
    }

    /** An app shown in a legend, with its colour number ({@link Palette}). */
    record LegendEntry(int colour, String name) {
    }

    /**
     * The app × route grid at the top of the report: one row per route, one column per app, each cell with req/s
     * and app CPU per request as bars relative to the best of the row, the verdict mark and the binding resource.
     *
     * @param columns the apps, with their colour numbers ({@link Palette})
     * @param rows    one per route
     * @param notes   what the bars, marks and bound letters mean, one line each
     */
    record Grid(String corner, List<LegendEntry> columns, List<GridRow> rows, List<String> notes) implements Block {
        public Grid {
            for (GridRow row : rows) {
                if (row.cells().size() != columns.size()) {
                    throw new IllegalArgumentException("row " + row.label() + " does not match the columns");
                }
            }
        }
    }

    /** One route of a {@link Grid}; {@code link} is the id of its chart, or empty. */
    record GridRow(String label, String link, List<GridCell> cells) {
    }

    /**
     * One app on one route; {@code null} fields mean not measured.
     *
     * @param rps       req/s as printed, or {@code null} when the app has no result on the route
     * @param rpsShare  req/s over the row's best (0–1)
     * @param cpu       app CPU per request as printed, or {@code null}
     * @param cpuShare  the row's lowest CPU per request over this one (0–1; 1 is the cheapest)
     * @param mark      the verdict word (fastest, cheapest, tie) or empty
     * @param winner    whether the mark names the winner (else a tie)
     * @param onCpu     whether the verdict is on CPU per request (the runs were not all app-bound)
     * @param bound     a short letter for the binding resource, or empty
     * @param boundName the binding resource in words, or empty
     */
    record GridCell(String rps, double rpsShare, String cpu, double cpuShare, String mark, boolean winner,
                    boolean onCpu, String bound, String boundName) {
        /** A cell for an app without a result on the route. */
        static GridCell empty() {
            return new GridCell(null, 0, null, 0, "", false, false, "", "");
        }
    }

    /**
     * A line chart: one line per app (or per round of an app) over a shared x axis, for the HTML; Markdown prints
     * {@code table} instead.
     *
     * @param title    chart title, or empty when a heading right above names it
     * @param subtitle what was measured, one line
     * @param xAxis    the x axis' name and unit
     * @param yAxis    the y axis' name and unit
     * @param xTicks   labelled positions on the x axis, in x units, the first and last being its ends
     * @param yTicks   labelled positions on the y axis, from 0 (linear) or its bottom (logarithmic), the last
     *                 being its top
     * @param series   the lines
     * @param marks    horizontal reference lines (e.g. an SLO), may be empty
     * @param table    the same data as a table, for Markdown
     * @param lineKey  when some series are {@link Series#secondary() secondary}: what a thick and what a thin line
     *                 stand for (two entries, e.g. {@code median round}, {@code other rounds}), shown in the
     *                 legend; otherwise empty
     * @param logY     whether the y axis is logarithmic; then {@code yTicks} are positive, the first being its
     *                 bottom, and values below it are drawn at the bottom
     */
    record LineChart(String title, String subtitle, String xAxis, String yAxis, List<Tick> xTicks,
                     List<Tick> yTicks, List<Series> series, List<Tick> marks, Table table, List<String> lineKey,
                     boolean logY) implements Block {
        public LineChart {
            lineKey = List.copyOf(lineKey);
            if (!lineKey.isEmpty() && lineKey.size() != 2) {
                throw new IllegalArgumentException("a line key names the thick and the thin line: " + lineKey);
            }
            if (logY && yTicks.stream().anyMatch(t -> t.at() <= 0)) {
                throw new IllegalArgumentException("a logarithmic axis has positive ticks only: " + yTicks);
            }
        }

        /** A chart with a linear y axis whose lines are all primary, without a line key. */
        public LineChart(String title, String subtitle, String xAxis, String yAxis, List<Tick> xTicks,
                         List<Tick> yTicks, List<Series> series, List<Tick> marks, Table table) {
            this(title, subtitle, xAxis, yAxis, xTicks, yTicks, series, marks, table, List.of(), false);
        }
    }

    /** A labelled position on an axis. */
    record Tick(double at, String label) {
    }

    /**
     * One line of a {@link LineChart}: its app, colour number ({@link Palette}) and points {x, y}, x ascending;
     * {@code marked} are points drawn as rings (e.g. the overload step). A primary line is drawn thick with the
     * marker shape of its colour on it (on each point when it has at most 20, else on a few); a {@code secondary}
     * line (e.g. another round of the same app) is drawn thin and pale in the same colour and dash, without
     * markers. The legend names each label once, with the primary style.
     */
    record Series(String label, int colour, List<double[]> points, List<double[]> marked, boolean secondary) {
        /** A primary line. */
        public Series(String label, int colour, List<double[]> points, List<double[]> marked) {
            this(label, colour, points, marked, false);
        }

        /** A primary line without marked points. */
        public Series(String label, int colour, List<double[]> points) {
            this(label, colour, points, List.of(), false);
        }
    }

    /**
     * Horizontal stacked bars: one bar per entry, split into the same segments (e.g. the CPU of the app, of
     * PostgreSQL and of Redis), with a legend of the segments.
     *
     * @param segments the names of the segments, in drawing order
     * @param bars     the bars; each has one value per segment (0 when absent)
     */
    record StackedChart(String title, String subtitle, String axis, List<String> segments, List<StackedBar> bars)
            implements Block {
    }

    /** One stacked bar: its label, the value of each segment, and its total as printed. */
    record StackedBar(String label, List<Double> values, String valueText) {
        public StackedBar {
            values = List.copyOf(values);
        }
    }
}
