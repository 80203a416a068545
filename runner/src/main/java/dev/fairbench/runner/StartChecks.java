package dev.fairbench.runner;

import dev.fairbench.results.Conformance;
import dev.fairbench.results.RobustnessCase;
import dev.fairbench.runner.proc.AppProcess;
import dev.fairbench.runner.registry.AppEntry;
import dev.fairbench.workload.Route;
import dev.fairbench.workload.conformance.ConformanceChecker;
import dev.fairbench.workload.conformance.ConformanceReport;
import dev.fairbench.workload.conformance.HostileChecker;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The checks of a started app that are not measurements: the conformance gate before a pass (byte for byte
 * against the reference; the app's recorded conformance changes as its {@link GateRecord} says) and the hostile
 * suite after one (recorded as the app's robustness, a finding, not a gate). Their lines go to the trial's
 * progress. One start at a time, on the trial loop's thread.
 */
final class StartChecks {
    private final Gate gate;
    private final ResultsRecorder recorder;
    private final ProgressPrinter progress;
    private final Path outputDir;

    StartChecks(Gate gate, ResultsRecorder recorder, ProgressPrinter progress, Path outputDir) {
        this.gate = gate;
        this.recorder = recorder;
        this.progress = progress;
        this.outputDir = outputDir;
    }

    /** What a start's gate does to the app's recorded conformance. */
    enum GateRecord {
        /** The round's first start: its gate is the round's conformance. */
        REPLACE,
        /** A later start of the round, on routes of its own: its cases and mismatches join the first's. */
        ADD,
        /**
         * A late retry: its gate checks cases the round already counted, so the record stays; a failure goes to the
         * environment ({@code failed.late.<pass>.<app>}).
         */
        KEEP
    }

    /**
     * The conformance gate of {@code app} on {@code routes}; a gate whose only mismatches are 503 is checked once
     * more: 503 is the contract's answer when Redis or PostgreSQL time out, as they can on a starved machine, not a
     * wrong byte (recorded in the environment as {@code gate_rechecked.<app><recheckKeySuffix>}). {@code via} names
     * the proxies the app talks through, for the lines. Returns why it failed, or null.
     */
    String gate(AppEntry e, List<Route> routes, GateRecord record, AppProcess app, String via, String recheckKeySuffix) {
        String name = e.name();
        ConformanceReport report = gate.check(e, routes, app.address(), app.port());
        if (!report.passed() && report.mismatches().stream().allMatch(m -> m.what().startsWith("status 503"))) {
            String first = report.mismatches().size() + " answer(s) 503, first "
                    + report.mismatches().getFirst().caseName();
            progress.line("[" + name + "] gate: " + first + "; checking again");
            report = gate.check(e, routes, app.address(), app.port());
            recorder.environment(Map.of("gate_rechecked." + name + recheckKeySuffix, "first check: " + first
                    + "; second check " + (report.passed() ? "passed" : "failed")));
        }
        Conformance conformance = conformance(report);
        String log = "logs/" + name + ".log";
        boolean logged = Files.exists(outputDir.resolve(log));
        recorder.update(name, a -> a.withConformance(switch (record) {
            case REPLACE -> conformance;
            case ADD -> added(a.conformance(), conformance);
            case KEEP -> a.conformance();
        }).withLogFile(logged ? log : a.logFile()));
        if (!report.passed()) {
            progress.line(ConformanceChecker.describe(report).strip());
            return "conformance failed" + via + ": " + report.mismatches().size() + " mismatch(es) in "
                    + report.casesChecked() + " cases, first: " + report.mismatches().getFirst().caseName() + ": "
                    + report.mismatches().getFirst().what();
        }
        progress.line("[" + name + "] conformance: " + report.casesChecked() + " cases passed" + via);
        return null;
    }

    /**
     * The hostile suite against the app itself (not through the wire proxies), recorded as its robustness; a failed
     * case is a finding, not a gate: the app is measured all the same.
     */
    void hostile(AppEntry e, AppProcess app) {
        String name = e.name();
        List<HostileChecker.Result> results = gate.hostile(e, app.address(), app.port());
        // Ctrl-C during the suite: its cases read "interrupted", which is no finding about the app
        if (Thread.currentThread().isInterrupted()) return;
        if (results.isEmpty()) {
            progress.line("[" + name + "] hostile: skipped (no case applies to the routes it serves)");
            return;
        }
        HostileOutcome outcome = new HostileOutcome(results, e.knownFailures());
        progress.line("[" + name + "] " + outcome.summary());
        List<HostileChecker.Result> notPlain = results.stream()
                .filter(r -> outcome.verdict(r) != HostileOutcome.Verdict.PASSED).toList();
        if (!notPlain.isEmpty()) {
            progress.line(new HostileOutcome(notPlain, e.knownFailures()).describe().stripTrailing());
        }
        recorder.update(name, a -> a.withRobustness(robustness(results)));
    }

    /** The hostile suite's results as the results model records them. */
    static List<RobustnessCase> robustness(List<HostileChecker.Result> results) {
        return results.stream().map(r -> new RobustnessCase(r.name(), r.passed(), r.millis(),
                r.passed() ? null : r.problem())).toList();
    }

    /** The conformance of two gates of one round, each on its own routes: their cases and mismatches together. */
    static Conformance added(Conformance recorded, Conformance more) {
        if (recorded == null) return more;
        List<Conformance.Mismatch> mismatches = new ArrayList<>(recorded.mismatches());
        mismatches.addAll(more.mismatches());
        return new Conformance(recorded.casesChecked() + more.casesChecked(), mismatches);
    }

    /** A gate's report as the results model records it. */
    static Conformance conformance(ConformanceReport r) {
        return new Conformance(r.casesChecked(), r.mismatches().stream()
                .map(m -> new Conformance.Mismatch(m.caseName(), m.what(), m.diff())).toList());
    }
}
