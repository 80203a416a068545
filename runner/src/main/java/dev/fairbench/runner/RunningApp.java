package dev.fairbench.runner;

import dev.fairbench.runner.proc.AppProcess;
import dev.fairbench.runner.registry.AppEntry;
import dev.fairbench.workload.Route;

import java.util.List;

/**
 * An app under test as a {@link Pass} sees it: started by the {@link TrialLoop}, pinned to its CPUs, past the
 * conformance gate. The loop stops it after the pass; a pass never stops it itself.
 *
 * @param entry   its registry entry
 * @param process its process tree: pid, port, liveness, log
 * @param round   the pass's round this start belongs to, from 1
 * @param routes  the routes this start is for, in the trial's order, all served by the app: every selected one, or
 *                one when each route has a start of its own ({@link Pass#measuresRouteByRoute()})
 * @param late    a late retry ({@link Pass#lateRetries}): {@code routes} are those whose window of {@code round}
 *                stayed disturbed, to be measured once more after the pass's last round
 */
public record RunningApp(AppEntry entry, AppProcess process, int round, List<Route> routes, boolean late) {
    public RunningApp {
        routes = List.copyOf(routes);
    }

    /** A start of the pass's {@code round}, not a late retry. */
    public RunningApp(AppEntry entry, AppProcess process, int round, List<Route> routes) {
        this(entry, process, round, routes, false);
    }

    public String name() {
        return entry.name();
    }

    public long pid() {
        return process.pid();
    }

    public int port() {
        return process.port();
    }
}
