package dev.fairbench.report.render;

import dev.fairbench.report.RouteVerdict;
import dev.fairbench.report.Steadiness;
import dev.fairbench.results.AppResult;
import dev.fairbench.results.AppStatus;
import dev.fairbench.results.Conformance;
import dev.fairbench.results.Latency;
import dev.fairbench.results.KnownFailure;
import dev.fairbench.results.NotEqualized;
import dev.fairbench.results.Results;
import dev.fairbench.results.RouteResult;
import dev.fairbench.results.RouteSummary;
import dev.fairbench.results.RunResult;
import dev.fairbench.results.Setup;
import dev.fairbench.report.render.Block.Bar;
import dev.fairbench.report.render.Block.BarChart;
import dev.fairbench.report.render.Block.Bullets;
import dev.fairbench.report.render.Block.Diff;
import dev.fairbench.report.render.Block.Heading;
import dev.fairbench.report.render.Block.KeyFigure;
import dev.fairbench.report.render.Block.KeyFigures;
import dev.fairbench.report.render.Block.LegendEntry;
import dev.fairbench.report.render.Block.Paragraph;
import dev.fairbench.report.render.Block.Table;
import dev.fairbench.results.SuiteRun;

import dev.fairbench.stats.Intervals;
import dev.fairbench.stats.Verdict;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Turns {@link Results} into the blocks of a report, in one language: headline, setup and rules, settings that
 * could not be equalized, conformance, failed and skipped apps, throughput charts, errors per run, latency,
 * memory, CPU and GC ({@link ResourcesBuilder}), and, when present, findings ({@link FindingsBuilder}), capacity
 * ({@link CapacityBuilder}) and, from the directory's friction.json, build and ship ({@link ShipBuilder}).
 * The output depends on the results and the language only (no clock, no environment), so reports are
 * reproducible byte for byte. Stateless apart from its arguments; not shared between threads.
 */
public final class ReportBuilder {
    private final Results results;
    private final Messages m;
    private final List<Block> out = new ArrayList<>();
    /** The results directory, where hlogs are read from, or {@code null}. */
    private final java.nio.file.Path dir;
    /** How steady the host was, read from the hlogs once for the warning at the top and the line under Interference. */
    private final java.util.Optional<Steadiness> steadiness;

    private ReportBuilder(Results results, Messages messages, java.nio.file.Path dir) {
        this.results = results;
        this.m = messages;
        this.dir = dir;
        this.steadiness = Steadiness.of(results, dir);
    }

    /** The blocks of the whole report, without the plots drawn from the hlogs. */
    public static List<Block> build(Results results, Messages messages) {
        return build(results, messages, null);
    }

    /**
     * The blocks of the whole report; {@code dir}, the results directory, is where the hlogs are read from for the
     * latency and throughput plots ({@link HlogPlotsBuilder}) and for the p95 of results written before p95 was
     * stored; without it the plots are left out and such a p95 is a dash.
     */
    public static List<Block> build(Results results, Messages messages, java.nio.file.Path dir) {
        SuiteRun suite = suite(dir);
        ReportBuilder b = new ReportBuilder(results, messages, dir);
        b.title();
        if (suite != null && !suite.report().equals("blog")) {
            b.out.add(new Paragraph(messages.get("suite.intro", suite.name(), suite.seed() == null ? "—" : suite.seed(),
                    messages.integer(suite.rounds()))));
        }
        b.headline();
        b.setupSection();
        b.notEqualized();
        b.conformance();
        b.out.addAll(RobustnessBuilder.build(results, messages));
        b.notMeasured();
        if (suite != null && suite.report().equals("phash")) {
            b.out.addAll(SharedRateBuilder.fixedRate(results, suite, messages));
            b.out.addAll(CapacityBuilder.build(results, messages));
            b.out.addAll(SharedRateBuilder.overload(results, suite, messages));
            b.out.addAll(VariantsBuilder.build(results, messages));
            b.out.addAll(ShipBuilder.build(dir, messages));
            b.out.add(new Paragraph(messages.get("footer", results.fairbenchVersion(),
                    String.valueOf(results.schemaVersion())), true));
            return List.copyOf(b.out);
        }
        if (!profileOnly(results)) {
            b.throughput();
            b.out.addAll(VerdictsBuilder.costs(results, b.steadiness, messages));
            b.errorsPerRun();
            b.latency();
            b.out.addAll(HlogPlotsBuilder.build(results, messages, dir));
            b.out.addAll(ResourcesBuilder.build(results, messages));
        }
        b.out.addAll(FindingsBuilder.build(results, messages));
        b.out.addAll(VariantsBuilder.build(results, messages));
        b.out.addAll(SeedFindingsBuilder.build(results, suite, messages));
        b.out.addAll(CapacityBuilder.build(results, messages));
        b.out.addAll(ShipBuilder.build(dir, messages));
        b.out.add(new Paragraph(messages.get("footer", results.fairbenchVersion(),
                String.valueOf(results.schemaVersion())), true));
        return List.copyOf(b.out);
    }

    /** The suite of the results directory ({@code suite.json}), or null for a plain run or no directory. */
    static SuiteRun suite(java.nio.file.Path dir) {
        if (dir == null) return null;
        try {
            return dev.fairbench.results.SuiteStore.readIfPresent(dir).orElse(null);
        } catch (dev.fairbench.results.ResultsException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    /**
     * Whether these are the results of {@code profile} alone: no timed round anywhere, but profiles. Such a report
     * leaves out the sections of timed rounds instead of calling the session unfinished and every app measured.
     */
    static boolean profileOnly(Results results) {
        boolean anyRun = results.apps().stream().flatMap(a -> a.routes().stream()).anyMatch(r -> !r.runs().isEmpty());
        return !anyRun && results.apps().stream().anyMatch(a -> a.profile() != null);
    }

    private Setup rules() {
        return results.setup();
    }

    private void title() {
        out.add(new Heading(1, m.get("title"), "top"));
        Setup s = rules();
        if (s.gitDirty()) {
            out.add(new Paragraph(m.get("dirty", s.gitCommit() == null ? "—"
                    : s.gitCommit().substring(0, Math.min(12, s.gitCommit().length())),
                    s.gitDiffSha256() == null ? "—" : s.gitDiffSha256())));
        }
        out.addAll(SteadinessBuilder.warning(steadiness, m));
        String when = m.get("measured.on", m.date(results.startedAt()), s.host().cpuModel(),
                String.valueOf(s.host().logicalCpus()), m.number(s.host().memoryBytes() / 1073741824.0, 1));
        out.add(new Paragraph(when));
        if (profileOnly(results)) {
            out.add(new Paragraph(m.get("profileonly")));
        } else if (results.finishedAt() == null) {
            out.add(new Paragraph(m.get("unfinished")));
        }
    }

    /** Apps with a summary on this route, in session order. */
    static List<AppSummary> summaries(Results results, String route) {
        List<AppSummary> list = new ArrayList<>();
        for (AppResult app : results.apps()) {
            app.route(route).map(RouteResult::summary).ifPresent(s -> list.add(new AppSummary(app, s)));
        }
        return list;
    }

    /** One app's summary on one route. */
    record AppSummary(AppResult app, RouteSummary summary) {
    }

    private long runCount() {
        long n = 0;
        for (AppResult app : results.apps()) {
            for (RouteResult r : app.routes()) {
                n += r.runs().size();
            }
        }
        return n;
    }

    private long badResponses() {
        long n = 0;
        for (AppResult app : results.apps()) {
            for (RouteResult r : app.routes()) {
                for (RunResult run : r.runs()) {
                    n += run.errors() + run.non2xx();
                }
            }
        }
        return n;
    }

    private void headline() {
        out.add(new Heading(2, m.get("headline"), "headline"));
        long measured = results.apps().stream().filter(a -> a.status() == AppStatus.MEASURED).count();
        long failed = results.apps().stream().filter(a -> a.status() == AppStatus.FAILED).count();
        long skipped = results.apps().stream().filter(a -> a.status() == AppStatus.SKIPPED).count();
        List<KeyFigure> figures = new ArrayList<>();
        if (profileOnly(results)) {
            long profiled = results.apps().stream().filter(a -> a.profile() != null).count();
            figures.add(new KeyFigure(m.integer(profiled), m.get("headline.profiled", m.integer(failed),
                    m.integer(skipped))));
        } else {
            figures.add(new KeyFigure(m.integer(measured), m.get("headline.apps", m.integer(failed),
                    m.integer(skipped))));
            figures.add(new KeyFigure(m.integer(badResponses()), m.get("headline.errors", m.integer(runCount()))));
        }
        List<Long> rss = new ArrayList<>();
        for (AppSummary a : summaries(results, "index")) {
            if (a.summary().appRssPeakBytes() != null) {
                rss.add(a.summary().appRssPeakBytes());
            }
        }
        if (!rss.isEmpty()) {
            long min = rss.stream().mapToLong(Long::longValue).min().orElseThrow();
            long max = rss.stream().mapToLong(Long::longValue).max().orElseThrow();
            figures.add(new KeyFigure(m.number(min / 1048576.0, 1) + "–" + m.mib(max), m.get("headline.rss")));
        }
        out.add(new KeyFigures(figures));

        out.addAll(GridBuilder.build(results, m));
        out.addAll(VerdictsBuilder.verdicts(results, m));
    }

    private void setupSection() {
        Setup s = rules();
        out.add(new Heading(2, m.get("setup"), "setup"));
        out.add(new Paragraph(m.get("setup.dataset")));
        List<String> routes = new ArrayList<>();
        for (String route : s.routes()) {
            routes.add(m.route(route) + " — " + m.get("route.desc." + route));
        }
        out.add(new Bullets(routes));

        out.add(new Heading(3, m.get("apps"), "apps"));
        List<List<String>> apps = new ArrayList<>();
        for (AppResult app : results.apps()) {
            apps.add(List.of(app.label(), m.languageName(app.language()), m.get("status." + app.status().json()),
                    joinMap(app.versions()), String.join(" ", app.runtimeFlags())));
        }
        out.add(new Table(List.of(m.get("col.app"), m.get("col.language"), m.get("col.status"),
                m.get("col.versions"), m.get("col.flags")), List.of(false, false, false, false, false), apps));

        out.add(new Heading(3, m.get("rules"), "rules"));
        List<String> rules = new ArrayList<>();
        String pinned = s.pinning().enabled()
                ? m.get("rules.pinned", s.pinning().appCpus(), s.pinning().postgresCpus(), s.pinning().redisCpus(),
                        s.pinning().loadgenCpus())
                : m.get("rules.unpinned", s.pinning().appCpus(), s.pinning().postgresCpus(),
                        s.pinning().redisCpus(), s.pinning().loadgenCpus());
        rules.add(m.get("rules.workers", m.integer(s.workers())) + " " + pinned);
        rules.add(m.get("rules.alone"));
        rules.add(m.get("rules.pool", m.integer(s.poolMax()), m.integer(s.poolMin())));
        rules.add(m.get("rules.gate"));
        rules.add(m.get("rules.load", seconds(s.warmupSeconds()), m.integer(s.runs()), seconds(s.durationSeconds()),
                m.integer(s.connections()), m.integer(s.loadgenThreads())));
        rules.add(m.get("rules.median"));
        out.add(new Bullets(rules));

        out.add(new Heading(3, m.get("versions"), "versions"));
        List<String> versions = new ArrayList<>();
        s.versions().forEach((k, v) -> versions.add(k + ": " + v));
        out.add(new Bullets(versions));

        out.add(new Heading(3, m.get("environment"), "environment"));
        List<String> env = new ArrayList<>();
        env.add(m.get("env.cpu", s.host().cpuModel(), m.integer(s.host().logicalCpus())));
        env.add(m.get("env.memory", m.number(s.host().memoryBytes() / 1073741824.0, 1)));
        env.add(m.get("env.os", s.host().os(), s.host().kernel()));
        s.environment().forEach((k, v) -> env.add(k + ": " + v));
        env.add(s.gitCommit() == null ? m.get("env.git.unknown")
                : m.get(s.gitDirty() ? "env.git.dirty" : "env.git", s.gitCommit()));
        env.add(m.get("env.time", m.dateTime(results.startedAt()),
                results.finishedAt() == null ? "—" : m.dateTime(results.finishedAt())));
        out.add(new Bullets(env));
        out.addAll(PlacementBuilder.section(results, m));
    }

    private String seconds(double value) {
        return m.number(value, value == Math.rint(value) ? 0 : 1) + " s";
    }

    private static String joinMap(Map<String, String> map) {
        List<String> parts = new ArrayList<>();
        map.forEach((k, v) -> parts.add(k + " " + v));
        return String.join(", ", parts);
    }

    /**
     * The rows of the "could not be equalized" table for {@code app}: its settings, then each hostile case it is
     * declared to fail (its {@code known_failures}), with the reason and the framework's issue when known.
     */
    static List<NotEqualized> unequalRows(AppResult app, Messages m) {
        List<NotEqualized> rows = new ArrayList<>(app.notEqualized());
        for (KnownFailure k : app.knownFailures()) {
            rows.add(new NotEqualized(m.get("unequal.known", k.caseName()),
                    k.upstream() == null ? k.reason() : m.get("unequal.upstream", k.reason(), k.upstream())));
        }
        return rows;
    }

    private void notEqualized() {
        out.add(new Heading(2, m.get("unequal"), "unequal"));
        Map<NotEqualized, List<String>> byApp = new LinkedHashMap<>();
        for (AppResult app : results.apps()) {
            for (NotEqualized n : unequalRows(app, m)) {
                byApp.computeIfAbsent(n, k -> new ArrayList<>()).add(app.label());
            }
        }
        if (byApp.isEmpty()) {
            out.add(new Paragraph(m.get("unequal.none")));
            return;
        }
        List<List<String>> rows = new ArrayList<>();
        byApp.forEach((n, apps) -> rows.add(List.of(n.setting(), String.join(", ", apps), n.why())));
        out.add(new Table(List.of(m.get("col.setting"), m.get("col.apps"), m.get("col.why")),
                List.of(false, false, false), rows));
    }

    private void conformance() {
        out.add(new Heading(2, m.get("conformance"), "conformance"));
        out.add(new Paragraph(m.get("conformance.intro")));
        List<List<String>> rows = new ArrayList<>();
        for (AppResult app : results.apps()) {
            Conformance c = app.conformance();
            String verdict = c == null ? m.get("conformance.notrun")
                    : c.passed() ? m.get("conformance.passed") : m.get("conformance.failed");
            rows.add(List.of(app.label(), verdict, c == null ? "—" : m.integer(c.casesChecked()),
                    c == null ? "—" : m.integer(c.mismatches().size())));
        }
        out.add(new Table(List.of(m.get("col.app"), m.get("col.result"), m.get("col.cases"),
                m.get("col.mismatches")), List.of(false, false, true, true), rows));
        for (AppResult app : results.apps()) {
            if (app.conformance() == null) {
                continue;
            }
            for (Conformance.Mismatch mismatch : app.conformance().mismatches()) {
                String caption = app.label() + ": " + mismatch.caseName() + " — " + mismatch.what();
                if (mismatch.diff().isEmpty()) {
                    out.add(new Paragraph(caption));
                } else {
                    out.add(new Diff(caption, mismatch.diff()));
                }
            }
        }
    }

    private void notMeasured() {
        out.add(new Heading(2, m.get("notmeasured"), "not-measured"));
        List<List<String>> rows = new ArrayList<>();
        for (AppResult app : results.apps()) {
            if (app.status() != AppStatus.MEASURED) {
                rows.add(List.of(app.label(), m.get("status." + app.status().json()),
                        app.reason() == null ? "—" : app.reason(), app.logFile() == null ? "—" : app.logFile()));
            }
        }
        if (rows.isEmpty()) {
            out.add(new Paragraph(m.get(profileOnly(results) ? "notmeasured.none.profiled" : "notmeasured.none")));
            return;
        }
        out.add(new Table(List.of(m.get("col.app"), m.get("col.status"), m.get("col.reason"), m.get("col.log")),
                List.of(false, false, false, false), rows));
    }

    /**
     * Bar chart of one value per app on one route; apps without the value are left out. {@code verdict} marks the
     * winner or the apps tied within noise; without one (a single measurement, e.g. memory) the best value is
     * marked. {@code perRound}, when given, yields the value of each kept round, drawn as dots on the bar.
     */
    static BarChart chart(Results results, Messages m, String title, String subtitle, String axis,
                          List<AppSummary> apps, Function<RouteSummary, Double> value,
                          Function<Double, String> format, boolean higherIsBetter, Optional<Verdict> verdict,
                          String route, Function<RunResult, Double> perRound) {
        List<AppSummary> shown = apps.stream().filter(a -> value.apply(a.summary()) != null).toList();
        double best = Double.NaN;
        for (AppSummary a : shown) {
            double v = value.apply(a.summary());
            if (Double.isNaN(best) || (higherIsBetter ? v > best : v < best)) {
                best = v;
            }
        }
        List<Bar> bars = new ArrayList<>();
        for (AppSummary a : shown) {
            double v = value.apply(a.summary());
            String marker = verdict.isPresent() ? VerdictsBuilder.marker(verdict.get(), a.app().name(), higherIsBetter, m)
                    : v == best ? m.get(higherIsBetter ? "chart.fastest" : "chart.lowest") : "";
            List<Double> points = new ArrayList<>();
            if (perRound != null && route != null) {
                for (RunResult run : a.app().route(route).map(RouteResult::runs).orElse(List.of())) {
                    Double p = perRound.apply(run);
                    if (p != null) points.add(p);
                }
            }
            boolean spread = points.size() > 1;
            String range = spread ? m.get("chart.rounds", format.apply(points.stream().mapToDouble(d -> d).min()
                    .orElseThrow()), format.apply(points.stream().mapToDouble(d -> d).max().orElseThrow())) : "";
            bars.add(new Bar(a.app().label(), Palette.of(results, a.app().name()), v, format.apply(v), marker,
                    spread ? points : List.of(), range));
        }
        return new BarChart(title, subtitle, axis, bars, legend(results, shown.stream().map(AppSummary::app).toList()));
    }

    /** The legend of these apps: each with its colour. */
    static List<LegendEntry> legend(Results results, List<AppResult> apps) {
        List<LegendEntry> legend = new ArrayList<>();
        for (AppResult app : apps) {
            legend.add(new LegendEntry(Palette.of(results, app.name()), app.label()));
        }
        return legend;
    }

    private void throughput() {
        Setup s = rules();
        out.add(new Heading(2, m.get("throughput"), "throughput"));
        out.add(new Paragraph(m.get("throughput.intro")));
        for (String route : s.routes()) {
            List<AppSummary> apps = summaries(results, route);
            if (apps.isEmpty()) {
                continue;
            }
            out.add(new Heading(3, m.route(route), "rps-" + route));
            RouteVerdict verdict = RouteVerdict.of(results, route);
            boolean ranked = verdict.figure() == RouteVerdict.Figure.REQUESTS_PER_SECOND;
            // Not app-bound: the chart shows req/s but marks no one; the verdict table says why.
            Verdict none = new Verdict(Verdict.Kind.NONE, null, null, null, List.of());
            out.add(chart(results, m, "", m.get("route.desc." + route) + " · " + m.get("chart.dots"),
                    m.get("axis.rps"), apps, RouteSummary::requestsPerSecond,
                    v -> m.integer(v) + " " + m.get("unit.rps"), true,
                    Optional.of(ranked && verdict.ranking() != null ? verdict.ranking() : none), route,
                    RunResult::requestsPerSecond));
            List<String> spreads = new ArrayList<>();
            for (AppSummary a : apps) {
                double[] rounds = a.app().route(route).orElseThrow().runs().stream()
                        .mapToDouble(RunResult::requestsPerSecond).toArray();
                String interval = rounds.length < 2 ? "" : VerdictsBuilder.interval(Intervals.ofRounds(rounds), 0, m);
                spreads.add(a.app().label() + " ±" + m.percent(a.summary().spread()) + interval
                        + (a.summary().bound() == null ? "" : ", " + m.get("bound." + a.summary().bound().json())));
            }
            long errors = apps.stream().mapToLong(a -> a.summary().errors()).sum();
            long non2xx = apps.stream().mapToLong(a -> a.summary().non2xx()).sum();
            out.add(new Paragraph(m.get("throughput.note", m.integer(s.runs()), seconds(s.durationSeconds()),
                    m.integer(s.connections()), m.integer(non2xx), m.integer(errors), String.join("; ", spreads)),
                    true));
        }
    }

    private void errorsPerRun() {
        out.add(new Heading(2, m.get("errors"), "errors"));
        out.add(new Paragraph(m.get("errors.intro")));
        int maxRuns = 0;
        for (AppResult app : results.apps()) {
            for (RouteResult r : app.routes()) {
                maxRuns = Math.max(maxRuns, r.runs().size());
            }
        }
        if (maxRuns == 0) {
            out.add(new Paragraph(m.get("errors.none")));
            return;
        }
        List<String> header = new ArrayList<>(List.of(m.get("col.app"), m.get("col.route")));
        List<Boolean> numeric = new ArrayList<>(List.of(false, false));
        for (int i = 1; i <= maxRuns; i++) {
            header.add(m.get("col.run", m.integer(i)));
            numeric.add(true);
        }
        List<List<String>> rows = new ArrayList<>();
        List<List<Boolean>> alerts = new ArrayList<>();
        int pairs = 0;
        for (AppResult app : results.apps()) {
            for (RouteResult r : app.routes()) {
                if (r.runs().isEmpty()) {
                    continue;
                }
                pairs++;
                if (r.runs().stream().allMatch(run -> run.errors() + run.non2xx() == 0)) {
                    continue;
                }
                List<String> row = new ArrayList<>(List.of(app.label(), m.route(r.route())));
                List<Boolean> alert = new ArrayList<>(List.of(false, false));
                for (int i = 0; i < maxRuns; i++) {
                    RunResult run = i < r.runs().size() ? r.runs().get(i) : null;
                    row.add(run == null ? "—" : m.integer(run.errors()) + " / " + m.integer(run.non2xx()));
                    alert.add(run != null && run.errors() + run.non2xx() > 0);
                }
                rows.add(row);
                alerts.add(alert);
            }
        }
        if (!rows.isEmpty()) {
            out.add(new Table(header, numeric, rows, alerts));
        }
        out.add(new Paragraph(m.get("errors.total", m.integer(badResponses()), m.integer(runCount())) + " "
                + m.get("errors.clean", m.integer(pairs - rows.size()), m.integer(pairs)), true));
    }

    private void latency() {
        out.add(new Heading(2, m.get("latency"), "latency"));
        out.add(new Paragraph(m.get("latency.intro")));
        List<List<String>> rows = new ArrayList<>();
        boolean p95FromHlogs = false;
        for (String route : rules().routes()) {
            for (AppSummary a : summaries(results, route)) {
                Latency l = a.summary().latency();
                Double p95 = l.p95Ms();
                if (p95 == null) {
                    // results written before p95 was stored: the median run's hlog still has it
                    int median = a.summary().medianRun();
                    p95 = a.app().route(route).flatMap(r -> r.runs().stream().filter(run -> run.run() == median)
                            .findFirst()).map(run -> HlogPlotsBuilder.percentileFromHlog(dir, run, 95)).orElse(null);
                    p95FromHlogs |= p95 != null;
                }
                rows.add(List.of(m.route(route), a.app().label(), m.number(l.p50Ms(), 2), m.number(l.p90Ms(), 2),
                        p95 == null ? "—" : m.number(p95, 2), m.number(l.p99Ms(), 2), m.number(l.p999Ms(), 2)));
            }
        }
        if (rows.isEmpty()) {
            out.add(new Paragraph(m.get("nodata")));
            return;
        }
        out.add(new Table(List.of(m.get("col.route"), m.get("col.app"), "p50", "p90", "p95", "p99", "p99.9"),
                List.of(false, false, true, true, true, true, true), rows));
        if (p95FromHlogs) out.add(new Paragraph(m.get("latency.p95.hlog"), true));
    }
}
