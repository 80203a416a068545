package dev.fairbench.runner.proc;

import dev.fairbench.hosts.Host;
import dev.fairbench.hosts.HostException;

import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The process tables of the other hosts of a window's parties at one instant (its start or its end), each host read
 * once ({@link HostProcFs#table()}: one command per host, however many parties run there; the hosts at the same time,
 * so that a slow one, such as the app's with its threads' lines, does not delay the others' instant), so that the
 * tree CPU of every party on a host and the remote part of the interference guard ({@link RemoteGuard}) come from
 * the same reading; the app's host with its threads' lines too, for the app's memory and context switches
 * ({@link #read(Collection, ProcView)}). Views of this machine ({@link ProcView#LOCAL}) are not read here: their
 * tree CPU is read directly when asked. Immutable.
 */
public final class HostTables {
    private final Map<Host, ProcTable> tables;

    private HostTables(Map<Host, ProcTable> tables) {
        this.tables = tables;
    }

    /**
     * Reads, all at the same time, the table of every distinct host among {@code views} that is not this machine's
     * own {@code /proc}.
     *
     * @throws dev.fairbench.hosts.HostException when a host cannot be read
     */
    public static HostTables read(Collection<? extends ProcView> views) {
        return read(views, null);
    }

    /**
     * {@link #read(Collection)}, the host of {@code withThreads} (when it is another host's {@code /proc}) read with
     * the lines of its threads ({@link HostProcFs#table(boolean)}), for {@link #treeRssBytes} and
     * {@link #contextSwitches} there; still one command per host.
     *
     * @param withThreads a view whose host's threads are read too, or null
     * @throws dev.fairbench.hosts.HostException when a host cannot be read
     */
    public static HostTables read(Collection<? extends ProcView> views, ProcView withThreads) {
        Host threadsHost = withThreads instanceof HostProcFs t ? t.host() : null;
        Map<Host, Future<ProcTable>> pending = new IdentityHashMap<>();
        try (ExecutorService readers = Executors.newVirtualThreadPerTaskExecutor()) {
            for (ProcView view : views) {
                if (view instanceof HostProcFs proc && !pending.containsKey(proc.host())) {
                    pending.put(proc.host(), readers.submit(() -> proc.table(proc.host() == threadsHost)));
                }
            }
            Map<Host, ProcTable> tables = new IdentityHashMap<>();
            for (Map.Entry<Host, Future<ProcTable>> e : pending.entrySet()) tables.put(e.getKey(), e.getValue().get());
            return new HostTables(tables);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HostException("interrupted while reading the hosts' process tables");
        }
    }

    /**
     * Resident memory of {@code pid}'s tree on {@code view}'s host at this instant, in bytes
     * ({@link ProcTable#treeRssBytes}); empty when that host's threads were not read.
     */
    public OptionalLong treeRssBytes(ProcView view, long pid) {
        return view instanceof HostProcFs proc && tables.get(proc.host()) != null
                ? tables.get(proc.host()).treeRssBytes(pid) : OptionalLong.empty();
    }

    /**
     * Context switches of {@code pid}'s tree on {@code view}'s host between two instants
     * ({@link ProcTable#contextSwitchesBetween}); empty when that host's threads were not read at both.
     */
    public static OptionalLong contextSwitches(HostTables before, HostTables after, ProcView view, long pid) {
        if (!(view instanceof HostProcFs proc)) return OptionalLong.empty();
        ProcTable then = before.tables.get(proc.host());
        ProcTable now = after.tables.get(proc.host());
        return then == null || now == null ? OptionalLong.empty() : ProcTable.contextSwitchesBetween(then, now, pid);
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
