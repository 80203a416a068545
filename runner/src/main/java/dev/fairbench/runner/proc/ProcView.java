package dev.fairbench.runner.proc;

/**
 * The {@code /proc} of the host where some of the benchmark's processes run, as a measured window reads it at its
 * start and end: this machine's ({@link #LOCAL}, {@link ProcFs}) or another host's ({@link HostProcFs}). Pids are
 * those of that host. Implementations are thread-safe.
 */
public interface ProcView {
    /** This machine, read directly. */
    ProcView LOCAL = new ProcView() {
        @Override
        public long treeCpuMicros(long pid) {
            return ProcFs.treeCpuMicros(pid);
        }

        @Override
        public boolean isLocal() {
            return true;
        }
    };

    /**
     * CPU time, user plus system, of {@code pid} and its live descendants with their reaped children, in
     * microseconds, as {@link ProcFs#treeCpuMicros} defines it; 0 when the process is gone.
     *
     * @throws dev.fairbench.hosts.HostException when a remote host cannot be read
     */
    long treeCpuMicros(long pid);

    /**
     * Whether this is this machine's own {@code /proc}, where the per-thread readers (context switches, memory
     * samples, JIT threads, jstat) work too.
     */
    boolean isLocal();
}
