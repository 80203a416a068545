package dev.fairbench.apps.vertx;

import dev.fairbench.apps.common.AppEnvironment;
import dev.fairbench.apps.testsupport.AppConformanceSuite;

/** The whole contract against the Vert.x app: two event loops, one pipelined PostgreSQL connection each. */
class VertxConformanceTest extends AppConformanceSuite {
    @Override
    protected RunningApp start(AppEnvironment env) throws Exception {
        VertxApp app = VertxApp.start(env);
        return RunningApp.of(app.port(), app);
    }
}
