package dev.fairbench.report.render;

import dev.fairbench.results.AppResult;
import dev.fairbench.results.ProfileRoute;
import dev.fairbench.results.Results;
import dev.fairbench.report.render.Block.Heading;
import dev.fairbench.report.render.Block.Paragraph;
import dev.fairbench.report.render.Block.Table;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The "Findings" section, built from the apps' profile sections only: PostgreSQL round trips per page, Redis
 * commands per request and per burst, CPU per request split by party, and GC share. Each finding states what
 * was measured with its numbers; nothing is said about a measure no profile has. Empty when no app was profiled.
 */
final class FindingsBuilder {
    /** Fewest round trips a page can cost with pipelining, and the cost when waiting for each query (contract 4.1). */
    private static final Map<String, int[]> ROUND_TRIPS = Map.of("index", new int[] {2, 3}, "detail",
            new int[] {1, 3}, "tag", new int[] {2, 4});

    private final Results results;
    private final Messages m;
    private final List<Block> out = new ArrayList<>();
    private int number;

    private FindingsBuilder(Results results, Messages messages) {
        this.results = results;
        this.m = messages;
    }

    static List<Block> build(Results results, Messages messages) {
        FindingsBuilder b = new FindingsBuilder(results, messages);
        List<AppResult> profiled = results.apps().stream().filter(a -> a.profile() != null).toList();
        if (profiled.isEmpty()) {
            return List.of();
        }
        b.out.add(new Heading(2, messages.get("findings"), "findings"));
        AppResult first = profiled.get(0);
        List<String> tools = new ArrayList<>();
        for (AppResult app : profiled) {
            for (String tool : app.profile().tools()) {
                if (!tools.contains(tool)) {
                    tools.add(tool);
                }
            }
        }
        b.out.add(new Paragraph(messages.get(ReportBuilder.profileOnly(results) ? "findings.intro.alone" : "findings.intro",
                messages.number(first.profile().durationSeconds(), 0) + " s", String.join(", ", tools))));
        b.roundTrips(profiled);
        b.redis(profiled);
        b.cpuSplit(profiled);
        b.gcShare(profiled);
        b.filesAndNotes(profiled);
        return List.copyOf(b.out);
    }

    /** A profiled (app, route) pair. */
    private record Entry(AppResult app, ProfileRoute route) {
    }

    private List<Entry> entries(List<AppResult> apps, Function<ProfileRoute, Object> required) {
        List<Entry> list = new ArrayList<>();
        for (String route : results.setup().routes()) {
            for (AppResult app : apps) {
                app.profile().route(route).filter(r -> required.apply(r) != null)
                        .ifPresent(r -> list.add(new Entry(app, r)));
            }
        }
        return list;
    }

    private void finding(String key) {
        number++;
        out.add(new Heading(3, number + ". " + m.get(key), key.replace('.', '-')));
    }

    private String opt(Double value, int decimals) {
        return value == null ? "—" : m.number(value, decimals);
    }

    /** Round trips the app waited for: client bursts when counted, else ReadyForQuery messages. */
    private static Double waited(ProfileRoute r) {
        return r.postgresBurstsPerRequest() != null ? r.postgresBurstsPerRequest() : r.postgresRoundTripsPerRequest();
    }

    private void roundTrips(List<AppResult> apps) {
        // a route without SQL (cached pages, compute) has nothing to say about round trips
        List<Entry> entries = entries(apps, r -> waited(r) == null || waited(r) == 0 ? null : waited(r));
        if (entries.isEmpty()) {
            return;
        }
        finding("finding.roundtrips");
        List<List<String>> rows = new ArrayList<>();
        List<String> sentences = new ArrayList<>();
        String route = null;
        List<String> parts = new ArrayList<>();
        for (Entry e : entries) {
            if (!e.route().route().equals(route)) {
                flushRoundTrips(route, parts, sentences);
                route = e.route().route();
                parts = new ArrayList<>();
            }
            int[] bounds = ROUND_TRIPS.get(route);
            parts.add(e.app().label() + " " + m.number(waited(e.route()), 1));
            rows.add(List.of(e.app().label(), m.route(route), opt(e.route().postgresQueriesPerRequest(), 1),
                    m.number(waited(e.route()), 1), opt(e.route().postgresRoundTripsPerRequest(), 1),
                    bounds == null ? "—" : m.integer(bounds[0]) + " / " + m.integer(bounds[1])));
        }
        flushRoundTrips(route, parts, sentences);
        out.add(new Paragraph(m.get("finding.roundtrips.what", String.join("; ", sentences))));
        out.add(new Table(List.of(m.get("col.app"), m.get("col.route"), m.get("col.queries"), m.get("col.roundtrips"),
                m.get("col.syncs"), m.get("col.roundtrips.bounds")), List.of(false, false, true, true, true, true),
                rows));
        out.add(new Paragraph(m.get("finding.roundtrips.why"), true));
    }

    private void flushRoundTrips(String route, List<String> parts, List<String> sentences) {
        if (route != null) {
            sentences.add(m.route(route) + ": " + String.join(", ", parts));
        }
    }

    private void redis(List<AppResult> apps) {
        List<Entry> entries = entries(apps, ProfileRoute::redisCommandsPerRequest);
        if (entries.isEmpty()) {
            return;
        }
        finding("finding.redis");
        List<List<String>> rows = new ArrayList<>();
        Entry mostBatched = null;
        for (Entry e : entries) {
            rows.add(List.of(e.app().label(), m.route(e.route().route()),
                    m.number(e.route().redisCommandsPerRequest(), 2), opt(e.route().redisBurstsPerRequest(), 2),
                    opt(e.route().redisCommandsPerBurst(), 1)));
            Double burst = e.route().redisCommandsPerBurst();
            if (burst != null && (mostBatched == null || burst > mostBatched.route().redisCommandsPerBurst())) {
                mostBatched = e;
            }
        }
        if (mostBatched != null) {
            out.add(new Paragraph(m.get("finding.redis.what", mostBatched.app().label(),
                    m.number(mostBatched.route().redisCommandsPerBurst(), 1), m.route(mostBatched.route().route()))));
        }
        out.add(new Table(List.of(m.get("col.app"), m.get("col.route"), m.get("col.redis.commands"),
                m.get("col.redis.bursts"), m.get("col.redis.burst")), List.of(false, false, true, true, true), rows));
    }

    private void cpuSplit(List<AppResult> apps) {
        List<Entry> entries = entries(apps, ProfileRoute::cpu);
        if (entries.isEmpty()) {
            return;
        }
        finding("finding.cpu");
        List<List<String>> rows = new ArrayList<>();
        List<String> sentences = new ArrayList<>();
        String route = null;
        Entry low = null;
        Entry high = null;
        for (Entry e : entries) {
            if (!e.route().route().equals(route)) {
                flushCpu(low, high, sentences);
                route = e.route().route();
                low = null;
                high = null;
            }
            ProfileRoute.CpuSplit cpu = e.route().cpu();
            double total = cpu.totalUs();
            if (low == null || total < low.route().cpu().totalUs()) {
                low = e;
            }
            if (high == null || total > high.route().cpu().totalUs()) {
                high = e;
            }
            rows.add(List.of(e.app().label(), m.route(route), opt(cpu.appUserUs(), 1), opt(cpu.appSystemUs(), 1),
                    opt(cpu.postgresUs(), 1), opt(cpu.redisUs(), 1), m.number(total, 1),
                    opt(e.route().syscallsPerRequest(), 1), opt(e.route().contextSwitchesPerRequest(), 2)));
        }
        flushCpu(low, high, sentences);
        out.add(new Paragraph(m.get("finding.cpu.what", String.join("; ", sentences))));
        String chartRoute = null;
        List<Block.StackedBar> bars = new ArrayList<>();
        for (Entry e : entries) {
            if (!e.route().route().equals(chartRoute)) {
                stacked(chartRoute, bars);
                chartRoute = e.route().route();
                bars = new ArrayList<>();
            }
            ProfileRoute.CpuSplit cpu = e.route().cpu();
            bars.add(new Block.StackedBar(e.app().label(), List.of(zero(cpu.appUserUs()), zero(cpu.appSystemUs()),
                    zero(cpu.postgresUs()), zero(cpu.redisUs())), m.number(cpu.totalUs(), 1) + " µs"));
        }
        stacked(chartRoute, bars);
        out.add(new Table(List.of(m.get("col.app"), m.get("col.route"), m.get("col.cpu.user"),
                m.get("col.cpu.system"), m.get("col.cpu.postgres"), m.get("col.cpu.redis"), m.get("col.cpu.total"),
                m.get("col.syscalls"), m.get("col.csw")),
                List.of(false, false, true, true, true, true, true, true, true), rows));
    }

    private static double zero(Double value) {
        return value == null ? 0 : value;
    }

    private void stacked(String route, List<Block.StackedBar> bars) {
        if (route == null || bars.isEmpty()) {
            return;
        }
        out.add(new Block.StackedChart(m.route(route), m.get("cpu.split.subtitle.profile"), m.get("axis.us"),
                List.of(m.get("cpu.part.user"), m.get("cpu.part.system"), m.get("cpu.part.postgres"),
                        m.get("cpu.part.redis")), bars));
    }

    private void flushCpu(Entry low, Entry high, List<String> sentences) {
        if (low == null) {
            return;
        }
        String route = m.route(low.route().route());
        if (low == high) {
            sentences.add(m.get("finding.cpu.one", route, low.app().label(), m.number(low.route().cpu().totalUs(), 1)));
        } else {
            sentences.add(m.get("finding.cpu.range", route, low.app().label(),
                    m.number(low.route().cpu().totalUs(), 1), high.app().label(),
                    m.number(high.route().cpu().totalUs(), 1)));
        }
    }

    private void gcShare(List<AppResult> apps) {
        List<Entry> entries = entries(apps, ProfileRoute::gcTimeShare);
        if (entries.isEmpty()) {
            return;
        }
        finding("finding.gc");
        List<List<String>> rows = new ArrayList<>();
        Entry worst = null;
        for (Entry e : entries) {
            rows.add(List.of(e.app().label(), m.route(e.route().route()), opt(e.route().gcPerSecond(), 1),
                    m.percent(e.route().gcTimeShare())));
            if (worst == null || e.route().gcTimeShare() > worst.route().gcTimeShare()) {
                worst = e;
            }
        }
        out.add(new Paragraph(m.get("finding.gc.what", worst.app().label(), m.percent(worst.route().gcTimeShare()),
                m.route(worst.route().route()), opt(worst.route().gcPerSecond(), 1))));
        out.add(new Table(List.of(m.get("col.app"), m.get("col.route"), m.get("col.gc.rate"),
                m.get("col.gc.share")), List.of(false, false, true, true), rows));
    }

    /** Flame graphs and the profiler's notes, so a reader can dig further or see why a number is missing. */
    private void filesAndNotes(List<AppResult> apps) {
        List<String> items = new ArrayList<>();
        List<String> links = new ArrayList<>();
        for (String route : results.setup().routes()) {
            for (AppResult app : apps) {
                app.profile().route(route).ifPresent(r -> {
                    String where = app.label() + ", " + m.route(route);
                    if (r.flamegraph() != null) {
                        items.add(m.get("finding.flamegraph", where, r.flamegraph()));
                        links.add(r.flamegraph());
                    }
                    r.notes().forEach(note -> {
                        items.add(where + ": " + note);
                        links.add("");
                    });
                });
            }
        }
        if (!items.isEmpty()) {
            out.add(new Heading(3, m.get("finding.files"), "profile-files"));
            out.add(new Block.Bullets(items, links));
        }
    }
}
