package dev.fairbench.profile;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

/**
 * Garbage-collection figures of a JVM app read from a JFR recording: collections per second and the share of
 * wall time spent in GC pauses, over a window. Reads {@code jdk.GarbageCollection} events (their
 * {@code sumOfPauses}); the recording is made with {@code jcmd <pid> JFR.start} / {@code JFR.dump} (see
 * {@link JvmTools}).
 */
public final class JfrGc {

    /**
     * @param collections   GC events that started inside the window
     * @param pauseMillis   their stop-the-world pauses, summed
     * @param windowSeconds the window's length
     */
    public record Stats(long collections, double pauseMillis, double windowSeconds) {
        public double collectionsPerSecond() {
            return windowSeconds > 0 ? collections / windowSeconds : 0;
        }

        /** Percent of wall time the application threads were stopped for GC. */
        public double pauseSharePercent() {
            return windowSeconds > 0 ? 100 * pauseMillis / 1000 / windowSeconds : 0;
        }
    }

    private JfrGc() {}

    /** GC events of {@code recording} that start in {@code [from, to)}. */
    public static Stats read(Path recording, Instant from, Instant to) throws IOException {
        long collections = 0;
        double pauseMillis = 0;
        for (RecordedEvent e : RecordingFile.readAllEvents(recording)) {
            if (!e.getEventType().getName().equals("jdk.GarbageCollection")) continue;
            if (e.getStartTime().isBefore(from) || !e.getStartTime().isBefore(to)) continue;
            collections++;
            Duration pauses = e.getDuration("sumOfPauses");
            pauseMillis += pauses.toNanos() / 1e6;
        }
        return new Stats(collections, pauseMillis, Duration.between(from, to).toNanos() / 1e9);
    }
}
