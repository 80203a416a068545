package dev.fairbench.multiload;

import dev.fairbench.loadgen.LoadSpec;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line that runs one part of a load on its host: {@code java -jar fairbench.jar load URL ... --barrier},
 * under {@code taskset -c} when the host has CPUs for the load, with the part's connections, threads, rate and place
 * in the whole load, and its result written to fixed file names in the part's folder. Stateless.
 */
final class PartCommand {
    static final String RESULT = "result.json";
    static final String HLOG = "latency.hlog";
    static final String UNCORRECTED_HLOG = "latency-uncorrected.hlog";

    private PartCommand() {
    }

    static List<String> of(LoadPart part, LoadSpec whole, boolean allowRemote) {
        LoadSpec spec = part.share().spec();
        List<String> command = new ArrayList<>();
        part.host().cpus().ifPresent(cpus -> command.addAll(List.of("taskset", "-c", cpus.toString())));
        command.addAll(List.of(part.java(), "-jar", part.jar(), "load", whole.target().toString(),
                "-c", Integer.toString(spec.connections()), "-t", Integer.toString(spec.threads()),
                "-d", micros(spec.duration()), "-w", micros(spec.warmup()), "-R", plain(spec.ratePerSecond()),
                "--pipeline", Integer.toString(spec.pipeline()), "-m", spec.method(),
                "--timeout", micros(spec.timeout())));
        for (String header : spec.headers()) {
            command.addAll(List.of("-H", header));
        }
        if (part.bodyFile() != null) {
            command.addAll(List.of("--body-file", part.bodyFile()));
        }
        if (part.urlsFile() != null) {
            command.addAll(List.of("--urls-file", part.urlsFile()));
        }
        String dir = part.remoteDir() + "/";
        command.addAll(List.of("--barrier", "--connection-offset", Integer.toString(part.share().firstConnection()),
                "--total-connections", Integer.toString(part.share().totalConnections()),
                "--total-rate", plain(part.share().totalRatePerSecond()),
                "-o", dir + RESULT, "--format", "json", "--hlog", dir + HLOG));
        if (spec.fixedRate()) {
            command.addAll(List.of("--hlog-uncorrected", dir + UNCORRECTED_HLOG));
        }
        // the coordinator holds this machine's lock; parts on one machine (or on network namespaces sharing its
        // file system) would otherwise wait for each other
        command.addAll(List.of("--no-lock", "--quiet"));
        if (allowRemote) {
            command.add("--allow-remote");
        }
        return command;
    }

    /** A duration as whole microseconds, which {@code fairbench load} reads back exactly (to the microsecond). */
    static String micros(Duration d) {
        return d.toNanos() / 1000 + "us";
    }

    /** A rate without exponent, as {@code -R} takes it. */
    static String plain(double rate) {
        return BigDecimal.valueOf(rate).stripTrailingZeros().toPlainString();
    }
}
