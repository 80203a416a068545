package dev.fairbench.profile;

import dev.fairbench.runner.proc.ProcFs;

/**
 * CPU time of a process tree split into user and kernel ({@code system}) mode, in microseconds, from
 * {@code /proc/<pid>/stat} of the tree {@link ProcFs#tree} lists. The runner's {@link ProcFs#treeCpuMicros} gives
 * only their sum; the profile needs the split because the kernel part of an app is its system calls and network
 * stack. Like {@code ProcFs}, children that exited and were reaped count through {@code cutime}/{@code cstime};
 * resolution is one clock tick (10 ms at USER_HZ 100), so windows should last seconds.
 *
 * @param userMicros   user-mode CPU time
 * @param systemMicros kernel-mode CPU time
 */
public record CpuTimes(long userMicros, long systemMicros) {

    /** Times of {@code pid} and its live descendants; zero for processes that are gone. */
    public static CpuTimes ofTree(long pid) {
        long user = 0;
        long system = 0;
        for (long p : ProcFs.tree(pid)) {
            String[] f = ProcFs.statFields(p);
            if (f == null) continue;
            // After the command name, index 0 is the state: utime, stime, cutime, cstime are indexes 11 to 14.
            user += Long.parseLong(f[11]) + Long.parseLong(f[13]);
            system += Long.parseLong(f[12]) + Long.parseLong(f[14]);
        }
        long ticks = ProcFs.clockTicksPerSecond();
        return new CpuTimes(user * 1_000_000 / ticks, system * 1_000_000 / ticks);
    }

    public long totalMicros() {
        return userMicros + systemMicros;
    }

    public CpuTimes minus(CpuTimes earlier) {
        return new CpuTimes(userMicros - earlier.userMicros, systemMicros - earlier.systemMicros);
    }
}
