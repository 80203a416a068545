package dev.fairbench.templates;

import java.time.LocalDate;
import java.util.List;

/**
 * Everything the post page ({@code GET /post/{slug}}) shows. Text is raw; the templates escape it.
 *
 * @param title       unescaped
 * @param author      author name, unescaped
 * @param publishedOn written as {@code YYYY-MM-DD}
 * @param body        unescaped, line feeds kept
 * @param tags        in ascending tag id; may be empty
 * @param comments    oldest first; their number is the page's comment count
 */
public record PostPage(String title, String author, LocalDate publishedOn, String body, List<TagLink> tags,
                       List<CommentView> comments) {}
