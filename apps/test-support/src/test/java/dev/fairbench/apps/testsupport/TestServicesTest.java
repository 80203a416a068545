package dev.fairbench.apps.testsupport;

import dev.fairbench.services.ServiceOptions;
import dev.fairbench.workload.data.DatabaseUrl;
import dev.fairbench.workload.data.Dataset;
import dev.fairbench.workload.data.DatasetLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.URI;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(value = 120, unit = TimeUnit.SECONDS)
class TestServicesTest {
    @Test
    void servicesRunSeededOnPortsOfTheirOwn() throws Exception {
        TestServices services = TestServices.shared();
        assertThat(services).isSameAs(TestServices.shared());
        DatabaseUrl pg = DatabaseUrl.parse(services.postgresUrl());
        assertThat(pg.host()).isEqualTo("127.0.0.1");
        assertThat(pg.port()).isNotEqualTo(ServiceOptions.DEFAULT_POSTGRES_PORT);
        assertThat(URI.create(services.redisUrl()).getPort()).isNotEqualTo(ServiceOptions.DEFAULT_REDIS_PORT);
        assertThat(DatasetLoader.load(pg).sha256()).isEqualTo(Dataset.SHA256);
        assertThat(services.redis().ping()).isTrue();
    }
}
