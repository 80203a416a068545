package dev.fairbench.runner.registry;

/** A registry file or entry that cannot be used; the message is one line that names the file, the app and the fix. */
public final class RegistryException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public RegistryException(String message) {
        super(message);
    }

    public RegistryException(String message, Throwable cause) {
        super(message, cause);
    }
}
