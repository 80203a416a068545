package dev.fairbench.multiload;

/** A load part that never says ready: it starts and sleeps, as a hung host would. */
final class SilentLoad {
    private SilentLoad() {
    }

    public static void main(String[] args) throws InterruptedException {
        Thread.sleep(120_000);
    }
}
