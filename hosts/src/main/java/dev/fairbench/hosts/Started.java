package dev.fairbench.hosts;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** The processes a host started that may still run, so that closing the host stops them. Thread-safe. */
final class Started {
    private final Set<TiedProcess> processes = ConcurrentHashMap.newKeySet();

    TiedProcess add(TiedProcess process) {
        processes.removeIf(p -> !p.isAlive());
        processes.add(process);
        return process;
    }

    void closeAll() {
        for (TiedProcess process : processes) {
            process.close();
            processes.remove(process);
        }
    }
}
