package dev.fairbench.hosts;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The address by which the other roles reach a role's host: the placement's {@code address} when it gives one,
 * {@code 127.0.0.1} for {@link Host#LOCAL}, else the host name that OpenSSH itself would connect to for the
 * destination ({@code ssh -G DEST}, which applies the user's configuration: a {@code Host} alias's
 * {@code HostName}, the part after {@code user@}). Stateless.
 */
public final class HostAddress {
    /** The address of the local host's roles. */
    public static final String LOOPBACK = "127.0.0.1";
    private static final Duration SSH_G_TIMEOUT = Duration.ofSeconds(30);

    private HostAddress() {
    }

    /**
     * The address of {@code role}'s host.
     *
     * @throws HostException naming the host when {@code ssh -G} fails or names no host
     */
    public static String of(RolePlacement role, SshOptions ssh) {
        if (role.address().isPresent()) return role.address().get();
        if (role.isLocal()) return LOOPBACK;
        List<String> argv = new ArrayList<>(List.of("ssh", "-G"));
        argv.addAll(ssh.arguments());
        argv.addAll(List.of("--", role.host()));
        ExecResult result = new LocalHost().run(argv, SSH_G_TIMEOUT);
        if (!result.succeeded()) {
            throw new HostException("host " + role.host() + ": 'ssh -G' failed (exit " + result.exitCode() + "): "
                    + result.lastErrorLine() + " (give its address in the placement file)");
        }
        String name = hostnameOf(result.stdout());
        if (name == null) {
            throw new HostException("host " + role.host() + ": 'ssh -G' names no hostname (give its address in the "
                    + "placement file)");
        }
        return name;
    }

    /** The value of the {@code hostname} line of {@code ssh -G} output, or null when there is none. */
    static String hostnameOf(String sshGOutput) {
        for (String line : sshGOutput.lines().toList()) {
            String[] words = line.strip().split("\\s+", 2);
            if (words.length == 2 && words[0].equalsIgnoreCase("hostname") && !words[1].isBlank()) {
                return words[1].strip();
            }
        }
        return null;
    }
}
