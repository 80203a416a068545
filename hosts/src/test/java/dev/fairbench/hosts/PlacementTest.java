package dev.fairbench.hosts;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class PlacementTest {
    private static final String VALID = """
            [app]
            host = "bench@app1"
            cpus = "0-3"
            workdir = "/srv/fairbench"

            [services]
            host = "db1"
            cpus = "0-1,3"
            workdir = "/srv/fairbench"

            [[load]]
            host = "load1"
            cpus = "0-7"
            workdir = "/srv/fairbench"

            [[load]]
            host = "local"
            cpus = "2"
            workdir = "/tmp/fairbench-load"
            """;

    @TempDir
    Path dir;

    @Test
    void readsEachRoleWithItsHostCpusAndWorkdir() throws IOException {
        Placement placement = Placement.load(write(VALID));
        assertThat(placement.app()).isEqualTo(new RolePlacement("app", "bench@app1",
                Optional.of(CpuList.parse("0-3")), Optional.of("/srv/fairbench"), Optional.empty()));
        assertThat(placement.services().cpus()).map(CpuList::cpus).hasValue(List.of(0, 1, 3));
        assertThat(placement.load()).extracting(RolePlacement::host).containsExactly("load1", "local");
        assertThat(placement.load().get(1).isLocal()).isTrue();
        assertThat(placement.isAllLocal()).isFalse();
        assertThat(placement.ssh()).isEqualTo(SshOptions.DEFAULT);
    }

    @Test
    void withoutAFileEverythingIsLocalAsBefore() {
        Placement placement = Placement.allLocal();
        assertThat(placement.all()).extracting(RolePlacement::role).containsExactly("app", "services", "load");
        assertThat(placement.isAllLocal()).isTrue();
        assertThat(placement.app().cpus()).isEmpty();
        assertThat(placement.file()).isEmpty();
    }

    @Test
    void sshOptionsAreFilesRelativeToThePlacementFile() throws IOException {
        Files.writeString(dir.resolve("ssh_config"), "Host *\n");
        Files.writeString(dir.resolve("id_bench"), "key\n");
        Placement placement = Placement.load(write("ssh_config = \"ssh_config\"\nidentity = \"id_bench\"\n" + VALID));
        assertThat(placement.ssh().config()).hasValue(dir.resolve("ssh_config"));
        assertThat(placement.ssh().arguments()).containsExactly("-F", dir.resolve("ssh_config").toString(),
                "-i", dir.resolve("id_bench").toString(), "-o", "IdentitiesOnly=yes");
    }

    @Test
    void theRolesMayStandUnderAPlacementTable() throws IOException {
        String nested = VALID.replace("[app]", "[placement.app]").replace("[services]", "[placement.services]")
                .replace("[[load]]", "[[placement.load]]");
        assertThat(Placement.load(write(nested)).app().host()).isEqualTo("bench@app1");
    }

    @Test
    void anUnknownKeyIsOneLine() throws IOException {
        assertThat(problems(VALID.replace("cpus = \"0-3\"", "cpu = \"0-3\"")))
                .containsExactly("hosts.toml: [app]: unknown key 'cpu' (expected one of address, cpus, host, workdir)",
                        "hosts.toml: [app]: missing 'cpus'");
        assertThat(problems("user = \"bench\"\n" + VALID)).containsExactly(
                "hosts.toml: unknown key 'user' (expected one of app, identity, load, services, ssh_config)");
    }

    @Test
    void aMissingRoleIsOneLineEach() throws IOException {
        String onlyApp = VALID.substring(0, VALID.indexOf("[services]"));
        assertThat(problems(onlyApp)).containsExactly(
                "hosts.toml: missing [services]: the host of the services (host, cpus, workdir)",
                "hosts.toml: missing [[load]]: at least one load host (host, cpus, workdir)");
        assertThat(problems(VALID.replace("[[load]]", "[load]").replace("""
                [load]
                host = "local"
                cpus = "2"
                workdir = "/tmp/fairbench-load"
                """, ""))).containsExactly(
                "hosts.toml: 'load' must be a list of tables, [[load]] once per load host");
    }

    @Test
    void aBadCpuListSaysWhatIsWrong() throws IOException {
        assertThat(problems(VALID.replace("\"0-3\"", "\"3-0\""))).containsExactly(
                "hosts.toml: [app]: bad CPU list '3-0': range 3-0 goes down (write it as taskset -c does, like \"0-1,3\")");
        assertThat(problems(VALID.replace("\"0-3\"", "\"0-2,2\""))).singleElement().asString()
                .contains("CPU 2 is listed twice");
        assertThat(problems(VALID.replace("\"0-3\"", "\"0;1\""))).singleElement().asString()
                .contains("'0;1' is not a CPU number or a range N-M");
        assertThat(problems(VALID.replace("\"0-3\"", "\"\""))).containsExactly(
                "hosts.toml: [app]: 'cpus' must be a non-empty string");
        assertThat(problems(VALID.replace("\"0-3\"", "4"))).containsExactly(
                "hosts.toml: [app]: 'cpus' must be a non-empty string");
    }

    @Test
    void aLoadHostTwiceIsOneLine() throws IOException {
        assertThat(problems(VALID.replace("host = \"local\"", "host = \"load1\""))).containsExactly(
                "hosts.toml: [[load]] 2: host 'load1' is already load host 1 "
                        + "(a host appears once in [[load]]: give it more CPUs instead)");
    }

    @Test
    void aDestinationThatSshWouldReadAsAnOptionIsRefused() throws IOException {
        assertThat(problems(VALID.replace("\"db1\"", "\"-oProxyCommand=x\""))).containsExactly(
                "hosts.toml: [services]: host '-oProxyCommand=x': an SSH destination does not start with '-'");
    }

    @Test
    void anAddressIsOptionalAndMustBeAUrlHost() throws IOException {
        Placement placement = Placement.load(write(VALID.replace("workdir = \"/srv/fairbench\"\n\n[services]",
                "workdir = \"/srv/fairbench\"\naddress = \"10.0.0.11\"\n\n[services]")));
        assertThat(placement.app().address()).hasValue("10.0.0.11");
        assertThat(placement.services().address()).isEmpty();
        assertThat(problems(VALID.replace("workdir = \"/srv/fairbench\"\n\n[services]",
                "workdir = \"/srv/fairbench\"\naddress = \"http://x/\"\n\n[services]"))).containsExactly(
                "hosts.toml: [app]: address 'http://x/': an address is an IPv4 address or a host name (letters, "
                        + "digits, '-' and '.')");
    }

    @Test
    void aRelativeWorkdirIsRefused() throws IOException {
        assertThat(problems(VALID.replace("workdir = \"/srv/fairbench\"\n\n[services]",
                "workdir = \"fairbench\"\n\n[services]"))).containsExactly(
                "hosts.toml: [app]: workdir 'fairbench' must be an absolute folder below / on that host");
    }

    @Test
    void aMissingSshConfigIsOneLine() throws IOException {
        assertThat(problems("ssh_config = \"nowhere\"\n" + VALID)).singleElement().asString()
                .startsWith("hosts.toml: ssh_config 'nowhere': no such file (");
    }

    @Test
    void everyMistakeIsReportedNotOnlyTheFirst() throws IOException {
        String text = VALID.replace("\"0-3\"", "\"x\"").replace("host = \"local\"", "host = \"load1\"")
                .replace("workdir = \"/tmp/fairbench-load\"", "workdir = \"/tmp/fairbench-load\"\nport = 22");
        assertThat(problems(text)).hasSize(3);
    }

    @Test
    void invalidTomlAndAMissingFileAreOneLine() throws IOException {
        assertThat(problems("[app\nhost = 1")).singleElement().asString().startsWith("hosts.toml: not valid TOML: ");
        assertThatThrownBy(() -> Placement.load(dir.resolve("absent.toml")))
                .hasMessage(dir.resolve("absent.toml") + ": no such file (the placement of app, services and load)");
    }

    @Test
    void cpuListsPrintInTheirCanonicalForm() {
        assertThat(CpuList.parse(" 3, 0-1 ,2,7 ")).hasToString("0-3,7");
        assertThat(CpuList.parse("5").count()).isEqualTo(1);
    }

    private Path write(String text) throws IOException {
        return Files.writeString(dir.resolve("hosts.toml"), text);
    }

    private List<String> problems(String text) throws IOException {
        PlacementException e = catchThrowableOfType(PlacementException.class, () -> Placement.load(write(text)));
        assertThat(e).as("a PlacementException").isNotNull();
        assertThat(e.getMessage()).isEqualTo(String.join("\n", e.problems()));
        return e.problems();
    }
}
