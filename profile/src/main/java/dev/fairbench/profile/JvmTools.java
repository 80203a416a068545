package dev.fairbench.profile;

import com.sun.tools.attach.AgentInitializationException;
import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import dev.fairbench.runner.proc.ParentDeath;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Drives a running JVM app from outside: JFR recordings through {@code jcmd}, and async-profiler (whose native
 * library ships inside the {@code tools.profiler:async-profiler} jar) loaded as an agent through the JDK attach API
 * ({@code jcmd JVMTI.agent_load} splits the agent's comma-separated options, so it cannot be used).
 * async-profiler runs in {@code itimer} mode, which needs no perf-event permission, inside the app's JVM, so it ends
 * with the app (which dies with the runner). Stateless; each call runs a {@code jcmd} process of the JDK given at
 * construction, tied to the runner's life ({@link ParentDeath}).
 */
public final class JvmTools {
    private static final long JCMD_TIMEOUT_SECONDS = 30;

    private final Path javaHome;
    private final Path workDir;

    /**
     * @param javaHome the JDK the app runs on (its {@code bin/jcmd} must match the app's JVM)
     * @param workDir  where the async-profiler library is unpacked
     */
    public JvmTools(Path javaHome, Path workDir) {
        this.javaHome = javaHome;
        this.workDir = workDir;
    }

    public void startJfr(long pid, String name) throws IOException {
        jcmd(pid, "JFR.start", "name=" + name, "settings=default");
    }

    /** Dumps and stops the recording; returns the file. */
    public Path stopJfr(long pid, String name, Path file) throws IOException {
        jcmd(pid, "JFR.dump", "name=" + name, "filename=" + file.toAbsolutePath());
        jcmd(pid, "JFR.stop", "name=" + name);
        return file;
    }

    /** Starts CPU sampling (itimer, 1 ms interval) in the app. */
    public void startCpuProfile(long pid) throws IOException {
        loadAgent(pid, "start,event=itimer,interval=1ms");
    }

    /** Stops sampling and writes a self-contained flame graph HTML. */
    public Path stopCpuProfile(long pid, Path flameGraphHtml) throws IOException {
        loadAgent(pid, "stop,file=" + flameGraphHtml.toAbsolutePath());
        return flameGraphHtml;
    }

    private void loadAgent(long pid, String options) throws IOException {
        String library = asyncProfilerLibrary().toString();
        try {
            VirtualMachine vm = VirtualMachine.attach(Long.toString(pid));
            try {
                vm.loadAgentPath(library, options);
            } finally {
                vm.detach();
            }
        } catch (AttachNotSupportedException | AgentLoadException | AgentInitializationException e) {
            throw new IOException("async-profiler " + options + " in pid " + pid + ": " + e.getMessage(), e);
        }
    }

    /** Unpacks {@code linux-x64/libasyncProfiler.so} from the jar on the class path, once. */
    synchronized Path asyncProfilerLibrary() throws IOException {
        String arch = System.getProperty("os.arch").contains("aarch64") ? "linux-arm64" : "linux-x64";
        Path library = workDir.resolve("async-profiler").resolve(arch).resolve("libasyncProfiler.so");
        if (Files.isRegularFile(library)) return library;
        try (InputStream in = JvmTools.class.getResourceAsStream("/" + arch + "/libasyncProfiler.so")) {
            if (in == null) throw new IOException("async-profiler's " + arch + " library is not on the class path");
            Files.createDirectories(library.getParent());
            Path tmp = Files.createTempFile(library.getParent(), "lib", ".so");
            Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
            Files.move(tmp, library, StandardCopyOption.ATOMIC_MOVE);
        }
        return library;
    }

    private void jcmd(long pid, String... command) throws IOException {
        List<String> args = new ArrayList<>();
        args.add(javaHome.resolve("bin").resolve("jcmd").toString());
        args.add(Long.toString(pid));
        args.addAll(List.of(command));
        Process p = ParentDeath.start(new ProcessBuilder(args).redirectErrorStream(true));
        try {
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(JCMD_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("jcmd " + String.join(" ", command) + " did not finish");
            }
            if (p.exitValue() != 0 || out.contains("Exception") || out.contains("Could not")) {
                throw new IOException("jcmd " + String.join(" ", command) + " failed: " + out.strip());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running jcmd", e);
        }
    }
}
