package dev.fairbench.workload;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AppEnvironmentTest {
    private static final String DB = "postgresql://fairbench@127.0.0.1:5432/fairbench";
    private static final String REDIS = "redis://127.0.0.1:6379";

    @Test
    void hostComesFirstAndDefaultsToLoopback() {
        AppEnvironment local = new AppEnvironment(8080, DB, REDIS, 16, 4, 2);
        assertThat(local.host()).isEqualTo("127.0.0.1");
        assertThat(local.toMap()).containsEntry("HOST", "127.0.0.1");
        assertThat(local.toMap().keySet()).first().isEqualTo("HOST");
        assertThat(new AppEnvironment("10.77.0.2", 8080, DB, REDIS, 16, 4, 2).toMap())
                .containsEntry("HOST", "10.77.0.2").containsEntry("PORT", "8080");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0.0.0.0", "10.77.0.2", "255.255.255.255", "::1", "fd00::2"})
    void ipLiteralsAreAccepted(String host) {
        assertThat(new AppEnvironment(host, 1, DB, REDIS, 16, 4, 1).host()).isEqualTo(host);
    }

    @ParameterizedTest
    @ValueSource(strings = {"localhost", "app.example", "256.1.1.1", "10.0.0", "[::1]", "", "1.2.3.4 "})
    void namesAndMalformedAddressesAreRejectedWithOneLine(String host) {
        assertThatThrownBy(() -> new AppEnvironment(host, 1, DB, REDIS, 16, 4, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("HOST must be an IP literal such as 127.0.0.1 or ::1, not a name: " + host);
    }
}
