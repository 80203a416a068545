package dev.fairbench.apps.helidon;

import dev.fairbench.apps.common.AppEnvironment;
import dev.fairbench.apps.testsupport.AppConformanceSuite;

/** The contract, end to end, against the Helidon app started in-process on a free port. */
class HelidonConformanceTest extends AppConformanceSuite {

    @Override
    protected RunningApp start(AppEnvironment env) {
        HelidonApp app = HelidonApp.start(env);
        return RunningApp.of(app.port(), app);
    }
}
