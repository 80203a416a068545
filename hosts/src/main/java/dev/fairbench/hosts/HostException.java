package dev.fairbench.hosts;

/** A host that cannot do what was asked, with a one-line message that names the host. */
public final class HostException extends RuntimeException {
    public HostException(String message) {
        super(message);
    }

    public HostException(String message, Throwable cause) {
        super(message, cause);
    }
}
