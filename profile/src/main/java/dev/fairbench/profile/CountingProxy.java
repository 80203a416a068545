package dev.fairbench.profile;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A transparent TCP proxy on 127.0.0.1 that forwards every byte unchanged between clients and one upstream server
 * and counts protocol messages on the way ({@link #postgres} or {@link #redis}). The profiler points an app at
 * {@link #port()} instead of the real server. Blocking sockets on virtual threads, two per connection.
 * Thread-safe; {@link #close()} closes the listener and every proxied connection.
 */
public final class CountingProxy implements AutoCloseable {
    private static final int BUFFER_BYTES = 64 * 1024;

    private final ServerSocket listener;
    private final InetSocketAddress upstream;
    private final Function<WireTally, WireCounter> counterFactory;
    private final WireTally tally = new WireTally();
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final Thread acceptor;

    private CountingProxy(InetSocketAddress upstream, Function<WireTally, WireCounter> counterFactory)
            throws IOException {
        this.upstream = upstream;
        this.counterFactory = counterFactory;
        this.listener = new ServerSocket(0, 512, InetAddress.getLoopbackAddress());
        this.acceptor = Thread.ofVirtual().name("proxy-accept-" + listener.getLocalPort()).start(this::acceptLoop);
    }

    /** A proxy in front of PostgreSQL at {@code host:port}, counting protocol v3 messages. */
    public static CountingProxy postgres(String host, int port) throws IOException {
        return new CountingProxy(new InetSocketAddress(host, port), PgWireCounter::new);
    }

    /** A proxy in front of Redis at {@code host:port}, counting RESP commands. */
    public static CountingProxy redis(String host, int port) throws IOException {
        return new CountingProxy(new InetSocketAddress(host, port), RedisWireCounter::new);
    }

    public int port() {
        return listener.getLocalPort();
    }

    /** Totals since the proxy started; subtract an earlier snapshot for a window. */
    public WireCounts counts() {
        return tally.snapshot();
    }

    private void acceptLoop() {
        while (!listener.isClosed()) {
            Socket client;
            try {
                client = listener.accept();
            } catch (IOException e) {
                return;
            }
            tally.connections.increment();
            Thread.ofVirtual().start(() -> serve(client));
        }
    }

    private void serve(Socket client) {
        Socket server = new Socket();
        open.add(client);
        open.add(server);
        try {
            client.setTcpNoDelay(true);
            server.setTcpNoDelay(true);
            server.connect(upstream, 5_000);
            WireCounter counter = counterFactory.apply(tally);
            Thread upstreamPump = Thread.ofVirtual().start(() ->
                    pump(client, server, counter::fromClient, tally.clientBytes::add));
            pump(server, client, counter::fromServer, tally.serverBytes::add);
            upstreamPump.join();
        } catch (IOException | InterruptedException e) {
            // the peer went away: both sockets are closed below
        } finally {
            closeQuietly(client);
            closeQuietly(server);
            open.remove(client);
            open.remove(server);
        }
    }

    private static void pump(Socket from, Socket to, Consumer<ByteBuffer> counter,
                             java.util.function.LongConsumer byteCount) {
        byte[] buffer = new byte[BUFFER_BYTES];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            int n;
            while ((n = in.read(buffer)) > 0) {
                counter.accept(ByteBuffer.wrap(buffer, 0, n));
                byteCount.accept(n);
                out.write(buffer, 0, n);
                out.flush();
            }
        } catch (IOException e) {
            // connection closed by one side: closing both ends tells the other side
        } finally {
            closeQuietly(from);
            closeQuietly(to);
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    @Override
    public void close() {
        closeQuietly(listener);
        open.forEach(CountingProxy::closeQuietly);
        acceptor.interrupt();
    }

    private static void closeQuietly(ServerSocket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // already closed
        }
    }
}
