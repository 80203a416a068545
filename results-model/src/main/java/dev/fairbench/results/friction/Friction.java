package dev.fairbench.results.friction;

import dev.fairbench.results.Lists;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The whole of {@code friction.json}: the build-and-ship measurement of some apps, read and written by
 * {@link FrictionStore}. Immutable; lists are copied, {@code null} lists become empty.
 *
 * @param schemaVersion    format version of this file, {@link #SCHEMA_VERSION} when written by this code
 * @param fairbenchVersion version of fairbench that measured
 * @param startedAt        when the measurement started
 * @param finishedAt       when it ended, or {@code null} while it runs or when it was interrupted
 * @param gitCommit        full commit of the checkout that was copied, or {@code null} when git could not say
 * @param gitDirty         whether the copied files differ from that commit (changed or new files)
 * @param host             the machine
 * @param rules            how everything was measured, the same for every app
 * @param apps             every app measured, failed or skipped, in the order measured
 */
public record Friction(int schemaVersion, String fairbenchVersion, Instant startedAt, Instant finishedAt,
                       String gitCommit, boolean gitDirty, Host host, Rules rules, List<FrictionApp> apps) {

    /** The format version this code writes and the only one it reads. */
    public static final int SCHEMA_VERSION = 1;

    public Friction {
        apps = apps == null ? List.of() : List.copyOf(apps);
    }

    /**
     * The machine that built and started the apps.
     *
     * @param cpuModel    processor model name as the OS reports it
     * @param logicalCpus logical CPUs the OS sees
     * @param kernel      kernel release
     */
    public record Host(String cpuModel, int logicalCpus, String kernel) {
    }

    /**
     * The rules of the measurement.
     *
     * @param buildCpus        CPUs every build ran on (a taskset CPU list such as {@code 0-1})
     * @param appCpus          CPUs each cold start ran the app on; its {@code WORKERS} is their count
     * @param coldStarts       starts per app for the cold-start figure
     * @param readinessPollMs  pause between two readiness probes during a cold start, in milliseconds
     * @param keptCaches       downloaded sources left in place, by tool ({@code maven}, {@code cargo},
     *                         {@code go}) to the folder that holds them; a download is not part of a build
     * @param freshCaches      build caches that started empty for each app, e.g. {@code GOCACHE}
     * @param tools            version line of each build tool found ({@code go}, {@code cargo}, {@code rustc},
     *                         {@code mvn}, {@code java})
     */
    public record Rules(String buildCpus, String appCpus, int coldStarts, double readinessPollMs,
                        Map<String, String> keptCaches, List<String> freshCaches,
                        Map<String, String> tools) {
        public Rules {
            keptCaches = keptCaches == null ? Map.of() : new TreeMap<>(keptCaches);
            freshCaches = freshCaches == null ? List.of() : List.copyOf(freshCaches);
            tools = tools == null ? Map.of() : new TreeMap<>(tools);
        }
    }

    /** The app with this name, if present. */
    public Optional<FrictionApp> app(String name) {
        return apps.stream().filter(a -> a.name().equals(name)).findFirst();
    }

    /** A copy with the app of the same name replaced where it stands, or appended when absent. */
    public Friction withApp(FrictionApp app) {
        return new Friction(schemaVersion, fairbenchVersion, startedAt, finishedAt, gitCommit, gitDirty, host, rules,
                Lists.replacedOrAppended(apps, app, FrictionApp::name));
    }

    /** A copy marked as finished at this instant. */
    public Friction finishedAt(Instant at) {
        return new Friction(schemaVersion, fairbenchVersion, startedAt, at, gitCommit, gitDirty, host, rules, apps);
    }
}
