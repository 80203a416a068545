package dev.fairbench.hosts;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A stand-in coordinator for the tests that kill one: started as a child JVM with a host ({@code local} or an SSH
 * destination) and an ssh_config, it starts {@code sleep 600} there through {@link Host#start}, prints
 * {@code ready PID} (the pid of that sleep) once it runs, and waits to be killed.
 */
public final class TiedChild {
    private TiedChild() {
    }

    public static void main(String[] args) throws Exception {
        String destination = args[0];
        SshOptions options = args.length > 1
                ? new SshOptions(Optional.of(Path.of(args[1])), Optional.empty()) : SshOptions.DEFAULT;
        Host host = Host.open(destination, options);
        TiedProcess sleep = host.start(List.of("sh", "-c", "echo $$; exec sleep 600"));
        String pid = new BufferedReader(new InputStreamReader(sleep.stdout(), StandardCharsets.UTF_8)).readLine();
        System.out.println("ready " + pid);
        System.out.flush();
        Thread.sleep(600_000);
    }
}
