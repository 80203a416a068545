package dev.fairbench.templates;

/**
 * A tag as a page links it: {@code <a href="/tag/{slug}">{name}</a>}. Text is raw; the templates escape it.
 *
 * @param slug tag slug, {@code [a-z0-9-]+}
 * @param name tag name, unescaped
 */
public record TagLink(String slug, String name) {}
