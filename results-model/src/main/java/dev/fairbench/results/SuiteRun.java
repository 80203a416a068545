package dev.fairbench.results;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The whole of {@code suite.json}: which suite a results directory holds and how its loads were laid out, written
 * by {@code fairbench run --suite} before the first app starts, so that a suite's report is regenerated from the
 * directory alone. The format is {@code dev/fairbench/results/suite.schema.json} (JSON Schema 2020-12), read and
 * written by {@link SuiteStore}; snake_case names, optional values left out. A suite of one load keeps its
 * {@code results.json} in the directory itself ({@link Load#dir()} is {@code "."}); a suite of several has one
 * results directory per load, {@code loads/NAME}. Immutable and thread-safe.
 *
 * @param schemaVersion  {@link #SCHEMA_VERSION}
 * @param name           the suite's name, its file's stem: {@code blog}, {@code hello}, {@code phash}
 * @param title          one line for the report's title
 * @param seed           the write-up the suite repeats, a path relative to the repository's parent, or {@code null}
 * @param report         which report the suite has: {@code blog} (the full report of every section), {@code hello}
 *                       (one table per load) or {@code phash} (fixed rate, capacity, overload, p99 against rate)
 * @param apps           the apps measured, in the order given
 * @param routes         route names loaded
 * @param passes         pass names in order: {@code timed}, {@code cost}, {@code capacity}, {@code fixed-rate},
 *                       {@code overload}
 * @param rounds         rounds of the timed runs
 * @param sloP99Ms       the capacity search's p99 bound in milliseconds, or {@code null} when none is searched
 * @param fixedRateShare fraction of the slowest app's capacity offered to every app by {@code fixed-rate}, or
 *                       {@code null}
 * @param overloadFactor multiple of the fastest app's capacity offered to every app by {@code overload}, or
 *                       {@code null}
 * @param loads          the load shapes, each measured as a trial of its own, in order
 * @param findings       the write-up's findings this suite checks, each as one comparison the report computes from
 *                       the results ({@link SeedFinding}); empty when the suite declares none
 */
public record SuiteRun(int schemaVersion, String name, String title, String seed, String report, List<String> apps,
                       List<String> routes, List<String> passes, int rounds,
                       @JsonProperty("slo_p99_ms") Double sloP99Ms, Double fixedRateShare, Double overloadFactor,
                       List<Load> loads, List<SeedFinding> findings) {

    /** The format version this code writes and the only one it reads. */
    public static final int SCHEMA_VERSION = 1;

    public SuiteRun {
        apps = Lists.copy(apps);
        routes = Lists.copy(routes);
        passes = Lists.copy(passes);
        loads = Lists.copy(loads);
        findings = Lists.copy(findings);
    }

    /** The load of this name, if present. */
    public Optional<Load> load(String loadName) {
        return loads.stream().filter(l -> l.name().equals(loadName)).findFirst();
    }

    /**
     * One load shape: how many connections, how deep a pipeline and which CPUs, for every app and route of the suite.
     *
     * @param name           short name, e.g. {@code loopback-100}; names its results directory
     * @param title          one line for the report, e.g. "Loopback, 100 connections"
     * @param dir            its results directory relative to the suite's ({@code .} or {@code loads/NAME})
     * @param connections    HTTP connections
     * @param loadgenThreads load generator threads, or {@code null} for the default (one per load generator CPU)
     * @param pipeline       requests written at once per connection in the closed loop (1: none)
     * @param appCpus        the app's CPU list, or {@code null} for the machine's default
     * @param loadgenCpus    the load generator's CPU list, or {@code null} for the default
     * @param sharedCpus     whether the app and the load generator share CPUs (the loopback loads of the hello
     *                       write-up), which the default placement never allows
     * @param latency        whether the report shows latency for this load: {@code false} for pipelined loads, whose
     *                       latency is one value per batch in wrk and not comparable
     */
    public record Load(String name, String title, String dir, int connections, Integer loadgenThreads, int pipeline,
                       String appCpus, String loadgenCpus, boolean sharedCpus, boolean latency) {

        /** Whether its results are the suite directory's own. */
        @JsonIgnore
        public boolean inSuiteDir() {
            return ".".equals(dir);
        }
    }

    /**
     * One finding of the write-up the suite repeats, stated as a comparison the report decides from the data alone:
     * on {@code route}, {@code measure} of {@code app} against that of {@code against} is expected to be
     * {@code expect} ({@code higher} or {@code lower}). Several entries may share a number (one finding, several
     * measures). The report's verdict is <em>reproduced</em>, <em>contradicted</em>, <em>within noise</em> or
     * <em>not measurable here</em> with the reason (an app or route not measured, no profile, too few workers).
     *
     * @param number       the finding's number in the write-up, 1 or more
     * @param claim        the finding in a few words, by language code ({@code en} required, {@code uk}, ...)
     * @param app          the app whose value is the numerator
     * @param against      the app it is compared with (for a variant, its base)
     * @param route        contract route name
     * @param measure      one of {@link #MEASURES}
     * @param expect       {@code higher} or {@code lower}: what the write-up found for {@code app}
     * @param needsWorkers the fewest app workers (the run's {@code workers}) the comparison means anything with,
     *                     or {@code null}; below it the verdict is "not measurable here"
     */
    public record SeedFinding(int number, Map<String, String> claim, String app, String against, String route,
                              String measure, String expect, Integer needsWorkers) {
        /**
         * What can be compared. From the closed-loop rounds, with an interval: {@code requests_per_second},
         * {@code app_cpu_us}, {@code postgres_cpu_us}, {@code redis_cpu_us}, {@code total_cpu_us} (CPU per request in
         * microseconds), {@code context_switches} (the app's, per request), {@code gc_share} (GC pause time over run
         * time). From the profile (one run, counted): {@code postgres_queries}, {@code postgres_round_trips},
         * {@code syscalls}, all per request. From the first round's memory sample: {@code rss_mib}.
         */
        public static final List<String> MEASURES = List.of("requests_per_second", "app_cpu_us", "postgres_cpu_us",
                "redis_cpu_us", "total_cpu_us", "context_switches", "gc_share", "postgres_queries",
                "postgres_round_trips", "syscalls", "rss_mib");

        public SeedFinding {
            claim = Map.copyOf(claim);
        }

        /** The claim in this language, else in English. */
        public String claim(String language) {
            return claim.getOrDefault(language, claim.get("en"));
        }
    }
}
