package dev.fairbench.runner.proc;

import dev.fairbench.hosts.Host;

import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The process tables of the other hosts of a window's parties at one instant (its start or its end), each host read
 * once ({@link HostProcFs#table()}: one command per host, however many parties run there), so that the tree CPU of
 * every party on a host and the remote part of the interference guard ({@link RemoteGuard}) come from the same
 * reading. Views of this machine ({@link ProcView#LOCAL}) are not read here: their tree CPU is read directly when
 * asked. Immutable.
 */
public final class HostTables {
    private final Map<Host, ProcTable> tables;

    private HostTables(Map<Host, ProcTable> tables) {
        this.tables = tables;
    }

    /**
     * Reads, one after the other, the table of every distinct host among {@code views} that is not this machine's
     * own {@code /proc}.
     *
     * @throws dev.fairbench.hosts.HostException when a host cannot be read
     */
    public static HostTables read(Collection<? extends ProcView> views) {
        Map<Host, ProcTable> tables = new IdentityHashMap<>();
        for (ProcView view : views) {
            if (view instanceof HostProcFs proc && !tables.containsKey(proc.host())) {
                tables.put(proc.host(), proc.table());
            }
        }
        return new HostTables(tables);
    }

    /**
     * The tree CPU of {@code pid} on {@code view}'s host in microseconds ({@link ProcView#treeCpuMicros}): from this
     * instant's table when that host was read, else from {@code view} itself.
     */
    public long treeCpuMicros(ProcView view, long pid) {
        if (view instanceof HostProcFs proc) {
            ProcTable table = tables.get(proc.host());
            if (table != null) return table.treeCpuMicros(pid);
        }
        return view.treeCpuMicros(pid);
    }

    /** The table of {@code proc}'s host at this instant, if it was read. */
    Optional<ProcTable> of(HostProcFs proc) {
        return Optional.ofNullable(tables.get(proc.host()));
    }
}
