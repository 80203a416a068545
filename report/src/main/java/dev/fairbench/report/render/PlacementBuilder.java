package dev.fairbench.report.render;

import dev.fairbench.report.render.Block.Heading;
import dev.fairbench.report.render.Block.Paragraph;
import dev.fairbench.report.render.Block.Table;
import dev.fairbench.results.AppResult;
import dev.fairbench.results.Bound;
import dev.fairbench.results.LoadHostRun;
import dev.fairbench.results.PlacedRole;
import dev.fairbench.results.Results;
import dev.fairbench.results.RouteResult;
import dev.fairbench.results.RunResult;
import dev.fairbench.results.Setup;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The "Placement" subsection of the setup: which role ran on which host, reached on which address, on which CPUs
 * and processor, and how far that host's clock was from the coordinator's (milliseconds, with the round trip that
 * bounds the measurement). Then, when the load was split among load hosts, what each did per app and route over the
 * counted rounds: the median of its share of a round's responses and the highest busy share of its load CPUs, a
 * host at {@link Bound#SATURATED_SHARE} or more named saturated (an overloaded client host). One line when
 * everything ran on this machine. Stateless.
 */
final class PlacementBuilder {
    private PlacementBuilder() {}

    static List<Block> section(Results results, Messages m) {
        Setup setup = results.setup();
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
        out.addAll(loadHosts(results, m));
        return out;
    }

    /** The load hosts' table, or nothing when no counted round recorded its load hosts. */
    private static List<Block> loadHosts(Results results, Messages m) {
        List<List<String>> rows = new ArrayList<>();
        List<List<Boolean>> alerts = new ArrayList<>();
        for (AppResult app : results.apps()) {
            for (RouteResult route : app.routes()) {
                for (Map.Entry<String, List<Part>> host : parts(route.runs()).entrySet()) {
                    List<Part> parts = host.getValue();
                    Double busiest = parts.stream().map(p -> p.host().cpuBusyShare())
                            .filter(java.util.Objects::nonNull).max(Double::compare).orElse(null);
                    boolean saturated = parts.stream().anyMatch(p -> p.host().saturated());
                    List<Double> shares = parts.stream().filter(p -> p.runRequests() > 0)
                            .map(p -> (double) p.host().requestsCompleted() / p.runRequests()).sorted().toList();
                    rows.add(List.of(app.label(), m.route(route.route()), host.getKey(),
                            shares.isEmpty() ? "—" : m.percent(median(shares)),
                            busiest == null ? "—" : saturated ? m.get("placement.loadhosts.saturated",
                                    m.percent(busiest)) : m.percent(busiest)));
                    alerts.add(List.of(false, false, false, false, saturated));
                }
            }
        }
        if (rows.isEmpty()) return List.of();
        return List.of(new Paragraph(m.get("placement.loadhosts")),
                new Table(List.of(m.get("col.app"), m.get("col.route"), m.get("col.loadhost"),
                        m.get("col.loadhost.share"), m.get("col.loadhost.busy")),
                        List.of(false, false, false, true, true), rows, alerts),
                new Paragraph(m.get("placement.loadhosts.note", m.integer(Bound.SATURATED_SHARE * 100) + "%"), true));
    }

    /** Each load host's parts of {@code runs}, the hosts in the order they first appear. */
    private static Map<String, List<Part>> parts(List<RunResult> runs) {
        Map<String, List<Part>> byHost = new LinkedHashMap<>();
        for (RunResult run : runs) {
            for (LoadHostRun h : run.loadHosts()) {
                byHost.computeIfAbsent(h.host(), k -> new ArrayList<>()).add(new Part(h, run.requestsCompleted()));
            }
        }
        return byHost;
    }

    private static double median(List<Double> sorted) {
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    /** One load host's part of a round, with the round's responses. */
    private record Part(LoadHostRun host, long runRequests) {}

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
