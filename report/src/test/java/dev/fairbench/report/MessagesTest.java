package dev.fairbench.report;

import dev.fairbench.report.render.Messages;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MessagesTest {
    private static Properties load(String name) throws Exception {
        Properties p = new Properties();
        try (InputStream in = Messages.class.getResourceAsStream("/dev/fairbench/report/" + name)) {
            p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        }
        return p;
    }

    @Test
    void everyLanguageHasEveryKeyWithTheSamePlaceholders() throws Exception {
        Properties en = load("messages.properties");
        Properties uk = load("messages_uk.properties");
        assertThat(uk.keySet()).isEqualTo(en.keySet());
        for (Object key : en.keySet()) {
            for (int i = 0; i < 8; i++) {
                String ph = "{" + i + "}";
                assertThat(uk.getProperty((String) key).contains(ph)).as(key + " " + ph)
                        .isEqualTo(en.getProperty((String) key).contains(ph));
            }
        }
    }

    @Test
    void numbersFollowTheLocaleWithNoBreakSpaceGrouping() {
        Messages en = Messages.of("en");
        Messages uk = Messages.of("uk");
        assertThat(en.number(12345.64, 1)).isEqualTo("12\u00A0345.6");
        assertThat(uk.number(12345.64, 1)).isEqualTo("12\u00A0345,6");
        assertThat(en.integer(1234567)).isEqualTo("1\u00A0234\u00A0567");
        assertThat(en.percent(0.0125)).isEqualTo("1.2%");
        assertThat(uk.percent(0.0135)).isEqualTo("1,4%");
        assertThat(en.number(-0.001, 1)).isEqualTo("0.0");
        assertThat(en.mib(6_606_028)).isEqualTo("6.3 MiB");
    }

    @Test
    void datesAndWordsAreLocalized() {
        Instant day = Instant.parse("2026-11-30T10:00:00Z");
        assertThat(Messages.of("en").date(day)).isEqualTo("30 November 2026");
        assertThat(Messages.of("uk").date(day)).isEqualTo("30 листопада 2026");
        assertThat(Messages.of("uk").route("index-cached")).isEqualTo("Індекс, кешований");
        assertThat(Messages.of("uk").get("rules.pool", "16", "4")).contains("з'єднань");
        assertThat(Messages.of("en").languageName("zig")).isEqualTo("Zig");
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"messages.properties", "messages_uk.properties"})
    void noKeyIsDefinedTwice(String name) throws Exception {
        // Properties keeps the last of two definitions silently, so a stale copy further down wins unseen
        java.util.Map<String, Integer> seen = new java.util.HashMap<>();
        java.util.List<String> twice = new java.util.ArrayList<>();
        try (InputStream in = Messages.class.getResourceAsStream("/dev/fairbench/report/" + name)) {
            String[] lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n");
            for (int i = 0; i < lines.length; i++) {
                String line = lines[i].strip();
                if (line.isEmpty() || line.startsWith("#") || !line.contains("=")) continue;
                String key = line.substring(0, line.indexOf('=')).strip();
                Integer first = seen.putIfAbsent(key, i + 1);
                if (first != null) twice.add(key + " (lines " + first + " and " + (i + 1) + ")");
            }
        }
        assertThat(twice).as(name).isEmpty();
    }

    @Test
    void unknownLanguageIsRefused() {
        assertThatThrownBy(() -> Messages.of("de")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("en, uk");
    }
}
