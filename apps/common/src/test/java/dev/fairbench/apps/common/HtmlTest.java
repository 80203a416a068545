package dev.fairbench.apps.common;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The contract's escaper: the five characters and nothing else, as the harness escapes them. */
class HtmlTest {

    @Test
    void escapesExactlyTheFiveCharacters() {
        assertThat(Html.escape("a & b < c > d \" e ' f / + é ї"))
                .isEqualTo("a &amp; b &lt; c &gt; d &#34; e &#39; f / + é ї");
    }

    @Test
    void sameAsTheHarness() {
        for (String text : new String[] {"", "plain", "<script>alert(1)</script>", "&&", "'\"'", "Київ & Zürich\n<b>",
                "end&"}) {
            assertThat(Html.escape(text)).isEqualTo(dev.fairbench.workload.render.Html.escape(text));
        }
    }

    @Test
    void textWithoutSpecialCharactersIsReturnedAsItIs() {
        String text = "nothing to escape";
        assertThat(Html.escape(text)).isSameAs(text);
    }
}
