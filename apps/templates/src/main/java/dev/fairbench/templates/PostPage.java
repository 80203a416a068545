package dev.fairbench.templates;

import java.time.LocalDate;
import java.util.List;

/**
 * Everything the post page ({@code GET /post/{slug}}) shows. Text is raw; the templates escape it.
 *
 * @param title       unescaped
 * @param body        unescaped, line feeds kept
 * @param author      author name, unescaped
 * @param publishedOn written as {@code YYYY-MM-DD}
 * @param tags        in ascending tag id; may be empty
 * @param comments    oldest first; their number is the page's comment count
 */
public record PostPage(String title, String body, String author, LocalDate publishedOn, List<TagLink> tags,
                       List<CommentLine> comments) {}
