package dev.fairbench.hosts;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * A set of CPU numbers written as Linux writes them ({@code taskset -c}, {@code /sys/devices/system/cpu/online}):
 * numbers and ranges separated by commas, {@code "0-1,3"}. Immutable; {@link #toString()} is the canonical form
 * (ascending, ranges merged).
 */
public final class CpuList {
    /** The highest CPU number accepted, as in the kernel's default {@code NR_CPUS} limit of 8192. */
    static final int MAX_CPU = 8191;

    private final List<Integer> cpus;

    private CpuList(List<Integer> cpus) {
        this.cpus = List.copyOf(cpus);
    }

    /**
     * Parses {@code text}.
     *
     * @throws IllegalArgumentException with a message that says what is wrong (without the text itself)
     */
    public static CpuList parse(String text) {
        if (text.isBlank()) throw new IllegalArgumentException("it is empty");
        TreeSet<Integer> cpus = new TreeSet<>();
        for (String part : text.split(",", -1)) {
            String item = part.strip();
            int dash = item.indexOf('-');
            int from = number(dash < 0 ? item : item.substring(0, dash), item);
            int to = dash < 0 ? from : number(item.substring(dash + 1), item);
            if (to < from) throw new IllegalArgumentException("range " + item + " goes down");
            for (int cpu = from; cpu <= to; cpu++) {
                if (!cpus.add(cpu)) throw new IllegalArgumentException("CPU " + cpu + " is listed twice");
            }
        }
        return new CpuList(new ArrayList<>(cpus));
    }

    private static int number(String digits, String item) {
        if (!digits.matches("[0-9]{1,5}")) {
            throw new IllegalArgumentException("'" + item + "' is not a CPU number or a range N-M");
        }
        int cpu = Integer.parseInt(digits);
        if (cpu > MAX_CPU) throw new IllegalArgumentException("CPU " + cpu + " is above " + MAX_CPU);
        return cpu;
    }

    /** The CPU numbers, ascending. */
    public List<Integer> cpus() {
        return cpus;
    }

    public int count() {
        return cpus.size();
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < cpus.size(); ) {
            int j = i;
            while (j + 1 < cpus.size() && cpus.get(j + 1) == cpus.get(j) + 1) j++;
            if (!text.isEmpty()) text.append(',');
            text.append(cpus.get(i));
            if (j > i) text.append('-').append(cpus.get(j));
            i = j + 1;
        }
        return text.toString();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof CpuList list && list.cpus.equals(cpus);
    }

    @Override
    public int hashCode() {
        return cpus.hashCode();
    }
}
