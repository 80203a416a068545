package dev.fairbench.hosts;

import java.util.List;

/** A placement file that cannot be used: one line per mistake, each naming the file and where in it. */
public final class PlacementException extends RuntimeException {
    private final List<String> problems;

    PlacementException(List<String> problems) {
        super(String.join("\n", problems));
        this.problems = List.copyOf(problems);
    }

    /** One line per mistake, in file order. */
    public List<String> problems() {
        return problems;
    }
}
