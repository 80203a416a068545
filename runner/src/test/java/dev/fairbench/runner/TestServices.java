package dev.fairbench.runner;

import dev.fairbench.services.ServiceOptions;

/** Where the runner's tests run PostgreSQL and Redis: the embedded servers on ports of their own. */
final class TestServices {
    static final int POSTGRES_PORT = 23432;
    static final int REDIS_PORT = 23379;

    private TestServices() {}

    static ServiceOptions options() {
        return ServiceOptions.defaults().withPorts(POSTGRES_PORT, REDIS_PORT);
    }
}
