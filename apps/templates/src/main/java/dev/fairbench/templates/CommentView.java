package dev.fairbench.templates;

/**
 * One comment of the post page. Text is raw; the templates escape it.
 *
 * @param authorName the commenter's name, unescaped
 * @param body       the comment, unescaped
 */
public record CommentView(String authorName, String body) {}
