package dev.fairbench.workload.data;

/** A row of {@code tags}. */
public record Tag(int id, String slug, String name) {}
