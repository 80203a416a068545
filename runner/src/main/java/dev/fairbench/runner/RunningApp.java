package dev.fairbench.runner;

import dev.fairbench.runner.proc.AppProcess;
import dev.fairbench.runner.registry.AppEntry;

/**
 * An app under test as a {@link Pass} sees it: started by the {@link TrialLoop}, pinned to its CPUs, past the
 * conformance gate. The loop stops it after the pass; a pass never stops it itself.
 *
 * @param entry   its registry entry
 * @param process its process tree: pid, port, liveness, log
 * @param round   the pass's round this start belongs to, from 1
 */
public record RunningApp(AppEntry entry, AppProcess process, int round) {
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
