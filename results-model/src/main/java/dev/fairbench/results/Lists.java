package dev.fairbench.results;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/** Defensive copies for the records of this package: {@code null} becomes empty, maps become sorted. */
final class Lists {
    private Lists() {
    }

    static <T> List<T> copy(List<T> list) {
        return list == null ? List.of() : List.copyOf(list);
    }

    static Map<String, String> sorted(Map<String, String> map) {
        return Collections.unmodifiableSortedMap(map == null ? new TreeMap<>() : new TreeMap<>(map));
    }
}
