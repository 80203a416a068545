package dev.fairbench.runner;

import dev.fairbench.results.Pinning;
import dev.fairbench.runner.placed.SessionHosts;
import dev.fairbench.runner.proc.CpuPlacement;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The CPUs of what a trial runs besides the app (which each start pins itself): this JVM, the load generator, on
 * its CPUs and PostgreSQL and Redis on theirs, for the trial; every CPU given back after, since services started by
 * {@code services start} outlive the command. What was done is recorded as the results' pinning and the
 * environment's {@code pinning}. With roles on other hosts, what runs there was started pinned ({@code taskset -c}),
 * and this JVM is pinned only when it is the load generator. {@link #unplace} may run on the shutdown hook's thread.
 */
final class CpuPinning {
    private final TrialOptions o;
    private final SessionHosts hosts;
    private final ResultsRecorder recorder;
    private final ProgressPrinter progress;

    /** {@code hosts}: the placement's hosts, or null when every role is on this machine. */
    CpuPinning(TrialOptions o, SessionHosts hosts, ResultsRecorder recorder, ProgressPrinter progress) {
        this.o = o;
        this.hosts = hosts;
        this.recorder = recorder;
        this.progress = progress;
    }

    /** Pins this JVM and the services of {@code s} to their CPUs; a failure is a warning and a recorded note. */
    void place(Session s) {
        if (hosts != null) {
            placeAcrossHosts(s, hosts);
            return;
        }
        CpuPlacement p = o.placement();
        List<String> notes = new ArrayList<>();
        boolean ok = true;
        try {
            CpuPlacement.pin(ProcessHandle.current().pid(), p.loadgenCpus());
            var pg = s.services().postgresPid();
            if (pg.isPresent()) notes.add("postgresql: " + CpuPlacement.pinTree(pg.getAsLong(), p.servicesCpus()) + " processes");
            else {
                notes.add("postgresql external: not pinned");
                ok = false;
            }
            var redis = s.services().redisPid();
            if (redis.isPresent()) {
                CpuPlacement.pin(redis.getAsLong(), p.servicesCpus());
                notes.add("redis: 1 process");
            } else {
                notes.add("redis external: not pinned");
                ok = false;
            }
        } catch (IllegalStateException e) {
            ok = false;
            notes.add("pinning failed: " + e.getMessage());
            progress.line("warning: " + e.getMessage());
        }
        record(notes, ok, p);
    }

    private void placeAcrossHosts(Session s, SessionHosts h) {
        CpuPlacement p = o.placement();
        List<String> notes = new ArrayList<>();
        boolean ok = true;
        try {
            if (h.loadIsLocal()) {
                CpuPlacement.pin(ProcessHandle.current().pid(), p.loadgenCpus());
                notes.add("load generator: this JVM on CPUs " + p.loadgenCpus());
            } else {
                notes.add("load: fairbench load parts on " + String.join(", ", h.load().stream()
                        .map(l -> l.role().host() + " CPUs " + l.cpus()).toList()) + " (taskset -c)");
            }
            if (h.services().isLocal()) {
                var pg = s.services().postgresPid();
                var redis = s.services().redisPid();
                if (pg.isPresent()) CpuPlacement.pinTree(pg.getAsLong(), p.servicesCpus());
                if (redis.isPresent()) CpuPlacement.pin(redis.getAsLong(), p.servicesCpus());
                ok = pg.isPresent() && redis.isPresent();
                notes.add("services: this machine, CPUs " + p.servicesCpus() + (ok ? "" : " (external: not pinned)"));
            } else {
                notes.add("services: " + h.services().role().host() + " CPUs " + p.servicesCpus() + " (taskset -c)");
            }
            notes.add("app: " + h.app().role().host() + " CPUs " + p.appCpus() + " (taskset -c)");
        } catch (IllegalStateException e) {
            ok = false;
            notes.add("pinning failed: " + e.getMessage());
            progress.line("warning: " + e.getMessage());
        }
        record(notes, ok, p);
    }

    private void record(List<String> notes, boolean ok, CpuPlacement p) {
        recorder.environment(Map.of("pinning", String.join("; ", notes)));
        recorder.pinning(new Pinning(ok, p.appCpus(), p.servicesCpus(), p.servicesCpus(), p.loadgenCpus()));
    }

    /** Gives every CPU back to this JVM and the local services of {@code s}; a failure is a warning. */
    void unplace(Session s) {
        String all = "0-" + (o.cores() - 1);
        try {
            if (hosts == null || hosts.services().isLocal()) {
                s.services().postgresPid().ifPresent(pid -> CpuPlacement.pinTree(pid, all));
                s.services().redisPid().ifPresent(pid -> CpuPlacement.pin(pid, all));
            }
            CpuPlacement.pin(ProcessHandle.current().pid(), all);
        } catch (IllegalStateException e) {
            progress.line("warning: could not unpin the services: " + e.getMessage());
        }
    }
}
