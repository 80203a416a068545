package dev.fairbench.hosts;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a placement file may add to the user's own SSH setup: another configuration file (as {@code ssh -F}, which
 * then replaces {@code ~/.ssh/config}) and an identity (as {@code ssh -i}). Both empty means ssh as the user has it.
 */
public record SshOptions(Optional<Path> config, Optional<Path> identity) {
    public static final SshOptions DEFAULT = new SshOptions(Optional.empty(), Optional.empty());

    public SshOptions {
        config = config.map(Path::toAbsolutePath);
        identity = identity.map(Path::toAbsolutePath);
    }

    /** The options as arguments of {@code ssh}, {@code scp} and {@code rsync -e ssh}. */
    List<String> arguments() {
        List<String> args = new ArrayList<>();
        config.ifPresent(c -> args.addAll(List.of("-F", c.toString())));
        identity.ifPresent(i -> args.addAll(List.of("-i", i.toString(), "-o", "IdentitiesOnly=yes")));
        return args;
    }
}
