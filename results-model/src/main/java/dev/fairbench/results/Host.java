package dev.fairbench.results;

/**
 * The machine the session ran on.
 *
 * @param cpuModel    processor model name as the OS reports it
 * @param logicalCpus logical CPUs the OS sees
 * @param memoryBytes physical memory
 * @param os          operating system name and version, e.g. {@code Debian GNU/Linux 13}
 * @param kernel      kernel release, e.g. {@code 6.12.48-amd64}
 */
public record Host(String cpuModel, int logicalCpus, long memoryBytes, String os, String kernel) {
}
