package dev.fairbench.services;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * Removes secrets from text meant for people or files: results, {@code environment.json}, reports, logs and error
 * messages. Replaces the password of every URL ({@code scheme://user:password@host} becomes
 * {@code scheme://user:***@host}), {@code password=} parameters, and every secret {@link #register(String)
 * registered} (the embedded servers' generated passwords, wherever they appear, e.g. in an echoed command).
 * Thread-safe; idempotent.
 */
public final class Redaction {
    /** What a secret is replaced with. */
    public static final String MASK = "***";
    private static final Pattern URL_PASSWORD =
            Pattern.compile("(?i)\\b([a-z][a-z0-9+.-]*://[^/\\s:@?#]*:)[^@\\s/]*@");
    private static final Pattern PASSWORD_PARAMETER = Pattern.compile("(?i)([?&;\\s]password=)[^&\\s]*");
    private static final Set<String> SECRETS = ConcurrentHashMap.newKeySet();

    private Redaction() {}

    /** {@code text} with every secret masked; {@code null} stays {@code null}. */
    public static String redact(String text) {
        if (text == null || text.isEmpty()) return text;
        String out = URL_PASSWORD.matcher(text).replaceAll("$1" + MASK + "@");
        out = PASSWORD_PARAMETER.matcher(out).replaceAll("$1" + MASK);
        for (String secret : SECRETS) {
            if (out.contains(secret)) out = out.replace(secret, MASK);
        }
        return out;
    }

    /**
     * Masks this secret wherever {@link #redact(String)} finds it from now on. Secrets shorter than 8 characters are
     * ignored: masking them would garble ordinary words.
     */
    public static void register(String secret) {
        if (secret != null && secret.length() >= 8) SECRETS.add(secret);
    }

    /** Also registers the password of a URL that has one ({@code scheme://user:password@…}). */
    public static void registerUrl(String url) {
        if (url == null) return;
        var m = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*://[^/\\s:@]*:([^@\\s/]*)@").matcher(url);
        if (m.find()) register(m.group(1));
    }

    /** Lowercase hex SHA-256 of a string's UTF-8 bytes. */
    static String sha256Hex(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
