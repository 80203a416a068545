package dev.fairbench.loadgen;

/**
 * Incremental HTTP/1.1 response parser for one connection: status line, {@code Content-Length}, chunked transfer
 * coding (extensions and trailers skipped), {@code Connection: close}, HTTP/1.0 keep-alive, bodiless statuses
 * (1xx, 204, 304, responses to HEAD) and bodies delimited by the end of the connection. Bodies are skipped, not
 * copied; header lines are parsed in place and only a line cut between two reads is buffered, so bytes can arrive
 * split anywhere. Allocation-free after construction.
 * Not thread-safe: one parser per connection, used by its event-loop thread.
 *
 * <p>Use: call {@link #parse} with the readable bytes; when it reports a complete response, read
 * {@link #status()} and {@link #closeAfter()}, then call {@link #parse} again from the returned position.
 */
final class ResponseParser {
    /** Returned position when the response is malformed; {@link #error()} tells why. */
    static final int ERROR = -1;

    private static final int STATUS_LINE = 0;
    private static final int HEADER_LINE = 1;
    private static final int BODY_LENGTH = 2;
    private static final int CHUNK_SIZE = 3;
    private static final int CHUNK_DATA = 4;
    private static final int CHUNK_DATA_END = 5;
    private static final int TRAILER_LINE = 6;
    private static final int BODY_UNTIL_CLOSE = 7;

    private static final int MAX_LINE_BYTES = 16 * 1024;
    private static final byte[] CONTENT_LENGTH = bytes("content-length");
    private static final byte[] TRANSFER_ENCODING = bytes("transfer-encoding");
    private static final byte[] CONNECTION = bytes("connection");
    private static final byte[] CHUNKED = bytes("chunked");
    private static final byte[] CLOSE = bytes("close");
    private static final byte[] KEEP_ALIVE = bytes("keep-alive");

    private final boolean headRequests;
    private final byte[] line = new byte[MAX_LINE_BYTES];
    private int lineLength;
    private int state = STATUS_LINE;
    private boolean complete;
    private String error;

    private int status;
    private boolean http10;
    private boolean closeAfter;
    private boolean keepAlive;
    private boolean chunked;
    private long contentLength;
    private long remaining;
    private boolean chunkSizeDigits;
    private boolean inChunkExtension;

    /** @param headRequests true when the requests are HEAD, whose responses never have a body */
    ResponseParser(boolean headRequests) {
        this.headRequests = headRequests;
    }

    /**
     * Consumes bytes {@code [position, limit)} of {@code bytes} until one response is complete or the bytes run
     * out. Header lines are parsed in place; only a line cut by the end of the bytes is copied, to be completed by
     * the next call.
     *
     * @return the index after the last consumed byte, or {@link #ERROR}; if {@link #complete()} is true a
     *         response ended there
     */
    int parse(byte[] bytes, int position, int limit) {
        complete = false;
        int i = position;
        while (i < limit) {
            switch (state) {
                case STATUS_LINE, HEADER_LINE, TRAILER_LINE -> {
                    int end = i;
                    while (end < limit && bytes[end] != '\n') {
                        end++;
                    }
                    int n = end - i;
                    if (lineLength + n > MAX_LINE_BYTES) {
                        return fail("header line longer than " + MAX_LINE_BYTES + " bytes");
                    }
                    if (end == limit) {
                        System.arraycopy(bytes, i, line, lineLength, n);
                        lineLength += n;
                        return limit;
                    }
                    boolean ok;
                    if (lineLength == 0) {
                        ok = lineComplete(bytes, i, n > 0 && bytes[end - 1] == '\r' ? n - 1 : n);
                    } else {
                        System.arraycopy(bytes, i, line, lineLength, n);
                        int len = lineLength + n;
                        lineLength = 0;
                        ok = lineComplete(line, 0, len > 0 && line[len - 1] == '\r' ? len - 1 : len);
                    }
                    i = end + 1;
                    if (!ok) {
                        return ERROR;
                    }
                    if (complete) {
                        return i;
                    }
                }
                case BODY_LENGTH, CHUNK_DATA -> {
                    long n = Math.min(remaining, limit - i);
                    i += (int) n;
                    remaining -= n;
                    if (remaining == 0) {
                        if (state == CHUNK_DATA) {
                            state = CHUNK_DATA_END;
                        } else {
                            finish();
                            return i;
                        }
                    }
                }
                case CHUNK_SIZE -> {
                    byte b = bytes[i++];
                    if (b == '\n') {
                        if (!chunkSizeDigits) {
                            return fail("missing chunk size");
                        }
                        if (remaining == 0) {
                            state = TRAILER_LINE;
                        } else {
                            state = CHUNK_DATA;
                        }
                    } else if (!inChunkExtension && b != '\r') {
                        int digit = Character.digit(b, 16);
                        if (digit >= 0) {
                            if (remaining > (Long.MAX_VALUE >> 4)) {
                                return fail("chunk size too large");
                            }
                            remaining = (remaining << 4) + digit;
                            chunkSizeDigits = true;
                        } else if (b == ';' || b == ' ' || b == '\t') {
                            inChunkExtension = true;
                        } else {
                            return fail("invalid chunk size");
                        }
                    }
                }
                case CHUNK_DATA_END -> {
                    byte b = bytes[i++];
                    if (b == '\n') {
                        startChunk();
                    } else if (b != '\r') {
                        return fail("chunk data longer than its size");
                    }
                }
                case BODY_UNTIL_CLOSE -> i = limit;
                default -> throw new IllegalStateException("state " + state);
            }
        }
        return i;
    }

    /**
     * Tells the parser the peer closed the connection.
     *
     * @return true if that completed a response whose body runs to the end of the connection
     */
    boolean endOfStream() {
        if (state == BODY_UNTIL_CLOSE) {
            finish();
            closeAfter = true;
            return true;
        }
        return false;
    }

    /** True when the peer closed in the middle of a response (bytes of it had arrived). */
    boolean inResponse() {
        return state != STATUS_LINE || lineLength > 0;
    }

    /** Forgets any partial response, for a new connection. */
    void reset() {
        state = STATUS_LINE;
        lineLength = 0;
        complete = false;
        error = null;
    }

    boolean complete() {
        return complete;
    }

    /** Status code of the response just completed. */
    int status() {
        return status;
    }

    /** True when the server will close the connection after the response just completed. */
    boolean closeAfter() {
        return closeAfter;
    }

    /** Why the last {@link #parse} returned {@link #ERROR}. */
    String error() {
        return error;
    }

    private boolean lineComplete(byte[] src, int off, int len) {
        switch (state) {
            case STATUS_LINE -> {
                if (len == 0) {
                    return true; // tolerate a stray empty line between responses
                }
                if (len < 12 || src[off] != 'H' || src[off + 1] != 'T' || src[off + 2] != 'T'
                        || src[off + 3] != 'P' || src[off + 4] != '/' || src[off + 5] != '1' || src[off + 6] != '.'
                        || src[off + 8] != ' ' || !isDigit(src[off + 9]) || !isDigit(src[off + 10])
                        || !isDigit(src[off + 11]) || (len > 12 && src[off + 12] != ' ')) {
                    fail("malformed status line");
                    return false;
                }
                status = (src[off + 9] - '0') * 100 + (src[off + 10] - '0') * 10 + (src[off + 11] - '0');
                if (status < 100 || status > 599) {
                    fail("status " + status + " out of range");
                    return false;
                }
                http10 = src[off + 7] == '0';
                closeAfter = false;
                keepAlive = false;
                chunked = false;
                contentLength = -1;
                state = HEADER_LINE;
            }
            case HEADER_LINE -> {
                if (len == 0) {
                    return headersDone();
                }
                int colon = indexOf(src, off, len, (byte) ':');
                if (colon <= 0) {
                    fail("malformed header line");
                    return false;
                }
                int valueStart = off + colon + 1;
                int end = off + len;
                while (valueStart < end && (src[valueStart] == ' ' || src[valueStart] == '\t')) {
                    valueStart++;
                }
                if (nameIs(src, off, CONTENT_LENGTH, colon)) {
                    long value = parseDecimal(src, valueStart, end);
                    if (value < 0 || (contentLength >= 0 && contentLength != value)) {
                        fail("invalid Content-Length");
                        return false;
                    }
                    contentLength = value;
                } else if (nameIs(src, off, TRANSFER_ENCODING, colon)) {
                    chunked |= containsIgnoreCase(src, valueStart, end, CHUNKED);
                } else if (nameIs(src, off, CONNECTION, colon)) {
                    closeAfter |= containsIgnoreCase(src, valueStart, end, CLOSE);
                    keepAlive |= containsIgnoreCase(src, valueStart, end, KEEP_ALIVE);
                }
            }
            case TRAILER_LINE -> {
                if (len == 0) {
                    finish();
                }
            }
            default -> throw new IllegalStateException("state " + state);
        }
        return true;
    }

    private boolean headersDone() {
        if (http10 && !keepAlive) {
            closeAfter = true;
        }
        if (status < 200) {
            state = STATUS_LINE; // interim response: the real one follows
            return true;
        }
        if (headRequests || status == 204 || status == 304) {
            finish();
        } else if (chunked) {
            startChunk();
        } else if (contentLength > 0) {
            remaining = contentLength;
            state = BODY_LENGTH;
        } else if (contentLength == 0) {
            finish();
        } else {
            closeAfter = true;
            state = BODY_UNTIL_CLOSE;
        }
        return true;
    }

    private void startChunk() {
        remaining = 0;
        chunkSizeDigits = false;
        inChunkExtension = false;
        state = CHUNK_SIZE;
    }

    private void finish() {
        complete = true;
        state = STATUS_LINE;
    }

    private int fail(String message) {
        error = message;
        return ERROR;
    }

    private static boolean nameIs(byte[] src, int off, byte[] lowerName, int nameLength) {
        if (nameLength != lowerName.length) {
            return false;
        }
        for (int i = 0; i < nameLength; i++) {
            if ((src[off + i] | 0x20) != lowerName[i]) {
                return false;
            }
        }
        return true;
    }

    private static boolean containsIgnoreCase(byte[] src, int from, int to, byte[] lowerWord) {
        outer:
        for (int i = from; i + lowerWord.length <= to; i++) {
            for (int j = 0; j < lowerWord.length; j++) {
                int b = src[i + j];
                if (b >= 'A' && b <= 'Z') {
                    b |= 0x20;
                }
                if (b != lowerWord[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    private static long parseDecimal(byte[] src, int from, int to) {
        while (to > from && (src[to - 1] == ' ' || src[to - 1] == '\t')) {
            to--;
        }
        if (from == to || to - from > 18) {
            return -1;
        }
        long value = 0;
        for (int i = from; i < to; i++) {
            if (!isDigit(src[i])) {
                return -1;
            }
            value = value * 10 + (src[i] - '0');
        }
        return value;
    }

    /** Index of {@code b} in {@code bytes[off, off + length)}, relative to {@code off}; -1 if absent. */
    private static int indexOf(byte[] bytes, int off, int length, byte b) {
        for (int i = 0; i < length; i++) {
            if (bytes[off + i] == b) {
                return i;
            }
        }
        return -1;
    }

    private static boolean isDigit(byte b) {
        return b >= '0' && b <= '9';
    }

    private static byte[] bytes(String ascii) {
        return ascii.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }
}
