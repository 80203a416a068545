package dev.fairbench.hosts;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * A host reached through the system OpenSSH client, so that the user's {@code ~/.ssh/config}, keys, agent and jump
 * hosts work unchanged. {@link #connect} opens one control connection (a {@code ControlMaster} whose socket lies in a
 * private 0700 folder) that every later command shares, so a command costs a channel, not a handshake; ssh runs in
 * batch mode (it never prompts) and with keep-alives, so a lost host is noticed within about 15 s.
 * <p>Every command runs under the {@link Tie} wrapper on the host: when its session ends, whichever way, sshd closes
 * the wrapper's standard input and the command's process group is killed. The control connection itself is a child
 * of this JVM whose own remote command ends with its standard input, so it ends too when this JVM dies.
 * <p>Each running command is one session of the shared connection, and the control connection holds one: the
 * server's {@code MaxSessions} (10 unless configured) bounds how many commands run on one host at the same time.
 * <p>Thread-safe.
 */
public final class SshHost implements Host {
    private static final String READY = "fairbench-ssh-ready";
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration SHORT_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration COPY_TIMEOUT = Duration.ofMinutes(30);

    private final String destination;
    private final Path controlFolder;
    private final List<String> sshOptions;
    private final Process master;
    private final Started started = new Started();
    private volatile Boolean rsync;

    private SshHost(String destination, Path controlFolder, List<String> sshOptions, Process master) {
        this.destination = destination;
        this.controlFolder = controlFolder;
        this.sshOptions = sshOptions;
        this.master = master;
    }

    /**
     * Connects to {@code destination} (as in {@code ssh DESTINATION}) and keeps the connection for later commands.
     *
     * @throws HostException with one line naming the host and what ssh said when it cannot connect or log in
     */
    public static SshHost connect(String destination, SshOptions options) {
        String problem = Placement.destinationProblem(destination);
        if (problem != null) throw new HostException("host '" + destination + "': " + problem);
        Path folder;
        try {
            folder = Files.createTempDirectory("fairbench-ssh-",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } catch (IOException e) {
            throw new HostException("host " + destination + ": cannot make a folder for the SSH control socket: "
                    + e.getMessage(), e);
        }
        List<String> sshOptions = new ArrayList<>(options.arguments());
        sshOptions.addAll(List.of("-o", "BatchMode=yes", "-o", "ConnectTimeout=10",
                "-o", "ServerAliveInterval=5", "-o", "ServerAliveCountMax=3",
                "-o", "ControlPath=" + folder.resolve("control")));
        List<String> argv = new ArrayList<>(List.of("ssh", "-T"));
        argv.addAll(sshOptions);
        argv.addAll(List.of("-o", "ControlMaster=yes", "-o", "ControlPersist=no", "--", destination,
                "echo " + READY + "; exec cat >/dev/null"));
        // ssh's messages go to a file: reading them from a pipe races with the pipe's closing when ssh exits.
        Path log = folder.resolve("ssh.log");
        Process master;
        try {
            master = new ProcessBuilder(argv).redirectError(log.toFile()).start();
        } catch (IOException e) {
            deleteFolder(folder);
            throw new HostException("host " + destination + ": cannot start ssh: " + e.getMessage(), e);
        }
        String refusal = awaitReady(master, log);
        if (refusal != null) {
            master.destroyForcibly();
            deleteFolder(folder);
            throw new HostException("host " + destination + " refuses SSH: " + refusal);
        }
        return new SshHost(destination, folder, List.copyOf(sshOptions), master);
    }

    /** Null once the master has logged in, else the line of ssh's messages ({@code log}) that says why not. */
    private static String awaitReady(Process master, Path log) {
        CompletableFuture<Boolean> ready = CompletableFuture.supplyAsync(() -> {
            try {
                BufferedReader out = new BufferedReader(new InputStreamReader(master.getInputStream(),
                        StandardCharsets.UTF_8));
                for (String line; (line = out.readLine()) != null; ) {
                    if (line.strip().equals(READY)) return true;
                }
                return false;
            } catch (IOException e) {
                return false;
            }
        });
        try {
            if (ready.get(CONNECT_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) return null;
            if (!master.waitFor(5, TimeUnit.SECONDS)) return "ssh closed its output but did not exit";
            String line = Text.lastNonBlankLine(Files.readString(log));
            return line.isEmpty() ? "ssh ended with exit code " + master.exitValue() + " and said nothing" : line;
        } catch (TimeoutException e) {
            return "no login within " + CONNECT_TIMEOUT.toSeconds() + " s";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted while connecting";
        } catch (ExecutionException | IOException e) {
            return e.toString();
        }
    }

    @Override
    public String name() {
        return destination;
    }

    @Override
    public TiedProcess start(List<String> command) {
        List<String> argv = new ArrayList<>(List.of("ssh", "-T"));
        argv.addAll(sshOptions);
        argv.addAll(List.of("-o", "ControlMaster=no", "--", destination, Text.commandLine(Tie.wrap(command))));
        return started.add(new TiedProcess(destination, command, Completion.launch(destination, argv)));
    }

    @Override
    public void copyTo(Path source, String target) {
        Path from = source.toAbsolutePath().normalize();
        Path to = Copies.checkTarget(destination, target);
        if (!Files.exists(from)) throw new HostException(destination + ": cannot copy " + source + ": no such file");
        String what = "copy " + source + " to " + target;
        boolean folder = Files.isDirectory(from);
        if (copiesWithRsync()) {
            Copies.require(destination, what, run(List.of("mkdir", "-p", "--", to.getParent().toString()),
                    SHORT_TIMEOUT));
            List<String> ssh = new ArrayList<>(List.of("ssh", "-o", "ControlMaster=no"));
            ssh.addAll(sshOptions);
            Copies.require(destination, what, local(List.of("rsync", "-a", "--delete",
                    "-e", String.join(" ", ssh.stream().map(Text::quote).toList()),
                    folder ? from + "/" : from.toString(),
                    destination + ":" + to + (folder ? "/" : ""))));
        } else {
            Copies.require(destination, what, run(List.of("sh", "-c",
                    "rm -rf -- \"$1\" && mkdir -p -- \"$(dirname -- \"$1\")\"", "copy", to.toString()),
                    SHORT_TIMEOUT));
            List<String> scp = new ArrayList<>(List.of("scp", "-q", "-r", "-p", "-o", "ControlMaster=no"));
            scp.addAll(sshOptions);
            scp.addAll(List.of("--", from.toString(), destination + ":" + to));
            Copies.require(destination, what, local(scp));
        }
    }

    /** Whether rsync is on this machine's PATH and on the host's; asked once. */
    boolean copiesWithRsync() {
        Boolean known = rsync;
        if (known == null) {
            boolean here = Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                    .anyMatch(dir -> !dir.isEmpty() && Files.isExecutable(Path.of(dir, "rsync")));
            known = here && run(List.of("sh", "-c", "command -v rsync"), SHORT_TIMEOUT).succeeded();
            rsync = known;
        }
        return known;
    }

    /** Makes {@link #copyTo} use scp even when both ends have rsync (for the tests of the scp path). */
    void preferScp() {
        rsync = false;
    }

    private ExecResult local(List<String> argv) {
        return new LocalHost().run(argv, COPY_TIMEOUT);
    }

    @Override
    public String readFile(String path) {
        ExecResult result = run(List.of("cat", "--", path), SHORT_TIMEOUT);
        if (!result.succeeded()) {
            throw new HostException(destination + ": cannot read " + path + ": " + result.lastErrorLine());
        }
        return result.stdout();
    }

    @Override
    public ClockOffset clockOffset(int roundTrips) {
        if (roundTrips < 1) throw new IllegalArgumentException("roundTrips must be at least 1, not " + roundTrips);
        try (TiedProcess clock = start(List.of("sh", "-c", "while read -r _; do date +%s%N; done"))) {
            BufferedReader answers = new BufferedReader(new InputStreamReader(clock.stdout(), StandardCharsets.UTF_8));
            OutputStream asks = clock.stdin();
            ClockOffset best = null;
            for (int i = 0; i < roundTrips; i++) {
                Instant sentAt = Instant.now();
                long sent = System.nanoTime();
                asks.write('\n');
                asks.flush();
                String answer = answers.readLine();
                long roundTrip = System.nanoTime() - sent;
                if (answer == null || !answer.strip().matches("\\d+")) {
                    throw new HostException(destination + ": cannot read its clock: 'date +%s%N' answered "
                            + (answer == null ? "nothing" : "'" + answer.strip() + "'"));
                }
                long localMidpoint = sentAt.getEpochSecond() * 1_000_000_000L + sentAt.getNano() + roundTrip / 2;
                long offset = Long.parseLong(answer.strip()) - localMidpoint;
                if (best == null || roundTrip < best.roundTripNanos()) {
                    best = new ClockOffset(offset, roundTrip, roundTrips);
                }
            }
            return best;
        } catch (IOException e) {
            throw new HostException(destination + ": cannot read its clock: " + e.getMessage(), e);
        }
    }

    /**
     * Stops the processes started here that still run (their sessions end, so their groups are killed on the
     * host), then the control connection, and removes the control socket's folder. Idempotent.
     */
    @Override
    public void close() {
        started.closeAll();
        List<String> exit = new ArrayList<>(List.of("ssh"));
        exit.addAll(sshOptions);
        exit.addAll(List.of("-O", "exit", "--", destination));
        try {
            if (master.isAlive()) {
                try {
                    master.getOutputStream().close();
                } catch (IOException e) {
                    // The master is ending on its own.
                }
                if (!master.waitFor(5, TimeUnit.SECONDS)) {
                    new ProcessBuilder(exit).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                            .start().waitFor(5, TimeUnit.SECONDS);
                    if (!master.waitFor(5, TimeUnit.SECONDS)) master.destroyForcibly();
                }
            }
        } catch (IOException e) {
            master.destroyForcibly();
        } catch (InterruptedException e) {
            master.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        deleteFolder(controlFolder);
    }

    private static void deleteFolder(Path folder) {
        try (Stream<Path> paths = Files.walk(folder)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove the SSH control folder " + folder, e);
        }
    }

    @Override
    public String toString() {
        return destination;
    }
}
