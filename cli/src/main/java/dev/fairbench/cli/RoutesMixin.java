package dev.fairbench.cli;

import dev.fairbench.workload.Route;
import java.util.Arrays;
import java.util.List;
import picocli.CommandLine.Option;

/** {@code --routes}: which routes of the contract a command loads; each app takes those it serves. */
public final class RoutesMixin {
    @Option(names = "--routes", paramLabel = "LIST", description = "Routes, comma-separated, from: index, detail, "
            + "tag, index-cached, detail-cached, compute, hello, phash (default: all).")
    String routes;

    /** @throws IllegalArgumentException with one line for an unknown route */
    public List<Route> routes() {
        return routes == null ? Arrays.asList(Route.values()) : Route.parseList(routes);
    }
}
