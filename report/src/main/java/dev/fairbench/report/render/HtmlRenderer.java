package dev.fairbench.report.render;

import dev.fairbench.report.render.Block.BarChart;
import dev.fairbench.report.render.Block.Bullets;
import dev.fairbench.report.render.Block.Diff;
import dev.fairbench.report.render.Block.Heading;
import dev.fairbench.report.render.Block.KeyFigure;
import dev.fairbench.report.render.Block.KeyFigures;
import dev.fairbench.report.render.Block.Paragraph;
import dev.fairbench.report.render.Block.Table;

import java.util.List;

/**
 * Prints blocks as one self-contained HTML5 page: CSS in a {@code <style>} element, charts as inline SVG
 * ({@link Svg}), no script, no external resource of any kind, so the file can be mailed or archived alone and
 * looks the same offline. A table of contents links the level-2 headings. Stateless.
 */
public final class HtmlRenderer {
    private static final String CSS = """
            body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","DejaVu Sans",sans-serif;\
            color:#1f2328;max-width:1100px;margin:2em auto;padding:0 1.5em}
            h1{font-size:1.9em;margin:.2em 0}h2{margin-top:2em;border-bottom:1px solid #d0d7de;padding-bottom:.2em}
            h3{margin-top:1.5em}
            nav ul{columns:3;padding-left:1.2em;font-size:.92em}
            .figures{display:flex;flex-wrap:wrap;gap:1em;margin:1em 0}
            .figure{flex:1 1 180px;border:1px solid #d0d7de;border-radius:8px;padding:.7em 1em}
            .figure b{display:block;font-size:1.7em;white-space:nowrap}
            .figure span{color:#57606a;font-size:.92em}
            table{border-collapse:collapse;margin:.8em 0;font-size:.92em;display:block;overflow-x:auto;max-width:100%}
            th,td{border:1px solid #d0d7de;padding:.25em .6em;text-align:left;vertical-align:top}
            th{background:#f6f8fa}td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}\
            td.num{white-space:nowrap}
            td.alert{color:#cf222e;font-weight:bold;background:#ffebe9}
            .note{color:#57606a;font-size:.88em}
            figure{margin:1em 0}figcaption{margin-bottom:.3em}figcaption b{font-size:1.1em}figcaption span{color:#57606a}
            svg text{font-size:13px;fill:#1f2328}svg .axis,svg .legend{fill:#57606a}
            svg .marker{font-weight:bold;fill:#1a7f37}svg .dot{fill:#fff;stroke:#1f2328;stroke-width:1.5}
            svg .grid{stroke:#d0d7de;stroke-width:1}svg .frame{fill:none;stroke:#8c959f}
            svg .mark{stroke:#cf222e;stroke-width:1.5;stroke-dasharray:4 3}
            pre.diff{background:#f6f8fa;border:1px solid #d0d7de;border-radius:6px;padding:.6em;overflow-x:auto;\
            font-size:.85em}
            pre.diff .add{background:#dafbe1;display:block}pre.diff .del{background:#ffebe9;display:block}
            pre.diff .hunk{color:#8250df;display:block}
            table.grid{display:table;width:100%;table-layout:fixed;font-size:.85em}
            table.grid th:first-child{width:8.5em}table.grid td{padding:.3em .45em}
            .sw{display:inline-block;width:.9em;height:.9em;margin-right:.35em;vertical-align:-.1em;border-radius:2px}
            .gb{height:7px;background:#eaeef2;margin:1px 0 3px}.gb i{display:block;height:7px}
            .s{background-image:linear-gradient(transparent 38%,#fff 38%,#fff 62%,transparent 62%)}
            .gv{font-variant-numeric:tabular-nums}.gv span{white-space:nowrap}
            .win{font-weight:bold;color:#1a7f37}.tie{font-weight:bold;color:#57606a}
            .bd{float:right;margin-left:.35em;border:1px solid #8c959f;border-radius:3px;padding:0 .25em;\
            font-size:.85em;color:#57606a;text-decoration:none}
            .sw,.gb,.gb i,td.alert{-webkit-print-color-adjust:exact;print-color-adjust:exact}
            """;

    private HtmlRenderer() {
    }

    /** The whole page in language {@code lang} (an HTML language tag), ending with one line feed. */
    public static String render(List<Block> blocks, String lang, String tocTitle) {
        StringBuilder html = new StringBuilder();
        String title = blocks.stream().filter(b -> b instanceof Heading h && h.level() == 1)
                .map(b -> ((Heading) b).text()).findFirst().orElse("fairbench");
        html.append("<!DOCTYPE html>\n<html lang=\"").append(escape(lang)).append("\">\n<head>\n")
                .append("<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>").append(escape(title)).append("</title>\n<style>\n").append(CSS)
                .append("</style>\n</head>\n<body>\n");
        boolean tocDone = false;
        for (Block block : blocks) {
            if (!tocDone && block instanceof Heading h && h.level() == 2) {
                toc(html, blocks, tocTitle);
                tocDone = true;
            }
            switch (block) {
                case Heading h -> html.append("<h").append(h.level()).append(" id=\"").append(escape(h.id()))
                        .append("\">").append(escape(h.text())).append("</h").append(h.level()).append(">\n");
                case Paragraph p -> html.append(p.note() ? "<p class=\"note\">" : "<p>").append(escape(p.text()))
                        .append("</p>\n");
                case Bullets b -> {
                    html.append("<ul>\n");
                    for (int i = 0; i < b.items().size(); i++) {
                        String item = b.items().get(i);
                        String link = b.safeLink(i);
                        html.append("<li>");
                        if (link.isEmpty()) {
                            html.append(escape(item));
                        } else {
                            int at = item.indexOf(link);
                            html.append(escape(item.substring(0, at))).append("<a href=\"").append(escape(link))
                                    .append("\">").append(escape(link)).append("</a>")
                                    .append(escape(item.substring(at + link.length())));
                        }
                        html.append("</li>\n");
                    }
                    html.append("</ul>\n");
                }
                case KeyFigures k -> {
                    html.append("<div class=\"figures\">\n");
                    for (KeyFigure f : k.figures()) {
                        html.append("<div class=\"figure\"><b>").append(escape(f.value())).append("</b><span>")
                                .append(escape(f.caption())).append("</span></div>\n");
                    }
                    html.append("</div>\n");
                }
                case Table t -> table(html, t);
                case Diff d -> diff(html, d);
                case Block.Grid g -> grid(html, g);
                case Block.StackedChart c -> html.append("<figure>\n<figcaption>")
                        .append(c.title().isEmpty() ? "" : "<b>" + escape(c.title()) + "</b><br>")
                        .append("<span>").append(escape(c.subtitle())).append("</span></figcaption>\n")
                        .append(Svg.stackedChart(c)).append("\n</figure>\n");
                case Block.LineChart c -> html.append("<figure>\n<figcaption>")
                        .append(c.title().isEmpty() ? "" : "<b>" + escape(c.title()) + "</b><br>")
                        .append("<span>").append(escape(c.subtitle())).append("</span></figcaption>\n")
                        .append(LineChartSvg.render(c)).append("\n</figure>\n");
                case BarChart c -> html.append("<figure>\n<figcaption>")
                        .append(c.title().isEmpty() ? "" : "<b>" + escape(c.title()) + "</b><br>")
                        .append("<span>").append(escape(c.subtitle())).append("</span></figcaption>\n")
                        .append(Svg.barChart(c)).append("\n</figure>\n");
            }
        }
        html.append("</body>\n</html>\n");
        return html.toString();
    }

    private static void toc(StringBuilder html, List<Block> blocks, String tocTitle) {
        html.append("<nav aria-label=\"").append(escape(tocTitle)).append("\">\n<ul>\n");
        for (Block block : blocks) {
            if (block instanceof Heading h && h.level() == 2) {
                html.append("<li><a href=\"#").append(escape(h.id())).append("\">").append(escape(h.text()))
                        .append("</a></li>\n");
            }
        }
        html.append("</ul>\n</nav>\n");
    }

    private static void table(StringBuilder html, Table t) {
        html.append("<table>\n<thead><tr>");
        for (int i = 0; i < t.header().size(); i++) {
            html.append(t.numeric().get(i) ? "<th class=\"num\">" : "<th>").append(escape(t.header().get(i)))
                    .append("</th>");
        }
        html.append("</tr></thead>\n<tbody>\n");
        for (int r = 0; r < t.rows().size(); r++) {
            List<String> row = t.rows().get(r);
            html.append("<tr>");
            for (int i = 0; i < row.size(); i++) {
                String cls = (t.numeric().get(i) ? "num" : "") + (t.alert(r, i) ? " alert" : "");
                html.append(cls.isEmpty() ? "<td>" : "<td class=\"" + cls.strip() + "\">").append(escape(row.get(i)))
                        .append("</td>");
            }
            html.append("</tr>\n");
        }
        html.append("</tbody>\n</table>\n");
    }

    private static String swatch(int colour) {
        return "<span class=\"sw" + (Palette.striped(colour) ? " s" : "") + "\" style=\"background-color:"
                + Palette.fill(colour) + "\"></span>";
    }

    private static void gridBar(StringBuilder html, double share, int colour) {
        html.append("<div class=\"gb\"><i").append(Palette.striped(colour) ? " class=\"s\"" : "")
                .append(" style=\"width:").append(Svg.fmt(Math.max(0, Math.min(1, share)) * 100))
                .append("%;background-color:").append(Palette.fill(colour)).append("\"></i></div>");
    }

    private static void gridValue(StringBuilder html, String value, Block.GridCell c, boolean ranked) {
        html.append("<div class=\"gv\"><span>").append(escape(value)).append("</span>");
        if (ranked && !c.mark().isEmpty()) {
            html.append(" <span class=\"").append(c.winner() ? "win" : "tie").append("\">").append(escape(c.mark()))
                    .append("</span>");
        }
        html.append("</div>");
    }

    private static void grid(StringBuilder html, Block.Grid g) {
        html.append("<table class=\"grid\">\n<thead><tr><th>").append(escape(g.corner())).append("</th>");
        for (Block.LegendEntry col : g.columns()) {
            html.append("<th>").append(swatch(col.colour())).append(escape(col.name())).append("</th>");
        }
        html.append("</tr></thead>\n<tbody>\n");
        for (Block.GridRow row : g.rows()) {
            html.append("<tr><th>").append(row.link().isEmpty() ? escape(row.label())
                    : "<a href=\"#" + escape(row.link()) + "\">" + escape(row.label()) + "</a>").append("</th>");
            for (int i = 0; i < row.cells().size(); i++) {
                Block.GridCell c = row.cells().get(i);
                int colour = g.columns().get(i).colour();
                if (c.rps() == null) {
                    html.append("<td>—</td>");
                    continue;
                }
                html.append("<td>");
                if (!c.bound().isEmpty()) {
                    html.append("<abbr class=\"bd\" title=\"").append(escape(c.boundName())).append("\">")
                            .append(escape(c.bound())).append("</abbr>");
                }
                gridValue(html, c.rps(), c, !c.onCpu());
                gridBar(html, c.rpsShare(), colour);
                if (c.cpu() != null) {
                    gridValue(html, c.cpu(), c, c.onCpu());
                    gridBar(html, c.cpuShare(), colour);
                }
                if (c.onCpu() && c.cpu() == null && !c.mark().isEmpty()) {
                    html.append("<div class=\"tie\">").append(escape(c.mark())).append("</div>");
                }
                html.append("</td>");
            }
            html.append("</tr>\n");
        }
        html.append("</tbody>\n</table>\n");
        for (String note : g.notes()) {
            html.append("<p class=\"note\">").append(escape(note)).append("</p>\n");
        }
    }

    private static void diff(StringBuilder html, Diff d) {
        html.append("<p>").append(escape(d.caption())).append("</p>\n<pre class=\"diff\">");
        for (String line : d.diff().split("\n", -1)) {
            if (line.isEmpty()) {
                continue;
            }
            String cls = line.startsWith("@@") ? "hunk" : line.startsWith("+++") || line.startsWith("---") ? null
                    : line.startsWith("+") ? "add" : line.startsWith("-") ? "del" : null;
            if (cls == null) {
                html.append(escape(line)).append('\n');
            } else {
                // a block span carries its own line break
                html.append("<span class=\"").append(cls).append("\">").append(escape(line)).append("</span>");
            }
        }
        html.append("</pre>\n");
    }

    /** Escapes text for HTML and XML content and attribute values. */
    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
