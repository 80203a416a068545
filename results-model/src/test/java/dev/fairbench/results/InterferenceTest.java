package dev.fairbench.results;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The hypervisor's steal as the guard judges it, and how a judged window reads back. */
class InterferenceTest {
    private static Interference window(double stealCpuSeconds) {
        return new Interference(20, 0.1, 0.2, 0.05, stealCpuSeconds, 0.05, false, List.of());
    }

    private static RunResult run(Interference i) {
        return new RunResult(1, Instant.EPOCH, 20, 100, 5, 100, 0, 0, 0, 0, 0, 0, 0, new Latency(1, 2, 3, 4, 5),
                null, null, null, null, i);
    }

    @Test
    void stealOverTheThresholdStealsTheWindowAndDisturbsItsRun() {
        Interference over = window(1.2).judgeSteal(0.05); // 0.06 cores
        assertThat(over.stolen()).isTrue();
        assertThat(over.disturbed()).as("no foreign CPU").isFalse();
        assertThat(over.maxStealCores()).isEqualTo(0.05);
        assertThat(run(over).stolen()).isTrue();
        assertThat(run(over).disturbed()).isTrue();
    }

    @Test
    void stealAtOrUnderTheThresholdDoesNot() {
        assertThat(window(1.0).judgeSteal(0.05).stolen()).as("exactly 0.05 cores").isFalse();
        assertThat(run(window(0.2).judgeSteal(0.05)).disturbed()).isFalse();
        assertThat(new Interference(0, 0, 0, 0, 1, 0.05, false, List.of()).judgeSteal(0.05).stolen())
                .as("a window of no length").isFalse();
    }

    @Test
    void anUnjudgedWindowIsNeverStolenWhateverItsSteal() {
        Interference unjudged = window(12);
        assertThat(unjudged.maxStealCores()).isNull();
        assertThat(unjudged.stolen()).isFalse();
        assertThat(run(unjudged).disturbed()).isFalse();
    }

    @Test
    void aJudgedWindowReadsBackAsWrittenAndAnOlderOneAsUnjudged() throws Exception {
        var mapper = JsonDocuments.MAPPER;
        Interference judged = window(1.2).judgeSteal(0.05);
        String json = mapper.writeValueAsString(judged);
        assertThat(json).contains("\"max_steal_cores\":0.05").contains("\"stolen\":true");
        assertThat(mapper.readValue(json, Interference.class)).isEqualTo(judged);

        String older = "{\"window_seconds\":20,\"foreign_cpu_seconds\":0.1,\"unattributed_cpu_seconds\":0.2,"
                + "\"kernel_thread_cpu_seconds\":0.05,\"steal_cpu_seconds\":12,\"max_foreign_cores\":0.05,"
                + "\"disturbed\":false,\"top\":[]}";
        Interference read = mapper.readValue(older, Interference.class);
        assertThat(read.maxStealCores()).isNull();
        assertThat(read.stolen()).isFalse();
    }
}
