package dev.fairbench.hosts;

import java.nio.file.Path;

/** The checks that {@link Host#copyTo} shares between hosts. */
final class Copies {
    private Copies() {
    }

    /** {@code target} as a normalized absolute path that is not the root, else a one-line failure. */
    static Path checkTarget(String hostName, String target) {
        Path path = Path.of(target).normalize();
        if (!path.isAbsolute() || path.getParent() == null) {
            throw new HostException(hostName + ": cannot copy to '" + target
                    + "': the target must be an absolute path below /");
        }
        return path;
    }

    static void require(String hostName, String what, ExecResult result) {
        if (!result.succeeded()) {
            throw new HostException(hostName + ": cannot " + what + " (exit " + result.exitCode() + "): "
                    + result.lastErrorLine());
        }
    }
}
