package dev.fairbench.services;

import java.util.OptionalLong;

/**
 * What one service is and where it runs.
 *
 * @param name    {@code postgresql} or {@code redis}
 * @param state   {@code running}, {@code stopped}, or {@code external} (given by URL, not managed here)
 * @param pid     pid of the server process, empty when stopped or external
 * @param port    TCP port on 127.0.0.1 (the URL's port when external)
 * @param version server version of the embedded binary, {@code -} when external
 * @param url     URL for clients
 */
public record ServiceStatus(String name, String state, OptionalLong pid, int port, String version, String url) {

    public boolean running() {
        return state.equals("running");
    }

    /** One line for people, e.g. {@code postgresql  running  pid 4242  127.0.0.1:15432  17.5.0  postgresql://…}. */
    public String line() {
        return String.format("%-10s  %-8s  %-10s  %-15s  %-7s  %s", name, state,
                pid.isPresent() ? "pid " + pid.getAsLong() : "-", "127.0.0.1:" + port, version, url);
    }
}
