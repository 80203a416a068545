package dev.fairbench.report.render;

import dev.fairbench.report.render.Block.Bar;
import dev.fairbench.report.render.Block.BarChart;
import dev.fairbench.report.render.Block.Bullets;
import dev.fairbench.report.render.Block.Diff;
import dev.fairbench.report.render.Block.Heading;
import dev.fairbench.report.render.Block.KeyFigure;
import dev.fairbench.report.render.Block.KeyFigures;
import dev.fairbench.report.render.Block.Paragraph;
import dev.fairbench.report.render.Block.Table;

import java.util.ArrayList;
import java.util.List;

/**
 * Prints blocks as GitHub-flavoured Markdown. Charts become tables (app, value, marker) since Markdown viewers
 * strip inline SVG; diffs become fenced {@code diff} blocks. Text is escaped so that no character of the data
 * (labels, reasons) is taken as Markup. Stateless.
 */
public final class MarkdownRenderer {
    private MarkdownRenderer() {
    }

    /** The whole document, ending with one line feed. */
    public static String render(List<Block> blocks) {
        StringBuilder md = new StringBuilder();
        for (Block block : blocks) {
            switch (block) {
                case Heading h -> md.append("#".repeat(h.level())).append(' ').append(escape(h.text())).append('\n');
                case Paragraph p -> md.append(p.note() ? "_" + escape(p.text()) + "_" : escape(p.text())).append('\n');
                case Bullets b -> {
                    for (int i = 0; i < b.items().size(); i++) {
                        String item = b.items().get(i);
                        String link = b.safeLink(i);
                        md.append("- ");
                        if (link.isEmpty()) {
                            md.append(escape(item));
                        } else {
                            int at = item.indexOf(link);
                            md.append(escape(item.substring(0, at))).append('[').append(escape(link)).append("](")
                                    .append(link).append(')').append(escape(item.substring(at + link.length())));
                        }
                        md.append('\n');
                    }
                }
                case KeyFigures k -> {
                    for (KeyFigure f : k.figures()) {
                        md.append("- **").append(escape(f.value())).append("** ").append(escape(f.caption()))
                                .append('\n');
                    }
                }
                case Table t -> table(md, t);
                case Diff d -> {
                    md.append(escape(d.caption())).append("\n\n");
                    String fence = "```";
                    while (d.diff().contains(fence)) {
                        fence += "`";
                    }
                    md.append(fence).append("diff\n").append(d.diff());
                    if (!d.diff().endsWith("\n")) {
                        md.append('\n');
                    }
                    md.append(fence).append('\n');
                }
                case BarChart c -> chart(md, c);
                case Block.Grid g -> grid(md, g);
                case Block.StackedChart c -> {
                    // the table printed with every stacked chart holds its numbers; nothing to add here
                    continue;
                }
                case Block.LineChart c -> {
                    if (!c.title().isEmpty()) {
                        md.append("**").append(escape(c.title())).append("** · ");
                    }
                    md.append(escape(c.subtitle())).append("\n\n");
                    table(md, c.table());
                }
            }
            md.append('\n');
        }
        while (md.length() > 1 && md.charAt(md.length() - 2) == '\n') {
            md.setLength(md.length() - 1);
        }
        return md.toString();
    }

    private static void chart(StringBuilder md, BarChart c) {
        if (!c.title().isEmpty()) {
            md.append("**").append(escape(c.title())).append("** · ");
        }
        md.append(escape(c.subtitle())).append(" · ").append(escape(c.axis())).append("\n\n");
        boolean rounds = c.bars().stream().anyMatch(b -> !b.pointsText().isEmpty());
        List<List<String>> rows = new ArrayList<>();
        for (Bar bar : c.bars()) {
            rows.add(rounds ? List.of(bar.label(), bar.valueText(), bar.marker(), bar.pointsText())
                    : List.of(bar.label(), bar.valueText(), bar.marker()));
        }
        table(md, rounds ? new Table(List.of("", "", "", ""), List.of(false, true, false, false), rows)
                : new Table(List.of("", "", ""), List.of(false, true, false), rows));
    }

    /** The grid as a table: per cell the figures with their share of the row's best, the mark and the bound. */
    private static void grid(StringBuilder md, Block.Grid g) {
        List<String> header = new ArrayList<>(List.of(g.corner()));
        List<Boolean> numeric = new ArrayList<>(List.of(false));
        g.columns().forEach(c -> {
            header.add(c.name());
            numeric.add(false);
        });
        List<List<String>> rows = new ArrayList<>();
        for (Block.GridRow row : g.rows()) {
            List<String> cells = new ArrayList<>(List.of(row.label()));
            for (Block.GridCell c : row.cells()) {
                if (c.rps() == null) {
                    cells.add("—");
                    continue;
                }
                String mark = c.mark().isEmpty() ? "" : " " + c.mark().toUpperCase(java.util.Locale.ROOT);
                String text = c.rps() + " (" + Math.round(c.rpsShare() * 100) + "%)" + (c.onCpu() ? "" : mark);
                if (c.cpu() != null) {
                    text += " · " + c.cpu() + " (" + Math.round(c.cpuShare() * 100) + "%)" + (c.onCpu() ? mark : "");
                }
                cells.add(text + (c.bound().isEmpty() ? "" : " · " + c.bound()));
            }
            rows.add(cells);
        }
        table(md, new Table(header, numeric, rows));
        for (String note : g.notes()) {
            md.append('\n').append('_').append(escape(note)).append("_\n");
        }
    }

    /** A table; alert cells are bold. */
    private static void table(StringBuilder md, Table t) {
        md.append('|');
        for (String h : t.header()) {
            md.append(' ').append(escape(h)).append(" |");
        }
        md.append("\n|");
        for (Boolean right : t.numeric()) {
            md.append(right ? " ---: |" : " --- |");
        }
        md.append('\n');
        for (int r = 0; r < t.rows().size(); r++) {
            List<String> row = t.rows().get(r);
            md.append('|');
            for (int i = 0; i < row.size(); i++) {
                String cell = escape(row.get(i));
                md.append(' ').append(t.alert(r, i) ? "**" + cell + "**" : cell).append(" |");
            }
            md.append('\n');
        }
    }

    /**
     * The least a table cell of plain figures and names needs, for tables built outside these blocks (the
     * comparison): one line, {@code |} escaped, no HTML tag or entity; other Markdown characters are left as they
     * are.
     */
    public static String cell(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\\', '|' -> out.append('\\').append(c);
                case '<' -> out.append("&lt;");
                case '&' -> out.append("&amp;");
                case '\u0085', '\u2028', '\u2029' -> out.append(' ');
                default -> out.append(Character.isISOControl(c) ? ' ' : c);
            }
        }
        return out.toString();
    }

    /**
     * Escapes the characters Markdown would interpret inside running text and table cells: a line break (or any
     * other control character) becomes a space, so a name cannot end a table row or a heading and start a block of
     * its own; {@code |} cannot split a cell; {@code <} and {@code &} cannot start HTML or an entity.
     */
    public static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\\', '*', '_', '`', '[', ']', '|', '#' -> out.append('\\').append(c);
                case '<' -> out.append("&lt;");
                case '&' -> out.append("&amp;");
                case '\r' -> {
                    out.append(' ');
                    if (i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                        i++;
                    }
                }
                case '\n', '\u0085', '\u2028', '\u2029' -> out.append(' ');
                default -> out.append(Character.isISOControl(c) && c != '\t' ? ' ' : c);
            }
        }
        return out.toString();
    }
}
