package dev.fairbench.loadgen;

import java.net.URI;
import java.time.Duration;

/**
 * Runs {@link LoadGenerator} from the test classpath without the CLI, for profiling the generator itself:
 * {@code java ... dev.fairbench.loadgen.LoadMain URL CONNECTIONS THREADS DURATION WARMUP PIPELINE [RATE]}
 * (durations as {@link Durations#parse} reads them). Prints the JSON report.
 */
final class LoadMain {
    private LoadMain() {
    }

    public static void main(String[] args) throws Exception {
        LoadSpec spec = LoadSpec.closedLoop(URI.create(args[0]), Integer.parseInt(args[1]), Integer.parseInt(args[2]),
                        Durations.parse(args[3]))
                .withWarmup(Durations.parse(args[4]))
                .withPipeline(Integer.parseInt(args[5]))
                .withRate(args.length > 6 ? Double.parseDouble(args[6]) : 0)
                .withTimeout(Duration.ofSeconds(10));
        System.out.print(LoadReportWriter.json(LoadGenerator.run(spec, null)));
    }
}
