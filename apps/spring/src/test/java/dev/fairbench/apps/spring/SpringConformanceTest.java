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
}
