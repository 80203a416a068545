package dev.fairbench.apps.common;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The environment the runner gives an app: the same values, defaults and refusals as the harness's reading. */
class AppEnvironmentTest {
    private static final String DB = "postgresql://fairbench@127.0.0.1:15432/fairbench";
    private static final String REDIS = "redis://127.0.0.1:16379";

    @Test
    void readsWhatTheRunnerPasses() {
        var harness = new dev.fairbench.workload.AppEnvironment(8123, DB, REDIS, 12, 3, 2);
        AppEnvironment env = AppEnvironment.fromMap(harness.toMap());
        assertThat(env).isEqualTo(new AppEnvironment(8123, DB, REDIS, 12, 3, 2));
        var elsewhere = new dev.fairbench.workload.AppEnvironment("10.77.0.2", 8123, DB, REDIS, 12, 3, 2);
        assertThat(AppEnvironment.fromMap(elsewhere.toMap()).host()).isEqualTo("10.77.0.2");
    }

    @Test
    void blanksTakeTheContractsDefaults() {
        Map<String, String> env = Map.of("DATABASE_URL", DB, "REDIS_URL", REDIS, "POOL_MAX", " ", "WORKERS", "");
        assertThat(AppEnvironment.fromMap(env).host()).isEqualTo("127.0.0.1");
        assertThat(AppEnvironment.fromMap(env).port()).isEqualTo(8080);
        assertThat(AppEnvironment.fromMap(env).poolMax()).isEqualTo(16);
        assertThat(AppEnvironment.fromMap(env).poolMin()).isEqualTo(4);
        assertThat(AppEnvironment.fromMap(env).workers()).isEqualTo(Runtime.getRuntime().availableProcessors());
        Map<String, String> trimmed = new HashMap<>(env);
        trimmed.put("PORT", " 9000 ");
        assertThat(AppEnvironment.fromMap(trimmed).port()).isEqualTo(9000);
    }

    @Test
    void refusesWhatTheContractRefuses() {
        List<Map<String, String>> bad = List.of(
                Map.of("REDIS_URL", REDIS),
                Map.of("DATABASE_URL", DB),
                Map.of("DATABASE_URL", "mysql://x@127.0.0.1/db", "REDIS_URL", REDIS),
                Map.of("DATABASE_URL", DB, "REDIS_URL", REDIS, "HOST", "localhost"),
                Map.of("DATABASE_URL", DB, "REDIS_URL", REDIS, "HOST", "256.0.0.1"),
                Map.of("DATABASE_URL", DB, "REDIS_URL", REDIS, "PORT", "eighty"),
                Map.of("DATABASE_URL", DB, "REDIS_URL", REDIS, "PORT", "70000"),
                Map.of("DATABASE_URL", DB, "REDIS_URL", REDIS, "POOL_MAX", "0"),
                Map.of("DATABASE_URL", DB, "REDIS_URL", REDIS, "POOL_MIN", "17"),
                Map.of("DATABASE_URL", DB, "REDIS_URL", REDIS, "WORKERS", "0"));
        for (Map<String, String> env : bad) {
            assertThatThrownBy(() -> AppEnvironment.fromMap(env)).as(env.toString())
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void parsesDatabaseUrlsLikeTheHarness() {
        for (String url : new String[] {DB, "postgres://u:secret@db.example:6000/app", "postgresql://127.0.0.1",
                "postgresql://u@localhost/", "postgresql://u:p:q@[::1]:5433/d"}) {
            DatabaseUrl app = DatabaseUrl.parse(url);
            var harness = dev.fairbench.workload.data.DatabaseUrl.parse(url);
            assertThat(List.of(app.host(), app.port(), app.database(), app.user(), String.valueOf(app.password())))
                    .as(url).containsExactly(harness.host(), harness.port(), harness.database(), harness.user(),
                            String.valueOf(harness.password()));
            assertThat(app.jdbcUrl()).isEqualTo(harness.jdbcUrl());
            assertThat(app.toString()).isEqualTo(harness.toString()).doesNotContain("secret");
        }
    }

    @Test
    void readsThePasswordAndTheSearchPathOfLibpqOptions() {
        DatabaseUrl db = DatabaseUrl.parse("postgresql://app:0123abcd%40x@127.0.0.1:15432/fairbench"
                + "?options=-c%20search_path%3Dfairbench&sslmode=disable");
        assertThat(db.password()).isEqualTo("0123abcd@x");
        assertThat(db.searchPath()).isEqualTo("fairbench");
        assertThat(db.jdbcUrl()).isEqualTo("jdbc:postgresql://127.0.0.1:15432/fairbench?currentSchema=fairbench");
        assertThat(db.toString()).doesNotContain("0123abcd");
        assertThat(DatabaseUrl.parse("postgresql://u@h/d?options=-csearch_path%3Da,b").searchPath()).isEqualTo("a,b");
        assertThat(DatabaseUrl.parse("postgresql://u@h/d").searchPath()).isNull();
    }
}
