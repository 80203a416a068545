package dev.fairbench.workload.data;

/** A row of {@code comments}. */
public record Comment(int id, int postId, String authorName, String body) {}
