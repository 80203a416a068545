package dev.fairbench.templates;

import dev.fairbench.apps.common.Html;
import gg.jte.TemplateOutput;
import gg.jte.output.Utf8ByteOutput;

/**
 * A JTE output that escapes every {@code ${...}} value with the contract's escaper ({@link Html#escape}: exactly
 * {@code & < > " '}) and writes the templates' own text as it is, UTF-8 encoded. JTE's HTML mode is not used
 * because it leaves quotes unescaped in text. One instance per page; not thread-safe.
 */
public final class ContractHtmlOutput implements TemplateOutput {
    private final Utf8ByteOutput bytes;

    /** @param initialCapacityBytes size of the first chunk; a page larger than this takes more chunks */
    public ContractHtmlOutput(int initialCapacityBytes) {
        bytes = new Utf8ByteOutput(initialCapacityBytes);
    }

    @Override
    public void writeContent(String value) {
        bytes.writeContent(value);
    }

    @Override
    public void writeContent(String value, int beginIndex, int endIndex) {
        bytes.writeContent(value, beginIndex, endIndex);
    }

    @Override
    public void writeBinaryContent(byte[] value) {
        bytes.writeBinaryContent(value);
    }

    @Override
    public void writeUserContent(String value) {
        if (value != null) bytes.writeContent(Html.escape(value));
    }

    /** Bytes written so far. */
    public int lengthBytes() {
        return bytes.getContentLength();
    }

    /** A copy of the page's bytes. */
    public byte[] toByteArray() {
        return bytes.toByteArray();
    }
}
