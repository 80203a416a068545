package dev.fairbench.report.render;

import dev.fairbench.report.render.Block.Paragraph;
import dev.fairbench.results.HostSpeed;
import dev.fairbench.results.Results;

import java.util.ArrayList;
import java.util.List;

/**
 * The host-speed lines under "Interference": how much the canary timed around every measured window varied over
 * the run, how many windows were measured again because it found the host slowed, what its baseline was, and how
 * many windows stayed slowed. Nothing for results without a canary. Stateless.
 */
final class HostSpeedBuilder {
    private HostSpeedBuilder() {}

    static List<Block> section(Results results, Messages m) {
        HostSpeed h = results.hostSpeed();
        if (h == null) return List.of();
        List<Block> out = new ArrayList<>();
        String text = m.get("hostspeed", m.percent(h.spread()), m.integer(h.windowsRetried())) + " "
                + m.get("hostspeed.detail", m.integer(h.windows()), m.number(h.baseline().cpuMs(), 1),
                m.number(h.baseline().memoryMs(), 1), m.percent(h.maxSlowdown()));
        if (h.windowsKeptSlowed() > 0) text += " " + m.get("hostspeed.kept", m.integer(h.windowsKeptSlowed()));
        out.add(new Paragraph(text));
        return out;
    }
}
