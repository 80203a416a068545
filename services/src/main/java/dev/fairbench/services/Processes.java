package dev.fairbench.services;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Process helpers on Linux: liveness from {@code /proc}, signals, waiting, and running a command to completion. */
public final class Processes {
    private Processes() {}

    /**
     * True when {@code pid} names a process that still runs. A zombie (state Z or X in {@code /proc/<pid>/stat})
     * counts as gone: its parent may be a container's init that never reaps it.
     */
    public static boolean isAlive(long pid) {
        if (pid <= 0) return false;
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            // The command name in parentheses may itself contain spaces or ')': the state follows the last ')'.
            int close = stat.lastIndexOf(')');
            char state = stat.charAt(close + 2);
            return state != 'Z' && state != 'X';
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** The resolved {@code /proc/<pid>/exe} of a live process, or {@code null} when it cannot be read. */
    public static Path executable(long pid) {
        try {
            return Files.readSymbolicLink(Path.of("/proc", Long.toString(pid), "exe"));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Sends SIGTERM to {@code pid} (any process this user may signal, not only children). */
    public static void terminate(long pid) {
        ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy);
    }

    /** Sends SIGKILL to {@code pid}. */
    public static void kill(long pid) {
        ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
    }

    /** Polls until {@code pid} is gone; returns false when it still runs after {@code timeout}. */
    public static boolean awaitExit(long pid, Duration timeout) {
        long deadlineNanos = System.nanoTime() + timeout.toNanos();
        while (isAlive(pid)) {
            if (System.nanoTime() - deadlineNanos > 0) return false;
            sleepMillis(20);
        }
        return true;
    }

    /** Reads the first line of a pid file ({@code postmaster.pid} and Redis's pid file both start with it). */
    public static OptionalLong readPidFile(Path pidFile) {
        try {
            List<String> lines = Files.readAllLines(pidFile);
            if (lines.isEmpty()) return OptionalLong.empty();
            return OptionalLong.of(Long.parseLong(lines.get(0).strip()));
        } catch (IOException | NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    /**
     * Runs {@code command} to completion with stdin from /dev/null and stdout and stderr appended to {@code log}
     * (never to a pipe: a daemon that inherits a pipe would keep us waiting for its end), in the folder of
     * {@code log}.
     *
     * @return the exit code
     * @throws ServiceException when the command cannot start or does not finish within {@code timeout}
     */
    public static int run(List<String> command, Path log, Duration timeout) {
        return run(command, null, log, timeout);
    }

    /**
     * {@link #run(List, Path, Duration)} with {@code stdin} written to the command's standard input and then closed
     * ({@code null}: /dev/null). For secrets a server reads at start (a config with a password), which must not
     * appear in its argv, visible to every local user in {@code /proc/<pid>/cmdline}.
     */
    static int run(List<String> command, String stdin, Path log, Duration timeout) {
        try {
            Process p = builder(command, stdin, log).start();
            feed(p, stdin);
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                throw new ServiceException(String.join(" ", command) + " did not finish within " + timeout.toSeconds()
                        + " s (log: " + log + ")");
            }
            return p.exitValue();
        } catch (IOException e) {
            throw new ServiceException("cannot run " + command.get(0) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ServiceException("interrupted while running " + command.get(0), e);
        }
    }

    /**
     * Starts {@code command} tied to this JVM ({@link Tether}), after {@code userSwitch} (a prefix that changes
     * user, or an empty list), in the folder of {@code log}, with its output appended to {@code log} and
     * {@code stdin} written to its standard input and closed ({@code null}: /dev/null); returns at once.
     */
    static Process startTethered(List<String> userSwitch, List<String> command, String stdin, Path log) {
        try {
            Process p = Tether.start(userSwitch, builder(command, stdin, log));
            feed(p, stdin);
            return p;
        } catch (IOException e) {
            throw new ServiceException("cannot start " + command.get(0) + ": " + e.getMessage(), e);
        }
    }

    /** {@code command} in the folder of {@code log}, output appended to it, stdin a pipe or /dev/null. */
    private static ProcessBuilder builder(List<String> command, String stdin, Path log) throws IOException {
        Files.createDirectories(log.toAbsolutePath().getParent());
        return new ProcessBuilder(command)
                .directory(log.toAbsolutePath().getParent().toFile())
                .redirectInput(stdin == null ? ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile())
                        : ProcessBuilder.Redirect.PIPE)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectErrorStream(true);
    }

    /** Writes {@code stdin} (when not null) to the process's standard input and closes it. */
    private static void feed(Process p, String stdin) {
        if (stdin == null) return;
        try (var in = p.getOutputStream()) {
            in.write(stdin.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        } catch (IOException closedEarly) {
            // the command exited without reading all of it; its exit code and log say why
        }
    }

    /** The last {@code n} lines of a log file, joined by " | ", for one-line error messages. */
    public static String tail(Path log, int n) {
        try {
            List<String> lines = Files.readAllLines(log).stream().filter(l -> !l.isBlank()).toList();
            return String.join(" | ", lines.subList(Math.max(0, lines.size() - n), lines.size()));
        } catch (IOException e) {
            return "";
        }
    }

    /**
     * Throws a {@link ServiceException} naming {@code service} when another program listens on {@code address}
     * (an IP literal) and {@code port}, or the address is not one of this host's (a server of ours on that port is
     * detected by pid file before this is called).
     */
    static void requireFreePort(String service, String address, int port) {
        try (ServerSocket probe = new ServerSocket()) {
            probe.setReuseAddress(true);
            probe.bind(new InetSocketAddress(IpLiterals.address(address), port));
        } catch (IOException e) {
            throw new ServiceException("cannot start " + service + ": " + IpLiterals.urlHost(address) + ":" + port
                    + " is already in use by another program, or not an address of this host (" + e.getMessage()
                    + "); stop it or use another port or address");
        }
    }

    /** The ports in the names {@code <prefix><port><suffix>} of the entries of {@code dir}; empty if no dir. */
    static SortedSet<Integer> portsOf(Path dir, String prefix, String suffix) {
        SortedSet<Integer> ports = new TreeSet<>();
        if (!Files.isDirectory(dir)) return ports;
        Pattern name = Pattern.compile(
                Pattern.quote(prefix) + "(\\d{1,5})" + Pattern.quote(suffix));
        try (var entries = Files.list(dir)) {
            for (Path entry : entries.toList()) {
                Matcher m = name.matcher(entry.getFileName().toString());
                if (m.matches()) ports.add(Integer.parseInt(m.group(1)));
            }
        } catch (IOException e) {
            throw new ServiceException("cannot list " + dir + ": " + e.getMessage(), e);
        }
        return ports;
    }

    static void sleepMillis(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ServiceException("interrupted", e);
        }
    }
}
