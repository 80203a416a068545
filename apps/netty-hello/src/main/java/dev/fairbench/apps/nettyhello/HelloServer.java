package dev.fairbench.apps.nettyhello;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.util.NetUtil;
import io.netty.util.concurrent.DefaultThreadFactory;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The Netty hello server: one group of {@code WORKERS} event loops that both accept and serve (the listening socket
 * lives on one of them), each connection a pipeline of {@code HttpServerCodec}, {@link HeadDeadline} and
 * {@link HelloHandler}, TCP_NODELAY on, listening on {@code HOST} only (default {@value #DEFAULT_HOST}). Native
 * epoll when Netty can load it, else NIO; {@link #transport()} says which and {@link #serve} prints it. A clock on
 * one event loop re-dates the {@link CannedResponses} every second. Thread-safe; {@link #close} stops the loops and
 * waits for them.
 */
public final class HelloServer implements AutoCloseable {
    /** {@code HOST} when unset. */
    public static final String DEFAULT_HOST = "127.0.0.1";
    /** {@code PORT} when unset. */
    public static final int DEFAULT_PORT = 8080;

    /** The I/O transport in use. */
    public enum Transport { EPOLL, NIO }

    private final EventLoopGroup loops;
    private final Channel listener;
    private final Transport transport;

    private HelloServer(EventLoopGroup loops, Channel listener, Transport transport) {
        this.loops = loops;
        this.listener = listener;
        this.transport = transport;
    }

    /**
     * What {@code main} does: starts on {@code HOST} (an IP literal, default {@value #DEFAULT_HOST}) and
     * {@code PORT} (default {@value #DEFAULT_PORT}) with {@code WORKERS} event loops (default: the CPUs this JVM
     * sees) and prints the address, the loops and the transport (with why, for NIO).
     *
     * @throws IllegalArgumentException naming the variable that is not an IP literal, not a number or out of range
     */
    public static HelloServer serve(Map<String, String> env) throws InterruptedException {
        String host = env.get("HOST");
        host = host == null || host.isBlank() ? DEFAULT_HOST : host.trim();
        int port = number(env, "PORT", DEFAULT_PORT);
        int workers = number(env, "WORKERS", Runtime.getRuntime().availableProcessors());
        HelloServer server = start(host, port, workers);
        System.out.println("netty-hello listening on " + host + ":" + server.port() + " with " + workers
                + " event loop(s), transport " + (server.transport == Transport.EPOLL ? "epoll"
                : "nio (epoll unavailable: " + Epoll.unavailabilityCause() + ")"));
        return server;
    }

    /** As {@link #start(String, int, int)} on {@value #DEFAULT_HOST}. */
    public static HelloServer start(int port, int eventLoops) throws InterruptedException {
        return start(DEFAULT_HOST, port, eventLoops);
    }

    /**
     * Starts listening on {@code host}:{@code port} only ({@code host} an IP literal; port 0: any free port, see
     * {@link #port()}) with {@code eventLoops} event loops; returns once the socket is bound.
     */
    public static HelloServer start(String host, int port, int eventLoops) throws InterruptedException {
        InetAddress address = NetUtil.createInetAddressFromIpAddressString(host);
        if (address == null) {
            throw new IllegalArgumentException(
                    "HOST must be an IP literal such as 127.0.0.1 or ::1, not a name: " + host);
        }
        if (port < 0 || port > 65_535) throw new IllegalArgumentException("PORT out of range: " + port);
        if (eventLoops < 1) throw new IllegalArgumentException("WORKERS must be at least 1: " + eventLoops);
        boolean epoll = Epoll.isAvailable();
        IoHandlerFactory io = epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
        Class<? extends ServerChannel> channel = epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
        EventLoopGroup loops = new MultiThreadIoEventLoopGroup(eventLoops, new DefaultThreadFactory("netty-hello"), io);
        try {
            CannedResponses responses = new CannedResponses();
            long toNextSecond = 1000 - System.currentTimeMillis() % 1000;
            loops.next().scheduleAtFixedRate(() -> responses.date(System.currentTimeMillis()), toNextSecond, 1000,
                    TimeUnit.MILLISECONDS);
            HelloHandler handler = new HelloHandler(responses);
            Channel listener = new ServerBootstrap()
                    .group(loops)
                    .channel(channel)
                    .option(ChannelOption.SO_REUSEADDR, true)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            ch.pipeline().addLast(new HttpServerCodec(), new HeadDeadline(), handler);
                        }
                    })
                    .bind(new InetSocketAddress(address, port)).sync().channel();
            return new HelloServer(loops, listener, epoll ? Transport.EPOLL : Transport.NIO);
        } catch (Throwable e) { // a bind failure arrives as a sneaky-thrown BindException
            loops.shutdownGracefully(0, 0, TimeUnit.SECONDS);
            throw e;
        }
    }

    /** The port it listens on. */
    public int port() {
        return ((InetSocketAddress) listener.localAddress()).getPort();
    }

    public Transport transport() {
        return transport;
    }

    /** Closes the listening socket and every connection, and waits (at most 10 s) for the loops to end. */
    @Override
    public void close() throws InterruptedException {
        listener.close().sync();
        loops.shutdownGracefully(0, 1, TimeUnit.SECONDS).await(10, TimeUnit.SECONDS);
    }

    private static int number(Map<String, String> env, String name, int fallback) {
        String value = env.get(name);
        if (value == null || value.isBlank()) return fallback;
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " is not a number: " + value, e);
        }
    }
}
