package dev.fairbench.profile;

import java.nio.ByteBuffer;

/**
 * Counts Redis commands (RESP arrays, or inline commands) a client sends, and its bursts. Replies are not parsed:
 * only their arrival matters, for bursts.
 */
final class RedisWireCounter implements WireCounter {
    private final WireTally tally;
    private final BurstTracker bursts;
    private final StringBuilder line = new StringBuilder(32);
    /** Bulk-string bytes (plus CRLF) still to skip. */
    private long skip;
    /** Elements of the current command array still to read. */
    private long elementsLeft;

    RedisWireCounter(WireTally tally) {
        this.tally = tally;
        this.bursts = new BurstTracker(tally.clientBursts);
    }

    @Override
    public void fromClient(ByteBuffer chunk) {
        bursts.clientSent();
        ByteBuffer in = chunk.duplicate();
        while (in.hasRemaining()) {
            if (skip > 0) {
                int n = (int) Math.min(skip, in.remaining());
                in.position(in.position() + n);
                skip -= n;
                continue;
            }
            byte b = in.get();
            if (b != '\n') {
                if (b != '\r') line.append((char) b);
                continue;
            }
            onLine(line.toString());
            line.setLength(0);
        }
    }

    private void onLine(String text) {
        if (elementsLeft > 0) {
            if (text.startsWith("$")) {
                long length = Long.parseLong(text.substring(1));
                skip = length < 0 ? 0 : length + 2;
            }
            elementsLeft--;
            return;
        }
        if (text.startsWith("*")) {
            elementsLeft = Long.parseLong(text.substring(1));
            tally.queries.increment();
        } else if (!text.isBlank()) {
            tally.queries.increment();
        }
    }

    @Override
    public void fromServer(ByteBuffer chunk) {
        bursts.serverSent();
    }
}
