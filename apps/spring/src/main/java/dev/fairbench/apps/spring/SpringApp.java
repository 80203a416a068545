package dev.fairbench.apps.spring;

import dev.fairbench.apps.common.AppEnvironment;
import dev.fairbench.apps.common.DatabaseUrl;
import dev.fairbench.apps.lettucecache.LettucePageCache;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

import java.util.HashMap;
import java.util.Map;

/**
 * The Spring Boot 4 MVC app (registry name {@code spring}): Tomcat on virtual threads, JdbcTemplate over HikariCP
 * and pgjdbc, Lettuce for the page cache. Static settings are in {@code application.properties}; this class adds
 * those that come from the contract's environment (section 1).
 */
@SpringBootApplication(proxyBeanMethods = false)
public class SpringApp {
    /**
     * Milliseconds a pooled connection may sit idle before HikariCP pings PostgreSQL when lending it: never, as the
     * contract forbids a ping per checkout (round-2 finding). A connection that died anyway fails its query, the
     * request answers 503 and HikariCP evicts the connection.
     */
    static final long ALIVE_BYPASS_WINDOW_MS = Long.MAX_VALUE;
    /**
     * Most milliseconds a request waits for a pooled connection, then 503. It bounds how long a 503 takes once
     * PostgreSQL is down and the pool empty, and it must outlast a queue of requests on a busy machine.
     */
    static final long CONNECTION_TIMEOUT_MS = 5_000;
    /**
     * Most seconds pgjdbc waits for PostgreSQL to answer on an open connection (its {@code socketTimeout}), then the
     * request answers 503 and HikariCP evicts the connection: a hung server (contract section 5) costs no request
     * more than this, and no pool slot stays stuck. Well above any query of the contract.
     */
    static final int SOCKET_TIMEOUT_S = 4;
    /**
     * Background pings of idle connections: off (HikariCP's default is every 2 minutes), so that PostgreSQL sees
     * only the contract's queries; on loopback no firewall drops an idle connection.
     */
    static final long KEEPALIVE_TIME_MS = 0;

    /** Starts the app and returns once it serves; the port is {@link #port}. */
    public static ConfigurableApplicationContext start(AppEnvironment env) {
        // HikariCP reads this when a pool is built, so it must be set before the context starts.
        System.setProperty("com.zaxxer.hikari.aliveBypassWindowMs", Long.toString(ALIVE_BYPASS_WINDOW_MS));
        // Sizes the virtual-thread scheduler to the app's cores; no effect once a virtual thread has run (tests).
        if (System.getProperty("jdk.virtualThreadScheduler.parallelism") == null) {
            System.setProperty("jdk.virtualThreadScheduler.parallelism", Integer.toString(env.workers()));
        }
        // Socket pollers on platform threads, as in the Helidon app: on Linux the JDK runs them as virtual threads by
        // default, which with one carrier left Helidon's core three-quarters idle. Here only pgjdbc's reads go
        // through them (Tomcat has its own NIO poller); no difference measured, kept so that both virtual-thread
        // apps run the same JDK machinery. Read once, before the first virtual thread blocks on a socket.
        if (System.getProperty("jdk.pollerMode") == null) System.setProperty("jdk.pollerMode", "1");
        return new SpringApplicationBuilder(SpringApp.class)
                .properties(properties(env))
                .initializers(context -> context.getBeanFactory().registerSingleton("appEnvironment", env))
                .run();
    }

    /** The TCP port the app listens on. */
    public static int port(ApplicationContext context) {
        return ((WebServerApplicationContext) context).getWebServer().getPort();
    }

    static Map<String, Object> properties(AppEnvironment env) {
        DatabaseUrl db = env.database();
        Map<String, Object> p = new HashMap<>();
        p.put("server.address", env.host());
        p.put("server.port", env.port());
        p.put("spring.datasource.url", db.jdbcUrl());
        p.put("spring.datasource.username", db.user());
        if (db.password() != null) p.put("spring.datasource.password", db.password());
        p.put("spring.datasource.hikari.maximum-pool-size", env.poolMax());
        p.put("spring.datasource.hikari.minimum-idle", env.poolMin());
        p.put("spring.datasource.hikari.connection-timeout", CONNECTION_TIMEOUT_MS);
        p.put("spring.datasource.hikari.data-source-properties.socketTimeout", SOCKET_TIMEOUT_S);
        p.put("spring.datasource.hikari.keepalive-time", KEEPALIVE_TIME_MS);
        return p;
    }

    /**
     * The contract's Redis page cache: plain Lettuce rather than Spring Data Redis, whose 4.0 line is built for
     * Lettuce 6.8 while the project uses 7.7. Closed with the context.
     */
    @Bean(destroyMethod = "close")
    LettucePageCache pageCache(AppEnvironment env) {
        return new LettucePageCache(env);
    }

    @Bean
    TomcatServletWebServerFactory tomcat() {
        return new ContractTomcat();
    }
}
