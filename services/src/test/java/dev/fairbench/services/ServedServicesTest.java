package dev.fairbench.services;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The line of {@code fairbench services serve} and the options it is made from, without servers. */
class ServedServicesTest {
    private static final ServedServices SERVED = new ServedServices(
            "postgresql://fairbench_app:0a1b2c@10.213.7.12:15432/fairbench",
            "postgresql://fairbench:3d4e5f@10.213.7.12:15432/fairbench", "redis://:6a7b8c@10.213.7.12:16379", 4242, 4250);

    @Test
    void theLineIsOneJsonObjectThatReadsBack() {
        String line = SERVED.toLine();
        assertThat(line).doesNotContain("\n").isEqualTo("{\"postgres_url\":\"postgresql://fairbench_app:0a1b2c@"
                + "10.213.7.12:15432/fairbench\",\"seed_postgres_url\":\"postgresql://fairbench:3d4e5f@10.213.7.12:"
                + "15432/fairbench\",\"redis_url\":\"redis://:6a7b8c@10.213.7.12:16379\",\"postgres_pid\":4242,"
                + "\"redis_pid\":4250}");
        assertThat(ServedServices.parse("  " + line + "\r\n")).isEqualTo(SERVED);
        assertThat(ServedServices.parse(line.replace("}", ",\"later\":1}"))).as("unknown members ignored")
                .isEqualTo(SERVED);
        assertThat(Redaction.redact(SERVED.redisUrl())).as("registered by parse").doesNotContain("6a7b8c");
    }

    @Test
    void anythingElseIsRefusedWithoutShowingAPassword() {
        String line = SERVED.toLine();
        assertThatThrownBy(() -> ServedServices.parse("Warning: Permanently added host")).isInstanceOf(
                IllegalArgumentException.class).hasMessageStartingWith("not the line of fairbench services serve");
        assertThatThrownBy(() -> ServedServices.parse(line.replace(",\"redis_pid\":4250", "")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("pid")
                .hasMessageNotContaining("3d4e5f");
        assertThatThrownBy(() -> ServedServices.parse(line.replace("redis://", "http://")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("redis_url");
    }

    @Test
    void optionsTakeIpLiteralsAndCidrsOnly() {
        ServiceOptions defaults = ServiceOptions.defaults();
        assertThat(defaults.listenAddress()).isEqualTo("127.0.0.1");
        assertThat(defaults.allowedNetworks()).isEmpty();
        ServiceOptions served = defaults.withListen("10.213.7.12", List.of("10.213.7.0/24", "fd00::/64"));
        assertThat(served.withPorts(21000, 21001).allowedNetworks()).containsExactly("10.213.7.0/24", "fd00::/64");
        assertThat(served.withPorts(21000, 21001).listenAddress()).isEqualTo("10.213.7.12");
        assertThatThrownBy(() -> defaults.withListen("db.example.net", List.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("not an IP address: db.example.net");
        assertThatThrownBy(() -> defaults.withListen("10.0.0.256", List.of()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> defaults.withListen("10.0.0.1", List.of("10.0.0.0")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("CIDR");
        assertThatThrownBy(() -> defaults.withListen("10.0.0.1", List.of("10.0.0.0/33")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("32 bits");
        assertThat(new EmbeddedRedis(defaults.dataDir(), 21001, "::1").endpoint()).isEqualTo("[::1]:21001");
    }
}
