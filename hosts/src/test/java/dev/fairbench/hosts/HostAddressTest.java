package dev.fairbench.hosts;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostAddressTest {
    @TempDir
    Path dir;

    private static RolePlacement role(String host, Optional<String> address) {
        return new RolePlacement("app", host, Optional.of(CpuList.parse("0")), Optional.of("/tmp/x"), address);
    }

    @Test
    void theGivenAddressWins() {
        assertThat(HostAddress.of(role("bench@app1", Optional.of("10.0.0.11")), SshOptions.DEFAULT))
                .isEqualTo("10.0.0.11");
    }

    @Test
    void theLocalHostIsLoopback() {
        assertThat(HostAddress.of(role(Host.LOCAL, Optional.empty()), SshOptions.DEFAULT)).isEqualTo("127.0.0.1");
    }

    @Test
    void anAliasResolvesAsSshWouldThroughTheConfiguration() throws IOException {
        Path config = Files.writeString(dir.resolve("ssh_config"), "Host bench-app\n  HostName 10.9.8.7\n  User bench\n");
        SshOptions ssh = new SshOptions(Optional.of(config), Optional.empty());
        assertThat(HostAddress.of(role("bench-app", Optional.empty()), ssh)).isEqualTo("10.9.8.7");
        assertThat(HostAddress.of(role("root@other-host", Optional.empty()), ssh)).isEqualTo("other-host");
    }

    @Test
    void theHostnameLineIsFoundInSshGOutput() {
        assertThat(HostAddress.hostnameOf("user bench\nhostname 10.1.2.3\nport 22\n")).isEqualTo("10.1.2.3");
        assertThat(HostAddress.hostnameOf("user bench\n")).isNull();
    }
}
