package dev.fairbench.report.render;

import dev.fairbench.report.render.Block.Heading;
import dev.fairbench.report.render.Block.Paragraph;
import dev.fairbench.report.render.Block.Table;
import dev.fairbench.results.PlacedRole;
import dev.fairbench.results.Setup;

import java.util.ArrayList;
import java.util.List;

/**
 * The "Placement" subsection of the setup: which role ran on which host, reached on which address, on which CPUs
 * and processor, and how far that host's clock was from the coordinator's (milliseconds, with the round trip that
 * bounds the measurement). One line when everything ran on this machine. Stateless.
 */
final class PlacementBuilder {
    private PlacementBuilder() {}

    static List<Block> section(Setup setup, Messages m) {
        List<Block> out = new ArrayList<>();
        out.add(new Heading(3, m.get("placement"), "placement"));
        if (setup.placement().isEmpty()) {
            out.add(new Paragraph(m.get("placement.local")));
            return out;
        }
        List<List<String>> rows = new ArrayList<>();
        for (PlacedRole r : setup.placement()) {
            rows.add(List.of(m.get("placement.role." + r.role()), r.local() ? m.get("placement.host.local") : r.host(),
                    dash(r.address()), dash(r.cpus()), cpuModel(r, m), clock(r, m)));
        }
        out.add(new Table(List.of(m.get("col.role"), m.get("col.host"), m.get("col.address"), m.get("col.cpus"),
                m.get("col.cpu.model"), m.get("col.clock")), List.of(false, false, false, false, false, true), rows));
        out.add(new Paragraph(m.get("placement.note"), true));
        return out;
    }

    private static String cpuModel(PlacedRole r, Messages m) {
        if (r.cpuModel() == null) return "—";
        return r.logicalCpus() == null ? r.cpuModel()
                : m.get("placement.cpu", r.cpuModel(), m.integer(r.logicalCpus()));
    }

    private static String clock(PlacedRole r, Messages m) {
        if (r.clockOffsetMillis() == null) return "—";
        String offset = m.number(r.clockOffsetMillis(), 3);
        if (!offset.startsWith("-")) offset = "+" + offset;
        return m.get("placement.clock", offset, m.number(r.clockRoundTripMillis(), 3));
    }

    private static String dash(String value) {
        return value == null ? "—" : value;
    }
}
