package dev.fairbench.workload.data;

/** A row of {@code authors}. */
public record Author(int id, String name) {}
