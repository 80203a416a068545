package dev.fairbench.report.render;

import dev.fairbench.results.AppStatus;
import dev.fairbench.results.ResultsException;
import dev.fairbench.results.friction.Friction;
import dev.fairbench.results.friction.FrictionApp;
import dev.fairbench.results.friction.FrictionStore;
import dev.fairbench.report.render.Block.Bullets;
import dev.fairbench.report.render.Block.Heading;
import dev.fairbench.report.render.Block.Paragraph;
import dev.fairbench.report.render.Block.Table;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The "Build and ship" section, from the {@code friction.json} of the results directory ({@code fairbench
 * friction}): per app the clean and the incremental build (wall and CPU seconds), the artifact and the runtime it
 * needs, the cold start, the lines of its own and of its shared sources and its third-party dependencies, with the
 * rules of the measurement under the table. Empty when the directory holds no {@code friction.json}; a file that
 * cannot be read is said in one paragraph instead, so the rest of the report still renders.
 */
final class ShipBuilder {
    private ShipBuilder() {
    }

    /** The section for the results directory {@code dir} (none when {@code dir} is null). */
    static List<Block> build(Path dir, Messages m) {
        if (dir == null) return List.of();
        Optional<Friction> friction;
        try {
            friction = FrictionStore.readIfPresent(dir);
        } catch (ResultsException e) {
            return List.of(new Heading(2, m.get("ship"), "build-and-ship"),
                    new Paragraph(m.get("ship.unreadable", e.getMessage())));
        }
        return friction.map(f -> section(f, m)).orElse(List.of());
    }

    /** The section for this measurement. */
    static List<Block> section(Friction f, Messages m) {
        List<Block> out = new ArrayList<>();
        out.add(new Heading(2, m.get("ship"), "build-and-ship"));
        out.add(new Paragraph(m.get("ship.intro", f.host().cpuModel(), m.integer(f.host().logicalCpus()),
                m.date(f.startedAt()))));
        List<List<String>> rows = new ArrayList<>();
        List<String> notMeasured = new ArrayList<>();
        for (FrictionApp a : f.apps()) {
            rows.add(List.of(a.label(), build(a.cleanBuild(), m), build(a.incrementalBuild(), m), artifact(a, m),
                    runtime(a, m), start(a, m),
                    a.linesOfCode() == null ? "—" : m.integer(a.linesOfCode().own().lines()), shared(a, m),
                    dependencies(a, m)));
            if (a.status() != AppStatus.MEASURED) notMeasured.add(a.label() + " (" + a.reason() + ")");
        }
        out.add(new Table(List.of(m.get("col.app"), m.get("ship.col.clean"), m.get("ship.col.incremental"),
                m.get("ship.col.artifact"), m.get("ship.col.runtime"), m.get("ship.col.start"),
                m.get("ship.col.lines"), m.get("ship.col.shared"), m.get("ship.col.deps")),
                List.of(false, true, true, true, false, true, true, true, true), rows));
        if (!notMeasured.isEmpty()) {
            out.add(new Paragraph(m.get("ship.notmeasured", String.join("; ", notMeasured)), true));
        }
        Friction.Rules r = f.rules();
        String commit = f.gitCommit() == null ? "—" : f.gitCommit().substring(0, Math.min(12, f.gitCommit().length()));
        List<String> kept = new ArrayList<>();
        r.keptCaches().forEach((tool, folder) -> kept.add(tool + " " + folder));
        List<String> tools = new ArrayList<>();
        r.tools().forEach((tool, version) -> tools.add(tool + ": " + version));
        out.add(new Bullets(List.of(
                m.get("ship.rule.copy", commit, f.gitDirty() ? m.get("ship.dirty") : "",
                        String.join(", ", r.freshCaches()), kept.isEmpty() ? "—" : String.join(", ", kept)),
                m.get("ship.rule.build", r.buildCpus(), m.integer(f.host().logicalCpus())),
                m.get("ship.rule.artifact"),
                m.get("ship.rule.start", r.appCpus(), m.number(r.readinessPollMs(), r.readinessPollMs() < 1 ? 1 : 0),
                        m.integer(r.coldStarts())),
                m.get("ship.rule.lines"),
                m.get("ship.rule.deps"),
                m.get("ship.tools", String.join("; ", tools)))));
        return out;
    }

    private static String build(FrictionApp.Build b, Messages m) {
        return b == null ? "—" : m.get("ship.build", m.number(b.wallSeconds(), 1), m.number(b.cpuSeconds(), 1));
    }

    private static String artifact(FrictionApp a, Messages m) {
        if (a.artifact() == null) return "—";
        return m.get("ship.artifact", m.mib(a.artifact().bytes()), m.get("ship.linking." + a.artifact().linking().json()));
    }

    private static String runtime(FrictionApp a, Messages m) {
        if (a.runtime() == null) return "—";
        return a.runtime().kind() == FrictionApp.RuntimeNeeded.Kind.JDK
                ? m.get("ship.runtime.jdk", m.mib(a.runtime().bytes())) : m.get("ship.runtime.none");
    }

    private static String start(FrictionApp a, Messages m) {
        FrictionApp.ColdStart c = a.coldStart();
        if (c == null) return "—";
        int decimals = c.maxMs() < 100 ? 1 : 0;
        return m.get("ship.start", m.number(c.medianMs(), decimals), m.number(c.minMs(), decimals),
                m.number(c.maxMs(), decimals));
    }

    private static String shared(FrictionApp a, Messages m) {
        if (a.linesOfCode() == null) return "—";
        FrictionApp.SourceCount s = a.linesOfCode().shared();
        return s.paths().isEmpty() ? m.get("ship.shared.none")
                : m.get("ship.shared", m.integer(s.lines()), String.join(", ", s.paths()));
    }

    private static String dependencies(FrictionApp a, Messages m) {
        if (a.dependencies() == null) return a.status() == AppStatus.MEASURED ? m.get("ship.deps.none") : "—";
        return m.get("ship.deps." + a.dependencies().kind(), m.integer(a.dependencies().count()));
    }
}
