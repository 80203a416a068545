package dev.fairbench.results;

/**
 * The machine the session ran on.
 *
 * @param cpuModel    processor model name as the OS reports it
 * @param logicalCpus logical CPUs the OS sees
 * @param memoryBytes physical memory
 * @param os          operating system name and version, e.g. {@code Debian GNU/Linux 13}
 * @param kernel      kernel release, e.g. {@code 6.12.48-amd64}
 * @param cpuGovernor CPU frequency governor of CPU 0 ({@code performance}, {@code powersave}, ...), {@code unknown}
 *                    when the kernel exposes none (e.g. in most VMs); {@code null} in results written before it
 *                    was recorded
 * @param smt         simultaneous multithreading: {@code on} (sibling threads share a core), {@code off} or
 *                    {@code unknown}; {@code null} in results written before it was recorded
 */
public record Host(String cpuModel, int logicalCpus, long memoryBytes, String os, String kernel, String cpuGovernor,
                   String smt) {

    /** A host without the governor and SMT facts (results written before they were recorded, tests). */
    public Host(String cpuModel, int logicalCpus, long memoryBytes, String os, String kernel) {
        this(cpuModel, logicalCpus, memoryBytes, os, kernel, null, null);
    }
}
