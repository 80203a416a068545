package dev.fairbench.templates;

import java.time.LocalDate;
import java.util.List;

/**
 * One post line of the index and tag pages (contract section 4.2). Text is raw; the templates escape it.
 *
 * @param slug         post slug, {@code [a-z0-9-]+}
 * @param title        unescaped
 * @param author       author name, unescaped
 * @param publishedOn  written as {@code YYYY-MM-DD}
 * @param commentCount number of comments of the post, 0 when it has none
 * @param tags         the post's tags in ascending tag id; may be empty
 */
public record PostSummary(String slug, String title, String author, LocalDate publishedOn, long commentCount,
                       List<TagLink> tags) {}
