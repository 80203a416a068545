package dev.fairbench.results;

import java.util.List;

/**
 * The profiling run of one app: a single run per route with wire capture, syscall counting and CPU accounting,
 * separate from the fair runs (its throughput differs a little). The report turns it into "Findings".
 *
 * @param durationSeconds length of each profiled run
 * @param tools           the tools used, one line each, e.g. {@code async-profiler 4.1}, {@code PostgreSQL wire
 *                        capture}
 * @param routes          one entry per profiled route
 */
public record Profile(double durationSeconds, List<String> tools, List<ProfileRoute> routes) {

    public Profile {
        tools = Lists.copy(tools);
        routes = Lists.copy(routes);
    }

    /** The profile of this route, if profiled. */
    public java.util.Optional<ProfileRoute> route(String route) {
        return routes.stream().filter(r -> r.route().equals(route)).findFirst();
    }
}
