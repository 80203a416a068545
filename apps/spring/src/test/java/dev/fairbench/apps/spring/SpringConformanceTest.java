package dev.fairbench.apps.spring;

import dev.fairbench.apps.common.AppEnvironment;
import dev.fairbench.apps.testsupport.AppConformanceSuite;
import org.springframework.context.ConfigurableApplicationContext;

/** The contract, end to end, against the Spring app started in-process on a free port. */
class SpringConformanceTest extends AppConformanceSuite {

    @Override
    protected RunningApp start(AppEnvironment env) {
        ConfigurableApplicationContext context = SpringApp.start(env);
        return RunningApp.of(SpringApp.port(context), context);
    }

    /** Open in issue 15(e): Tomcat refuses an oversized head with a 400 that RefusedRequestReport turns into 404. */
    @Override
    protected java.util.Set<String> hostileGaps() {
        return java.util.Set.of("64 KiB request line", "64 KiB header", "1 MiB of headers");
    }
}
