package dev.fairbench.loadgen;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A fast NIO hello server for tests and for the wrk comparison: answers every {@code GET} (requests without a
 * body) with the same 13-byte {@code Hello, World!} response, keep-alive, TCP_NODELAY, one selector thread per
 * worker plus one acceptor. Counts how many complete requests each read carried (to check pipelining).
 * Run as a process: {@code java ... dev.fairbench.loadgen.HelloServer PORT WORKERS}.
 */
final class HelloServer implements AutoCloseable {
    static final byte[] RESPONSE = ("HTTP/1.1 200 OK\r\nContent-Length: 13\r\nContent-Type: text/plain\r\n\r\n"
            + "Hello, World!").getBytes(StandardCharsets.US_ASCII);

    private final ServerSocketChannel server;
    private final List<Thread> threads = new ArrayList<>();
    private final List<Loop> loops = new ArrayList<>();
    private final AtomicLong requests = new AtomicLong();
    /** Requests per read → number of reads that carried that many. */
    private final Map<Integer, AtomicLong> requestsPerRead = new ConcurrentHashMap<>();
    private volatile boolean closed;

    HelloServer(int port, int workers) throws IOException {
        server = ServerSocketChannel.open();
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1024);
        for (int i = 0; i < workers; i++) {
            Loop loop = new Loop();
            loops.add(loop);
            threads.add(new Thread(loop, "hello-worker-" + i));
        }
        threads.add(new Thread(this::accept, "hello-acceptor"));
        threads.forEach(t -> {
            t.setDaemon(true);
            t.start();
        });
    }

    int port() {
        return ((InetSocketAddress) server.socket().getLocalSocketAddress()).getPort();
    }

    long requests() {
        return requests.get();
    }

    /** Copy of: requests per read → reads. */
    Map<Integer, Long> requestsPerRead() {
        Map<Integer, Long> copy = new java.util.TreeMap<>();
        requestsPerRead.forEach((k, v) -> copy.put(k, v.get()));
        return copy;
    }

    private void accept() {
        int next = 0;
        while (!closed) {
            try {
                SocketChannel channel = server.accept();
                channel.configureBlocking(false);
                channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
                Loop loop = loops.get(next++ % loops.size());
                loop.pending.add(channel);
                loop.selector.wakeup();
            } catch (IOException e) {
                return;
            }
        }
    }

    @Override
    public void close() throws IOException {
        closed = true;
        server.close();
        for (Loop loop : loops) {
            loop.selector.wakeup();
        }
        for (Thread thread : threads) {
            try {
                thread.join(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Per-connection parse state: how many bytes of "\r\n\r\n" matched so far, and unsent output. */
    private static final class State {
        int matched;
        ByteBuffer pendingOut;
    }

    private final class Loop implements Runnable {
        final Selector selector;
        final ConcurrentLinkedQueue<SocketChannel> pending = new ConcurrentLinkedQueue<>();
        final ByteBuffer in = ByteBuffer.allocateDirect(64 * 1024);
        ByteBuffer out = ByteBuffer.allocateDirect(RESPONSE.length * 64);

        Loop() throws IOException {
            selector = Selector.open();
        }

        @Override
        public void run() {
            try (selector) {
                while (!closed) {
                    selector.select(this::ready);
                    SocketChannel channel;
                    while ((channel = pending.poll()) != null) {
                        channel.register(selector, SelectionKey.OP_READ, new State());
                    }
                }
                for (SelectionKey key : selector.keys()) {
                    key.channel().close();
                }
            } catch (IOException e) {
                // server shutting down
            }
        }

        private void ready(SelectionKey key) {
            SocketChannel channel = (SocketChannel) key.channel();
            State state = (State) key.attachment();
            try {
                if (key.isWritable()) {
                    channel.write(state.pendingOut);
                    if (!state.pendingOut.hasRemaining()) {
                        state.pendingOut = null;
                        key.interestOps(SelectionKey.OP_READ);
                    }
                    return;
                }
                in.clear();
                int n = channel.read(in);
                if (n < 0) {
                    channel.close();
                    return;
                }
                int count = 0;
                int matched = state.matched;
                for (int i = 0; i < n; i++) {
                    byte b = in.get(i);
                    if (b == (matched % 2 == 0 ? '\r' : '\n')) {
                        if (++matched == 4) {
                            count++;
                            matched = 0;
                        }
                    } else {
                        matched = b == '\r' ? 1 : 0;
                    }
                }
                state.matched = matched;
                if (count == 0) {
                    return;
                }
                requests.addAndGet(count);
                requestsPerRead.computeIfAbsent(count, k -> new AtomicLong()).incrementAndGet();
                if (out.capacity() < count * RESPONSE.length) {
                    out = ByteBuffer.allocateDirect(count * RESPONSE.length * 2);
                }
                out.clear();
                for (int i = 0; i < count; i++) {
                    out.put(RESPONSE);
                }
                out.flip();
                if (state.pendingOut != null) {
                    ByteBuffer merged = ByteBuffer.allocate(state.pendingOut.remaining() + out.remaining());
                    merged.put(state.pendingOut).put(out).flip();
                    state.pendingOut = merged;
                    return;
                }
                channel.write(out);
                if (out.hasRemaining()) {
                    state.pendingOut = ByteBuffer.allocate(out.remaining()).put(out).flip();
                    key.interestOps(SelectionKey.OP_READ | SelectionKey.OP_WRITE);
                }
            } catch (IOException e) {
                try {
                    channel.close();
                } catch (IOException ignored) {
                    // already broken
                }
            }
        }
    }

    public static void main(String[] args) throws Exception {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8080;
        int workers = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        try (HelloServer server = new HelloServer(port, workers)) {
            System.out.println("hello server on 127.0.0.1:" + server.port() + " with " + workers + " workers");
            Thread.currentThread().join();
        }
    }
}
