package dev.fairbench.results;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Copies for the records of this package: defensive ones ({@code null} becomes empty, maps become sorted) and the
 * copy with one element replaced that their {@code with} methods make (public for the records of its subpackages).
 */
public final class Lists {
    private Lists() {
    }

    static <T> List<T> copy(List<T> list) {
        return list == null ? List.of() : List.copyOf(list);
    }

    static Map<String, String> sorted(Map<String, String> map) {
        return Collections.unmodifiableSortedMap(map == null ? new TreeMap<>() : new TreeMap<>(map));
    }

    /**
     * A copy of {@code list} with the element whose {@code key} equals {@code item}'s replaced by {@code item} where it
     * stands, or {@code item} appended when there is none: the order stays that of first addition.
     */
    public static <T> List<T> replacedOrAppended(List<T> list, T item, Function<T, ?> key) {
        List<T> next = new ArrayList<>(list);
        Object wanted = key.apply(item);
        int at = 0;
        while (at < next.size() && !key.apply(next.get(at)).equals(wanted)) at++;
        if (at < next.size()) next.set(at, item);
        else next.add(item);
        return next;
    }
}
