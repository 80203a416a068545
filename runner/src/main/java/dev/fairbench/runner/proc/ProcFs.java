package dev.fairbench.runner.proc;

import dev.fairbench.results.IoCalls;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Reads Linux {@code /proc}: CPU times, resident memory, context switches and I/O system calls of processes and
 * process trees.
 * Stateless and thread-safe. Methods return zero or empty results for processes that are gone, because a process
 * may exit between listing and reading.
 */
public final class ProcFs {
    private static final long CLOCK_TICKS_PER_SECOND = readClockTicks();

    private ProcFs() {}

    /** {@code USER_HZ}: the unit of the CPU times in {@code /proc/<pid>/stat} (almost always 100). */
    public static long clockTicksPerSecond() {
        return CLOCK_TICKS_PER_SECOND;
    }

    /**
     * CPU time, user plus system, of {@code pid} and all its descendants, in microseconds: for every live process
     * of the tree its own time plus the time of its children that exited and were reaped ({@code cutime},
     * {@code cstime}), so that processes that exit during a measurement still count once their parent reaps them.
     * Resolution is one clock tick (10 ms at USER_HZ 100).
     */
    public static long treeCpuMicros(long pid) {
        long ticks = 0;
        for (long p : tree(pid)) ticks += cpuTicks(p, true);
        return ticks * 1_000_000 / CLOCK_TICKS_PER_SECOND;
    }

    /** CPU time, user plus system, of the threads of {@code pid} alone (no children), in microseconds. */
    public static long processCpuMicros(long pid) {
        return cpuTicks(pid, false) * 1_000_000 / CLOCK_TICKS_PER_SECOND;
    }

    /** utime + stime (+ cutime + cstime when {@code withReapedChildren}) of one process, in clock ticks. */
    static long cpuTicks(long pid, boolean withReapedChildren) {
        String[] f = statFields(pid);
        if (f == null) return 0;
        // Fields after the command name, 0-based from the state: utime is field 14 of stat, i.e. index 11 here.
        long t = Long.parseLong(f[11]) + Long.parseLong(f[12]);
        if (withReapedChildren) t += Long.parseLong(f[13]) + Long.parseLong(f[14]);
        return t;
    }

    /**
     * CPU time, user plus system, of the JIT compiler threads of {@code pid} and its descendants, in microseconds:
     * the threads HotSpot names {@code C1 CompilerThreadN}, {@code C2 CompilerThreadN} or {@code JVMCI…
     * CompilerThreadN} (the kernel keeps the first 15 characters of a thread's name). 0 for a process without
     * such threads (any runtime that is not a HotSpot JVM) and for threads that exited, so callers take
     * differences over a window in which the compiler threads live (HotSpot keeps its first compiler threads for
     * the life of the VM). Resolution is one clock tick.
     */
    public static long jitCpuMicros(long pid) {
        long ticks = 0;
        for (long p : tree(pid)) {
            Path tasks = Path.of("/proc", Long.toString(p), "task");
            try (DirectoryStream<Path> dir = Files.newDirectoryStream(tasks)) {
                for (Path task : dir) {
                    if (!isJitCompilerThread(readComm(task))) continue;
                    String[] f = fieldsAfterComm(readFile(task.resolve("stat")));
                    if (f != null) ticks += Long.parseLong(f[11]) + Long.parseLong(f[12]);
                }
            } catch (IOException | RuntimeException gone) {
                // the process exited while we listed it
            }
        }
        return ticks * 1_000_000 / CLOCK_TICKS_PER_SECOND;
    }

    /** Whether a thread name (as {@code /proc/.../comm} gives it, at most 15 characters) is a JIT compiler's. */
    static boolean isJitCompilerThread(String comm) {
        return comm != null && (comm.startsWith("C1 CompilerThre") || comm.startsWith("C2 CompilerThre")
                || (comm.startsWith("JVMCI") && comm.contains("Co")));
    }

    private static String readComm(Path task) {
        String comm = readFile(task.resolve("comm"));
        return comm == null ? null : comm.strip();
    }

    private static String readFile(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** {@code pid} followed by all its live descendants (empty when {@code pid} is gone). */
    public static List<Long> tree(long pid) {
        List<Long> out = new ArrayList<>();
        ProcessHandle.of(pid).ifPresent(h -> {
            out.add(pid);
            h.descendants().forEach(d -> out.add(d.pid()));
        });
        return out;
    }

    /**
     * Read- and write-family system calls of {@code pid} and its live descendants ({@code syscr}, {@code syscw} of
     * each {@code /proc/<pid>/io}, which already holds a process's exited threads and reaped children; see
     * {@link IoCalls} for what the kernel counts), or empty when {@code pid} is gone or its file cannot be read
     * (another user's process). A descendant that exits between the listing and its reading is left out.
     */
    public static Optional<IoCalls> treeIoCalls(long pid) {
        List<Long> tree = tree(pid);
        if (tree.isEmpty()) return Optional.empty();
        long reads = 0;
        long writes = 0;
        for (long p : tree) {
            String io = readFile(Path.of("/proc", Long.toString(p), "io"));
            if (io == null) {
                if (p == pid) return Optional.empty();
                continue;
            }
            reads += sumAfterKeys(io, "syscr:");
            writes += sumAfterKeys(io, "syscw:");
        }
        return Optional.of(new IoCalls(reads, writes));
    }

    /** Resident set size of {@code pid} and its descendants, in bytes ({@code VmRSS} of each, summed). */
    public static long treeRssBytes(long pid) {
        long kib = 0;
        for (long p : tree(pid)) kib += statusValue(Path.of("/proc", Long.toString(p), "status"), "VmRSS:");
        return kib * 1024;
    }

    /**
     * Context switches (voluntary plus nonvoluntary) of every thread of {@code pid} and its descendants, by thread
     * id. {@code /proc/<pid>/status} alone counts only the main thread, and threads that have exited are not
     * listed anywhere, so callers sample this repeatedly and keep the last value of each thread.
     */
    public static Map<Long, Long> treeThreadContextSwitches(long pid) {
        Map<Long, Long> out = new HashMap<>();
        for (long p : tree(pid)) {
            Path tasks = Path.of("/proc", Long.toString(p), "task");
            try (DirectoryStream<Path> dir = Files.newDirectoryStream(tasks)) {
                for (Path task : dir) {
                    Path status = task.resolve("status");
                    long n = statusValue(status, "voluntary_ctxt_switches:", "nonvoluntary_ctxt_switches:");
                    try {
                        out.put(Long.parseLong(task.getFileName().toString()), n);
                    } catch (NumberFormatException ignored) {
                        // not a thread directory
                    }
                }
            } catch (IOException gone) {
                // the process exited while we listed it
            }
        }
        return out;
    }

    /** True when the process exists and is not a zombie. */
    public static boolean isAlive(long pid) {
        String[] f = statFields(pid);
        return f != null && !f[0].equals("Z") && !f[0].equals("X");
    }

    /** The stat fields after the command name (index 0 is the state), or {@code null} when the process is gone. */
    public static String[] statFields(long pid) {
        return fieldsAfterComm(readFile(Path.of("/proc", Long.toString(pid), "stat")));
    }

    /** The fields of a {@code stat} line after the command name, or {@code null} for a null or malformed line. */
    private static String[] fieldsAfterComm(String stat) {
        if (stat == null) return null;
        int close = stat.lastIndexOf(')');
        // The command name in parentheses may contain spaces and ')': the fields start after the last ')'.
        return close < 0 || close + 2 > stat.length() ? null : stat.substring(close + 2).split(" ");
    }

    /** The sum of the numbers after {@code keys} in a status file (kB for memory), 0 when absent or unreadable. */
    private static long statusValue(Path status, String... keys) {
        String text = readFile(status);
        try {
            return text == null ? 0 : sumAfterKeys(text, keys);
        } catch (RuntimeException e) {
            return 0;
        }
    }

    /**
     * The sum of the numbers that follow {@code keys} at the start of lines of a {@code /proc} key-value file
     * ({@code status}, {@code io}), each up to its first space (a unit such as {@code kB} is dropped); 0 when no line
     * has a key.
     *
     * @throws NumberFormatException when a key is followed by something that is not a number
     */
    static long sumAfterKeys(String text, String... keys) {
        long sum = 0;
        for (String line : text.split("\n")) {
            for (String key : keys) {
                if (line.startsWith(key)) {
                    String v = line.substring(key.length()).trim();
                    int space = v.indexOf(' ');
                    sum += Long.parseLong(space < 0 ? v : v.substring(0, space));
                }
            }
        }
        return sum;
    }

    private static long readClockTicks() {
        try {
            Process p = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes()).strip();
            if (p.waitFor(5, TimeUnit.SECONDS) && p.exitValue() == 0) return Long.parseLong(out);
        } catch (IOException | RuntimeException e) {
            // fall through to the Linux default
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 100;
    }
}
