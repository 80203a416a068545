package dev.fairbench.report.render;

import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.MissingResourceException;
import java.util.ResourceBundle;

/**
 * The words and number formats of one report language, from the UTF-8 resource bundle
 * {@code dev/fairbench/report/messages[_uk].properties}.
 *
 * <p>Placeholders are {@code {0}}, {@code {1}}, … replaced literally (not {@link java.text.MessageFormat}, whose
 * quoting rules would eat the apostrophes of Ukrainian text); arguments are strings, numbers being formatted
 * first with the methods below.
 *
 * <p>Numbers: the decimal separator is the locale's ({@code .} in English, {@code ,} in Ukrainian, from
 * {@link DecimalFormatSymbols}); digits are grouped by three with a no-break space U+00A0 in every language (SI
 * style, as the round-2 reports), so {@code 12345.6} prints as {@code 12 345.6} or {@code 12 345,6}, and a
 * number never wraps across lines. Negative numbers use the locale's minus sign. Instances are immutable and
 * thread-safe for reading; the {@link DecimalFormat}s are created per call.
 */
public final class Messages {
    /** The report languages, the first being the default. */
    public static final List<String> LANGUAGES = List.of("en", "uk");
    /** The grouping separator of every language. */
    public static final char GROUPING = '\u00A0';

    private final Locale locale;
    private final ResourceBundle bundle;

    private Messages(Locale locale) {
        this.locale = locale;
        this.bundle = ResourceBundle.getBundle("dev.fairbench.report.messages", locale,
                ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES));
    }

    /**
     * Messages of a language code from {@link #LANGUAGES}.
     *
     * @throws IllegalArgumentException for any other code
     */
    public static Messages of(String language) {
        if (!LANGUAGES.contains(language)) {
            throw new IllegalArgumentException("unknown report language '" + language + "' (expected one of "
                    + String.join(", ", LANGUAGES) + ")");
        }
        return new Messages(language.equals("en") ? Locale.ROOT : Locale.forLanguageTag(language));
    }

    /** The language code, e.g. {@code en}. */
    public String language() {
        return locale.getLanguage().isEmpty() ? "en" : locale.getLanguage();
    }

    /** The text of a key with its placeholders replaced. */
    public String get(String key, Object... args) {
        String text;
        try {
            text = bundle.getString(key);
        } catch (MissingResourceException e) {
            throw new IllegalStateException("message '" + key + "' missing for language " + language(), e);
        }
        for (int i = 0; i < args.length; i++) {
            text = text.replace("{" + i + "}", String.valueOf(args[i]));
        }
        return text;
    }

    /** Whether the bundle has this key (for optional per-route or per-language names). */
    public boolean has(String key) {
        return bundle.containsKey(key);
    }

    /** A number with exactly {@code decimals} decimals, grouped by three. */
    public String number(double value, int decimals) {
        DecimalFormatSymbols symbols = DecimalFormatSymbols.getInstance(locale.equals(Locale.ROOT) ? Locale.ENGLISH
                : locale);
        symbols.setGroupingSeparator(GROUPING);
        StringBuilder pattern = new StringBuilder("#,##0");
        if (decimals > 0) {
            pattern.append('.').append("0".repeat(decimals));
        }
        DecimalFormat format = new DecimalFormat(pattern.toString(), symbols);
        format.setRoundingMode(java.math.RoundingMode.HALF_EVEN);
        String text = format.format(value);
        // DecimalFormat prints -0 for small negative values rounded to zero
        return text.matches("^\\D0([.,]0*)?$") ? text.substring(1) : text;
    }

    /** A whole number, grouped by three. */
    public String integer(double value) {
        return number(value, 0);
    }

    /** A fraction as a percentage with one decimal, e.g. {@code 0.0123} → {@code 1.2%}. */
    public String percent(double fraction) {
        return number(fraction * 100, 1) + "%";
    }

    /** Bytes as mebibytes with one decimal, e.g. {@code 6.3 MiB}. */
    public String mib(long bytes) {
        return number(bytes / 1048576.0, 1) + " " + get("unit.mib");
    }

    /** A day, e.g. {@code 30 November 2026} / {@code 30 листопада 2026}, in UTC. */
    public String date(Instant instant) {
        return DateTimeFormatter.ofPattern("d MMMM yyyy", locale.equals(Locale.ROOT) ? Locale.ENGLISH : locale)
                .withZone(ZoneOffset.UTC).format(instant);
    }

    /** A moment, e.g. {@code 2026-11-30 10:00 UTC}. */
    public String dateTime(Instant instant) {
        return DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT).withZone(ZoneOffset.UTC)
                .format(instant);
    }

    /** The display name of a route, e.g. {@code Index, cached}. */
    public String route(String route) {
        return has("route." + route) ? get("route." + route) : route;
    }

    /** The display name of a language, e.g. {@code Java}. */
    public String languageName(String language) {
        return has("lang." + language) ? get("lang." + language)
                : language.isEmpty() ? language : Character.toUpperCase(language.charAt(0)) + language.substring(1);
    }
}
