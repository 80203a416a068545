package dev.fairbench.results;

/**
 * Read- and write-family system calls of a process tree over a measured window, as the kernel's I/O accounting
 * counts them ({@code syscr} and {@code syscw} of {@code /proc/<pid>/io}, summed over the tree's live processes,
 * each with its exited threads and reaped children). The kernel counts {@code read}, {@code readv},
 * {@code pread64}, {@code write}, {@code writev}, {@code pwrite64} and the like, whatever the file is, but not the
 * socket calls {@code recv}, {@code recvmsg}, {@code send} and {@code sendmsg}: a runtime that reads sockets with
 * {@code recv} (Rust's standard library, PostgreSQL) shows none of those reads. So these counts compare one app's
 * windows with each other (how many requests one call carries, start after start), not one app with another.
 *
 * @param reads  read-family calls, {@code syscr}
 * @param writes write-family calls, {@code syscw}
 */
public record IoCalls(long reads, long writes) {
    public IoCalls {
        if (reads < 0 || writes < 0) {
            throw new IllegalArgumentException("negative system call count: " + reads + " reads, " + writes + " writes");
        }
    }
}
