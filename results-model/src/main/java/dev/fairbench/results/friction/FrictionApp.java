package dev.fairbench.results.friction;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.fairbench.results.AppStatus;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What it costs to build and ship one app. Every part is {@code null} when it was not measured: the app was
 * skipped (a toolchain missing, its sources not declared) or failed before that step ({@link #reason()} says
 * where); the parts measured before a failure are kept. Paths are relative to the repository root. Immutable.
 *
 * @param name             registry key
 * @param label            short name for reports
 * @param language         e.g. {@code Rust}
 * @param status           {@code measured} when every part was, else {@code failed} or {@code skipped}
 * @param reason           why not measured, one line; {@code null} when measured
 * @param cleanBuild       the app's build command in a fresh copy of the project with empty build caches
 * @param incrementalBuild the same command again in that copy after one comment line was appended to the handler
 * @param artifact         the file the build produced
 * @param runtime          what the artifact needs to run that the machine must provide
 * @param coldStart        spawn to first 200 OK on the readiness path
 * @param linesOfCode      non-blank lines of the app's own sources and, apart, of the libraries it shares
 * @param dependencies     third-party packages in its lockfile that it depends on; {@code null} also when its
 *                         build has no lockfile fairbench reads (then {@link #reason()} stays {@code null})
 */
public record FrictionApp(String name, String label, String language, AppStatus status, String reason,
                          Build cleanBuild, Build incrementalBuild, Artifact artifact, RuntimeNeeded runtime,
                          ColdStart coldStart, LinesOfCode linesOfCode, Dependencies dependencies) {

    /**
     * One timed build.
     *
     * @param command     the build command as the registry states it
     * @param wallSeconds wall-clock time from spawn to exit
     * @param cpuSeconds  user plus system CPU time of the build's whole process tree (every process it waited
     *                    for), from the rusage of reaped children; 10 ms resolution
     * @param log         the build's output, relative to the output directory
     * @param changedFile for the incremental build: the file a comment line was appended to; else {@code null}
     */
    public record Build(String command, double wallSeconds, double cpuSeconds, String log, String changedFile) {
    }

    /**
     * The built artifact.
     *
     * @param path    the registry's {@code artifact}
     * @param bytes   its size
     * @param linking for an ELF executable, whether it names a program interpreter (dynamic) or not (static)
     */
    public record Artifact(String path, long bytes, Linking linking) {
    }

    /** How an artifact is linked; written in lower case with hyphens. */
    public enum Linking {
        /** An ELF executable without a program interpreter: it needs no shared library. */
        STATIC,
        /** An ELF executable that the system's dynamic loader starts, with the C library it links. */
        DYNAMIC,
        /** Not an ELF file (a jar, a script): a runtime runs it. */
        NOT_ELF;

        @JsonValue
        public String json() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /**
     * The runtime an artifact needs beside the operating system.
     *
     * @param kind    {@code jdk} for an app started with {@code ${JAVA}} (the JDK fairbench runs on), {@code none}
     *                otherwise
     * @param path    the runtime's folder, for {@code jdk}
     * @param bytes   the size of that folder on disk (regular files, links not followed), for {@code jdk}
     * @param version its version, for {@code jdk}
     */
    public record RuntimeNeeded(Kind kind, String path, Long bytes, String version) {
        /** What runtime. */
        public enum Kind {
            JDK, NONE;

            @JsonValue
            public String json() {
                return name().toLowerCase(Locale.ROOT);
            }
        }

        /** No runtime beyond the operating system. */
        public static RuntimeNeeded none() {
            return new RuntimeNeeded(Kind.NONE, null, null, null);
        }
    }

    /**
     * Cold starts: each a spawn of the app (as the runner starts it, with PostgreSQL and Redis running) until its
     * readiness path first answered 200, the app stopped before the next.
     *
     * @param readinessPath the path probed
     * @param samplesMs     each start, in milliseconds, in the order measured
     * @param medianMs      their median (the mean of the middle two for an even count)
     * @param minMs         the fastest
     * @param maxMs         the slowest
     */
    public record ColdStart(String readinessPath, List<Double> samplesMs, double medianMs, double minMs,
                            double maxMs) {
        public ColdStart {
            samplesMs = samplesMs == null ? List.of() : List.copyOf(samplesMs);
        }

        /** The figures of these samples (at least one). */
        public static ColdStart of(String readinessPath, List<Double> samplesMs) {
            if (samplesMs.isEmpty()) throw new IllegalArgumentException("no cold start measured");
            List<Double> sorted = new ArrayList<>(samplesMs);
            sorted.sort(null);
            int n = sorted.size();
            double median = n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
            return new ColdStart(readinessPath, samplesMs, median, sorted.getFirst(), sorted.getLast());
        }
    }

    /**
     * Lines of code.
     *
     * @param own    the app's {@code sources}
     * @param shared its {@code shared_sources}; zero files when it declares none
     */
    public record LinesOfCode(SourceCount own, SourceCount shared) {
    }

    /**
     * Non-blank lines of the source files under some paths: text files the copy holds (tracked or new, not
     * ignored by git), documentation ({@code *.md}, {@code *.txt}) and generated files (lockfiles, a
     * "generated" marker in the first lines) left out.
     *
     * @param paths the declared paths, relative to the repository root
     * @param files files counted
     * @param lines non-blank lines in them
     */
    public record SourceCount(List<String> paths, int files, long lines) {
        public SourceCount {
            paths = paths == null ? List.of() : List.copyOf(paths);
        }
    }

    /**
     * Third-party packages of the app's lockfile that it depends on, the project's own modules and crates left out.
     *
     * @param kind     {@code cargo}, {@code go} or {@code maven}
     * @param file     the lockfile or build file read, relative to the repository root
     * @param command  how the list was obtained
     * @param count    the number of packages
     * @param packages each as {@code name version}, sorted
     */
    public record Dependencies(String kind, String file, String command, int count, List<String> packages) {
        public Dependencies {
            packages = packages == null ? List.of() : List.copyOf(packages);
            if (count != packages.size()) {
                throw new IllegalArgumentException("count " + count + " but " + packages.size() + " packages");
            }
        }
    }
}
