package dev.fairbench.multiload;

/** A load part that fails before it is ready as {@code fairbench load} does when its target refuses connections. */
final class UnreachableLoad {
    private UnreachableLoad() {
    }

    public static void main(String[] args) {
        System.err.println("load: error: cannot connect to 127.0.0.1:9: Connection refused");
        System.exit(4);
    }
}
