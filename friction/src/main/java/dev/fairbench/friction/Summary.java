package dev.fairbench.friction;

import dev.fairbench.results.AppStatus;
import dev.fairbench.results.friction.FrictionApp;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The console's line for one measured app, e.g. {@code clean build 41.2 s (CPU 77.9 s), incremental 3.1 s (CPU
 * 4.0 s), artifact 12.4 MiB (dynamic), runtime none, cold start 9.1 ms (8.7–10.2), 612 lines (+1404 shared),
 * 177 cargo dependencies}; the parts not measured are left out. Stateless.
 */
final class Summary {
    private Summary() {
    }

    static String line(FrictionApp app) {
        List<String> parts = new ArrayList<>();
        if (app.status() != AppStatus.MEASURED) parts.add(app.status().json() + ": " + app.reason());
        if (app.cleanBuild() != null) parts.add("clean build " + build(app.cleanBuild()));
        if (app.incrementalBuild() != null) parts.add("incremental " + build(app.incrementalBuild()));
        if (app.artifact() != null) {
            long bytes = app.artifact().bytes();
            parts.add(String.format(Locale.ROOT, bytes < 1048576 ? "artifact %.1f KiB (%s)" : "artifact %.1f MiB (%s)",
                    bytes / (bytes < 1048576 ? 1024.0 : 1048576.0), app.artifact().linking().json()));
        }
        if (app.runtime() != null) {
            parts.add(app.runtime().bytes() == null ? "runtime " + app.runtime().kind().json()
                    : String.format(Locale.ROOT, "runtime %s %.1f MiB", app.runtime().kind().json(),
                    app.runtime().bytes() / 1048576.0));
        }
        if (app.coldStart() != null) {
            parts.add(String.format(Locale.ROOT, "cold start %.1f ms (%.1f–%.1f)", app.coldStart().medianMs(),
                    app.coldStart().minMs(), app.coldStart().maxMs()));
        }
        if (app.linesOfCode() != null) {
            parts.add(app.linesOfCode().own().lines() + " lines (+" + app.linesOfCode().shared().lines() + " shared)");
        }
        if (app.dependencies() != null) {
            parts.add(app.dependencies().count() + " " + app.dependencies().kind() + " dependencies");
        }
        return String.join(", ", parts);
    }

    private static String build(FrictionApp.Build b) {
        return String.format(Locale.ROOT, "%.1f s (CPU %.1f s)", b.wallSeconds(), b.cpuSeconds());
    }
}
