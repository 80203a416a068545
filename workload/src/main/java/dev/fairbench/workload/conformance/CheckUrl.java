package dev.fairbench.workload.conformance;

import dev.fairbench.workload.data.DatabaseUrl;
import dev.fairbench.workload.data.DatasetLoader;
import dev.fairbench.workload.render.ReferenceRenderer;

import java.net.URI;

/**
 * Runs the conformance gate against an app that is already running, without the runner:
 * {@code java -cp <workload classpath> dev.fairbench.workload.conformance.CheckUrl http://127.0.0.1:8080 postgresql://...}.
 * The reference pages are rendered from the rows in that database. Exit status 0 when every case passes, 1 when
 * one does not, 2 on bad arguments. For app developers working outside the JVM; {@code ./fairbench verify} runs
 * the same cases and also checks the Redis cache contents.
 */
public final class CheckUrl {
    private CheckUrl() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: CheckUrl APP_BASE_URL POSTGRES_URL");
            System.exit(2);
        }
        ReferenceRenderer reference = new ReferenceRenderer(DatasetLoader.load(DatabaseUrl.parse(args[1])));
        ConformanceReport report = new ConformanceChecker(10_000, null)
                .check(URI.create(args[0]), ConformanceCases.all(reference));
        System.out.println(ConformanceChecker.describe(report));
        System.exit(report.passed() ? 0 : 1);
    }
}
