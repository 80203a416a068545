package dev.fairbench.apps.spring;

import org.apache.catalina.Host;
import org.apache.catalina.core.StandardHost;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.servlet.ServletContextInitializer;

/**
 * Tomcat as Boot configures it (port, virtual threads and {@code server.tomcat.*} still apply), with two changes
 * for requests that Tomcat would otherwise refuse with its own HTML page before Spring sees them: encoded slashes
 * pass through to routing, and the host reports what remains with {@link RefusedRequestReport}; and a deadline on
 * the whole request head ({@link HeadDeadlineProtocol}).
 */
final class ContractTomcat extends TomcatServletWebServerFactory {

    ContractTomcat() {
        setProtocol(HeadDeadlineProtocol.class.getName());
        addConnectorCustomizers(connector -> connector.setEncodedSolidusHandling("passthrough"));
    }

    @Override
    protected void prepareContext(Host host, ServletContextInitializer[] initializers) {
        ((StandardHost) host).setErrorReportValveClass(RefusedRequestReport.class.getName());
        super.prepareContext(host, initializers);
    }
}
