package dev.fairbench.profile;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts PostgreSQL frontend/backend protocol v3 messages of one connection: Parse ('P'), Execute ('E') and simple
 * Query ('Q') from the client, ReadyForQuery ('Z') from the server, and client bursts. Startup, SSL/GSSAPI
 * negotiation and authentication are followed but not counted: counting starts at the first ReadyForQuery.
 *
 * <p>A burst here is an exchange the client opened while it had nothing in flight: it starts with a client message
 * sent when every Sync or Query sent so far has had its ReadyForQuery, and lasts until that is true again. A
 * pipelining client that writes its statements in several writes, while the server already answers the first
 * (ParseComplete, rows), stays in one burst; a client that waits for each ReadyForQuery opens one burst per query.
 */
final class PgWireCounter implements WireCounter {
    private static final int SSL_REQUEST_CODE = 80877103;
    private static final int GSSENC_REQUEST_CODE = 80877104;

    private final WireTally tally;
    private final MessageFramer client = new MessageFramer(false);
    private final MessageFramer server = new MessageFramer(true);
    /** Sync and simple Query messages sent minus ReadyForQuery received; written by both directions. */
    private final AtomicInteger syncsInFlight = new AtomicInteger();
    /** True from the first message of a burst until nothing is in flight again. */
    private volatile boolean inBurst;
    private volatile boolean ready;
    /** Set by the client side after an SSL or GSSAPI request: the server answers with one bare byte. */
    private volatile boolean serverSendsOneByte;

    PgWireCounter(WireTally tally) {
        this.tally = tally;
    }

    @Override
    public void fromClient(ByteBuffer chunk) {
        client.feed(chunk, this::clientMessage);
    }

    @Override
    public void fromServer(ByteBuffer chunk) {
        ByteBuffer view = chunk.duplicate();
        if (serverSendsOneByte && view.hasRemaining()) {
            serverSendsOneByte = false;
            view.get();
        }
        server.feed(view, this::serverMessage);
    }

    private void clientMessage(byte type, int startupCode) {
        if (type == 0) {
            if (startupCode == SSL_REQUEST_CODE || startupCode == GSSENC_REQUEST_CODE) {
                serverSendsOneByte = true;
                client.expectStartup();
            }
            return;
        }
        if (!ready) return;
        if (!inBurst) {
            inBurst = true;
            tally.clientBursts.increment();
        }
        switch (type) {
            case 'P' -> tally.parses.increment();
            case 'E' -> tally.queries.increment();
            case 'Q' -> {
                tally.queries.increment();
                syncsInFlight.incrementAndGet();
            }
            case 'S' -> syncsInFlight.incrementAndGet();
            default -> { }
        }
    }

    private void serverMessage(byte type, int ignored) {
        if (type != 'Z') return;
        if (!ready) {
            ready = true;
            return;
        }
        tally.readyForQuery.increment();
        if (syncsInFlight.decrementAndGet() <= 0) {
            syncsInFlight.set(0);
            inBurst = false;
        }
    }

    /**
     * Splits a byte stream into v3 messages: a type byte and an int32 length that counts itself; the client's first
     * message (and the one after an SSL/GSSAPI request) has no type byte. Single-threaded per instance.
     */
    static final class MessageFramer {
        interface Sink {
            /** type 0 = a startup-phase message whose first int32 after the length is {@code startupCode}. */
            void message(byte type, int startupCode);
        }

        private boolean startup;
        private final byte[] header = new byte[8];
        private int headerFilled;
        private long bodyRemaining;

        MessageFramer(boolean serverSide) {
            this.startup = !serverSide;
        }

        void expectStartup() {
            startup = true;
        }

        void feed(ByteBuffer chunk, Sink sink) {
            ByteBuffer in = chunk.duplicate();
            while (in.hasRemaining()) {
                if (bodyRemaining > 0) {
                    int skip = (int) Math.min(bodyRemaining, in.remaining());
                    in.position(in.position() + skip);
                    bodyRemaining -= skip;
                    continue;
                }
                int headerSize = startup ? 8 : 5;
                while (headerFilled < headerSize && in.hasRemaining()) header[headerFilled++] = in.get();
                if (headerFilled < headerSize) return;
                headerFilled = 0;
                if (startup) {
                    startup = false;
                    int length = readInt(0);
                    bodyRemaining = length - 8L;
                    sink.message((byte) 0, readInt(4));
                } else {
                    int length = readInt(1);
                    bodyRemaining = length - 4L;
                    sink.message(header[0], 0);
                }
            }
        }

        private int readInt(int at) {
            return ((header[at] & 0xFF) << 24) | ((header[at + 1] & 0xFF) << 16)
                    | ((header[at + 2] & 0xFF) << 8) | (header[at + 3] & 0xFF);
        }
    }
}
