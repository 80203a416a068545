package dev.fairbench.cli;

/** Entry point of {@code fairbench.jar}; exit codes are those of {@link Fairbench}. */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        System.exit(Fairbench.execute(args));
    }
}
