package dev.fairbench.workload.conformance;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The page a cache value holds, in each format the gate reads. */
class PageCacheFormatTest {
    private static final byte[] PAGE = "<p>caf\u00e9 &amp; \"tea\"</p>\n".getBytes(StandardCharsets.UTF_8);

    @Test
    void rawIsThePageItself() {
        assertThat(PageCacheFormat.RAW.page(PAGE)).containsSame(PAGE);
    }

    @Test
    void jsonBase64IsTheDecodedBodyWhateverTheOtherFields() {
        String body = Base64.getEncoder().encodeToString(PAGE);
        byte[] stored = ("{\"status\":200,\"content_type\":\"text/html; charset=utf-8\",\"body\":\"" + body + "\"}")
                .getBytes(StandardCharsets.UTF_8);
        assertThat(PageCacheFormat.JSON_BASE64.page(stored)).hasValueSatisfying(p -> assertThat(p).isEqualTo(PAGE));
        assertThat(PageCacheFormat.JSON_BASE64.page(("{\"body\":\"" + body + "\"}").getBytes(StandardCharsets.UTF_8)))
                .hasValueSatisfying(p -> assertThat(p).isEqualTo(PAGE));
    }

    /** A value in another format holds no page, so that an app storing raw bytes fails a json-base64 gate. */
    @Test
    void aValueNotInTheFormatHoldsNoPage() {
        for (String stored : new String[] {"<html></html>", "{\"status\":200}", "{\"body\":\"@@not base64\"}",
                "{\"body\":42}", "[1,2]"}) {
            byte[] bytes = stored.getBytes(StandardCharsets.UTF_8);
            assertThat(PageCacheFormat.JSON_BASE64.page(bytes)).as(stored).isEmpty();
        }
        assertThat(PageCacheFormat.JSON_BASE64.page(PAGE)).as("a raw page").isEmpty();
    }

    @Test
    void namesAsInTheRegistry() {
        assertThat(PageCacheFormat.keys()).containsExactly("raw", "json-base64");
        assertThat(PageCacheFormat.byKey("json-base64")).isEqualTo(PageCacheFormat.JSON_BASE64);
        assertThatThrownBy(() -> PageCacheFormat.byKey("json")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown page cache format 'json' (expected one of raw, json-base64)");
    }
}
