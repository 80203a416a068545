package dev.fairbench.apps.vertx;

import io.netty.handler.flush.FlushConsolidationHandler;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.internal.net.NetSocketInternal;
import io.vertx.core.net.NetClient;
import io.vertx.core.net.NetClientOptions;
import io.vertx.core.net.NetSocket;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.List;

/**
 * The one Redis connection of a verticle, speaking just the two commands of the page cache (contract section 4.3):
 * {@code GET key} and {@code SET key value EX ttl}, pipelined, their replies matched to requests in order.
 *
 * <p>Why not vertx-redis-client: a hit is a bulk reply that has to reach the HTTP socket as is. The client copies
 * it out of its read buffer into a new {@code byte[]} and wraps it in a generic reply object, and encodes each
 * command from a list of arguments. Here a hit is a {@link Buffer#slice slice} of the bytes Vert.x read from the
 * socket (no copy, no allocation but the slice) that the caller writes once; a command is one buffer written once,
 * and the commands written while the event loop handles one batch of I/O events are flushed together after it
 * (Netty's {@link FlushConsolidationHandler}), so that Redis reads them, and answers them, in one go.
 * Nothing is kept after the reply has been handed over: the app holds no page in its own memory.
 *
 * <p>When the connection ends (Redis stopped) every pending command fails, the connection is dropped and reopened
 * in the background; meanwhile {@link #up()} is {@code false} and cached pages answer 503.
 *
 * <p>Confined to the verticle's event loop: not thread-safe, and needs none.
 */
final class RedisLink {
    private static final byte[] GET = ascii("*2\r\n$3\r\nGET\r\n$");
    private static final byte[] SET = ascii("*5\r\n$3\r\nSET\r\n$");
    private static final byte[] CRLF = ascii("\r\n");
    private static final byte[] EX = ascii("$2\r\nEX\r\n$");

    private final Vertx vertx;
    private final NetClient client;
    private final String host;
    private final int port;
    /** {@code AUTH [user] password}, written first on every new connection, or {@code null} without a password. */
    private final Buffer auth;
    /** Replies still to come, in the order their commands were written. */
    private final ArrayDeque<Promise<Buffer>> pending = new ArrayDeque<>();
    private NetSocket socket;
    /** Bytes received and not yet parsed: a reply that spans reads; {@code null} when none. */
    private Buffer partial;
    private boolean closed;

    /**
     * @param redisUrl {@code redis://[[user]:password@]host:port}, database 0 (contract section 1); with a password
     *                 every connection starts with {@code AUTH}
     */
    RedisLink(Vertx vertx, String redisUrl) {
        URI uri = URI.create(redisUrl);
        this.vertx = vertx;
        this.host = uri.getHost();
        this.port = uri.getPort() < 0 ? 6379 : uri.getPort();
        this.auth = auth(uri.getRawUserInfo());
        this.client = vertx.createNetClient(new NetClientOptions().setTcpNoDelay(true));
    }

    /** Opens the connection; completes (successfully) once it has been tried once, up or not. */
    Future<Void> start() {
        return connect().otherwiseEmpty().mapEmpty();
    }

    /** Whether the connection is open; commands sent while it is not fail at once. */
    boolean up() {
        return socket != null;
    }

    /** {@code GET key}: the value, a slice of the bytes read (the caller writes it and keeps it no longer), or {@code null}. */
    Future<Buffer> get(byte[] key) {
        Buffer command = Buffer.buffer(GET.length + key.length + 16)
                .appendBytes(GET).appendString(Integer.toString(key.length)).appendBytes(CRLF)
                .appendBytes(key).appendBytes(CRLF);
        return send(command);
    }

    /** {@code SET key value EX seconds}; completes when Redis has answered {@code +OK}. */
    Future<Buffer> set(byte[] key, Buffer value, int seconds) {
        String ttl = Integer.toString(seconds);
        Buffer command = Buffer.buffer(SET.length + key.length + value.length() + 48)
                .appendBytes(SET).appendString(Integer.toString(key.length)).appendBytes(CRLF)
                .appendBytes(key).appendBytes(CRLF)
                .appendByte((byte) '$').appendString(Integer.toString(value.length())).appendBytes(CRLF)
                .appendBuffer(value).appendBytes(CRLF)
                .appendBytes(EX).appendString(Integer.toString(ttl.length())).appendBytes(CRLF)
                .appendString(ttl).appendBytes(CRLF);
        return send(command);
    }

    void close() {
        closed = true;
        if (socket != null) socket.close();
        lost(socket);
        client.close();
    }

    private Future<Buffer> send(Buffer command) {
        if (socket == null) return Future.failedFuture("Redis unavailable");
        Promise<Buffer> reply = Promise.promise();
        pending.add(reply);
        socket.write(command);
        return reply.future();
    }

    private Future<NetSocket> connect() {
        return client.connect(port, host)
                .onSuccess(s -> {
                    if (closed) {
                        s.close();
                        return;
                    }
                    socket = s;
                    // The GETs of the requests an event loop reads in one wake-up leave in one write, flushed once
                    // that batch is done, not one write (and one Redis read and reply write) per command: measured,
                    // app CPU per cached page -25% and Redis's -68% (docs/benchmarks.md §5, "Redis writes").
                    ((NetSocketInternal) s).channelHandlerContext().pipeline().addFirst(new FlushConsolidationHandler(
                            FlushConsolidationHandler.DEFAULT_EXPLICIT_FLUSH_AFTER_FLUSHES, true));
                    s.handler(this::received);
                    s.closeHandler(v -> lost(s));
                    s.exceptionHandler(e -> s.close());
                    if (auth != null) {
                        // Redis answers in order: commands pipelined behind AUTH run once it succeeded.
                        Promise<Buffer> authenticated = Promise.promise();
                        pending.add(authenticated);
                        s.write(auth);
                        authenticated.future().onFailure(e -> s.close());
                    }
                })
                .onFailure(e -> retryLater());
    }

    /** Parses every complete reply in the bytes read so far and completes its command, in order. */
    private void received(Buffer chunk) {
        Buffer in = partial == null ? chunk : partial.appendBuffer(chunk);
        int at = 0;
        int end = in.length();
        while (at < end) {
            int lineEnd = lineEnd(in, at, end);
            if (lineEnd < 0) break;
            byte type = in.getByte(at);
            int next = lineEnd + 2;
            if (type == '$') {
                int length = parseInt(in, at + 1, lineEnd);
                if (length < 0) {
                    complete(null);
                } else {
                    if (end - next < length + 2) break;
                    complete(in.slice(next, next + length));
                    next += length + 2;
                }
            } else if (type == '+') {
                complete(Buffer.buffer(0));
            } else {
                fail(in.getString(at, lineEnd, "UTF-8"));
            }
            at = next;
        }
        // A reply cut by the read: keep its bytes, once, in a buffer of its own.
        partial = at == end ? null : Buffer.buffer(end - at).appendBuffer(in, at, end - at);
    }

    private void complete(Buffer value) {
        Promise<Buffer> reply = pending.poll();
        if (reply != null) reply.complete(value);
    }

    private void fail(String why) {
        Promise<Buffer> reply = pending.poll();
        if (reply != null) reply.fail(why);
    }

    private void lost(NetSocket s) {
        if (s == null || socket != s) return;
        socket = null;
        partial = null;
        Promise<Buffer> reply;
        while ((reply = pending.poll()) != null) reply.fail("Redis connection lost");
        retryLater();
    }

    private void retryLater() {
        if (!closed) vertx.setTimer(PgConnections.RECONNECT_DELAY_MILLIS, id -> connect());
    }

    /** The RESP {@code AUTH} command of a URL's user info ({@code :password} or {@code user:password}), or null. */
    static Buffer auth(String rawUserInfo) {
        if (rawUserInfo == null || rawUserInfo.isEmpty()) return null;
        int colon = rawUserInfo.indexOf(':');
        String user = colon < 0 ? "" : URLDecoder.decode(rawUserInfo.substring(0, colon), StandardCharsets.UTF_8);
        String password = URLDecoder.decode(colon < 0 ? rawUserInfo : rawUserInfo.substring(colon + 1),
                StandardCharsets.UTF_8);
        if (password.isEmpty()) return null;
        List<String> args = user.isEmpty() ? List.of("AUTH", password) : List.of("AUTH", user, password);
        Buffer command = Buffer.buffer().appendString("*" + args.size() + "\r\n");
        for (String arg : args) {
            byte[] bytes = arg.getBytes(StandardCharsets.UTF_8);
            command.appendString("$" + bytes.length + "\r\n").appendBytes(bytes).appendBytes(CRLF);
        }
        return command;
    }

    /** Index of the {@code \r} of the line starting at {@code from}, or -1 when it has not all arrived. */
    private static int lineEnd(Buffer in, int from, int end) {
        for (int i = from; i < end - 1; i++) {
            if (in.getByte(i) == '\r' && in.getByte(i + 1) == '\n') return i;
        }
        return -1;
    }

    private static int parseInt(Buffer in, int from, int to) {
        boolean negative = in.getByte(from) == '-';
        int value = 0;
        for (int i = negative ? from + 1 : from; i < to; i++) value = value * 10 + (in.getByte(i) - '0');
        return negative ? -value : value;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
