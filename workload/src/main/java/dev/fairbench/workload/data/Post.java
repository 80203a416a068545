package dev.fairbench.workload.data;

import java.time.LocalDate;

/** A row of {@code posts}. */
public record Post(int id, int authorId, String slug, String title, String body, LocalDate publishedOn) {}
