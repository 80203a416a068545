package dev.fairbench.apps.spring;

import dev.fairbench.apps.common.AppEnvironment;
import dev.fairbench.apps.roundtrip.JdbcRoundTripSuite;
import dev.fairbench.apps.testsupport.AppConformanceSuite.RunningApp;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Counts each page's wire traffic through transparent proxies in front of PostgreSQL and Redis: exactly the
 * contract's queries, one round trip each (JDBC waits for every query: 3, 3 and 4), no ping when a connection is
 * taken from the pool, no new connection per request, and one Redis command for a cache hit.
 */
class SpringRoundTripTest extends JdbcRoundTripSuite {

    @Override
    protected RunningApp start(AppEnvironment env) {
        ConfigurableApplicationContext context = SpringApp.start(env);
        return RunningApp.of(SpringApp.port(context), context);
    }
}
