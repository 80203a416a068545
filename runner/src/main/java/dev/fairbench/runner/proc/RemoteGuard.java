package dev.fairbench.runner.proc;

import dev.fairbench.hosts.Host;
import dev.fairbench.results.Interference;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The interference guard's part on the other hosts of a session that run the app or the services (not the load
 * hosts: whatever keeps their CPUs busy already makes a run {@code loadgen-bound}). It reads nothing of its own:
 * from the process tables that the window's start and end take of each such host anyway for the parties' tree CPU
 * ({@link HostTables}, one command per host at each end), it counts as <em>foreign</em> the CPU of every process
 * there that is neither a kernel thread ({@code PF_KTHREAD}) nor fairbench's own, and adds it to this machine's
 * {@link Interference} ({@link #merge}), so that the same threshold ({@code --max-foreign}) judges the window and the
 * same retries follow.
 *
 * <p>Fairbench's own processes on a host are the trees of the roles' pids there (the app; PostgreSQL and Redis) and
 * the tree of the session's {@code sshd} ({@link ProcTable#sessionRoot}): every command fairbench's control
 * connection started there (the services' serve command, the tie wrappers, the readers themselves, a load part
 * placed on the same host). Another user's SSH session is under its own {@code sshd}: foreign.
 *
 * <p>Two samples only, where this machine's guard takes one a second: a process present at both ends counts what it
 * used between them, with the children it reaped meanwhile ({@code cutime + cstime}); one that started inside the
 * window (its start time after the host's uptime at the first reading) counts from zero; one that ended inside the
 * window is missed, unless a foreign parent that lives on reaped it; one absent from the first reading though it
 * started before it (a race of the reader's glob) is left out, its start unknown. Hosts whose processes this
 * machine's guard already sees ({@link HostProcFs#seenHere()}: a network namespace of {@code examples/hosts-netns.sh},
 * this machine over SSH) are not watched here, so that nothing counts twice. Immutable; thread-safe.
 */
public final class RemoteGuard {
    /**
     * A role's processes on its host.
     *
     * @param proc the {@code /proc} of the role's host ({@link ProcView#LOCAL} for this machine: not watched here)
     * @param pids the roots of the role's process trees there
     */
    public record Role(ProcView proc, Collection<Long> pids) {
        public Role {
            pids = List.copyOf(pids);
        }
    }

    /**
     * What one host's two readings saw.
     *
     * @param host              the host's name, as its {@link Host} gives it
     * @param windowSeconds     the host's uptime from the first reading to the second
     * @param foreignCpuSeconds CPU of its foreign processes over that window
     * @param processes         every foreign process that used CPU, most first, named {@code host:command}
     *                          ({@code command} the process's {@code comm}: a reading of every command line would
     *                          cost a process per process on the host)
     */
    public record HostForeign(String host, double windowSeconds, double foreignCpuSeconds,
                              List<Interference.ForeignProcess> processes) {
        public HostForeign {
            processes = List.copyOf(processes);
        }

        /** Foreign CPU in cores over the host's window; 0 when the window is not known. */
        public double foreignCores() {
            return windowSeconds <= 0 ? 0 : foreignCpuSeconds / windowSeconds;
        }
    }

    private record Watched(HostProcFs proc, Set<Long> pids) {}

    private final List<Watched> hosts;

    private RemoteGuard(List<Watched> hosts) {
        this.hosts = List.copyOf(hosts);
    }

    /**
     * A guard of the hosts of {@code roles} that are not this machine and whose processes this machine's guard does
     * not see ({@link HostProcFs#seenHere()}, asked once per view: one command the first time), the roles on one
     * host watched together.
     */
    public static RemoteGuard of(List<Role> roles) {
        Map<Host, Watched> byHost = new IdentityHashMap<>();
        List<Watched> order = new ArrayList<>();
        for (Role role : roles) {
            if (!(role.proc() instanceof HostProcFs proc) || proc.seenHere()) continue;
            Watched w = byHost.get(proc.host());
            if (w == null) {
                w = new Watched(proc, new HashSet<>());
                byHost.put(proc.host(), w);
                order.add(w);
            }
            w.pids().addAll(role.pids());
        }
        return new RemoteGuard(order);
    }

    /** Whether no host is watched (every role here, or seen by this machine's guard). */
    public boolean isEmpty() {
        return hosts.isEmpty();
    }

    /**
     * {@code local} with the foreign CPU of every watched host between {@code start} and {@code end} added
     * ({@link #merge(Interference, List)}); a host missing from either is left out.
     */
    public Interference merge(Interference local, HostTables start, HostTables end) {
        List<HostForeign> seen = new ArrayList<>();
        for (Watched w : hosts) {
            Optional<ProcTable> a = start.of(w.proc());
            Optional<ProcTable> b = end.of(w.proc());
            if (a.isPresent() && b.isPresent()) {
                seen.add(foreign(w.proc().host().name(), a.get(), b.get(), w.pids(), w.proc().overSsh()));
            }
        }
        return merge(local, seen);
    }

    /**
     * The foreign processes of one host between two readings of its process table.
     *
     * @param ownPids the roots of the roles' trees on the host; the session's own tree is added
     *                ({@link ProcTable#sessionRoot}, of each reading)
     * @param overSsh whether the host's commands run over SSH (see {@link ProcTable#sessionRoot})
     */
    public static HostForeign foreign(String host, ProcTable start, ProcTable end, Collection<Long> ownPids,
                                      boolean overSsh) {
        Set<String> own = new HashSet<>();
        for (ProcTable t : List.of(start, end)) {
            Set<Long> roots = new HashSet<>(ownPids);
            t.sessionRoot(overSsh).ifPresent(roots::add);
            for (long pid : t.tree(roots)) own.add(key(t.processes().get(pid)));
        }
        Map<String, ProcTable.Entry> before = new LinkedHashMap<>();
        for (ProcTable.Entry e : start.processes().values()) before.put(key(e), e);
        double tick = 1.0 / end.ticksPerSecond();
        long foreignTicks = 0;
        List<Interference.ForeignProcess> processes = new ArrayList<>();
        for (ProcTable.Entry e : end.processes().values()) {
            if (e.isKernelThread() || own.contains(key(e))) continue;
            ProcTable.Entry was = before.get(key(e));
            long used;
            if (was != null) used = Math.max(0, e.ticksWithReaped() - was.ticksWithReaped());
            // Started in the first reading's tick or later, and not in it: born inside (uptime and start times are
            // both whole ticks, so a process started just after the reading often shares its tick).
            else if (start.uptimeTicks() >= 0 && e.startTicks() >= start.uptimeTicks()) used = e.ticksWithReaped();
            else continue; // missed by the first reading, though older: what it used since is unknown
            if (used <= 0) continue;
            foreignTicks += used;
            processes.add(new Interference.ForeignProcess(e.pid(), host + ":" + e.name(), used * tick));
        }
        processes.sort(Comparator.comparingDouble(Interference.ForeignProcess::cpuSeconds).reversed());
        double window = start.uptimeTicks() < 0 || end.uptimeTicks() < 0 ? 0
                : Math.max(0, end.uptimeTicks() - start.uptimeTicks()) * tick;
        return new HostForeign(host, window, foreignTicks * tick, processes);
    }

    /**
     * {@code local} (this machine's window) with each host's foreign CPU added as cores over the host's own window
     * times {@code local}'s window (its seconds as such when the host's window is unknown), the top processes of
     * all hosts together ({@link InterferenceGuard#TOP} at most, most first) and the window disturbed when the total
     * foreign CPU exceeds {@code local}'s threshold. Unattributed, kernel-thread and steal CPU (and its judgement) stay
     * this machine's.
     */
    public static Interference merge(Interference local, List<HostForeign> hosts) {
        if (hosts.isEmpty()) return local;
        double window = local.windowSeconds();
        double foreign = local.foreignCpuSeconds();
        List<Interference.ForeignProcess> top = new ArrayList<>(local.top());
        for (HostForeign h : hosts) {
            foreign += h.windowSeconds() > 0 && window > 0 ? h.foreignCores() * window : h.foreignCpuSeconds();
            top.addAll(h.processes());
        }
        top.sort(Comparator.comparingDouble(Interference.ForeignProcess::cpuSeconds).reversed());
        boolean disturbed = local.disturbed() || window > 0 && foreign / window > local.maxForeignCores();
        return new Interference(window, foreign, local.unattributedCpuSeconds(), local.kernelThreadCpuSeconds(),
                local.stealCpuSeconds(), local.maxForeignCores(), disturbed,
                top.subList(0, Math.min(InterferenceGuard.TOP, top.size())), local.maxStealCores(), local.stolen());
    }

    /** A process's identity across readings: its pid and start time (a pid may be reused in the window). */
    private static String key(ProcTable.Entry e) {
        return e.pid() + ":" + e.startTicks();
    }
}
