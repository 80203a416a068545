package dev.fairbench.runner;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Where numbers came from, as results.json records it (issue 10 §5): whether the checkout differs from its commit
 * and by what (a digest of the diff), the CPU frequency governor, SMT, and the JVM that measured. Each fact is read
 * from git, /sys or the JVM; a fact that cannot be read is {@code unknown} or null, never an error.
 * Stateless; thread-safe.
 */
final class Provenance {
    static final Path SYS_CPU = Path.of("/sys/devices/system/cpu");
    private static final long GIT_TIMEOUT_SECONDS = 30;

    private Provenance() {}

    /**
     * Whether the checkout at {@code repoRoot} differs from its commit: changed tracked files, or untracked files
     * that git does not ignore (a new source file changes the build as much as an edited one). False when git
     * cannot tell.
     */
    static boolean dirty(Path repoRoot) {
        return dirty(repoRoot, null);
    }

    /**
     * {@link #dirty(Path)}, not counting what lies under {@code resultsRoot} (the measurement's own results
     * directory, when it is inside the checkout: the results a run writes do not change what it measures).
     */
    static boolean dirty(Path repoRoot, Path resultsRoot) {
        Optional<byte[]> status = git(repoRoot, withPathspec(repoRoot, resultsRoot, "status", "--porcelain",
                "--untracked-files=normal"));
        return status.isPresent() && status.get().length > 0;
    }

    /**
     * What the checkout differs from its commit by: lower-case hex SHA-256 of the bytes of
     * {@code git diff HEAD --binary --no-color --no-ext-diff} followed by those of
     * {@code git ls-files --others --exclude-standard -z} (the untracked files' names, NUL-terminated), so that
     * {@code (git diff HEAD --binary --no-color --no-ext-diff; git ls-files --others --exclude-standard -z) |
     * sha256sum} gives the same value. Null when git cannot say.
     */
    static String diffSha256(Path repoRoot) {
        return diffSha256(repoRoot, null);
    }

    /**
     * {@link #diffSha256(Path)} without what lies under {@code resultsRoot}: both git commands then end with
     * {@code -- . ':(exclude)REL'}, REL being {@code resultsRoot} relative to the checkout.
     */
    static String diffSha256(Path repoRoot, Path resultsRoot) {
        Optional<byte[]> diff = git(repoRoot, withPathspec(repoRoot, resultsRoot, "diff", "HEAD", "--binary",
                "--no-color", "--no-ext-diff"));
        Optional<byte[]> untracked = git(repoRoot, withPathspec(repoRoot, resultsRoot, "ls-files", "--others",
                "--exclude-standard", "-z"));
        if (diff.isEmpty() || untracked.isEmpty()) return null;
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(diff.get());
            sha.update(untracked.get());
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }

    /** {@code args}, then a pathspec leaving out {@code resultsRoot} when it lies inside {@code repoRoot}. */
    static String[] withPathspec(Path repoRoot, Path resultsRoot, String... args) {
        if (resultsRoot == null) return args;
        Path root = repoRoot.toAbsolutePath().normalize();
        Path results = resultsRoot.toAbsolutePath().normalize();
        if (!results.startsWith(root) || results.equals(root)) return args;
        List<String> out = new java.util.ArrayList<>(List.of(args));
        out.addAll(List.of("--", ".", ":(exclude)" + root.relativize(results)));
        return out.toArray(String[]::new);
    }

    /** The one line a command measuring from a dirty tree prints. */
    static String dirtyWarning(String commit, String diffSha256) {
        return "warning: the checkout has uncommitted changes" + (commit == null ? "" : " on top of commit "
                + commit.substring(0, Math.min(12, commit.length()))) + (diffSha256 == null ? "" : " (diff sha256 "
                + diffSha256.substring(0, 12) + "…)") + ": the numbers may not be reproducible from the commit; "
                + "results.json records it";
    }

    /** The frequency governor of CPU 0, or {@code unknown} when the kernel exposes none (e.g. in most VMs). */
    static String cpuGovernor() {
        return EnvironmentCapture.read(SYS_CPU.resolve("cpu0/cpufreq/scaling_governor")).orElse("unknown");
    }

    /**
     * {@code on} when sibling hardware threads share a core, else {@code off}; from
     * {@code /sys/devices/system/cpu/smt/active}, else from CPU 0's {@code topology/thread_siblings_list} (more
     * than one sibling: on), else {@code unknown}.
     */
    static String smt() {
        return smt(SYS_CPU);
    }

    static String smt(Path sysCpu) {
        Optional<String> active = EnvironmentCapture.read(sysCpu.resolve("smt/active"));
        if (active.isPresent() && active.get().matches("[01]")) return active.get().equals("1") ? "on" : "off";
        Optional<String> siblings = EnvironmentCapture.read(sysCpu.resolve("cpu0/topology/thread_siblings_list"));
        if (siblings.isEmpty()) return "unknown";
        String s = siblings.get();
        return s.contains(",") || s.contains("-") ? "on" : "off";
    }

    /**
     * The JVM of this process: vendor, name and {@code java.vm.version}, e.g.
     * {@code Eclipse Adoptium OpenJDK 64-Bit Server VM 25+36-LTS}.
     */
    static String javaVm() {
        return System.getProperty("java.vm.vendor") + " " + System.getProperty("java.vm.name") + " "
                + System.getProperty("java.vm.version");
    }

    /** Standard output of {@code git -C repoRoot args...} when it exits 0 within the time bound. */
    private static Optional<byte[]> git(Path repoRoot, String... args) {
        Path out = null;
        try {
            out = Files.createTempFile("fairbench-git", ".out");
            List<String> command = new java.util.ArrayList<>(List.of("git", "-C", repoRoot.toString()));
            command.addAll(List.of(args));
            Process p = new ProcessBuilder(command).redirectOutput(out.toFile())
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
            if (!p.waitFor(GIT_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return Optional.empty();
            }
            if (p.exitValue() != 0) return Optional.empty();
            try (InputStream in = Files.newInputStream(out)) {
                return Optional.of(in.readAllBytes());
            }
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        } finally {
            if (out != null) {
                try {
                    Files.deleteIfExists(out);
                } catch (IOException ignored) {
                    // a temp file left behind is harmless
                }
            }
        }
    }
}
