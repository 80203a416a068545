package dev.fairbench.workload.conformance;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Loopback test server on an ephemeral port: for each connection it reads one request head (and not a byte more)
 * and then hands the output to a {@link Behaviour}, which may write forever or stall; or it hands the whole
 * connection to a {@link Conversation}. {@link #close()} ends it all. Thread-safe.
 */
final class HostileServer implements AutoCloseable {
    /** What the server writes once it has read a request head. */
    interface Behaviour {
        void answer(OutputStream out) throws IOException, InterruptedException;
    }

    /** What the server does with a connection from its first byte on. */
    interface Conversation {
        void talk(InputStream in, OutputStream out) throws IOException, InterruptedException;
    }

    private final ServerSocket server = new ServerSocket();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final Conversation conversation;
    private final boolean resetAtEnd;

    HostileServer(Behaviour behaviour) throws IOException {
        this(0, behaviour);
    }

    /**
     * @param receiveBufferBytes the accepted sockets' receive buffer in bytes (small: a client's writes block soon
     *                           once the behaviour stops reading), or 0 for the system's default
     */
    HostileServer(int receiveBufferBytes, Behaviour behaviour) throws IOException {
        this(receiveBufferBytes, (in, out) -> {
            readHead(in);
            behaviour.answer(out);
        }, false);
    }

    /** A server that hands each connection, unread, to {@code conversation}. */
    static HostileServer talking(Conversation conversation) throws IOException {
        return new HostileServer(0, conversation, false);
    }

    /**
     * As {@link #talking}, but each connection ends with a reset instead of a FIN (SO_LINGER 0), as a server does
     * that closes a connection with unread bytes (Go's net/http among them; Java's sockets send a FIN first).
     */
    static HostileServer talkingThenResetting(Conversation conversation) throws IOException {
        return new HostileServer(0, conversation, true);
    }

    private HostileServer(int receiveBufferBytes, Conversation conversation, boolean resetAtEnd) throws IOException {
        this.conversation = conversation;
        this.resetAtEnd = resetAtEnd;
        if (receiveBufferBytes > 0) server.setReceiveBufferSize(receiveBufferBytes);
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        Thread acceptor = new Thread(this::accept, "hostile-acceptor");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    int port() {
        return server.getLocalPort();
    }

    private void accept() {
        try {
            while (true) {
                Socket s = server.accept();
                sockets.add(s);
                Thread t = new Thread(() -> serve(s), "hostile-conn");
                t.setDaemon(true);
                t.start();
            }
        } catch (IOException closed) {
            // server closed
        }
    }

    private void serve(Socket s) {
        try (s; InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
            conversation.talk(in, out);
            if (resetAtEnd) s.setSoLinger(true, 0);
        } catch (IOException | InterruptedException e) {
            // the client gave up, or the server was closed
        }
    }

    /** Reads up to the blank line that ends a request head. */
    private static void readHead(InputStream in) throws IOException {
        int matched = 0;
        byte[] end = {'\r', '\n', '\r', '\n'};
        int b;
        while (matched < 4 && (b = in.read()) >= 0) {
            matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Socket s : sockets) {
            s.close();
        }
    }
}
