package dev.fairbench.report.render;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Markers of line charts: where they go, and that no two colours of the palette share one in grey print. */
class LineChartSvgTest {

    @Test
    void shortLinesCarryAMarkerOnEveryPointLongOnesOnAboutEight() {
        assertThat(LineChartSvg.markedIndices(3, 5)).containsExactly(0, 1, 2);
        assertThat(LineChartSvg.markedIndices(LineChartSvg.MARKED_POINTS, 0)).hasSize(LineChartSvg.MARKED_POINTS);
        List<Integer> long0 = LineChartSvg.markedIndices(61, 0);
        List<Integer> long1 = LineChartSvg.markedIndices(61, 1);
        assertThat(long0).hasSizeBetween(7, 9).allMatch(i -> i >= 0 && i < 61);
        assertThat(long1).hasSizeBetween(7, 9).allMatch(i -> i >= 0 && i < 61);
        // neighbouring colours put their markers at different points, so they do not hide each other
        assertThat(long0).doesNotContainAnyElementsOf(long1);
    }

    @Test
    void everyColourOfThePaletteHasItsOwnMarkerShape() {
        Set<String> shapes = new HashSet<>();
        for (int colour = 0; colour < 8; colour++) {
            StringBuilder svg = new StringBuilder();
            LineChartSvg.marker(svg, colour, 0, 0);
            String element = svg.toString();
            String kind = element.substring(1, element.indexOf(' '));
            boolean open = element.contains("fill=\"#ffffff\"");
            // the shape, its corners' layout (triangle up or down) and whether it is open: what grey print keeps
            String outline = element.replaceAll("#[0-9a-f]{6}", "").replaceAll("[0-9]", "");
            shapes.add(kind + open + (kind.equals("polygon") ? element.substring(element.indexOf("points")) : "")
                    .replace(Palette.fill(colour), ""));
            assertThat(outline).isNotEmpty();
        }
        assertThat(shapes).hasSize(8);
    }
}
