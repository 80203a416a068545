package dev.fairbench.workload.data;

/** A row of {@code post_tags}. */
public record PostTag(int postId, int tagId) {}
