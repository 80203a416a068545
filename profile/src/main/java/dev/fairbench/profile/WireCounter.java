package dev.fairbench.profile;

import java.nio.ByteBuffer;

/**
 * Follows one proxied connection of a protocol and counts its messages. Both directions are fed as they arrive,
 * in any chunking; implementations keep the parse state across chunks. Each direction is fed from one thread, but
 * the two directions from two threads: implementations keep per-direction state separate and publish counts
 * through the shared {@link WireTally}.
 */
interface WireCounter {
    /** Bytes the client sent; the buffer's position..limit, not consumed. */
    void fromClient(ByteBuffer chunk);

    /** Bytes the server sent; the buffer's position..limit, not consumed. */
    void fromServer(ByteBuffer chunk);
}
