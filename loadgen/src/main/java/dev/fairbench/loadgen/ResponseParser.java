package dev.fairbench.loadgen;

import java.nio.ByteBuffer;

/**
 * Incremental HTTP/1.1 response parser for one connection: status line, {@code Content-Length}, chunked transfer
 * coding (extensions and trailers skipped), {@code Connection: close}, HTTP/1.0 keep-alive, bodiless statuses
 * (1xx, 204, 304, responses to HEAD) and bodies delimited by the end of the connection. Bodies are skipped, not
 * copied; only header lines are buffered, so bytes can arrive split anywhere. Allocation-free after construction.
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
     * Consumes bytes {@code [position, limit)} of {@code buffer} (absolute indexes; the buffer's own position is not
     * used) until one response is complete or the bytes run out.
     *
     * @return the index after the last consumed byte, or {@link #ERROR}; if {@link #complete()} is true a
     *         response ended there
     */
    int parse(ByteBuffer buffer, int position, int limit) {
        complete = false;
        int i = position;
        while (i < limit) {
            switch (state) {
                case STATUS_LINE, HEADER_LINE, TRAILER_LINE -> {
                    int end = i;
                    while (end < limit && buffer.get(end) != '\n') {
                        end++;
                    }
                    int n = end - i;
                    if (lineLength + n > MAX_LINE_BYTES) {
                        return fail("header line longer than " + MAX_LINE_BYTES + " bytes");
                    }
                    buffer.get(i, line, lineLength, n);
                    lineLength += n;
                    if (end == limit) {
                        return limit;
                    }
                    i = end + 1;
                    int len = lineLength > 0 && line[lineLength - 1] == '\r' ? lineLength - 1 : lineLength;
                    lineLength = 0;
                    if (!lineComplete(len)) {
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
                    byte b = buffer.get(i++);
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
                    byte b = buffer.get(i++);
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

    private boolean lineComplete(int len) {
        switch (state) {
            case STATUS_LINE -> {
                if (len == 0) {
                    return true; // tolerate a stray empty line between responses
                }
                if (len < 12 || line[0] != 'H' || line[1] != 'T' || line[2] != 'T' || line[3] != 'P'
                        || line[4] != '/' || line[5] != '1' || line[6] != '.' || line[8] != ' '
                        || !isDigit(line[9]) || !isDigit(line[10]) || !isDigit(line[11])
                        || (len > 12 && line[12] != ' ')) {
                    fail("malformed status line");
                    return false;
                }
                status = (line[9] - '0') * 100 + (line[10] - '0') * 10 + (line[11] - '0');
                if (status < 100 || status > 599) {
                    fail("status " + status + " out of range");
                    return false;
                }
                http10 = line[7] == '0';
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
                int colon = indexOf(line, len, (byte) ':');
                if (colon <= 0) {
                    fail("malformed header line");
                    return false;
                }
                int valueStart = colon + 1;
                while (valueStart < len && (line[valueStart] == ' ' || line[valueStart] == '\t')) {
                    valueStart++;
                }
                if (nameIs(CONTENT_LENGTH, colon)) {
                    long value = parseDecimal(valueStart, len);
                    if (value < 0 || (contentLength >= 0 && contentLength != value)) {
                        fail("invalid Content-Length");
                        return false;
                    }
                    contentLength = value;
                } else if (nameIs(TRANSFER_ENCODING, colon)) {
                    chunked |= containsIgnoreCase(valueStart, len, CHUNKED);
                } else if (nameIs(CONNECTION, colon)) {
                    closeAfter |= containsIgnoreCase(valueStart, len, CLOSE);
                    keepAlive |= containsIgnoreCase(valueStart, len, KEEP_ALIVE);
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

    private boolean nameIs(byte[] lowerName, int nameLength) {
        if (nameLength != lowerName.length) {
            return false;
        }
        for (int i = 0; i < nameLength; i++) {
            if ((line[i] | 0x20) != lowerName[i]) {
                return false;
            }
        }
        return true;
    }

    private boolean containsIgnoreCase(int from, int to, byte[] lowerWord) {
        outer:
        for (int i = from; i + lowerWord.length <= to; i++) {
            for (int j = 0; j < lowerWord.length; j++) {
                int b = line[i + j];
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

    private long parseDecimal(int from, int to) {
        while (to > from && (line[to - 1] == ' ' || line[to - 1] == '\t')) {
            to--;
        }
        if (from == to || to - from > 18) {
            return -1;
        }
        long value = 0;
        for (int i = from; i < to; i++) {
            if (!isDigit(line[i])) {
                return -1;
            }
            value = value * 10 + (line[i] - '0');
        }
        return value;
    }

    private static int indexOf(byte[] bytes, int length, byte b) {
        for (int i = 0; i < length; i++) {
            if (bytes[i] == b) {
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
