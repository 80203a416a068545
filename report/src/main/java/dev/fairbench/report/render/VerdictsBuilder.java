package dev.fairbench.report.render;

import dev.fairbench.report.RouteVerdict;
import dev.fairbench.report.Steadiness;
import dev.fairbench.report.render.Block.Heading;
import dev.fairbench.report.render.Block.Paragraph;
import dev.fairbench.report.render.Block.Table;
import dev.fairbench.results.AppResult;
import dev.fairbench.results.Interference;
import dev.fairbench.results.Latency;
import dev.fairbench.results.Results;
import dev.fairbench.results.SuiteRun;
import dev.fairbench.results.RouteResult;
import dev.fairbench.results.RouteSummary;
import dev.fairbench.results.RunResult;
import dev.fairbench.results.Summaries;
import dev.fairbench.stats.Interval;
import dev.fairbench.stats.Intervals;
import dev.fairbench.stats.Verdict;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The sections that say what the numbers support: the verdict of every route ({@link RouteVerdict}: winner or tie
 * within noise, ranked by req/s only where the runs were app-bound), the cost per request of every app and route
 * with what bound its runs, the cost runs at one fixed rate, every window the interference guard found
 * disturbed or the canary found slowed, how steady the host was, and how long the warm-ups were. Stateless; the output depends on the results and the language only.
 */
public final class VerdictsBuilder {
    private final Results results;
    private final Messages m;
    private final List<Block> out = new ArrayList<>();
    /** Level of every heading in the summary, which goes under a heading of the document that quotes it. */
    private static final int SUMMARY_LEVEL = 4;
    /** 0 in the report (each section at its own level), else {@link #SUMMARY_LEVEL}. */
    private final int fixedLevel;

    private VerdictsBuilder(Results results, Messages m) {
        this(results, m, 0);
    }

    private VerdictsBuilder(Results results, Messages m, int fixedLevel) {
        this.results = results;
        this.m = m;
        this.fixedLevel = fixedLevel;
    }

    private Heading heading(int reportLevel, String text, String anchor) {
        return new Heading(fixedLevel == 0 ? reportLevel : fixedLevel, text, anchor);
    }

    /** The verdicts section, for the top of the report. */
    static List<Block> verdicts(Results results, Messages m) {
        VerdictsBuilder b = new VerdictsBuilder(results, m);
        b.verdictTable();
        return List.copyOf(b.out);
    }

    /**
     * Cost per request, cost runs and interference, after the throughput section, with the steadiness line when the
     * host's steadiness was read ({@link SteadinessBuilder}).
     */
    static List<Block> costs(Results results, java.util.Optional<Steadiness> steadiness, Messages m) {
        VerdictsBuilder b = new VerdictsBuilder(results, m);
        b.costPerRequest();
        b.costRuns();
        b.interference();
        b.out.addAll(HostSpeedBuilder.section(results, m));
        b.out.addAll(SteadinessBuilder.section(results, steadiness, m));
        b.warmUp();
        return List.copyOf(b.out);
    }

    /**
     * The summary that docs/benchmarks.md quotes: what was measured and how, the verdicts, the cost per request,
     * the cost runs and the interference, in that order, every heading at level 4 (it goes under the document's
     * own headings).
     */
    public static List<Block> summary(Results results, Messages m) {
        return summary(results, null, m);
    }

    /**
     * {@link #summary(Results, Messages)}, followed by the write-up's findings when {@code suite} (null for none)
     * declares any ({@link SeedFindingsBuilder}).
     */
    public static List<Block> summary(Results results, SuiteRun suite, Messages m) {
        return summary(results, suite, null, m);
    }

    /**
     * {@link #summary(Results, SuiteRun, Messages)} with the steadiness line under the host speed, read from the hlogs
     * of the results directory {@code dir} (null for none: no line).
     */
    public static List<Block> summary(Results results, SuiteRun suite, java.nio.file.Path dir, Messages m) {
        VerdictsBuilder b = new VerdictsBuilder(results, m, SUMMARY_LEVEL);
        java.util.Optional<Steadiness> steadiness = Steadiness.of(results, dir);
        var s = results.setup();
        b.out.add(new Paragraph(m.get("summary.setup", s.host().cpuModel(), m.integer(s.host().logicalCpus()),
                s.gitCommit() == null ? "?" : s.gitCommit().substring(0, Math.min(12, s.gitCommit().length()))
                        + (s.gitDirty() ? " (dirty)" : ""), m.integer(s.runs()),
                m.number(s.warmupSeconds(), 0) + " s", m.number(s.durationSeconds(), 0) + " s",
                m.integer(s.connections()), s.pinning().appCpus(), s.pinning().postgresCpus(), s.pinning().loadgenCpus())));
        b.out.addAll(SteadinessBuilder.warning(steadiness, m));
        b.verdictTable();
        b.costPerRequest();
        b.costRuns();
        b.interference();
        b.out.addAll(HostSpeedBuilder.section(results, m));
        b.out.addAll(SteadinessBuilder.section(results, steadiness, m));
        b.warmUp();
        b.out.addAll(SeedFindingsBuilder.build(results, suite, m, SUMMARY_LEVEL));
        return List.copyOf(b.out);
    }

    /** How long the warm-ups were and how much JIT the measured windows held ({@link WarmUpBuilder}). */
    private void warmUp() {
        out.addAll(WarmUpBuilder.section(results, m, heading(3, m.get("warmup"), "warm-up")));
    }

    private String label(String app) {
        return results.app(app).map(AppResult::label).orElse(app);
    }

    private void verdictTable() {
        List<RouteVerdict> verdicts = RouteVerdict.of(results);
        if (verdicts.isEmpty()) return;
        out.add(heading(3, m.get("verdicts"), "verdicts"));
        out.add(new Paragraph(m.get("verdicts.intro")));
        List<List<String>> rows = new ArrayList<>();
        for (RouteVerdict v : verdicts) {
            String figure = m.get(v.figure() == RouteVerdict.Figure.REQUESTS_PER_SECOND ? "verdicts.by.rps" : "verdicts.by.cpu");
            Verdict r = v.ranking();
            String note = v.notAppBound().isEmpty() ? "" : m.get("verdicts.notappbound", v.notAppBound().entrySet()
                    .stream().map(e -> label(e.getKey()) + " (" + m.get("bound." + e.getValue()) + ")")
                    .collect(Collectors.joining(", ")));
            if (r == null) {
                rows.add(List.of(m.route(v.route()), figure, m.get("verdicts.disturbed"), "—", "—",
                        v.disturbed().stream().map(this::label).collect(Collectors.joining(", ")), note));
                continue;
            }
            String kind = m.get("verdicts.kind." + r.kind().name().toLowerCase(java.util.Locale.ROOT));
            rows.add(List.of(m.route(v.route()), figure, kind, r.best() == null ? "—" : label(r.best()),
                    r.ratio() == null ? "—" : ratio(r.ratio()),
                    r.kind() == Verdict.Kind.WINNER ? "—"
                            : r.tiedWithBest().stream().map(this::label).collect(Collectors.joining(", ")), note));
        }
        out.add(new Table(List.of(m.get("col.route"), m.get("col.rankedby"), m.get("col.verdict"), m.get("col.best"),
                m.get("col.ratio"), m.get("col.tied"), m.get("col.note")),
                List.of(false, false, false, false, true, false, false), rows));
    }

    /** {@code 1.23× [1.10–1.37]}, or the point alone when there is no interval. */
    String ratio(Interval i) {
        String point = m.number(i.estimate(), 3) + "×";
        return i.hasInterval() ? point + " [" + m.number(i.low(), 3) + "–" + m.number(i.high(), 3) + "]" : point;
    }

    private void costPerRequest() {
        out.add(heading(2, m.get("cost"), "cost"));
        out.add(new Paragraph(m.get("cost.intro")));
        List<List<String>> rows = new ArrayList<>();
        for (String route : results.setup().routes()) {
            RouteVerdict v = RouteVerdict.of(results, route);
            for (ReportBuilder.AppSummary a : ReportBuilder.summaries(results, route)) {
                RouteSummary s = a.summary();
                String cheapest = v == null || v.cheapest() == null ? "—" : cell(v.cheapest(), a.app().name());
                rows.add(List.of(m.route(route), a.app().label(),
                        s.bound() == null ? "—" : m.get("bound." + s.bound().json()),
                        s.appCpuUsPerRequest() == null ? "—" : m.number(s.appCpuUsPerRequest(), 1)
                                + (s.appCpuSpread() == null ? "" : " ±" + m.percent(s.appCpuSpread()))
                                + cpuInterval(a.app(), route),
                        opt(s.postgresCpuUsPerRequest()), opt(s.redisCpuUsPerRequest()), opt(s.totalCpuUsPerRequest()),
                        s.requestsPerAppCpuSecond() == null ? "—" : m.integer(s.requestsPerAppCpuSecond()), cheapest));
            }
        }
        if (rows.isEmpty()) {
            out.add(new Paragraph(m.get("nodata")));
            return;
        }
        out.add(new Table(List.of(m.get("col.route"), m.get("col.app"), m.get("col.bound"), m.get("col.cpu.app"),
                m.get("col.cpu.postgres"), m.get("col.cpu.redis"), m.get("col.cpu.total"), m.get("col.per.cpus"),
                m.get("col.cheapest")), List.of(false, false, false, true, true, true, true, true, false), rows));
    }

    /** The 95% interval of the mean app CPU per request over the rounds, or empty with fewer than 2 rounds. */
    private String cpuInterval(AppResult app, String route) {
        return cpuInterval(app.route(route).orElseThrow().runs());
    }

    /** The 95% interval of the mean app CPU per request over {@code runs}, or empty with fewer than 2 that have it. */
    private String cpuInterval(List<RunResult> runs) {
        double[] rounds = runs.stream().mapToDouble(RouteVerdict::appCpuUsPerRequest).filter(v -> v > 0).toArray();
        return rounds.length < 2 ? "" : interval(Intervals.ofRounds(rounds), 1, m);
    }

    /** {@code  ±x%}, the spread of the app CPU per request over two or more {@code runs}; empty otherwise. */
    private String cpuSpread(List<RunResult> runs) {
        Double spread = runs.size() < 2 ? null : Summaries.cpuSpread(runs);
        return spread == null ? "" : " ±" + m.percent(spread);
    }

    /** {@code  [low–high]} of a 95% interval, or empty when it has none. */
    static String interval(Interval i, int decimals, Messages m) {
        return i.hasInterval() ? " [" + m.number(i.low(), decimals) + "–" + m.number(i.high(), decimals) + "]" : "";
    }

    private String cell(Verdict v, String app) {
        if (v.kind() == Verdict.Kind.NONE) return "—";
        if (v.kind() == Verdict.Kind.WINNER) return app.equals(v.best()) ? m.get("cell.winner") : "";
        return v.tiedWithBest().contains(app) ? m.get("cell.tie") : "";
    }

    private String opt(Double value) {
        return value == null ? "—" : m.number(value, 1);
    }

    private void costRuns() {
        List<List<String>> rows = new ArrayList<>();
        for (String route : results.setup().routes()) {
            for (AppResult app : results.apps()) {
                RouteResult r = app.route(route).orElse(null);
                RunResult c = r == null ? null : r.cost();
                if (c == null || c.offeredRatePerSecond() == null) continue;
                double requests = Math.max(1, c.requestsCompleted());
                var res = c.resources();
                Double appUs = res == null || res.appCpuSeconds() == null ? null : res.appCpuSeconds() * 1e6 / requests;
                Double total = appUs == null ? null : appUs
                        + (res.postgresCpuSeconds() == null ? 0 : res.postgresCpuSeconds() * 1e6 / requests)
                        + (res.redisCpuSeconds() == null ? 0 : res.redisCpuSeconds() * 1e6 / requests);
                Latency l = c.latency();
                rows.add(List.of(m.route(route), app.label(), m.integer(c.offeredRatePerSecond()),
                        m.integer(c.requestsPerSecond()), appUs == null ? "—" : m.number(appUs, 1)
                                + cpuSpread(r.costRuns()) + cpuInterval(r.costRuns()),
                        opt(total), m.number(l.p50Ms(), 2),
                        m.number(l.p90Ms(), 2), l.p95Ms() == null ? "—" : m.number(l.p95Ms(), 2),
                        m.number(l.p99Ms(), 2), m.number(l.p999Ms(), 2),
                        m.integer(r.costRuns().stream().mapToLong(x -> x.errors() + x.non2xx()).sum())
                                + (c.disturbed() ? " · " + m.get("disturbed") : "")));
            }
        }
        if (rows.isEmpty()) return;
        out.add(heading(3, m.get("costruns"), "cost-runs"));
        boolean rounds = results.apps().stream().flatMap(a -> a.routes().stream()).anyMatch(r -> r.costRuns().size() > 1);
        out.add(new Paragraph(m.get("costruns.intro") + (rounds ? " " + m.get("costruns.rounds") : "")));
        out.add(new Table(List.of(m.get("col.route"), m.get("col.app"), m.get("col.offered"), m.get("col.rps"),
                m.get("col.cpu.app"), m.get("col.cpu.total"), "p50", "p90", "p95", "p99", "p99.9", m.get("col.errors")),
                List.of(false, false, true, true, true, true, true, true, true, true, true, true), rows));
    }

    private void interference() {
        out.add(heading(3, m.get("interference"), "interference"));
        List<List<String>> rows = new ArrayList<>();
        List<Double> stealCores = new ArrayList<>();
        double worst = 0;
        boolean watched = false;
        Double maxStealCores = null;
        for (AppResult app : results.apps()) {
            for (RouteResult r : app.routes()) {
                List<RunResult> all = new ArrayList<>(r.runs());
                all.addAll(r.costRuns());
                for (RunResult run : r.discarded()) rows.add(row(app, r.route(), run, m.get("interference.discarded")));
                for (RunResult run : all) {
                    Interference i = run.interference();
                    if (i != null) {
                        watched = true;
                        worst = Math.max(worst, i.foreignCores());
                        stealCores.add(i.stealCores());
                        if (i.maxStealCores() != null) maxStealCores = i.maxStealCores();
                    }
                    if (run.disturbed()) rows.add(row(app, r.route(), run, m.get("interference.kept")));
                }
            }
        }
        if (!watched) {
            out.add(new Paragraph(m.get("interference.notwatched")));
            return;
        }
        if (rows.isEmpty()) {
            out.add(new Paragraph(m.get("interference.none", m.number(worst, 3))));
        } else {
            out.add(new Paragraph(m.get("interference.intro")));
            out.add(new Table(List.of(m.get("col.app"), m.get("col.route"), m.get("col.window"), m.get("col.foreign"),
                    m.get("col.who"), m.get("col.kept")), List.of(false, false, false, true, false, false), rows));
        }
        Collections.sort(stealCores);
        String median = m.number(stealCores.get((stealCores.size() - 1) / 2), 3);
        String most = m.number(stealCores.get(stealCores.size() - 1), 3);
        out.add(new Paragraph(maxStealCores == null ? m.get("interference.steal", median, most)
                : m.get("interference.steal.judged", median, most, m.number(maxStealCores, 3))));
    }

    /**
     * Which window {@code run} of {@code route} was: {@code round N} of the closed loop, or the cost run (with its
     * round when the route has cost runs of more than one round).
     */
    static String window(RunResult run, RouteResult route, Messages m) {
        if (run.offeredRatePerSecond() == null) return m.get("interference.round", m.integer(run.run()));
        return route.costRuns().size() > 1 || run.run() > 1 ? m.get("interference.costround", m.integer(run.run()))
                : m.get("interference.costrun");
    }

    private List<String> row(AppResult app, String route, RunResult run, String kept) {
        Interference i = run.interference();
        String window = window(run, app.route(route).orElseThrow(), m);
        String who = i == null ? "" : i.top().stream().map(p -> p.command() + " (" + p.pid() + ", "
                + m.number(p.cpuSeconds(), 2) + " s)").collect(Collectors.joining("; "));
        if (run.stolen()) {
            who = (who.isEmpty() ? "" : who + "; ") + m.get("interference.stolen", m.number(i.stealCores(), 3),
                    m.number(i.maxStealCores(), 3));
        }
        if (run.slowed()) {
            who = (who.isEmpty() ? "" : who + "; ") + m.get("interference.slowed",
                    (run.canary().slowdown() >= 0 ? "+" : "") + m.percent(run.canary().slowdown()));
        }
        return List.of(app.label(), m.route(route), window, i == null ? "—" : m.number(i.foreignCores(), 3),
                who.isEmpty() ? "—" : who, kept);
    }

    /** The chart marker of {@code app} under {@code verdict}: fastest/lowest for a winner, tie, or empty. */
    static String marker(Verdict verdict, String app, boolean higherIsBetter, Messages m) {
        if (verdict == null || verdict.kind() == Verdict.Kind.NONE) return "";
        if (verdict.kind() == Verdict.Kind.WINNER) {
            return app.equals(verdict.best()) ? m.get(higherIsBetter ? "chart.fastest" : "chart.lowest") : "";
        }
        return verdict.tiedWithBest().contains(app) ? m.get("cell.tie") : "";
    }
}
