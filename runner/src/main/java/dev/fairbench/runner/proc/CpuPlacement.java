package dev.fairbench.runner.proc;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Which CPUs the app under test, the services (PostgreSQL and Redis) and the load generator (the runner's own JVM)
 * run on, as taskset CPU lists such as {@code 0}, {@code 0-3} or {@code 2,3}. The app's CPUs must not be shared
 * with the others; the services and the load generator may share theirs when there are few cores.
 *
 * @param appCpus      CPUs of the app; {@code WORKERS} is their count
 * @param servicesCpus CPUs of PostgreSQL and Redis
 * @param loadgenCpus  CPUs of the runner and its in-process load generator
 * @param sharedCpus   whether the app may share its CPUs with the others: only for a load that is about that
 *                     (the hello suite's loopback loads, where server and client split the machine as in its seed)
 */
public record CpuPlacement(String appCpus, String servicesCpus, String loadgenCpus, boolean sharedCpus) {

    /** A placement whose app CPUs are its own. */
    public CpuPlacement(String appCpus, String servicesCpus, String loadgenCpus) {
        this(appCpus, servicesCpus, loadgenCpus, false);
    }

    public CpuPlacement {
        parse(appCpus);
        parse(servicesCpus);
        parse(loadgenCpus);
        var app = new TreeSet<>(parse(appCpus));
        for (String other : sharedCpus ? List.<String>of() : List.of(servicesCpus, loadgenCpus)) {
            for (int cpu : parse(other)) {
                if (app.contains(cpu)) {
                    throw new IllegalArgumentException("CPU " + cpu + " is given to the app and to services or"
                            + " load generator: the app's CPUs must be its own");
                }
            }
        }
    }

    /**
     * The split for {@code cores} online CPUs: on 2 the app gets CPU 0 and the rest CPU 1; on 3, one each; from 4
     * on, the app half of them (rounded down), the services half of the remainder (rounded up), the load generator
     * the rest.
     */
    public static CpuPlacement defaults(int cores) {
        if (cores < 2) throw new IllegalArgumentException("fairbench needs at least 2 CPUs, found " + cores);
        if (cores == 2) return new CpuPlacement("0", "1", "1");
        if (cores == 3) return new CpuPlacement("0", "1", "2");
        int app = cores / 2;
        int services = (cores - app + 1) / 2;
        return new CpuPlacement(range(0, app), range(app, app + services), range(app + services, cores));
    }

    /** {@link #defaults(int)} with each of the given lists (when not null) replacing its default. */
    public static CpuPlacement of(String app, String services, String loadgen, int cores) {
        return of(app, services, loadgen, cores, false);
    }

    /** {@link #of(String, String, String, int)}, where {@code shared} lets the app's CPUs be the others' too. */
    public static CpuPlacement of(String app, String services, String loadgen, int cores, boolean shared) {
        CpuPlacement d = defaults(cores);
        CpuPlacement p = new CpuPlacement(app != null ? app : d.appCpus, services != null ? services : d.servicesCpus,
                loadgen != null ? loadgen : d.loadgenCpus, shared);
        for (String list : List.of(p.appCpus, p.servicesCpus, p.loadgenCpus)) {
            for (int cpu : parse(list)) {
                if (cpu >= cores) {
                    throw new IllegalArgumentException("CPU " + cpu + " does not exist: this machine has CPUs 0-"
                            + (cores - 1));
                }
            }
        }
        return p;
    }

    /** Number of CPUs the app runs on: its {@code WORKERS}. */
    public int appCpuCount() {
        return parse(appCpus).size();
    }

    /**
     * The CPUs of a list like {@code 0-2,5}, sorted, no repeats.
     *
     * @throws IllegalArgumentException with one line when the list is malformed
     */
    public static List<Integer> parse(String list) {
        if (list == null || !list.matches("\\d+(-\\d+)?(,\\d+(-\\d+)?)*")) {
            throw new IllegalArgumentException("bad CPU list '" + list + "': expected e.g. 0, 0-3 or 0,2");
        }
        TreeSet<Integer> cpus = new TreeSet<>();
        for (String part : list.split(",")) {
            String[] ends = part.split("-");
            int from = Integer.parseInt(ends[0]);
            int to = ends.length > 1 ? Integer.parseInt(ends[1]) : from;
            if (to < from) throw new IllegalArgumentException("bad CPU range '" + part + "' in '" + list + "'");
            for (int c = from; c <= to; c++) cpus.add(c);
        }
        return new ArrayList<>(cpus);
    }

    private static String range(int from, int toExclusive) {
        return toExclusive - from == 1 ? Integer.toString(from) : from + "-" + (toExclusive - 1);
    }

    /**
     * Pins every thread of {@code pid} (and threads it creates later) to {@code cpus} with {@code taskset -a -p -c}.
     *
     * @throws IllegalStateException when taskset fails, with its message
     */
    public static void pin(long pid, String cpus) {
        Commands.Result r = Commands.run(List.of("taskset", "-a", "-p", "-c", cpus, Long.toString(pid)),
                Duration.ofSeconds(10));
        if (!r.ok() && ProcFs.isAlive(pid)) {
            // A short-lived PostgreSQL worker that exited meanwhile needs no pinning; a live process does.
            throw new IllegalStateException("taskset -a -p -c " + cpus + " " + pid + " failed: " + r.firstLine());
        }
    }

    /**
     * Pins {@code rootPid} and every descendant to {@code cpus}: for PostgreSQL the postmaster (whose new backends
     * inherit its affinity) and the backends and workers already running.
     *
     * @return the number of processes pinned
     */
    public static int pinTree(long rootPid, String cpus) {
        List<Long> tree = ProcFs.tree(rootPid);
        for (long pid : tree) pin(pid, cpus);
        return tree.size();
    }

    /** CPUs online for this process. */
    public static int onlineCpus() {
        return Runtime.getRuntime().availableProcessors();
    }
}
